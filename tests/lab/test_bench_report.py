"""The bench end to end (serve → Session → runner → score → outputs) and its report in a browser."""

from __future__ import annotations

import base64
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from aiohttp import web
from playwright.async_api import ConsoleMessage, Page, async_playwright

from algorithms.result import Cost, Discovery
from lab.bench import (
    BenchConfig,
    markdown_table,
    plan,
    run_bench,
    run_pairs,
    score_run,
    write_outputs,
)
from lab.errors import BenchError
from lab.method import MethodRun, MethodSpec
from lab.registry import methods
from lab.results import BenchRun
from lab.runners.reference import follow_links
from lab.server import LabServer
from lab.site import Site
from lab.truth import SiteTruth
from render.config import RenderConfig

PIXEL_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)


class TinyTreeSite(Site):
    """Home → 2 paginated list pages → 6 item pages, plus an about page; every page has a menu.

    Item pages share a layout (menu + back link); list pages (menu, item list, pager), the home
    page and the about page each have another one, so the link schemas tell them apart.
    """

    id: ClassVar[str] = "tiny"
    kind: ClassVar[str] = "entity-tree"

    ITEMS = 6
    PER_PAGE = 3

    def _page(self, body: str) -> web.Response:
        menu = '<nav id="menu"><a href="/">Home</a> <a href="/about">About</a></nav>'
        text = f"<!DOCTYPE html><html><head><title>t</title></head><body>{menu}{body}</body></html>"
        return web.Response(text=text, content_type="text/html")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            return self._page(
                '<main class="home"><p><a href="/list?page=1">All items</a></p></main>'
            )
        if path == "/about":
            return self._page("<p>About us.</p>")
        if path == "/list":
            page = int(request.query.get("page", "1"))
            first = (page - 1) * self.PER_PAGE + 1
            items = "".join(
                f'<li><a href="/item/{i}">Item {i}</a></li>'
                for i in range(first, min(first + self.PER_PAGE, self.ITEMS + 1))
            )
            pages = "".join(f'<a href="/list?page={p}">{p}</a>' for p in (1, 2))
            return self._page(f'<ul class="items">{items}</ul><div class="pager">{pages}</div>')
        if path.startswith("/item/"):
            number = path.removeprefix("/item/")
            return self._page(
                f'<h1>Item {number}</h1><div class="back"><a href="/list?page=1">Back</a></div>'
            )
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        items = tuple(f"{base_url}/item/{i}" for i in range(1, self.ITEMS + 1))
        lists = (f"{base_url}/list?page=1", f"{base_url}/list?page=2")
        templates = {base_url + "/": "home", base_url + "/about": "about"}
        templates |= {u: "list" for u in lists} | {u: "item" for u in items}
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"item": items},
            target_type="item",
            seed_entity=items[0],
            index_levels=((base_url + "/",), lists),
            seed_path=(base_url + "/", lists[0], items[0]),
            templates=templates,
        )


async def _broken(session: Any, truth: SiteTruth) -> MethodRun:
    await session.page(truth.base_url + "/about")
    raise RuntimeError("the method fell over")


async def _clusterer(session: Any, truth: SiteTruth) -> MethodRun:
    """Reports its own scores and an image, like a clustering method with a screenshot."""
    await session.page(truth.base_url + "/")
    uri = "data:image/png;base64," + base64.b64encode(PIXEL_PNG).decode()
    return MethodRun(scores={"ari": 0.5, "purity": 0.75}, extra={"clusters": 3, "image:shot": uri})


SPECS = (
    MethodSpec("follow-links", follow_links, ("entity-tree",), render="never"),
    MethodSpec("broken", _broken, ("entity-tree",), render="never"),
    MethodSpec("clusterer", _clusterer, ("entity-tree",), render="never"),
    MethodSpec("shops-only", _broken, ("shop",), render="never"),
)


@pytest.fixture(scope="module")
async def tiny_runs() -> AsyncIterator[list[BenchRun]]:
    async with LabServer([TinyTreeSite()]) as server:
        lines: list[str] = []
        runs = await run_pairs(server, [("tiny", s) for s in SPECS], progress=lines.append)
        assert len(lines) == 3  # one line per applicable run; "shops-only" does not apply
        assert lines[0].startswith("[1/3] tiny · follow-links: precision 1.000")
        yield runs


def test_follow_links_finds_every_item_and_nothing_else(tiny_runs: list[BenchRun]) -> None:
    run = tiny_runs[0]
    truth = run.truth
    assert run.run is not None
    assert set(run.run.found) == set(truth.target_entities)
    row = run.row
    assert (row.precision, row.recall, row.f1) == (1.0, 1.0, 1.0)
    assert row.complete and row.error is None
    # every page once: home, about, 2 lists, 6 items (the seed is one of them, loaded first and
    # answered from the cache when the crawl reaches it); robots.txt may count as a download
    assert row.cost.downloads in (10, 11)
    assert row.cost.cache_hits == 1
    assert row.lower_bound_downloads == 4  # home, 2 lists, seed (already in the lists' level)
    assert row.extra["crawled"] == 10
    assert isinstance(run.run.result, Discovery)


def test_failed_run_is_a_row(tiny_runs: list[BenchRun]) -> None:
    row = tiny_runs[1].row
    assert tiny_runs[1].run is None
    assert row.method == "broken"
    assert row.error is not None and "RuntimeError: the method fell over" in row.error
    assert row.f1 is None and not row.complete
    assert row.cost.downloads >= 1  # the cost spent before the failure is kept
    assert row.to_dict()["error"] == row.error


