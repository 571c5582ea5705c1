"""The entity-tree sites: sizes, truth shape, determinism, speed and the cases each exercises."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

import aiohttp
import pytest
from lxml import html as lxml_html
from playwright.async_api import async_playwright

from siteseer.lab import LabServer, SiteTruth, site_class
from siteseer.lab.consistency import links_of_html
from siteseer.lab.sites.entitytree import EntityTreeSite
from siteseer.lab.sites.names import car_model, city_name, person_name, slugify, sport_name
from siteseer.render import RenderConfig

LabFixture = Callable[[str], LabServer]
SITES = ("council", "drivers", "cars", "olympic", "people", "spa")
HEIGHTS = {"council": 1, "drivers": 2, "cars": 2, "olympic": 1, "people": 1, "spa": 2}
BASE = "http://lab.test"


def _site(site_id: str, size: str = "small", seed: int = 0) -> EntityTreeSite:
    site = site_class(site_id)(size=size, seed=seed)  # type: ignore[arg-type]
    assert isinstance(site, EntityTreeSite)
    return site


def _get(site: EntityTreeSite, url: str) -> tuple[int, str]:
    parts = urlsplit(url)
    reply = site.reply(parts.path, parts.query)
    return reply.status, reply.body


def _sample(urls: list[str], n: int) -> list[str]:
    return urls[:: max(1, len(urls) // n)]


def _link_paths(html: str) -> dict[str, set[str]]:
    """href → the link DOM paths (tag.class of each ancestor, root first) of its anchors."""
    doc = lxml_html.document_fromstring(html)
    out: dict[str, set[str]] = {}
    for a in doc.iter("a"):
        steps = [f"{e.tag}.{e.get('class', '')}" for e in reversed(list(a.iterancestors()))]
        out.setdefault(a.get("href", ""), set()).add("/".join(steps))
    return out


# ---- truth and sizes


@pytest.mark.parametrize("site_id", SITES)
def test_small_truth_shape(site_id: str) -> None:
    site = _site(site_id)
    truth = site.truth(BASE)
    targets = truth.target_entities
    assert truth.kind == "entity-tree" and truth.site == site_id
    assert len(truth.templates) <= 300
    assert len(targets) >= 30 and len(set(targets)) == len(targets)
    assert truth.seed_entity in targets and truth.seed_entity != targets[0]
    assert len(truth.index_levels) == HEIGHTS[site_id]
    assert truth.seed_path[-1] == truth.seed_entity
    assert len(truth.seed_path) == HEIGHTS[site_id] + 1
    for depth, page in enumerate(truth.seed_path[:-1]):
        assert page in truth.index_levels[depth]
    every = [u for urls in truth.entities.values() for u in urls]
    every += [u for level in truth.index_levels for u in level]
    assert all(u.startswith(BASE + "/") for u in [*every, *truth.templates])
    assert set(every) <= set(truth.templates)
    assert truth.templates[BASE + "/"] == "home"
    assert truth.notes


@pytest.mark.parametrize("site_id", SITES)
def test_medium_size(site_id: str) -> None:
    medium = _site(site_id, "medium")
    truth = medium.truth(BASE)
    assert 1000 <= len(truth.templates) <= 5000


@pytest.mark.slow
@pytest.mark.parametrize("site_id", SITES)
def test_large_size(site_id: str) -> None:
    large = _site(site_id, "large").truth(BASE)
    tree_pages = len(large.target_entities) + sum(len(level) for level in large.index_levels)
    assert tree_pages >= 50_000
    assert len(large.templates) >= tree_pages


@pytest.mark.parametrize("size", ["medium", pytest.param("large", marks=pytest.mark.slow)])
@pytest.mark.parametrize("site_id", SITES)
def test_spot_check_pages(site_id: str, size: str) -> None:
    site = _site(site_id, size)
    truth = site.truth(BASE)
    for url in _sample(list(truth.templates), 60):
        parts = urlsplit(url)
        status, body = _get(site, url)
        assert status == 200, url
        assert body.startswith("<!DOCTYPE html>")
        view = site.view(parts.path, parts.query)
        assert view is not None and view.template == truth.templates[url], url


@pytest.mark.parametrize("site_id", SITES)
def test_unknown_urls_are_real_404s(site_id: str) -> None:
    site = _site(site_id)
    truth = site.truth(BASE)
    first_index = truth.index_levels[-1][0]
    bad = [
        "/no/such/page",
        "/?page=2",
        first_index.removeprefix(BASE) + ("&" if "?" in first_index else "?") + "page=999",
        truth.seed_entity.removeprefix(BASE) + "x",
        "/news?page=0",
    ]
    for path in bad:
        status, body = _get(site, BASE + path)
        assert status == 404, path
        assert "Page not found" in body


@pytest.mark.parametrize("site_id", SITES)
def test_pages_are_deterministic_and_follow_the_seed(site_id: str) -> None:
    a, b, other = _site(site_id), _site(site_id), _site(site_id, seed=7)
    truth = a.truth(BASE)
    assert b.truth(BASE) == truth
    for url in _sample(list(truth.templates), 20):
        assert _get(a, url) == _get(b, url)
    assert _get(other, truth.seed_entity) != _get(a, truth.seed_entity)


def test_generated_names_are_unique() -> None:
    assert len({person_name(i).slug for i in range(60_000)}) == 60_000
    assert len({slugify(sport_name(i)) for i in range(50_000)}) == 50_000
    assert len({slugify(city_name(i)) for i in range(20_000)}) == 20_000
    assert len({slugify(car_model(5, j)) for j in range(300)}) == 300


# ---- what each site exercises


@pytest.mark.slow
def test_council_members_link_back_to_their_index_page() -> None:
    site = _site("council", "large")
    truth = site.truth(BASE)
    index_pages = set(truth.index_levels[0])
    assert len(index_pages) > 1  # large councils paginate
    for member in _sample(list(truth.target_entities), 25):
        links = set(links_of_html(member, _get(site, member)[1]))
        back = links & index_pages
        assert any(member in links_of_html(i, _get(site, i)[1]) for i in back), member


def test_drivers_race_in_several_paginated_seasons() -> None:
    site = _site("drivers")
    truth = site.truth(BASE)
    seasons = truth.index_levels[1]
    assert any("/page/2" in u for u in seasons)
    listed: dict[str, int] = {}
    for season in seasons:
        for link in set(links_of_html(season, _get(site, season)[1])):
            if link in set(truth.target_entities):
                listed[link] = listed.get(link, 0) + 1
    assert set(listed) == set(truth.target_entities)
    assert sum(1 for n in listed.values() if n >= 2) >= len(listed) // 3


def test_cars_noise_shares_the_entity_link_path() -> None:
    site = _site("cars")
    truth = site.truth(BASE)
    make_page = truth.seed_path[1]
    paths = _link_paths(_get(site, make_page)[1])
    car_paths = {p for href, ps in paths.items() if href.startswith("/car/") for p in ps}
    assert len(car_paths) == 1
    test_drives = [href for href in paths if href.startswith("/test_drive/")]
    assert test_drives and all(paths[h] == car_paths for h in test_drives)
    assert car_paths <= paths["/news.htm"]
    assert any(p.endswith("main./div.links") for p in paths["/wallpapers.htm"])
    assert any(p.endswith("main./div.links") for p in paths["/privacy_policy.htm"])
    assert not car_paths & (paths["/wallpapers.htm"] | paths["/privacy_policy.htm"])
    for href in test_drives:
        assert truth.templates[BASE + href] == "test-drive"


def test_olympic_sports_and_cities_share_one_template() -> None:
    site = _site("olympic")
    truth = site.truth(BASE)
    sport, city = truth.entities["sport"][0], truth.entities["city"][0]
    assert truth.templates[sport] == truth.templates[city] == "profile"

    def skeleton(url: str) -> set[str]:
        return {p for ps in _link_paths(_get(site, url)[1]).values() for p in ps}

    assert skeleton(sport) == skeleton(city)
    assert skeleton(BASE + "/sports") == skeleton(BASE + "/host-cities")


def test_people_exercise_ssup_failure_cases() -> None:
    site = _site("people")
    truth = site.truth(BASE)
    directory = set(truth.index_levels[0])
    people = set(truth.target_entities)
    # (i) staff pages never link to the directory; the named seed is one of them
    staff = {BASE + site.person_path(i) for i in range(site.n_people) if site.role(i) == "staff"}
    assert truth.seeds["no-backlink"] in staff
    for person in people:
        links_directory = bool(set(links_of_html(person, _get(site, person)[1])) & directory)
        assert links_directory == (person not in staff), person
    # (ii) the directory reaches people under two DOM paths (grid and list), groups by a table
    paths = _link_paths(_get(site, truth.seed_path[0])[1])
    person_paths = {p for href, ps in paths.items() if BASE + href in people for p in ps}
    assert any("div.grid" in p for p in person_paths)
    assert any("ul.list" in p for p in person_paths)
    group = truth.entities["group"][0]
    group_paths = _link_paths(_get(site, group)[1])
    assert any(
        "table" in p for href, ps in group_paths.items() if BASE + href in people for p in ps
    )
    # (iii) entities and noise pages alike are domain + one token
    noise = [u for u, t in truth.templates.items() if t in ("contact", "about", "news", "agenda")]
    for url in [*people, *noise]:
        assert urlsplit(url).path.count("/") == 1, url


# ---- the client-rendered site


async def test_spa_pages_have_no_links_over_http(lab: LabFixture) -> None:
    truth = lab("spa").truth("spa")
    pages = [
        truth.base_url + "/",
        *truth.index_levels[0],
        truth.index_levels[1][0],
        truth.seed_entity,
    ]
    async with aiohttp.ClientSession() as session:
        for url in pages:
            async with session.get(url) as response:
                assert response.status == 200
                body = await response.text()
            assert links_of_html(url, body) == ()
            doc = lxml_html.document_fromstring(body)
            app = doc.find(".//div[@id='app']")
            assert app is not None and len(app) == 0 and not (app.text or "").strip()
            assert doc.xpath("//noscript")


@pytest.mark.slow
@pytest.mark.browser
async def test_spa_links_appear_after_rendering(
    lab: LabFixture, render_config: RenderConfig
) -> None:
    server = lab("spa")
    truth: SiteTruth = server.truth("spa")
    drivers = lab("drivers")
    root_index = truth.index_levels[0][0]
    season = truth.seed_path[1]
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(**render_config.launch_options())
        try:
            page = await browser.new_page()
            for url in (root_index, season):
                await page.goto(url)
                await page.wait_for_selector("#app main h1")
                rendered = await page.evaluate(
                    "Array.from(document.querySelectorAll('a')).map(a => a.getAttribute('href'))"
                )
                # the same links, in the same order, as the server-rendered drivers site
                path = url.removeprefix(truth.base_url)
                async with (
                    aiohttp.ClientSession() as session,
                    session.get(drivers.url("drivers") + path) as response,
                ):
                    server_html = await response.text()
                expected = [
                    a.get("href") for a in lxml_html.document_fromstring(server_html).iter("a")
                ]
                assert rendered == expected
                assert (
                    truth.seed_path[truth.seed_path.index(url) + 1].removeprefix(truth.base_url)
                    in rendered
                )
        finally:
            await browser.close()
