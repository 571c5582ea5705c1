"""The per-site quiet windows after actions and navigations (render.settle.SettleLearner,
NavigationLearner), as pure objects."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from siteseer.render.settle import NavigationLearner, Settled, SettleLearner


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


def _drawn(gap: float, *, mutations: int = 3) -> Settled:
    """A navigation's settle: its page drew `gap` ms after its last request ended."""
    return Settled(gap + 400.0, False, mutations, step_ms=(gap + 400.0,), gap_ms=(gap,))


def test_navigations_learn_only_from_checked_loads() -> None:
    learner = NavigationLearner(timedelta(milliseconds=400), floor=timedelta(milliseconds=25))
    full = timedelta(milliseconds=400)
    windows = []
    for _ in range(24):
        window = learner.plan("a:1")
        windows.append(window)
        learner.learn("a:1", window, _drawn(5.0))
    assert windows[:3] == [full] * 3  # nothing known yet
    assert windows[3:8] == [timedelta(milliseconds=25)] * 5  # learned: the floor
    assert windows[8] == full and windows[16] == full  # every eighth is checked
    assert sum(w == full for w in windows) == 5
    assert learner.plan("b:1") == full  # per host


def test_a_navigation_drawing_after_the_learned_window_raises_the_floor() -> None:
    learner = NavigationLearner(timedelta(milliseconds=400), floor=timedelta(milliseconds=25))
    full = timedelta(milliseconds=400)
    for _ in range(6):
        learner.learn("a:1", full, _drawn(2.0))
    assert learner.window("a:1") == timedelta(milliseconds=25)
    learner.learn("a:1", full, _drawn(120.0))  # a check sees a draw the window would have missed
    assert learner.window("a:1") == timedelta(milliseconds=50)
    # A load that waited the short window, a static page and a capped wait teach nothing.
    learner.learn("a:1", timedelta(milliseconds=50), _drawn(300.0))
    learner.learn("a:1", full, _drawn(300.0, mutations=0))
    learner.learn("a:1", full, replace(_drawn(300.0), capped=True))
    assert learner.window("a:1") == timedelta(milliseconds=50)
