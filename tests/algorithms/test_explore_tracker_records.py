"""`explore` on an issue tracker's list table whose issue pages show a record of their own:
the fields only those pages show are read off them, against the lab's truth."""

from __future__ import annotations

from aiohttp import web
from explore_runs import serve_and_explore

from siteseer.lab import Site, SiteTruth, pair_scores

ISSUES = 24
TRACKERS = ("Defect", "Feature", "Patch")
STATUSES = ("New", "Resolved", "Closed")
CATEGORIES = ("Email", "Search", "Wiki", "Accounts")


def _html(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


class _Tracker(Site):
    """An issue tracker: one table of every issue (its number and subject linking the issue,
    tracker, status, priority, project and date beside them), and a page per issue whose
    heading holds its tracker and number, its subject below, and a block of "Label:" / value
    ``div``s (status and priority as the row shows them, assignee, category): the category
    is shown on the issue's page only."""

    id = "tracker"
    kind = "entity-tree"

    def _fields(self, n: int) -> tuple[str, str, str]:
        return TRACKERS[n % 3], STATUSES[n % 3 - 1], CATEGORIES[n % 4]

    def _list(self) -> web.Response:
        head = "".join(
            f"<th>{h}</th>"
            for h in ("#", "Tracker", "Status", "Subject", "Priority", "Project", "Updated")
        )
        rows = "".join(
            f'<tr><td class="id"><a href="/issues/{n}">{n}</a></td><td>{self._fields(n)[0]}</td>'
            f'<td>{self._fields(n)[1]}</td><td><a href="/issues/{n}">Subject {n}</a></td>'
            f"<td>Normal</td><td>Tracker</td><td>2026-11-{n % 28 + 1:02d} 10:00</td></tr>"
            for n in range(1, ISSUES + 1)
        )
        table = f'<table class="list issues"><tr>{head}</tr>{rows}</table>'
        return _html(f'<h2>Issues</h2><a href="/">Home</a>{table}')

    def _issue(self, n: int) -> web.Response:
        tracker, status, category = self._fields(n)
        block = "".join(
            f'<div class="{k.lower()} attribute"><div class="label">{k}:</div>'
            f'<div class="value">{v}</div></div>'
            for k, v in (
                ("Status", status),
                ("Priority", "Normal"),
                ("Assignee", "-"),
                ("Category", category),
            )
        )
        return _html(f"<h2>{tracker} #{n}</h2><h3>Subject {n}</h3><div class='issue'>{block}</div>")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/issues":
            return self._list()
        number = request.path.removeprefix("/issues/")
        if number.isdigit() and 1 <= int(number) <= ISSUES:
            return self._issue(int(number))
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        issues = tuple(f"{base_url}/issues/{n}" for n in range(1, ISSUES + 1))
        attributes = {
            f"{base_url}/issues/{n}": {"category": (self._fields(n)[2],)}
            for n in range(1, ISSUES + 1)
        }
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"issue": issues},
            target_type="issue",
            seed_entity=issues[0],
            seed_path=(base_url + "/issues", issues[0]),
            index_levels=((base_url + "/issues",),),
            attributes=attributes,
            facet_values={"category": CATEGORIES},
        )


async def test_an_issue_pages_record_beside_its_row_gives_the_fields_the_list_lacks() -> None:
    """The issue page repeats two of its row's seven cells (status and priority, with the
    row's values): it is the rows' record, and each issue's category is read off its page."""
    truth, result, loaded = await serve_and_explore(_Tracker(), "/issues")
    assert set(result.entities) == set(truth.target_entities)
    scores = pair_scores(result.entities, truth)
    assert scores.precision == scores.recall == 1.0
    assert len(loaded) <= ISSUES + 2  # the list, then every issue page once
