"""`siteseer templates urls`, `templates cluster` and `describe` end to end on lab sites."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from siteseer.cli import app
from siteseer.lab import LabServer, cluster_scores

Lab = Callable[[str], LabServer]
runner = CliRunner()


def test_templates_urls_finds_hidden_items(lab: Lab, tmp_path: Path) -> None:
    truth = lab("catalog-ids").truth("catalog-ids")
    hidden = set(truth.hidden)
    listing = tmp_path / "crawl.txt"
    # What a link crawler saw: every page of the link graph, none of the hidden items.
    listing.write_text("\n".join(u for u in sorted(truth.templates) if u not in hidden) + "\n")
    out = tmp_path / "out"
    result = runner.invoke(
        app,
        [
            *("templates", "urls", str(listing), "--no-cache"),
            *("--min-values", "20", "--out", str(out)),
        ],
    )
    assert result.exit_code == 0, result.output
    templates = [json.loads(line) for line in (out / "templates.jsonl").read_text().splitlines()]
    assert [t["key"].removeprefix(truth.base_url) for t in templates] == ["/item/{T}{N}"]
    assert templates[0]["gaps"] and templates[0]["values"] == sorted(templates[0]["values"])
    found = set((out / "found.txt").read_text().split())
    assert len(found & hidden) >= 0.95 * len(hidden)
    assert found <= set(truth.target_entities)
    checked = [json.loads(line) for line in (out / "checked.jsonl").read_text().splitlines()]
    assert {c["verdict"] for c in checked} == {"entity", "empty"}
    assert "url-templates: 1 templates" in result.stderr


def test_templates_urls_errors_are_one_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["templates", "urls", str(tmp_path / "missing.txt")])
    assert result.exit_code == 2
    assert "is not a file" in result.stderr
    mixed = tmp_path / "two-hosts.txt"
    mixed.write_text("http://a.test/p/1\nhttp://b.test/p/2\n")
    result = runner.invoke(app, ["templates", "urls", str(mixed), "--no-cache"])
    assert result.exit_code == 2
    assert "--site" in result.stderr


@pytest.mark.slow
def test_templates_cluster_crawls_and_matches_the_truth(lab: Lab) -> None:
    truth = lab("mixed-templates").truth("mixed-templates")
    result = runner.invoke(
        app,
        ["templates", "cluster", truth.base_url + "/", "--budget", "500", "--no-cache"],
    )
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    predicted = {url: str(row["cluster"]) for row in rows for url in row["pages"]}
    assert len(predicted) >= 0.95 * len(truth.templates)
    known = {u: t for u, t in truth.templates.items() if u in predicted}
    assert cluster_scores(known, predicted).ari >= 0.95
    assert all(row["template_paths"] for row in rows if row["size"] > 1)


def test_describe_prints_labels_and_judges_pages(lab: Lab) -> None:
    truth = lab("drivers").truth("drivers")
    other = next(u for u, kind in sorted(truth.templates.items()) if kind == "news")
    entity = sorted(truth.target_entities)[3]
    result = runner.invoke(
        app,
        [
            *("describe", truth.seed_entity, "--render", "never", "--no-cache"),
            *("--check", entity, "--check", other),
        ],
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    terms = set(lines[0].split(", "))
    assert {"nationality", "born", "career"} <= terms
    assert lines[1:] == [f"yes\t{entity}", f"no\t{other}"]


def test_templates_urls_explains_a_url_given_for_input() -> None:
    result = runner.invoke(app, ["templates", "urls", "http://127.0.0.1:9/items"])
    assert result.exit_code == 2
    assert "INPUT is a file of URLs, not a URL" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_templates_urls_says_when_the_site_is_down(tmp_path: Path, closed_port: int) -> None:
    listing = tmp_path / "urls.txt"
    listing.write_text("".join(f"http://127.0.0.1:{closed_port}/item/{i}\n" for i in range(1, 151)))
    result = runner.invoke(app, ["templates", "urls", str(listing), "--no-cache"])
    assert result.exit_code == 1
    assert f"page loads failed; is 127.0.0.1:{closed_port} up?" in result.stderr
    assert result.stdout == ""
