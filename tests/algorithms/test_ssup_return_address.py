"""SSUP on an admin list whose record links carry a return address: each row opens
``/admin/item/details/?id=<n>&url=<the list page's address>`` (the list page's own path and
query, percent-encoded), so that its "back" button returns to the page it came from. The seed
is a record's page without it. The list shows 20 records a page unless a page size is chosen
(its size links spell the default out: ``?page_size=20`` is the first page itself), and its
column headers sort it."""

from __future__ import annotations

import base64
import json
import math
from urllib.parse import parse_qsl, quote, urlencode

from aiohttp import web

from siteseer.algorithms import ssup
from siteseer.algorithms.ssup.yields import Families, spelled_defaults, state_params, stateless
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores
from siteseer.render import Link, Snapshot

RECORDS = 230
SIZES = (20, 50, 100)  # page sizes; the first is the default
SORTS = ("0", "3", "4")  # the columns a header link sorts by


def _html(title: str, body: str) -> web.Response:
    nav = (
        '<nav class="navbar"><ul class="nav"><li><a href="/admin/">Home</a></li>'
        '<li><a href="/admin/item/">Items</a></li><li><a href="/admin/kind/">Kinds</a></li>'
        "</ul></nav>"
    )
    html = f"<html><head><title>{title}</title></head><body>{nav}<h1>{title}</h1>{body}"
    return web.Response(text=html + "</body></html>", content_type="text/html")


