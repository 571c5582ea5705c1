"""`explore` on a library's reference index that lists its symbols by kind: a list under each
heading ("Classes:", "Structs:", "Enums:"), each item marked by its kind's class
(``li class="class"``, ``li class="abstract_class"`` among them, ``li class="enum"``), every
symbol a page `/Lib.<Name>.html`. With a class as the sample, the entities are the classes, the
abstract ones included; the lists of the other kinds are not theirs. A table whose rows are
striped odd and even stays one list, and so does a sidebar that marks the current page's item
among plain ones (against the lab's truth)."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

KINDS = {
    "class": [f"Widget{n}" for n in range(1, 15)],
    "struct": ["Range", "Point", "Size"],
    "enum": [f"Mode{n}" for n in range(1, 9)],
    "interface": ["Drawable", "Resizable", "Printable"],
}
ABSTRACT = {"Widget4", "Widget9"}


def _mark(kind: str, name: str) -> str:
    return "abstract_class" if name in ABSTRACT else kind


def _sidebar(current: str) -> str:
    """The classes as a guide's sidebar: the first four at its top level, the others in a
    sublist under a heading item; the current page's item is marked active."""

    def item(n: str) -> str:
        active = ' class="active"' if n == current else ""
        return f'<li{active}><a href="Lib.{n}.html">{n}</a></li>'

    top, rest = KINDS["class"][:4], KINDS["class"][4:]
    sub = "<li><p>More widgets</p><ul>" + "".join(map(item, rest)) + "</ul></li>"
    return f'<aside><ul class="sidebar">{"".join(map(item, top))}{sub}</ul></aside>'


class _Reference(Site):
    """`/index.htm` lists the symbols by kind, one marked list under each heading; `/table.htm`
    lists the classes in a table of odd and even rows."""

    id = "kind-lists"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.strip("/")
        if name == "index.htm":
            body = "".join(
                f"<h3>{kind.title()}s:</h3><ul class='navi'>"
                + "".join(
                    f'<li class="{_mark(kind, n)}"><a href="Lib.{n}.html">{n}</a></li>'
                    for n in names
                )
                + "</ul>"
                for kind, names in KINDS.items()
            )
        elif name == "table.htm":
            rows = "".join(
                f'<tr class="{"odd" if i % 2 else "even"}"><td><a href="Lib.{n}.html">{n}</a></td>'
                "<td>A widget.</td></tr>"
                for i, n in enumerate(KINDS["class"])
            )
            body = f"<h1>Classes</h1><table>{rows}</table>"
        elif name == "guide.htm":
            body = _sidebar(KINDS["class"][5])
        elif any(name == f"Lib.{n}.html" for names in KINDS.values() for n in names):
            body = f'<h1>{name}</h1><a href="index.htm">Index</a>'
        else:
            return web.Response(status=404)
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/Lib.{n}.html" for n in KINDS["class"])
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"class": urls},
            target_type="class",
            seed_entity=urls[5],
        )


async def _explored(start: str) -> tuple[SiteTruth, set[str]]:
    async with LabServer([_Reference()]) as server:
        truth = server.truth("kind-lists")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(session, truth.base_url + start, entity_sample=truth.seed_entity)
    assert result.complete, result.reason
    return truth, set(result.entities)


async def test_the_lists_of_other_kinds_beside_the_samples_are_not_its_entities() -> None:
    truth, found = await _explored("/index.htm")
    scores = set_scores(found, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0


async def test_rows_striped_odd_and_even_stay_one_list() -> None:
    truth, found = await _explored("/table.htm")
    scores = set_scores(found, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0


async def test_a_sidebar_marking_the_current_page_among_plain_items_stays_one_list() -> None:
    truth, found = await _explored("/guide.htm")
    scores = set_scores(found, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
