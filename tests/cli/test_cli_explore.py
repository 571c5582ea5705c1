"""`siteseer explore` from the outside: outputs against the lab truth, the cache, errors."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from aiohttp import web
from click.testing import CliRunner

from siteseer.cli import app
from siteseer.lab import LabServer, pair_scores
from siteseer.lab.sites.catalog_data import HIDDEN_ATTRIBUTES

runner = CliRunner()


@pytest.mark.slow
def test_explore_writes_entities_queries_and_dag(
    lab: Callable[[str], LabServer], tmp_path: Path
) -> None:
    server = lab("shop-links")
    truth = server.truth("shop-links")
    out = tmp_path / "out"
    cache = tmp_path / "cache.sqlite"
    args = [
        "explore",
        server.url("shop-links") + "/shop",
        "--render",
        "never",
        "--out",
        str(out),
        "--cache",
        str(cache),
    ]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in (out / "entities.jsonl").read_text().splitlines()]
    assert {r["url"] for r in rows} == set(truth.target_entities)
    extracted = {r["url"]: r["attributes"] for r in rows}
    pairs = pair_scores(extracted, truth, HIDDEN_ATTRIBUTES)
    assert pairs.precision >= 0.98 and pairs.recall >= 0.98
    queries = json.loads((out / "queries.json").read_text())
    sizes = {
        tuple((c["attribute"].lower(), c["value"]) for c in q["conditions"]): q["entities"]
        for q in queries["queries"]
    }
    for query in truth.queries:
        (attribute, value) = query.conditions[0]
        if attribute != "subcategory":
            assert sizes[((attribute, value),)] == len(query.entities)
    assert len(queries["edges"]) == len(truth.queries)
    assert any(s["reason"] == "ordering" for s in queries["skipped"])
    dot = (out / "dag.dot").read_text()
    assert dot.startswith("digraph queries {") and dot.count("->") >= len(truth.queries)
    assert (out / "dag.svg").read_text().lstrip().startswith(("<?xml", "<svg"))
    assert "explore: 90 entities" in result.stderr
    # the second run reads every page from the cache
    again = runner.invoke(app, args)
    assert again.exit_code == 0, again.output
    assert "0 pages loaded" in again.stderr


def test_explore_within_a_budget_writes_what_it_found(
    lab: Callable[[str], LabServer], tmp_path: Path
) -> None:
    # The fast stand-in for the full run above: the same four outputs, of an incomplete run.
    server = lab("shop-links")
    truth = server.truth("shop-links")
    out = tmp_path / "out"
    args = ["explore", server.url("shop-links") + "/shop", "--render", "never"]
    result = runner.invoke(app, [*args, "--budget", "10", "--out", str(out), "--no-cache"])
    assert result.exit_code == 1, result.output
    assert "incomplete: budget spent" in result.stderr
    rows = [json.loads(line) for line in (out / "entities.jsonl").read_text().splitlines()]
    assert rows and {r["url"] for r in rows} <= set(truth.target_entities)
    assert all(r["complete"] is False and r["reason"] == "budget spent" for r in rows)
    queries = json.loads((out / "queries.json").read_text())
    assert queries["complete"] is False and queries["reason"] == "budget spent"
    assert any(s["reason"] == "budget" for s in queries["skipped"])
    explored = [q for q in queries["queries"] if q["status"] == "explored"]
    assert len(explored) >= 2 and len(queries["edges"]) >= 1
    dot = (out / "dag.dot").read_text()
    assert dot.startswith("digraph queries {") and dot.count("->") == len(queries["edges"])
    assert (out / "dag.svg").read_text().lstrip().startswith(("<?xml", "<svg"))


def test_explore_unreadable_keywords_file_exits_2(tmp_path: Path) -> None:
    missing = tmp_path / "nope.txt"
    result = runner.invoke(
        app, ["explore", "http://127.0.0.1:9/shop", "--keywords", str(missing), "--no-cache"]
    )
    assert result.exit_code == 2
    assert "cannot read the keywords file" in result.stderr
    assert "Traceback" not in result.output


def test_explore_help_describes_the_outputs() -> None:
    result = runner.invoke(app, ["explore", "--help"])
    assert result.exit_code == 0
    for option in ("--entity-sample", "--keywords", "--allow-post", "--max-depth", "--budget"):
        assert option in result.stdout


def test_explore_unreachable_start_exits_2_and_writes_nothing(
    tmp_path: Path, closed_port: int
) -> None:
    out = tmp_path / "out"
    result = runner.invoke(
        app, ["explore", f"http://127.0.0.1:{closed_port}/shop", "--no-cache", "--out", str(out)]
    )
    assert result.exit_code == 2
    assert result.stderr.startswith(
        f"siteseer: cannot use the seed http://127.0.0.1:{closed_port}/shop"
    )
    assert len(result.stderr.strip().splitlines()) == 1
    assert not out.exists()


async def test_explore_finding_no_entity_exits_1_saying_why(
    serve_app: Callable[[web.Application], Awaitable[str]], tmp_path: Path
) -> None:
    # A page whose main content is prose: no list, no facet. 0 entities is never a silent
    # success: the outputs are written, and the reason names the page taken for the list.
    async def page(request: web.Request) -> web.Response:
        body = "<h1>About</h1><p>Nothing is listed here.</p><a href='/'>Home</a>"
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    application = web.Application()
    application.router.add_get("/{tail:.*}", page)
    base = await serve_app(application)
    out = tmp_path / "out"
    args = ["explore", base + "/about", "--render", "never", "--no-cache", "--out", str(out)]
    result = await asyncio.to_thread(runner.invoke, app, args)
    assert result.exit_code == 1, result.output
    assert f"no entities: {base}/about was taken for the list" in result.stderr
    assert "no group of links there looked like links to entity pages" in result.stderr
    assert (out / "entities.jsonl").read_text() == ""
