"""Discovery from published URLs: the seed's template, the sample, trust or merge, the audit,
asserted against the lab's truth of each sitemap case."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from siteseer.algorithms import (
    DISCOVERY_METHODS,
    Discovery,
    SitemapAudit,
    candidates_of,
    discover_published,
    spread,
)
from siteseer.algorithms.features.urlshape import seed_template, widened
from siteseer.crawler import Session, SessionConfig
from siteseer.lab.score import set_scores
from siteseer.lab.server import LabServer
from siteseer.lab.truth import SiteTruth

Lab = Callable[[str], LabServer]
SSUP = DISCOVERY_METHODS["ssup"]


def test_seed_template_varies_the_name_and_the_numbers() -> None:
    driver = seed_template("http://h/drivers/ana-almeida")
    assert driver is not None and driver.matches("http://h/drivers/bo-li")
    assert not driver.matches("http://h/teams/red") and not driver.matches("http://h/drivers/a/b")
    member = seed_template("http://h/member.php?id=120")
    assert member is not None and member.matches("http://h/member.php?id=7")
    assert not member.matches("http://h/committee.php?id=1")
    wiki = seed_template("http://h/doku.php?id=lib:os")
    assert wiki is not None and wiki.matches("http://h/doku.php?id=tut:intro")


def test_a_category_level_is_widened_only_where_the_urls_show_one() -> None:
    car = seed_template("http://h/car/bmw/x5")
    assert car is not None
    three = ["http://h/car/audi/a4", "http://h/car/fiat/uno", "http://h/car/bmw/m3"]
    assert widened(car, three).matches("http://h/car/audi/a4")
    assert not widened(car, three[:1]).matches("http://h/car/audi/a4")
    assert not widened(car, three).matches("http://h/news/2024/x")


def test_candidates_and_spread() -> None:
    urls = ["http://h/sport/a", "http://h/city/b", "http://h/sport/c", "http://h/news/1-d"]
    _, found = candidates_of("http://h/sport/z", urls)
    assert found == ("http://h/sport/a", "http://h/sport/c")
    assert spread(list("abcdefghij"), 3) == ["a", "e", "j"]
    assert spread(["a", "b"], 3) == ["a", "b"]


async def _run(
    lab: Lab, site: str, *, audit: bool = False
) -> tuple[SiteTruth, Discovery, SitemapAudit | None]:
    server = lab(site)
    truth = server.truth(site)
    async with Session(SessionConfig(render="never")) as session:
        found, report = await discover_published(session, truth.seed_entity, SSUP, audit=audit)
    return truth, found, report


@pytest.mark.parametrize("site", ["drivers-sitemap", "cars-sitemap-gz", "olympic-sitemap-mixed"])
async def test_a_complete_sitemap_is_trusted_at_the_cost_of_its_files(lab: Lab, site: str) -> None:
    truth, found, _ = await _run(lab, site)
    scores = set_scores(found.entities, truth.target_entities)
    assert scores.f1 >= 0.99
    assert dict(found.params)["sitemap"] == "trusted"
    files = {"drivers-sitemap": 3, "cars-sitemap-gz": 3, "olympic-sitemap-mixed": 1}[site]
    assert found.cost.downloads <= files + 10
    assert {found.source_of(u) for u in found.entities} <= {"sitemap", "both"}


@pytest.mark.parametrize("site", ["council-sitemap-incomplete", "council-sitemap-stale"])
async def test_a_partial_or_stale_sitemap_is_merged_and_audited(lab: Lab, site: str) -> None:
    truth, found, report = await _run(lab, site, audit=True)
    assert set(found.entities) == set(truth.target_entities)
    assert report is not None
    assert set(report.missing) == set(truth.published["missing"])
    assert set(report.stale) == set(truth.published["stale"])
    sources = dict(found.sources)
    for url in truth.published["missing"]:
        assert sources[url] == "links"


async def test_a_feed_of_the_newest_is_merged_and_not_audited(lab: Lab) -> None:
    truth, found, report = await _run(lab, "drivers-feed", audit=True)
    assert set(found.entities) == set(truth.target_entities)
    assert report is None
    sources = dict(found.sources)
    assert {u for u, s in sources.items() if s == "both"} == set(truth.published["feed"])


async def test_a_site_without_sitemaps_gets_what_the_method_gets(lab: Lab) -> None:
    server = lab("council")
    truth = server.truth("council")
    async with Session(SessionConfig(render="never")) as session:
        plain = await SSUP.discover(session, truth.seed_entity)
    async with Session(SessionConfig(render="never")) as session:
        found, report = await discover_published(session, truth.seed_entity, SSUP, audit=True)
    assert found.entities == plain.entities and report is None
    assert found.cost.downloads == plain.cost.downloads + 2  # /sitemap.xml, /sitemap_index.xml


@pytest.mark.parametrize("audit", [False, True])
@pytest.mark.parametrize("budget", [2, 3, 6])
async def test_a_spent_budget_ends_with_a_partial_result(
    lab: Lab, audit: bool, budget: int
) -> None:
    """The sitemap's sample check and the merge stop where the budget does: the run returns
    what it found so far, marked incomplete, instead of raising."""
    server = lab("council-sitemap-stale")
    truth = server.truth("council-sitemap-stale")
    async with Session(SessionConfig(render="never", budget=budget)) as session:
        found, _ = await discover_published(session, truth.seed_entity, SSUP, audit=audit)
    assert not found.complete and found.reason.startswith("budget spent")
    assert set(found.entities) <= set(truth.target_entities)
