"""Cached pages expire: a page stored longer ago than `max_age` (the setting's default: a
week) is loaded again, and a run's cost says how many pages came from the cache and how old the
oldest was. The store's timestamps are moved back instead of waiting."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

from aiohttp import web

from siteseer.crawler import Cost, Session, SessionConfig
from siteseer.settings import Settings, load_settings

Serve = Callable[[web.Application], Awaitable[str]]
DAY = 86_400.0


def _site(seen: list[str]) -> web.Application:
    async def page(request: web.Request) -> web.Response:
        seen.append(request.path)
        return web.Response(text="<title>news</title><p>today</p>", content_type="text/html")

    app = web.Application()
    app.router.add_get("/news", page)
    return app


async def _load(url: str, cache: Path, **config: object) -> Cost:
    """One page loaded with the settings' defaults (or `config`) and `cache`."""
    settings = replace(Settings().config, render="never", cache=cache, **config)
    async with Session(settings) as session:
        await session.page(url)
        return session.cost()


def _age_by(cache: Path, seconds: float) -> None:
    """Everything the cache holds, stored `seconds` earlier than it was."""
    with sqlite3.connect(cache) as db:
        db.execute("UPDATE snapshots SET stored_at = stored_at - ?", (seconds,))
        db.execute("UPDATE host_settings SET stored_at = stored_at - ?", (seconds,))


async def test_a_page_older_than_a_week_is_loaded_again(serve_app: Serve, tmp_path: Path) -> None:
    assert Settings().config.max_age == timedelta(days=7)
    assert load_settings({"max_age": "never"})[0].config.max_age is None  # the Session's: no expiry
    assert SessionConfig().max_age is None
    seen: list[str] = []
    url = await serve_app(_site(seen)) + "/news"
    cache = tmp_path / "cache.sqlite"

    first = await _load(url, cache)
    assert (first.downloads, first.cache_hits, seen) == (1, 0, ["/news"])
    assert first.cache_note() == "none from the cache"

    _age_by(cache, 6 * DAY)  # six days old: still fresh
    fresh = await _load(url, cache)
    assert (fresh.downloads, fresh.cache_hits, seen) == (0, 1, ["/news"])
    assert abs(time.time() - fresh.oldest_cached - 6 * DAY) < 60
    assert fresh.cache_note() == "1 from the cache (the oldest stored 6 days ago)"

    _age_by(cache, 2 * DAY)  # eight days old: expired, loaded again and stored anew
    expired = await _load(url, cache)
    assert (expired.downloads, expired.cache_hits, seen) == (1, 0, ["/news", "/news"])

    _age_by(cache, 30 * DAY)
    kept = await _load(url, cache, max_age=None)  # never expires: answered however old
    assert (kept.downloads, kept.cache_hits) == (0, 1)
    assert kept.cache_note() == "1 from the cache (the oldest stored 30 days ago)"
    shorter = await _load(url, cache, max_age=timedelta(days=40))
    assert shorter.downloads == 0 and seen == ["/news", "/news"]
