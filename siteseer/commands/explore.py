"""`siteseer explore`: the queries an exploratory site supports and its entities' hidden
attributes (query-centric exploration), written as entities.jsonl, queries.json and the DAG.

The exploration starts at the widest list or search page among the start page and the pages it
links to (`algorithms.find_list_page`), so a site's home page serves as a start; `find_list`
False starts at the page given."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from siteseer.algorithms import INTERRUPTED, EntryPoint, Exploration, explore, find_list_page
from siteseer.errors import BadInput, RunFailed, run_failures
from siteseer.output import OutputFiles, write_exploration
from siteseer.outputs import writing
from siteseer.sessions import CrawlOptions, session_config, watched_session

__all__ = ["ExploreOptions", "ExploreOutcome", "explore_site", "read_keywords"]


@dataclass(frozen=True)
class ExploreOptions:
    """`explore`: the start page, what guides the exploration, the crawl and the output
    directory. `keywords` is a file of keywords, one a line, for the forms' keyword boxes."""

    start_url: str
    crawl: CrawlOptions
    entity_sample: str | None = None
    keywords: Path | None = None
    allow_post: bool = False
    max_depth: int = 3
    entity_pages: bool = True
    out: Path = Path("out/explore")
    find_list: bool = True


@dataclass(frozen=True)
class ExploreOutcome:
    """The Exploration, the files written from it, and how its start page was chosen (None:
    the page given, as given)."""

    exploration: Exploration
    files: OutputFiles
    entry: EntryPoint | None = None

    @property
    def notes(self) -> tuple[str, ...]:
        """The summary for standard error: what was found and loaded, what was skipped and
        why, how the DAG was drawn, the files written."""
        result = self.exploration
        explored = sum(1 for q in result.queries if q.status == "explored")
        equivalent = sum(1 for q in result.queries if q.status == "equivalent")
        cost = result.cost
        lines = []
        entry = self.entry
        if entry is not None and entry.url != entry.start:
            lines.append(
                f"explore: started at {entry.url}, the widest list page linked from "
                f"{entry.start} ({len(entry.candidates)} pages scored, "
                f"{entry.cost.downloads} downloaded)"
            )
        lines += [
            f"explore: {len(result.entities)} entities, {explored} queries explored, "
            f"{equivalent} equivalent, {len(result.edges)} DAG edges, {result.states} states; "
            f"{cost.downloads} pages loaded ({cost.renders} rendered, {cost.actions} actions, "
            f"{cost.cache_note()}), {cost.seconds:.2f} s"
        ]
        reasons: dict[str, int] = {}
        for item in result.skipped:
            reasons[item.reason] = reasons.get(item.reason, 0) + 1
        if reasons:
            skipped = ", ".join(f"{n} {reason}" for reason, n in sorted(reasons.items()))
            lines.append(f"skipped: {skipped}")
        files = self.files
        if files.svg_note:
            lines.append(f"dag.svg: {files.svg_note}")
        lines.append(f"wrote {files.entities}, {files.queries}, {files.dot}, {files.svg}")
        return tuple(lines)


def read_keywords(path: Path) -> list[str]:
    """The keywords of a file, one a line (blank lines dropped); BadInput when unreadable."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise BadInput(f"cannot read the keywords file {path}: {e}") from None
    return [line.strip() for line in text.splitlines() if line.strip()]


async def explore_site(options: ExploreOptions) -> ExploreOutcome:
    """Explore the site from `options.start_url` and write the outputs to `options.out`.

    A run that loaded nothing (the start page failed) is a RunFailed with its reason and
    writes nothing (KeyboardInterrupt when Ctrl-C stopped it); an incomplete run that loaded
    pages (its budget spent, its time limit reached, Ctrl-C) writes what it found, marked
    incomplete.
    """
    words = read_keywords(options.keywords) if options.keywords is not None else []
    config = session_config(options.crawl)
    halt = options.crawl.halt()
    with run_failures(ValueError):
        async with watched_session(config, "explore", halt=halt) as session:
            entry = (
                await find_list_page(session, options.start_url, options.entity_sample)
                if options.find_list
                else None
            )
            result = await explore(
                session,
                options.start_url if entry is None else entry.url,
                entity_sample=options.entity_sample,
                keywords=words,
                allow_post=options.allow_post,
                max_depth=options.max_depth,
                entity_pages=options.entity_pages,
                hub=entry.start if entry is not None and entry.url != entry.start else None,
            )
    if not result.complete and result.states == 0:
        if result.reason == INTERRUPTED:
            raise KeyboardInterrupt
        raise RunFailed(result.reason)  # nothing was loaded: no outputs to write
    with writing(f"the outputs to {options.out}"):
        files = write_exploration(result, options.out)
    return ExploreOutcome(result, files, entry)
