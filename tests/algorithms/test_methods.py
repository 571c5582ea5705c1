"""The method registry (algorithms/methods.py): each entry's parameters are its entry point's."""

from __future__ import annotations

import inspect
from dataclasses import MISSING, fields

import pytest

from siteseer.algorithms import (
    DISCOVERY_METHODS,
    Discovery,
    DiscoveryMethod,
    GPPParams,
    IndesitParams,
    SSUPParams,
    discovery_method,
)
from siteseer.crawler import Session, SessionConfig


@pytest.mark.parametrize("name", list(DISCOVERY_METHODS))
def test_each_parameter_is_a_keyword_of_the_entry_point_with_its_default(name: str) -> None:
    method = DISCOVERY_METHODS[name]
    signature = inspect.signature(method.run).parameters
    assert method.name == name and method.description
    for field in fields(method.params):
        assert field.name in signature, f"{name}: {field.name} is not a keyword of its entry"
        assert field.default is not MISSING
        assert field.default == signature[field.name].default, f"{name}: {field.name}'s default"


def test_each_method_takes_its_own_values_and_leaves_the_others() -> None:
    values = {"height": "auto", "threshold": 0.7, "iterations": 3, "visual": True}
    assert discovery_method("ssup").parameters(values) == SSUPParams(height="auto", visual=True)
    assert discovery_method("indesit").parameters(values) == IndesitParams(threshold=0.7)
    assert discovery_method("gpp").parameters(values) == GPPParams(iterations=3)
    assert discovery_method("gpp").parameters() == GPPParams()


def test_an_unknown_name_says_which_are_known() -> None:
    with pytest.raises(ValueError, match="unknown method 'ssp'; use ssup, indesit, gpp"):
        discovery_method("ssp")


async def test_a_method_runs_with_its_parameters_as_keywords_and_refuses_anothers() -> None:
    calls: list[dict[str, object]] = []

    async def entry(session: Session, seed: str, *, iterations: int = 1) -> Discovery:
        calls.append({"seed": seed, "iterations": iterations})
        return Discovery(method="fake", seed=seed, entities=())

    method = DiscoveryMethod("fake", entry, GPPParams, "a fake")
    async with Session(SessionConfig()) as session:
        await method.discover(session, "http://h/1", GPPParams(iterations=2))
        await method.discover(session, "http://h/2")
        with pytest.raises(ValueError, match="fake takes GPPParams"):
            await method.discover(session, "http://h/3", SSUPParams())
    assert calls == [
        {"seed": "http://h/1", "iterations": 2},
        {"seed": "http://h/2", "iterations": 1},
    ]
