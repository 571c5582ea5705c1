"""The bench's HTML report (lab/report.py) in a browser: sections, plots, trees, images."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import ConsoleMessage, Page, async_playwright
from tiny_site import SPECS, TinyTreeSite

from siteseer.lab import LabServer
from siteseer.lab.bench import run_pairs, write_outputs
from siteseer.lab.results import BenchRun
from siteseer.render import RenderConfig


@pytest.fixture(scope="module")
async def tiny_runs() -> AsyncIterator[list[BenchRun]]:
    async with LabServer([TinyTreeSite()]) as server:
        lines: list[str] = []
        runs = await run_pairs(server, [("tiny", s) for s in SPECS], progress=lines.append)
        assert len(lines) == 3  # one line per applicable run; "shops-only" does not apply
        assert lines[0].startswith("[1/3] tiny · follow-links: precision 1.000")
        yield runs


@pytest.fixture(scope="module")
def bench_dir(tiny_runs: list[BenchRun], tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bench")
    write_outputs(tiny_runs, out, meta={"size": "small"})
    return out


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


def test_scatter_labels_never_overlap() -> None:
    from siteseer.lab.report import place_labels

    # twelve points crowded together, labels as wide as "shop-links" at 7 pt
    points = [(100 + 3 * (i % 4), 100 + 4 * (i // 4)) for i in range(12)]
    sizes = [(40.0, 8.4)] * len(points)
    offsets = place_labels(points, sizes)
    boxes = []
    for (px, py), (w, h), offset in zip(points, sizes, offsets, strict=True):
        if offset is None:
            continue
        x0, y0 = px + offset[0], py + offset[1]
        boxes.append((x0, y0, x0 + w, y0 + h))
    assert len(boxes) >= 4  # the first ones find room; the rest are left out, not piled up
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (a, b)
    # points far apart keep the first spot, right of and above the point
    assert place_labels([(0, 0), (500, 500)], [(40.0, 8.4)] * 2) == [(5.0, 4.0), (5.0, 4.0)]
