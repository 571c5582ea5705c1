"""WARC files as WARC tools read them: warcio and FastWARC (an independent reader) both read
back the fetch time, the headers as received, the request records and the revisits."""

from __future__ import annotations

import sqlite3
import time
import zlib
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from fastwarc.warc import ArchiveIterator as FastIterator
from fastwarc.warc import WarcRecordType
from warcio.archiveiterator import ArchiveIterator

from siteseer.cli import app
from siteseer.crawler import read_pages
from siteseer.lab import LabServer
from siteseer.output import write_warc
from siteseer.render import Snapshot

Lab = Callable[[str], LabServer]

_HEADERS = (
    ("Server", "nginx/1.25"),
    ("Content-Type", "text/html; charset=iso-8859-1"),
    ("Content-Encoding", "gzip"),
    ("Content-Length", "31"),
    ("Set-Cookie", "a=1"),
    ("Set-Cookie", "b=2"),
)


# warcinfo, then each page's response (or revisit) and its request, in the order of fetching
_ORDER = ["warcinfo", "response", "request", "revisit", "request"]


def _page(url: str, html: str, fetched_at: float) -> Snapshot:
    return Snapshot(
        url,
        url,
        200,
        html,
        fetched_at=fetched_at,
        headers=_HEADERS,
        request_headers=(("User-Agent", "ExampleBot/1.0"), ("Accept", "text/html")),
    )


def _warcio(path: Path) -> list[dict[str, Any]]:
    out = []
    with path.open("rb") as stream:
        for record in ArchiveIterator(stream):
            http = record.http_headers
            out.append(
                {
                    "type": record.rec_type,
                    "uri": record.rec_headers.get_header("WARC-Target-URI"),
                    "date": record.rec_headers.get_header("WARC-Date"),
                    "id": record.rec_headers.get_header("WARC-Record-ID"),
                    "concurrent": record.rec_headers.get_header("WARC-Concurrent-To"),
                    "refers_to": record.rec_headers.get_header("WARC-Refers-To-Target-URI"),
                    "status": None if http is None else http.get_statuscode(),
                    "line": None if http is None else http.protocol + " " + http.statusline,
                    "headers": [] if http is None else list(http.headers),
                    "body": record.content_stream().read(),
                }
            )
    return out


def _fastwarc(path: Path) -> list[dict[str, Any]]:
    out = []
    for record in FastIterator(str(path), parse_http=True, verify_digests=True):
        http = record.http_headers
        out.append(
            {
                "type": str(record.record_type),
                "uri": record.headers.get("WARC-Target-URI"),
                "date": record.record_date,
                "status": None if http is None else http.status_code,
                "headers": [] if http is None else list(http.astuples()),
                "digest_ok": record.record_type != WarcRecordType.response
                or record.verify_payload_digest(),
            }
        )
    return out


def test_records_keep_fetch_time_headers_requests_and_revisits(tmp_path: Path) -> None:
    first = _page("http://127.0.0.1:9/a", "<html><p>café</p></html>", 1_700_000_000.25)
    same = _page("http://127.0.0.1:9/b", first.html, 1_700_000_001.5)
    path = tmp_path / "pages.warc.gz"
    assert write_warc([same, first], path) == 2
    records = _warcio(path)
    assert [r["type"] for r in records] == _ORDER
    response, request, revisit = records[1], records[2], records[3]
    # the fetch time, to the microsecond, not the time of writing
    assert response["date"] == "2023-11-14T22:13:20.250000Z"
    assert revisit["date"] == "2023-11-14T22:13:21.500000Z"
    # the headers as received, repeated ones kept; the body as stored, whole and decoded
    assert ("Server", "nginx/1.25") in response["headers"]
    assert [v for k, v in response["headers"] if k == "Set-Cookie"] == ["a=1", "b=2"]
    assert ("X-Archive-Orig-Content-Encoding", "gzip") in response["headers"]
    assert ("Content-Length", str(len("<html><p>café</p></html>"))) in response["headers"]
    assert response["body"] == "<html><p>café</p></html>".encode("iso-8859-1")
    # the request that loaded it, paired with its response
    assert request["line"].startswith("GET /a HTTP/1.1")
    assert request["concurrent"] == response["id"]
    assert ("User-Agent", "ExampleBot/1.0") in request["headers"]
    assert ("Host", "127.0.0.1:9") in request["headers"]
    # the duplicate is a revisit naming the first
    assert revisit["refers_to"] == "http://127.0.0.1:9/a" and revisit["body"] == b""
    # a second reader sees the same
    fast = _fastwarc(path)
    assert [r["type"] for r in fast] == _ORDER
    assert fast[1]["date"] == datetime(2023, 11, 14, 22, 13, 20, 250000, tzinfo=UTC)
    assert fast[3]["date"] == datetime(2023, 11, 14, 22, 13, 21, 500000, tzinfo=UTC)
    assert ("Server", "nginx/1.25") in fast[1]["headers"]
    assert fast[3]["status"] == 200 and all(r["digest_ok"] for r in fast)
    # siteseer reads both pages back, the revisit with the body it refers to
    snapshots, _ = read_pages(path)
    assert [(s.url, s.html) for s in snapshots] == [
        ("http://127.0.0.1:9/a", first.html),
        ("http://127.0.0.1:9/b", first.html),
    ]


def test_cache_export_dates_each_page_by_its_fetch(lab: Lab, tmp_path: Path) -> None:
    truth = lab("cars").truth("cars")
    cache = tmp_path / "cache.sqlite"
    started = time.time()
    run = CliRunner().invoke(
        app,
        [
            "discover",
            truth.seed_entity,
            "--render",
            "never",
            "--cache",
            str(cache),
            "--out",
            str(tmp_path / "rows.jsonl"),
        ],
    )
    assert run.exit_code == 0, run.output
    ended = time.time()
    time.sleep(0.05)  # the export's own time lies after every fetch
    warc = tmp_path / "cars.warc"
    export = CliRunner().invoke(
        app, ["cache", "export", "--cache", str(cache), "--warc", str(warc)]
    )
    assert export.exit_code == 0, export.output
    db = sqlite3.connect(cache)
    stored = {
        key: zlib.decompress(blob)
        for key, blob in db.execute("SELECT key, snapshot FROM snapshots")
    }
    db.close()
    records = _warcio(warc)
    responses = [r for r in records if r["type"] in {"response", "revisit"}]
    requests = [r for r in records if r["type"] == "request"]
    assert len(responses) == len(requests) == len(stored) > 5
    for record in responses:
        when = datetime.fromisoformat(record["date"].replace("Z", "+00:00")).timestamp()
        assert started <= when <= ended, record["uri"]
        # aiohttp's server sends Server and Date: received, they are kept
        names = {name for name, _value in record["headers"]}
        assert {"Server", "Date", "Content-Type", "Content-Length"} <= names, record["uri"]
    for record in requests:
        assert ("User-Agent", "siteseer/0.1 (+https://github.com/siteseer)") in record["headers"]
    fast = _fastwarc(warc)
    assert [r["uri"] for r in fast] == [r["uri"] for r in records]
    for mine, theirs in zip(records, fast, strict=True):
        if mine["type"] != "warcinfo":
            assert (
                theirs["date"].timestamp()
                == datetime.fromisoformat(mine["date"].replace("Z", "+00:00")).timestamp()
            )
    assert all(r["digest_ok"] for r in fast)
