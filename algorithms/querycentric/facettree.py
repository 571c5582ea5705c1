"""Pure: the values above a link facet's values in the tree the page draws them in.

A category tree lists each top category as an item holding the list of its subcategories
(``li > a "USA"`` + ``ul > li > a "Amc"``, ``"Chevrolet"`` …). Where the page offers the
subcategories as facet values and not the items above them (a top category first linked in
a menu with no heading, read as no facet value), each such item is a value of a level of its
own above them: the entities of its subcategories' queries are its entities, no load needed
(links.py makes the query). Its attribute is the subcategories' with `PARENT_SUFFIX`: the site
names that level nowhere."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from siteseer.algorithms.features.dom import linked_anchors
from siteseer.algorithms.querycentric.labels import clean_label, norm_ws

if TYPE_CHECKING:
    from siteseer.algorithms.querycentric.model import Facet
    from siteseer.render import Snapshot

__all__ = ["PARENT_SUFFIX", "parent_values"]

PARENT_SUFFIX = " (level above)"
_ITEM, _LISTS = "li", frozenset({"ul", "ol"})


def parent_values(
    page: Snapshot, facets: Sequence[Facet]
) -> dict[tuple[str, str, str], list[Facet]]:
    """(attribute, value, URL) of each item above `facets`' values in their tree → the facets it
    holds, for the items `facets` do not offer themselves; {} unless two items or more hold
    values, all of one attribute."""
    by_url = {f.url: f for f in facets if f.url}
    anchors = linked_anchors(page)
    url_of = {id(a): link.url for a, link in anchors}
    out: dict[tuple[str, str, str], list[Facet]] = {}
    for anchor, link in anchors:
        facet = by_url.get(link.url)
        above = _item_link(anchor) if facet is not None else None
        if facet is None or above is None or url_of.get(id(above)) in by_url:
            continue
        value = clean_label(norm_ws(above.text_content()))
        url = url_of.get(id(above), "")
        if not value or not url:
            continue
        held = out.setdefault((facet.attribute + PARENT_SUFFIX, value, url), [])
        if facet not in held:
            held.append(facet)
    if len(out) < 2 or len({a for a, _, _ in out}) > 1:
        return {}
    return out


def _item_link(anchor: Any) -> Any:
    """The link of the list item holding the list `anchor`'s item sits in (its parent in the
    tree), None when the anchor's list is no sublist of a linked item."""
    item = next((e for e in anchor.iterancestors() if e.tag == _ITEM), None)
    sublist = item.getparent() if item is not None else None
    if sublist is None or sublist.tag not in _LISTS:
        return None
    above = next((e for e in sublist.iterancestors() if e.tag == _ITEM), None)
    if above is None:
        return None
    return next((a for a in above.iter("a") if sublist not in a.iterancestors()), None)
