"""Discover the entity pages of several sites at once, from async code (a notebook cell, a
service): one Session per site, the sites crawled concurrently.

    python examples/discover_many.py http://127.0.0.1:8000/cars/model/12 http://127.0.0.1:8001/…

Prints one JSON line per seed: {"seed", "entities", "downloads", "complete"}.
"""

from __future__ import annotations

import asyncio
import json
import sys

import siteseer


async def one_site(seed: str) -> dict[str, object]:
    # A Session of our own: its budget, cache and cost belong to this site. Several calls
    # (discover, then describe or is_instance on what it found) can share it.
    config = siteseer.SessionConfig(render="never", budget=500)
    async with siteseer.Session(config) as session:
        found = await siteseer.discover(seed, height="auto", session=session)
        return {
            "seed": seed,
            "entities": list(found.entities),
            "downloads": session.cost().downloads,
            "complete": found.complete,
        }


async def main(seeds: list[str]) -> int:
    results = await asyncio.gather(*(one_site(seed) for seed in seeds))
    for row in results:
        print(json.dumps(row))
    return 0 if all(row["complete"] for row in results) else 1


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: python examples/discover_many.py SEED_URL...")
    sys.exit(asyncio.run(main(sys.argv[1:])))
