"""real-tiddlywiki served for real: TiddlyWiki's node server over its documentation edition.

Slow: the first run installs TiddlyWiki from npm. The truth (TiddlyWiki's own export of the
wiki folder) is checked against the server's tiddler listing and against the single-page app in
a browser, opened at permalinks.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from urllib.parse import unquote

import pytest
from playwright.async_api import async_playwright

from lab.real.tiddlywiki import TiddlyWikiApp, parse_string_list, permalink
from lab.server import LabServer, running_lab
from render.config import RenderConfig

pytestmark = [pytest.mark.slow, pytest.mark.browser, pytest.mark.timeout(1200)]

APP = "real-tiddlywiki"
# The story river's first tiddler: its title and the labels of its own tag pills.
SHOWN = """() => {
  const frame = document.querySelector('.tc-story-river .tc-tiddler-frame');
  const wrapper = frame.querySelector('.tc-tags-wrapper');  // the first: the tiddler's own
  const pills = wrapper ? wrapper.querySelectorAll('.tc-tag-label') : [];
  return [frame.getAttribute('data-tiddler-title'), [...pills].map(e => e.textContent.trim())];
}"""


@pytest.fixture(scope="module")
def wiki() -> Iterator[LabServer]:
    TiddlyWikiApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _title(base: str, url: str) -> str:
    return unquote(url.removeprefix(base + "/#"))


def test_the_truth_is_the_servers_own_tiddler_listing(wiki: LabServer) -> None:
    truth = wiki.truth(APP)
    base = truth.base_url
    # The server's listing: every non-system tiddler without its text (TiddlyWiki's default
    # filter for this route).
    with urllib.request.urlopen(base + "/recipes/default/tiddlers.json", timeout=120) as reply:
        listed = json.loads(reply.read())
    served = {t["title"]: parse_string_list(t.get("tags")) for t in listed}
    assert len(truth.target_entities) == len(served) > 1500
    assert {_title(base, url) for url in truth.target_entities} == set(served)
    for title, tags in served.items():
        url = permalink(base, title)
        assert truth.attributes.get(url, {}).get("tag", ()) == tags
    assert {t for tags in served.values() for t in tags} == set(truth.facet_values["tag"])
    widgets = next(q for q in truth.queries if q.conditions == (("tag", "Widgets"),))
    assert truth.seed_entity in widgets.entities


async def test_permalinks_open_their_tiddler_with_its_tags(
    wiki: LabServer, render_config: RenderConfig
) -> None:
    truth = wiki.truth(APP)
    base = truth.base_url
    parenthesised = next(u for u in truth.target_entities if "(" in u and "%C3" not in u)
    accented = next(u for u in truth.target_entities if "%C3%96" in u)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(**render_config.launch_options())
        try:
            page = await browser.new_page()
            for url in (truth.seed_entity, parenthesised, accented):
                await page.goto(url, wait_until="load", timeout=120_000)
                await page.wait_for_selector(".tc-story-river .tc-tiddler-frame", timeout=60_000)
                title, tags = await page.evaluate(SHOWN)
                assert title == _title(base, url)
                assert set(tags) == set(truth.attributes.get(url, {}).get("tag", ()))
        finally:
            await browser.close()
