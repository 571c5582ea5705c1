"""Toggles a script binds by one data attribute wherever they sit (algorithms/openers.py,
`marks`): once the clicks on one group of them lead nowhere, the others are not clicked; and
toggles that name the element they fold by its id (`acts_on`) are not clicked at all."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms.openers import acts_on, marks
from siteseer.algorithms.run import Run
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth
from siteseer.render import Opener

MODULES = tuple(f"module-{n}" for n in range(1, 7))
# Every element carrying data-fold shows or hides the block after it (or, where the page gives
# the blocks ids, the block its data-fold names): the page keeps its URL.
_SCRIPT = """
document.querySelectorAll('[data-fold]').forEach(function (el) {
  el.addEventListener('click', function () {
    var named = document.getElementById(el.getAttribute('data-fold'));
    (named || el.nextElementSibling).classList.toggle('hidden');
  });
});
"""


class _FoldedReference(Site):
    """A reference manual's page: a contents list whose entries carry a fold toggle, and
    headings with a fold toggle of their own (another DOM path, the same attribute)."""

    id = "folded-reference"
    kind = "entity-tree"

    def __init__(self, *, named: bool = False) -> None:
        self.named = named  # the folded blocks carry the ids their toggles name

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path != "/index.html":
            return web.Response(status=404)
        items = "".join(
            f'<li><a href="/{m}.html">{m}</a> <span class="fold" data-fold="c-{m}">+</span>'
            f"<p{self._id(f'c-{m}')}>{m} in short.</p></li>"
            for m in MODULES
        )
        headings = "".join(
            f'<h4 class="fold" data-fold="s-{n}">Section {n}</h4>'
            f"<p{self._id(f's-{n}')}>Text {n}.</p>"
            for n in range(1, 4)
        )
        html = (
            "<html><head><style>.fold{cursor:pointer}.hidden{display:none}</style></head>"
            f"<body><ul>{items}</ul><div>{headings}</div><script>{_SCRIPT}</script></body></html>"
        )
        return web.Response(text=html, content_type="text/html")

    def _id(self, value: str) -> str:
        return f' id="{value}"' if self.named else ""

    def truth(self, base_url: str) -> SiteTruth:
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"module": tuple(f"{base_url}/{m}.html" for m in MODULES)},
            target_type="module",
            seed_entity=f"{base_url}/{MODULES[0]}.html",
            index_levels=((f"{base_url}/index.html",),),
        )


def test_marks_are_the_attribute_names_a_script_selects_by() -> None:
    toggle = Opener("span", attrs=(("data-fold", "c-1"), ("tabindex", "0"), ("id", "t1")))
    assert marks(toggle) == frozenset({"data-fold", "id"})
    assert marks(Opener("tr", attrs=(("id", "r1"),))) == frozenset()  # no data attribute


async def test_toggles_of_one_attribute_are_clicked_in_one_group_only() -> None:
    site = _FoldedReference()
    async with LabServer([site]) as server:
        index = server.truth(site.id).index_levels[0][0]
        async with Session(SessionConfig(render="always", cache=None)) as session:
            run = Run(session)
            page = await run.fetch_one(index)
            assert page is not None
            plain = await session.page(index)
    assert len(plain.openers) == len(MODULES) + 3  # both groups are seen as openers
    inert = [e for e in run.trace if e.step == "openers" and e.decision == "inert"]
    assert len(inert) == 1  # the first group's clicks lead nowhere: the other is not clicked
    assert run.cost().actions <= 3


def test_an_item_naming_another_element_by_its_id_acts_on_it_in_place() -> None:
    ids = frozenset({"c-1", "panel", "t1"})
    assert acts_on(Opener("span", attrs=(("data-fold", "c-1"),)), ids)
    assert acts_on(Opener("button", attrs=(("data-target", "#panel"),)), ids)
    assert acts_on(Opener("div", attrs=(("aria-controls", "panel"),)), ids)
    # its own id, a value naming no element, an attribute that is no wiring: a possible item
    assert not acts_on(Opener("tr", attrs=(("id", "t1"), ("data-row", "t1"))), ids)
    assert not acts_on(Opener("tr", attrs=(("data-key", "7"),)), ids)
    assert not acts_on(Opener("tr", attrs=(("title", "panel"),)), ids)


async def test_toggles_naming_the_blocks_they_fold_are_not_clicked() -> None:
    site = _FoldedReference(named=True)
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        index = truth.index_levels[0][0]
        async with Session(SessionConfig(render="always", cache=None)) as session:
            run = Run(session)
            page = await run.fetch_one(index)
            assert page is not None
            plain = await session.page(index)
    assert len(plain.openers) == len(MODULES) + 3  # seen as openers, and left alone
    assert not [e for e in run.trace if e.step == "openers"]
    assert run.cost().actions == 0
    assert {k.url for k in page.links} >= set(truth.entities["module"])
