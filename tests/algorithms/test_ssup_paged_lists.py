"""SSUP over lists that fill a page of one size: a tracker whose ticket links to the tickets of
its reporter, its owner and every open ticket, three queries of one table and one pager. The
reporter's list and the open tickets' fill their first pages alike (one weight W_ci); the
open tickets' pager offers more pages."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.algorithms.ssup.yields import pages_offered
from siteseer.lab import Site, SiteTruth, set_scores
from siteseer.render import Link, Snapshot

TICKETS = 100
PAGE = 10  # tickets to a query page
REPORTED = 30  # tickets 1 … 30 reported by alice (3 pages), the others by carol
OWNED = 7  # tickets 1 … 7 owned by bob (part of a page), the others by dave


def _html(title: str, body: str) -> web.Response:
    nav = '<ul id="nav"><li><a href="/">Home</a></li><li><a href="/help">Help</a></li></ul>'
    html = f"<html><head><title>{title}</title></head><body>{nav}<h1>{title}</h1>{body}"
    return web.Response(text=html + "</body></html>", content_type="text/html")


class _TrackerSite(Site):
    """`/ticket/<n>` links the open tickets' query beside its title (``/query?status=open``)
    and its reporter's and owner's in its fields' table (``/query?reporter=alice&status=open``,
    ``/query?owner=bob&status=open``); a query page shows PAGE tickets by id in one table and numbered
    pages (``&page=N``) with a "next" link."""

    id = "paged-tracker"
    kind = "entity-tree"

    @staticmethod
    def _reporter(n: int) -> str:
        return "alice" if n <= REPORTED else "carol"

    @staticmethod
    def _owner(n: int) -> str:
        return "bob" if n <= OWNED else "dave"

    def _query(self, query: dict[str, str]) -> web.Response:
        tickets = [
            n
            for n in range(1, TICKETS + 1)
            if query.get("reporter", self._reporter(n)) == self._reporter(n)
            and query.get("owner", self._owner(n)) == self._owner(n)
        ]
        page = int(query.get("page", "1"))
        pages = max(1, -(-len(tickets) // PAGE))
        rows = "".join(
            f'<tr><td><a href="/ticket/{n}">#{n}</a></td><td>Ticket {n}</td></tr>'
            for n in tickets[(page - 1) * PAGE : page * PAGE]
        )
        base = {k: v for k, v in query.items() if k != "page"}
        pager = "".join(
            f'<a href="/query?{urlencode({**base, "page": str(k)})}">{k}</a> '
            for k in range(1, pages + 1)
            if k != page
        )
        if page < pages:
            pager += f'<a href="/query?{urlencode({**base, "page": str(page + 1)})}">Next</a>'
        return _html(
            f"{len(tickets)} tickets",
            f'<table class="tickets">{rows}</table><div class="paging">{pager}</div>',
        )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/query":
            return self._query(dict(parse_qsl(request.query_string)))
        number = path.removeprefix("/ticket/")
        if number != path and number.isdigit() and 1 <= int(number) <= TICKETS:
            n = int(number)
            # The status beside the title, the reporter and the owner in the fields' table.
            status = '<h2><span class="status"><a href="/query?status=open">open</a></span></h2>'
            fields = (
                f'<table class="fields"><tr><th>Reporter</th><td><a href="/query?reporter='
                f'{self._reporter(n)}&status=open">{self._reporter(n)}</a></td></tr>'
                f'<tr><th>Owner</th><td><a href="/query?owner={self._owner(n)}&status=open">'
                f"{self._owner(n)}</a></td></tr></table>"
            )
            return _html(f"Ticket {n}", f"{status}<p>The text of ticket {n}.</p>{fields}")
        if path in ("/", "/help"):
            return _html(path, "<p>Nothing listed here.</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        tickets = tuple(f"{base_url}/ticket/{n}" for n in range(1, TICKETS + 1))
        first = f"{base_url}/query?status=open"
        pages = tuple(
            f"{base_url}/query?status=open&page={k}" for k in range(2, TICKETS // PAGE + 1)
        )
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"ticket": tickets},
            target_type="ticket",
            seed_entity=tickets[0],
            seed_path=(first, tickets[0]),
            index_levels=((first, *pages),),
        )


async def test_of_two_lists_filling_a_page_alike_the_one_offering_more_pages_is_the_index() -> None:
    truth, result, _ = await serve_and_discover(_TrackerSite(), height=2)
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    # The reporter's list ties with the open tickets' by W_ci (both show tickets 1 … 10) and
    # has the smaller URL: it would be taken, and its 3 pages hold 30 of the 100 tickets.
    assert result.sample_path[0] == f"{truth.base_url}/query?status=open"
    # The seed's three candidates, the root's site navigation, and the list's other pages.
    assert result.cost.downloads <= truth.lower_bound_downloads + 6


def _page(url: str, links: list[tuple[str, str]]) -> Snapshot:
    return Snapshot(
        url=url,
        final_url=url,
        status=200,
        html="",
        links=tuple(Link(u, t, "html/body/a", "html/body/a", "html/body/a") for u, t in links),
    )


def test_the_pages_a_pager_offers_are_its_largest_page_number() -> None:
    base = "http://h/query?status=open"
    numbered = [(f"{base}&page={k}", str(k)) for k in range(2, 11)] + [(f"{base}&page=2", "Next")]
    assert pages_offered(_page(base, numbered)) == 10
    # A "next" link alone: a second page at least.
    assert pages_offered(_page(base, [(f"{base}&cursor=abc", "Next »")])) == 2
    # Years are no page numbers (none is 1 or 2), nor are ids.
    years = [(f"http://h/season/{y}", str(y)) for y in range(2019, 2024)]
    assert pages_offered(_page("http://h/season/2023", years)) == 1
    assert pages_offered(_page(base, [("http://h/ticket/7", "#7")])) == 1


def test_a_reading_orders_prev_and_next_offer_no_page() -> None:
    # A manual's header leads to the chapter before and to its first page: other documents.
    order = [("http://h/FAQ.html", "Prev"), ("http://h/Help/Attachments.html", "Next")]
    assert pages_offered(_page("http://h/Help.html", order)) == 1
    # A blog's "Older" to its second page, by number in its path or a cursor in its query.
    assert pages_offered(_page("http://h/", [("http://h/page/2/", "Older posts »")])) == 2
    assert pages_offered(_page("http://h/blog", [("http://h/blog?after=t3_x", "next ›")])) == 2
