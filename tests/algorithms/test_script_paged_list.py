"""A hash-routed single-page admin whose listing pages by script: SSUP climbs from a row's page
to the listing its route's parent names and pages it through its pager's arrow (an anchor going
nowhere, ``href="#"``), and explore pages the same list with the same pager; both against the
site's own rows. The pager's parts alone: the fragment route's parents, the arrow told from a
disclosure's, an empty class left out of a link's DOM path."""

from __future__ import annotations

import json
from dataclasses import replace

from aiohttp import web

from siteseer.algorithms import explore, ssup
from siteseer.algorithms.scriptpager import pager_next
from siteseer.algorithms.ssup.probes import url_ancestors
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores
from siteseer.render import Snapshot, snapshot_from_html

BIRDS = tuple(
    {"id": n, "name": f"{kind} {n}", "kind": kind}
    for n, kind in enumerate(("heron", "gull", "tern", "wren", "finch") * 5, start=1)
)
SIZE = 6  # rows a page: 25 birds on 5 pages
SEED = 8  # a bird of the second page

# The admin: every route drawn from the rows by the script; the listing's page is app state
# (the arrows are `href="#"` anchors with icons, the page number a box), never in the URL;
# while it redraws, the table's wrapper carries a class the script takes off again after
# (leaving `class=""`), as Vue's transitions do.
APP_JS = r"""
var BIRDS=__BIRDS__,SIZE=__SIZE__,page=1;
function icon(side){return '<svg class="fa-angle-'+side+'" data-icon="angle-'+side+'"></svg>';}
function draw(){
 var app=document.getElementById('app'),route=location.hash.slice(1)||'/',m,h;
 var head='<nav><a href="#/">Birds admin</a> <a href="#/settings/">Settings</a></nav>';
 if(route==='/'){h='<h1>Tables</h1><ul class="tables"><li><a href="#/bird/">bird</a></li></ul>';}
 else if(route==='/settings/'){h='<h1>Settings</h1><p>Nothing to set.</p>';}
 else if(route==='/bird/'){
  var last=Math.ceil(BIRDS.length/SIZE),rows=BIRDS.slice((page-1)*SIZE,page*SIZE);
  h='<h1>bird</h1><p><a href="#" class="toggle">'+icon('right')+' Columns</a></p>'+
   '<div id="wrap"><table><tr><th>id</th><th>name</th><th>kind</th></tr>'+
   rows.map(function(b){return '<tr><td><a href="#/bird/'+b.id+'/">'+b.id+'</a></td><td>'+
    b.name+'</td><td>'+b.kind+'</td></tr>';}).join('')+'</table></div>'+
   '<ul id="pager"><li><a href="#" class="prev'+(page===1?' disabled':'')+'">'+icon('left')+
   '</a></li><li><input type="number" value="'+page+'"> of '+last+'</li><li><a href="#" '+
   'class="next'+(page===last?' disabled':'')+'">'+icon('right')+'</a></li></ul>';}
 else if((m=/^\/bird\/(\d+)\/$/.exec(route))){
  var b=BIRDS[+m[1]-1];h='<h1>'+b.name+'</h1><dl><dt>kind</dt><dd>'+b.kind+'</dd></dl>';}
 else{h='<h1>Not found</h1>';}
 app.innerHTML=head+h;
 var wrap=document.getElementById('wrap');
 if(wrap&&page>1){wrap.className='redrawn';setTimeout(function(){wrap.className='';},0);}
 app.querySelectorAll('#pager a').forEach(function(a){a.addEventListener('click',function(e){
  e.preventDefault();var last=Math.ceil(BIRDS.length/SIZE);
  if(a.classList.contains('next')&&page<last){page++;draw();}
  if(a.classList.contains('prev')&&page>1){page--;draw();}});});
 app.querySelectorAll('a.toggle').forEach(function(a){a.addEventListener('click',
  function(e){e.preventDefault();});});
}
window.addEventListener('hashchange',function(){page=1;draw();});
draw();
"""


