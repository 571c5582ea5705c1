"""The crawl cache from the command line: compression, --max-age, --refresh, render modes,
`siteseer cache info|prune|clear|export --warc`, and a WARC export read back."""

from __future__ import annotations

import json
import sqlite3
import zlib
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from siteseer.cli import app
from siteseer.crawler import read_pages
from siteseer.lab import LabServer

Lab = Callable[[str], LabServer]
runner = CliRunner()


def _discover(seed: str, cache: Path, tmp_path: Path, *extra: str) -> str:
    # Without sitemaps: the lab sites have none, and the 404s of their default addresses would
    # be cached answers that are no pages (export and the counts below are of pages).
    args = ["discover", seed, "--height", "auto", "--render", "never", "--cache", str(cache)]
    args.append("--no-sitemaps")
    result = runner.invoke(app, [*args, "--out", str(tmp_path / "rows.jsonl"), *extra])
    assert result.exit_code == 0, result.output
    return result.stderr


def test_the_cache_is_compressed_expires_and_refreshes(lab: Lab, tmp_path: Path) -> None:
    truth = lab("cars").truth("cars")
    cache = tmp_path / "cache.sqlite"
    first = _discover(truth.seed_entity, cache, tmp_path)
    assert " 0 pages downloaded" not in first
    db = sqlite3.connect(cache)
    rows = db.execute("SELECT snapshot FROM snapshots").fetchall()
    db.close()
    stored = sum(len(blob) for (blob,) in rows)
    html = sum(len(json.loads(zlib.decompress(blob))["html"].encode()) for (blob,) in rows)
    assert stored < 0.6 * html  # was 2.2–2.8× the HTML, uncompressed JSON
    assert " 0 pages downloaded" in _discover(truth.seed_entity, cache, tmp_path, "--max-age", "1h")
    assert " 0 pages downloaded" not in _discover(truth.seed_entity, cache, tmp_path, "--refresh")
    assert " 0 pages downloaded" not in _discover(
        truth.seed_entity, cache, tmp_path, "--max-age", "0"
    )
    assert " 0 pages downloaded" in _discover(truth.seed_entity, cache, tmp_path)
    bad = runner.invoke(app, ["discover", truth.seed_entity, "--max-age", "soon"])
    assert bad.exit_code == 2 and "is not a duration" in bad.stderr


def test_render_never_after_always_is_not_rendered(lab: Lab, tmp_path: Path) -> None:
    url = lab("testbed").url("testbed") + "/static"
    cache = ["--cache", str(tmp_path / "cache.sqlite")]
    always = runner.invoke(app, ["render", url, "--render", "always", *cache])
    assert always.exit_code == 0, always.output
    assert "rendered   yes" in always.stdout
    never = runner.invoke(app, ["render", url, "--render", "never", *cache])
    assert never.exit_code == 0, never.output
    assert "rendered   no" in never.stdout


def test_cache_info_export_prune_clear(lab: Lab, tmp_path: Path) -> None:
    cache = tmp_path / "cache.sqlite"
    truths = {site: lab(site).truth(site) for site in ("catalog-ids", "cars")}
    # --details: the item pages are loaded too, so the cache holds every linked item
    _discover(truths["catalog-ids"].seed_entity, cache, tmp_path, "--details")
    _discover(truths["cars"].seed_entity, cache, tmp_path)
    hosts = {site: truth.base_url.split("//")[1] for site, truth in truths.items()}
    info = runner.invoke(app, ["cache", "info", "--cache", str(cache)])
    assert info.exit_code == 0, info.output
    counts = {
        line.split()[0]: int(line.split()[1])
        for line in info.stdout.splitlines()
        if line[:2] == "  "
    }
    assert set(counts) == set(hosts.values())
    assert "snapshots" in info.stdout and "MB" in info.stdout
    # export one site as WARC: every page is of that site, and templates urls reads it
    warc = tmp_path / "catalog.warc.gz"
    catalog = truths["catalog-ids"]
    export = runner.invoke(
        app,
        ["cache", "export", "--cache", str(cache), "--warc", str(warc), "--site", catalog.base_url],
    )
    assert export.exit_code == 0, export.output
    snaps, _ = read_pages(warc)
    assert len(snaps) == counts[hosts["catalog-ids"]]
    assert all(s.url.startswith(catalog.base_url + "/") for s in snaps)
    linked = set(catalog.target_entities) - set(catalog.hidden)
    assert linked <= {s.url for s in snaps}
    templates = runner.invoke(
        app, ["templates", "urls", str(warc), "--no-cache", "--min-values", "20", "--no-generate"]
    )
    assert templates.exit_code == 0, templates.output
    assert "/item/{T}{N}" in templates.stderr
    # prune one site, then by age, then clear
    pruned = runner.invoke(
        app, ["cache", "prune", "--cache", str(cache), "--site", hosts["catalog-ids"]]
    )
    assert pruned.exit_code == 0, pruned.output
    assert pruned.stdout.startswith(f"deleted {counts[hosts['catalog-ids']]} snapshots;")
    kept = runner.invoke(app, ["cache", "prune", "--cache", str(cache), "--older-than", "1d"])
    assert kept.stdout.startswith(f"deleted 0 snapshots; {counts[hosts['cars']]} left")
    nothing = runner.invoke(app, ["cache", "prune", "--cache", str(cache)])
    assert nothing.exit_code == 2 and "--older-than" in nothing.stderr
    cleared = runner.invoke(app, ["cache", "clear", "--cache", str(cache)])
    assert cleared.exit_code == 0 and not cache.exists()
    gone = runner.invoke(app, ["cache", "info", "--cache", str(cache)])
    assert gone.exit_code == 2 and "no cache at" in gone.stderr


def test_cache_commands_refuse_what_is_not_a_cache(tmp_path: Path) -> None:
    other = tmp_path / "notes.txt"
    other.write_text("not a cache\n" * 10)
    cleared = runner.invoke(app, ["cache", "clear", "--cache", str(other)])
    assert cleared.exit_code == 2 and other.exists()
    assert "cannot use" in cleared.stderr
