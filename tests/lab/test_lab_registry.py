"""The methods the bench runs, by name (lab/registry.py): explicit, read-only, no name twice."""

from __future__ import annotations

import pytest

from siteseer.lab import MethodSpec
from siteseer.lab.registry import build_registry, methods
from siteseer.lab.runners.reference import follow_links


def test_reference_method_is_registered() -> None:
    spec = methods()["follow-links"]
    assert spec.kinds == ("entity-tree", "shop", "trap")
    assert spec.run is follow_links


def test_follow_links_is_registered_for_the_trap() -> None:
    spec = methods()["follow-links"]
    assert "trap" in spec.kinds and "entity-tree" in spec.kinds


def test_every_runner_module_contributes_and_names_are_sorted() -> None:
    registered = methods()
    assert list(registered) == sorted(registered)
    assert {"ssup", "indesit", "gpp", "explore", "url-templates", "page-clusters"} <= set(
        registered
    )
    assert all(name == spec.name for name, spec in registered.items())


def test_registry_is_read_only_and_refuses_a_name_twice() -> None:
    registered = methods()
    with pytest.raises(TypeError):
        registered["extra"] = registered["ssup"]  # type: ignore[index]
    twice = (registered["ssup"], MethodSpec("ssup", follow_links, ("entity-tree",)))
    with pytest.raises(ValueError, match="'ssup' is registered twice"):
        build_registry(twice)
    own = build_registry([registered["gpp"], registered["describe"]])
    assert list(own) == ["describe", "gpp"]
