"""SSUP's pagination of lists whose pages widen (algorithms/ssup/yields.py), of a list reached
through a tab that redirects to it, and of a list mixing records of two kinds
(algorithms/ssup/items.py), against the truth of four small sites: a change log whose
"more"/"less" links double and halve its length without end (``?revcount=N``), each page
carrying its length on every link; a tracker whose "Items" tab redirects to its list, paged
``?page=N`` at 10 a page, with larger page sizes (``?per_page=25|50``) linked beside it; and a
timeline whose rows are check-ins and tag changes, each linking its ``/info/<id>`` page from the
same cell; a manual's table of contents whose items nest their documents' sections."""

from __future__ import annotations

import math
from urllib.parse import parse_qsl, urlencode

from aiohttp import web
from ssup_runs import ssup_counting

from siteseer.algorithms.ssup.yields import Families, family_of, state_params
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

CHANGES = 150
ITEMS = 120


def _page(title: str, body: str) -> web.Response:
    nav = '<nav class="menu"><a href="/">Home</a> <a href="/help">Help</a></nav>'
    html = f"<html><head><title>{title}</title></head><body>{nav}<h1>{title}</h1>{body}"
    return web.Response(text=html + "</body></html>", content_type="text/html")


class _LogSite(Site):
    """`/log` lists the newest 30 changes; "less" and "more" link ``?revcount=`` half and twice
    its length, whatever the length (past the end too); every link on a page of length N
    carries ``revcount=N`` (a change, the graph and tags views, the older pages by node).
    Each change opens ``/rev/<node>``."""

    kind = "entity-tree"
    id = "log-widening"

    @staticmethod
    def _node(change: int) -> str:
        return f"{(change * 7919) % 1_000_003:012x}"

    def _log(self, query: dict[str, str], start: int) -> web.Response:
        count = int(query.get("revcount", "30"))
        carry = f"?revcount={count}" if "revcount" in query else ""
        shown = range(start, min(CHANGES, start + count))
        rows = "".join(
            f'<tr><td><a href="/rev/{self._node(c)}{carry}">change {c}</a></td></tr>' for c in shown
        )
        older = start + count
        tools = (
            f'<a href="/graph/tip{carry}">graph</a> <a href="/tags{carry}">tags</a> '
            f'<a href="/log/tip?revcount={max(1, count // 2)}">less</a> '
            f'<a href="/log/tip?revcount={count * 2}">more</a>'
        )
        pager = f'<a href="/log/{self._node(older)}{carry}">-{count}</a>' if older < CHANGES else ""
        body = f'<p class="tools">{tools}</p><table class="log">{rows}</table><p>{pager}</p>'
        return _page("log", body)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path, query = request.path, dict(parse_qsl(request.query_string))
        nodes = {self._node(c): c for c in range(CHANGES)}
        if path in ("/log", "/log/tip"):
            return self._log(query, 0)
        if path.startswith("/log/") and path[5:] in nodes:
            return self._log(query, nodes[path[5:]])
        if path.startswith("/rev/") and path[5:] in nodes:
            back = '<p class="crumbs"><a href="/log">log</a></p>'
            return _page(f"change {nodes[path[5:]]}", back + "<pre>diff</pre>")
        if path in ("/graph/tip", "/tags", "/help", "/"):
            return _page(path, '<p><a href="/log">log</a></p>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        changes = tuple(f"{base_url}/rev/{self._node(c)}" for c in range(CHANGES))
        # The list at its widest useful length: 30, 60, 120, then 240 shows all 150.
        pages = (f"{base_url}/log", *(f"{base_url}/log/tip?revcount={n}" for n in (60, 120, 240)))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"change": changes},
            target_type="change",
            seed_entity=changes[0],
            seed_path=(f"{base_url}/log", changes[0]),
            index_levels=(pages,),
        )


