"""Entry points: from a site's home page to its widest list or search page."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urljoin

import pytest
from aiohttp import web

from siteseer.algorithms import explore, find_list_page
from siteseer.algorithms.entrypoint import ROUND, _links, _more_links
from siteseer.algorithms.entryscores import MINIMUM_ROWS, list_score, widest_list
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores
from siteseer.lab.runners.exploration import start_url
from siteseer.render import Snapshot, snapshot_from_html

SHOPS = ("shop-links", "shop-ajax", "shop-form")


@pytest.mark.parametrize("site", SHOPS)
async def test_the_home_page_leads_to_the_widest_list_page(
    lab: Callable[[str], LabServer], site: str
) -> None:
    truth = lab(site).truth(site)
    widest = start_url(truth)  # the truth's list (or search) page without conditions
    async with Session(SessionConfig(render="auto")) as session:
        entry = await find_list_page(session, truth.base_url + "/")
    assert entry.complete and entry.found
    assert entry.url == widest
    scores = {c.url: c for c in entry.candidates}
    assert scores[widest].is_list
    home = scores[truth.base_url + "/"]
    assert home.items < scores[widest].items  # a featured grid is not the whole list
    assert entry.cost.downloads == len(entry.candidates) <= 12


@pytest.mark.parametrize(
    "site", ["shop-links", "shop-form", pytest.param("shop-ajax", marks=pytest.mark.slow)]
)
async def test_a_start_at_the_list_page_stays_there(
    lab: Callable[[str], LabServer], site: str
) -> None:
    truth = lab(site).truth(site)
    widest = start_url(truth)
    async with Session(SessionConfig(render="auto")) as session:
        entry = await find_list_page(session, widest)
    assert entry.url == widest and entry.found
    assert [c.url for c in entry.candidates] == [widest]  # nothing else is loaded


async def test_a_site_without_a_list_page_keeps_the_start(
    lab: Callable[[str], LabServer],
) -> None:
    truth = lab("council").truth("council")
    async with Session(SessionConfig(render="never")) as session:
        entry = await find_list_page(session, truth.base_url + "/")
    assert not entry.found and entry.complete and entry.url == truth.base_url + "/"


async def test_an_unreachable_start_is_an_incomplete_entry_point(closed_port: int) -> None:
    start = f"http://127.0.0.1:{closed_port}/"
    async with Session(SessionConfig(render="never", retries=0)) as session:
        entry = await find_list_page(session, start)
    assert not entry.complete and entry.reason.startswith(f"cannot use the seed {start}")
    assert entry.url == start and not entry.found


def _page(body: str) -> Snapshot:
    url = "http://127.0.0.1:8000/items/"
    return snapshot_from_html(url, url, 200, f"<html><body>{body}</body></html>")


def _canonical(url: str, base: str | None = None) -> str:
    return urljoin(base or "", url)


def test_a_table_of_entity_rows_is_a_list_without_facets() -> None:
    rows = "".join(
        f'<tr><td><a href="/items/show/{i}">Show</a></td><td>N{i}</td><td>Maker {i % 3}</td></tr>'
        for i in range(MINIMUM_ROWS + 2)
    )
    table = _page(f"<table><tr><th></th><th>Tail</th><th>Maker</th></tr>{rows}</table>")
    scored = list_score(table, _canonical)
    assert (scored.items, scored.facets, scored.rows) == (MINIMUM_ROWS + 2, 0, MINIMUM_ROWS + 2)
    assert scored.is_facetless_list and not scored.is_list
    # the same links as a menu, or a table too short to be the site's list, are no list
    items = "".join(f'<li><a href="/items/show/{i}">Item {i}</a></li>' for i in range(20))
    assert not list_score(_page(f"<ul>{items}</ul>"), _canonical).is_facetless_list
    short = _page(f"<table><tr><th></th><th>Tail</th><th>Maker</th></tr>{rows[:200]}</table>")
    assert not list_score(short, _canonical).is_facetless_list


def test_a_list_of_links_linking_the_sample_is_the_list_without_facets_or_table() -> None:
    def page(url: str, n: int) -> Snapshot:
        items = "".join(f'<li><a href="/modules/m{i}/">module {i}</a></li>' for i in range(n))
        menu = '<nav><a href="/">Home</a><a href="/modules/">Modules</a></nav>'
        return snapshot_from_html(
            url, url, 200, f"<html><body>{menu}<ul>{items}</ul></body></html>"
        )

    home = page("http://127.0.0.1:8000/", 3)  # a few featured modules
    index = page("http://127.0.0.1:8000/modules/", 40)  # the index of every module
    sample = "http://127.0.0.1:8000/modules/m1/"
    scored = [list_score(p, _canonical, sample) for p in (home, index)]
    assert [c.like_sample for c in scored] == [3, 40]
    assert not any(c.is_list or c.is_facetless_list for c in scored)
    assert widest_list(scored) == scored[1]
    # without a sample nothing tells which list: the start is kept
    assert widest_list([list_score(p, _canonical) for p in (home, index)]) is None
    # the start page is kept on a tie
    again = [list_score(p, _canonical, sample) for p in (index, page(index.url + "?x=1", 40))]
    assert widest_list(again) == again[0]


def test_with_a_sample_the_lists_linking_it_and_their_more_links_win() -> None:
    # A git browser's home: two repositories' summaries, alike but for whose commits they
    # link; the sample's repository is the one. Its summary shows ten commits and a "[...]"
    # link to the log that pages them all.
    def summary(repo: str, n: int) -> Snapshot:
        url = f"http://127.0.0.1:8000/{repo}/"
        items = "".join(
            f'<li><a href="/{repo}/commit/{i:04x}/">upload {i}</a></li>' for i in range(n)
        )
        form = (
            '<form action="log/"><select name="qt"><option value="grep">log msg</option>'
            '<option value="author">author</option></select><input name="q"><input type="submit">'
            "</form>"
        )
        more = f'<a href="/{repo}/log/">[...]</a><a href="/{repo}/tree/">tree</a>'
        html = f"<html><body>{form}<ul>{items}</ul>{more}</body></html>"
        return snapshot_from_html(url, url, 200, html)

    sample = "http://127.0.0.1:8000/bin/commit/0001/"
    mine, other = summary("bin", 10), summary("git", 10)
    scored = [list_score(p, _canonical, sample) for p in (other, mine)]
    assert scored[0].is_list and scored[1].is_list and scored[1].like_sample == 10
    assert widest_list(scored) == scored[1]
    assert _more_links(mine) == ["http://127.0.0.1:8000/bin/log/"]


async def test_links_labelled_as_an_ordering_are_no_candidates_for_the_start_page() -> None:
    """A catalogue's home page lists its books with a toolbar of icon buttons, each titled with
    the order it shows (``/newest/abc/``: the same list re-ordered): none is scored; its menu's
    list pages are."""
    url = "http://127.0.0.1:8000/"
    books = "".join(f'<li><a href="/book/{i}">Book {i}</a></li>' for i in range(12))
    toolbar = "".join(
        f'<a title="Sort {how}" href="/newest/{key}/"><span class="icon"></span></a>'
        for key, how in (("abc", "title in alphabetical order"), ("old", "by date, oldest"))
    )
    menu = '<nav><a href="/category">Categories</a><a href="/author">Authors</a></nav>'
    home = snapshot_from_html(url, url, 200, f"<html><body>{menu}{toolbar}<ul>{books}</ul>")
    async with Session(SessionConfig(render="never", cache=None)) as session:
        linked = _links(home, session)
    assert linked == [url + "category", url + "author"]


REVISIONS = 30


class _Log(Site):
    """A branch browser: its home page links the branch's log ``/log/``, which lists every
    revision ``/log/rev/<n>`` with a "more" link to that revision's page beside its summary."""

    id = "revision-log"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        revisions = [f"/log/rev/{n}" for n in range(REVISIONS, 0, -1)]
        if path == "/":
            body = '<h1>Branches</h1><ul><li><a href="/log/">main</a></li></ul>'
        elif path == "/log/":
            rows = "".join(
                f'<li><a href="{r}">Revision {r[9:]}</a> Fix things <a href="{r}#diff">more</a></li>'
                for r in revisions
            )
            body = f"<h1>Log</h1><ul>{rows}</ul>"
        elif path in revisions:
            body = f'<h1>{path}</h1><a href="/log/">Log</a><p>Changes.</p>'
        else:
            return web.Response(status=404)
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/log/rev/{n}" for n in range(REVISIONS, 0, -1))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"revision": urls},
            target_type="revision",
            seed_entity=urls[4],
        )


