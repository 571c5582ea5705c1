"""SSUP's leaf level judges the groups after one none of whose pages could be used, and leaves
out the files a kept group links beside its pages (`algorithms.ssup.levels`).

A documentation project's overview, as Docutils' buildhtml.py writes it: one page listing the
project's documents section by section, the user guides, the developer notes, the reference's
schema files (DTDs, served as ``application/xml-dtd``), then the reference's own documents one
folder deeper. A tutorial's text source is linked beside its page (``quickstart.txt``), a cheat sheet
as text only. The
strongsim groups come in that order; the schema files' group shows no HTML page, which tells
nothing of the level: the reference's documents after it are judged, and kept. The text files are
no pages: the cheat sheet, first of its group and found not HTML, leaves those of its extension
out.
"""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

_SECTIONS = {
    "user": ("config", "tools", "links", "html", "latex", "manpage", "odt", "slides"),
    "user/rst": ("quickstart", "quickref", "cheatsheet.txt", "demo"),
    "dev": ("hacking", "policies", "release", "testing", "todo", "website", "repository"),
    "ref": ("docutils.dtd", "pysource.dtd", "soextblx.dtd"),
    "ref/rst": ("introduction", "directives", "roles", "definitions", "mathematics"),
}
_SOURCES = ("user/rst/quickstart", "user/rst/demo")


def _documents() -> list[str]:
    return [
        f"{folder}/{name}.html"
        for folder, names in _SECTIONS.items()
        for name in names
        if not name.endswith((".dtd", ".txt"))
    ]


def _html(title: str, body: str) -> web.Response:
    html = (
        f"<html><head><title>{title}</title></head><body>"
        f'<div class="header"><a href="/docs/index.html">Overview</a></div>'
        f'<div class="document"><h1 class="title">{title}</h1>{body}</div></body></html>'
    )
    return web.Response(text=html, content_type="text/html")


class _Overview(Site):
    """A documentation overview listing documents by section, schema files and text sources
    among them."""

    id = "docs-overview"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path.removeprefix("/docs/")
        if path == "index.html":
            sections = []
            for folder, names in _SECTIONS.items():
                items = []
                for name in names:
                    target = name if name.endswith((".dtd", ".txt")) else f"{name}.html"
                    source = f"{folder}/{name}"
                    also = f' (<a href="{source}.txt">source</a>)' if source in _SOURCES else ""
                    items.append(f'<li><a href="{folder}/{target}">{name}</a>{also}</li>')
                sections.append(
                    f'<div class="section" id="{folder}"><h2>{folder}</h2>'
                    f'<ul class="simple">{"".join(items)}</ul></div>'
                )
            return _html("Documentation Overview", "".join(sections))
        if path.endswith(".dtd") and path.startswith("ref/"):
            return web.Response(text="<!ELEMENT document ANY>", content_type="application/xml-dtd")
        if path.endswith(".txt") and path.startswith("user/rst/"):
            return web.Response(text="A text source\n=============\n", content_type="text/plain")
        if path in _documents():
            name = path.removesuffix(".html")
            body = (
                f'<div class="contents topic"><ul><li><a href="#intro">Introduction</a></li>'
                f'<li><a href="#use">Use</a></li></ul></div>'
                f'<div class="section" id="intro"><h2>Introduction</h2><p>About {name}.</p>'
                f'<p>See <a class="reference" href="/docs/index.html">the overview</a>.</p></div>'
            )
            return _html(f"Docutils: {name}", body)
        return web.Response(status=404, text="no such page")

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}/docs/{d}" for d in _documents())
        seed = f"{base_url}/docs/user/config.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"document": pages},
            target_type="document",
            seed_entity=seed,
            seed_path=(f"{base_url}/docs/index.html", seed),
            index_levels=((f"{base_url}/docs/index.html",),),
        )


async def test_groups_after_files_are_judged_and_files_left_out() -> None:
    truth, result, _ = await serve_and_discover(_Overview(), height=1)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 == 1.0, sorted(set(result.entities) ^ set(truth.target_entities))
    # The schema files' group is probed by its first file alone: found no page, it shows that
    # the group's other files of its extension are none either.
    files = [e.subject for e in result.trace if e.decision == "error" and ".dtd" in e.subject]
    assert [u.rsplit("/", 1)[-1] for u in files] == ["docutils.dtd"], files


class _BusyOverview(_Overview):
    """The overview on a server that fails to answer for the first two schema files: one cut
    off (a reset), one answered by a busy server's plain-text error (503)."""

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path.endswith("/docutils.dtd") and request.transport is not None:
            request.transport.abort()
            return web.Response(status=500)
        if request.path.endswith("/pysource.dtd"):
            return web.Response(status=503, text="busy, try again", content_type="text/plain")
        return await super().handle(request)


async def test_a_file_that_gave_no_answer_leaves_its_extension_in() -> None:
    truth, result, _ = await serve_and_discover(_BusyOverview(), height=1)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 == 1.0, sorted(set(result.entities) ^ set(truth.target_entities))
    # Neither failure tells what a .dtd names: the next schema file is tried, and shows it.
    files = [e.subject for e in result.trace if e.decision == "error" and ".dtd" in e.subject]
    assert [u.rsplit("/", 1)[-1] for u in files] == [
        "docutils.dtd",
        "pysource.dtd",
        "soextblx.dtd",
    ], files


async def test_the_documents_the_sections_list_are_kept_without_a_download() -> None:
    truth, result, downloaded = await serve_and_discover(_Overview(), height=1)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 == 1.0, sorted(set(result.entities) ^ set(truth.target_entities))
    # Every document is listed beside the seed in a section of the overview, which keeps it
    # whatever its group's HTML: no document but the seed is downloaded to judge a group.
    documents = {u for u in truth.target_entities if u != truth.seed_entity}
    assert not documents & set(downloaded), sorted(documents & set(downloaded))
