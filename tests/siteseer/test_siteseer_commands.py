"""The command functions on lab sites, for the branches the CLI's own tests do not reach."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from siteseer.commands.describe import DescribeOptions, describe_entities
from siteseer.commands.discover import DiscoverOptions, discover
from siteseer.commands.explain import ExplainOptions, explain_page
from siteseer.commands.templates import ClusterOptions, templates_cluster
from siteseer.errors import RunFailed
from siteseer.lab.server import LabServer, build_sites
from siteseer.sessions import crawl_options

Lab = Callable[[str], LabServer]
HTTP_ONLY = crawl_options(render="never")


async def test_discover_reports_an_unwritable_discovery_after_the_run(
    lab: Lab, tmp_path: Path
) -> None:
    truth = lab("council").truth("council")
    out = tmp_path / "council.jsonl"
    options = DiscoverOptions(
        truth.seed_entity,
        HTTP_ONLY,
        out=out,
        explain=True,
        discovery_json=tmp_path / "missing" / "discovery.json",
    )
    outcome = await discover(options)
    assert outcome.failure is not None
    assert str(outcome.failure).startswith("cannot write the Discovery to ")
    assert not out.exists()  # the entity pages come after the Discovery
    assert set(outcome.discovery.entities) == set(truth.target_entities)
    assert outcome.explanation is not None and "sample page path" in outcome.explanation
    assert len(outcome.rows.splitlines()) == len(outcome.discovery.entities)


async def test_discover_writes_the_discovery_and_the_rows(lab: Lab, tmp_path: Path) -> None:
    truth = lab("council").truth("council")
    options = DiscoverOptions(
        truth.seed_entity,
        HTTP_ONLY,
        method="indesit",
        threshold=0.9,
        out=tmp_path / "council.csv",
        fmt="csv",
        discovery_json=tmp_path / "discovery.json",
    )
    outcome = await discover(options)
    assert outcome.failure is None and outcome.explanation is None
    written = json.loads((tmp_path / "discovery.json").read_text(encoding="utf-8"))
    assert written["method"] == "indesit" and written["seed"] == truth.seed_entity
    assert (tmp_path / "council.csv").read_bytes() == outcome.rows.encode()


async def test_cluster_loads_the_pages_of_a_url_list(lab: Lab, tmp_path: Path) -> None:
    truth = lab("mixed-templates").truth("mixed-templates")
    pages = sorted(truth.templates)[:40]
    listing = tmp_path / "pages.txt"
    listing.write_text("\n".join(pages) + "\n")
    out = tmp_path / "clusters.jsonl"
    outcome = await templates_cluster(ClusterOptions(str(listing), out=out))
    assert outcome.pages == len(pages)
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert sorted(url for row in rows for url in row["pages"]) == pages
    assert out.read_text(encoding="utf-8") == outcome.rows


async def test_describe_takes_its_samples_from_lab_sites() -> None:
    (drivers,) = build_sites(["drivers"])
    seed_path = drivers.truth("http://h").seed_entity.removeprefix("http://h")
    outcome = await describe_entities(DescribeOptions((), HTTP_ONLY, sites=("drivers",)))
    (sample,) = outcome.description.samples
    assert sample.startswith("http://127.0.0.1:") and sample.endswith(seed_path)
    assert {"nationality", "born", "career"} <= set(outcome.description.terms)
    assert outcome.verdicts == ()


@pytest.mark.browser
async def test_explain_refuses_a_page_that_answers_an_http_error(lab: Lab, tmp_path: Path) -> None:
    base = lab("council").url("council")
    out = tmp_path / "x.png"
    with pytest.raises(RunFailed, match=r"answered HTTP 404; give a page that loads$"):
        await explain_page(ExplainOptions(f"{base}/no-such-page", out=out))
    assert not out.exists()