def test_own_scores_replace_default_scoring(tiny_runs: list[BenchRun]) -> None:
    row = tiny_runs[2].row
    assert row.scores == {"ari": 0.5, "purity": 0.75}
    assert (row.precision, row.recall, row.f1) == (None, None, None)
    assert row.extra == {"clusters": 3}
    assert row.images[0][0] == "shot"


def test_score_run_defaults_to_target_entities() -> None:
    truth = TinyTreeSite().truth("http://x")
    spec = SPECS[0]
    run = MethodRun(found=(*truth.target_entities[:3], "http://x/about"))
    row = score_run(spec, truth, run, cost=Cost(downloads=3), seconds=1.0)
    assert (row.precision, row.recall) == (0.75, 0.5)
    assert row.f1 == pytest.approx(0.6)
    assert (row.found, row.relevant) == (4, 6)


@pytest.fixture(scope="module")
def bench_dir(tiny_runs: list[BenchRun], tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bench")
    write_outputs(tiny_runs, out, meta={"size": "small"})
    return out


def test_outputs_have_the_fields(bench_dir: Path) -> None:
    rows = json.loads((bench_dir / "results.json").read_text())
    assert [r["method"] for r in rows] == ["follow-links", "broken", "clusterer"]
    required = {"site", "method", "precision", "recall", "f1", "downloads", "renders", "seconds"}
    required |= {"lower_bound_downloads", "complete"}
    for row in rows:
        assert required <= set(row)
    assert rows[0]["f1"] == 1.0 and rows[0]["downloads"] in (10, 11)
    assert "error" in rows[1] and "error" not in rows[0]
    assert rows[2]["ari"] == 0.5 and rows[2]["clusters"] == 3
    image = rows[2]["images"]["shot"]
    assert (bench_dir / image).read_bytes() == PIXEL_PNG
    md = (bench_dir / "results.md").read_text()
    assert "| tiny | follow-links | 1.000 | 1.000 | 1.000 | " in md
    assert "error: RuntimeError: the method fell over" in md


def test_markdown_means_leave_failures_out(tiny_runs: list[BenchRun]) -> None:
    table = markdown_table([r.row for r in tiny_runs])
    assert "| broken | 1 | 1 | — | — | — | — | — |" in table
    assert "| follow-links | 1 | 0 | 1.000 | 1.000 | 1.000 | " in table


async def test_report_in_browser(bench_dir: Path, render_config: RenderConfig) -> None:
    # Playwright's async API: the sync `page` fixture would leave its own event loop running in
    # this thread and break every asyncio test after it.
    problems: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type in ("error", "warning"):
            problems.append(message.text)

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(**render_config.launch_options())
        try:
            page = await browser.new_page()
            page.on("console", on_console)
            page.on("pageerror", lambda error: problems.append(str(error)))
            await page.goto((bench_dir / "report.html").as_uri())
            await _check_report(page)
        finally:
            await browser.close()
    assert problems == []


async def _check_report(page: Page) -> None:
    assert await page.locator("h1").inner_text() == "siteseer lab bench"
    assert await page.locator("table.summary tbody tr").count() == 3
    assert await page.locator("table.matrix-f1").is_visible()
    plots = page.locator("figure.plot svg")
    assert await plots.count() == 2
    for i in range(2):
        assert await plots.nth(i).is_visible()
        box = await plots.nth(i).bounding_box()
        assert box is not None and box["width"] > 300 and box["height"] > 100
    # the scatter labels its one point (follow-links on tiny) with the site
    assert await plots.first.locator("text", has_text="tiny").count() == 1
    tree = page.locator("table.tree").first
    assert await tree.is_visible()
    cells = tree.locator("tbody tr").last.locator("td")
    assert [await cells.nth(i).inner_text() for i in range(1, 4)] == ["6", "6", "6"]
    image = page.locator(".images img")
    assert await image.count() == 1
    assert await image.evaluate("(img) => img.complete && img.naturalWidth") == 1
    assert await page.locator("table.failures tbody tr").count() == 1
    assert await page.locator("table.runs tbody tr").count() == 3


def test_plan_rejects_unknown_names_and_matches_kinds() -> None:
    registry = {s.name: s for s in SPECS}
    with pytest.raises(BenchError, match="unknown lab site 'nowhere'"):
        plan(["nowhere"], [], registry)
    with pytest.raises(BenchError, match="unknown method 'nothing'; registered: follow-links"):
        plan([], ["nothing"], registry)
    pairs = plan(["shop-links", "council"], ["follow-links", "shops-only"], registry)
    assert [(site, spec.name) for site, spec in pairs] == [
        ("council", "follow-links"),
        ("shop-links", "shops-only"),
    ]


def test_reference_method_is_registered() -> None:
    spec = methods()["follow-links"]
    assert spec.kinds == ("entity-tree", "shop", "trap")
    assert spec.run is follow_links


async def test_bench_on_lab_entity_tree_sites(tmp_path: Path) -> None:
    config = BenchConfig(sites=("council", "drivers"), methods=("follow-links",))
    runs = await run_bench(config)
    assert [(r.row.site, r.row.method) for r in runs] == [
        ("council", "follow-links"),
        ("drivers", "follow-links"),
    ]
    for run in runs:
        row = run.row
        assert row.error is None, row.error
        assert row.recall is not None and row.recall >= 0.9
        assert row.f1 is not None and 0.0 <= row.f1 <= 1.0
        assert row.cost.downloads >= row.lower_bound_downloads > 0
    write_outputs(runs, tmp_path)
    rows = json.loads((tmp_path / "results.json").read_text())
    assert {r["site"] for r in rows} == {"council", "drivers"}
