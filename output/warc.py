"""Pages as a WARC file (warcio): what a crawl loaded, for the tools that read WARC.

    count = write_warc(snapshots, Path("crawl.warc.gz"))

After a ``warcinfo`` record, each page is a ``request`` record and a ``response`` record
(WARC-Concurrent-To links them), in the order the pages were fetched:

- WARC-Date is when the page's request was sent (`Snapshot.fetched_at`; the time it was stored,
  for a page a cache kept before it knew the fetch time), to the microsecond (WARC/1.1);
- the response's HTTP headers are those received (`Snapshot.headers`), except the three that
  describe bytes no longer there: the body is stored decompressed and whole, so Content-Length
  is its length and Content-Encoding and Transfer-Encoding are kept as
  ``X-Archive-Orig-Content-Encoding`` and ``…-Transfer-Encoding`` (pywb's convention). The body is
  the page's HTML as stored (a rendered page's is its DOM after settling), encoded in the
  charset its headers (or its ``<meta charset>``) name, else UTF-8 and the Content-Type says so.
  A page stored without headers gets Content-Type and Content-Length;
- the request record is the request line, Host and the headers sent, without credentials
  (`render.http.sent_headers`);
- a page whose body is the same as an earlier page's is a ``revisit`` record (profile
  identical-payload-digest, WARC-Refers-To-Target-URI and -Date naming the earlier one) with its
  own headers and no body, as WARC deduplication writes it.

A non-HTML page that was kept without its body (a download's marker) is left out.

A name ending in ``.gz`` is written gzip-compressed, record by record, as WARC readers expect.
"""

from __future__ import annotations

import base64
import hashlib
import io
from collections.abc import Iterable
from datetime import UTC, datetime
from http import HTTPStatus
from pathlib import Path
from urllib.parse import urlsplit

from warcio.statusandheaders import StatusAndHeaders
from warcio.timeutils import datetime_to_iso_date
from warcio.warcwriter import WARCWriter

from siteseer.render import Snapshot, declared_charset

__all__ = ["write_warc"]

# Response headers about the bytes on the wire, which a stored (decompressed, whole) body no
# longer matches: kept under an X-Archive-Orig- name.
_TRANSFER = frozenset({"content-encoding", "transfer-encoding"})


def _status_line(status: int) -> str:
    try:
        return f"{status} {HTTPStatus(status).phrase}"
    except ValueError:
        return f"{status} Unknown"


def _payload_digest(body: bytes) -> str:
    """A payload's WARC digest (``sha1:`` and the base32 SHA-1, as warcio and Heritrix write)."""
    return "sha1:" + base64.b32encode(hashlib.sha1(body).digest()).decode("ascii")


def _warc_date(seconds: float) -> str:
    moment = datetime.fromtimestamp(seconds, tz=UTC).replace(tzinfo=None)
    return str(datetime_to_iso_date(moment, use_micros=True))


def _header(headers: Iterable[tuple[str, str]], name: str) -> str:
    return next((v for k, v in headers if k.lower() == name), "")


def _body(snapshot: Snapshot) -> tuple[bytes, str | None]:
    """The page's bytes, in the charset its headers or its HTML name if that encodes it; and
    the Content-Type to write instead of the one received (None: that one holds)."""
    media = snapshot.content_type.split(";", 1)[0].strip() or "text/html"
    received = _header(snapshot.headers, "content-type")
    named = declared_charset(received, snapshot.html[:4096].encode("utf-8", errors="replace"))
    if named is not None:
        try:
            return snapshot.html.encode(named), None if received else media
        except (LookupError, UnicodeEncodeError):
            pass
    return snapshot.html.encode("utf-8"), f"{media}; charset=utf-8"


def _response_headers(
    snapshot: Snapshot, body: bytes, content_type: str | None
) -> StatusAndHeaders:
    """The response's headers as received, for `body` as stored (`content_type`: the
    Content-Type to write instead of the one received)."""
    pairs: list[tuple[str, str]] = []
    for name, value in snapshot.headers:
        lowered = name.lower()
        if lowered == "content-length":
            continue
        if lowered in _TRANSFER:
            pairs.append((f"X-Archive-Orig-{name}", value))
        elif lowered == "content-type" and content_type is not None:
            pairs += [(f"X-Archive-Orig-{name}", value), ("Content-Type", content_type)]
        else:
            pairs.append((name, value))
    if not _header(pairs, "content-type"):
        pairs.append(("Content-Type", content_type or "text/html; charset=utf-8"))
    pairs.append(("Content-Length", str(len(body))))
    return StatusAndHeaders(_status_line(snapshot.status), pairs, protocol="HTTP/1.1")


def _request_headers(snapshot: Snapshot) -> StatusAndHeaders:
    parts = urlsplit(snapshot.final_url or snapshot.url)
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    pairs = [(k, v) for k, v in snapshot.request_headers if k.lower() != "host"]
    return StatusAndHeaders(
        f"GET {target} HTTP/1.1", [("Host", parts.netloc), *pairs], is_http_request=True
    )


def _marker(snapshot: Snapshot) -> bool:
    """A non-HTML page kept without its body (what `Session.page` keeps of a download)."""
    media = snapshot.content_type.split(";", 1)[0].strip().lower()
    return not snapshot.html and media not in {"", "text/html", "application/xhtml+xml"}


def write_warc(
    snapshots: Iterable[Snapshot], path: Path, *, software: str = "siteseer", now: float = 0.0
) -> int:
    """Write `snapshots` to the WARC file `path` (gzip when it ends in .gz); the number of
    pages written (responses and revisits). A page without a fetch time is dated `now` (0: the
    time of writing). Raises OSError when the file cannot be written."""
    pages = sorted((s for s in snapshots if not _marker(s)), key=lambda s: (s.fetched_at, s.url))
    first: dict[str, tuple[str, str]] = {}  # payload digest → (URL, WARC-Date) of its first page
    written_at = now or datetime.now(tz=UTC).timestamp()
    with path.open("wb") as stream:
        writer = WARCWriter(stream, gzip=path.suffix == ".gz")
        writer.write_record(writer.create_warcinfo_record(path.name, {"software": software}))
        for snapshot in pages:
            body, content_type = _body(snapshot)
            digest = _payload_digest(body)
            date = _warc_date(snapshot.fetched_at or written_at)
            dated = {"WARC-Date": date}
            http = _response_headers(snapshot, body, content_type)
            if digest in first:
                refers_to, refers_date = first[digest]
                response = writer.create_revisit_record(
                    snapshot.url,
                    digest,
                    refers_to,
                    refers_date,
                    http_headers=http,
                    warc_headers_dict=dated,
                )
            else:
                first[digest] = (snapshot.url, date)
                response = writer.create_warc_record(
                    snapshot.url,
                    "response",
                    payload=io.BytesIO(body),
                    http_headers=http,
                    warc_headers_dict=dated,
                )
            request = writer.create_warc_record(
                snapshot.url,
                "request",
                http_headers=_request_headers(snapshot),
                warc_headers_dict=dated,
            )
            writer.write_request_response_pair(request, response)
        return len(pages)