async def test_more_links_to_pages_shaped_as_the_sample_are_no_continuation() -> None:
    # each row's "more" leads to its revision, an entity: none is loaded as the log's rest
    async with LabServer([_Log()]) as server:
        truth = server.truth("revision-log")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
            assert entry.url == truth.base_url + "/log/" and entry.complete
            assert entry.cost.downloads == 2
            assert not any(t.decision == "continue" for t in entry.trace)
            result = await explore(session, entry.url, entity_sample=truth.seed_entity)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0


NAMESPACES = {"guide": 12, "library": 20, "howto": 6}
TOPICS = 14


def _topic(n: int) -> str:
    """A topic's start page, at a depth of its own (``/t0``, ``/s0/t1``, ``/s0/s1/t2`` …)."""
    return "/" + "".join(f"s{i}/" for i in range(n % 7)) + f"t{n}"


class _Wiki(Site):
    """A wiki whose home page's menu links its topics' start pages (`_topic`: none
    linking the other pages) and, among its first links, the "Sitemap" ``/index``: its
    namespaces, each opened in place (``/index?idx=<ns>``) to list the namespace's pages
    ``/page/<ns>-<n>``."""

    id = "wiki-sitemap"
    kind = "entity-tree"

    def _pages(self) -> list[str]:
        return [f"/page/{ns}-{n}" for ns, count in NAMESPACES.items() for n in range(count)]

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path, idx = request.path, request.query.get("idx")
        # the menu's links, each in a box of its own: no group of links alike
        topics = "".join(
            f'<{tag}><a href="{_topic(n)}">Topic {n}</a></{tag}>'
            for n, tag in enumerate(["div", "p", "span", "b", "i", "em", "strong"] * 2)
        )
        menu = f'<nav><div class="site"><a href="/index">Sitemap</a></div>{topics}</nav>'
        if path == "/" or path in map(_topic, range(TOPICS)) or path in self._pages():
            body = f"{menu}<h1>{path}</h1><p>Text.</p>"
        elif path == "/index":
            opened = ""
            if idx in NAMESPACES:
                opened = "".join(
                    f'<li><a href="/page/{idx}-{n}">{idx} {n}</a></li>'
                    for n in range(NAMESPACES[idx])
                )
            spaces = "".join(
                f'<li><a href="/index?idx={ns}">{ns}</a><ul>{opened if ns == idx else ""}</ul></li>'
                for ns in NAMESPACES
            )
            body = f'{menu}<h1>Sitemap</h1><ul class="idx">{spaces}</ul>'
        else:
            return web.Response(status=404)
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(base_url + p for p in self._pages())
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": urls},
            target_type="page",
            seed_entity=base_url + "/page/library-3",
        )


