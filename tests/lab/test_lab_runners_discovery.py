"""The discovery runners (lab/runners/discovery.py): SSUP and Indesit as the bench runs them."""

from __future__ import annotations

from collections.abc import Callable

from siteseer.algorithms import Discovery
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, SiteTruth
from siteseer.lab.method import MethodRun, Runner
from siteseer.lab.registry import methods
from siteseer.lab.runners.discovery import METHODS, run_indesit, run_ssup, run_ssup_auto

LabFactory = Callable[[str], LabServer]


async def _run(runner: Runner, truth: SiteTruth) -> MethodRun:
    async with Session(SessionConfig(render="never")) as session:
        return await runner(session, truth)


def test_the_module_lists_its_three_runners() -> None:
    assert [(spec.name, spec.run) for spec in METHODS] == [
        ("ssup", run_ssup),
        ("ssup-auto", run_ssup_auto),
        ("indesit", run_indesit),
    ]
    assert all(methods()[spec.name] is spec for spec in METHODS)


async def test_ssup_runs_report_the_discovery_and_the_height_used(lab: LabFactory) -> None:
    truth = lab("council").truth("council")
    fixed = await _run(run_ssup, truth)
    assert isinstance(fixed.result, Discovery) and fixed.complete
    assert fixed.found == fixed.result.entities
    assert set(fixed.found) == set(truth.target_entities)
    # council is one level deep: height 2 stops there (the home page links to the members'
    # index only through the site footer, site navigation).
    assert fixed.extra == {
        "index_pages": 1,
        "lower_bound": truth.lower_bound_downloads,
        "height": 1,
    }
    auto = await _run(run_ssup_auto, truth)
    assert set(auto.found) == set(truth.target_entities)
    assert auto.extra["height"] == 1  # council's members index is one level deep


async def test_indesit_run_keeps_every_member_among_what_it_reports(lab: LabFactory) -> None:
    truth = lab("council").truth("council")
    run = await _run(run_indesit, truth)
    assert isinstance(run.result, Discovery) and run.complete
    assert set(truth.target_entities) <= set(run.found)
    assert "height" not in run.extra and "reason" not in run.extra
