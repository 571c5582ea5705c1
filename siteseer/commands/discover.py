"""`siteseer discover`: every entity page of a sample page's type (SSUP, Indesit, GPP).

The entity pages are written as JSON lines, a JSON array or CSV (one record per page: url,
method, seed, title, status, index_page, depth; and complete, reason when the run stopped
early) to a file or, without one, returned for standard output; the whole Discovery can go to
a JSON file as well (what `siteseer explain --seed-path` reads). A run stopped by its page
budget, its time limit or Ctrl-C writes what it found so far.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from siteseer.algorithms import (
    BUDGET_SPENT,
    INTERRUPTED,
    Discovery,
    Halt,
    Height,
    ProbeOrder,
    SitemapAudit,
    TagFeature,
    discover_published,
    discovery_method,
    explain_discovery,
    height_of,
)
from siteseer.choices import OutputFormat
from siteseer.crawler import Session
from siteseer.errors import BadOption, OutputFailed, RunFailed, run_failures
from siteseer.output import entity_records, entity_rows, pages_answered
from siteseer.outputs import shown, write_text
from siteseer.sessions import CrawlOptions, session_config, watched_session

__all__ = [
    "DiscoverOptions",
    "DiscoverOutcome",
    "discover",
    "parse_height",
]


@dataclass(frozen=True)
class DiscoverOptions:
    """`discover`: the method and its parameters, the crawl, and where the results go.

    - `height`: SSUP's entity-tree height as given, a positive whole number or ``"auto"``.
    - `iterations`: GPP's growing iterations; `threshold`: Indesit's simhtml threshold.
    - `tag_feature`: the link DOM path form (None: tags + attribute names, ``"attrs"``).
    - `visual`: SSUP groups links by visual list as well as by DOM path.
    - `probe_order`: SSUP's climb probes out-links in order of promise, or all (the paper's).
    - `out`/`fmt`: the entity pages' file (None: standard output) and format.
    - `explain`: return the trace as a tree; `discovery_json`: also write the whole Discovery.
    - `details`: load every entity page the run did not load, for its title and status.
    - `sitemaps`: use the site's sitemaps and feeds (`algorithms.discover_published`);
      `audit_sitemap`: also audit the sitemap against the crawl and write it here as JSON.
    """

    seed_url: str
    crawl: CrawlOptions
    method: str = "ssup"
    visual: bool = False
    iterations: int = 1
    height: str = "2"
    probe_order: ProbeOrder = "ranked"
    threshold: float = 0.5
    tag_feature: TagFeature | None = None
    out: Path | None = None
    fmt: OutputFormat = "jsonl"
    explain: bool = False
    discovery_json: Path | None = None
    details: bool = False
    sitemaps: bool = True
    audit_sitemap: Path | None = None


@dataclass(frozen=True)
class DiscoverOutcome:
    """What a discover run found and wrote.

    - `rows`: the entity pages in the chosen format, as written to `out` (or for standard
      output when there is no `out`).
    - `written`: the file the rows went to (None: they are for standard output).
    - `explanation`: the trace tree (with `explain`), else None.
    - `failure`: an output that could not be written. The run itself is done (and its pages
      cached), so this is reported after its summary rather than raised.
    """

    discovery: Discovery
    rows: str
    written: Path | None = None
    explanation: str | None = None
    failure: OutputFailed | None = None
    audit: SitemapAudit | None = None

    @property
    def summary(self) -> str:
        """One line: entity and index pages found, what they cost."""
        result = self.discovery
        levels = sum(len(level) for level in result.index_pages)
        cost = result.cost
        line = (
            f"{result.method}: {len(result.entities)} entity pages, {levels} index pages, "
            f"{cost.downloads} pages downloaded ({cost.renders} rendered), "
            f"{cost.cache_note()}, {cost.seconds:.2f} s"
        )
        sitemap = dict(result.params).get("sitemap")
        if sitemap in ("trusted", "merged"):
            line += f"; the sitemap {sitemap}"
        return line if self.audit is None else f"{line}\n{self.audit.summary()}"

    @property
    def wrote(self) -> str | None:
        """The line naming the file written (None when the rows are for standard output)."""
        if self.written is None:
            return None
        return f"wrote {len(self.discovery.entities)} entity pages to {shown(self.written)}"


def parse_height(text: str) -> Height:
    """SSUP's height from its option: a positive whole number or ``"auto"`` (else BadOption)."""
    try:
        return height_of(text)
    except ValueError as e:
        raise BadOption(f"--{e}") from None


