"""real-swaggerui: Swagger UI (npm) over the Docker Engine API's description, hash-routed.

The fast test writes the hash routes of Swagger UI's deep links (nothing installed). The slow
ones install the application (the description from Debian's package, npm swagger-ui-dist, a
venv with PyYAML: under a minute) and serve it: the truth, from the description, is held
against the operations Swagger UI draws in a browser (their routes, methods, paths, summaries
and tag sections), and each route is held to open its operation.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.async_api import async_playwright

from siteseer.lab.real.swaggerui import SwaggerUiApp, route
from siteseer.lab.server import LabServer, running_lab
from siteseer.render.config import RenderConfig

APP = "real-swaggerui"

# every operation drawn: its tag section, its element's id, route, method, path and summary
DRAWN = """() => [...document.querySelectorAll('.opblock-tag-section')].flatMap(section =>
  [...section.querySelectorAll('.opblock')].map(op => ({
    tag: section.querySelector('.opblock-tag').getAttribute('data-tag'),
    id: op.id,
    href: op.querySelector('.opblock-summary-path a').getAttribute('href'),
    method: op.querySelector('.opblock-summary-method').textContent,
    path: op.querySelector('.opblock-summary-path').getAttribute('data-path'),
    summary: (op.querySelector('.opblock-summary-description') || {textContent: ''}).textContent,
  })))"""
OPEN = "() => [...document.querySelectorAll('.opblock.is-open')].map(op => op.id)"


def test_routes_are_swagger_uis_deep_links() -> None:
    assert route("Container") == "/#/Container"
    assert route("Container", "ContainerList") == "/#/Container/ContainerList"
    assert route("pet store", "add pet") == "/#/pet%20store/add%20pet"


@pytest.fixture(scope="module")
def swagger() -> Iterator[LabServer]:
    SwaggerUiApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
async def test_the_page_draws_every_operation_of_the_truth_under_its_tag(
    swagger: LabServer, render_config: RenderConfig
) -> None:
    truth = swagger.truth(APP)
    base = truth.base_url
    assert len(truth.target_entities) == len(set(truth.target_entities)) == 106
    assert truth.index_levels == ((base + "/",),)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(**render_config.launch_options())
        try:
            page = await browser.new_page()
            await page.goto(base + "/", wait_until="load", timeout=120_000)
            await page.wait_for_selector(".opblock", timeout=60_000)
            drawn = await page.evaluate(DRAWN)
            assert {base + "/" + op["href"] for op in drawn} == set(truth.target_entities)
            for op in drawn:
                url = base + "/" + op["href"]
                assert truth.attributes[url] == {
                    "method": (op["method"],),
                    "path": (op["path"],),
                    "tag": (op["tag"],),
                } | ({"summary": (op["summary"],)} if op["summary"] else {}), url
                assert url == base + route(op["tag"], op["id"].split("-", 2)[2])
            # a route opens its operation (and only it) when the page is loaded at it
            for url in [truth.seed_entity, *truth.target_entities[::25]]:
                await page.goto("about:blank")
                await page.goto(url, wait_until="load", timeout=120_000)
                await page.wait_for_selector(".opblock.is-open", timeout=60_000)
                tag, operation = url.split("#/", 1)[1].split("/")
                assert await page.evaluate(OPEN) == [f"operations-{tag}-{operation}"], url
        finally:
            await browser.close()
