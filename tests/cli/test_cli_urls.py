"""`siteseer urls` end to end on the lab's sites with sitemaps: rows against the truth."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from siteseer.cli import app
from siteseer.lab import LabServer

Lab = Callable[[str], LabServer]
runner = CliRunner()


def _rows(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in text.splitlines()]


def test_urls_lists_the_sitemap_with_sources_and_lastmod(lab: Lab, tmp_path: Path) -> None:
    truth = lab("cars-sitemap-gz").truth("cars-sitemap-gz")
    out = tmp_path / "urls.jsonl"
    result = runner.invoke(app, ["urls", truth.base_url + "/", "--no-cache", "--out", str(out)])
    assert result.exit_code == 0, result.output
    rows = _rows(out.read_text(encoding="utf-8"))
    assert {r["url"] for r in rows} == set(truth.published["listed"])
    assert {str(r["source"]).rsplit("/", 1)[-1] for r in rows} == {"cars-1.xml.gz", "cars-2"}
    assert all(r["lastmod"] == "2024-05-01" and r["kind"] == "sitemap" for r in rows)
    assert "36 URLs published, 3 files read" in result.stderr


def test_like_keeps_the_seeds_type_and_check_loads_a_sample(lab: Lab) -> None:
    truth = lab("olympic-sitemap-mixed").truth("olympic-sitemap-mixed")
    args = ["urls", truth.base_url + "/", "--no-cache", "--like", truth.seed_entity]
    result = runner.invoke(app, [*args, "--check", "4", "--format", "csv"])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert {r["url"] for r in rows} == set(truth.target_entities)
    assert sum(r["check"] == "like the seed" for r in rows) == 4
    assert "checked 4: 4 answer, 4 look like the seed's page" in result.stderr


def test_pattern_glob_and_regex_and_stale_entries(lab: Lab) -> None:
    truth = lab("council-sitemap-stale").truth("council-sitemap-stale")
    base = ["urls", truth.base_url + "/", "--no-cache"]
    # members are 101-140; the sitemap also lists 141-143 (gone) and 151-152 (moved)
    glob = runner.invoke(app, [*base, "--pattern", "/member.php?id=14?", "--check", "5"])
    assert glob.exit_code == 0, glob.output
    said = {str(r["url"]).rsplit("=", 1)[1]: r["check"] for r in _rows(glob.stdout)}
    assert said == {"140": "answers", "141": "HTTP 404", "142": "HTTP 404", "143": "HTTP 404"}
    moved = runner.invoke(app, [*base, "--pattern", r"re:id=15[0-9]$", "--check", "2"])
    rows = _rows(moved.stdout)
    assert {r["url"] for r in rows} == set(truth.published["stale"][3:])
    assert all(str(r["check"]).startswith("redirects to") for r in rows)
    regex = runner.invoke(app, [*base, "--pattern", r"re:id=10[0-9]$"])
    assert len(_rows(regex.stdout)) == 9  # members 101-109
    bad = runner.invoke(app, [*base, "--pattern", "re:("])
    assert bad.exit_code == 2 and "not a regular expression" in bad.stderr


def test_a_site_without_sitemaps_says_so(lab: Lab) -> None:
    server = lab("council")
    result = runner.invoke(app, ["urls", server.url("council") + "/", "--no-cache"])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert "no sitemap or feed found" in result.stderr


def test_a_bad_or_unreachable_site_is_one_line_and_exit_2(closed_port: int) -> None:
    for args in (["notaurl"], ["notaurl", "--no-feeds"], [f"http://127.0.0.1:{closed_port}/"]):
        result = runner.invoke(app, ["urls", *args, "--no-cache", "--retries", "0"])
        assert result.exit_code == 2, result.output
        assert len(result.stderr.strip().splitlines()) == 1 and result.stdout == ""
