"""The page a start page stands for before the entry point scores it (entrypoint.py): a page
that links nowhere and sends the browser on by a meta refresh stands for the page it sends it
to (`refresh_target`); a web server's listing of a folder's files, for the folder's index
document (`listing_index`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING
from urllib.parse import unquote, urljoin, urlsplit

if TYPE_CHECKING:
    from siteseer.render import Link, Snapshot

__all__ = ["MINIMUM_ROWS", "listing_index", "refresh_target"]

MINIMUM_ROWS = 10  # table rows a list page without facets shows at least


def refresh_target(page: Snapshot) -> str | None:
    """The page a page that links nowhere sends the browser to by a ``<meta http-equiv=refresh
    content="0; URL=...">`` on its host; None for any other page."""
    if page.links:
        return None
    for meta in page.tree().iter("meta"):
        if (meta.get("http-equiv") or "").strip().lower() != "refresh":
            continue
        found = _REFRESH_URL.search(meta.get("content") or "")
        if found is None:
            return None
        url = urljoin(page.final_url, found.group(1).strip().strip("'\""))
        same = urlsplit(url).netloc == urlsplit(page.final_url).netloc
        return url if same and url != page.final_url else None
    return None


_REFRESH_URL = re.compile(r"url\s*=\s*(\S+)", re.IGNORECASE)


def listing_index(page: Snapshot, sample: str | None) -> str | None:
    """When `page` is a web server's listing of a folder's files (at least `MINIMUM_ROWS` links
    on its host, three in four named by their own file name, extension included, or by their
    folder's name and a slash), the file it lists whose name says it is the folder's index
    document (``index.html``, ``qtbluetooth-index.html``), of the sample's extension (HTML
    without a sample), the shortest name first; None for any other page, or a listing without
    such a file."""
    host = urlsplit(page.final_url).netloc
    links = [x for x in page.links if urlsplit(x.url).netloc == host]
    named = [x for x in links if _named_as_file(x)]
    if len(named) < MINIMUM_ROWS or 4 * len(named) < 3 * len(links):
        return None
    wanted = _extension(sample) if sample else "html"
    index = [
        x.url
        for x in named
        if "index" in re.split(r"[^a-z0-9]+", x.text.strip().lower().rsplit(".", 1)[0])
        and _extension(x.url) in (wanted, wanted[:3])
    ]
    return min(index, key=lambda u: (len(u), u), default=None)


def _named_as_file(link: Link) -> bool:
    """Whether a link's text is its URL's last path segment (a folder's with its slash), a
    file's with its extension: a directory listing's entry."""
    path = unquote(urlsplit(link.url).path)
    name = path.rstrip("/").rsplit("/", 1)[-1] + ("/" if path.endswith("/") else "")
    text = link.text.strip()
    return bool(name) and text == name and ("." in text or text.endswith("/"))


def _extension(url: str) -> str:
    """The lower-case file extension of a URL's last path segment ("" without one)."""
    last = urlsplit(url).path.rsplit("/", 1)[-1]
    return last.rsplit(".", 1)[-1].lower() if "." in last else ""
