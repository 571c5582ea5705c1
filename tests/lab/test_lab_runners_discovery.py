"""The discovery runners (lab/runners/discovery.py): every registered discovery method as the
bench runs it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from siteseer.algorithms import DISCOVERY_METHODS, Discovery, DiscoveryMethod
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, SiteTruth
from siteseer.lab.method import MethodRun, Runner
from siteseer.lab.registry import methods
from siteseer.lab.runners.discovery import METHODS, registered, run_ssup_auto

LabFactory = Callable[[str], LabServer]


async def _run(runner: Runner, truth: SiteTruth) -> MethodRun:
    async with Session(SessionConfig(render="never")) as session:
        return await runner(session, truth)


BY_NAME = {spec.name: spec for spec in METHODS}
run_ssup, run_indesit = BY_NAME["ssup"].run, BY_NAME["indesit"].run


def test_every_registered_method_is_a_bench_method_and_ssup_auto_too() -> None:
    registered = [(name, method.render or "auto") for name, method in DISCOVERY_METHODS.items()]
    assert [(spec.name, spec.render) for spec in METHODS] == [*registered, ("ssup-auto", "auto")]
    assert {"ssup": "auto", "indesit": "auto", "gpp": "always"}.items() <= dict(registered).items()
    assert BY_NAME["ssup-auto"].run is run_ssup_auto
    assert all(methods()[spec.name] is spec for spec in METHODS)
    for name, method in DISCOVERY_METHODS.items():
        assert BY_NAME[name].description == method.description
        assert BY_NAME[name].kinds == ("entity-tree",)


@dataclass(frozen=True)
class _Params:
    depth: int = 4


async def test_a_new_registry_entry_runs_on_the_bench_with_its_defaults() -> None:
    seen: list[tuple[str, int]] = []

    async def method(session: Session, seed: str, *, depth: int = 4) -> Discovery:
        seen.append((seed, depth))
        return Discovery(method="new", seed=seed, entities=(seed,))

    spec = registered(DiscoveryMethod("new", method, _Params, "a new method"))
    truth = SiteTruth("council", "http://h/", "entity-tree", seed_entity="http://h/p/1")
    run = await _run(spec.run, truth)
    assert spec.name == "new" and spec.description == "a new method"
    assert seen == [("http://h/p/1", 4)] and list(run.found) == ["http://h/p/1"]


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
