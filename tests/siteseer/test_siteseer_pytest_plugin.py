"""The pytest plugin (siteseer.pytest_plugin), run in pytest's own test harness (pytester)."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

import pytest

from siteseer import pytest_plugin
from siteseer.lab import LabServer
from siteseer.pytest_plugin import launch_overrides

pytest_plugins = ("pytester",)

ROOT = Path(__file__).resolve().parents[2]
Lab = Callable[[str], LabServer]


INI = """[pytest]
asyncio_default_fixture_loop_scope = function
filterwarnings = ignore::pytest.PytestAssertRewriteWarning
"""


def _plugin_args(*, playwright: bool = False) -> list[str]:
    """`-p siteseer.pytest_plugin` unless the installed distribution's entry point loads it;
    pytest-playwright left out of runs in this process (it keeps global state)."""
    installed = {e.value for e in metadata.entry_points(group="pytest11")}
    own = [] if "siteseer.pytest_plugin" in installed else ["-p", "siteseer.pytest_plugin"]
    return [*own, "-p", "no:cacheprovider", *([] if playwright else ["-p", "no:playwright"])]


@pytest.fixture
def harness(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.delenv("SITESEER_BASE_URL", raising=False)
    pytester.makeini(INI)
    return pytester


def test_the_entry_point_names_the_plugin() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["entry-points"]["pytest11"] == {"siteseer": "siteseer.pytest_plugin"}
    for fixture in ("siteseer_base_url", "siteseer_config", "siteseer_session"):
        assert callable(getattr(pytest_plugin, fixture))


def test_the_example_passes_on_its_site_and_fails_elsewhere(
    harness: pytest.Pytester, lab: Lab
) -> None:
    harness.copy_example(str(ROOT / "examples" / "test_catalogue_pages.py"))
    site = lab("catalog-ids")
    truth = site.truth("catalog-ids")
    # The example's bar stands below the truth: every linked item, and every item in all.
    assert truth.seed_entity == truth.base_url + "/item/a-short-history-of-the-hidden-coast-1001"
    linked = set(truth.target_entities) - set(truth.hidden)
    assert len(linked) >= 100 and len(truth.target_entities) >= 120
    passed = harness.runpytest(*_plugin_args(), "--siteseer-base-url", site.url("catalog-ids"))
    passed.assert_outcomes(passed=2)
    # Another site has no such item page: the checks fail, saying what they found.
    other = lab("council").url("council")
    failed = harness.runpytest(*_plugin_args(), "--siteseer-base-url", other)
    failed.assert_outcomes(failed=2)


def test_a_missing_base_url_fails_saying_what_to_give(harness: pytest.Pytester) -> None:
    harness.makepyfile(
        """
        def test_site(siteseer_base_url):
            pass
        """
    )
    result = harness.runpytest(*_plugin_args())
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*no site to check: give --siteseer-base-url URL*"])
    harness.makeini(INI + "siteseer_base_url = http://127.0.0.1:9/\n")
    ini = harness.runpytest(*_plugin_args())
    ini.assert_outcomes(passed=1)


def test_the_browser_is_launched_as_pytest_playwright_says(harness: pytest.Pytester) -> None:
    harness.makepyfile(
        """
        def test_config(siteseer_config, siteseer_render_config):
            assert siteseer_config.render_config is siteseer_render_config
            options = siteseer_render_config.launch_options()
            print("LAUNCH", options["headless"], options.get("channel"), options["args"][-1])
        """
    )
    # pytest-playwright's own options, so the run has its own process
    result = harness.runpytest_subprocess(
        *_plugin_args(playwright=True), "--headed", "--browser-channel", "chrome", "-s"
    )
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*LAUNCH False chrome *"])


def test_launch_overrides() -> None:
    own = ("--no-first-run",)
    assert launch_overrides({}, own) == {}
    assert launch_overrides({"headless": True, "args": ["--no-first-run"]}, own) == {
        "headless": True
    }
    assert launch_overrides(
        {"headless": False, "channel": "msedge", "args": ["--mute-audio"]}, own
    ) == {"headless": False, "channel": "msedge", "args": ("--no-first-run", "--mute-audio")}