async def test_the_sitemap_in_the_first_round_ends_the_search() -> None:
    # no page of the first round links the sample, the site's index among them: the rest of
    # the menu (topic pages alike) is not loaded, the index is the list
    async with LabServer([_Wiki()]) as server:
        truth = server.truth("wiki-sitemap")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
            assert entry.url == truth.base_url + "/index" and entry.complete
            assert any(t.decision == "site-index-round" for t in entry.trace)
            # the start, the sample's page, the first round and the sample's folder, asked for
            # with and without its slash (no page): none of the rest of the menu
            assert entry.cost.downloads == 4 + ROUND


ROWS = 30


class _Database(Site):
    """A database browser: its home page links its tools (`_topic`: pages of no list) and,
    after them, the table's rows view ``/rows``, which links every row's page ``/row/<n>``; a
    row's page links the rows view and the first tool back."""

    id = "database-rows"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        tools = [_topic(n) for n in range(TOPICS)]
        rows = [f"/row/{n}" for n in range(ROWS)]
        if path == "/":
            links = "".join(
                f'<{tag}><a href="{u}">Tool {n}</a></{tag}>'
                for n, (u, tag) in enumerate(
                    zip(tools, ["div", "p", "span", "b", "i", "em", "strong"] * 2, strict=True)
                )
            )
            body = f'<nav>{links}</nav><p><a href="/rows">Select data</a></p>'
        elif path in tools:
            body = f"<h1>{path}</h1><p>A tool.</p>"
        elif path == "/rows":
            items = "".join(f'<li><a href="{r}">Row {r[5:]}</a></li>' for r in rows)
            body = f"<h1>Rows</h1><ul>{items}</ul>"
        elif path in rows:
            body = f'<h1>{path}</h1><a href="/rows">Select data</a> <a href="{tools[0]}">Tool 0</a>'
        else:
            return web.Response(status=404)
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/row/{n}" for n in range(ROWS))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"row": urls},
            target_type="row",
            seed_entity=urls[4],
        )


async def test_the_list_the_sample_names_is_loaded_first_wherever_the_start_links_it() -> None:
    # the rows view comes after the first round of the start's links: the sample's page names
    # it and a tool of that round, so it is loaded after that tool, before the rest of the
    # round, and ends the search
    async with LabServer([_Database()]) as server:
        truth = server.truth("database-rows")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
            assert entry.url == truth.base_url + "/rows" and entry.complete
            assert any(t.decision == "sample-named" for t in entry.trace)
            # the start, the sample's page, the first tool it names, the rows view
            assert entry.cost.downloads == 4
            result = await explore(session, entry.url, entity_sample=truth.seed_entity)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
