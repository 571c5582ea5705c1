"""robots.txt: one load per host, protego rules, missing file allows all."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from siteseer.crawler.robots import Robots, robots_url

UA = "siteseer/0.1 (+https://github.com/siteseer)"


class Files:
    def __init__(self, files: dict[str, str | None]) -> None:
        self.files = files
        self.loads: list[str] = []

    async def load(self, url: str) -> str | None:
        self.loads.append(url)
        await asyncio.sleep(0)
        return self.files.get(url)


def test_robots_url() -> None:
    assert robots_url("http://h.com:81/a/b?c=d") == "http://h.com:81/robots.txt"


async def test_disallow_is_respected_and_loaded_once_per_host() -> None:
    files = Files({"http://h.com/robots.txt": "User-agent: *\nDisallow: /private/\n"})
    robots = Robots(UA, files.load)
    results = await asyncio.gather(
        robots.allowed("http://h.com/private/a"),
        robots.allowed("http://h.com/public"),
        robots.allowed("http://h.com/private/b"),
    )
    assert results == [False, True, False]
    assert files.loads == ["http://h.com/robots.txt"]
    assert await robots.allowed("http://other.com/private/a")
    assert files.loads == ["http://h.com/robots.txt", "http://other.com/robots.txt"]


async def test_missing_robots_allows_everything() -> None:
    robots = Robots(UA, Files({}).load)
    assert await robots.allowed("http://h.com/private/a")
    assert await robots.crawl_delay("http://h.com/") is None


async def test_agent_specific_rules_and_crawl_delay() -> None:
    text = (
        "User-agent: siteseer\nDisallow: /no-bots\nCrawl-delay: 2\n\nUser-agent: *\nDisallow: /\n"
    )
    robots = Robots(UA, Files({"http://h.com/robots.txt": text}).load)
    assert await robots.allowed("http://h.com/page")
    assert not await robots.allowed("http://h.com/no-bots")
    assert await robots.crawl_delay("http://h.com/") == timedelta(seconds=2)
    other = Robots("otherbot/1.0", Files({"http://h.com/robots.txt": text}).load)
    assert not await other.allowed("http://h.com/page")
