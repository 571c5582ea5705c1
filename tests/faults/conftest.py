"""The fault suite's cases, their time bounds, and the table `make faults` prints.

A case is a test marked ``@fault(case, expected, within=seconds)``. It holds when the test passes.
`within` is the time the case should take on an idle machine: the table reports each case's time
beside it and names the cases that took longer, as a benchmark row would, but a slow pass still
holds (a loaded CI machine is no fault of the code); a case that hangs is cut by its timeout,
three times its bound plus 30 s, and fails. The test says what it saw with the `saw` fixture;
with ``SITESEER_FAULT_TABLE=1`` the run ends with "N cases, N held", the cases slower than their
bound, and the table of cases: case, expected, behaviour, time against bound.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from hostile import HostileServer, hostile_server


@dataclass
class _Row:
    case: str
    expected: str
    behaviour: list[str] = field(default_factory=list)
    held: bool = False
    seconds: float = 0.0
    within: float = 0.0


_ROWS: dict[str, _Row] = {}


def _row(item: pytest.Item) -> _Row | None:
    marker = item.get_closest_marker("fault")
    if marker is None:
        return None
    if item.nodeid not in _ROWS:
        _ROWS[item.nodeid] = _Row(marker.kwargs["case"], marker.kwargs["expected"])
    return _ROWS[item.nodeid]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        marker = item.get_closest_marker("fault")
        if marker is not None and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(marker.kwargs["within"] * 3 + 30))


@pytest.fixture
def saw(request: pytest.FixtureRequest) -> Callable[[str], None]:
    """Record what the case saw (its behaviour column)."""
    row = _row(request.node)

    def record(text: str) -> None:
        if row is not None:
            row.behaviour.append(text)

    return record


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    row = _row(item)
    if row is None or report.when != "call":
        if row is not None and report.failed:
            row.held = False
            row.behaviour.append(f"{report.when} failed")
        return
    marker = item.get_closest_marker("fault")
    assert marker is not None
    row.within = float(marker.kwargs["within"])
    row.seconds = call.duration
    row.held = report.passed
    if report.failed and not row.behaviour:
        row.behaviour.append(str(report.longrepr).strip().splitlines()[-1][:120])


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not _ROWS or os.environ.get("SITESEER_FAULT_TABLE") != "1":
        return
    rows = sorted(_ROWS.values(), key=lambda r: r.case)
    held = sum(r.held for r in rows)
    write = terminalreporter.write_line
    write("")
    slow = [r for r in rows if r.held and r.seconds > r.within]
    write("")
    write(f"{len(rows)} cases, {held} held")
    if slow:
        names = ", ".join(f"{r.case} ({r.seconds:.1f} s of {r.within:g} s)" for r in slow)
        write(f"{len(slow)} slower than their bound: {names}")
    write("")
    write("| case | expected | behaviour | s / bound | held |")
    write("| --- | --- | --- | --- | --- |")
    for r in rows:
        behaviour = "; ".join(r.behaviour) or "-"
        mark = "held" if r.held else "NOT HELD"
        write(
            f"| {r.case} | {r.expected} | {behaviour} | {r.seconds:.1f} / {r.within:g} | {mark} |"
        )


@pytest.fixture(scope="session")
def hostile() -> Iterator[HostileServer]:
    """The hostile server, started once for the suite."""
    with hostile_server() as server:
        yield server
