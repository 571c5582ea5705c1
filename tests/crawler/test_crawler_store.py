"""SnapshotStore back-ends: what satisfies what, persistence across opens, host settings."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from siteseer.crawler import MemoryStore, SnapshotStore, SQLiteStore
from siteseer.render import Action, Box, Link, LinkStyle, Snapshot, State

URL = "http://h.com/p"


def plain(url: str = URL) -> Snapshot:
    return Snapshot(
        url=url,
        final_url=url,
        status=200,
        html="<html><body><a href='/x'>x</a></body></html>",
        links=(Link("http://h.com/x", "x", "html/body/a", "html/body/a", "html/body/a"),),
        state=State(url),
    )


def rendered(url: str = URL, screenshot: bytes | None = None) -> Snapshot:
    link = Link(
        "http://h.com/x",
        "x",
        "html/body/a",
        "html/body/a",
        "html/body/a",
        box=Box(8.0, 10.5, 20.25, 18.0),
        style=LinkStyle(16.0, 400, "serif", "rgb(0, 0, 238)", True),
    )
    return Snapshot(
        url=url,
        final_url=url,
        status=200,
        html="<html><body><a href='/x'>x</a></body></html>",
        links=(link,),
        state=State(url),
        rendered=True,
        settle_ms=12.5,
        screenshot=screenshot,
        viewport=(1280, 900),
    )


@pytest.fixture(params=["memory", "sqlite"])
def make_store(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], SnapshotStore]:
    if request.param == "memory":
        store = MemoryStore()
        return lambda: store
    return lambda: SQLiteStore(tmp_path / "cache" / "store.sqlite")


def test_plain_snapshot_answers_plain_requests_only(
    make_store: Callable[[], SnapshotStore],
) -> None:
    store = make_store()
    store.put(plain())
    assert store.get(URL, need_render=False) == plain()
    assert store.get(URL, need_render=True) is None
    assert store.get("http://h.com/other", need_render=False) is None


def test_rendered_snapshot_answers_both(make_store: Callable[[], SnapshotStore]) -> None:
    store = make_store()
    store.put(rendered())
    assert store.get(URL, need_render=True) == rendered()
    assert store.get(URL, need_render=False) == rendered()


def test_plain_is_preferred_for_plain_requests(make_store: Callable[[], SnapshotStore]) -> None:
    store = make_store()
    store.put(rendered())
    store.put(plain())
    got = store.get(URL, need_render=False)
    assert got is not None and not got.rendered
    got = store.get(URL, need_render=True)
    assert got is not None and got.rendered


def test_screenshots_by_mode(make_store: Callable[[], SnapshotStore]) -> None:
    store = make_store()
    png = b"\x89PNG\r\n\x1a\nfake"
    store.put(rendered(screenshot=png), screenshot="full")
    assert store.get(URL, need_render=True, screenshot="viewport") is None
    got = store.get(URL, need_render=True, screenshot="full")
    assert got is not None and got.screenshot == png
    assert got == rendered(screenshot=png)
    # A screenshot snapshot is a rendered snapshot too.
    again = store.get(URL, need_render=True)
    assert again is not None and again.rendered


def test_action_states_have_their_own_keys(make_store: Callable[[], SnapshotStore]) -> None:
    store = make_store()
    state = State(URL).then(Action("click", "#brand-nike", label="Nike"))
    snap = Snapshot(URL, URL, 200, "<p>nike</p>", state=state, rendered=True)
    store.put(snap)
    assert store.get(state.key(), need_render=True) == snap
    assert store.get(URL, need_render=False) is None


def test_host_settings(make_store: Callable[[], SnapshotStore]) -> None:
    store = make_store()
    assert store.get_setting("h.com", "robots_txt") is None
    store.put_setting("h.com", "robots_txt", "")
    store.put_setting("h.com", "render_decision", '{"x": 1}')
    assert store.get_setting("h.com", "robots_txt") == ""
    assert store.get_setting("h.com", "render_decision") == '{"x": 1}'
    assert store.get_setting("other.com", "robots_txt") is None


def test_sqlite_store_survives_reopening(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    first = SQLiteStore(path)
    first.put(plain())
    first.put(rendered("http://h.com/q", screenshot=b"png"), screenshot="viewport")
    first.put_setting("h.com", "robots_txt", "User-agent: *\nDisallow: /private/\n")
    first.close()
    second = SQLiteStore(path)
    assert second.get(URL, need_render=False) == plain()
    shot = second.get("http://h.com/q", need_render=True, screenshot="viewport")
    assert shot is not None and shot.screenshot == b"png"
    assert second.get_setting("h.com", "robots_txt") == "User-agent: *\nDisallow: /private/\n"
    assert len(second) == 2 and second.keys() == [URL, "http://h.com/q"]
    second.close()


def test_sqlite_store_is_visible_before_close(tmp_path: Path) -> None:
    """Every put is committed: a crawl killed before close loses nothing."""
    path = tmp_path / "c.sqlite"
    writer = SQLiteStore(path)
    writer.put(plain())
    reader = SQLiteStore(path)
    assert reader.get(URL, need_render=False) == plain()
    reader.close()
    writer.close()


def test_another_process_closing_leaves_the_journal_of_a_store_still_open(tmp_path: Path) -> None:
    """A store's checks before each write must keep its hold on the file: a second process that
    opens, writes and closes the file while this one is open must not take itself for the file's
    last user, which folds the journal into the file and deletes it under this store's writes
    (the last page of one of two crawls sharing a cache went missing that way)."""
    path = tmp_path / "c.sqlite"
    store = SQLiteStore(path)
    store.put(plain())  # checks the file first
    other = (
        "import sqlite3, sys\n"
        "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "db.execute(\"INSERT INTO host_settings VALUES ('h.com', 'robots_txt', '', 0)\")\n"
        "db.close()\n"
    )
    subprocess.run([sys.executable, "-c", other, str(path)], check=True, timeout=30)
    assert path.with_name(path.name + "-wal").exists()  # still this store's journal
    store.put(plain("http://h.com/q"))
    store.close()
    with sqlite3.connect(path) as db:
        keys = sorted(str(k) for (k,) in db.execute("SELECT key FROM snapshots"))
        settings = db.execute("SELECT COUNT(*) FROM host_settings").fetchone()[0]
    assert keys == [URL, "http://h.com/q"] and settings == 1


def test_a_file_that_is_not_sqlite_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "junk.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(OSError, match=r"cannot use .* as a snapshot cache"):
        SQLiteStore(path)


def test_sqlite_stores_pages_compressed_and_reads_old_text_rows(tmp_path: Path) -> None:
    import sqlite3
    import time

    path = tmp_path / "store.sqlite"
    store = SQLiteStore(path)
    big = replace_html(plain(), "<p>same words again</p>" * 400)
    store.put(big)
    stats = store.stats()
    assert stats.snapshots == 1 and stats.stored_bytes < len(big.to_json()) / 10
    store.close()
    # a file written before compression held the JSON as text: it still reads
    db = sqlite3.connect(path)
    db.execute(
        "INSERT INTO snapshots (key, kind, snapshot, screenshot, stored_at) VALUES (?, ?, ?, ?, ?)",
        ("http://h.com/old", "http", plain("http://h.com/old").to_json(), None, time.time()),
    )
    db.commit()
    db.close()
    again = SQLiteStore(path)
    assert again.get(URL, need_render=False) == big
    assert again.get("http://h.com/old", need_render=False) == plain("http://h.com/old")
    again.close()


def replace_html(snapshot: Snapshot, html: str) -> Snapshot:
    from dataclasses import replace

    return replace(snapshot, html=html)


def test_fresh_after_hides_older_pages_and_settings(tmp_path: Path) -> None:
    import time

    path = tmp_path / "store.sqlite"
    store = SQLiteStore(path)
    store.put(plain())
    store.put_setting("h.com", "robots_txt", "")
    store.close()
    cutoff = time.time() + 0.001
    time.sleep(0.01)
    later = SQLiteStore(path, fresh_after=cutoff)
    assert later.get(URL, need_render=False) is None
    assert later.get_setting("h.com", "robots_txt") is None
    later.put(plain())  # loaded again: the new copy is used
    assert later.get(URL, need_render=False) == plain()
    later.close()
    assert SQLiteStore(path).get(URL, need_render=False) == plain()


def test_an_exact_plain_request_takes_no_rendered_copy(
    make_store: Callable[[], SnapshotStore],
) -> None:
    store = make_store()
    store.put(rendered())
    assert store.get(URL, need_render=False, exact=True) is None
    assert store.get(URL, need_render=True, exact=True) == rendered()
    store.put(plain())
    assert store.get(URL, need_render=False, exact=True) == plain()


def test_stats_and_prune_by_host_and_age(tmp_path: Path) -> None:
    import time

    store = SQLiteStore(tmp_path / "store.sqlite")
    for url in ("http://a.test/1", "http://a.test/2", "http://b.test:8000/1"):
        store.put(plain(url))
    store.put(rendered("http://a.test/1"))
    store.put_setting("b.test:8000", "robots_txt", "")
    stats = store.stats()
    assert stats.kinds == (("http", 3), ("rendered", 1))
    assert stats.hosts == (("a.test", 3), ("b.test:8000", 1))
    assert 0 < stats.oldest <= stats.newest and stats.file_bytes > 0
    assert store.prune(host="b.test:8000") == 1
    assert store.get_setting("b.test:8000", "robots_txt") is None
    assert store.prune(stored_before=time.time() - 3600) == 0
    assert store.prune(stored_before=time.time() + 1) == 3
    assert store.stats().snapshots == 0
    with pytest.raises(ValueError, match="stored_before or host"):
        store.prune()
    store.close()


@pytest.mark.parametrize("damage", ["removed", "replaced", "header", "journal"])
def test_sqlite_store_finds_its_file_damaged_before_writing(tmp_path: Path, damage: str) -> None:
    import sqlite3

    path = tmp_path / "c.sqlite"
    store = SQLiteStore(path)
    store.put(plain())
    store.check()  # a sound file passes
    if damage == "removed":
        path.unlink()
    elif damage == "replaced":
        path.rename(tmp_path / "aside.sqlite")
        SQLiteStore(path).close()
    else:
        target = path if damage == "header" else path.with_name(path.name + "-wal")
        with target.open("r+b") as file:
            file.write(b"garbage!" * 4)
    with pytest.raises(sqlite3.DatabaseError, match=damage if damage != "header" else "header"):
        store.put(plain("http://h.com/q"))
    store.close()


def test_a_damaged_file_is_not_used_again(tmp_path: Path) -> None:
    from siteseer.crawler import CacheFailed
    from siteseer.crawler.storeguard import GuardedStore

    path = tmp_path / "c.sqlite"
    inner = SQLiteStore(path)
    store = GuardedStore(inner, str(path))
    store.put(plain())
    with path.open("r+b") as file:
        file.write(b"garbage!" * 4)
    with pytest.raises(CacheFailed, match="header was overwritten"):
        store.put(plain("http://h.com/q"))
    with pytest.raises(CacheFailed, match="header was overwritten"):  # not even read again
        store.get(URL, need_render=False)
    store.close()
