"""`explore` on a table browser whose list offers no page size in a link of its own, naming
one only where it exports its rows (``/rows.csv?size=max``: a link and a form's hidden field):
the start list is read at that size, one page, not through its cursor's twelve pages of ten."""

from __future__ import annotations

from siteseer.lab import set_scores
from tests.algorithms.explore_runs import serve_and_explore
from tests.algorithms.test_ssup_yield import _TableSite


async def test_the_start_list_is_read_at_the_size_its_export_names() -> None:
    truth, result, downloaded = await serve_and_explore(
        _TableSite(sizes=False, offered=True), "/rows"
    )
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == scores.recall == 1.0
    (level,) = truth.index_levels
    start = [u for u in downloaded if "/rows" in u and "/rows/" not in u and "kind=" not in u]
    # the first page as given, then the list at its export's size: no page of its cursor
    assert start == [truth.base_url + "/rows", *level], downloaded
    sizing = [t for t in result.trace if t.step == "page-size" and t.decision == "choose"]
    assert [t.subject for t in sizing] == list(level)
