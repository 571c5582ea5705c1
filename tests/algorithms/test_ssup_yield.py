"""SSUP's pagination chosen by yield (algorithms/ssup/yields.py), against a table browser's truth:
a list with sort links in its header, filter links and a facet toggle beside it, page sizes,
an opaque "next" cursor and exports, whose row links carry the list's state back; and a list
whose first page leaves its state to the defaults its links spell out, paged through a window
that links its last page."""

from __future__ import annotations

import math
from typing import ClassVar
from urllib.parse import parse_qsl, urlencode

from aiohttp import web
from ssup_runs import ssup_counting

from siteseer.algorithms.ssup.sizes import ALL_ENTRIES, is_size_name, size_offers
from siteseer.algorithms.ssup.yields import (
    Families,
    entity_key,
    family_of,
    is_export,
    spelled_defaults,
    state_params,
)
from siteseer.crawler import canonical_url
from siteseer.lab import LabServer, Site, SiteTruth, set_scores
from siteseer.render import snapshot_from_html

ROWS = 120
KINDS = ("a", "b", "c")


class _TableSite(Site):
    """A table browser: `/rows` shows 10 rows a page (page sizes 10, 30 and 60 linked when
    `sizes`), sorted by a header link (``?sort=name``), filtered by a sidebar link
    (``?kind=a``), with a facet toggle (``?_facet=kind``), exports (``/rows.csv``,
    ``/rows.json``) and a "next" cursor (``?_next=<offset>``); each row opens ``/rows/<id>``,
    its link carrying the list's query back (``?back=…``) on every page but the bare first.
    With `offered`, no page size is linked: the CSV export's link and its form's hidden field
    name the size its data is given at (``/rows.csv?size=max``), which the list takes too."""

    kind = "entity-tree"

    def __init__(self, *, sizes: bool, offered: bool = False) -> None:
        self.sizes, self.offered = sizes, offered
        self.id = "table-offered" if offered else "table-sizes" if sizes else "table-cursor"

    @staticmethod
    def _page(title: str, body: str) -> web.Response:
        nav = '<nav class="menu"><a href="/">Home</a> <a href="/rows">Rows</a></nav>'
        html = f"<html><head><title>{title}</title></head><body>{nav}<h1>{title}</h1>{body}"
        return web.Response(text=html + "</body></html>", content_type="text/html")

    @staticmethod
    def _name(row: int) -> str:
        return f"row {(row * 37) % ROWS:03d}"

    def _list(self, query: dict[str, str]) -> web.Response:
        rows = [r for r in range(1, ROWS + 1) if query.get("kind") in (None, KINDS[r % 3])]
        size = len(rows) if query.get("size") == "max" else int(query.get("size", "10"))
        order = query.get("sort", "id")
        rows.sort(key=self._name if order.lstrip("-") == "name" else int)
        if order.startswith("-"):
            rows.reverse()
        start = int(query.get("_next", "0"))
        shown = rows[start : start + size]

        def href(**change: str | None) -> str:
            q = {k: v for k, v in (query | change).items() if v is not None}
            return "?" + urlencode(sorted(q.items())) if q else "/rows"

        back = f"?{urlencode({'back': urlencode(sorted(query.items()))})}" if query else ""
        table = "".join(
            f'<tr><td><a href="/rows/{r}{back}">{self._name(r)}</a></td><td>{KINDS[r % 3]}</td>'
            "</tr>"
            for r in shown
        )
        header = "".join(
            f'<th><a href="{href(sort=s, _next=None)}">{s}</a></th>'
            for s in ("name", "-name", "-id")
        )
        filters = (
            "".join(f'<li><a href="{href(kind=k, _next=None)}">{k}</a></li>' for k in KINDS)
            + f'<li><a href="{href(_facet="kind", _next=None)}">facet by kind</a></li>'
        )
        sizes = (
            "".join(f'<a href="{href(size=str(n), _next=None)}">{n}</a> ' for n in (10, 30, 60))
            if self.sizes
            else ""
        )
        more = start + size < len(rows)
        pager = (
            f'<a rel="next" href="{href(_next=str(start + size))}">Next page</a>' if more else ""
        )
        body = (
            f'<aside class="filters"><ul>{filters}</ul></aside>'
            f'<div class="sizes">{sizes}</div>'
            f'<table class="rows"><thead><tr>{header}</tr></thead>{table}</table>'
            f'<p class="pager">{pager}</p>'
            + (
                '<p class="export"><a href="/rows.csv?size=max">CSV</a></p>'
                '<form action="/rows.csv"><input type="hidden" name="size" value="max">'
                '<input type="submit" value="Export"></form>'
                if self.offered
                else '<p class="export"><a href="/rows.csv">CSV</a> <a href="/rows.json">JSON</a></p>'
            )
        )
        return self._page(f"{len(rows)} rows", body)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        query = dict(parse_qsl(request.query_string, keep_blank_values=True))
        if path == "/rows":
            return self._list(query)
        if path == "/rows.csv":
            return web.Response(text="id\n1\n", content_type="text/csv")
        if path == "/rows.json":
            return web.json_response([{"id": 1}])
        if path.startswith("/rows/"):
            row = path.rsplit("/", 1)[-1]
            if row.isdigit() and 1 <= int(row) <= ROWS:
                crumbs = '<nav class="crumbs"><a href="/rows">Rows</a></nav>'
                facts = f"<dl><dt>Name</dt><dd>{self._name(int(row))}</dd></dl>"
                return self._page(f"Row {row}", crumbs + facts)
        if path == "/":
            return self._page("Home", '<p><a href="/rows">Rows</a></p>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        rows = tuple(f"{base_url}/rows/{r}" for r in range(1, ROWS + 1))
        size = 60 if self.sizes else 10
        if self.offered:
            return SiteTruth(
                site=self.id,
                base_url=base_url,
                kind=self.kind,
                entities={"row": rows},
                target_type="row",
                seed_entity=rows[0],
                seed_path=(f"{base_url}/rows", rows[0]),
                index_levels=((f"{base_url}/rows?size=max",),),
            )
        pages = tuple(
            canonical_url(f"{base_url}/rows?" + urlencode(sorted(q.items())))
            if (q := ({"size": str(size)} if self.sizes else {}) | ({"_next": str(n)} if n else {}))
            else f"{base_url}/rows"
            for n in range(0, ROWS, size)
        )
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"row": rows},
            target_type="row",
            seed_entity=rows[0],
            seed_path=(f"{base_url}/rows", rows[0]),
            index_levels=(pages,),
        )


