"""Where `explore` starts from a home page, against the lab's truth: a tracker whose home page
links a list of reports, each report a query of the tickets."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore, find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

TICKETS = 40
PER_PAGE = 20
REPORTS = {2: "Open tickets", 1: "All tickets", 3: "Reported by me"}  # in the order listed


def _html(body: str) -> web.Response:
    menu = '<ul id="menu"><li><a href="/wiki">Wiki</a></li><li><a href="/report">View Tickets</a>'
    menu += '</li><li><a href="/about">About</a></li></ul>'
    html = f"<html><body>{menu}<div id='main'>{body}</div></body></html>"
    return web.Response(text=html, content_type="text/html")


class _Tracker(Site):
    """A tracker: its home page links `/report`, a table of reports (with a form choosing their
    order), each `/report/<n>` a table of tickets, twenty a page: report 2 the open tickets (one
    page, listed first), report 1 all of them (two pages, `?page=2`), report 3 a reporter's
    three; each report offers itself for download in other formats (``?format=csv``). Nothing
    but the reports links a ticket."""

    id = "tracker-reports"
    kind = "entity-tree"

    @staticmethod
    def _shown(report: int) -> list[int]:
        every = list(range(1, TICKETS + 1))
        return {1: every, 2: every[:PER_PAGE], 3: every[:3]}[report]

    def _report(self, report: int, page: int) -> web.Response:
        shown = self._shown(report)
        rows = "".join(
            f'<tr><td><a href="/ticket/{n}">#{n}</a></td><td>Ticket {n}</td></tr>'
            for n in shown[(page - 1) * PER_PAGE : page * PER_PAGE]
        )
        pages = -(-len(shown) // PER_PAGE)
        pager = "".join(
            f'<a href="/report/{report}?page={k}">{k}</a> '
            for k in range(1, pages + 1)
            if k != page
        )
        table = f'<table class="tickets"><tr><th>Ticket</th><th>Summary</th></tr>{rows}</table>'
        formats = "".join(
            f'<li><a href="/report/{report}?format={f}">{label}</a></li>'
            for f, label in (("csv", "Comma-delimited Text"), ("rss", "RSS Feed"))
        )
        formats = f'<div id="altlinks"><h3>Download in other formats:</h3><ul>{formats}</ul></div>'
        body = f"<h1>{REPORTS[report]}</h1>{table}<p class='pager'>{pager}</p>{formats}"
        return _html(body)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            return _html("<h1>Welcome</h1><p>A tracker.</p>")
        if path == "/report":
            rows = "".join(
                f'<tr><td><a href="/report/{n}">{{{n}}}</a></td><td>{title}</td></tr>'
                for n, title in REPORTS.items()
            )
            order = '<form action="/report"><select name="sort"><option>id</option>'
            order += "<option>title</option></select></form>"
            return _html(f"<h1>Reports</h1>{order}<table>{rows}</table>")
        report = path.removeprefix("/report/")
        if report != path and report.isdigit() and int(report) in REPORTS:
            if request.query.get("format"):
                return web.Response(text="id,summary\n", content_type="text/csv")
            page = request.query.get("page", "1")
            return self._report(int(report), int(page) if page.isdigit() else 1)
        ticket = path.removeprefix("/ticket/")
        if ticket != path and ticket.isdigit() and 1 <= int(ticket) <= TICKETS:
            return _html(f"<h1>Ticket {ticket}</h1><p>Its description.</p>")
        if path in ("/wiki", "/about"):
            return _html("<p>Nothing listed here.</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        tickets = tuple(f"{base_url}/ticket/{n}" for n in range(1, TICKETS + 1))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"ticket": tickets},
            target_type="ticket",
            seed_entity=tickets[4],
            seed_path=(f"{base_url}/report/1", tickets[4]),
            index_levels=((f"{base_url}/report/1",),),
        )


async def test_a_list_of_lists_leads_to_the_widest_list_of_the_samples() -> None:
    async with LabServer([_Tracker()]) as server:
        truth = server.truth("tracker-reports")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
            # the reports are lists of tickets: the one paged furthest, not the first listed
            assert entry.found and entry.url == f"{truth.base_url}/report/1"
            loaded: list[str] = []
            session.events.on(
                "page", lambda snap, cached: None if cached else loaded.append(snap.url)
            )
            result = await explore(session, entry.url, entity_sample=truth.seed_entity)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    # its pages only: the report in other formats is no facet (the same tickets downloaded)
    assert not any("format=" in url for url in loaded)
    assert not any("format=" in skip.subject for skip in result.skipped)
    assert {q.id for q in result.queries} == {"q0"}


async def test_the_reports_after_one_paging_the_samples_kind_are_not_loaded() -> None:
    async with LabServer([_Tracker()]) as server:
        truth = server.truth("tracker-reports")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            loaded: list[str] = []
            session.events.on(
                "page", lambda snap, cached: None if cached else loaded.append(snap.url)
            )
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
    # the home page, the sample, the page the sample's page names for its kind ("View
    # Tickets") and its reports up to the one paging the tickets: the reporter's three,
    # listed after it, not loaded, nor the menu's other pages
    assert entry.url == f"{truth.base_url}/report/1" and entry.url in truth.seed_path
    assert f"{truth.base_url}/report/3" not in loaded
    assert not {f"{truth.base_url}/wiki", f"{truth.base_url}/about"} & set(loaded)
    assert entry.cost.downloads == 5
