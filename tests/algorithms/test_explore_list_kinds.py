"""`explore` on an API reference's index listing its modules under "Modules" and its classes
under "Classes", each kind in a folder of its own (``modules/…``, ``classes/…``), the two lists
drawn alike: with a module as the sample, the entities are the modules (against the lab's
truth). Where the lists' headings name no folder (a blog's years over ``2023/…`` and
``2024/…``), every list holding the sample's links alike is the list. On a manual page whose
command lists sit under subsections' ``h3`` and whose guides are listed right under a section's
``h2``, one wrapping ``div`` apart, a command as the sample lists the commands only."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

MODULES = [f"pl.mod{i}" for i in range(12)]
CLASSES = [f"pl.Class{i}" for i in range(5)]


def _table(heading: str, folder: str, names: list[str]) -> str:
    rows = "".join(
        f'<tr><td class="name"><a href="{folder}/{n}.html">{n}</a></td></tr>' for n in names
    )
    return f'<h2>{heading}</h2><table class="module_list">{rows}</table>'


class _Reference(Site):
    """`/index.html` lists the modules and the classes in two tables alike, under headings
    that name their folders (`named`), or under headings naming none."""

    id = "reference-folders"
    kind = "entity-tree"

    def __init__(self, named: bool = True) -> None:
        self.named = named
        self.folders = ("modules", "classes") if named else ("2023", "2024")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path.strip("/") or "index.html"
        first, second = self.folders
        if path == "index.html":
            headings = ("Modules", "Classes") if self.named else ("Older", "Newer")
            body = _table(headings[0], first, MODULES) + _table(headings[1], second, CLASSES)
        elif path in {f"{first}/{n}.html" for n in MODULES} | {
            f"{second}/{n}.html" for n in CLASSES
        }:
            body = f'<a href="../index.html">Index</a><h1>{path}</h1><p>Text.</p>'
        else:
            return web.Response(status=404)
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        first, second = self.folders
        urls = [f"{base_url}/{first}/{n}.html" for n in MODULES]
        if not self.named:
            urls += [f"{base_url}/{second}/{n}.html" for n in CLASSES]
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": tuple(urls)},
            target_type="page",
            seed_entity=urls[3],
        )


async def _scores(site: _Reference) -> tuple[float, float]:
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(
                session, truth.base_url + "/index.html", entity_sample=truth.seed_entity
            )
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    return scores.precision, scores.recall


async def test_a_list_under_a_heading_naming_another_folder_lists_another_kind() -> None:
    assert await _scores(_Reference(named=True)) == (1.0, 1.0)


async def test_lists_under_headings_naming_no_folder_are_one_list() -> None:
    assert await _scores(_Reference(named=False)) == (1.0, 1.0)


COMMANDS = {"Main commands": ["git-add", "git-log", "git-am"], "Helpers": ["git-fsck", "git-gc"]}
GUIDES = ["gitcli", "gitfaq", "gitglossary"]


def _dl(names: list[str]) -> str:
    terms = "".join(
        f'<dt class="hd"><a href="{n}.html">{n}</a></dt><dd><p>Text.</p></dd>' for n in names
    )
    return f'<div class="dlist"><dl>{terms}</dl></div>'


class _ManualPage(Site):
    """`/git.html`, a manual page: a section "Commands" whose subsections (``h3``, each in a
    ``div`` of its own) list the command pages, then a section "Guides" (``h2``) listing the
    guides right in its body; the same lists but for that ``div``."""

    id = "manual-outline"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.strip("/").removesuffix(".html")
        pages = [n for names in COMMANDS.values() for n in names] + GUIDES
        if name == "git":
            subsections = "".join(
                f'<div class="sect2"><h3>{title}</h3>{_dl(names)}</div>'
                for title, names in COMMANDS.items()
            )
            body = (
                f'<div class="sect1"><h2>Commands</h2><div class="body">{subsections}</div></div>'
                f'<div class="sect1"><h2>Guides</h2><div class="body">{_dl(GUIDES)}</div></div>'
            )
        elif name in pages:
            body = f'<h1>{name}</h1><p>Part of the <a href="git.html">git</a> suite.</p>'
        else:
            return web.Response(status=404)
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/{n}.html" for names in COMMANDS.values() for n in names)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"command": urls},
            target_type="command",
            seed_entity=urls[1],
        )


async def test_lists_under_headings_of_another_outline_level_list_another_kind() -> None:
    site = _ManualPage()
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(
                session, truth.base_url + "/git.html", entity_sample=truth.seed_entity
            )
    scores = set_scores(result.entities, truth.target_entities)
    assert (scores.precision, scores.recall) == (1.0, 1.0)
