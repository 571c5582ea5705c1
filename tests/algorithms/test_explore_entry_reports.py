"""Where `explore` starts from a tracker's home page, against the lab's truth: the home page
links its wiki's pages, a help page (a list of the same wiki pages beside a language select)
and the list of its reports; each report is a table of tickets, the first one of them all."""

from __future__ import annotations

from aiohttp import web
from explore_runs import serve_and_explore_from_entry

from siteseer.lab import Site, SiteTruth, set_scores

TICKETS = 24
WIKI = ("Guide", "Install", "Upgrade", "Formatting")
REPORTS = {1: "Active tickets", 2: "Tickets of milestone 1", 3: "My tickets"}


def _page(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


def _report(number: int) -> list[int]:
    return {1: list(range(1, TICKETS + 1)), 2: list(range(1, TICKETS + 1, 2))}.get(number, [])


class _Tracker(Site):
    """A tracker: no page links a ticket's collection (``/ticket/`` is 404), the help page lists
    links alike with a facet (a language select) whose items are pages the home page links too;
    ``/report`` lists the reports, each a table of its tickets (``/ticket/<n>``)."""

    id = "tracker-reports"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        wiki = "".join(f'<li><a href="/wiki/{w}">{w}</a></li>' for w in WIKI)
        menu = '<a href="/wiki/Help">Help</a> <a href="/report">View tickets</a>'
        if path == "/":
            return _page(f"{menu}<h1>Welcome</h1><ul>{wiki}</ul>")
        if path == "/wiki/Help":
            select = '<form><select name="lang"><option>en</option><option>de</option></select>'
            return _page(f"{menu}<h1>Help</h1><ul>{wiki}</ul>{select}</form>")
        if path.startswith("/wiki/") and path[6:] in WIKI:
            return _page(f"{menu}<h1>{path[6:]}</h1><p>Text.</p>")
        if path == "/report":
            rows = "".join(
                f'<tr><td><a href="/report/{n}">{{{n}}}</a></td><td>{title}</td></tr>'
                for n, title in REPORTS.items()
            )
            return _page(f"{menu}<h1>Reports</h1><table><tr><th>Report</th></tr>{rows}</table>")
        if path.startswith("/report/") and int(path[8:]) in REPORTS:
            rows = "".join(
                f'<tr><td><a href="/ticket/{t}">#{t}</a></td><td>Summary {t}</td></tr>'
                for t in _report(int(path[8:]))
            )
            return _page(f"{menu}<table><tr><th>Ticket</th><th>Summary</th></tr>{rows}</table>")
        if path.startswith("/ticket/") and path[8:].isdigit() and 1 <= int(path[8:]) <= TICKETS:
            return _page(f"{menu}<h1>Ticket {path[8:]}</h1>")
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/ticket/{n}" for n in range(1, TICKETS + 1))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"ticket": urls},
            target_type="ticket",
            seed_entity=urls[16],
        )


async def test_a_list_of_reports_beside_a_help_page_leads_to_the_widest_report() -> None:
    truth, entry, result = await serve_and_explore_from_entry(_Tracker())
    assert entry.url == truth.base_url + "/report/1"
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
