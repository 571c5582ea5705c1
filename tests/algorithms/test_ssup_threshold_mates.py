"""SSUP's threshold minsim_html learned from a best group of one page (algorithms/ssup/levels.py,
threshold.py), against the truth of a small package registry: its index lists packages under
``/pkg/<name>`` and scoped ones under ``/pkg/@<scope>/<name>``, all of one kind; the seed's row
groups with one other package's alone (names of one word), the packages of longer names are
the best group's template mates, and the scoped packages a later group of a template of their
own.

Each page shows its versions, a link each in an element of its own, below a link back to the
index: the seed none, the one page of the best group one, the template mates three, the scoped
packages two. Learned from the best group's page alone, minsim_html (2/3) would prune the
scoped packages (1/2); the mates, of the same kind, show the kind's spread (2/5), and the
scoped packages are kept. Scoped pages of another kind (five links, none back: 1/7) are still
pruned."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import ssup_counting

from siteseer.lab import LabServer, Site, SiteTruth, set_scores

_PLAIN = ("alpha", "alpha-tools")
_MATES = ("bravo", "charlie", "delta-two", "echo", "foxtrot-golf", "hotel")
_SCOPED = ("@types/node", "@types/ms", "@babel/core", "@babel/parser")
_VERSIONS = ("table", "dl", "ol", "blockquote", "aside")
_MENU = '<nav class="menu"><a href="/">Home</a> <a href="/help">Help</a></nav>'


class _RegistrySite(Site):
    """`/` lists every package; `/pkg/<name>` shows its versions (see the module's docstring);
    with `other_kind`, the scoped pages are built otherwise."""

    kind = "entity-tree"
    id = "registry-versions"

    def __init__(self, *, other_kind: bool = False) -> None:
        self.other_kind = other_kind

    @staticmethod
    def _page(title: str, body: str) -> web.Response:
        html = f"<html><head><title>{title}</title></head><body>{_MENU}<h1>{title}</h1>{body}"
        return web.Response(text=html + "</body></html>", content_type="text/html")

    def _index(self) -> web.Response:
        names = (*_PLAIN, *_MATES, *_SCOPED)
        items = "".join(f'<li><a href="/pkg/{n}">{n}</a></li>' for n in names)
        return self._page("packages", f'<ul class="packages">{items}</ul>')

    def _package(self, name: str) -> web.Response:
        shown = 0 if name == _PLAIN[0] else 1 if name in _PLAIN else 3 if name in _MATES else 2
        back = '<p class="crumbs"><a href="/">packages</a></p>'
        if self.other_kind and name in _SCOPED:
            shown, back = len(_VERSIONS), ""
        links = "".join(f'<{t}><a href="/help#{t}">{t}</a></{t}>' for t in _VERSIONS[:shown])
        return self._page(name, f"{back}<article><p>readme</p>{links}</article>")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            return self._index()
        name = path.removeprefix("/pkg/")
        if path.startswith("/pkg/") and name in (*_PLAIN, *_MATES, *_SCOPED):
            return self._package(name)
        if path == "/help":
            return self._page("help", '<p><a href="/">packages</a></p>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}/pkg/{n}" for n in (*_PLAIN, *_MATES, *_SCOPED))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"package": pages},
            target_type="package",
            seed_entity=pages[0],
            seed_path=(f"{base_url}/", pages[0]),
            index_levels=((f"{base_url}/",),),
        )


async def test_a_best_group_of_one_page_learns_minsim_html_again_over_its_template_mates() -> None:
    async with LabServer([_RegistrySite()]) as server:
        truth = server.truth("registry-versions")
        result, downloaded = await ssup_counting(truth.seed_entity, height=1)
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    widened = [t for t in result.trace if t.subject.startswith("best group's sample")]
    assert [(t.decision, dict(t.values)["minsim_html"]) for t in widened] == [("keep", 0.4)]
    # The best group's page, one template mate, one scoped package: the mate settles it.
    pages = [u.split("/pkg/", 1)[1] for u in downloaded if "/pkg/" in u]
    assert sorted(pages[1:]) == ["@babel/core", "alpha-tools", "bravo"], downloaded


async def test_a_later_group_of_another_kind_is_still_pruned() -> None:
    async with LabServer([_RegistrySite(other_kind=True)]) as server:
        truth = server.truth("registry-versions")
        result, _ = await ssup_counting(truth.seed_entity, height=1)
    assert result.complete, result.reason
    scoped = {u for u in truth.target_entities if "/@" in u}
    assert set(result.entities) == set(truth.target_entities) - scoped
    pruned = [t for t in result.trace if t.decision == "prune" and t.subject.startswith("group")]
    assert pruned and all("/@" in u for t in pruned for u in t.urls), pruned
