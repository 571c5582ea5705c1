"""URL template generation steps on the thesis's listings (Allikmaa 2016)."""

from __future__ import annotations

from siteseer.algorithms.urlelements import (
    Template,
    finalize_template,
    gap_values,
    gaps,
    group_templates,
    initial_templates,
    split_number,
    split_url,
    template_key,
)
from siteseer.crawler import Cost
from siteseer.render import Snapshot

LISTING_1 = [
    "http://example.com/shop/cheap-items/yellow-keychain-1",
    "http://example.com/shop/cheap-items/blue-carpet-2",
    "http://example.com/shop/cheap-items/glowing-onions-4",
    "http://example.com/shop/expensive-items/fancy-car-6",
    "http://example.com/forum?topic=1&page=1",
    "http://example.com/forum?topic=1&page=2",
    "http://example.com/forum?topic=3&page=1",
    "http://example.com/forum?page=2&topic=3",
]


def test_initial_templates_listing_4() -> None:
    keys = [t.key for t in initial_templates(LISTING_1)]
    assert keys == [
        "http://example.com/forum?page={N}&topic={N}",
        "http://example.com/shop/cheap-items/blue-carpet-2",
        "http://example.com/shop/cheap-items/glowing-onions-4",
        "http://example.com/shop/cheap-items/yellow-keychain-1",
        "http://example.com/shop/expensive-items/fancy-car-6",
    ]
    forum = initial_templates(LISTING_1)[0]
    assert forum.count == 4
    # GET parameters are sorted by name, so topic=3&page=1 and page=2&topic=3 line up.
    assert forum.url(0) == "http://example.com/forum?page=1&topic=1"


def test_urls_without_digits_are_left_out() -> None:
    assert split_url("http://example.com/about/team") is None
    assert initial_templates(["http://example.com/about", "http://example.com/a/7"])[0].key == (
        "http://example.com/a/{N}"
    )


def test_template_groups_listing_6() -> None:
    groups = group_templates(initial_templates(LISTING_1))
    assert list(groups) == [
        "http://example.com/{Y}/{Y}/{Y}",
        "http://example.com/{Y}?page={N}&topic={N}",
    ]
    assert len(groups["http://example.com/{Y}/{Y}/{Y}"]) == 4


def test_split_number_prefix_and_suffix() -> None:
    assert split_number("yellow-keychain-1", "suffix") == ("yellow-keychain-", "1")
    assert split_number("12-blue-carpet", "prefix") == ("-blue-carpet", "12")
    assert split_number("blue-carpet", "suffix") is None
    assert split_number("1234", "prefix") is None


def test_finalize_listing_12_splits_on_the_other_number() -> None:
    forum = initial_templates(LISTING_1)[0]
    finals = finalize_template(forum, minimum_urls=1)
    assert [template_key(t) for t in finals] == [
        "http://example.com/forum?page=1&topic={N}",
        "http://example.com/forum?page=2&topic={N}",
    ]
    assert [sorted(r[-1] for r in t.rows) for t in finals] == [["1", "3"], ["1", "3"]]


def test_finalize_keeps_the_number_with_most_values() -> None:
    urls = [
        f"http://e.com/list/{page}/item/{item}"
        for page in (1, 2)
        for item in range(10 * page, 10 * page + 10)
    ]
    (template,) = initial_templates(urls)
    finals = finalize_template(template, minimum_urls=10)
    assert [t.key for t in finals] == [
        "http://e.com/list/1/item/{N}",
        "http://e.com/list/2/item/{N}",
    ]
    assert finalize_template(template, minimum_urls=11) == []


def test_gaps_and_generation_schedule() -> None:
    assert gaps([1, 2, 4, 6, 10]) == ((3, 3), (5, 5), (7, 9))
    # One gap 1..49: X values at each edge, every Y-th value inside.
    assert gap_values([0, 50], 2, 16) == (1, 2, 17, 33, 48, 49)
    # Y = 1 checks the whole gap.
    assert gap_values([0, 50], 2, 1) == tuple(range(1, 50))
    # Doubling X and halving Y only adds values.
    first, second = set(gap_values([0, 100], 2, 16)), set(gap_values([0, 100], 4, 8))
    assert first <= second


