"""Fault cases of sitemaps: bombs, loops, oversized files, and sitemaps that lead off the site."""

from __future__ import annotations

import resource
from collections.abc import Callable

from cases import fault, http_config
from hostile import HostileServer

from siteseer.crawler import Session
from siteseer.crawler.gzipped import MAX_INFLATED_BYTES
from siteseer.crawler.sitemaps import Published, read_published

Saw = Callable[[str], None]


async def _read(hostile: HostileServer, *paths: str) -> Published:
    async with Session(http_config()) as session:
        urls = [hostile.url(p) for p in paths]
        return await read_published(session, hostile.url("/"), sitemap_urls=urls or None)


def _status(published: Published, path: str) -> tuple[str, str]:
    found = next(f for f in published.files if f.url.endswith(path))
    return found.status, found.note


@fault("sitemap: XML entity bomb", "the file fails alone, nothing expanded", within=6)
async def test_an_entity_bomb(hostile: HostileServer, saw: Saw) -> None:
    got = await _read(hostile, "/sitemaps/entity-bomb.xml", "/sitemaps/urlset.xml")
    status, note = _status(got, "entity-bomb.xml")
    assert status == "failed" and "entities" in note
    assert [u.url for u in got.urls] == [hostile.url("/item/127.0.0.1")]
    saw(f"failed: {note}")


@fault("sitemap: gzip bomb (no Content-Encoding)", "inflated to 50 MB at most", within=20)
async def test_a_gzip_bomb(hostile: HostileServer, saw: Saw) -> None:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    got = await _read(hostile, "/sitemaps/gzip-bomb.xml")
    grew_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    status, note = _status(got, "gzip-bomb.xml")
    assert status == "read" and "cut" in note
    assert [u.url for u in got.urls] == [hostile.url("/item/1")]
    assert grew_mb < 6 * MAX_INFLATED_BYTES / 2**20
    saw(f"cut at 50 MB, the URL before kept, +{grew_mb:.0f} MB peak")


@fault("sitemap: an index naming itself", "read once, the loop cut", within=6)
async def test_an_index_naming_itself(hostile: HostileServer, saw: Saw) -> None:
    got = await _read(hostile, "/sitemaps/self.xml")
    assert len(hostile.hits("/sitemaps/self.xml")) >= 1
    assert [f.url for f in got.files].count(hostile.url("/sitemaps/self.xml")) == 1
    assert [u.url for u in got.urls] == [hostile.url("/item/127.0.0.1")]
    saw("read once")


@fault("sitemap: 50,001 URLs", "50,000 kept, 1 counted over the limit", within=15)
async def test_fifty_thousand_and_one(hostile: HostileServer, saw: Saw) -> None:
    got = await _read(hostile, "/sitemaps/many.xml")
    assert len(got.urls) == 50_000
    assert got.files[0].over_limit == 1
    saw("50,000 kept, 1 over")


@fault("sitemap: URLs on other hosts and addresses", "ignored and counted", within=6)
async def test_urls_naming_other_hosts(hostile: HostileServer, saw: Saw) -> None:
    got = await _read(hostile, "/sitemaps/hosts.xml")
    assert [u.url for u in got.urls] == [hostile.url("/item/1")]
    assert got.off_site == 3
    saw(f"1 kept, {got.off_site} off the site")


@fault("sitemap: Sitemap: line off the site", "never requested", within=6)
async def test_a_sitemap_line_off_the_site(hostile: HostileServer, saw: Saw) -> None:
    got = await _read(hostile)
    off = hostile.url("/sitemaps/urlset.xml", host=hostile.OTHER)
    status, note = _status(got, off.split("/", 2)[2])
    assert status == "failed" and "scope" in note
    assert not hostile.hits("/sitemaps/", host=hostile.OTHER)
    assert [u.url for u in got.urls] == [hostile.url("/item/127.0.0.1")]
    saw(f"failed: {note}")


@fault("sitemap on a robots-disallowed path", "never requested", within=6)
async def test_a_disallowed_sitemap(hostile: HostileServer, saw: Saw) -> None:
    got = await _read(hostile)
    status, note = _status(got, "/private/sitemap.xml")
    assert status == "failed" and "robots.txt" in note
    assert not hostile.hits("/private/sitemap")
    saw(f"failed: {note}")
