"""The `spa-virtual` site: the `spa` site whose standings draw only the rows in view.

Built on `lab.sites.spa.SpaSite` (same tree, same URLs, same truth); see the class for the case
it exercises.
"""

from __future__ import annotations

import json

from siteseer.lab.sites.entitytree import View
from siteseer.lab.sites.spa import SpaSite
from siteseer.lab.sites.theme import Brand

__all__ = ["VIRTUAL_ROWS_JS", "SpaVirtualSite"]

# After each render: a table whose rows link to driver pages becomes a virtualised list — a
# scroll box `VIEW` rows tall over a spacer as tall as every row, which draws only the rows in
# view (and one more each side) as absolutely placed rows and takes the others out of the
# document as it scrolls, as list libraries for long lists do.
VIRTUAL_ROWS_JS = r"""
(function(){
var ENTITY=/^\/drivers\/[^\/?#]+$/,ROW=36,VIEW=3;
function virtualise(table){
 var body=table.tBodies[0];if(!body)return;
 var rows=[].slice.call(body.rows);
 if(rows.length<=VIEW||!rows.some(function(r){var a=r.querySelector('a[href]');
  return a&&ENTITY.test(a.getAttribute('href'));}))return;
 var cells=rows.map(function(r){return [].slice.call(r.cells).map(function(c){return c.innerHTML;});});
 body.textContent='';
 var box=document.createElement('div');box.className='virtual-rows';
 box.style.cssText='height:'+(ROW*VIEW)+'px;overflow-y:auto;position:relative;border:1px solid #ccc';
 var spacer=document.createElement('div');
 spacer.style.cssText='position:relative;height:'+(ROW*cells.length)+'px';
 box.appendChild(spacer);table.parentNode.insertBefore(box,table.nextSibling);
 var drawn={};
 function draw(){
  var first=Math.max(0,Math.floor(box.scrollTop/ROW)-1);
  var last=Math.min(cells.length-1,Math.ceil((box.scrollTop+box.clientHeight)/ROW));
  Object.keys(drawn).forEach(function(k){if(k<first||k>last){spacer.removeChild(drawn[k]);delete drawn[k];}});
  for(var i=first;i<=last;i++){if(drawn[i])continue;
   var row=document.createElement('div');row.className='vrow';
   row.style.cssText='position:absolute;left:0;right:0;height:'+ROW+'px;top:'+(i*ROW)+'px';
   cells[i].forEach(function(html){var c=document.createElement('span');c.className='vcell';
    c.style.cssText='display:inline-block;min-width:120px';c.innerHTML=html;row.appendChild(c);});
   spacer.appendChild(row);drawn[i]=row;}}
 box.addEventListener('scroll',function(){requestAnimationFrame(draw);});
 draw();
}
var render=window.renderPage;
window.renderPage=function(root,d){render(root,d);
 root.querySelectorAll('table.data').forEach(virtualise);};
})();
"""


class SpaVirtualSite(SpaSite):
    """The spa site whose driver tables draw only the rows in view.

    Every page is the spa's shell, drawn in the browser from the same JSON; then each table
    whose rows link to driver pages (a season's standings, ten drivers a page) becomes a
    virtualised list: its header stays, and its rows are drawn in a scroll box three rows tall
    over a spacer as tall as all of them, only those in view (and one more each side), each
    taken out of the document once it scrolls out. A season page as loaded shows its first four
    drivers; the others exist only while scrolled into view. Truth as `spa`'s.
    """

    id = "spa-virtual"
    description = "The spa site whose standings draw only the rows in view (a virtualised list)."
    brand = Brand("Open Wheel Live", "Results, drivers and seasons — live", "#3f5f8b")

    def render(self, view: View) -> str:
        shell = super().render(view)
        boot = f"<script>window.bootPage({json.dumps(self.API)});</script>"
        return shell.replace(boot, f"<script>{VIRTUAL_ROWS_JS}</script>{boot}", 1)

    def tree_notes(self) -> str:
        return (
            "Virtualised copy of `spa` (same tree, same URLs): once drawn, every table whose "
            "rows link to drivers keeps its header, and its rows are drawn in a scroll box three "
            "rows tall (36 px a row) over a spacer as tall as all of them, only the rows in view "
            "and one more each side; a row scrolled out is taken out of the document. "
            + super().tree_notes()
        )
