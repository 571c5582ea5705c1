"""Every entity-tree site agrees with its truth, and the checker notices when they disagree."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import aiohttp
import pytest

from siteseer.lab import LabServer, SiteTruth
from siteseer.lab.consistency import (
    Fetched,
    app_fetcher,
    check_site,
    checks_for,
    crawl_site,
    http_fetcher,
    links_of_html,
)

LabFixture = Callable[[str], LabServer]
HTTP_SITES = ("council", "drivers", "cars", "olympic", "people")


@pytest.mark.parametrize("site_id", HTTP_SITES)
async def test_small_site_agrees_with_truth(lab: LabFixture, site_id: str) -> None:
    server = lab(site_id)
    truth = server.truth(site_id)
    async with aiohttp.ClientSession() as session:
        problems = await check_site(session, truth)
    assert problems == []


async def test_spa_agrees_with_truth_through_its_json(lab: LabFixture) -> None:
    truth = lab("spa").truth("spa")
    async with aiohttp.ClientSession() as session:
        assert await check_site(app_fetcher(session), truth) == []


async def test_spa_over_plain_http_is_unreachable(lab: LabFixture) -> None:
    """Without rendering, the spa's root holds no links: everything but the root is unreachable."""
    truth = lab("spa").truth("spa")
    async with aiohttp.ClientSession() as session:
        problems = await check_site(session, truth)
    assert any("not reachable from the root" in p for p in problems)
    assert any("index page" in p and "is not reachable" in p for p in problems)


def _tampered(truth: SiteTruth, **changes: object) -> SiteTruth:
    return dataclasses.replace(truth, **changes)  # type: ignore[arg-type]


async def test_checker_reports_a_missing_entity_page(lab: LabFixture) -> None:
    truth = lab("council").truth("council")
    bogus = truth.base_url + "/member.php?id=99999"
    entities = dict(truth.entities, member=(*truth.entities["member"], bogus))
    async with aiohttp.ClientSession() as session:
        problems = await check_site(session, _tampered(truth, entities=entities))
    assert any(bogus in p and "answers 404" in p for p in problems)


async def test_checker_reports_untemplated_and_unreachable_pages(lab: LabFixture) -> None:
    truth = lab("cars").truth("cars")
    templates = dict(truth.templates)
    dropped = truth.base_url + "/wallpapers.htm"
    del templates[dropped]
    ghost = truth.base_url + "/ghost.htm"
    templates[ghost] = "ghost"
    async with aiohttp.ClientSession() as session:
        problems = await check_site(session, _tampered(truth, templates=templates))
    assert any("have no template" in p and dropped in p for p in problems)
    assert any("not reachable from the root" in p and ghost in p for p in problems)


async def test_checker_reports_a_linked_hidden_page(lab: LabFixture) -> None:
    truth = lab("olympic").truth("olympic")
    hidden = truth.target_entities[0]
    async with aiohttp.ClientSession() as session:
        problems = await check_site(session, _tampered(truth, hidden=(hidden,)))
    assert any(p.startswith(f"hidden page {hidden} is linked from") for p in problems)


async def test_checker_reports_a_broken_tree(lab: LabFixture) -> None:
    truth = lab("drivers").truth("drivers")
    levels = truth.index_levels
    # swap the levels: the seasons index is not linked from the season pages' level
    swapped = (levels[1], levels[0])
    wrong_path = (truth.seed_path[0], truth.seed_path[2], truth.seed_path[1])
    async with aiohttp.ClientSession() as session:
        problems = await check_site(
            session, _tampered(truth, index_levels=swapped, seed_path=wrong_path)
        )
    assert any("(level 1) links to no page of level 2" in p for p in problems)
    assert any("target entities are linked from no last-level index page" in p for p in problems)
    assert any("seed path" in p and "does not link to" in p for p in problems)
    assert any("seed path ends at" in p for p in problems)


async def test_crawl_reaches_exactly_the_templated_pages(lab: LabFixture) -> None:
    truth = lab("people").truth("people")
    async with aiohttp.ClientSession() as session:
        crawl = await crawl_site(http_fetcher(session), truth)
    reachable_html = {u for u in crawl.reachable if crawl.pages[u].is_html}
    assert reachable_html == set(truth.templates)
    assert not crawl.truncated


async def test_extra_checks_run_after_the_defaults(lab: LabFixture) -> None:
    truth = lab("council").truth("council")
    seen: list[int] = []

    async def count_pages(crawl: object) -> list[str]:
        seen.append(len(getattr(crawl, "reachable", ())))
        return ["custom problem"]

    async with aiohttp.ClientSession() as session:
        problems = await check_site(session, truth, checks=(*checks_for(truth.kind), count_pages))
    assert problems == ["custom problem"]
    assert seen == [len(truth.templates)]


def test_links_of_html_resolves_and_drops_fragments() -> None:
    html = (
        '<html><body><a href="/a#x">a</a><a href="b?page=2">b</a><a href="mailto:x@y">m</a>'
        '<a href="#top">t</a><a href="http://other/x">o</a><a>none</a></body></html>'
    )
    assert links_of_html("http://h/dir/page", html) == (
        "http://h/a",
        "http://h/dir/b?page=2",
        "http://other/x",
    )


async def test_app_fetcher_reads_pager_and_pair_links(lab: LabFixture) -> None:
    server = lab("spa")
    truth = server.truth("spa")
    second = next(u for u in truth.index_levels[1] if u.endswith("/page/2"))
    season = second.removesuffix("/page/2")
    async with aiohttp.ClientSession() as session:
        page: Fetched = await app_fetcher(session)(season)
        plain: Fetched = await http_fetcher(session)(season)
    assert plain.is_html and plain.links == ()
    assert second in page.links  # from the pager's [label, href, current] items
    assert set(page.links) & set(truth.target_entities)
