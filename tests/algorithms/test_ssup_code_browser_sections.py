"""SSUP on a code browser's history, built as Loggerhead builds its own: the changes page lists
the branch's revisions in a table, each row linking the revision, the revision's files and its
author's view of the history (the changes page with a query added). A revision's files page is
a folder listing its files and folders in the very kind of table, pages the changes page does
not list. The seed is a revision; its kind is the branch's revisions, no folder, no file.

A folder is no section of the level (`sections.inner_sections`): it lists pages of no URL
template the changes page lists."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

REVISIONS = 30
AUTHORS = ("ann", "bob", "cyd")
FILES = ("README", "Makefile", "main.c", "util.c")


def _author(n: int) -> str:
    return AUTHORS[n % len(AUTHORS)]


def _row(*cells: str) -> str:
    return "<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


class _History(Site):
    """The changes page, each revision's page, its files (a folder) and each author's view."""

    id = "history"
    kind = "entity-tree"

    @staticmethod
    def _html(title: str, body: str) -> web.Response:
        html = (
            f"<html><head><title>{title}</title></head><body>"
            '<div class="menu"><a href="/changes">Changes</a> <a href="/files/head">Files</a></div>'
            f'<div class="main"><h1>{title}</h1>{body}</div></body></html>'
        )
        return web.Response(text=html, content_type="text/html")

    @staticmethod
    def _table(rows: list[str]) -> str:
        return f'<table class="list">{"".join(rows)}</table>'

    def _changes(self, author: str | None) -> str:
        rows = []
        for n in range(REVISIONS, 0, -1):
            if author is not None and _author(n) != author:
                continue
            rows.append(
                _row(
                    f'<a href="/revision/{n}">{n}</a>',
                    f'<a href="/files/{n}">files</a>',
                    f'<a href="/changes?author={_author(n)}">{_author(n)}</a>',
                )
            )
        return self._table(rows)

    def _revision(self, n: str) -> str:
        changed = "".join(
            f'<li class="file"><span class="name">{f}</span> <em>+{i} -{i + 1}</em>'
            f'<pre class="diff">@@ -{i} +{i} @@\n- old line of {f}\n+ new line of {f}</pre></li>'
            for i, f in enumerate(FILES)
        )
        return (
            f'<dl class="meta"><dt>Committer</dt><dd>{_author(int(n.split(".")[0]))}</dd>'
            f"<dt>Message</dt><dd>Change number {n}.</dd></dl>"
            f'<p><a href="/files/{n}">browse files</a></p><ul class="changes">{changed}</ul>'
        )

    def _folder(self, rev: str, folder: str) -> str:
        rows = [_row(f'<a href="/files/{rev}/{folder}{f}">{f}</a>', "", "") for f in FILES]
        if not folder:
            rows.append(_row(f'<a href="/files/{rev}/src">src/</a>', "", ""))
        return self._table(rows)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        parts = request.path.strip("/").split("/")
        if parts == ["changes"]:
            author = request.query.get("author")
            if author is not None and author not in AUTHORS:
                return web.Response(status=404)
            return self._html(f"Changes {author or ''}", self._changes(author))
        if len(parts) == 2 and parts[0] == "revision":
            return self._html(f"Revision {parts[1]}", self._revision(parts[1]))
        if len(parts) >= 2 and parts[0] == "files":
            folder = "src/" if parts[2:] == ["src"] else ""
            if len(parts) > 2 and not folder:
                return self._html(f"File {parts[-1]}", f"<pre>contents of {parts[-1]}</pre>")
            return self._html(f"Files of {parts[1]}", self._folder(parts[1], folder))
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        revisions = tuple(f"{base_url}/revision/{n}" for n in range(REVISIONS, 0, -1))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"revision": revisions},
            target_type="revision",
            seed_entity=revisions[0],
            seed_path=(base_url + "/changes", revisions[0]),
            index_levels=((base_url + "/changes",),),
        )


async def test_a_folder_of_a_revision_is_no_section_of_the_revisions() -> None:
    # The files pages fail the HTML test and list pages in the changes page's kind of table
    # that it does not list, a folder's files and folders, of no template it lists: taken for
    # sections, they would bring every revision's files into the level.
    truth, result, _ = await serve_and_discover(_History(), height=1)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0, (
        scores,
        sorted(set(result.entities) - set(truth.target_entities)),
    )
    assert scores.recall == 1.0, (scores, sorted(set(truth.target_entities) - set(result.entities)))