def test_template_rows_rebuild_urls() -> None:
    template = initial_templates(["http://e.com/p/3?x=1", "http://e.com/p/5?x=1"])[0]
    assert isinstance(template, Template)
    assert [template.url(i) for i in range(template.count)] == [
        "http://e.com/p/3?x=1",
        "http://e.com/p/5?x=1",
    ]


# --- on the lab ------------------------------------------------------------------------------


async def test_url_templates_find_the_hidden_items_of_catalog_ids(lab) -> None:  # type: ignore[no-untyped-def]
    from siteseer.algorithms import crawl_pages, url_templates
    from siteseer.crawler import Session, SessionConfig
    from siteseer.lab.runners.templates import (
        empty_accuracy,
        minimum_values_for,
        template_precision,
    )

    server = lab("catalog-ids")
    truth = server.truth("catalog-ids")
    async with Session(SessionConfig(render="never")) as session:
        crawled = await crawl_pages(session, truth.base_url + "/", 10_000)
        urls = [s.url for s in crawled]
        assert not set(urls) & set(truth.hidden)  # nothing links to the hidden items
        report = await url_templates(session, urls, minimum_values=minimum_values_for(len(urls)))
    hidden = set(truth.hidden)
    found = set(report.found)
    assert len(found & hidden) >= 0.95 * len(hidden)
    assert found <= set(truth.target_entities) | hidden  # every page reported is an entity page
    assert template_precision(report, truth) >= 0.9
    assert empty_accuracy(report, truth) >= 0.98
    # The slug is decorative: the item template keeps one number and an unused text.
    assert any(t.key.endswith("/item/{T}{N}") for t in report.templates)
    assert report.checked and any(c.verdict == "empty" for c in report.checked)


# --- the whole method on a hand-built site -----------------------------------------------------


class ShopSite:
    """Listing 1's shop: /shop/<category>/<name>-<id>; category and name are decorative, ids
    1–30 are items unless in `missing` (a soft 404 then). Pages answer like a Session would."""

    def __init__(self, missing: set[int]) -> None:
        self.missing = missing
        self.loads = 0

    def snapshot(self, url: str) -> Snapshot:
        import re

        self.loads += 1
        match = re.fullmatch(r"http://example\.com/shop/[^/]+/[a-z-]*?-?(\d+)", url)
        if match is None:
            return Snapshot(url, url, 404, "<html><body>no</body></html>")
        n = int(match.group(1))
        if n in self.missing or not 1 <= n <= 30:
            body = f"<div class='box'><p>No item {n} here</p></div>"
        else:
            body = (
                f"<div class='item'><h1>Item {n}</h1><dl><dt>Price</dt><dd>{n * 3}</dd></dl></div>"
            )
        return Snapshot(url, url, 200, f"<html><body><nav>Shop</nav>{body}</body></html>")

    async def page(self, url: str, *, render: bool = False, fresh: bool = False) -> Snapshot:
        return self.snapshot(url)

    async def pages(self, urls: list[str], *, render: bool = False) -> list[Snapshot]:
        return [self.snapshot(u) for u in urls]

    def cost(self) -> Cost:
        return Cost(downloads=self.loads)


async def test_url_templates_merge_decorative_elements_and_fill_gaps() -> None:
    from typing import Any

    from siteseer.algorithms import url_templates

    names = ["yellow-keychain", "blue-carpet", "glowing-onions", "fancy-car", "red-lamp"]
    hidden = {9, 17, 26}
    missing = {4, 12, 13, 21}
    known = [n for n in range(1, 31) if n not in hidden | missing]
    urls = [
        f"http://example.com/shop/{'cheap-items' if n % 2 else 'expensive-items'}/{names[n % 5]}-{n}"
        for n in known
    ]
    site: Any = ShopSite(missing)
    report = await url_templates(site, urls, minimum_values=5, split_minimum=5, merge_minimum=3)
    assert [t.key for t in report.templates] == ["http://example.com/shop/{T}/{T}{N}"]
    (template,) = report.templates
    assert template.values == tuple(known)
    assert template.gaps == ((4, 4), (9, 9), (12, 13), (17, 17), (21, 21), (26, 26))
    found = {int(u.rsplit("-", 1)[1]) for u in report.found}
    assert found == hidden
    verdicts = {int(c.url.rsplit("-", 1)[1]): c.verdict for c in report.checked}
    assert all(verdicts[n] == "empty" for n in missing)
    assert dict(report.stages)["INIT"] == len(urls)
