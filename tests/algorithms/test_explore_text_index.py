"""`explore` on a manual's index kept as plain text: one ``<pre>`` whose lines list the manual's
files, each line led by its link and a summary that mentions other files in passing, in
blocks each headed by a bold line and ended by a blank line; above them a table drawn in text
under a bold header line, whose rows lead with links to places in pages (``intro.html#keys``).
Each file's section is its block's heading (against the lab's truth: the attribute pairs)."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, pair_scores

SECTIONS = {
    "Getting started": ["intro", "install", "tour", "first"],
    "Basic editing": ["motion", "insert", "change", "undo"],
    "Advanced editing": ["pattern", "macros", "folds"],
    "Interfaces": ["lua", "python", "perl"],
}


def _index() -> str:
    lines = [
        "Help on help: read the sections below.",
        "",
        "<b><font color=purple>   WHAT        EXAMPLE   </font></b>",
        '   <a href="intro.html#keys">keys</a>   in <a href="motion.html#jumps">jumps</a>',
        '   <a href="insert.html#modes">modes</a>  in <a href="change.html#x">x</a>',
        "",
        '*<a name="file-list"></a><b>file-list</b>*',
    ]
    for heading, names in SECTIONS.items():
        lines += ["", f"<b><font color=purple>{heading} </font></b>"]
        lines += [
            f'|<a href="{n}.html">{n}.txt</a>|  about {n}, see <a href="undo.html">undo</a>'
            for n in names
        ]
    return "<pre>" + "\n".join(lines) + "\n</pre>"


class _TextIndex(Site):
    """`/index.html` is the index; every file a page `/<name>.html`."""

    id = "text-index"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.strip("/")
        files = {n for names in SECTIONS.values() for n in names}
        if name in {"", "index.html"}:
            body = _index()
        elif name.removesuffix(".html") in files:
            body = f'<pre><a href="index.html">Index</a>\n{name}: the text of the file.</pre>'
        else:
            return web.Response(status=404)
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        attributes = {
            f"{base_url}/{n}.html": {"section": (heading,)}
            for heading, names in SECTIONS.items()
            for n in names
        }
        urls = tuple(attributes)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"file": urls},
            target_type="file",
            seed_entity=f"{base_url}/pattern.html",
            attributes=attributes,
            facet_values={"section": tuple(sorted(SECTIONS))},
        )


async def test_each_file_is_in_the_section_whose_bold_line_heads_its_block() -> None:
    async with LabServer([_TextIndex()]) as server:
        truth = server.truth("text-index")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(
                session, truth.base_url + "/index.html", entity_sample=truth.seed_entity
            )
    assert result.complete, result.reason
    scores = pair_scores(result.entities, truth)
    assert scores.precision == 1.0 and scores.recall == 1.0
