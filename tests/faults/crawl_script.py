"""A crawl to interrupt: `python crawl_script.py CACHE BASE N` loads BASE/page?i=0..N-1 one by
one into the SQLite cache CACHE and prints how many it downloaded and took from the cache."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from siteseer.crawler import Session, SessionConfig


async def main(cache: Path, base: str, count: int) -> None:
    async with Session(SessionConfig(render="never", cache=cache, retries=0)) as session:
        for i in range(count):
            await session.page(f"{base}/page?i={i}")
            print(i, flush=True)
        cost = session.cost()
    print(f"downloads={cost.downloads} cache_hits={cost.cache_hits}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])))
