"""The rows a run's result is written as: the entity pages of a Discovery, the clusters of a
page clustering, as JSON lines, a JSON array or CSV.

    records = await entity_records(session, discovery)          # one EntityRecord per page
    text = entity_rows(records, "csv", complete=False, reason="budget spent")
    text = cluster_rows(clustering, "jsonl")

`siteseer discover`, `siteseer templates cluster` and a batch's sites write the same rows
(`siteseer.commands`, `siteseer.batch`), from here. An incomplete run's rows are marked
(`output.partial`).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Literal

from siteseer.output.partial import marked, marked_fields
from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.algorithms import Discovery, PageClustering
    from siteseer.crawler import Session

__all__ = [
    "ROW_FIELDS",
    "EntityRecord",
    "PageFrom",
    "RowFormat",
    "cluster_rows",
    "entity_records",
    "entity_rows",
    "pages_answered",
    "rows_text",
]

RowFormat = Literal["jsonl", "json", "csv"]
"""JSON lines, a JSON array, or CSV with a header (`siteseer.choices.OutputFormat` mirrors it)."""


PageFrom = Literal["run", "cache"]
"""Where a record's title and status come from: the page as this run loaded it (over the
network or from its cache), or a copy an earlier run left in the cache that this run did not
ask for."""


@dataclass(frozen=True, slots=True)
class EntityRecord:
    """One entity page found: the method and seed that found it; its title and HTTP status and
    where they come from (`page_from`; all three None when neither this run nor the cache has
    the page: a method finds most entity pages from links, without loading them); the index
    page that links to it and that page's depth + 1 in the entity tree (the root index page is
    depth 0; None when no index page found in the run links to it); where it came from
    (`source`: "links", "sitemap" — a sitemap or feed of the site —, or "both")."""

    url: str
    method: str
    seed: str
    title: str | None = None
    status: int | None = None
    page_from: PageFrom | None = None
    index_page: str | None = None
    depth: int | None = None
    source: str = "links"


ROW_FIELDS = tuple(EntityRecord.__slots__)


@contextmanager
def pages_answered(session: Session) -> Iterator[set[str]]:
    """The URLs of the pages `session` answers inside the block (loaded, or from its cache):
    what a run loaded, for `entity_records`."""
    answered: set[str] = set()

    def note(snapshot: Snapshot, _cached: bool) -> None:
        answered.add(snapshot.url)

    session.events.on("page", note)
    try:
        yield answered
    finally:
        session.events.remove_listener("page", note)


async def entity_records(
    session: Session,
    result: Discovery,
    *,
    details: bool = False,
    loaded: Collection[str] = (),
) -> list[EntityRecord]:
    """A record per entity page of `result`, read from the pages `session` holds: the index
    page linking to it is the deepest one of the Discovery's levels that does; its title and
    status come from its own page, as the run loaded it (`loaded`: the URLs it did,
    `pages_answered`; with `details`, every other entity page is loaded now, one page load
    each) or else as the cache holds it, and `page_from` says which ("run", "cache"; None: no
    page, or it failed)."""
    parents: dict[str, tuple[str, int]] = {}
    for depth, level in reversed(list(enumerate(result.index_pages, 1))):
        for url in level:
            page = session.stored(url)
            for link in page.links if page is not None else ():
                parents.setdefault(link.url, (url, depth))
    pages = {url: session.stored(url) for url in result.entities}
    by_run = {url for url in result.entities if url in loaded and pages[url] is not None}
    if details:
        missing = [url for url in result.entities if url not in by_run]
        for url, got in zip(missing, await session.pages(missing), strict=True):
            pages[url] = got if isinstance(got, Snapshot) else None
            by_run.add(url)
    records = []
    for url in result.entities:
        page = pages[url]
        parent = parents.get(url)
        records.append(
            EntityRecord(
                url,
                result.method,
                result.seed,
                title=None if page is None else page.title,
                status=None if page is None else page.status,
                page_from=None if page is None else "run" if url in by_run else "cache",
                index_page=None if parent is None else parent[0],
                depth=None if parent is None else parent[1],
                source=result.source_of(url),
            )
        )
    return records


def _csv_cell(value: object) -> object:
    """A value as a CSV cell spells it, the way JSON does: ``true``/``false`` for booleans
    (Python's csv module writes ``True``), an empty cell for None."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else value


def entity_rows(
    records: Sequence[EntityRecord], fmt: RowFormat, *, complete: bool = True, reason: str = ""
) -> str:
    """The records as JSON lines, a JSON array, or CSV with a header (None is an empty cell);
    a run that stopped early (not `complete`) marks each row with complete and its `reason`."""
    return rows_text(
        [asdict(r) for r in records], ROW_FIELDS, fmt, complete=complete, reason=reason
    )


def rows_text(
    records: Iterable[Mapping[str, Any]],
    fields: Sequence[str],
    fmt: RowFormat,
    *,
    complete: bool = True,
    reason: str = "",
) -> str:
    """Records of `fields` as JSON lines, a JSON array, or CSV with a header (see
    `entity_rows`): what `siteseer urls` writes as well. The records are read once, one at a
    time (a generator of 50,000 rows is never a list of dicts, except for a JSON array)."""
    rows = (marked(dict(record), complete, reason) for record in records)
    if fmt == "jsonl":
        return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    if fmt == "json":
        return json.dumps(list(rows), ensure_ascii=False, indent=1) + "\n"
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=list(marked_fields(tuple(fields), complete)))
    writer.writeheader()
    writer.writerows({name: _csv_cell(value) for name, value in row.items()} for row in rows)
    return text.getvalue()


def cluster_rows(clustering: PageClustering, fmt: RowFormat = "jsonl", reason: str = "") -> str:
    """The clusters as JSON lines or a JSON array (an object per cluster: its number, size,
    pages and template paths), or CSV (a row per page: url, cluster, size); each marked with
    complete and `reason` when the crawl of the pages stopped early."""
    rows = [
        marked(
            {
                "cluster": n,
                "size": len(cluster.pages),
                "pages": list(cluster.pages),
                "template_paths": list(cluster.paths),
            },
            not reason,
            reason,
        )
        for n, cluster in enumerate(clustering.clusters)
    ]
    if fmt == "jsonl":
        return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    if fmt == "json":
        return json.dumps(rows, ensure_ascii=False, indent=1) + "\n"
    text = io.StringIO()
    writer = csv.writer(text)
    writer.writerow(marked_fields(("url", "cluster", "size"), not reason))
    status = () if not reason else (_csv_cell(False), reason)
    writer.writerows(
        (url, n, len(cluster.pages), *status)
        for n, cluster in enumerate(clustering.clusters)
        for url in cluster.pages
    )
    return text.getvalue()