class _AdminSite(Site):
    """`/admin/item/[?page=N][&page_size=S][&sort=C]` lists the records (page N counts from 0),
    each row linking its details page with the list page's address in ``url``; a details page
    links the list ("List" tab) and the site menu."""

    id = "admin-return"
    kind = "entity-tree"

    def _list(self, query: dict[str, str]) -> web.Response:
        size = int(query.get("page_size", str(SIZES[0])))
        page = int(query.get("page", "0"))
        records = list(range(1, RECORDS + 1))
        if query.get("sort"):
            records.sort(key=lambda n: (hash((query["sort"], n)) % 89, n))
        shown = records[page * size : (page + 1) * size]
        # The address the list page is at, as the application spells it: its size always.
        here = "/admin/item/?" + urlencode({**query, "page_size": str(size)})

        def href(**change: str) -> str:
            q = {**query, "page_size": str(size), **change}
            if q.get("page") == "0":
                del q["page"]  # the first page's link leaves its number out
            return "/admin/item/?" + urlencode(q)

        rows = "".join(
            f'<tr><td class="actions"><a href="/admin/item/details/?id={n}&url={quote(here)}">'
            f"view</a></td><td>Item {n}</td></tr>"
            for n in shown
        )
        sizes = "".join(
            f'<li><a href="/admin/item/?page_size={s}">{s} items</a></li>' for s in SIZES
        )
        sorts = "".join(f'<th><a href="{href(sort=c)}">column {c}</a></th>' for c in SORTS)
        last = -(-RECORDS // size) - 1
        pager = "".join(
            f'<li><a href="{href(page=str(k))}">{k + 1}</a></li>'
            for k in range(max(0, page - 3), min(last, page + 3) + 1)
            if k != page
        )
        if page < last:
            pager += f'<li><a href="{href(page=str(page + 1))}">&gt;</a></li>'
        body = (
            f'<ul class="sizes">{sizes}</ul><table class="list"><tr>{sorts}</tr>{rows}</table>'
            f'<ul class="pagination">{pager}</ul>'
        )
        return _html(f"Items ({RECORDS})", body)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        query = dict(parse_qsl(request.query_string))
        if request.path == "/admin/item/":
            return self._list(query)
        if request.path == "/admin/item/details/":
            n = query.get("id", "")
            if n.isdigit() and 1 <= int(n) <= RECORDS:
                back = query.get("url", "/admin/item/")
                tabs = (
                    f'<ul class="nav-tabs"><li><a href="{back}">List</a></li>'
                    '<li><a href="#">Details</a></li></ul>'
                )
                return _html(f"Item {n}", f"{tabs}<table><tr><td>Item {n}</td></tr></table>")
        if request.path in ("/admin/", "/admin/kind/"):
            return _html("Admin", "<p>Welcome.</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        items = tuple(f"{base_url}/admin/item/details/?id={n}" for n in range(1, RECORDS + 1))
        big = SIZES[-1]
        first = f"{base_url}/admin/item/?page_size={big}"
        pages = (first, *(f"{first}&page={k}" for k in range(1, -(-RECORDS // big))))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"item": items},
            target_type="item",
            seed_entity=items[0],
            seed_path=(f"{base_url}/admin/item/", items[0]),
            index_levels=(pages,),
        )


def test_a_link_carrying_its_pages_address_back_names_what_it_names_without_it() -> None:
    page = "http://h/admin/item/?page=2&page_size=20"
    link = f"http://h/admin/item/details/?id=7&url={quote('/admin/item/?page=2&page_size=20')}"
    assert state_params(link, page) == {"url"}
    # The page's address with another query (the application spells its defaults out) too.
    assert state_params(link, "http://h/admin/item/") == {"url"}
    # A path naming another page is part of what the link names.
    assert state_params("http://h/browse?path=/src/main.c", "http://h/browse") == frozenset()
    assert state_params("http://h/login?next=/admin/", "http://h/admin/item/") == frozenset()
    a = Link(url=link, text="view", path="html/a", path_attrs="html/a", path_values="html/a")
    snap = Snapshot(url=page, final_url=page, status=200, html="", links=(a,))
    assert [k.url for k in stateless(snap).links] == ["http://h/admin/item/details/?id=7"]


def _token(payload: dict[str, str]) -> str:
    """A JSON Web Token of `payload` (header, payload, signature: base64url, no padding)."""

    def part(data: bytes) -> str:
        return base64.urlsafe_b64encode(data).decode().rstrip("=")

    header = part(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    return f"{header}.{part(json.dumps(payload).encode())}.{part(b'signature-bytes')}"


def test_a_signed_token_carrying_the_pages_address_is_a_return_address() -> None:
    # A forum's footer links its feedback and sign-in forms with ?next=<a signed token of the
    # page's path>: every page carries its own, and the footer is one menu without them.
    page = "http://h/questions/"
    link = f"http://h/feedback/?next={_token({'next_url': '/questions/'})}"
    assert state_params(link, page) == {"next"}
    # A token naming another page, or carrying no address, is part of what the link names.
    assert state_params(link, "http://h/question/7/") == frozenset()
    assert state_params(f"http://h/a?t={_token({'user': 'ann'})}", page) == frozenset()
    assert state_params("http://h/a?v=1.2.3", page) == frozenset()


def test_a_page_size_left_to_its_default_is_one_of_the_sizes_offered() -> None:
    # ?page_size=20 spells the first page's default out: it is the page itself, and the
    # family of sizes 50 and 100 is still the page's sizes (20 shown, 100 the largest).
    page = "http://h/admin/item/"
    links = [f"{page}?page_size={s}" for s in SIZES] + [
        f"{page}?page=1&page_size=20",
        f"{page}?sort=0&page_size=20",
        f"{page}?sort=3&page_size=20",
    ]
    defaults = spelled_defaults(page, links)
    families = Families()
    for url in links:
        families.add(page, url, url, 20, page, True, defaults)
    sizes = families.families[f"{page}?page_size=*"]
    assert sizes.sizes == 100
    best = families.best()
    assert best is sizes and best.pending(families.done)[0] == f"{page}?page_size=100"


async def test_ssup_finds_records_linked_with_a_return_address() -> None:
    downloaded: list[str] = []
    async with LabServer([_AdminSite()]) as server:
        truth = server.truth("admin-return")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            session.events.on(
                "page", lambda snap, cached: None if cached else downloaded.append(snap.url)
            )
            result = await ssup(session, truth.seed_entity)
    # Without it, no list page linked the seed (its row link carried ``&url=``): 0 entities.
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    assert result.sample_path == truth.seed_path
    # The list paged at its largest size; no sort order loaded.
    assert len(downloaded) <= math.ceil(1.5 * truth.lower_bound_downloads), downloaded
    assert not [u for u in downloaded if "sort=" in u], downloaded
