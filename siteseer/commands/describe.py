"""`siteseer describe`: an entity type described by the terms its page templates share
(Outdesit), and pages judged against the description (isInstance).

Samples are entity pages given by URL, files another command wrote (discover's entity pages:
the first page of each host is that site's sample; see `siteseer.chaining`), or lab sites
(served for the run, each one's seed entity as its sample).
"""

from __future__ import annotations

from contextlib import ExitStack
from dataclasses import dataclass, replace
from pathlib import Path

from siteseer.algorithms import INTERRUPTED, EntityDescription, describe, is_instance
from siteseer.chaining import all_urls, samples_per_host
from siteseer.commands.lab import Notes, install_needed, lab_site_ids
from siteseer.crawler import Cost, host_of
from siteseer.errors import BadInput, run_failures
from siteseer.lab import running_lab
from siteseer.lab.server import build_sites
from siteseer.sessions import CrawlOptions, session_config, watched_session

__all__ = ["DescribeOptions", "DescribeOutcome", "describe_entities", "sample_urls"]


@dataclass(frozen=True)
class DescribeOptions:
    """`describe`: sample entity pages (one per site; a file of URLs or siteseer's JSON lines
    gives the first page of each of its hosts) and/or lab sites as given (repeated or
    comma-separated), the pages to judge with isInstance, its threshold, and the crawl."""

    samples: tuple[str, ...]
    crawl: CrawlOptions
    sites: tuple[str, ...] = ()
    check: tuple[str, ...] = ()
    threshold: float = 0.5


@dataclass(frozen=True)
class DescribeOutcome:
    """The description and the isInstance verdict on each page checked, in order."""

    description: EntityDescription
    verdicts: tuple[tuple[str, bool], ...] = ()
    cost: Cost | None = None  # the crawl's (None: not known)

    @property
    def notes(self) -> tuple[str, ...]:
        """For standard error: each sample's own template terms, then what the crawl cost."""
        description = self.description
        lines = [
            f"{sample}: {', '.join(terms) or '(no template terms)'}"
            for sample, terms in zip(description.samples, description.per_sample, strict=True)
        ]
        if self.cost is not None:
            cost = self.cost
            lines.append(
                f"describe: {cost.downloads} pages downloaded ({cost.renders} rendered), "
                f"{cost.cache_note()}, {cost.seconds:.2f} s"
            )
        return tuple(lines)

    @property
    def lines(self) -> tuple[str, ...]:
        """For standard output: the shared terms on one line, then ``yes|no<TAB>URL`` per page
        checked."""
        return (
            ", ".join(self.description.terms),
            *(f"{'yes' if verdict else 'no'}\t{url}" for url, verdict in self.verdicts),
        )


def sample_urls(given: tuple[str, ...], *, per_host: bool = True) -> list[str]:
    """The pages given: each http(s) URL as it is, each file's pages (`per_host`: the first of
    each host, the samples; else all of them, the pages to check); BadInput for anything
    else."""
    urls: list[str] = []
    for item in given:
        if item.startswith(("http://", "https://")):
            urls.append(item)
        elif Path(item).is_file():
            urls += (samples_per_host if per_host else all_urls)(Path(item))
        else:
            raise BadInput(f"{item} is neither an http(s) URL nor a file of entity pages")
    return list(dict.fromkeys(urls))


async def describe_entities(
    options: DescribeOptions, notes: Notes | None = None
) -> DescribeOutcome:
    """Describe the samples' entity type and judge `options.check` against it (lab sites' real
    applications are installed first if need be, saying so through `notes`).

    BadInput without samples or lab sites; an error the method raises about its input
    (ValueError) is a RunFailed. A run stopped by its budget, its time limit or Ctrl-C gives
    the description of the pages found until then, marked incomplete, and judges no more pages.
    """
    urls = sample_urls(options.samples)
    ids = lab_site_ids(options.sites)
    if not urls and not ids:
        raise BadInput("give sample entity pages (URL...) or lab sites (--sites)")
    if ids:
        install_needed(build_sites(ids), notes or (lambda _line: None))
    with ExitStack() as stack:
        if ids:
            lab = stack.enter_context(running_lab(ids, "small", 0))
            urls += [lab.truth(i).seed_entity for i in ids]
        with run_failures(ValueError):
            check = sample_urls(options.check, per_host=False)
            hosts = tuple(dict.fromkeys(host_of(u) for u in [*urls, *check]))
            config = session_config(options.crawl, allowed_hosts=hosts)
            halt = options.crawl.halt()
            async with watched_session(config, "describe", halt=halt) as session:
                description = await describe(session, urls)
                verdicts = []
                for url in check:
                    if halt.check():  # no verdict from pages a stopped run cannot load
                        break
                    verdict = await is_instance(session, url, description, options.threshold)
                    verdicts.append((url, verdict))
                cost = session.cost()
    if halt.reason and description.complete:
        description = replace(description, complete=False, reason=halt.reason)
    if description.reason == INTERRUPTED and not any(description.per_sample):
        raise KeyboardInterrupt  # stopped before anything was found
    return DescribeOutcome(description, tuple(verdicts), cost)
