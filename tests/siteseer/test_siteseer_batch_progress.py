"""`siteseer batch`'s progress: a line per finished site, and a bar only on a terminal."""

from __future__ import annotations

import time
from io import StringIO

from rich.console import Console

from siteseer.batch import BatchProgress

DONE = {"status": "done", "url": "http://127.0.0.1:1/a", "entities": 41, "downloads": 57,
        "seconds": 2.06, "reason": ""}  # fmt: skip
FAILED = {**DONE, "status": "failed", "url": "http://127.0.0.1:2/b", "entities": 0,
          "downloads": 0, "reason": "could not fetch [x]"}  # fmt: skip


def _run(terminal: bool) -> tuple[BatchProgress, str]:
    out = StringIO()
    console = Console(file=out, force_terminal=terminal, width=100, highlight=False)
    with BatchProgress(console) as progress:
        progress.begin(2, skipped=3)
        progress.site(DONE)
        progress.site(FAILED)
    return progress, out.getvalue()


def test_off_a_terminal_each_site_is_one_line_and_no_bar_is_drawn() -> None:
    progress, text = _run(terminal=False)
    assert text.splitlines() == [
        "3 sites already done in this output directory: skipped",
        "[1/2] done http://127.0.0.1:1/a: 41 entities, 57 pages, 2.1 s",
        "[2/2] failed http://127.0.0.1:2/b: 0 entities, 0 pages, 2.1 s (could not fetch [x])",
    ]
    assert (progress.finished, progress.done, progress.failed, progress.pages) == (2, 1, 1, 57)
    assert progress.status.startswith("done 1 · [red]failed 1[/] · ")


def test_on_a_terminal_the_bar_counts_the_sites() -> None:
    _, text = _run(terminal=True)
    assert "[1/2] done http://127.0.0.1:1/a" in text
    assert "batch" in text and "2/2" in text and "pages/s" in text


def test_the_status_says_how_long_the_sites_left_take_at_the_rate_so_far() -> None:
    console = Console(file=StringIO(), force_terminal=False, width=100, highlight=False)
    with BatchProgress(console) as progress:
        progress.begin(4, skipped=0)
        progress.site(DONE)
        progress.site(DONE)
        progress.started = time.monotonic() - 10.0  # two of four sites in 10 s
        assert progress.status == "done 2 · failed 0 · 11.4 pages/s · 0:10 left"


def test_off_a_terminal_a_long_line_is_not_wrapped() -> None:
    out = StringIO()
    console = Console(file=out, width=80, highlight=False)  # what rich assumes off a terminal
    reason = "no facets, Ajax controls or forms found on the start page or the pages it links to"
    with BatchProgress(console) as progress:
        progress.begin(1, skipped=0)
        progress.site({**FAILED, "reason": reason})
    (line,) = out.getvalue().splitlines()
    assert len(line) > 80 and line.endswith(f"({reason})")
