"""The lists beside the start list: a wiki's categories, a blog's tags, found where the start
list was found.

A list without facets may be one of several lists of one kind that a page links together (a
wiki's Main Page linking every category, each category page listing its articles): the page the
start list was found on (`hub`, the entry point's start) links each of them alike. Those lists
are the values of one attribute, named by the address they share — the namespace of their last
segment (``/index.php/Category:Dpkg`` → "Category") or the literal segment before it
(``/tags/python/`` → "tags") — and each value is its link's text on the hub. The lists beside
the start list are its links on the hub shaped as its own address (`EntityPattern.from_urls`:
host, leading literal segments, depth, query keys, namespace) in the same link group (their
DOM path, with attribute names); none when the hub does not link the start list, or links no
other list so.
"""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

from siteseer.algorithms.querycentric.labels import clean_label, norm_ws
from siteseer.algorithms.querycentric.model import EntityPattern
from siteseer.algorithms.querycentric.shapes import spelled_namespace
from siteseer.render import Snapshot

__all__ = ["lists_beside", "shared_attribute"]


def shared_attribute(url: str) -> str:
    """The attribute the lists shaped as `url` are values of: its last segment's namespace as
    spelled, else the literal segment before its last; "" when the address names none."""
    spelled = spelled_namespace(url)
    if spelled:
        return spelled.replace("_", " ")
    segs = [s for s in urlsplit(url).path.split("/") if s]
    parent = unquote(segs[-2]) if len(segs) > 1 else ""
    return parent if parent.isalpha() else ""


def lists_beside(hub: Snapshot, start: str) -> dict[str, str] | None:
    """The lists `hub` links beside `start`, in document order, each URL → its value (the
    link's text without a count), `start`'s own included; None when `hub` does not link
    `start`, links no other list alike, or their address names no attribute."""
    if not shared_attribute(start):
        return None
    shape = EntityPattern.from_urls([start])
    groups = {x.path_attrs for x in hub.links if x.url == start}
    if not groups:
        return None
    found: dict[str, str] = {}
    for link in hub.links:
        if link.path_attrs not in groups or not shape.matches(link.url):
            continue
        value = clean_label(norm_ws(link.text))
        if value and link.url not in found:
            found[link.url] = value
    return found if len(found) > 1 and start in found else None
