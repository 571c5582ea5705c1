"""`explore` on a reference index whose file names start with their kind: a table under each
heading ("Classes", "Enumerations", "Functions"), every row alike, each symbol a page
`/<kind>.<Name>.html` (``class.Window.html``, ``enum.Mode.html``). With a class as the
sample, the entities are the classes; the tables of the other kinds are not theirs. A module
index whose names start with their parent module's (``pkg.core.html`` below ``pkg.html``,
``tools.cli.html`` below ``tools.html``), a list for each, stays one list (against the lab's
truth)."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

KINDS = {
    "class": [f"Widget{n}" for n in range(1, 12)],
    "enum": [f"Mode{n}" for n in range(1, 7)],
    "func": ["init", "quit", "version"],
}
MODULES = {"pkg": ["core", "io", "util", "text"], "tools": ["cli", "build", "check"]}


def _table(kind: str, names: list[str]) -> str:
    rows = "".join(
        f'<tr class="item"><td><a href="{kind}.{n}.html">{n}</a></td><td>A {kind}.</td></tr>'
        for n in names
    )
    return (
        f"<section><h4>{kind.title()}</h4><div class='block'><table>{rows}</table></div></section>"
    )


def _modules() -> str:
    return "".join(
        f'<h3><a href="{top}.html">{top}</a></h3><ul>'
        + "".join(f'<li><a href="{top}.{n}.html">{top}.{n}</a></li>' for n in names)
        + "</ul>"
        for top, names in MODULES.items()
    )


class _Reference(Site):
    """`/index.htm` lists the symbols by kind, a table each; `/modules.htm` lists the modules
    of two packages, a list each."""

    id = "kind-words"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.strip("/")
        pages = {f"{k}.{n}.html" for k, names in {**KINDS, **MODULES}.items() for n in names}
        if name == "index.htm":
            body = "".join(_table(kind, names) for kind, names in KINDS.items())
        elif name == "modules.htm":
            body = _modules()
        elif name in pages or name in {f"{top}.html" for top in MODULES}:
            body = f'<h1>{name}</h1><a href="index.htm">Index</a>'
        else:
            return web.Response(status=404)
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        classes = tuple(f"{base_url}/class.{n}.html" for n in KINDS["class"])
        modules = tuple(f"{base_url}/{top}.{n}.html" for top, ns in MODULES.items() for n in ns)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"class": classes, "module": modules},
            target_type="class",
            seed_entity=classes[4],
        )


async def test_the_tables_of_other_kinds_beside_the_samples_are_not_its_entities() -> None:
    async with LabServer([_Reference()]) as server:
        truth = server.truth("kind-words")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(
                session, truth.base_url + "/index.htm", entity_sample=truth.seed_entity
            )
    scores = set_scores(result.entities, truth.entities["class"])
    assert scores.precision == 1.0 and scores.recall == 1.0


async def test_names_below_a_parent_module_named_by_its_page_stay_one_list() -> None:
    async with LabServer([_Reference()]) as server:
        truth = server.truth("kind-words")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(
                session,
                truth.base_url + "/modules.htm",
                entity_sample=truth.entities["module"][1],
            )
    scores = set_scores(result.entities, truth.entities["module"])
    assert scores.precision == 1.0 and scores.recall == 1.0