class _SpelledSite(Site):
    """`/list` shows 10 of the rows at a time and leaves its state to defaults: every link on
    it spells them out (``order=ASC&page=1&size=10&sort=id``), a sort order or a filter on its
    first page, as a single-page application's routes do. Its pager shows a window around the
    page with the first and last pages (``1 2 3 … 12``); each row opens ``/items/<id>``."""

    kind = "entity-tree"
    id = "list-spelled"
    per_page = 10

    def _list(self, query: dict[str, str]) -> web.Response:
        page, order, kind = int(query.get("page", "1")), query.get("sort", "id"), query.get("kind")
        rows = [r for r in range(1, ROWS + 1) if kind in (None, KINDS[r % 3])]
        rows.sort(key=_TableSite._name if order == "name" else int)
        last = math.ceil(len(rows) / self.per_page)
        state = {"order": "ASC", "page": "1", "size": str(self.per_page), "sort": order}

        def href(**change: str) -> str:
            q = state | ({"kind": kind} if kind else {}) | change
            return "/list?" + urlencode(sorted(q.items()))

        window = sorted({1, last, *range(max(1, page - 1), min(last, page + 1) + 1)})
        pager = " ".join(f'<a href="{href(page=str(n))}">{n}</a>' for n in window)
        header = "".join(
            f'<th><a href="{href(sort=s, page="1")}">{s}</a></th>' for s in ("id", "name")
        )
        filters = "".join(f'<li><a href="{href(kind=k, page="1")}">{k}</a></li>' for k in KINDS)
        table = "".join(
            f'<tr><td><a href="/items/{r}">{_TableSite._name(r)}</a></td></tr>'
            for r in rows[(page - 1) * self.per_page : page * self.per_page]
        )
        body = (
            f'<aside class="filters"><ul>{filters}</ul></aside>'
            f'<table class="rows"><thead><tr>{header}</tr></thead>{table}</table>'
            f'<p class="pager">{pager}</p>'
        )
        return _TableSite._page(f"{len(rows)} rows", body)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/list":
            return self._list(dict(parse_qsl(request.query_string)))
        row = request.path.removeprefix("/items/")
        if row.isdigit() and 1 <= int(row) <= ROWS:
            crumbs = '<nav class="crumbs"><a href="/list">Rows</a></nav>'
            return _TableSite._page(f"Row {row}", crumbs + f"<p>{_TableSite._name(int(row))}</p>")
        if request.path == "/":
            return _TableSite._page("Home", '<p><a href="/list">Rows</a></p>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        rows = tuple(f"{base_url}/items/{r}" for r in range(1, ROWS + 1))
        state = {"order": "ASC", "size": str(self.per_page), "sort": "id"}
        query = ({**state, "page": str(n)} for n in range(2, ROWS // self.per_page + 1))
        pages = (
            f"{base_url}/list",
            *(canonical_url(f"{base_url}/list?" + urlencode(sorted(q.items()))) for q in query),
        )
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"row": rows},
            target_type="row",
            seed_entity=rows[0],
            seed_path=(f"{base_url}/list", rows[0]),
            index_levels=(pages,),
        )


class _LogSite(Site):
    """A revision log: `/log` shows the newest 10 of `ROWS` revisions, its "Older »" link
    `/log/<revno>?start=<tip>` the 10 from `revno` down (an opaque cursor kept in the query
    while the path changes), each page after the first a "« Newer" link back; each revision
    opens `/rev/<revno>`."""

    kind = "entity-tree"
    id = "log-cursor"

    def _log(self, top: int) -> web.Response:
        shown = range(top, max(0, top - 10), -1)
        rows = "".join(
            f'<tr><td><a href="/rev/{r}">{_TableSite._name(r)}</a></td></tr>' for r in shown
        )
        pager = f'<a href="/log/{top + 10}?start={ROWS}">&laquo; Newer</a> ' if top < ROWS else ""
        if top > 10:
            pager += f'<a href="/log/{top - 10}?start={ROWS}">Older &raquo;</a>'
        body = f'<table class="log">{rows}</table><p class="pager">{pager}</p>'
        return _TableSite._page(f"Revisions from {top}", body)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/log":
            return self._log(ROWS)
        top = path.removeprefix("/log/")
        if top.isdigit() and request.query.get("start") == str(ROWS):
            return self._log(int(top))
        row = path.removeprefix("/rev/")
        if row.isdigit() and 1 <= int(row) <= ROWS:
            crumbs = '<nav class="crumbs"><a href="/log">Log</a></nav>'
            return _TableSite._page(
                f"Revision {row}", crumbs + f"<p>{_TableSite._name(int(row))}</p>"
            )
        if path == "/":
            return _TableSite._page("Home", '<p><a href="/log">Log</a></p>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        rows = tuple(f"{base_url}/rev/{r}" for r in range(ROWS, 0, -1))
        older = (f"{base_url}/log/{top}?start={ROWS}" for top in range(ROWS - 10, 0, -10))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"revision": rows},
            target_type="revision",
            seed_entity=rows[0],
            seed_path=(f"{base_url}/log", rows[0]),
            index_levels=((f"{base_url}/log", *older),),
        )


