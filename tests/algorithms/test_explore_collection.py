"""Where `explore` starts when the list is two steps from the home page, against the lab's
truth: a tracker whose home page links its projects, and the projects' page its issue list
(``/issues``, the collection ``/issues/<id>`` names), whose query form builds filters (a
field's checkbox, an operator menu, the values; an "Add filter" select without a name; a
grouping select): none of those tools is a facet."""

from __future__ import annotations

from aiohttp import web
from explore_runs import serve_and_explore_from_entry

from siteseer.algorithms.querycentric.controls import control_facets
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores
from siteseer.lab.runners.exploration import run_explore
from siteseer.render import snapshot_from_html

ISSUES = 60
PER_PAGE = 25
STATUSES = ("New", "Resolved")

QUERY_FORM = (
    '<form id="query_form" action="/issues" method="get"><fieldset><legend>Filters</legend>'
    '<input type="checkbox" id="cb_status" name="f[]" value="status" checked>'
    '<label for="cb_status">Status</label>'
    '<select name="op[status]"><option>is</option><option>is not</option><option>any</option>'
    "</select>"
    '<select name="v[status][]">'
    + "".join(f"<option>{s}</option>" for s in STATUSES)
    + '</select><label for="add_filter">Add filter</label><select id="add_filter">'
    '<option value=""></option><option value="status">Status</option>'
    '<option value="tracker">Tracker</option></select></fieldset>'
    '<fieldset><legend>Options</legend><label for="group_by">Group results by</label>'
    '<select id="group_by" name="group_by"><option value=""></option>'
    '<option value="tracker">Tracker</option></select></fieldset></form>'
)


def _html(body: str) -> web.Response:
    menu = '<ul id="menu"><li><a href="/">Home</a></li><li><a href="/projects">Projects</a></li>'
    html = f"<html><body>{menu}</ul><div id='main'>{body}</div></body></html>"
    return web.Response(text=html, content_type="text/html")


def _issues(page: int) -> str:
    numbers = list(range(ISSUES, 0, -1))[(page - 1) * PER_PAGE : page * PER_PAGE]
    rows = "".join(
        f'<tr><td><a href="/issues/{n}">{n}</a></td><td>Issue {n}</td></tr>' for n in numbers
    )
    pages = -(-ISSUES // PER_PAGE)
    pager = " ".join(
        f'<a href="/issues?page={k}">{k}</a>' for k in range(1, pages + 1) if k != page
    )
    table = f'<table class="list issues"><tr><th>#</th><th>Subject</th></tr>{rows}</table>'
    return f"<h2>Issues</h2>{QUERY_FORM}{table}<p class='pagination'>{pager}</p>"


class _Projects(Site):
    id = "tracker-projects"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            return _html("<h1>Welcome</h1><p>A tracker of one project.</p>")
        if path == "/projects":
            tabs = '<ul class="tabs"><li><a href="/issues">Issues</a></li></ul>'
            return _html(f'{tabs}<h2>Projects</h2><ul><li><a href="/projects/demo">Demo</a></ul>')
        if path == "/projects/demo":
            return _html("<h2>Demo</h2><p>The project's overview.</p>")
        if path == "/issues":
            page = request.query.get("page", "1")
            return _html(_issues(int(page) if page.isdigit() else 1))
        issue = path.removeprefix("/issues/")
        if issue != path and issue.isdigit() and 1 <= int(issue) <= ISSUES:
            return _html(f"<h1>Issue {issue}</h1><p>Its description.</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        issues = tuple(f"{base_url}/issues/{n}" for n in range(ISSUES, 0, -1))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"issue": issues},
            target_type="issue",
            seed_entity=issues[0],
            seed_path=(f"{base_url}/issues", issues[0]),
            index_levels=((f"{base_url}/issues",),),
        )


async def test_the_list_a_page_of_the_home_page_links_as_the_samples_collection() -> None:
    truth, entry, result = await serve_and_explore_from_entry(_Projects())
    assert entry.found and entry.url == f"{truth.base_url}/issues"
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == scores.recall == 1.0


def test_a_query_builders_tools_are_no_facets() -> None:
    url = "http://tracker.test/issues"
    snap = snapshot_from_html(url, url, 200, f"<html><body>{_issues(1)}</body></html>")
    facets = {(f.attribute, f.value) for f in control_facets(snap)}
    # the status values are; the operators, the nameless "Add filter" and the grouping are not
    assert not any(value in ("is", "is not", "any") for _, value in facets)
    assert not any(attribute in ("Add filter", "Group results by") for attribute, _ in facets)
    assert not any(value == "Tracker" for _, value in facets)


async def test_the_bench_counts_the_entry_points_loads_in_the_cost() -> None:
    async with LabServer([_Projects()]) as server:
        truth = server.truth("tracker-projects")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            run = await run_explore(session, truth)
    assert run.scores["recall"] == 1.0
    assert run.result is not None
    entry = run.extra["entry_state_changes"]
    # the home page, the projects' page and the issue list it links at least
    assert entry >= 3
    assert run.extra["state_changes"] == entry + run.result.cost.state_changes
