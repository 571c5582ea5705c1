"""Pages as a WARC file (warcio): what a crawl loaded, for the tools that read WARC.

    count = write_warc(snapshots, Path("crawl.warc.gz"))

One ``response`` record per page, after a ``warcinfo`` record: the page's URL as
WARC-Target-URI, an HTTP/1.1 status line with its status, its content type (UTF-8) and its
HTML as stored (a rendered page's is its DOM after settling). A name ending in ``.gz`` is
written gzip-compressed, record by record, as WARC readers expect.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from http import HTTPStatus
from pathlib import Path

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from siteseer.render import Snapshot

__all__ = ["write_warc"]


def _status_line(status: int) -> str:
    try:
        return f"{status} {HTTPStatus(status).phrase}"
    except ValueError:
        return f"{status} Unknown"


def write_warc(snapshots: Iterable[Snapshot], path: Path, *, software: str = "siteseer") -> int:
    """Write `snapshots` to the WARC file `path` (gzip when it ends in .gz); the number of
    response records written. Raises OSError when the file cannot be written."""
    count = 0
    with path.open("wb") as stream:
        writer = WARCWriter(stream, gzip=path.suffix == ".gz")
        writer.write_record(writer.create_warcinfo_record(path.name, {"software": software}))
        for snapshot in snapshots:
            body = snapshot.html.encode("utf-8")
            media = snapshot.content_type.split(";", 1)[0].strip() or "text/html"
            headers = StatusAndHeaders(
                _status_line(snapshot.status),
                [
                    ("Content-Type", f"{media}; charset=utf-8"),
                    ("Content-Length", str(len(body))),
                ],
                protocol="HTTP/1.1",
            )
            record = writer.create_warc_record(
                snapshot.url, "response", payload=io.BytesIO(body), http_headers=headers
            )
            writer.write_record(record)
            count += 1
    return count
