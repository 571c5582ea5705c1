"""What a site publishes: its sitemaps and feeds, read through a Session.

    published = await read_published(session, "http://127.0.0.1:8000/", pages=[home])
    published.urls      # PublishedURL(url, source, lastmod, kind): each page once, file order
    published.files     # PublishedFile: every file asked for, what it was and what it gave
    published.found     # whether any sitemap or feed was read

Where the sitemaps are, as sitemaps.org says: the `Sitemap:` lines of robots.txt first; only
where robots.txt names none, `/sitemap.xml`, then `/sitemap_index.xml` if that is no sitemap.
Indexes are followed (nested, at most `SitemapLimits.max_depth` deep, each file read once, so a
loop is cut), and so are the RSS and Atom feeds the given pages link to. Every file is fetched
with `Session.data`, so it passes the crawl's scope, robots.txt, address policy (each redirect
hop too), politeness, budget and cache like a page, and a file gzipped by itself is known by its
bytes (crawler.gzipped, at most 50 MB inflated). A file parses with crawler.sitemapxml (no
entities, no network); one that is an HTML page, or a 404, is "none": there is no sitemap there.

A URL a file lists is kept only on the file's own host and under its directory (the protocol's
rule; a sitemap named by robots.txt or by the caller may list its whole host, and the children
of an index what the index may), else it is counted in `off_site`; at most 50,000 entries are read a file
(`over_limit` counts the rest) and at most `max_files` files a site (`skipped`). The current
Halt (a time limit, Ctrl-C) stops the reading between two levels of files; `complete` is then
False with its reason, as when the budget runs out.
"""

from __future__ import annotations

import asyncio
import logging
import posixpath
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import urljoin, urlsplit

from siteseer.crawler.errors import BudgetExhausted, CrawlError
from siteseer.crawler.halt import current_halt
from siteseer.crawler.session import Session
from siteseer.crawler.sitemapxml import (
    MAX_URLS_PER_FILE,
    DocumentKind,
    PublishedDocument,
    SitemapError,
    feed_links,
    parse_published,
)
from siteseer.render import Snapshot

__all__ = [
    "DEFAULT_SITEMAPS",
    "FileStatus",
    "Published",
    "PublishedFile",
    "PublishedURL",
    "SitemapLimits",
    "read_published",
]

log = logging.getLogger(__name__)

DEFAULT_SITEMAPS = ("/sitemap.xml", "/sitemap_index.xml")
ROBOTS = "robots.txt"
DEFAULT = "default address"
GIVEN = "given"  # named by the caller (a command's --sitemap)

SourceKind = Literal["sitemap", "feed"]
# read: a sitemap or feed was read; none: nothing there (404, an HTML page, other XML);
# failed: refused or unreadable (scope, robots.txt, no answer, malformed XML); skipped: a cap.
FileStatus = Literal["read", "none", "failed", "skipped"]


@dataclass(frozen=True)
class SitemapLimits:
    """How much of a site's sitemaps is read: files in all, index levels below the first file,
    entries a file (the protocol's 50,000)."""

    max_files: int = 200
    max_depth: int = 5
    max_urls_per_file: int = MAX_URLS_PER_FILE


@dataclass(frozen=True, slots=True)
class PublishedURL:
    """A page a sitemap or feed lists: its canonical URL, the file that lists it first, and
    its `lastmod` as written there (None without one)."""

    url: str
    source: str
    lastmod: str | None = None
    kind: SourceKind = "sitemap"


@dataclass(frozen=True, slots=True)
class PublishedFile:
    """One sitemap or feed asked for: who named it (robots.txt, the default address, an index's
    URL, a page's URL), what came of it, the pages it gave, those off its site, those over the
    per-file limit, and a note saying why when it was not read."""

    url: str
    named_by: str
    status: FileStatus
    kind: DocumentKind | None = None
    urls: int = 0
    off_site: int = 0
    over_limit: int = 0
    note: str = ""


