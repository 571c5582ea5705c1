"""SSUP's analysis of a large crawl: pagination over a list whose first page links every page.

    python -m bench.analysis [--sizes 1000,4000,16000]

A table browser's list (an admin's change list, a data browser) pages its rows by ``?p=N`` and
its first page links to every page of the list; each page lists 20 rows in the list's entity
path and links to its neighbours. SSUP's pagination (Algorithm 3, `algorithms.ssup.pagination`)
takes every page in one round from the first page, then pages on from them. This bench times
that analysis alone, on pages already loaded (a stand-in run answers every fetch from memory,
as a cache of a crawl does): the seconds of `Pagination.find` as the list grows, and per 1,000
pages. The target: the analysis grows no faster than the pages (n log n at most): the time per
1,000 pages at the largest size at most twice the smallest size's. Sorting out which pages
showed entries once compared each page found with every page kept in a list (quadratic: a
real application's 8,000-page crawl computed for minutes after its last download).
"""

from __future__ import annotations

import argparse
import asyncio
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from siteseer.algorithms import Run
from siteseer.algorithms.features.dom import link_path
from siteseer.algorithms.ssup.pagination import Pagination
from siteseer.render import Snapshot, snapshot_from_html

__all__ = ["Row", "main", "measure", "site"]

BASE = "http://127.0.0.1:8000"
ROWS = 20


def _list_page(page: int, pages: int) -> str:
    rows = "".join(
        f'<li><a href="/items/{page * ROWS + k}/">Item {page * ROWS + k}</a></li>'
        for k in range(ROWS)
    )
    near = range(1, pages + 1) if page == 1 else range(max(1, page - 1), min(pages, page + 1) + 1)
    pager = "".join(f'<a class="page" href="/items/?p={n}">{n}</a>' for n in near)
    return (
        "<html><head><title>Items</title></head><body>"
        f'<ul class="results">{rows}</ul><nav class="pager">{pager}</nav></body></html>'
    )


def _item_page(item: int) -> str:
    return (
        f"<html><head><title>Item {item}</title></head><body><h1>Item {item}</h1>"
        f'<p>The record of item {item}.</p><a href="/items/?p=1">Items</a></body></html>'
    )


def _snapshot(url: str, html: str) -> Snapshot:
    return snapshot_from_html(url, url, 200, html)


def site(pages: int) -> dict[str, Snapshot]:
    """The list's pages and its first item's page, by URL, as a crawl's cache holds them."""
    found = {
        f"{BASE}/items/?p={n}": _snapshot(f"{BASE}/items/?p={n}", _list_page(n, pages))
        for n in range(1, pages + 1)
    }
    item = f"{BASE}/items/{ROWS}/"
    found[item] = _snapshot(item, _item_page(ROWS))
    return found


@dataclass
class _Session:
    budget_left: int | None = None


@dataclass
class _LoadedRun:
    """What Pagination asks of a Run, over pages already loaded: every fetch answers from
    `loaded` (a cache), the trace is kept."""

    loaded: Mapping[str, Snapshot]
    session: _Session = field(default_factory=_Session)
    pages: dict[str, Snapshot] = field(default_factory=dict)
    failed: set[str] = field(default_factory=set)
    trace: list[tuple[str, str]] = field(default_factory=list)

    async def fetch(self, urls: Iterable[str]) -> dict[str, Snapshot]:
        found = {u: self.loaded[u] for u in urls if u in self.loaded}
        self.pages.update(found)
        return found

    def note(self, step: str, decision: str, subject: str, **_: Any) -> None:
        self.trace.append((step, decision))


@dataclass(frozen=True)
class Row:
    pages: int
    seconds: float
    found: int

    @property
    def per_thousand(self) -> float:
        return self.seconds * 1000 / self.pages


async def _find(pages: int) -> Row:
    loaded = site(pages)
    run = _LoadedRun(loaded)
    first, item = loaded[f"{BASE}/items/?p=1"], loaded[f"{BASE}/items/{ROWS}/"]
    pagination = Pagination(cast(Run, run), "attrs", share=None)
    # the list's entity path: the path of the rows' links
    sdp = next(link_path(k, "attrs") for k in first.links if "?p=" not in k.url)
    started = time.perf_counter()
    found = await pagination.find(first, item, [first], sdp, {first.url}, 0)
    return Row(pages, time.perf_counter() - started, len(found))


def measure(sizes: Sequence[int]) -> list[Row]:
    return [asyncio.run(_find(size)) for size in sizes]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,4000,16000")
    args = parser.parse_args()
    rows = measure([int(s) for s in args.sizes.split(",")])
    print("| list pages | pagination found | seconds | seconds per 1,000 pages |")
    print("| ---: | ---: | ---: | ---: |")
    for row in rows:
        print(f"| {row.pages} | {row.found} | {row.seconds:.2f} | {row.per_thousand:.3f} |")
    growth = rows[-1].per_thousand / rows[0].per_thousand if rows[0].per_thousand else 0.0
    verdict = "held" if growth <= 2.0 else "over"
    print(f"\nper-page time, largest size against smallest: {growth:.2f}× (target ≤ 2×): {verdict}")


if __name__ == "__main__":
    main()
