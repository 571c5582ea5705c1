"""DUST learning over a large cached crawl: the indexed learner against every pair, as pages grow.

    python -m bench.dust [--sizes 2000,20000] [--max-pairwise 5000]

Generates the pages a table browser's crawl leaves in a cache (a table paged by ``?page=N``
under every sort order, ascending and descending, filters by a column value, row pages, tracking
parameters on some links: the shape that cost over 15 CPU minutes of pairwise learning on a
~15,800-page crawl), and learns the site's DUST parameters from them with `Run.dust`'s learner as
it is (pairs found by index, `per_param` of them a page and parameter) and with every pair
compared (``per_param`` unbounded, the learning as it was), up to ``--max-pairwise`` pages.
Prints a markdown table: pages, learner, seconds, pairs compared, the parameters learned.
The target: 20,000 pages in at most 30 s, the same parameters learned.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass

from siteseer.algorithms.features.dust import DustLearner, content_words
from siteseer.algorithms.features.urlshape import query_changes

__all__ = ["Row", "main", "pages", "run"]

BASE = "http://127.0.0.1:8000"
COLUMNS = ("name", "city", "year", "kind", "owner")


def pages(count: int, seed: int = 5) -> list[tuple[str, str]]:
    """`count` (URL, HTML) pairs of a generated table browser's crawl, deterministic."""
    rng = random.Random(seed)
    rows = [
        f"row{i} " + " ".join(f"w{rng.randrange(5000)}" for _ in range(12)) for i in range(4000)
    ]
    out: list[tuple[str, str]] = []
    i = 0
    while len(out) < count:
        shape = i % 5
        if shape == 0:  # a row's own page, sometimes with a tracking tag
            n = i % len(rows)
            tag = f"?ref=list{i % 7}" if i % 3 == 0 else ""
            out.append((f"{BASE}/db/table/row/{n}{tag}", f"<p>{rows[n]}</p>"))
        else:  # a list page: a page of 100 rows under one sort order or filter
            page = (i // 5) % 40
            column = COLUMNS[(i // 200) % len(COLUMNS)]
            desc = (i // 1000) % 2
            start = (page * 100 + (17 if desc else 0) + len(column)) % len(rows)
            shown = " ".join(rows[(start + k) % len(rows)] for k in range(100))
            query = f"page={page}&sort={column}&desc={desc}"
            if shape == 4:
                query += f"&filter_{column}=v{(i // 7) % 30}"
            out.append((f"{BASE}/db/table?{query}&_={i // 5000}", f"<table>{shown}</table>"))
        i += 1
    return out


def pairwise(crawl: list[tuple[str, str]], same: float = 0.98) -> frozenset[str]:
    """The DUST parameters as the learner found them before it was indexed: every page against
    every page seen before it."""
    seen: dict[str, frozenset[str]] = {}
    alike: set[str] = set()
    cleared: set[str] = set()
    for url, html in crawl:
        if url in seen:
            continue
        words = content_words(html)
        for other, theirs in seen.items():
            changed = query_changes(url, other)
            if changed is None or len(changed) != 1:
                continue
            (name,) = changed
            union = words | theirs
            if (len(words & theirs) / len(union) if union else 1.0) >= same:
                alike.add(name)
            else:
                cleared.add(name)
        seen[url] = words
    return frozenset(alike - cleared)


@dataclass(frozen=True)
class Row:
    pages: int
    learner: str
    seconds: float
    params: str


def run(sizes: list[int], max_pairwise: int) -> list[Row]:
    rows: list[Row] = []
    for size in sizes:
        crawl = pages(size)
        started = time.perf_counter()
        learner = DustLearner()
        learner.observe_all(crawl)
        seconds = time.perf_counter() - started
        rows.append(Row(size, "indexed", seconds, ",".join(sorted(learner.params)) or "-"))
        if size <= max_pairwise:
            started = time.perf_counter()
            learned = pairwise(crawl)
            seconds = time.perf_counter() - started
            rows.append(Row(size, "every pair (before)", seconds, ",".join(sorted(learned)) or "-"))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="2000,20000")
    parser.add_argument("--max-pairwise", type=int, default=5000)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print("| pages | learner | seconds | DUST parameters learned |")
    print("| ---: | --- | ---: | --- |")
    for row in run(sizes, args.max_pairwise):
        print(f"| {row.pages} | {row.learner} | {row.seconds:.2f} | {row.params} |")


if __name__ == "__main__":
    main()
