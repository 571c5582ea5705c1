"""No silent empties, and rows that mean the same whatever the cache held: a run that yields
nothing, or drops what it found, says why on stderr and exits 1 (an input with no site at all
is an error, 2); a row's title and status say where they come from; CSV spells booleans as
JSON does."""

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


def test_templates_urls_says_min_values_dropped_the_template(lab: Lab, tmp_path: Path) -> None:
    truth = lab("catalog-ids").truth("catalog-ids")
    items = sorted(u for u in truth.target_entities if u not in set(truth.hidden))[:40]
    listing = tmp_path / "items.txt"
    listing.write_text("\n".join(items) + "\n")
    args = ["templates", "urls", str(listing), "--no-cache", "--no-generate"]
    dropped = runner.invoke(app, args)  # --min-values 100 by default
    assert dropped.exit_code == 1, dropped.output
    last = dropped.stderr.strip().splitlines()[-1]
    assert last.startswith("siteseer: nothing found: no template kept: 1 templates dropped")
    assert "/item/{T}{N} (40 ids)" in last and "--min-values 40 or lower keeps it" in last
    kept = runner.invoke(app, [*args, "--min-values", "40"])
    assert kept.exit_code == 0, kept.output
    assert "url-templates: 1 templates" in kept.stderr and "nothing found" not in kept.stderr


def test_templates_urls_says_why_no_url_makes_a_template(tmp_path: Path) -> None:
    listing = tmp_path / "pages.txt"
    listing.write_text("http://127.0.0.1:9/about\nhttp://127.0.0.1:9/contact\n")
    result = runner.invoke(app, ["templates", "urls", str(listing), "--no-cache"])
    assert result.exit_code == 1, result.output
    assert "siteseer: nothing found: no template: none of the 2 input URLs" in result.stderr


def test_templates_cluster_cut_by_its_pages_is_incomplete(lab: Lab, tmp_path: Path) -> None:
    truth = lab("mixed-templates").truth("mixed-templates")
    assert len(truth.templates) > 60
    out = tmp_path / "clusters.jsonl"
    args = ["templates", "cluster", truth.base_url + "/", "--no-cache", "--out", str(out)]
    cut = runner.invoke(app, [*args, "--pages", "60"])
    assert cut.exit_code == 1, cut.output
    assert cut.stderr.strip().splitlines()[-1] == "siteseer: incomplete: budget spent"
    assert "60 pages (" in cut.stderr and "more links of the site not loaded" in cut.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert sum(r["size"] for r in rows) == 60
    assert all(r["complete"] is False and r["reason"] == "budget spent" for r in rows)


def test_batch_with_no_site_is_an_error(tmp_path: Path) -> None:
    out = tmp_path / "out"
    empty = runner.invoke(app, ["batch", "-", "--out", str(out)], input="")
    assert empty.exit_code == 2, empty.output
    assert empty.stderr.strip() == (
        "siteseer: standard input holds no site: give one URL (or JSON object) a line"
    )
    comments = tmp_path / "sites.txt"
    comments.write_text("# the sites\n\n")
    only = runner.invoke(app, ["batch", str(comments), "--out", str(out)])
    assert only.exit_code == 2 and f"{comments} holds no site" in only.stderr
    assert not (out / "manifest.jsonl").exists()


def test_rows_say_where_title_and_status_come_from(lab: Lab, tmp_path: Path) -> None:
    truth = lab("cars").truth("cars")
    cache = tmp_path / "cache.sqlite"
    args = ["discover", truth.seed_entity, "--height", "auto", "--render", "never"]

    def rows(*extra: str) -> dict[str, dict[str, object]]:
        result = runner.invoke(app, [*args, "--format", "json", *extra])
        assert result.exit_code == 0, result.output
        return {r["url"]: r for r in json.loads(result.stdout)}

    alone = rows("--no-cache")
    first = rows("--cache", str(cache))
    rows("--cache", str(cache), "--details")  # every entity page now in the cache
    again = rows("--cache", str(cache))
    assert alone == first  # an empty cache: the run's own pages only
    by_run = {u for u, r in first.items() if r["page_from"] == "run"}
    assert by_run and by_run < set(first)
    for url, row in first.items():
        if url in by_run:  # loaded by the run: the same whatever the cache held
            assert again[url] == row and row["status"] == 200 and row["title"]
        else:  # not loaded: nothing known, then the cache's copy, said so
            assert row["title"] is row["status"] is None and row["page_from"] is None
            assert again[url]["page_from"] == "cache" and again[url]["status"] == 200


def test_csv_spells_booleans_as_json_does(lab: Lab) -> None:
    # discover's CSV: tests/cli/test_cli_partial.py (complete "false", status "" for null)
    truth = lab("council").truth("council")
    cluster = ["templates", "cluster", truth.base_url + "/", "--no-cache", "--pages", "5"]
    text = runner.invoke(app, [*cluster, "--format", "csv"])
    assert text.exit_code == 1, text.output
    cells = list(csv.reader(io.StringIO(text.stdout)))
    assert cells[0][-2:] == ["complete", "reason"]
    assert {row[-2] for row in cells[1:]} == {"false"}
