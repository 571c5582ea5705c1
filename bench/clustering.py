"""Page clustering by template, exact TEXT-MDL against its MinHash variant, as pages grow.

    python -m bench.clustering [--sizes 100,1000,10000] [--max-exact-seconds 900]

Serves the lab's mixed-templates site (large: about 12,000 pages) on loopback, crawls it once over
HTTP, and clusters deterministic samples of 100, 1,000 and 10,000 of its pages with both methods,
scoring each clustering against the truth's template ids (adjusted Rand index, purity). The exact
method compares every pair of clusters; a size whose exact time, extrapolated from the two
smaller sizes, exceeds ``--max-exact-seconds`` is not run and its estimate is shown.
Prints a markdown table.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import time
from dataclasses import dataclass

from siteseer.algorithms import ClusterMethod, cluster_pages, crawl_pages, page_paths
from siteseer.lab import Size, cluster_scores, running_lab
from siteseer.render import Snapshot

__all__ = ["Row", "main", "run"]

SITE = "mixed-templates"
EXACT_GROWTH = 3.0  # exponent estimating the exact method's time until two sizes measured it


@dataclass(frozen=True)
class Row:
    pages: int
    method: ClusterMethod
    clusters: int | None
    ari: float | None
    purity: float | None
    seconds: float | None
    note: str = ""


async def _crawl(base: str, limit: int) -> list[Snapshot]:
    from siteseer.crawler import Session, SessionConfig

    async with Session(SessionConfig(render="never")) as session:
        return await crawl_pages(session, base + "/", limit)


def run(sizes: list[int], max_exact_seconds: float, seed: int = 0) -> list[Row]:
    """Cluster samples of each size with both methods; the rows of the table."""
    size: Size = "large" if max(sizes) > 1500 else "medium" if max(sizes) > 150 else "small"
    with running_lab([SITE], size, seed) as lab:
        truth = lab.truth(SITE)
        pages = asyncio.run(_crawl(lab.url(SITE), max(sizes) * 2))
    paths = {p.url: page_paths(p) for p in pages}
    urls = sorted(paths)
    rows: list[Row] = []
    exact_times: list[tuple[int, float]] = []
    for n in sizes:
        sample = sorted(random.Random(seed).sample(urls, min(n, len(urls))))
        docs = {u: paths[u] for u in sample}
        known = {u: truth.templates[u] for u in sample if u in truth.templates}
        methods: tuple[ClusterMethod, ...] = ("minhash", "exact")
        for method in methods:
            if method == "exact" and exact_times:
                growth = EXACT_GROWTH
                if len(exact_times) >= 2:
                    (n1, t1), (n2, t2) = exact_times[-2:]
                    growth = math.log(t2 / t1) / math.log(n2 / n1)
                last_n, last_t = exact_times[-1]
                estimate = last_t * (len(sample) / last_n) ** growth
                if estimate > max_exact_seconds:
                    rows.append(
                        Row(
                            len(sample),
                            "exact",
                            None,
                            None,
                            None,
                            None,
                            f"not run: ≈{estimate:,.0f} s estimated (time ∝ pages^{growth:.1f})",
                        )
                    )
                    continue
            started = time.perf_counter()
            clustering = cluster_pages(docs, method=method)
            seconds = time.perf_counter() - started
            predicted = {u: str(c) for u, c in clustering.labels().items()}
            scores = cluster_scores(known, predicted)
            rows.append(
                Row(
                    len(sample),
                    method,
                    len(clustering.clusters),
                    scores.ari,
                    scores.purity,
                    seconds,
                )
            )
            if method == "exact":
                exact_times.append((len(sample), seconds))
    return rows


def table(rows: list[Row]) -> str:
    lines = [
        "| pages | method | clusters | ARI | purity | seconds | note |",
        "|---:|---|---:|---:|---:|---:|---|",
    ]
    for r in rows:

        def fmt(v: float | int | None, spec: str) -> str:
            return "—" if v is None else format(v, spec)

        lines.append(
            f"| {r.pages} | {r.method} | {fmt(r.clusters, 'd')} | {fmt(r.ari, '.4f')} | "
            f"{fmt(r.purity, '.4f')} | {fmt(r.seconds, '.2f')} | {r.note} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,10000", help="page counts, comma-separated")
    parser.add_argument(
        "--max-exact-seconds",
        type=float,
        default=900.0,
        help="skip the exact method where its estimated time exceeds this",
    )
    parser.add_argument("--seed", type=int, default=0, help="site generator and sample seed")
    args = parser.parse_args()
    sizes = sorted(int(s) for s in args.sizes.split(",") if s.strip())
    print(table(run(sizes, args.max_exact_seconds, args.seed)))


if __name__ == "__main__":
    main()