class _TrackerSite(Site):
    """The "Items" tab ``/tabs?jump=items`` redirects (302) to ``/items``, 10 items a page,
    paged ``?page=N`` (numbers and "Next"), with page sizes ``?per_page=25|50`` linked beside
    the pager (the current size not linked). Each item opens ``/items/<id>``, which links the
    tab."""

    kind = "entity-tree"
    id = "tracker-redirect"

    def _list(self, query: dict[str, str]) -> web.Response:
        size, page = int(query.get("per_page", "10")), int(query.get("page", "1"))
        last = math.ceil(ITEMS / size)

        def href(**change: str) -> str:
            q = {k: v for k, v in (query | change).items() if k != "page" or v != "1"}
            return "/items?" + urlencode(sorted(q.items())) if q else "/items"

        rows = "".join(
            f'<li><a href="/items/{i}">item {i}</a></li>'
            for i in range((page - 1) * size + 1, min(ITEMS, page * size) + 1)
        )
        pager = " ".join(
            f'<a href="{href(page=str(n))}">{n}</a>' for n in range(1, last + 1) if n != page
        )
        if page < last:
            pager += f' <a href="{href(page=str(page + 1))}">Next</a>'
        sizes = " ".join(
            f'<a href="{href(per_page=str(n), page="1")}">{n}</a>'
            for n in (10, 25, 50)
            if n != size
        )
        body = (
            f'<ul class="items">{rows}</ul><p class="pager">{pager}</p>'
            f'<p class="sizes">Per page: {sizes}</p>'
        )
        return _page("items", body)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/tabs" and request.query.get("jump") == "items":
            raise web.HTTPFound("/items")
        if path == "/items":
            return self._list(dict(parse_qsl(request.query_string)))
        item = path.removeprefix("/items/")
        if item.isdigit() and 1 <= int(item) <= ITEMS:
            tabs = '<ul class="tabs"><li><a href="/tabs?jump=items">Items</a></li></ul>'
            return _page(f"item {item}", tabs + f"<p>item {item}</p>")
        if path in ("/", "/help"):
            return _page(path, '<p><a href="/tabs?jump=items">Items</a></p>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        items = tuple(f"{base_url}/items/{i}" for i in range(1, ITEMS + 1))
        pages = tuple(
            f"{base_url}/items?" + urlencode(sorted(q.items()))
            for q in (
                {"per_page": "50"},
                {"page": "2", "per_page": "50"},
                {"page": "3", "per_page": "50"},
            )
        )
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"item": items},
            target_type="item",
            seed_entity=items[0],
            seed_path=(f"{base_url}/items", items[0]),
            index_levels=(pages,),
        )


class _TimelineSite(Site):
    """`/timeline` lists 40 check-ins, each followed by the tag change made on it: a check-in's
    row draws a node in its graph cell and links ``/info/c<n>``; a tag change's row has an empty
    graph cell, names its check-in in its comment and links its own ``/info/t<n>`` from the same
    cell. A check-in's page and a tag change's are built unlike each other."""

    kind = "entity-tree"
    id = "timeline-kinds"
    count = 40

    def _timeline(self) -> web.Response:
        rows = "".join(
            f'<tr><td class="graph"><div class="node" id="n{n}"></div></td>'
            f'<td class="cell"><span class="comment">release {n}</span>'
            f'<span class="detail">check-in: <a href="/info/c{n}">c{n}</a></span></td></tr>'
            f'<tr><td class="graph"></td><td class="cell"><span class="comment">Edit '
            f'<a href="/info/c{n}">[c{n}]</a>: add tag</span>'
            f'<span class="detail">artifact: <a href="/info/t{n}">t{n}</a></span></td></tr>'
            for n in range(self.count)
        )
        return _page("timeline", f'<table class="timeline">{rows}</table>')

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/timeline":
            return self._timeline()
        name = path.removeprefix("/info/")
        if name[:1] in ("c", "t") and name[1:].isdigit() and int(name[1:]) < self.count:
            back = '<p class="crumbs"><a href="/timeline">timeline</a></p>'
            if name[0] == "c":
                files = "".join(f'<li><a href="/file/{name}/{f}">{f}</a></li>' for f in "abc")
                body = f'{back}<h2>Check-in</h2><ul class="files">{files}</ul>'
                body += f'<p class="diff"><a href="/vdiff/{name}">diff</a></p>'
                body += f'<dl><dt>parent</dt><dd><a href="/info/c{int(name[1:]) + 1}">up</a></dd>'
                body += f'<dt>user</dt><dd><a href="/user/u{name}">user</a></dd></dl>'
                body += f'<table class="context"><tr><td><a href="/tree/{name}">tree</a></td>'
                body += f'<td><a href="/zip/{name}">zip</a></td></tr></table>'
            else:
                body = f'{back}<pre class="artifact">tag +release</pre>'
            return _page(name, body)
        if path in ("/", "/help"):
            return _page(path, '<p><a href="/timeline">timeline</a></p>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        checkins = tuple(f"{base_url}/info/c{n}" for n in range(self.count))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"check-in": checkins},
            target_type="check-in",
            seed_entity=checkins[0],
            seed_path=(f"{base_url}/timeline", checkins[0]),
            index_levels=((f"{base_url}/timeline",),),
        )


