"""Entry points from the outside: `explore` from a shop's home page, `discover` from a seed
whose site renders its links only in a browser."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from siteseer.cli import app
from siteseer.lab import LabServer, pair_scores, set_scores
from siteseer.lab.runners.exploration import start_url
from siteseer.lab.sites.catalog_data import HIDDEN_ATTRIBUTES

Lab = Callable[[str], LabServer]
runner = CliRunner()


def _explore(start: str, out: Path, *args: str) -> tuple[Any, dict[str, dict[str, list[str]]]]:
    result = runner.invoke(app, ["explore", start, "--no-cache", "--out", str(out), *args])
    rows = [json.loads(line) for line in (out / "entities.jsonl").read_text().splitlines()]
    return result, {r["url"]: r["attributes"] for r in rows}


@pytest.mark.slow
# shop-ajax's exploration clicks in the browser for two minutes: against the truth only, so
# that one run fits the test's time.
@pytest.mark.parametrize(
    ("site", "compare"), [("shop-links", True), ("shop-form", True), ("shop-ajax", False)]
)
def test_explore_from_the_home_page_finds_the_list_by_itself(
    lab: Lab, tmp_path: Path, site: str, compare: bool
) -> None:
    truth = lab(site).truth(site)
    home, home_entities = _explore(truth.base_url + "/", tmp_path / "home")
    assert home.exit_code == 0, home.output
    assert f"explore: started at {start_url(truth)}, the widest list page linked from" in (
        home.stderr
    )
    assert set(home_entities) == set(truth.target_entities)
    pairs = pair_scores(home_entities, truth, HIDDEN_ATTRIBUTES)
    assert pairs.precision >= 0.98 and pairs.recall >= 0.98
    if not compare:
        return
    given, at_list = _explore(start_url(truth), tmp_path / "list", "--as-given")
    assert given.exit_code == 0, given.output
    assert at_list == home_entities  # the same entities with the same attributes


@pytest.mark.slow
def test_explore_as_given_from_the_home_page_stays_there(lab: Lab, tmp_path: Path) -> None:
    truth = lab("shop-links").truth("shop-links")
    out = tmp_path / "out"
    args = ["--as-given", "--render", "never", "--pages", "5"]
    result = runner.invoke(
        app, ["explore", truth.base_url + "/", "--no-cache", "--out", str(out), *args]
    )
    assert "started at" not in result.stderr
    queries = json.loads((out / "queries.json").read_text())
    assert queries["start"] == truth.base_url + "/"


@pytest.mark.slow
def test_discover_from_a_seed_whose_links_need_a_browser(lab: Lab, tmp_path: Path) -> None:
    truth = lab("spa").truth("spa")
    out, document = tmp_path / "entities.jsonl", tmp_path / "discovery.json"
    args = ["discover", truth.seed_entity, "--no-cache", "--out", str(out)]
    result = runner.invoke(app, [*args, "--discovery", str(document)])  # --render auto
    assert result.exit_code == 0, result.output
    found = [json.loads(line)["url"] for line in out.read_text().splitlines()]
    scores = set_scores(found, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall >= 0.95, scores
    assert json.loads(document.read_text())["cost"]["renders"] > 0  # auto chose the browser
