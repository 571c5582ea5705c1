"""What a sitemap or feed file lists, read from its body: pure functions, no I/O.

    document = parse_published(body, content_type)   # None: not a sitemap or feed (an HTML page)
    document.kind      # "urlset", "index", "text", "rss" or "atom"
    document.entries   # Listed(url, lastmod): the pages (an index: its sitemaps), in file order

The formats are sitemaps.org's XML sitemap and sitemap index, its text sitemap (one URL a line),
RSS 2.0 (`<item><link>`) and Atom (`<entry><link rel="alternate" href>`). XML is parsed by lxml's
`iterparse` with entities left unresolved, no network access, no DTD loaded and libxml2's
limits on (`huge_tree` off), and a document whose prolog declares entities is refused before
parsing: an entity bomb is a `SitemapError`, not a hang. At most `max_urls` entries are read (the
protocol's 50,000 a file); how many more the file holds is counted (`over_limit`). The reader over
a Session (which fetches, decompresses and counts) is `crawler.sitemaps`; `feed_links` finds the
feeds a page links to.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urljoin

from lxml import etree

__all__ = [
    "MAX_URLS_PER_FILE",
    "DocumentKind",
    "Listed",
    "PublishedDocument",
    "SitemapError",
    "feed_links",
    "parse_published",
]

MAX_URLS_PER_FILE = 50_000  # sitemaps.org: a sitemap or index lists at most 50,000

DocumentKind = Literal["urlset", "index", "text", "rss", "atom"]

_FEED_TYPES = frozenset({"application/rss+xml", "application/atom+xml"})
_HTML_START = re.compile(
    rb"^\s*(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html|head|body)[\s>]", re.I | re.S
)
# The prolog: the XML declaration, comments, processing instructions and a DOCTYPE, up to the
# first element. Entity declarations there (an internal subset) are refused outright.
_PROLOG_END = re.compile(rb"<[A-Za-z_]")
_ENTITY_DECL = re.compile(rb"<!ENTITY", re.I)
_URL_LINE = re.compile(r"^https?://\S+$", re.I)


class SitemapError(ValueError):
    """A sitemap or feed that cannot be read safely (malformed XML, declared entities); the
    message says why."""


@dataclass(frozen=True, slots=True)
class Listed:
    """One entry of a file: a page URL (in an index, a sitemap's) as written, and its
    `<lastmod>` (RSS `<pubDate>`, Atom `<updated>`) as written, or None."""

    url: str
    lastmod: str | None = None


@dataclass(frozen=True, slots=True)
class PublishedDocument:
    """A sitemap, sitemap index, text sitemap or feed: its entries in file order (at most the
    parse's `max_urls`) and how many more it lists (`over_limit`)."""

    kind: DocumentKind
    entries: tuple[Listed, ...]
    over_limit: int = 0

    @property
    def is_index(self) -> bool:
        return self.kind == "index"


def parse_published(
    body: bytes | str,
    content_type: str = "",
    *,
    max_urls: int = MAX_URLS_PER_FILE,
    cut: bool = False,
) -> PublishedDocument | None:
    """The entries `body` lists, or None when it is neither a sitemap nor a feed (an HTML page
    served at a sitemap's address, an empty body, plain text that is not one URL a line).

    Raises SitemapError for XML that is malformed or declares entities; a body `cut` at a size
    limit keeps the entries read before the cut instead."""
    data = body.encode("utf-8") if isinstance(body, str) else body
    if not data.strip() or content_type in {"text/html", "application/xhtml+xml"}:
        return None
    if _HTML_START.match(data[:4096]):
        return None
    if data.lstrip()[:1] != b"<":
        return _text_sitemap(data, max_urls)
    return _xml_document(data, max_urls, cut)


def feed_links(tree: Any) -> tuple[str, ...]:
    """The RSS and Atom feeds a page links to (`<link rel="alternate" type=…rss+xml|atom+xml
    href>`), absolute against the page's base URL as lxml.html knows it, in document order."""
    found: list[str] = []
    for link in tree.iter("link"):
        rels = (link.get("rel") or "").lower().split()
        kind = (link.get("type") or "").split(";", 1)[0].strip().lower()
        href = (link.get("href") or "").strip()
        if "alternate" in rels and kind in _FEED_TYPES and href:
            base = tree.getroottree().docinfo.URL or ""
            url = _absolute(href, base)
            if url not in found:
                found.append(url)
    return tuple(found)


def _absolute(href: str, base: str) -> str:
    return urljoin(base, href) if base else href


def _text_sitemap(data: bytes, max_urls: int) -> PublishedDocument | None:
    lines = [line.strip() for line in data.decode("utf-8", errors="replace").splitlines()]
    urls = [line for line in lines if line]
    if not urls or not all(_URL_LINE.match(url) for url in urls):
        return None
    kept = tuple(Listed(url) for url in urls[:max_urls])
    return PublishedDocument("text", kept, max(0, len(urls) - max_urls))


def _xml_document(data: bytes, max_urls: int, cut: bool) -> PublishedDocument | None:
    first = _PROLOG_END.search(data)
    prolog = data[: first.start()] if first else data
    if _ENTITY_DECL.search(prolog):
        raise SitemapError("it declares XML entities (refused: an entity expansion bomb?)")
    entries: list[Listed] = []
    over = 0
    kind: DocumentKind | None = None
    try:
        for event, element in _iterparse(data):
            name = _local(element.tag)
            if event == "start":
                if kind is None:
                    kind = _ROOTS.get(name)
                    if kind is None:
                        return None  # some other XML (or XHTML): not a sitemap
                continue
            if kind is None or name not in _ENTRY_OF[kind]:
                continue
            entry = _ENTRY_READERS[kind](element)
            _forget(element)
            if entry is None:
                continue
            if len(entries) < max_urls:
                entries.append(entry)
            else:
                over += 1
    except etree.XMLSyntaxError as e:
        if not cut:
            raise SitemapError(f"it is not well-formed XML ({e})") from e
    if kind is None:
        return None
    return PublishedDocument(kind, tuple(entries), over)


def _iterparse(data: bytes) -> Iterator[tuple[str, Any]]:
    return etree.iterparse(
        io.BytesIO(data),
        events=("start", "end"),
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
    )


def _local(tag: object) -> str:
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""


def _forget(element: Any) -> None:
    """Free an entry read: its content and the siblings before it (a large file stays small)."""
    element.clear()
    parent = element.getparent()
    while parent is not None and element.getprevious() is not None:
        del parent[0]


def _child_text(element: Any, *names: str) -> str | None:
    for child in element:
        if _local(child.tag) in names and child.text and child.text.strip():
            return str(child.text).strip()
    return None


def _sitemap_entry(element: Any) -> Listed | None:
    loc = _child_text(element, "loc")
    return None if loc is None else Listed(loc, _child_text(element, "lastmod"))


def _rss_item(element: Any) -> Listed | None:
    link = _child_text(element, "link")
    if link is None:
        guid = next((c for c in element if _local(c.tag) == "guid"), None)
        permalink = guid is not None and guid.get("isPermaLink", "true").lower() == "true"
        link = _child_text(element, "guid") if permalink else None
    if link is None:
        return None
    return Listed(link, _child_text(element, "pubDate", "date", "updated"))


def _atom_entry(element: Any) -> Listed | None:
    href = None
    for child in element:
        if _local(child.tag) == "link" and child.get("rel", "alternate") == "alternate":
            href = (child.get("href") or "").strip() or None
            if href:
                break
    if href is None:
        return None
    return Listed(href, _child_text(element, "updated", "published"))


_ROOTS: dict[str, DocumentKind] = {
    "urlset": "urlset",
    "sitemapindex": "index",
    "rss": "rss",
    "RDF": "rss",
    "feed": "atom",
}
_ENTRY_OF: dict[DocumentKind, frozenset[str]] = {
    "urlset": frozenset({"url"}),
    "index": frozenset({"sitemap"}),
    "rss": frozenset({"item"}),
    "atom": frozenset({"entry"}),
    "text": frozenset(),
}
_ENTRY_READERS = {
    "urlset": _sitemap_entry,
    "index": _sitemap_entry,
    "rss": _rss_item,
    "atom": _atom_entry,
}
