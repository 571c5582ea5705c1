"""The `spa-script` site: the `spa` site whose driver lists open their drivers by script.

Built on `lab.sites.spa.SpaSite` (same tree, same URLs, same truth); see the class for the case
it exercises.
"""

from __future__ import annotations

import json

from siteseer.lab.sites.entitytree import View
from siteseer.lab.sites.spa import SpaSite
from siteseer.lab.sites.theme import Brand

__all__ = ["SCRIPT_ITEMS_JS", "SpaScriptSite"]

# After each render: every anchor to a driver page becomes its text, and the item holding it (a
# list item, a table row, a card) opens the driver when clicked — `history.pushState` to the
# driver's address, then the page is drawn again from it — with the driver's key in
# `data-driver`. No element of a list keeps an `href`.
SCRIPT_ITEMS_JS = r"""
(function(){
var ENTITY=/^\/drivers\/([^\/?#]+)$/;
function open(path){history.pushState(null,'',path);draw();}
function convert(root){
 root.querySelectorAll('a[href]').forEach(function(a){
  var m=ENTITY.exec(a.getAttribute('href'));if(!m)return;
  var item=a.closest('li,tr,.card')||a.parentElement,path=m[0];
  var span=document.createElement('span');span.textContent=a.textContent;a.replaceWith(span);
  item.setAttribute('data-driver',m[1]);item.style.cursor='pointer';
  item.addEventListener('click',function(){open(path);});});}
function draw(){var root=document.getElementById('app');root.textContent='';
 fetch(window.spaApi+location.pathname+location.search,{headers:{'Accept':'application/json'}})
  .then(function(r){return r.json();}).then(function(d){window.renderPage(root,d);convert(root);});}
window.addEventListener('popstate',draw);
window.bootPage=function(api){window.spaApi=api;draw();};
})();
"""


class SpaScriptSite(SpaSite):
    """The spa site with its driver links turned into items that open by script.

    Every page is the spa's shell, drawn in the browser from the same JSON; then each anchor to
    a driver page becomes plain text, and the list item, table row or card holding it opens the
    driver on click (`history.pushState` to `/drivers/<key>`, then the page drawn again from
    there), carrying the driver's key in `data-driver`. Season standings, the sidebar's leaders
    and every other list of drivers hold no link to a driver: the entities are reached only by
    clicking, and each is still an address of its own (its shell draws it when loaded).
    """

    id = "spa-script"
    description = "The spa site whose driver lists open their drivers by script (no links)."
    brand = Brand("Open Wheel Live", "Results, drivers and seasons — live", "#2f6b3f")

    def render(self, view: View) -> str:
        shell = super().render(view)
        boot = f"<script>window.bootPage({json.dumps(self.API)});</script>"
        return shell.replace(boot, f"<script>{SCRIPT_ITEMS_JS}</script>{boot}", 1)

    def tree_notes(self) -> str:
        return (
            "Script-opened copy of `spa` (same tree, same URLs): once drawn, every anchor to a "
            "driver page is replaced by its text, and its list item, table row or card opens the "
            "driver on click (history.pushState to /drivers/<key>, data-driver=<key>); no list "
            "holds a link to a driver. " + super().tree_notes()
        )
