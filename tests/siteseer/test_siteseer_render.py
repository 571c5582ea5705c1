"""`render`'s prose: whether a page needed a browser and why, and the summary lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from siteseer.commands.explain import ExplainOutcome
from siteseer.commands.render import RenderOutcome, describe_snapshot, rendered_because
from siteseer.crawler import Cost, RenderDecision, RenderMode
from siteseer.render import Snapshot


def _snap(
    rendered: bool,
    *,
    settle_ms: float = 0.0,
    settle_capped: bool = False,
    screenshot: bytes | None = None,
) -> Snapshot:
    return Snapshot(
        url="http://a.test/p",
        final_url="http://a.test/p",
        status=200,
        html="<html></html>",
        rendered=rendered,
        title="P",
        settle_ms=settle_ms,
        settle_capped=settle_capped,
        screenshot=screenshot,
    )


def _decision(needs_browser: bool, reason: str) -> RenderDecision:
    return RenderDecision(
        host="a.test",
        needs_browser=needs_browser,
        reason=reason,
        url="http://a.test/",
        http_links=3,
        rendered_links=9,
        new_links=6,
        http_text=10,
        rendered_text=10,
        http_controls=0,
        rendered_controls=0,
        empty_app_root=False,
        noscript_warning=False,
    )


NEEDS = _decision(True, "6 links only scripts add")
PLAIN = _decision(False, "raw HTML has no scripts")


@pytest.mark.parametrize(
    ("rendered", "decision", "mode", "said"),
    [
        (True, None, "auto", "yes (asked for)"),
        (True, NEEDS, "always", "yes (asked for)"),
        (True, NEEDS, "auto", "yes (6 links only scripts add)"),
        (True, PLAIN, "auto", "yes"),  # the host needs none, but this load asked for one
        (False, PLAIN, "auto", "no (raw HTML has no scripts)"),
        (False, NEEDS, "never", "no (6 links only scripts add)"),
        (False, None, "never", "no (--render never)"),
        (False, None, "auto", "no"),
    ],
)
def test_rendered_because(
    rendered: bool, decision: RenderDecision | None, mode: RenderMode, said: str
) -> None:
    assert rendered_because(_snap(rendered), decision, mode) == said


def test_summary_of_a_rendered_page() -> None:
    snap = _snap(True, settle_ms=1234.4, settle_capped=True)
    lines = describe_snapshot(snap, NEEDS, "auto", "Chromium headless shell 130")
    assert lines == [
        "status     200",
        "final URL  http://a.test/p",
        "title      P",
        "links      0",
        "controls   0",
        "settle     1234 ms (capped: the page never went quiet)",
        "rendered   yes (6 links only scripts add)",
        "browser    Chromium headless shell 130",
    ]
    cached = describe_snapshot(snap, NEEDS, "auto", None)
    assert cached[-1] == "browser    from the cache"


def test_summary_of_a_plain_page_has_no_browser_line() -> None:
    lines = describe_snapshot(_snap(False, settle_ms=5.0), PLAIN, "auto", "Chromium")
    assert lines[5] == "settle     - (not rendered)"
    assert lines[-1] == "rendered   no (raw HTML has no scripts)"


def test_wrote_lines() -> None:
    snap = _snap(True, screenshot=b"x" * 10)
    assert RenderOutcome(snap, "", Cost()).wrote is None
    assert RenderOutcome(snap, "", Cost(), Path("p.png")).wrote == "wrote p.png (10 bytes)"
    drawn = ExplainOutcome(snap, Path("e.png"), 99)
    assert drawn.wrote == "wrote e.png (99 bytes, 0 links)"