def started(result: Discovery, halt: Halt | None = None) -> bool:
    """Whether the run got going: it is complete, it found something, or its page budget or
    `halt`'s time limit stopped it (found nothing, its Discovery still says where the pages
    went). A run whose seed or root could not be loaded (a malformed URL, no server, no such
    host, robots.txt refuses it, an HTTP error) is an error, and one that Ctrl-C stopped before
    it found anything is interrupted: neither writes files."""
    if result.complete or result.entities or result.sample_path or any(result.index_pages):
        return True
    timed_out = halt is not None and result.reason == halt.reason and not halt.interrupted
    return result.reason.startswith(BUDGET_SPENT) or timed_out


async def discover(options: DiscoverOptions) -> DiscoverOutcome:
    """Find every entity page of the same type as `options.seed_url` on its site.

    A bad --height is a BadOption; an error the method raises about its input (ValueError) is
    a RunFailed, and so is a run that could not start (`started`: its seed or root unusable),
    whatever the method, with the Discovery's reason. A run stopped by its budget, its time
    limit or Ctrl-C (`crawl.time_limit`, `siteseer.sessions.interruptible`) writes what it
    found, marked incomplete; one interrupted before it found anything raises
    KeyboardInterrupt.
    """
    height = parse_height(options.height)
    config = session_config(options.crawl)
    halt = options.crawl.halt()
    with run_failures(ValueError):
        async with watched_session(config, f"discover ({options.method})", halt=halt) as session:
            with pages_answered(session) as loaded:
                result, audit = await _discovery(options, height, session)
            details = options.details and result.complete  # a stopped run loads nothing more
            records = await entity_records(session, result, details=details, loaded=loaded)
    explanation = explain_discovery(result) if options.explain else None
    if not started(result, halt):
        if result.reason == INTERRUPTED:
            raise KeyboardInterrupt
        raise RunFailed(result.reason)  # nothing found: nothing written
    rows = entity_rows(records, options.fmt, complete=result.complete, reason=result.reason)
    try:
        _write(result, rows, options, audit)
    except OutputFailed as e:
        return DiscoverOutcome(result, rows, options.out, explanation, failure=e, audit=audit)
    return DiscoverOutcome(result, rows, options.out, explanation, audit=audit)


async def _discovery(
    options: DiscoverOptions, height: Height, session: Session
) -> tuple[Discovery, SitemapAudit | None]:
    """The method's run, with the site's sitemaps unless turned off (and their audit)."""
    entry = discovery_method(options.method)
    params = entry.parameters(
        {
            "height": height,
            "visual": options.visual,
            "probe_order": options.probe_order,
            "tag_feature": options.tag_feature or "attrs",
            "threshold": options.threshold,
            "iterations": options.iterations,
        }
    )
    if not options.sitemaps:
        return await entry.discover(session, options.seed_url, params), None
    audit = options.audit_sitemap is not None
    return await discover_published(session, options.seed_url, entry, params, audit=audit)


def _write(
    result: Discovery, rows: str, options: DiscoverOptions, audit: SitemapAudit | None
) -> None:
    if options.audit_sitemap is not None:
        document = json.dumps(audit.to_dict() if audit else None, ensure_ascii=False) + "\n"
        write_text(options.audit_sitemap, document, f"the sitemap audit to {options.audit_sitemap}")
    if options.discovery_json is not None:
        document = json.dumps(result.to_dict(), ensure_ascii=False) + "\n"
        write_text(options.discovery_json, document, f"the Discovery to {options.discovery_json}")
    if options.out is not None:
        write_text(options.out, rows, f"the entity pages to {options.out}", newline="")
