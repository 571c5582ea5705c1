"""Sitemaps and feeds: parsed without entities or network, read through the Session's checks."""

from __future__ import annotations

import gzip
from datetime import timedelta

import pytest

from siteseer.crawler import Halt, Session, SessionConfig, halting
from siteseer.crawler.gzipped import MAX_INFLATED_BYTES, inflate
from siteseer.crawler.sitemaps import Published, SitemapLimits, read_published
from siteseer.crawler.sitemapxml import Listed, SitemapError, feed_links, parse_published
from siteseer.render import RawResponse, parse_html

SITE = "http://127.0.0.1:8000"
NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'


def urlset(*locs: str, lastmod: str | None = None) -> str:
    mod = f"<lastmod>{lastmod}</lastmod>" if lastmod else ""
    body = "".join(f"<url><loc>{loc}</loc>{mod}</url>" for loc in locs)
    return f'<?xml version="1.0" encoding="UTF-8"?><urlset {NS}>{body}</urlset>'


def index(*locs: str) -> str:
    body = "".join(f"<sitemap><loc>{loc}</loc></sitemap>" for loc in locs)
    return f'<?xml version="1.0"?><sitemapindex {NS}>{body}</sitemapindex>'


BOMB = (
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
    '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">'
    '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>'
    f"<urlset {NS}><url><loc>&lol3;</loc></url></urlset>"
)


class Files:
    """A fetcher answering from `files`: url → (status, content type, body[, location])."""

    def __init__(self, files: dict[str, tuple[int, str, bytes | str] | tuple[int, str]]) -> None:
        self.files = files
        self.calls: list[str] = []

    async def fetch(self, url: str, *, timeout: timedelta) -> RawResponse:  # noqa: ASYNC109
        self.calls.append(url)
        found = self.files.get(url, (404, "text/html", "<html><body>Not found</body></html>"))
        if len(found) == 2:  # a redirect: (status, location)
            status, location = found
            return RawResponse(url, url, status, "text/html", (("Location", location),), b"", 1)
        status, kind, body = found
        data = body.encode() if isinstance(body, str) else body
        return RawResponse(url, url, status, kind, (), data, 1.0)


async def published(files: Files, limits: SitemapLimits | None = None) -> Published:
    config = SessionConfig(render="never", delay=timedelta(0))
    async with Session(config, fetcher=files) as session:
        return await read_published(session, SITE + "/", limits=limits)


# -- parsing ------------------------------------------------------------------------------------


def test_urlset_keeps_lastmod_per_url() -> None:
    document = parse_published(urlset(f"{SITE}/a", f"{SITE}/b", lastmod="2024-05-01"))
    assert document is not None and document.kind == "urlset"
    assert document.entries == (
        Listed(f"{SITE}/a", "2024-05-01"),
        Listed(f"{SITE}/b", "2024-05-01"),
    )


def test_html_at_a_sitemap_address_is_no_sitemap() -> None:
    assert parse_published("<!DOCTYPE html><html><body>Home</body></html>") is None
    assert parse_published(urlset(f"{SITE}/a"), "text/html") is None
    assert parse_published("Not found") is None
    assert parse_published("") is None


def test_text_sitemap_and_feeds() -> None:
    text = parse_published(f"{SITE}/a\n\n{SITE}/b\n", "text/plain")
    assert text is not None and [e.url for e in text.entries] == [f"{SITE}/a", f"{SITE}/b"]
    rss = parse_published(
        '<rss version="2.0"><channel><link>http://x/</link><item><link>http://x/1</link>'
        "<pubDate>Mon, 06 May 2024 10:00:00 GMT</pubDate></item></channel></rss>"
    )
    assert rss is not None and rss.entries == (
        Listed("http://x/1", "Mon, 06 May 2024 10:00:00 GMT"),
    )
    atom = parse_published(
        '<feed xmlns="http://www.w3.org/2005/Atom"><link href="http://x/"/><entry>'
        '<link rel="alternate" href="http://x/2"/><updated>2024-05-06</updated></entry></feed>'
    )
    assert atom is not None and atom.kind == "atom"
    assert atom.entries == (Listed("http://x/2", "2024-05-06"),)


def test_entity_bomb_is_an_error_and_malformed_xml_too() -> None:
    with pytest.raises(SitemapError, match="entities"):
        parse_published(BOMB)
    with pytest.raises(SitemapError, match="well-formed"):
        parse_published(f"<urlset {NS}><url><loc>x</loc>")


def test_a_cut_body_keeps_what_came_before_the_cut() -> None:
    whole = urlset(f"{SITE}/a", f"{SITE}/b")
    document = parse_published(whole[: whole.index("<url><loc>" + SITE + "/b")], cut=True)
    assert document is not None and [e.url for e in document.entries] == [f"{SITE}/a"]


