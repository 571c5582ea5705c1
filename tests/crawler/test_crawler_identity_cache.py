"""The cache keys every page by the identity it was fetched as: two logged-in users and an
anonymous crawler share one cache file, and none is ever answered with another's page. The
site is a loopback server that greets whoever its cookie (or Authorization header) names."""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path

from aiohttp import web

from siteseer.crawler import Session, SessionConfig, SQLiteStore
from siteseer.crawler.store import UNKNOWN_IDENTITY
from siteseer.render import Identity, Snapshot

Serve = Callable[[web.Application], Awaitable[str]]


def _site(seen: list[str]) -> web.Application:
    """`/account` greets the user its `session` cookie or bearer token names, else asks to
    sign in; `seen` logs who asked for each page."""

    async def account(request: web.Request) -> web.Response:
        user = request.cookies.get("session") or request.headers.get("Authorization", "")
        user = user.removeprefix("Bearer ") or "anonymous"
        seen.append(user)
        title = "Sign in" if user == "anonymous" else f"{user}'s account"
        body = f"<html><head><title>{title}</title></head><body><h1>{title}</h1></body></html>"
        return web.Response(text=body, content_type="text/html")

    app = web.Application()
    app.router.add_get("/account", account)
    return app


async def _page(
    url: str, cache: Path, *, cookie: str | None = None, token: str | None = None
) -> tuple[Snapshot, int]:
    config = SessionConfig(
        render="never",
        cache=cache,
        cookies=(("session", cookie),) if cookie else (),
        headers=(("Authorization", f"Bearer {token}"),) if token else (),
    )
    async with Session(config) as session:
        page = await session.page(url)
        return page, session.cost().cache_hits


async def test_two_identities_on_one_cache_never_see_each_others_pages(
    serve_app: Serve, tmp_path: Path
) -> None:
    seen: list[str] = []
    url = await serve_app(_site(seen)) + "/account"
    cache = tmp_path / "cache.sqlite"

    alice, _ = await _page(url, cache, cookie="alice")
    anonymous, _ = await _page(url, cache)
    bob, _ = await _page(url, cache, cookie="bob")
    carol, _ = await _page(url, cache, token="carol")
    assert [alice.title, anonymous.title, bob.title, carol.title] == [
        "alice's account",
        "Sign in",
        "bob's account",
        "carol's account",
    ]
    assert seen == ["alice", "anonymous", "bob", "carol"]  # each fetched once, as itself

    # Each identity is answered again from the cache, with its own page, nothing fetched.
    for who, cookie, token in (("alice", "alice", None), ("anonymous", None, None)):
        again, hits = await _page(url, cache, cookie=cookie, token=token)
        assert hits == 1 and again.title == (alice if who == "alice" else anonymous).title
    assert seen == ["alice", "anonymous", "bob", "carol"]

    # The file keys the pages by a digest of the identity, never by its secrets.
    with sqlite3.connect(cache) as db:
        identities = {str(i) for (i,) in db.execute("SELECT identity FROM snapshots")}
    expected = {
        Identity(cookies=(("session", "alice"),)).cache_key,
        Identity(cookies=(("session", "bob"),)).cache_key,
        Identity(headers=(("Authorization", "Bearer carol"),)).cache_key,
        "",
    }
    assert identities == expected and len(expected) == 4
    assert not any(name in i for i in identities for name in ("alice", "bob", "carol"))


def test_the_anonymous_identity_is_empty_and_secrets_change_the_key(tmp_path: Path) -> None:
    assert Identity().cache_key == "" and Identity(user_agent="other/1").cache_key == ""
    one = Identity(cookies=(("session", "a"),)).cache_key
    assert one and one != Identity(cookies=(("session", "b"),)).cache_key
    state = tmp_path / "state.json"
    state.write_text('{"cookies": [], "origins": []}', "utf-8")
    logged_in = Identity.load(storage_state=state).cache_key
    state.write_text('{"cookies": [], "origins": [{"origin": "x", "localStorage": []}]}', "utf-8")
    assert logged_in and logged_in != Identity.load(storage_state=state).cache_key


def test_pages_of_a_cache_written_before_identities_answer_no_identity(tmp_path: Path) -> None:
    """Nobody knows whom such a page was fetched for: it is loaded again, and stays readable
    offline (templates, WARC export)."""
    path = tmp_path / "old.sqlite"
    page = Snapshot.from_json(
        '{"url": "http://h.test/", "final_url": "http://h.test/", "status": 200, '
        '"html": "<title>old</title>"}'
    )
    with sqlite3.connect(path) as db:
        db.execute(
            "CREATE TABLE snapshots (key TEXT NOT NULL, kind TEXT NOT NULL, snapshot TEXT NOT "
            "NULL, screenshot BLOB, stored_at REAL NOT NULL, PRIMARY KEY (key, kind))"
        )
        db.execute(
            "INSERT INTO snapshots VALUES (?, 'http', ?, NULL, 1.0)", (page.key, page.to_json())
        )
    store = SQLiteStore(path)
    try:
        assert store.get(page.key, need_render=False) is None
        assert store.get(page.key, need_render=False, identity=None) == page
        store.put(page)  # loaded again, as the anonymous crawler
        assert store.get(page.key, need_render=False) == page
        assert len(store) == 2
    finally:
        store.close()
    with sqlite3.connect(path) as db:
        kept = sorted(str(i) for (i,) in db.execute("SELECT identity FROM snapshots"))
    assert kept == ["", UNKNOWN_IDENTITY]