class _TwoTablesSite(Site):
    """A database browser: `/db` links two tables, `/db/towns` (the seed's: 60 towns, fields
    Name and Region) and `/db/weather` (60 days, fields Date, Rain and Wind), each listed 10
    rows a page with a "next" cursor (``?_next=<offset>``); a row opens `/db/<table>/<id>`,
    a key/value table of its fields."""

    kind = "entity-tree"
    id = "two-tables"
    fields: ClassVar[dict[str, tuple[str, ...]]] = {
        "towns": ("Name", "Region"),
        "weather": ("Date", "Rain", "Wind"),
    }

    def _list(self, table: str, start: int) -> web.Response:
        rows = "".join(
            f'<tr><td><a href="/db/{table}/{r}">{table} {r:03d}</a></td></tr>'
            for r in range(start + 1, min(ROWS // 2, start + 10) + 1)
        )
        more = start + 10 < ROWS // 2
        pager = f'<a href="/db/{table}?_next={start + 10}">Next page</a>' if more else ""
        crumbs = '<nav class="crumbs"><a href="/db">db</a></nav>'
        body = f'{crumbs}<table class="rows">{rows}</table><p class="pager">{pager}</p>'
        return _TableSite._page(table, body)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        parts = [p for p in request.path.split("/") if p]
        if parts == ["db"]:
            tables = "".join(f'<li><a href="/db/{t}">{t}</a></li>' for t in self.fields)
            return _TableSite._page("db", f'<ul class="tables">{tables}</ul>')
        if len(parts) == 2 and parts[1] in self.fields:
            return self._list(parts[1], int(request.query.get("_next", "0")))
        if len(parts) == 3 and parts[1] in self.fields and parts[2].isdigit():
            cells = "".join(
                f"<tr><td><strong>{f}</strong></td><td>{f.lower()} {parts[2]}</td></tr>"
                for f in self.fields[parts[1]]
            )
            crumbs = f'<nav class="crumbs"><a href="/db/{parts[1]}">{parts[1]}</a></nav>'
            return _TableSite._page(f"{parts[1]} {parts[2]}", f"{crumbs}<table>{cells}</table>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        towns = tuple(f"{base_url}/db/towns/{r}" for r in range(1, ROWS // 2 + 1))
        after = (f"{base_url}/db/towns?_next={n}" for n in range(10, ROWS // 2, 10))
        pages = (f"{base_url}/db/towns", *after)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"town": towns},
            target_type="town",
            seed_entity=towns[0],
            seed_path=(f"{base_url}/db", f"{base_url}/db/towns", towns[0]),
            index_levels=((f"{base_url}/db",), pages),
        )


async def _discover(truth: SiteTruth) -> tuple[float, list[str], list[tuple[str, str, str]]]:
    result, downloaded = await ssup_counting(truth.seed_entity)
    assert result.complete, result.reason
    trace = [(t.decision, t.subject, t.note) for t in result.trace if t.step == "pagination"]
    return set_scores(result.entities, truth.target_entities).f1, downloaded, trace


async def test_a_table_is_paged_at_its_largest_page_size_and_its_views_are_not_loaded() -> None:
    async with LabServer([_TableSite(sizes=True)]) as server:
        truth = server.truth("table-sizes")
        f1, downloaded, trace = await _discover(truth)
    assert f1 == 1.0
    assert len(downloaded) <= math.ceil(1.5 * truth.lower_bound_downloads), downloaded
    # Pages at the largest size only; no sort order, filter, facet or export loaded.
    lists = [u for u in downloaded if "/rows?" in u]
    assert lists and all("size=60" in u for u in lists), lists
    assert set(lists) <= set(truth.index_levels[0]), lists
    assert not [u for u in downloaded if "sort=" in u or "kind=" in u or "/rows." in u]
    notes = " ".join(note for _, _, note in trace)
    assert "page sizes: the largest" in notes
    assert "they download the list's data" in notes
    assert "a view of the list" in notes


async def test_a_page_size_named_only_by_the_lists_export_is_taken() -> None:
    async with LabServer([_TableSite(sizes=False, offered=True)]) as server:
        truth = server.truth("table-offered")
        f1, downloaded, trace = await _discover(truth)
    assert f1 == 1.0
    # The list at the size its export names, one page: not its cursor's 12 pages of 10.
    lists = [u for u in downloaded if "/rows?" in u]
    assert lists == list(truth.index_levels[0]), downloaded
    assert len(downloaded) <= math.ceil(1.5 * truth.lower_bound_downloads), downloaded
    offered = [s for d, s, _ in trace if d == "candidate"]
    assert offered == list(truth.index_levels[0]), trace


def test_page_size_offers_are_read_from_links_and_forms_of_the_list() -> None:
    rows = [f'<a href="/rows/{r}">row {r}</a>' for r in range(10)]
    html = (
        "<html><body>"
        + "".join(rows)
        + '<a href="/rows?_next=10">Next</a> <a href="/rows?_facet_size=max">all facets</a>'
        '<a href="/other.csv?_size=max">CSV</a>'
        '<form action="/rows"><select name="per_page"><option>25</option><option>50</option>'
        '<option value="5">five</option></select></form>'
        '<form action="/rows.csv"><input type="hidden" name="page_size" value="all"></form>'
        '<form action="/rows" method="post"><input type="hidden" name="limit" value="900">'
        '</form><select onchange="window.location = this.value">'
        '<option value="/rows?rows=20">20</option><option value="http://h/rows?rows=40">40'
        "</option></select></body></html>"
    )
    page = snapshot_from_html("http://h/rows", "http://h/rows", 200, html)
    assert size_offers(page, 10) == [
        ("http://h/rows?page_size=all", ALL_ENTRIES),
        ("http://h/rows?per_page=50", 50),
        ("http://h/rows?rows=40", 40),
    ]
    # A page at a size its URL names offers no smaller one, though it shows fewer entries.
    last = snapshot_from_html("http://h/rows?per_page=50&_next=40", "http://h/rows", 200, html)
    assert [u for u, _ in size_offers(last, 3)] == [
        "http://h/rows?per_page=50&_next=40&page_size=all"
    ]
    # A list shown whole (no further page of it linked) needs no larger page.
    shown_whole = html.replace('<a href="/rows?_next=10">Next</a>', "")
    whole = snapshot_from_html("http://h/rows", "http://h/rows", 200, shown_whole)
    assert size_offers(whole, 10) == []
    assert [n for n in ("_size", "pageSize", "per_page", "limit", "rows") if is_size_name(n)]
    assert not [n for n in ("_facet_size", "font_size", "n", "sizes") if is_size_name(n)]


async def test_another_tables_list_is_judged_by_its_first_row_not_paged() -> None:
    async with LabServer([_TwoTablesSite()]) as server:
        truth = server.truth("two-tables")
        f1, downloaded, trace = await _discover(truth)
    assert f1 == 1.0
    # The weather table's first page only, not its 5 further pages; of its rows, those the
    # entity level judges its two groups by (``/db/weather/1`` … ``/9`` and ``/10``).
    assert not [u for u in downloaded if "/db/weather?" in u], downloaded
    assert len([u for u in downloaded if "/db/weather/" in u]) <= 2, downloaded
    assert len(downloaded) <= math.ceil(1.5 * truth.lower_bound_downloads), downloaded
    pruned = [(d, s) for d, s, n in trace if "another kind" in n]
    assert pruned == [("prune", f"{truth.base_url}/db/weather")], trace


async def test_a_cursor_is_followed_to_the_end_of_the_list() -> None:
    async with LabServer([_TableSite(sizes=False)]) as server:
        truth = server.truth("table-cursor")
        f1, downloaded, trace = await _discover(truth)
    assert f1 == 1.0
    assert len(downloaded) <= math.ceil(1.5 * truth.lower_bound_downloads), downloaded
    lists = {u for u in downloaded if "/rows?" in u}
    assert lists == set(truth.index_levels[0]) - {f"{truth.base_url}/rows"}, lists
    kept = [subject for decision, subject, _ in trace if decision == "keep"]
    assert len(kept) == len(lists)


async def test_a_cursor_changing_a_path_segment_is_followed_older_to_the_end() -> None:
    # The first page's "Older" link opens the family (path and cursor both differ from /log);
    # each next page's keeps the cursor and changes the path: the same family, read from /log.
    # Its "« Newer" link leads back to the page before: never loaded.
    async with LabServer([_LogSite()]) as server:
        truth = server.truth("log-cursor")
        f1, downloaded, trace = await _discover(truth)
    assert f1 == 1.0
    assert len(downloaded) <= math.ceil(1.5 * truth.lower_bound_downloads), downloaded
    lists = {u for u in downloaded if "/log/" in u}
    assert lists == set(truth.index_levels[0]) - {f"{truth.base_url}/log"}, lists
    kept = [subject for decision, subject, _ in trace if decision == "keep"]
    assert len(kept) == len(lists)


async def test_a_first_page_leaving_its_state_to_defaults_is_paged_to_the_end() -> None:
    # The links spelling out the first page's defaults (its page 1, sort by id) are that page:
    # the pager's family varies the page alone, the sort orders and filters are its views, and
    # the window's last page, loaded early, leaves the pages between it and the window to come.
    async with LabServer([_SpelledSite()]) as server:
        truth = server.truth("list-spelled")
        f1, downloaded, trace = await _discover(truth)
    assert f1 == 1.0
    assert len(downloaded) <= math.ceil(1.5 * truth.lower_bound_downloads), downloaded
    lists = {u for u in downloaded if "/list?" in u}
    assert lists == set(truth.index_levels[0]) - {f"{truth.base_url}/list"}, lists
    views = [subject for decision, subject, _ in trace if decision == "skip"]
    assert any("sort=*" in v for v in views) and any("kind=*" in v for v in views), views


def test_a_pages_defaults_are_the_values_its_links_spell_out() -> None:
    page = "http://h/#/movies"
    state = "order=ASC&page={}&perPage=25&sort={}"
    links = [f"{page}?{state.format(n, 'id')}" for n in (2, 3, 40)]
    links += [f"{page}?{state.format(1, s)}" for s in ("id", "title", "year")]
    links += [f"{page}?genre={g}&{state.format(1, 'id')}" for g in ("drama", "comedy")]
    defaults = spelled_defaults(page, [*links, "http://h/#/movies/7/show"])
    assert defaults == {"order": "ASC", "page": "1", "perPage": "25", "sort": "id"}
    assert family_of(page, links[0], defaults) == (
        "http://h/#/movies?order=ASC&page=*&perPage=25&sort=id",
        ("2",),
    )
    assert family_of(page, links[3], defaults) is None  # the page itself, spelled out
    # A value only links to one place carry is none: a pager's "2" and "next" both.
    assert spelled_defaults("http://h/l", ["http://h/l?p=2", "http://h/l?p=2"]) == {}


def test_a_family_is_what_a_link_varies_of_the_page_linking_it() -> None:
    base = "http://h/day/"
    assert family_of(base, base + "?p=2") == ("http://h/day/?p=*", ("2",))
    assert family_of(base + "?o=1", base + "?o=1&p=3") == ("http://h/day/?o=1&p=*", ("3",))
    # A cursor page links the next one in the same family as the first page does.
    first = family_of("http://h/t", "http://h/t?_next=100")
    assert first is not None and family_of("http://h/t?_next=100", "http://h/t?_next=200") == (
        first[0],
        ("200",),
    )
    # An empty parameter (a search form's blank field) selects nothing either way.
    assert family_of("http://h/l?q=&s=0", "http://h/l?s=50") == ("http://h/l?s=*", ("50",))
    assert family_of(base, base) is None


def test_exports_and_a_lists_state_are_told_apart() -> None:
    assert is_export("http://h/vega/airports.csv")
    assert is_export("http://h/admin/car/export/json")
    assert is_export("http://h/rows?format=csv")
    # A tracker's tab-separated and plain-text renderings of a ticket are text, no page.
    assert is_export("http://h/ticket/17?format=tab")
    assert is_export("http://h/wiki/Start?format=txt")
    assert not is_export("http://h/ticket/17?format=html")
    assert not is_export("http://h/settings/tab")
    assert not is_export("http://h/rows/5")
    assert not is_export("http://h/docs/json-guide")
    link = "http://h/admin/day/51/change/?_changelist_filters=p%3D2"
    assert state_params(link, "http://h/admin/day/?p=2") == {"_changelist_filters"}
    assert state_params(link, "http://h/admin/day/?p=3") == frozenset()
    assert entity_key(link, frozenset()) == "http://h/admin/day/51/change/"
    assert entity_key("http://h/item?id=7&ref=list", frozenset({"id"})) == "http://h/item?id=7"
    # A hash route's path is the entity (its fragment), its list state none.
    assert entity_key("http://h/#/movies/7/show?ref=1", frozenset()) == "http://h/movies/7/show"


def test_the_largest_page_size_comes_first_then_its_pager_to_the_end() -> None:
    families = Families()
    page = "http://h/list"
    for size in (10, 25, 100):
        families.add(page, f"{page}?page=1&pageSize={size}", str(size), 10, page, True)
    for n in (2, 3):
        families.add(page, f"{page}?page={n}", str(n), 10, page, True)
    sizes = families.best()
    assert sizes is not None and sizes.sizes == 100
    assert sizes.pending(families.done)[0] == f"{page}?page=1&pageSize=100"
    # A pager that added new entries on every page, none left after its last, ends its list.
    pager = families.families["http://h/list?page=*"]
    for url in (f"{page}?page=2", f"{page}?page=3"):
        families.done.add(url)
        pager.record(url, 10, 10)
    families.add(f"{page}?page=3", f"{page}?page=1", "1", 10, page, True)
    assert pager.ended(families.done) and pager.committed()