def test_fifty_thousand_urls_a_file_at_most() -> None:
    document = parse_published(urlset(*(f"{SITE}/p/{i}" for i in range(50_001))))
    assert document is not None
    assert len(document.entries) == 50_000 and document.over_limit == 1


def test_feed_links_of_a_page() -> None:
    tree = parse_html(
        '<html><head><link rel="alternate" type="application/rss+xml" href="/feed.xml">'
        '<link rel="alternate" type="application/atom+xml" href="atom.xml">'
        '<link rel="stylesheet" href="/s.css"></head><body></body></html>',
        f"{SITE}/blog/",
    )
    assert feed_links(tree) == (f"{SITE}/feed.xml", f"{SITE}/blog/atom.xml")


def test_gzip_inflates_to_a_bound() -> None:
    assert inflate(gzip.compress(b"ab") + gzip.compress(b"cd")) == (b"abcd", False)
    bomb = gzip.compress(bytes(MAX_INFLATED_BYTES + 1024))
    out, cut = inflate(bomb)
    assert cut and len(out) == MAX_INFLATED_BYTES


# -- reading through a Session ------------------------------------------------------------------


async def test_robots_sitemap_lines_come_first_and_defaults_are_not_asked() -> None:
    files = Files(
        {
            f"{SITE}/robots.txt": (
                200,
                "text/plain",
                f"User-agent: *\nSitemap: {SITE}/maps/a.xml\n",
            ),
            f"{SITE}/maps/a.xml": (200, "application/xml", urlset(f"{SITE}/item/1", f"{SITE}/b")),
        }
    )
    result = await published(files)
    assert [u.url for u in result.urls] == [f"{SITE}/item/1", f"{SITE}/b"]
    assert result.off_site == 0  # robots.txt vouches for the host
    assert f"{SITE}/sitemap.xml" not in files.calls


async def test_defaults_an_index_with_gzipped_children_and_a_loop() -> None:
    child = gzip.compress(urlset(f"{SITE}/item/1", f"{SITE}/item/2", lastmod="2024-01-02").encode())
    files = Files(
        {
            f"{SITE}/sitemap.xml": (
                200,
                "text/html",
                "<!doctype html><html><body>Home</body></html>",
            ),
            f"{SITE}/sitemap_index.xml": (
                200,
                "application/xml",
                index(f"{SITE}/sitemap_index.xml", f"{SITE}/items", f"{SITE}/more.xml.gz"),
            ),
            f"{SITE}/items": (200, "application/octet-stream", child),
            f"{SITE}/more.xml.gz": (
                200,
                "application/gzip",
                gzip.compress(index(f"{SITE}/items").encode()),
            ),
        }
    )
    result = await published(files)
    urls = {u.url: u for u in result.urls}
    assert set(urls) == {f"{SITE}/item/1", f"{SITE}/item/2"}
    assert urls[f"{SITE}/item/1"].lastmod == "2024-01-02"
    assert urls[f"{SITE}/item/1"].source == f"{SITE}/items"
    statuses = {f.url: f.status for f in result.files}
    assert statuses[f"{SITE}/sitemap.xml"] == "none"
    assert files.calls.count(f"{SITE}/sitemap_index.xml") == 1
    assert files.calls.count(f"{SITE}/items") == 1


async def test_off_site_urls_are_counted_not_kept() -> None:
    files = Files(
        {
            f"{SITE}/shop/sitemap.xml": (
                200,
                "text/xml",
                urlset(
                    f"{SITE}/shop/1",
                    f"{SITE}/blog/2",
                    "http://127.0.0.2:8000/shop/3",
                    "http://10.0.0.1/x",
                ),
            ),
            f"{SITE}/robots.txt": (404, "text/plain", ""),
            f"{SITE}/sitemap.xml": (200, "application/xml", index(f"{SITE}/shop/sitemap.xml")),
        }
    )
    result = await published(files)
    assert [u.url for u in result.urls] == [f"{SITE}/shop/1", f"{SITE}/blog/2"]
    assert result.off_site == 2


async def test_a_sitemap_alone_keeps_to_its_directory() -> None:
    files = Files(
        {
            f"{SITE}/sitemap.xml": (
                200,
                "application/xml",
                index(f"{SITE}/shop/sitemap.xml"),
            ),
            f"{SITE}/shop/sitemap.xml": (200, "application/xml", urlset(f"{SITE}/shop/1")),
        }
    )
    assert [u.url for u in (await published(files)).urls] == [f"{SITE}/shop/1"]
    alone = Files(
        {f"{SITE}/sitemap.xml": (301, f"{SITE}/shop/sitemap.xml")}
        | {
            f"{SITE}/shop/sitemap.xml": (
                200,
                "application/xml",
                urlset(f"{SITE}/shop/1", f"{SITE}/blog/2"),
            )
        }
    )
    result = await published(alone)
    assert [u.url for u in result.urls] == [f"{SITE}/shop/1"]
    assert result.off_site == 1


