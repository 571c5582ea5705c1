"""`siteseer urls`: the URLs a site publishes in its sitemaps and feeds, one row each.

Each row: url, source (the sitemap or feed that lists it first), kind ("sitemap" or "feed"),
lastmod as written there; with --check, the sampled rows say what their load showed (`check`:
"like the seed", "answers" — another page, or no seed to compare with —, "HTTP 404",
"redirects to …"; empty on rows not sampled). --like keeps the URLs that fit the seed's
URL template, --pattern those that match a glob (``*`` any text) or, written ``re:…``, a
regular expression searched in the URL. The files are read through the Session
(`crawler.read_published`): scope, robots.txt, politeness, budget and cache apply to each.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from siteseer.algorithms import (
    Run,
    SampleCheck,
    Stopped,
    candidates_of,
    check_pages,
    spread,
)
from siteseer.choices import OutputFormat
from siteseer.crawler import (
    CrawlError,
    FetchFailed,
    InvalidURL,
    Published,
    PublishedURL,
    Session,
    read_published,
)
from siteseer.errors import BadInput, BadOption, OutputFailed
from siteseer.output import rows_text
from siteseer.outputs import shown, write_text
from siteseer.render import Snapshot
from siteseer.sessions import CrawlOptions, session_config, watched_session

__all__ = ["URL_FIELDS", "UrlsOptions", "UrlsOutcome", "list_urls", "url_filter"]

URL_FIELDS = ("url", "source", "kind", "lastmod", "check")


@dataclass(frozen=True)
class UrlsOptions:
    """`urls`: the site, the crawl, the filters (`like` a seed page, a `pattern`), how many to
    `check` by loading them, the sitemaps to read instead of robots.txt's (`sitemaps`), whether
    to read the feeds the home page links to, and where the rows go."""

    site: str
    crawl: CrawlOptions
    like: str | None = None
    pattern: str | None = None
    check: int = 0
    sitemaps: tuple[str, ...] = ()  # --sitemap, repeated
    feeds: bool = True
    out: Path | None = None
    fmt: OutputFormat = "jsonl"


@dataclass(frozen=True)
class UrlsOutcome:
    """What was published, the rows kept, the check of a sample, and the file written."""

    published: Published
    kept: tuple[PublishedURL, ...]
    rows: str
    check: SampleCheck | None = None
    written: Path | None = None
    failure: OutputFailed | None = None
    seed: str | None = None

    @property
    def summary(self) -> list[str]:
        """The lines for standard error: what was read, what was kept, the check."""
        lines = [f"urls: {self.published.summary()}; {len(self.kept)} kept"]
        if not self.published.found:
            lines.append(
                "urls: no sitemap or feed found (robots.txt, /sitemap.xml, /sitemap_index.xml)"
            )
        if self.check is not None:
            answered = len(self.check.alike) + len(self.check.other)
            line = f"checked {self.check.checked}: {answered} answer"
            if self.seed is not None:
                line += f", {len(self.check.alike)} look like the seed's page"
            lines.append(line)
        if self.written is not None:
            lines.append(f"wrote {len(self.kept)} URLs to {shown(self.written)}")
        return lines


def url_filter(pattern: str) -> Callable[[str], bool]:
    """A test of URLs from --pattern: ``re:…`` a regular expression searched in the URL, else a
    glob matched against the whole URL or its path and query (BadOption for a bad regex)."""
    if pattern.startswith("re:"):
        try:
            regex = re.compile(pattern[3:])
        except re.error as e:
            raise BadOption(f"--pattern {pattern!r} is not a regular expression: {e}") from None
        return lambda url: regex.search(url) is not None

    def glob(url: str) -> bool:
        rest = url.split("://", 1)[-1]
        path = "/" + rest.split("/", 1)[1] if "/" in rest else "/"
        return fnmatch.fnmatchcase(url, pattern) or fnmatch.fnmatchcase(path, pattern)

    return glob


async def list_urls(options: UrlsOptions) -> UrlsOutcome:
    """Read what `options.site` publishes, filter it, check a sample, write the rows.

    BadOption for a bad --pattern or --check; BadInput when the --like page cannot be loaded,
    or the site itself (its URL is bad, nothing answers there).
    """
    keep = url_filter(options.pattern) if options.pattern else None
    if options.check < 0:
        raise BadOption(f"--check must be 0 or more, not {options.check}")
    config = session_config(options.crawl)
    halt = options.crawl.halt()
    async with watched_session(config, "urls", halt=halt) as session:
        seed = await _page(session, options.like, "--like") if options.like else None
        home = await _home(session, options.site, options.feeds)
        published = await read_published(
            session,
            options.site,
            pages=[p for p in (home, seed) if p is not None],
            sitemap_urls=options.sitemaps or None,
        )
        kept = list(published.urls)
        if seed is not None:
            _, fitting = candidates_of(seed.url, [u.url for u in kept])
            fit = set(fitting)
            kept = [u for u in kept if u.url in fit]
        if keep is not None:
            kept = [u for u in kept if keep(u.url)]
        check = None
        if options.check:
            check = await _check(session, seed, [u.url for u in kept], options.check)
    rows = rows_text(
        _records(kept, check),
        URL_FIELDS,
        options.fmt,
        complete=published.complete,
        reason=published.reason,
    )
    outcome = UrlsOutcome(published, tuple(kept), rows, check, options.out, seed=options.like)
    if options.out is not None:
        try:
            write_text(options.out, rows, f"the URLs to {options.out}", newline="")
        except OutputFailed as e:
            return UrlsOutcome(published, tuple(kept), rows, check, None, e, options.like)
    return outcome


async def _page(session: Session, url: str, option: str) -> Snapshot:
    try:
        page = await session.page(url)
    except CrawlError as e:
        raise BadInput(f"{option} {url}: {e}") from None
    if not page.ok:
        raise BadInput(f"{option} {url} answered HTTP {page.status}; give a working page")
    return page


async def _home(session: Session, site: str, feeds: bool) -> Snapshot | None:
    """The page at `site`, whose feeds are read (None without `feeds`, or when it is no page:
    not HTML, disallowed). BadInput when the site cannot be reached at all or its URL is bad:
    then no sitemap can be asked for either."""
    try:
        if not feeds:
            session.canonical(site)
            return None
        return await session.page(site)
    except (FetchFailed, InvalidURL) as e:
        raise BadInput(f"{site}: {e}") from None
    except CrawlError:
        return None


async def _check(session: Session, seed: Snapshot | None, urls: list[str], n: int) -> SampleCheck:
    run = Run(session)
    try:
        return await check_pages(run, seed, spread(urls, n))
    except Stopped:
        return SampleCheck()


def _records(kept: list[PublishedURL], check: SampleCheck | None) -> Iterator[dict[str, object]]:
    said: dict[str, str] = {}
    if check is not None:
        said = {u: "like the seed" for u in check.alike} | {u: "answers" for u in check.other}
        said |= dict(check.stale)
    for u in kept:
        yield {
            "url": u.url,
            "source": u.source,
            "kind": u.kind,
            "lastmod": u.lastmod,
            "check": said.get(u.url),
        }