@dataclass(frozen=True)
class Published:
    """Everything a site's sitemaps and feeds list; `complete` is False when the budget ran out
    before every file was read (`reason` says so)."""

    site: str
    urls: tuple[PublishedURL, ...]
    files: tuple[PublishedFile, ...]
    complete: bool = True
    reason: str = ""

    @property
    def found(self) -> bool:
        """Whether any sitemap or feed was read."""
        return any(f.status == "read" for f in self.files)

    @property
    def sitemap_urls(self) -> tuple[PublishedURL, ...]:
        return tuple(u for u in self.urls if u.kind == "sitemap")

    @property
    def off_site(self) -> int:
        return sum(f.off_site for f in self.files)

    @property
    def read_files(self) -> int:
        return sum(f.status == "read" for f in self.files)

    def summary(self) -> str:
        """One line: URLs, files read, what was ignored."""
        parts = [f"{len(self.urls)} URLs published", f"{self.read_files} files read"]
        failed = sum(f.status == "failed" for f in self.files)
        skipped = sum(f.status == "skipped" for f in self.files)
        over = sum(f.over_limit for f in self.files)
        for count, what in (
            (self.off_site, "off the site ignored"),
            (over, "over 50,000 a file ignored"),
            (failed, "files refused or unreadable"),
            (skipped, "files over the cap"),
        ):
            if count:
                parts.append(f"{count} {what}")
        return ", ".join(parts)


@dataclass
class _Wanted:
    url: str
    named_by: str
    scope: str  # the host/path prefix the file may list ("" for its own directory)
    depth: int
    kind: SourceKind


@dataclass
class _Reading:
    limits: SitemapLimits
    seen: set[str] = field(default_factory=set)
    urls: dict[str, PublishedURL] = field(default_factory=dict)
    files: list[PublishedFile] = field(default_factory=list)
    reason: str = ""


async def read_published(
    session: Session,
    site: str,
    *,
    pages: Iterable[Snapshot] = (),
    sitemap_urls: Sequence[str] | None = None,
    sitemaps: bool = True,
    feeds: bool = True,
    limits: SitemapLimits | None = None,
) -> Published:
    """The URLs `site`'s sitemaps (with `sitemaps`) and the feeds `pages` link to (with
    `feeds`) publish, read through `session`; `sitemap_urls` names the sitemaps instead of
    robots.txt and the default addresses. Raises only what the Session raises for the
    crawl as a whole (CacheFailed); a file that cannot be had is a "failed" PublishedFile."""
    reading = _Reading(limits or SitemapLimits())
    root = urljoin(site, "/")
    if sitemaps and sitemap_urls is not None:
        wanted = [_Wanted(urljoin(root, u), GIVEN, "", 0, "sitemap") for u in sitemap_urls]
        await _read_all(session, reading, wanted)
    elif sitemaps:
        named = await _robots_sitemaps(session, root)
        if named:
            wanted = [_Wanted(urljoin(root, u), ROBOTS, "", 0, "sitemap") for u in named]
            await _read_all(session, reading, wanted)
        else:
            for path in DEFAULT_SITEMAPS:
                before = len(reading.files)
                await _read_all(
                    session, reading, [_Wanted(urljoin(root, path), DEFAULT, "", 0, "sitemap")]
                )
                if any(f.status == "read" for f in reading.files[before:]) or reading.reason:
                    break
    if feeds and not reading.reason:
        wanted = [
            _Wanted(feed, page.url, "", 0, "feed")
            for page in pages
            if page.html and page.ok
            for feed in feed_links(page.tree())
        ]
        await _read_all(session, reading, wanted)
    return Published(
        site,
        tuple(reading.urls.values()),
        tuple(reading.files),
        complete=not reading.reason,
        reason=reading.reason,
    )


async def _robots_sitemaps(session: Session, root: str) -> tuple[str, ...]:
    try:
        return await session.robots_sitemaps(root)
    except CrawlError as e:
        log.info("no Sitemap: lines read for %s (%s)", root, e)
        return ()


