"""Commands chained through their files: discover's JSON lines into `templates urls` and
`describe`, the crawl cache into `templates cluster --site`, and empty inputs refused."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from siteseer.cli import app
from siteseer.lab import LabServer

Lab = Callable[[str], LabServer]
runner = CliRunner()


def test_discover_rows_feed_templates_urls(lab: Lab, tmp_path: Path) -> None:
    truth = lab("catalog-ids").truth("catalog-ids")
    rows = tmp_path / "items.jsonl"
    found = runner.invoke(
        app,
        [
            *("discover", truth.seed_entity, "--height", "auto", "--render", "never"),
            *("--no-cache", "--out", str(rows)),
        ],
    )
    assert found.exit_code == 0, found.output
    result = runner.invoke(
        app, ["templates", "urls", str(rows), "--no-cache", "--min-values", "20"]
    )
    assert result.exit_code == 0, result.output
    # every entity page nothing links to is found from the pages discover found
    assert set(result.stdout.split()) == set(truth.hidden)


@pytest.mark.slow  # describe runs Indesit on both sites; sample_urls is tested alone as well
def test_describe_takes_discovers_rows_of_two_sites(lab: Lab, tmp_path: Path) -> None:
    files, samples = [], []
    for site in ("drivers", "people"):
        truth = lab(site).truth(site)
        pages = sorted(truth.target_entities)[:3]
        rows = tmp_path / f"{site}.jsonl"
        rows.write_text("".join(json.dumps({"url": u}) + "\n" for u in pages))
        files.append(str(rows))
        samples.append(pages[0])
    result = runner.invoke(app, ["describe", *files, "--render", "never", "--no-cache"])
    assert result.exit_code == 0, result.output
    # the first page of each file is its site's sample: one note line per sample, in order
    noted = [line.split(": ", 1)[0] for line in result.stderr.splitlines() if ": " in line]
    assert [n for n in noted if n.startswith("http")] == samples
    assert result.stdout.strip()


def test_cluster_reads_one_site_of_the_crawl_cache(lab: Lab, tmp_path: Path) -> None:
    cache = tmp_path / "cache.sqlite"
    seeds = {site: lab(site).truth(site) for site in ("cars", "council")}
    for truth in seeds.values():
        crawled = runner.invoke(
            app,
            [
                *("discover", truth.seed_entity, "--render", "never"),
                *("--cache", str(cache), "--out", str(tmp_path / "x.jsonl")),
            ],
        )
        assert crawled.exit_code == 0, crawled.output
    both = runner.invoke(app, ["templates", "cluster", str(cache), "--no-cache"])
    assert both.exit_code == 2
    assert "holds URLs of 2 hosts" in both.stderr and "--site" in both.stderr
    council = seeds["council"]
    one = runner.invoke(
        app, ["templates", "cluster", str(cache), "--site", council.base_url, "--no-cache"]
    )
    assert one.exit_code == 0, one.output
    pages = {u for line in one.stdout.splitlines() for u in json.loads(line)["pages"]}
    assert pages and pages <= set(council.templates)
    as_csv = runner.invoke(
        app,
        [
            *(
                "templates",
                "cluster",
                str(cache),
                "--site",
                "127.0.0.1:" + council.base_url.rsplit(":", 1)[1],
            ),
            *("--no-cache", "--format", "csv"),
        ],
    )
    assert as_csv.exit_code == 0, as_csv.output
    table = list(csv.DictReader(io.StringIO(as_csv.stdout)))
    assert {row["url"] for row in table} == pages


def test_an_input_that_yields_no_url_is_an_error(tmp_path: Path) -> None:
    rows = tmp_path / "empty.jsonl"
    rows.write_text("")
    for args in (["templates", "urls"], ["templates", "cluster"], ["describe"]):
        result = runner.invoke(app, [*args, str(rows), "--no-cache"])
        assert result.exit_code == 2, (args, result.output)
        assert "empty.jsonl holds no URL" in result.stderr, args
        assert len(result.stderr.strip().splitlines()) == 1
    clusters = tmp_path / "clusters.jsonl"
    clusters.write_text('{"cluster": 0, "size": 0}\n')
    result = runner.invoke(app, ["templates", "urls", str(clusters), "--no-cache"])
    assert result.exit_code == 2 and 'siteseer\'s JSON lines a "url" each' in result.stderr
