"""`siteseer templates urls|cluster`: hidden entity pages from URL templates (Allikmaa 2016),
and pages clustered by the template that generated them (TEXT-MDL).

Both read what another crawl left: a URL list, a WARC/ARC file or a siteseer crawl store
or siteseer's own JSON lines (`cluster` also crawls a site from its URL), narrowed to one site
by `siteseer.chaining`, which checks what they give before any page loads.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from pathlib import Path

from siteseer.algorithms import (
    INTERRUPTED,
    ClusterMethod,
    PageClustering,
    Run,
    SiteCrawl,
    Stopped,
    TemplateReport,
    cluster_pages,
    crawl_site,
    url_templates,
)
from siteseer.chaining import hosts_of, input_pages, input_urls
from siteseer.choices import OutputFormat
from siteseer.crawler import Cost, Halt, Session
from siteseer.errors import BadInput, RunFailed, run_failures
from siteseer.output import cluster_rows, write_template_report
from siteseer.outputs import shown, write_text
from siteseer.render import Snapshot
from siteseer.sessions import (
    CrawlOptions,
    crawl_options,
    interruptible,
    session_config,
    watched_session,
)

log = logging.getLogger("siteseer.templates")

__all__ = [
    "ClusterOptions",
    "ClusterOutcome",
    "PageInput",
    "UrlTemplatesOptions",
    "UrlTemplatesOutcome",
    "page_input",
    "templates_cluster",
    "templates_urls",
]


_NOT_RENDERED = crawl_options(render="never")  # the templates commands' crawl by default

# --- templates urls ---------------------------------------------------------------------------


@dataclass(frozen=True)
class UrlTemplatesOptions:
    """`templates urls`: the input file, the site to keep (a URL or host; needed when the input
    holds several), the template parameters, the output directory (None: the new entity URLs
    go to standard output) and the crawl (its page budget, cache, identity; rendering is
    always ``never``). `generate=False` builds the templates and loads no new URL."""

    input_path: Path
    site: str | None = None
    max_per_template: int | None = None
    min_values: int = 100
    out: Path | None = None
    generate: bool = True
    crawl: CrawlOptions = _NOT_RENDERED


@dataclass(frozen=True)
class UrlTemplatesOutcome:
    """The TemplateReport and what became of it.

    `unreachable` says why nothing was found when every page load failed (nothing is written
    then); `written` is the directory the report went to (None: nothing written).
    """

    report: TemplateReport
    unreachable: str | None = None
    written: Path | None = None
    urls: int = 0
    min_values: int = 100

    @property
    def dropped(self) -> str | None:
        """What --min-values left out, in one line (None: nothing)."""
        dropped = self.report.dropped
        if not dropped:
            return None
        shown = ", ".join(f"{key} ({ids} ids)" for key, ids in dropped[:3])
        more = f" and {len(dropped) - 3} more" if len(dropped) > 3 else ""
        return (
            f"{len(dropped)} templates dropped for knowing fewer ids than --min-values "
            f"{self.min_values}: {shown}{more}"
        )

    @property
    def empty(self) -> str | None:
        """Why a complete run found no template (None: it found some, or it stopped early)."""
        report = self.report
        if report.templates or not report.complete:
            return None
        if report.dropped:
            most = report.dropped[0][1]
            return f"no template kept: {self.dropped}; --min-values {most} or lower keeps " + (
                "it" if len(report.dropped) == 1 else "the largest"
            )
        return (
            f"no template: none of the {self.urls} input URLs has a numeric id that other URLs "
            f"of the same pattern vary (URL templates need entity URLs such as /item/1001)"
        )

    @property
    def notes(self) -> tuple[str, ...]:
        """The summary for standard error: one line per template, then the totals (and what
        --min-values dropped, when the run kept some templates)."""
        report = self.report
        lines = [
            f"{template.key}  ids {template.values[0]}–{template.values[-1]} "
            f"({len(template.values)} known, {len(template.gaps)} gaps); "
            f"tried {template.tried}, found {len(template.found)}"
            for template in report.templates
        ]
        stages = ", ".join(f"{name} {count}" for name, count in report.stages)
        lines.append(
            f"url-templates: {len(report.templates)} templates ({stages}); {len(report.found)} "
            f"new entity pages from {len(report.checked)} generated URLs; "
            f"{report.cost.downloads} pages downloaded, {report.cost.cache_note()}"
            + (f", {report.cost.errors} failed" if report.cost.errors else "")
        )
        if self.dropped is not None and report.templates:
            lines.append(self.dropped)
        return tuple(lines)

    @property
    def wrote(self) -> str | None:
        """The line naming the files written (None when nothing was)."""
        if self.written is None:
            return None
        return f"wrote {self.written}/templates.jsonl, found.txt, checked.jsonl"


async def templates_urls(options: UrlTemplatesOptions) -> UrlTemplatesOutcome:
    """Build URL templates from the input's URLs, load the missing ids, keep the entity pages;
    write the report to `options.out` when given. A run stopped by its budget, its time limit
    or Ctrl-C reports (and writes) what it found, marked incomplete."""
    urls = input_urls(options.input_path, site=options.site)
    config = session_config(options.crawl.with_config(render="never"))
    halt = options.crawl.halt()
    with run_failures(ValueError):
        async with watched_session(config, "templates urls", halt=halt) as session:
            report = await url_templates(
                session,
                urls,
                minimum_values=options.min_values,
                max_per_template=options.max_per_template,
                generate=options.generate,
            )
    if report.reason == INTERRUPTED and not report.checked and not report.found:
        raise KeyboardInterrupt  # stopped before anything was found: nothing to write
    outcome = UrlTemplatesOutcome(report, urls=len(urls), min_values=options.min_values)
    if report.cost.errors and not report.checked and not report.found:
        unreachable = f"{report.cost.errors} page loads failed; is {hosts_of(urls)[0]} up?"
        return replace(outcome, unreachable=unreachable)
    if options.out is None:
        return outcome
    write_template_report(report, options.out)
    return replace(outcome, written=options.out)


# --- templates cluster ------------------------------------------------------------------------

CLUSTER_PAGES = 500  # pages crawled from a site URL when no budget is given


@dataclass(frozen=True)
class ClusterOptions:
    """`templates cluster`: a site URL to crawl (up to `crawl.config.budget` pages, 500 when None) or
    a file (URL list, siteseer's JSON lines, WARC/ARC, crawl store; `site` keeps one host's
    pages); the clustering's parameters; the JSON lines file (None: standard output); the crawl
    (cache, identity; rendering is always ``never``)."""

    input: str
    site: str | None = None
    method: ClusterMethod = "minhash"
    min_support: int = 2
    out: Path | None = None
    fmt: OutputFormat = "jsonl"
    crawl: CrawlOptions = _NOT_RENDERED


@dataclass(frozen=True)
class ClusterOutcome:
    """The clustering of `pages` pages; `rows` its JSON lines (one per cluster), as written
    to the output file or for standard output; `reason` why the crawl of the pages stopped
    early (its page budget with `left` links not loaded, its time limit, Ctrl-C; "" when it
    did not)."""

    clustering: PageClustering
    pages: int
    rows: str
    reason: str = ""
    cost: Cost | None = None  # the crawl of the pages (None: read from a file)
    left: int = 0  # links of the site seen and not loaded when the crawl stopped

    @property
    def complete(self) -> bool:
        return not self.reason

    @property
    def summary(self) -> str:
        """One line: pages (and, when they were crawled, how many came from the cache),
        clusters, the clustering's MDL cost and time."""
        clustering = self.clustering
        cached = "" if self.cost is None else f" ({self.cost.cache_note()})"
        left = f" ({self.left} more links of the site not loaded)" if self.left else ""
        return (
            f"{clustering.method}: {self.pages} pages{cached}{left} in {len(clustering.clusters)} "
            f"clusters, MDL {clustering.mdl_bits:.0f} bits, {clustering.seconds:.2f} s"
        )


