"""The offline inputs: URL lists, WARC files and crawl stores, as URLs and as Snapshots."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from siteseer.crawler import SQLiteStore
from siteseer.crawler.inputs import (
    input_kind,
    read_archive,
    read_pages,
    read_urls,
    stored_snapshots,
)
from siteseer.render import Snapshot, snapshot_from_html


def page(n: int) -> str:
    return f"<html><body><h1>Lamp {n}</h1><a href='/p/{n + 1}'>next</a></body></html>"


def write_warc(path: Path, records: list[tuple[str, str, str, bytes]], gzip: bool) -> None:
    with path.open("wb") as out:
        writer = WARCWriter(out, gzip=gzip)
        for url, status, ctype, body in records:
            headers = StatusAndHeaders(status, [("Content-Type", ctype)], protocol="HTTP/1.1")
            record = writer.create_warc_record(
                url, "response", payload=BytesIO(body), http_headers=headers
            )
            writer.write_record(record)


def test_read_url_list_and_warc(tmp_path: Path) -> None:
    listing = tmp_path / "urls.txt"
    listing.write_text("# crawl\nhttp://e.com/p/1\n\nhttp://e.com/p/2\n", encoding="utf-8")
    assert input_kind(listing) == "url-list"
    assert read_urls(listing) == ["http://e.com/p/1", "http://e.com/p/2"]

    warc = tmp_path / "crawl.warc"
    write_warc(
        warc,
        [
            ("http://e.com/p/1", "200 OK", "text/html", b"<html></html>"),
            ("http://e.com/p/2", "404 Not Found", "text/html", b"<html></html>"),
            ("http://e.com/logo.png", "200 OK", "image/png", b"\x89PNG"),
            ("http://e.com/p/1", "200 OK", "text/html", b"<html></html>"),
        ],
        gzip=False,
    )
    assert input_kind(warc) == "archive"
    assert [r.url for r in read_archive(warc)] == ["http://e.com/p/1", "http://e.com/p/1"]
    assert read_urls(warc) == ["http://e.com/p/1"]


def test_read_pages_from_warc_and_url_list(tmp_path: Path) -> None:
    warc = tmp_path / "pages.warc.gz"
    write_warc(
        warc,
        [
            ("http://a.test/2", "200 OK", "text/html; charset=utf-8", page(2).encode()),
            ("http://a.test/1", "200 OK", "text/html", page(1).encode()),
            ("http://a.test/3", "404 Not Found", "text/html", page(3).encode()),
            ("http://a.test/1", "200 OK", "text/html", page(9).encode()),
        ],
        gzip=True,
    )
    assert input_kind(warc) == "archive"
    snaps, urls = read_pages(warc)
    # By URL, the first response of each; the pages parsed as the HTTP fast path parses them.
    assert urls == [] and [s.url for s in snaps] == ["http://a.test/1", "http://a.test/2"]
    assert snaps[0] == snapshot_from_html("http://a.test/1", "http://a.test/1", 200, page(1))
    assert [lk.url for lk in snaps[0].links] == ["http://a.test/p/2"]
    listing = tmp_path / "urls.txt"
    listing.write_text("http://a.test/1\nhttp://a.test/2\n")
    assert read_pages(listing) == ([], ["http://a.test/1", "http://a.test/2"])


def test_read_a_crawl_store(tmp_path: Path) -> None:
    path = tmp_path / "crawl.sqlite"
    store = SQLiteStore(path)
    for n, status in ((1, 200), (2, 200), (3, 404)):
        url = f"http://e.com/p/{n}"
        store.put(Snapshot(url, url, status, "<html><body>x</body></html>"))
    store.close()
    assert input_kind(path) == "store"
    assert [s.url for s in stored_snapshots(path)] == [f"http://e.com/p/{n}" for n in (1, 2, 3)]
    assert read_urls(path) == ["http://e.com/p/1", "http://e.com/p/2"]
    snaps, urls = read_pages(path)
    assert urls == [] and [s.url for s in snaps] == ["http://e.com/p/1", "http://e.com/p/2"]
