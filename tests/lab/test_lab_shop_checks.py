"""The shop and trap checks (lab/shop_checks.py): the sites pass them, a wrong truth fails."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import aiohttp
import pytest

from siteseer.lab import FacetQuery, LabServer
from siteseer.lab.consistency import check_site, checks_for
from siteseer.lab.shop_checks import check_shop, lab_fetcher, shop_consistency

LabFactory = Callable[[str], LabServer]


@pytest.mark.parametrize(
    "site_id",
    ["catalog-ids", "trap", "mixed-templates", "shop-links", "shop-ajax", "shop-form"],
)
async def test_site_passes_the_consistency_check(lab: LabFactory, site_id: str) -> None:
    server = lab(site_id)
    truth = server.truth(site_id)
    checks = [*checks_for(truth.kind)]
    if truth.kind == "shop":
        checks.append(shop_consistency)
    async with aiohttp.ClientSession() as http:
        problems = await check_site(lab_fetcher(http, truth), truth, checks=checks)
    assert problems == []
    assert not getattr(server.site(site_id), "forbidden_hits", None)


async def test_check_detects_a_wrong_truth(lab: LabFactory) -> None:
    server = lab("shop-links")
    truth = server.truth("shop-links")
    # A truth that is consistent in itself but says one product lacks one of its colours.
    dropped = next(u for u, attrs in sorted(truth.attributes.items()) if len(attrs["colour"]) > 1)
    label = truth.attributes[dropped]["colour"][0]
    attributes = dict(truth.attributes)
    attributes[dropped] = {**attributes[dropped], "colour": attributes[dropped]["colour"][1:]}
    queries = tuple(
        FacetQuery(q.conditions, tuple(u for u in q.entities if u != dropped))
        if q.conditions == (("colour", label),)
        else q
        for q in truth.queries
    )
    wrong = replace(truth, attributes=attributes, queries=queries)
    result = await check_shop(server.url("shop-links"), wrong)
    assert result.problems
    assert all(f"colour={label!r}" in p.message for p in result.problems)
    assert any("unexpected" in p.message and dropped in p.message for p in result.problems)
    assert any("displays count" in p.message for p in result.problems)