async def _discover(truth: SiteTruth) -> tuple[float, list[str], list[tuple[str, str, str]]]:
    result, downloaded = await ssup_counting(truth.seed_entity, height=1)
    assert result.complete, result.reason
    trace = [(t.step, t.decision, f"{t.subject}: {t.note}") for t in result.trace]
    return set_scores(result.entities, truth.target_entities).f1, downloaded, trace


async def test_a_list_widened_without_end_is_loaded_at_its_widest_useful_length() -> None:
    async with LabServer([_LogSite()]) as server:
        truth = server.truth("log-widening")
        f1, downloaded, trace = await _discover(truth)
    assert f1 == 1.0
    # The climb's probes and one page of the list's pager at a narrower length come on top.
    assert len(downloaded) <= 2 * truth.lower_bound_downloads, downloaded
    lengths = sorted(int(u.rsplit("=", 1)[1]) for u in downloaded if "/log/tip?revcount=" in u)
    # 60, 120, 240: the last one loaded, its 150 changes fewer than it asks for (all of them).
    assert lengths == [60, 120, 240], lengths
    notes = " ".join(note for step, _, note in trace if step == "pagination")
    assert "shows 150 entries at the page size 240: the whole list" in notes


async def test_a_tab_redirecting_to_its_list_is_that_list_paged_at_its_largest_size() -> None:
    async with LabServer([_TrackerSite()]) as server:
        truth = server.truth("tracker-redirect")
        f1, downloaded, trace = await _discover(truth)
    assert f1 == 1.0
    assert len(downloaded) <= math.ceil(1.5 * truth.lower_bound_downloads), downloaded
    lists = {u for u in downloaded if "/items?" in u}
    assert lists <= set(truth.index_levels[0]), lists
    assert ("sample-path", "redirect") in {(step, decision) for step, decision, _ in trace}


def test_a_pages_own_state_carried_by_its_links_is_no_value_they_vary() -> None:
    # On page 2 of a list, its sort links carry page=2: with the page's state left open, the
    # sort orders of every page are one family, not one a page.
    page2, page3 = "http://h/items?page=2", "http://h/items?page=3"
    state = frozenset({"page"})
    two = family_of(page2, f"{page2}&sort=name", None, state)
    three = family_of(page3, f"{page3}&sort=name", None, state)
    assert two == three == ("http://h/items?page=~&sort=*", ("name",))
    # A pager link changes the state: it varies it as before.
    assert family_of(page2, page3, None, state) == ("http://h/items?page=*", ("3",))
    # An entry's link carrying its list's length names the entry without it.
    log = "http://h/log/tip?revcount=240"
    assert state_params("http://h/rev/ab?revcount=240", log, frozenset()) == {"revcount"}
    assert state_params("http://h/rev/ab?revcount=240", log, frozenset({"revcount"})) == set()
    assert state_params("http://h/rev/ab?revcount=240", log) == set()


