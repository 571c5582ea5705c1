"""`explore` on a wiki whose articles sit in sections one path segment deep, against the lab's
truth: the home page links every section in its menu, each section lists its articles (its own
folder: ``/dpkg/`` above ``/dpkg/1_21_1/``); the list linking the sample is one section, and the
others its menu links alike are the rest of the list. A menu of pages that hold no article of
the kind (an about page) adds nothing, nor does a folder of the uploads' files (``/files/``,
each a ``.deb``): its entries are named unlike the articles."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore, find_list_page
from siteseer.algorithms.querycentric.beside import SECTION, beside_attribute, leaf_shape
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

SECTIONS = {
    "dpkg": [f"1_21_{i}" for i in range(12)],
    "apt": ["2_6_0", "2_6_1", "2_7_0"],
    "curl": ["7_88_1", "7_88_2", "8_0_0", "8_1_0"],
}


def _page(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


def _menu() -> str:
    items = "".join(f'<li><a href="/{s}/">{s}</a></li>' for s in SECTIONS)
    more = '<li><a href="/files/">files</a></li><li><a href="/about/">about</a></li>'
    return f"<nav><ul>{items}{more}</ul></nav>"


class _SectionWiki(Site):
    id = "section-wiki"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        segs = [s for s in request.path.split("/") if s]
        if not segs:
            return _page(f"{_menu()}<h1>Uploads</h1><p>One article per upload.</p>")
        if segs == ["files"]:
            files = [f"{s}_{v}.deb" for s, vs in SECTIONS.items() for v in vs]
            items = "".join(f'<li><a href="/files/{f}">{f}</a></li>' for f in files)
            return _page(f'{_menu()}<h1>Files</h1><ul class="list">{items}</ul>')
        if segs == ["about"]:
            return _page(f"{_menu()}<h1>About</h1><p>Who writes it.</p>")
        if segs[0] in SECTIONS and len(segs) == 1:
            items = "".join(
                f'<li><a href="/{segs[0]}/{v}/">{segs[0]} {v}</a></li>' for v in SECTIONS[segs[0]]
            )
            body = f'<div class="article"><h1>{segs[0]}</h1><ul class="list">{items}</ul></div>'
            return _page(_menu() + body)
        if len(segs) == 2 and segs[1] in SECTIONS.get(segs[0], []):
            return _page(f"{_menu()}<h1>{segs[0]} {segs[1]}</h1><pre>Changes.</pre>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/{s}/{v}/" for s, vs in SECTIONS.items() for v in vs)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"upload": urls},
            target_type="upload",
            seed_entity=f"{base_url}/dpkg/1_21_3/",
        )


async def test_the_sections_a_menu_links_beside_the_samples_are_the_rest_of_its_list() -> None:
    async with LabServer([_SectionWiki()]) as server:
        truth = server.truth("section-wiki")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            home = truth.base_url + "/"
            entry = await find_list_page(session, home, truth.seed_entity)
            assert entry.url == truth.base_url + "/dpkg/"  # the section linking the sample
            result = await explore(session, entry.url, entity_sample=truth.seed_entity, hub=home)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
    # each section is a value of one attribute, the sample's own among them
    sections = {tuple(result.entities[u].get(SECTION, ())) for u in truth.target_entities}
    assert sections == {(s,) for s in SECTIONS}


def test_a_section_is_named_so_only_when_it_is_the_folder_of_its_entities() -> None:
    base = "http://wiki.test"
    below = [f"{base}/dpkg/{v}/" for v in SECTIONS["dpkg"]]
    assert beside_attribute(f"{base}/dpkg/", below) == SECTION
    # one entity elsewhere: no folder of them
    assert beside_attribute(f"{base}/dpkg/", [*below, f"{base}/apt/2_6_0/"]) == ""
    # a literal segment every entity shares below it: their folder is a deeper one
    tags = [f"{base}/dpkg/debian/{v}?path=" for v in ("1.21.22", "1.21.21", "1.21.20")]
    assert beside_attribute(f"{base}/dpkg/", tags) == ""
    # an address that names its attribute keeps it
    assert beside_attribute(f"{base}/tags/dpkg/", [f"{base}/posts/a/"]) == "tags"


def test_a_folder_of_files_is_named_unlike_a_folder_of_pages() -> None:
    assert leaf_shape("http://pkg.test/simple/requests/") == (True, "")
    assert leaf_shape("http://pkg.test/packages/Babel-2.14.0-py3-none-any.whl") == (False, "whl")
    # a version's dots name no extension
    assert leaf_shape("http://git.test/dpkg/debian/1.21.22?path=") == (False, "")
