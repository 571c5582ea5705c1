"""The visual runners (lab/runners/visual.py): visual SSUP as the bench runs it, and GPP (a
registered method, lab/runners/discovery.py) rendering every page."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from siteseer.algorithms import BUDGET_SPENT, Discovery
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer
from siteseer.lab.registry import methods
from siteseer.lab.runners import discovery
from siteseer.lab.runners.visual import METHODS, run_ssup_visual

LabFactory = Callable[[str], LabServer]


(run_gpp,) = [spec.run for spec in discovery.METHODS if spec.name == "gpp"]


def test_the_module_lists_visual_ssup_and_gpp_renders_every_page() -> None:
    assert [(spec.name, spec.run, spec.render) for spec in METHODS] == [
        ("ssup-visual", run_ssup_visual, "auto"),
    ]
    assert all(methods()[spec.name] is spec for spec in METHODS)
    assert methods()["gpp"].render == "always"


@pytest.mark.browser
async def test_a_gpp_run_cut_by_the_budget_says_why(lab: LabFactory) -> None:
    truth = lab("council").truth("council")
    async with Session(SessionConfig(render="always", budget=3)) as session:
        run = await run_gpp(session, truth)
    assert isinstance(run.result, Discovery)
    assert not run.complete and run.extra["reason"] == BUDGET_SPENT
    assert set(run.found) <= set(truth.target_entities)
    assert run.extra["lower_bound"] == truth.lower_bound_downloads