@dataclass(frozen=True)
class PageInput:
    """What `templates cluster` reads: a site to crawl, or pages (an archive or store), or
    URLs to load (a URL list)."""

    crawl_from: str | None = None
    snapshots: tuple[Snapshot, ...] = ()
    urls: tuple[str, ...] = ()


def page_input(text: str, site: str | None = None) -> PageInput:
    """`templates cluster`'s INPUT: an http(s) URL is a site to crawl, anything else a file
    (see `siteseer.chaining.input_pages`; `site` keeps one host). BadInput when it is neither,
    or the file cannot be read or gives no page."""
    if text.startswith(("http://", "https://")):
        return PageInput(crawl_from=text)
    path = Path(text)
    if not path.is_file():
        raise BadInput(f"{text} is neither a site URL nor a file")
    snaps, urls = input_pages(path, site=site)
    return PageInput(snapshots=tuple(snaps), urls=tuple(urls))


async def templates_cluster(options: ClusterOptions) -> ClusterOutcome:
    """Cluster the input's pages by template; write the rows to `options.out` when given.

    BadInput when the input is neither a site URL nor a readable file, or gives fewer than two
    HTML pages; RunFailed when the site URL itself cannot be loaded (with the reason). A crawl
    stopped by the time limit or Ctrl-C clusters the pages it loaded and marks the rows
    incomplete (KeyboardInterrupt when it loaded fewer than two); a clustering stopped so keeps
    the clusters it merged, its rows marked incomplete.
    """
    halt = options.crawl.halt()
    with interruptible(halt):  # Ctrl-C stops the reading and the clustering too
        return await _cluster(options, halt)


