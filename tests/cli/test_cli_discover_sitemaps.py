"""`siteseer discover` with sitemaps (the default), without them, and the sitemap audit."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from siteseer.cli import app
from siteseer.lab import LabServer, set_scores

Lab = Callable[[str], LabServer]
runner = CliRunner()


def _rows(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in text.splitlines()]


def test_a_complete_sitemap_is_used_and_each_row_says_its_source(lab: Lab) -> None:
    truth = lab("drivers-sitemap").truth("drivers-sitemap")
    args = ["discover", truth.seed_entity, "--render", "never", "--no-cache"]
    used = runner.invoke(app, args)
    assert used.exit_code == 0, used.output
    rows = _rows(used.stdout)
    assert set_scores([r["url"] for r in rows], truth.target_entities).f1 >= 0.99
    assert {r["source"] for r in rows} == {"sitemap", "both"}
    assert "the sitemap trusted" in used.stderr
    plain = runner.invoke(app, [*args, "--no-sitemaps"])
    assert plain.exit_code == 0, plain.output
    assert {r["source"] for r in _rows(plain.stdout)} == {"links"}
    downloads = [
        int(out.stderr.split(" pages downloaded")[0].rsplit(" ", 1)[1]) for out in (used, plain)
    ]
    assert downloads[0] <= 3 + 10 < downloads[1]


def test_the_audit_names_the_missing_and_the_stale(lab: Lab, tmp_path: Path) -> None:
    for site in ("council-sitemap-incomplete", "council-sitemap-stale"):
        truth = lab(site).truth(site)
        audit = tmp_path / f"{site}.json"
        args = ["discover", truth.seed_entity, "--render", "never", "--no-cache"]
        result = runner.invoke(app, [*args, "--audit-sitemap", str(audit)])
        assert result.exit_code == 0, result.output
        found = json.loads(audit.read_text(encoding="utf-8"))
        assert set(found["missing"]) == set(truth.published["missing"])
        assert set(found["stale"]) == set(truth.published["stale"])
        assert "sitemap audit:" in result.stderr
        rows = _rows(result.stdout)
        assert {r["url"] for r in rows} == set(truth.target_entities)