async def _read_all(session: Session, reading: _Reading, wanted: Sequence[_Wanted]) -> None:
    """Read `wanted` and, level by level, the sitemaps their indexes name."""
    level = list(wanted)
    halt = current_halt()
    while level and not reading.reason:
        if halt is not None and halt.check():  # a time limit or Ctrl-C: what is read stays
            reading.reason = halt.reason
            break
        fresh = []
        for want in level:
            try:
                key = session.canonical(want.url)
            except CrawlError:
                key = want.url
            if key in reading.seen:
                continue  # an index naming itself or an ancestor: the loop is cut here
            reading.seen.add(key)
            if len(reading.seen) > reading.limits.max_files:
                note = f"over the cap of {reading.limits.max_files} files a site"
                reading.files.append(PublishedFile(want.url, want.named_by, "skipped", note=note))
                continue
            fresh.append(want)
        limit = reading.limits.max_urls_per_file
        results = await asyncio.gather(*(_read_one(session, want, limit) for want in fresh))
        level = []
        for want, got in zip(fresh, results, strict=True):
            if isinstance(got, _Unread):
                if got.budget_spent:
                    reading.reason = got.note
                reading.files.append(
                    PublishedFile(want.url, want.named_by, got.status, note=got.note)
                )
            else:
                level.extend(_take(session, reading, want, *got))


def _take(
    session: Session,
    reading: _Reading,
    want: _Wanted,
    page: Snapshot,
    document: PublishedDocument,
) -> list[_Wanted]:
    """Record what `document` (read at `page`) lists; the sitemaps an index names come back."""
    scope = _scope_of(page.final_url or page.url, want)
    children: list[_Wanted] = []
    kept = off = 0
    for entry in document.entries:
        url = urljoin(page.final_url or page.url, entry.url)
        try:
            canonical = session.canonical(url)
        except CrawlError:
            off += 1
            continue
        if not _within(canonical, scope):
            off += 1
            continue
        kept += 1
        if document.is_index:
            if want.depth < reading.limits.max_depth:
                children.append(_Wanted(canonical, want.url, scope, want.depth + 1, "sitemap"))
            continue
        if canonical not in reading.urls:
            reading.urls[canonical] = PublishedURL(canonical, want.url, entry.lastmod, want.kind)
    note = "cut at the size limit" if page.truncated else ""
    if document.is_index and want.depth >= reading.limits.max_depth and document.entries:
        note = f"an index deeper than {reading.limits.max_depth} levels: not followed"
    if document.over_limit:
        note = f"{document.over_limit} entries over the protocol's 50,000 a file ignored"
    reading.files.append(
        PublishedFile(
            want.url,
            want.named_by,
            "read",
            document.kind,
            kept,
            off,
            document.over_limit,
            note,
        )
    )
    return children


@dataclass(frozen=True, slots=True)
class _Unread:
    status: FileStatus
    note: str
    budget_spent: bool = False


async def _read_one(
    session: Session, want: _Wanted, max_urls: int
) -> tuple[Snapshot, PublishedDocument] | _Unread:
    """The file's answer and what it lists, or why there is nothing to read."""
    try:
        page = await session.data(want.url)
    except CrawlError as e:
        log.info("sitemap %s not read: %s", want.url, e)
        return _Unread("failed", str(e), isinstance(e, BudgetExhausted))
    if not page.ok:
        return _Unread("none", f"HTTP {page.status}")
    try:
        document = parse_published(
            page.html, page.content_type, max_urls=max_urls, cut=page.truncated
        )
    except SitemapError as e:
        log.warning("sitemap %s not read: %s", want.url, e)
        return _Unread("failed", str(e))
    if document is None:
        return _Unread("none", "not a sitemap or feed (an HTML page or other content)")
    return page, document


def _scope_of(final_url: str, want: _Wanted) -> str:
    """The host/path prefix a file at `final_url` may list: its own directory, or the whole
    host for a sitemap named by robots.txt, or what its index may list when that is wider."""
    parts = urlsplit(final_url)
    host = parts.netloc.lower()
    if want.named_by in (ROBOTS, GIVEN):
        return f"{host}/"
    own = f"{host}{posixpath.dirname(parts.path or '/').rstrip('/')}/"
    if want.scope and own.startswith(want.scope):
        return want.scope
    return own


def _within(url: str, scope: str) -> bool:
    parts = urlsplit(url)
    return f"{parts.netloc.lower()}{parts.path or '/'}".startswith(scope)