class _BirdsAdmin(Site):
    """A single-page admin on a hash router over `BIRDS` (see `APP_JS`): `/` serves the shell
    for every route, `#/` lists the tables, `#/bird/` the rows `SIZE` a page behind arrows,
    `#/bird/<id>/` a row's page, linking only `#/` and `#/settings/`."""

    id = "birds-admin"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path != "/":
            return web.Response(status=404)
        script = APP_JS.replace("__BIRDS__", json.dumps(BIRDS)).replace("__SIZE__", str(SIZE))
        html = (
            "<!doctype html><html><head><title>Birds admin</title></head><body>"
            f'<div id="app"></div><script>{script}</script></body></html>'
        )
        return web.Response(text=html, content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        birds = tuple(f"{base_url}/#/bird/{b['id']}/" for b in BIRDS)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"bird": birds},
            target_type="bird",
            seed_entity=birds[SEED - 1],
            index_levels=((f"{base_url}/#/bird/",),),
        )


async def test_ssup_pages_the_list_its_route_parent_names_by_script() -> None:
    site = _BirdsAdmin()
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        async with Session(SessionConfig(render="always", cache=None)) as session:
            result = await ssup(session, truth.seed_entity, height=1)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    paged = [e for e in result.trace if e.step == "pagination" and e.decision == "in-place"]
    assert [dict(e.values)["pages"] for e in paged] == [5.0]


async def test_explore_pages_the_list_by_the_same_pager() -> None:
    site = _BirdsAdmin()
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        listing = truth.index_levels[0][0]
        async with Session(SessionConfig(render="always", cache=None)) as session:
            result = await explore(session, listing, entity_sample=truth.seed_entity)
    assert set_scores(result.entities, truth.target_entities).recall == 1.0


def test_a_hash_routes_parents_are_its_fragments() -> None:
    assert url_ancestors("http://h/#/bird/8/") == ["http://h/#/bird/", "http://h/"]
    assert url_ancestors("http://h/#!/a/b?x=1") == [
        "http://h/#!/a/b",
        "http://h/#!/a/",
        "http://h/",
    ]
    assert url_ancestors("http://h/app/#/a/b") == ["http://h/app/#/a/", "http://h/app/"]


def _rendered(body: str) -> Snapshot:
    url = "http://h/#/bird/"
    page = snapshot_from_html(url, url, 200, f"<html><body>{body}</body></html>")
    return replace(page, rendered=True)


def test_a_pagers_arrow_going_nowhere_is_its_next_control() -> None:
    arrow = '<svg class="fa-angle-right" data-icon="angle-right"></svg>'
    disclosure = f'<p><a href="#">{arrow} Columns</a></p>'
    pager = '<ul><li><a href="#" class="prev"><svg class="fa-angle-left"></svg></a></li>'
    found = pager_next(_rendered(disclosure + pager + f'<li><a href="#">{arrow}</a></li></ul>'))
    assert found is not None and not found[1]
    assert (
        found[0].selector
        == "html > body > ul:nth-of-type(1) > li:nth-of-type(2) > a:nth-of-type(1)"
    )
    assert pager_next(_rendered(disclosure)) is None  # an arrow beside a name discloses
    shut = pager + f'<li><a href="#" class="disabled">{arrow}</a></li></ul>'
    assert pager_next(_rendered(shut)) == (found[0], True)


def test_an_empty_class_is_no_step_of_a_link_path() -> None:
    html = '<html><body><div{}><a href="/a">a</a></div></body></html>'
    bare = snapshot_from_html("http://h/", "http://h/", 200, html.format(""))
    emptied = snapshot_from_html("http://h/", "http://h/", 200, html.format(' class=" "'))
    assert bare.links[0].path_attrs == emptied.links[0].path_attrs == "html/body/div/a"
