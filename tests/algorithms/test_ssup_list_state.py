"""SSUP against the lab's truth on a table browser that shows its rows in two states, as a
database manager's "full texts" toggle does: the table's list ``/table?full=0`` (10 rows a
page, ``&start=N`` by previous and next links) links ``/table?full=1``, the same list with its long values whole, and
each state hands itself on to every row link (``/row?full=1&id=7``) and to its pager. The
rows in the seed's state are the entities; the other state's links name the same rows."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.algorithms.ssup.yields import state_back
from siteseer.lab import Site, SiteTruth, set_scores

ROWS = 40
PAGE = 10


def _html(title: str, body: str) -> web.Response:
    nav = "<div class='menu'><a href='/'>Tables</a></div>"
    html = f"<html><head><title>{title}</title></head><body>{nav}<h1>{title}</h1>{body}"
    return web.Response(text=html + "</body></html>", content_type="text/html")


class _TableSite(Site):
    """`/` links the table; `/table?full=F[&start=N]` lists its rows; `/row?full=F&id=N` is
    a row's page."""

    id = "table-states"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/":
            return _html("Tables", "<ul class='tables'><li><a href='/table?full=0'>t</a></li></ul>")
        full = request.query.get("full", "0")
        if request.path == "/table" and full in ("0", "1"):
            start = int(request.query.get("start", "0"))
            shown = range(start, min(ROWS, start + PAGE))
            rows = "".join(
                f"<tr><td><a href='/row?full={full}&id={n}'>edit</a></td>"
                f"<td>{'a long text ' * (4 if full == '1' else 1)}{n}</td></tr>"
                for n in shown
            )
            pager = "".join(
                f"<a href='/table?full={full}&start={s}'>{label}</a> "
                for s, label in ((start - PAGE, "previous"), (start + PAGE, "next"))
                if 0 <= s < ROWS
            )
            toggle = f"<a href='/table?full={1 - int(full)}'>full texts</a>"
            return _html("t", f"<p class='opts'>{toggle}</p><table>{rows}</table><p>{pager}</p>")
        if request.path == "/row" and full in ("0", "1"):
            number = int(request.query.get("id", "-1"))
            if 0 <= number < ROWS:
                back = f"<a href='/table?full={full}'>back</a>"
                return _html(f"row {number}", f"<form>{back}<input name='v'></form>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        seed = f"{base_url}/row?full=0&id=3"
        first = f"{base_url}/table?full=0"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"row": tuple(f"{base_url}/row?full=0&id={n}" for n in range(ROWS))},
            target_type="row",
            seed_entity=seed,
            seed_path=(first, seed),
            index_levels=((first, *(f"{first}&start={s}" for s in range(PAGE, ROWS, PAGE))),),
        )


def test_a_link_carrying_its_list_state_names_the_entry_in_the_level_pages_state() -> None:
    page, root = "http://x/t?full=1&start=10", "http://x/t?full=0"
    assert state_back("http://x/r?full=1&id=7", page, root) == "http://x/r?full=0&id=7"
    assert state_back("http://x/r?id=7", page, root) == "http://x/r?id=7"
    # a value the link does not take from its page is its own
    assert state_back("http://x/r?full=2&id=7", page, root) == "http://x/r?full=2&id=7"


async def test_a_list_shown_in_another_state_adds_no_entries() -> None:
    # The full-texts list's row links carry full=1: read as new entries, its pages were
    # paged as a second list and its rows kept beside the seed's (precision 0.5).
    truth, result, downloaded = await serve_and_discover(_TableSite())
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 == 1.0, (scores, sorted(set(result.entities) - set(truth.target_entities)))
    # the other state's pager is tried once, and stops as a view
    assert len([u for u in downloaded if "full=1&start" in u]) <= 1, downloaded
