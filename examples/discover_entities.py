"""Find every entity page of a sample page's type, from a script (the blocking API).

    python examples/discover_entities.py http://127.0.0.1:8000/cars/model/12 --height auto

Prints one entity page URL a line on standard output and a summary on standard error; exit
code 1 when the run is incomplete (its reason on standard error).
"""

from __future__ import annotations

import argparse
import sys

import siteseer
from siteseer.algorithms import DISCOVERY_METHODS


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seed", help="a sample entity page")
    parser.add_argument("--method", choices=tuple(DISCOVERY_METHODS), default="ssup")
    parser.add_argument("--height", default="2", help="SSUP's tree height: a number or 'auto'")
    parser.add_argument("--pages", type=int, default=None, help="page budget (default: none)")
    args = parser.parse_args()

    height = args.height if args.height == "auto" else int(args.height)
    # The same settings the command line reads (SITESEER_*, siteseer.toml), plus our budget.
    config = siteseer.load_config(budget=args.pages)
    found = siteseer.discover_sync(args.seed, method=args.method, height=height, config=config)

    for url in found.entities:
        print(url)
    cost = found.cost
    print(
        f"{found.method}: {len(found.entities)} entity pages, {cost.downloads} pages "
        f"downloaded in {cost.seconds:.1f} s",
        file=sys.stderr,
    )
    if not found.complete:
        print(f"incomplete: {found.reason}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
