"""`explore` on a manual whose start page is its table of contents, one nested list: chapters at
its outermost level, each holding the list of its sections (some holding subsections). With a
chapter as the sample, the entities are the chapters, not every node of the tree; with a section
as the sample, the nested list stays one list, every node an entity (against the lab's truth)."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

CHAPTERS = [f"Chapter-{c}" for c in range(1, 13)]


def _sections(chapter: str) -> list[str]:
    return [f"{chapter}-Section-{s}" for s in range(1, 5)]


def _subsections(section: str) -> list[str]:
    return [f"{section}-Part-{p}" for p in range(1, 3)] if section.endswith("-1") else []


def _item(node: str, below: list[str]) -> str:
    sublist = f'<ul class="toc">{"".join(below)}</ul>' if below else ""
    return f'<li><a href="{node}.html">{node.replace("-", " ")}</a>{sublist}</li>'


class _Manual(Site):
    """A manual: `/index.html` holds the table of contents (chapters, their sections, the first
    section's parts), each node a page `/<Node>.html` with Next/Up links in its header."""

    id = "manual-chapters"
    kind = "entity-tree"

    def __init__(self, sample_chapter: bool = True) -> None:
        self.sample_chapter = sample_chapter

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.strip("/").removesuffix(".html") or "index"
        if name == "index":
            items = "".join(
                _item(
                    c,
                    [_item(s, [_item(p, []) for p in _subsections(s)]) for s in _sections(c)],
                )
                for c in CHAPTERS
            )
            body = f'<h1>The manual</h1><div class="contents"><ul class="toc">{items}</ul></div>'
        elif name in self._nodes():
            body = (
                '<div class="header"><a href="index.html" rel="up">Up</a></div>'
                f"<h1>{name}</h1><p>Text.</p>"
            )
        else:
            return web.Response(status=404)
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    @staticmethod
    def _nodes() -> list[str]:
        nodes = []
        for c in CHAPTERS:
            nodes.append(c)
            for s in _sections(c):
                nodes += [s, *_subsections(s)]
        return nodes

    def truth(self, base_url: str) -> SiteTruth:
        nodes = CHAPTERS if self.sample_chapter else self._nodes()
        urls = tuple(f"{base_url}/{n}.html" for n in nodes)
        sample = f"{base_url}/{CHAPTERS[2] if self.sample_chapter else _sections(CHAPTERS[2])[1]}"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"node": urls},
            target_type="node",
            seed_entity=sample + ".html",
        )


async def _explored(site: _Manual) -> tuple[SiteTruth, set[str]]:
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(
                session, truth.base_url + "/index.html", entity_sample=truth.seed_entity
            )
    assert result.complete, result.reason
    return truth, set(result.entities)


async def test_a_chapter_as_the_sample_lists_the_chapters() -> None:
    truth, found = await _explored(_Manual(sample_chapter=True))
    scores = set_scores(found, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0


async def test_a_section_as_the_sample_lists_every_node_of_the_tree() -> None:
    truth, found = await _explored(_Manual(sample_chapter=False))
    scores = set_scores(found, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
