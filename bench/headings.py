"""Explore's facet headings over one long list: each item's heading on a page of N items.

    python -m bench.headings [--sizes 250,1000,4000]

A list page holds one heading and N items, each a link in its own <li>. Explore asks the
heading every link sits under (`facet_heading`: the nearest heading among the preceding
siblings, level by level up to six ancestors) for every link of the page, as its ordering,
page-size and facet readings do. The page's reading of its siblings is shared by its items, so
the time per item stays flat as the list grows; reading the siblings again for each item was
quadratic (every item read all the items before it). The target: the time per item at the
largest size at most twice the smallest size's.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from lxml import html as lxml_html

from siteseer.algorithms.querycentric.labels import facet_heading

__all__ = ["Row", "main", "measure"]


def _page(items: int) -> Any:
    rows = "".join(f'<li><a href="/items/{k}/">Item {k}</a></li>' for k in range(items))
    return lxml_html.document_fromstring(
        f"<html><body><div><h3>Sort by</h3><ul>{rows}</ul></div></body></html>"
    )


@dataclass(frozen=True)
class Row:
    items: int
    seconds: float
    heading: str

    @property
    def per_item_us(self) -> float:
        return self.seconds * 1e6 / self.items


def measure(sizes: Sequence[int]) -> list[Row]:
    rows = []
    for size in sizes:
        links = list(_page(size).iter("a"))
        seen: dict[Any, str | None] = {}
        started = time.perf_counter()
        headings = {facet_heading(link, seen) for link in links}
        (heading,) = headings
        rows.append(Row(size, time.perf_counter() - started, heading))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="250,1000,4000")
    args = parser.parse_args()
    rows = measure([int(s) for s in args.sizes.split(",")])
    print("| list items | heading | seconds | µs per item |")
    print("| ---: | --- | ---: | ---: |")
    for row in rows:
        print(f"| {row.items} | {row.heading} | {row.seconds:.3f} | {row.per_item_us:.1f} |")
    growth = rows[-1].per_item_us / rows[0].per_item_us if rows[0].per_item_us else 0.0
    verdict = "held" if growth <= 2.0 else "over"
    print(f"\nper-item time, largest size against smallest: {growth:.2f}× (target ≤ 2×): {verdict}")


if __name__ == "__main__":
    main()
