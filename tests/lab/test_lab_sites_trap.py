"""The trap lab site: an infinite calendar, fresh session ids, a finite real part."""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Callable
from urllib.parse import urlsplit

import aiohttp
from lab_http import get_page, html_tree

from siteseer.lab import LabServer
from siteseer.lab.consistency import http_fetcher
from siteseer.lab.sites.trap import TrapSite, add_days, weekday

LabFactory = Callable[[str], LabServer]


def test_trap_calendar_arithmetic_matches_the_standard_library() -> None:
    rnd = random.Random(7)
    for _ in range(300):
        day = dt.date.fromordinal(rnd.randint(1, dt.date(9999, 12, 30).toordinal()))
        triple = (day.year, day.month, day.day)
        after = day + dt.timedelta(days=1)
        assert weekday(triple) == day.weekday()
        assert add_days(triple, 1) == (after.year, after.month, after.day)
        if day.toordinal() > 1:
            before = day - dt.timedelta(days=1)
            assert add_days(triple, -1) == (before.year, before.month, before.day)
    assert add_days((1, 1, 1), -1) is None
    assert add_days((9999, 12, 31), 1) == (10000, 1, 1)
    assert add_days((10000, 2, 28), 1) == (10000, 2, 29)  # divisible by 400: leap


async def test_trap_calendar_is_infinite(lab: LabFactory) -> None:
    server = lab("trap")
    base = server.url("trap")
    rnd = random.Random(11)
    days = [(2025, 3, 14), (2024, 2, 28), (2023, 2, 28), (1999, 12, 31), (9999, 12, 31)]
    days += [(rnd.randint(1, 30000), rnd.randint(1, 12), rnd.randint(1, 28)) for _ in range(6)]
    days.append((123456, 12, 31))
    async with aiohttp.ClientSession() as http:
        for day in days:
            current = day
            for _ in range(3):  # day N links day N+1, which links day N+2, …
                path = f"/calendar/{current[0]:04d}/{current[1]:02d}/{current[2]:02d}"
                status, text, _ = await get_page(http, base + path)
                assert status == 200, path
                hrefs = {
                    a.text_content().strip(): a.get("href")
                    for a in html_tree(text).xpath("//nav[@class='daynav']/a")
                }
                nxt = urlsplit(hrefs["Next day »"])
                assert "sid=" in nxt.query
                following = add_days(current, 1)
                assert following is not None
                assert nxt.path == (
                    f"/calendar/{following[0]:04d}/{following[1]:02d}/{following[2]:02d}"
                )
                assert "Next month »" in hrefs
                current = following


async def test_trap_links_carry_fresh_session_ids(lab: LabFactory) -> None:
    server = lab("trap")
    base = server.url("trap")
    async with aiohttp.ClientSession() as http:
        _, first, _ = await get_page(http, base + "/")
        _, second, _ = await get_page(http, base + "/")
    links_a = html_tree(first).xpath("//a/@href")
    links_b = html_tree(second).xpath("//a/@href")
    assert links_a and all(";jsessionid=" in h or "sid=" in h for h in links_a)
    assert not set(links_a) & set(links_b)
    plain = [re.sub(r";jsessionid=\w+|[?&]sid=\w+", "", h) for h in links_a]
    assert plain == [re.sub(r";jsessionid=\w+|[?&]sid=\w+", "", h) for h in links_b]


async def test_trap_naive_crawl_never_runs_out_of_new_urls(lab: LabFactory) -> None:
    server = lab("trap")
    truth = server.truth("trap")
    base = server.url("trap")
    seen = {base + "/"}
    frontier = [base + "/"]
    fetched = 0
    canonical: set[str] = set()
    async with aiohttp.ClientSession() as http:
        fetch = http_fetcher(http)
        while frontier and fetched < 80:
            page = await fetch(frontier.pop(0))
            fetched += 1
            assert page.status == 200
            canonical.add(re.sub(r";jsessionid=\w+", "", page.url))
            for link in page.links:
                if link.startswith(base) and link not in seen:
                    seen.add(link)
                    frontier.append(link)
    assert fetched == 80 and len(frontier) > 80  # the frontier only grows
    real = {u for u in canonical if "/calendar" not in u}
    assert real <= set(truth.templates)  # the finite part is all the truth lists


def test_trap_truth_is_the_finite_real_part() -> None:
    for size, count in (("small", 8), ("medium", 40), ("large", 200)):
        truth = TrapSite(size, 0).truth("http://h")  # type: ignore[arg-type]
        assert len(truth.entities["article"]) == count
        assert truth.kind == "trap" and truth.target_type == "article"
        assert not any(
            "/calendar" in u or "sid=" in u or "jsessionid" in u for u in truth.templates
        )
