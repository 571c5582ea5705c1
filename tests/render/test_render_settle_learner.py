"""The per-site quiet window after actions (render.settle.SettleLearner), as a pure object."""

from __future__ import annotations

from datetime import timedelta

from render.settle import Settled, SettleLearner


def _answer(ms: float, *, late: int = 0) -> Settled:
    return Settled(ms + 25.0, False, 3, step_ms=(ms + 25.0,), gap_ms=(ms,), late=late)


def test_nothing_known_waits_the_full_window() -> None:
    learner = SettleLearner(timedelta(milliseconds=400))
    assert learner.window("a:1") == timedelta(milliseconds=400)
    learner.observe("a:1", _answer(4.0))
    learner.observe("a:1", _answer(4.0))
    assert learner.window("a:1") == timedelta(milliseconds=400)  # still too few answers


def test_fast_site_gets_a_short_window_slow_site_keeps_a_long_one() -> None:
    learner = SettleLearner(timedelta(milliseconds=400), floor=timedelta(milliseconds=25))
    for _ in range(10):
        learner.observe("fast:1", _answer(5.0))
        learner.observe("slow:1", _answer(150.0))
    assert learner.window("fast:1") == timedelta(milliseconds=25)  # the floor
    assert learner.window("slow:1") == timedelta(milliseconds=300)  # 2 × its answers
    assert learner.window("other:1") == timedelta(milliseconds=400)  # per host
    for _ in range(10):
        learner.observe("slow:1", _answer(900.0))
    assert learner.window("slow:1") == timedelta(milliseconds=400)  # never above the window
    assert len(learner.waits_ms) == 30


def test_a_late_page_raises_the_floor() -> None:
    learner = SettleLearner(timedelta(milliseconds=400), floor=timedelta(milliseconds=25))
    for _ in range(5):
        learner.observe("a:1", _answer(2.0))
    learner.observe("a:1", _answer(2.0, late=1))
    assert learner.window("a:1") == timedelta(milliseconds=50)