def test_page_sizes_need_not_include_the_size_shown() -> None:
    families = Families()
    page = "http://h/items"
    for size in (25, 50):
        families.add(page, f"{page}?per_page={size}", str(size), 10, page, True)
    sizes = families.best()
    assert sizes is not None and sizes.sizes == 50
    assert sizes.pending(families.done)[0] == f"{page}?per_page=50"


async def test_records_of_another_kind_listed_in_the_same_cell_are_not_entities() -> None:
    async with LabServer([_TimelineSite()]) as server:
        truth = server.truth("timeline-kinds")
        f1, downloaded, trace = await _discover(truth)
    assert f1 == 1.0
    # One page of the tag changes' rows is loaded to tell their kind: the others are not.
    assert len([u for u in downloaded if "/info/t" in u]) == 1, downloaded
    assert any("items unlike the sample's" in subject for _, _, subject in trace), trace


class _ManualSite(Site):
    """`/index.html` lists a manual's documents in captioned groups (a table of contents): each
    document's item nests the list of its sections, as deep as the document goes, and a
    document with no sections has none. The sample (`/doc/d0.html`) has sections two deep, no
    document of the second group more than one; the short documents are built unlike it (a
    note, no sections)."""

    kind = "entity-tree"
    id = "manual-toc"
    groups = (("Basics", 0, 4), ("Guide", 4, 9))
    depths = (2, 1, 0, 0, 0, 0, 0, 1, 0)

    def _depth(self, n: int) -> int:
        return self.depths[n]

    def _sections(self, n: int, depth: int) -> str:
        if depth == 0:
            return ""
        inner = self._sections(n, depth - 1)
        items = "".join(
            f'<li class="l"><a href="/doc/d{n}.html#s{depth}{k}">part {k}</a>{inner}</li>'
            for k in range(2)
        )
        return f"<ul>{items}</ul>"

    def _index(self) -> web.Response:
        body = '<div class="toc">'
        for caption, start, end in self.groups:
            items = "".join(
                f'<li class="l1"><a href="/doc/d{n}.html">doc {n}</a>'
                f"{self._sections(n, self._depth(n))}</li>"
                for n in range(start, end)
            )
            body += f'<section><p class="caption">{caption}</p><ul>{items}</ul></section>'
        return _page("manual", body + "</div>")

    def _doc(self, n: int) -> web.Response:
        back = '<p class="crumbs"><a href="/index.html">contents</a></p>'
        if self._depth(n) == 0:
            return _page(f"doc {n}", f"{back}<p>a short note {n}</p>")
        parts = "".join(
            f'<section id="s{k}"><h2>part {k}<a href="#s{k}">#</a></h2><p>see <a '
            f'href="/api/x{k}">x{k}</a></p><dl><dt>option</dt><dd><a href="/api/y{k}">y</a>'
            '</dd></dl><table><tr><td><a href="/api/z">z</a></td></tr></table></section>'
            for k in range(3)
        )
        return _page(f"doc {n}", f"{back}<article>{parts}</article>")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            return self._index()
        name = path.removeprefix("/doc/").removesuffix(".html")
        if path.endswith(".html") and name[:1] == "d" and name[1:].isdigit() and int(name[1:]) < 9:
            return self._doc(int(name[1:]))
        if path == "/help":
            return _page("help", '<p><a href="/index.html">contents</a></p>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        docs = tuple(f"{base_url}/doc/d{n}.html" for n in range(9))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"document": docs},
            target_type="document",
            seed_entity=docs[0],
            seed_path=(f"{base_url}/index.html", docs[0]),
            index_levels=((f"{base_url}/index.html",),),
        )


async def test_a_table_of_contents_lists_documents_of_every_depth_as_one_kind() -> None:
    # A document's item in the contents nests its sections' links: how deep is its content,
    # not another kind of record, and the groups the items are captioned in are no items.
    async with LabServer([_ManualSite()]) as server:
        truth = server.truth("manual-toc")
        f1, _, trace = await _discover(truth)
    assert f1 == 1.0, trace
