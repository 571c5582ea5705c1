"""The pages a page's head names by a relation (``<link rel="up" href=...>``): the pages above
it in its document's hierarchy, the previous and the next of its sequence. Pure: a page in,
URLs out; SSUP's climb reads them before it chooses what to download (`probes`).
"""

from __future__ import annotations

import re
from urllib.parse import urldefrag, urljoin

from siteseer.render import Snapshot

__all__ = ["declared_above", "declared_data", "head_links", "sequence"]

_HEAD_LINK = re.compile(r"<link\b[^>]*>", re.IGNORECASE)
_ATTR = re.compile(r"""([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""")
_SEQUENCE_RELS = frozenset({"prev", "previous", "next"})
# The relations by which a page's head names a page above it in its document's hierarchy.
_ABOVE_RELS = frozenset({"up", "start", "home", "top", "contents", "toc"})
# The media types of a page, which a head's alternate of any other type is not.
_PAGE_TYPES = frozenset({"text/html", "application/xhtml+xml"})


def sequence(page: Snapshot) -> frozenset[str]:
    """The pages `page`'s head names the previous and the next of its sequence (``<link
    rel="prev">``, ``<link rel="next">``), by absolute URL; empty when it names none."""
    return head_links(page, _SEQUENCE_RELS)


def declared_above(page: Snapshot) -> frozenset[str]:
    """The pages `page`'s head names above it in its document's hierarchy (``<link rel="up">``,
    ``rel="start"``, ``rel="home"``, ``rel="contents"``), by absolute URL without fragment."""
    return head_links(page, _ABOVE_RELS)


def declared_data(page: Snapshot) -> frozenset[str]:
    """The addresses `page`'s head names as an alternate of it in a type no page has (``<link
    rel="alternate" type="application/atom+xml" href="/repo/atom-log">``: its feed, its data
    as JSON), by absolute URL without fragment.

    Choice: the head says what such an address answers, whatever its name or its link's text
    in the body (an icon alone, "subscribe"): a feed or an export of the page's data, which
    lists nothing a climb could use (`candidates.candidates`)."""
    return head_links(page, frozenset({"alternate"}), other_types=True)


def head_links(
    page: Snapshot, rels: frozenset[str], *, other_types: bool = False
) -> frozenset[str]:
    """The pages `page`'s head links to by one of the relations `rels`, by absolute URL; with
    `other_types`, only those it declares of a type other than a page's (`_PAGE_TYPES`)."""
    head, ends, _ = page.html.partition("</head>")
    if not ends:
        return frozenset()
    base = page.final_url or page.url
    found: set[str] = set()
    for tag in _HEAD_LINK.findall(head):
        attrs = {m[0].lower(): m[1] or m[2] or m[3] for m in _ATTR.findall(tag)}
        href = attrs.get("href", "").strip()
        kind = attrs.get("type", "").strip().lower().split(";")[0].strip()
        if other_types and (not kind or kind in _PAGE_TYPES):
            continue
        if href and set(attrs.get("rel", "").lower().split()) & rels:
            found.add(urldefrag(urljoin(base, href))[0])
    return frozenset(found)