async def test_redirects_and_addresses_pass_the_sessions_checks() -> None:
    files = Files(
        {
            f"{SITE}/robots.txt": (
                200,
                "text/plain",
                f"User-agent: *\nDisallow: /private/\nSitemap: {SITE}/moved.xml\n"
                f"Sitemap: {SITE}/private/map.xml\nSitemap: http://127.0.0.2:8000/map.xml\n"
                f"Sitemap: {SITE}/away.xml\n",
            ),
            f"{SITE}/moved.xml": (301, f"{SITE}/maps/real.xml"),
            f"{SITE}/maps/real.xml": (200, "application/xml", urlset(f"{SITE}/item/1")),
            f"{SITE}/private/map.xml": (200, "application/xml", urlset(f"{SITE}/secret")),
            f"{SITE}/away.xml": (302, "http://127.0.0.2:8000/map.xml"),
        }
    )
    result = await published(files)
    assert [u.url for u in result.urls] == [f"{SITE}/item/1"]
    statuses = {f.url: f.status for f in result.files}
    assert statuses == {
        f"{SITE}/moved.xml": "read",
        f"{SITE}/private/map.xml": "failed",
        "http://127.0.0.2:8000/map.xml": "failed",
        f"{SITE}/away.xml": "failed",
    }
    assert not any("127.0.0.2" in call or "/private/" in call for call in files.calls)


async def test_malformed_and_bomb_files_fail_alone() -> None:
    files = Files(
        {
            f"{SITE}/sitemap.xml": (
                200,
                "application/xml",
                index(f"{SITE}/bomb.xml", f"{SITE}/ok.xml"),
            ),
            f"{SITE}/bomb.xml": (200, "application/xml", BOMB),
            f"{SITE}/ok.xml": (200, "application/xml", urlset(f"{SITE}/item/1")),
        }
    )
    result = await published(files)
    assert [u.url for u in result.urls] == [f"{SITE}/item/1"]
    bomb = next(f for f in result.files if f.url.endswith("bomb.xml"))
    assert bomb.status == "failed" and "entities" in bomb.note


async def test_files_a_site_are_capped() -> None:
    children = [f"{SITE}/m{i}.xml" for i in range(10)]
    files = Files({f"{SITE}/sitemap.xml": (200, "application/xml", index(*children))})
    for i, child in enumerate(children):
        files.files[child] = (200, "application/xml", urlset(f"{SITE}/item/{i}"))
    result = await published(files, limits=SitemapLimits(max_files=4))
    assert len(result.urls) == 3
    assert sum(f.status == "skipped" for f in result.files) == 7
    assert len([c for c in files.calls if c.endswith(".xml") and "/m" in c]) == 3


async def test_feeds_linked_from_pages() -> None:
    home = (
        '<html><head><link rel="alternate" type="application/rss+xml" href="/feed.xml"></head>'
        "<body>Home</body></html>"
    )
    files = Files(
        {
            f"{SITE}/": (200, "text/html", home),
            f"{SITE}/feed.xml": (
                200,
                "application/rss+xml",
                f'<rss version="2.0"><channel><item><link>{SITE}/news/9</link></item></channel></rss>',
            ),
        }
    )
    config = SessionConfig(render="never", delay=timedelta(0))
    async with Session(config, fetcher=files) as session:
        page = await session.page(f"{SITE}/")
        result = await read_published(session, f"{SITE}/", pages=[page])
    assert [(u.url, u.kind, u.source) for u in result.urls] == [
        (f"{SITE}/news/9", "feed", f"{SITE}/feed.xml")
    ]
    assert result.found and result.read_files == 1


async def test_a_halt_stops_the_reading_between_levels() -> None:
    files = Files(
        {
            f"{SITE}/sitemap.xml": (200, "application/xml", index(f"{SITE}/a.xml")),
            f"{SITE}/a.xml": (200, "application/xml", urlset(f"{SITE}/item/1")),
        }
    )
    config = SessionConfig(render="never", delay=timedelta(0))
    halt = Halt()
    async with Session(config, fetcher=files) as session:
        with halting(halt):
            halt.halt("stopped here")
            result = await read_published(session, SITE + "/")
    assert not result.complete and result.reason == "stopped here"
    assert files.calls == [f"{SITE}/robots.txt"]
