"""What the offline commands read: WARC/ARC archives, siteseer crawl stores and URL lists.

The methods take URLs and Snapshots; this module turns files into them, one reader per kind of
file:

- `read_archive(path)`: the successful HTML responses (2xx, an HTML content type) of a WARC or
  ARC file (ARC records read as WARC), in record order;
- `stored_snapshots(path)`: the page snapshots of a siteseer crawl store (no states reached by
  actions), by key;
- `read_url_list(path)`: one URL a line; blank lines and ``#`` comments skipped;
- `read_json_lines(path)`: siteseer's own JSON-lines outputs (discover's entity rows, explore's
  entities.jsonl, a URL-templates report's checked.jsonl: a ``"url"`` each; template clusters:
  ``"pages"``; a Discovery document: ``"entities"``).

`input_kind(path)` tells the four apart by their first bytes: an SQLite header is a crawl
store; a WARC header, gzip magic or an ARC's ``filedesc://`` (or a ``.warc``/``.arc`` suffix)
is an archive; a first line that opens a JSON object is JSON lines; anything else is a URL
list. `read_urls(path)` (any of them → its URLs, for
`siteseer templates urls`) and `read_pages(path)` (archives and stores → their HTML pages as
Snapshots, URL lists → URLs to load, for `siteseer templates cluster`) dispatch on it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from siteseer.crawler.store import SQLiteStore
from siteseer.render import Snapshot, declared_charset, snapshot_from_html

__all__ = [
    "ArchivedResponse",
    "InputKind",
    "input_kind",
    "read_archive",
    "read_json_lines",
    "read_pages",
    "read_url_list",
    "read_urls",
    "stored_snapshots",
]

InputKind = Literal["store", "archive", "json-lines", "url-list"]

_ARCHIVE_MAGIC = (b"WARC/", b"\x1f\x8b", b"filedesc://")


@dataclass(frozen=True, slots=True)
class ArchivedResponse:
    """One successful HTML response of an archive (a revisit's with the body it refers to)."""

    url: str  # the record's WARC-Target-URI
    status: int
    body: bytes
    charset: str = "utf-8"  # what its Content-Type names (else its <meta charset>, else UTF-8)

    @property
    def html(self) -> str:
        try:
            return self.body.decode(self.charset, errors="replace")
        except LookupError:  # an unknown charset name
            return self.body.decode("utf-8", errors="replace")


def input_kind(path: Path) -> InputKind:
    """Which reader `path` needs, from its first bytes (and its suffix, for archives)."""
    with path.open("rb") as stream:
        head = stream.read(4096)
    if head.startswith(b"SQLite format 3"):
        return "store"
    if head.startswith(_ARCHIVE_MAGIC) or path.suffix in {".warc", ".arc"}:
        return "archive"
    if head.lstrip().startswith(b"{"):
        return "json-lines"
    return "url-list"


def read_archive(path: Path) -> Iterator[ArchivedResponse]:
    """The successful HTML responses of a WARC/ARC file, in record order (a URL may repeat);
    a ``revisit`` record (a duplicate's, identical-payload-digest) gives its own URL with the
    body of the response it refers to, when the file holds that response."""
    from warcio.archiveiterator import ArchiveIterator  # here: only an archive input needs it

    bodies: dict[str, bytes] = {}  # payload digest → body, of the responses read
    with path.open("rb") as stream:
        for record in ArchiveIterator(stream, arc2warc=True):
            if record.rec_type not in {"response", "revisit"} or record.http_headers is None:
                continue
            status = record.http_headers.get_statuscode() or ""
            ctype = record.http_headers.get_header("Content-Type") or ""
            uri = record.rec_headers.get_header("WARC-Target-URI")
            digest = record.rec_headers.get_header("WARC-Payload-Digest") or ""
            if not uri or not status.startswith("2") or "html" not in ctype.lower():
                continue
            if record.rec_type == "revisit":
                if digest not in bodies:
                    continue
                body = bodies[digest]
            else:
                body = record.content_stream().read()
                if digest:
                    bodies[digest] = body
            yield ArchivedResponse(uri, int(status), body, declared_charset(ctype, body) or "utf-8")


def stored_snapshots(path: Path) -> list[Snapshot]:
    """The page snapshots (no action states) of a siteseer crawl store, by key."""
    store = SQLiteStore(path)
    try:
        out = []
        for key in store.keys():  # noqa: SIM118 (a store method, not a dict)
            if " " in key:  # a state reached by actions, not a page
                continue
            snap = store.get(key, need_render=False, identity=None)  # whoever fetched it
            if snap is not None:
                out.append(snap)
        return out
    finally:
        store.close()


def read_url_list(path: Path) -> list[str]:
    """The URLs of a URL list file: one a line, blank lines and ``#`` comments skipped."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


# The keys of siteseer's JSON-lines outputs that hold URLs: one URL, or a list of them.
_URL_KEYS = ("url",)
_URL_LIST_KEYS = ("pages", "entities")


def read_json_lines(path: Path) -> list[str]:
    """The URLs of a JSON-lines file written by siteseer, in order: each object's ``"url"``, or
    the URLs its ``"pages"`` or ``"entities"`` list holds. A line that is not a JSON object is a
    ValueError naming the line."""
    urls: list[str] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as e:
            raise ValueError(f"line {number} is not JSON ({e.msg})") from None
        except RecursionError:
            raise ValueError(f"line {number} is JSON nested too deeply to read") from None
        if not isinstance(row, dict):
            raise ValueError(f"line {number} is not a JSON object")
        urls += [row[k] for k in _URL_KEYS if isinstance(row.get(k), str)]
        for key in _URL_LIST_KEYS:
            value = row.get(key)
            if isinstance(value, list):
                urls += [u for u in value if isinstance(u, str)]
    return urls


def _html_pages(snapshots: Iterable[Snapshot]) -> list[Snapshot]:
    return [s for s in snapshots if s.ok and "html" in s.content_type]


def read_urls(path: Path) -> list[str]:
    """The URLs of a URL list file, siteseer's JSON lines, a WARC/ARC file (its successful HTML
    responses, as in the thesis's evaluation) or a siteseer crawl store (its successful HTML
    pages); no repeats."""
    kind = input_kind(path)
    if kind == "json-lines":
        return list(dict.fromkeys(read_json_lines(path)))
    if kind == "store":
        return list(dict.fromkeys(s.url for s in _html_pages(stored_snapshots(path))))
    if kind == "archive":
        return list(dict.fromkeys(r.url for r in read_archive(path)))
    return read_url_list(path)


def read_pages(path: Path) -> tuple[list[Snapshot], list[str]]:
    """Pages from a WARC/ARC file or a siteseer crawl store, or URLs from a URL list file.

    Returns ``(snapshots, urls)``: archives and stores give their successful HTML pages as
    Snapshots (nothing to download; an archive's by URL, the first response of each); a URL
    list or siteseer's JSON lines give URLs to load.
    """
    kind = input_kind(path)
    if kind == "json-lines":
        return [], list(dict.fromkeys(read_json_lines(path)))
    if kind == "store":
        return _html_pages(stored_snapshots(path)), []
    if kind == "archive":
        pages: dict[str, Snapshot] = {}
        for response in read_archive(path):
            if response.url not in pages:
                pages[response.url] = snapshot_from_html(
                    response.url, response.url, response.status, response.html
                )
        return [pages[u] for u in sorted(pages)], []
    return [], read_url_list(path)
