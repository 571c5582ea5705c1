"""Pure: a page that indexes the values of one attribute, each linked to its list (a blog's
"Categories" page: ``rake (46)`` → ``/category/rake/``; its "Tags" page).

A list without facets of its own may link, beside its items, a few pages of its site's menu;
one of them that lists, in one link group, links that carry a count (in their text or just
after it) and share an address
shaped alike (`EntityPattern.from_urls`) whose segment before the last names an attribute
(beside.py `shared_attribute`: ``/category/rake/`` → "category") is the index of that
attribute's values: each value its link's text without the count, each value's list a query.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from siteseer.algorithms.querycentric.beside import shared_attribute
from siteseer.algorithms.querycentric.items import linked_anchors
from siteseer.algorithms.querycentric.labels import clean_label, label_count, norm_ws
from siteseer.algorithms.querycentric.model import EntityPattern
from siteseer.render import Snapshot

__all__ = ["MAX_MENU", "menu_links", "value_index"]

MAX_MENU = 6  # the most menu links of a list page loaded as possible value indexes
MIN_VALUES = 2  # the fewest values an index lists


def menu_links(page: Snapshot, skip: Iterable[str]) -> list[str]:
    """`page`'s links on its host to other pages, by path alone (no query: a download of the
    same list, another view of it), but its site's root and `skip` (its items' links, its
    entities, its pager), in order; [] when there are more than `MAX_MENU` (no menu of a few
    pages: a sidebar of archives)."""
    here = urlsplit(page.final_url).netloc
    left = set(skip) | {page.url, page.final_url}
    found: dict[str, None] = {}
    for link in page.links:
        parts = urlsplit(link.url)
        if parts.netloc != here or link.url in left or parts.query or not parts.path.strip("/"):
            continue
        found.setdefault(link.url)
    return list(found) if len(found) <= MAX_MENU else []


def value_index(page: Snapshot) -> tuple[str, dict[str, str]] | None:
    """The attribute `page` indexes the values of and each value's list URL → the value (see
    the module docstring); None when it indexes none."""
    groups: dict[str, dict[str, str]] = {}
    for anchor, link in linked_anchors(page):
        text = norm_ws(link.text)
        counted = norm_ws(f"{text} {anchor.tail or ''}")  # "rake (46)": the count after it
        if label_count(counted) is None or not shared_attribute(link.url):
            continue
        value = clean_label(text)
        if value:
            groups.setdefault(link.path_attrs, {}).setdefault(link.url, value)
    best: tuple[str, dict[str, str]] | None = None
    for found in groups.values():
        urls = list(found)
        shape = EntityPattern.from_urls(urls[:1])
        alike = {u: v for u, v in found.items() if shape.matches(u)}
        attribute = shared_attribute(urls[0])
        if len(alike) >= MIN_VALUES and (best is None or len(alike) > len(best[1])):
            best = (attribute, alike)
    return best
