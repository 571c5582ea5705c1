"""real-tiddlywiki served for real: TiddlyWiki's node server over its documentation edition.

Slow: the first run installs TiddlyWiki from npm. The truth (TiddlyWiki's own export of the
wiki folder) is checked against the server's tiddler listing and against the single-page app in
a browser, opened at permalinks. The crawl side: a Session finds the app hash-routed by itself,
keeps the tiddlers' fragments in its links (in the truth's spelling), loads every tiddler state
from its permalink, and `explore` finds the tiddlers and their tags through the tag pills' popups.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from datetime import timedelta
from urllib.parse import unquote

import pytest
from playwright.async_api import async_playwright

from siteseer.crawler import Session, SessionConfig
from siteseer.lab.real.tiddlywiki import TiddlyWikiApp, parse_string_list, permalink
from siteseer.lab.runners.exploration import lower_bound, run_explore
from siteseer.lab.server import LabServer, running_lab
from siteseer.render import Snapshot
from siteseer.render.config import RenderConfig

pytestmark = [
    pytest.mark.slow,
    pytest.mark.real_app("real-tiddlywiki"),
    pytest.mark.browser,
    pytest.mark.timeout(1200),
]

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
        assert truth.attributes.get(url, {}).get("tags", ()) == tags
    assert {t for tags in served.values() for t in tags} == set(truth.facet_values["tags"])
    widgets = next(q for q in truth.queries if q.conditions == (("tags", "Widgets"),))
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
                assert set(tags) == set(truth.attributes.get(url, {}).get("tags", ()))
        finally:
            await browser.close()


def _shown(snap: Snapshot) -> tuple[str, set[str]]:
    """The story river's first tiddler in a Snapshot: its title and its own tag pills."""
    tree = snap.tree()
    frame = tree.xpath("//*[contains(@class, 'tc-story-river')]//*[@data-tiddler-title]")[0]
    wrapper = frame.xpath(".//*[contains(@class, 'tc-tags-wrapper')]")
    pills = wrapper[0].xpath(".//*[contains(@class, 'tc-tag-label')]") if wrapper else []
    return frame.get("data-tiddler-title"), {" ".join(p.text_content().split()) for p in pills}


async def test_a_session_crawls_tiddlers_as_states_of_their_own(wiki: LabServer) -> None:
    truth = wiki.truth(APP)
    base = truth.base_url
    entities = set(truth.target_entities)
    config = SessionConfig(render="auto", timeout=timedelta(seconds=180))
    async with Session(config) as session:
        home = await session.page(base + "/")
        [decision] = session.routing_decisions.values()
        assert decision.hash_routed and decision.document.endswith("/")
        tiddlers = {x.url for x in home.links if "#" in x.url}
        # every fragment link is a tiddler's permalink in the truth's spelling (the page's own
        # links escape ( ) ! ' * as well; a few name tiddlers that do not exist)
        assert len(tiddlers) > 50 and len(tiddlers & entities) >= 0.9 * len(tiddlers)
        parenthesised = next(u for u in sorted(entities) if "(" in u and "%C3" not in u)
        accented = next(u for u in sorted(entities) if "%C3%96" in u)
        for url in (truth.seed_entity, parenthesised, accented):
            snap = await session.page(url)
            assert snap.rendered and snap.url == url
            title, tags = _shown(snap)
            assert title == _title(base, url)
            assert tags == set(truth.attributes.get(url, {}).get("tags", ()))
        downloads = session.cost().downloads
        assert (await session.page(truth.seed_entity)).url == truth.seed_entity
        assert session.cost().downloads == downloads  # a state is cached under its own URL


@pytest.mark.timeout(3600)  # some 440 states of a page of 1.3 MB: tens of minutes when busy
async def test_explore_finds_the_tiddlers_and_tags_behind_the_tag_pills(wiki: LabServer) -> None:
    truth = wiki.truth(APP)
    # the bench's runner, in a Session that gives the 7.5 MB app time to load on a busy machine
    async with Session(SessionConfig(render="auto", timeout=timedelta(seconds=180))) as session:
        run = await run_explore(session, truth)
    # Every tag is a pill under the sidebar's More > Tags tab; each pill's popup lists the
    # tiddlers with that tag. The 68 untagged tiddlers of the 1,770 are in no popup.
    assert run.extra["entity_recall"] >= 0.95, run.extra
    assert run.extra["entity_precision"] >= 0.95, run.extra
    assert run.scores["precision"] >= 0.95 and run.scores["recall"] >= 0.95, run.scores
    result = run.result
    # Some 480 states from about 20 page loads: tabs and popups are switched inside the page.
    assert result is not None and result.cost.renders <= 30, result.cost


def test_explores_bound_is_the_page_and_an_action_per_tag(wiki: LabServer) -> None:
    truth = wiki.truth("real-tiddlywiki")
    # a tag's popup lists every tiddler with the tag at once: one action per tag, whatever
    # the tag's size
    assert max(len(q.entities) for q in truth.queries) <= truth.state_rows
    assert lower_bound(truth) == 1 + len(truth.facet_values["tags"]) == 1 + len(truth.queries)