async def _cluster(options: ClusterOptions, halt: Halt) -> ClusterOutcome:
    given = page_input(options.input, options.site)
    # The budget counts the pages crawled (below), not the Session's loads.
    config = session_config(options.crawl.with_config(render="never", budget=None))
    crawl = SiteCrawl(list(given.snapshots))
    refused: dict[str, str] = {}  # the start URL's failure, when it had one
    cost: Cost | None = None
    if given.crawl_from is not None or given.urls:
        with run_failures(ValueError):
            async with watched_session(config, "templates cluster", halt=halt) as session:
                session.events.on("error", lambda e: refused.setdefault(e.url, str(e)))
                session.events.on("skip", lambda url, why: refused.setdefault(url, why))
                crawl = await _load(session, given, options.crawl.config.budget or CLUSTER_PAGES)
                cost = session.cost()
    snaps = crawl.pages
    if len(snaps) < 2:
        if halt.interrupted:
            raise KeyboardInterrupt
        start = given.crawl_from
        if start is not None and not snaps and refused:
            why = refused.get(start) or next(iter(refused.values()))
            raise RunFailed(f"cannot use the seed {start}: {why}")
        raise BadInput("fewer than two HTML pages to cluster; give more pages or a larger --pages")
    log.info("clustering %d pages by template (%s)", len(snaps), options.method)
    clustering = cluster_pages(  # stopped by Ctrl-C, it keeps what it merged
        snaps,
        method=options.method,
        min_support=options.min_support,
        stop=halt.stop_after_now(),  # a crawl cut already still clusters what it loaded
    )
    reason = halt.reason or crawl.reason
    rows = cluster_rows(clustering, options.fmt, reason)
    if options.out is not None:
        _write_rows(options.out, rows)
    return ClusterOutcome(clustering, len(snaps), rows, reason, cost, crawl.left)


async def _load(session: Session, given: PageInput, budget: int) -> SiteCrawl:
    """The pages to cluster: crawled from the site (incomplete when its budget left links
    unloaded), or the URL list's HTML pages (those loaded before a stop)."""
    if given.crawl_from is not None:
        return await crawl_site(session, given.crawl_from, budget)
    run = Run(session)
    urls = list(given.urls)
    try:
        return SiteCrawl(list((await run.fetch(urls, step=None)).values()))
    except Stopped:
        return SiteCrawl(list(run.loaded(urls).values()), reason=run.reason)


def _write_rows(out: Path, rows: str) -> None:
    write_text(out, rows, f"the clusters to {shown(out)}")
