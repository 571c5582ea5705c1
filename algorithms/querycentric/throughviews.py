"""Entities a list links through a view of their page: a list whose every item links one page
below its entity's own, by the same trailing path (a mail archive's topics linking each
message's thread view ``<message>/T/#t`` for the message ``<message>/``), lists those
entities.

`entity_view` learns that trailing path on a page from the sample entity: the page does not
link the sample itself but links a page below it, and links at least `MINIMUM_ENTITIES`
entities (pages shaped as the sample) through the same trailing path, more than it links
directly. `through_view` then names every such link of a page by its entity (the link's text
and place kept), so that lists, pagers and the entry point read them as the entity links they
stand for. Pure: no I/O.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from urllib.parse import urldefrag, urlsplit, urlunsplit

from siteseer.algorithms.querycentric.model import EntityPattern, entity_url
from siteseer.render import Snapshot

__all__ = ["MINIMUM_ENTITIES", "entity_view", "through_view"]

MINIMUM_ENTITIES = 10  # entities a page links through one view at least (a list's, not a menu's)
_DEEPEST = 2  # path segments a view adds below its entity's page at most


def _above(url: str, tail: int, slash: bool) -> tuple[str, tuple[str, ...]] | None:
    """`url` without its fragment and its last `tail` path segments (the page they are below,
    ending in "/" when `slash`), and those segments; None when it has a query or too few."""
    parts = urlsplit(urldefrag(url)[0])
    segs = [s for s in parts.path.split("/") if s]
    if parts.query or len(segs) <= tail:
        return None
    path = "/" + "/".join(segs[:-tail]) + ("/" if slash else "")
    return urlunsplit((parts.scheme, parts.netloc, path, "", "")), tuple(segs[-tail:])


def entity_view(page: Snapshot, pattern: EntityPattern, sample: str) -> tuple[str, ...]:
    """The trailing path `page` links its entities through (see the module docstring); () when
    it links the sample itself, or no view of it, or too few entities through one."""
    if any(entity_url(x.url) == sample for x in page.links):
        return ()
    slash = urlsplit(sample).path.endswith("/")
    direct = {entity_url(x.url) for x in page.links if pattern.matches(x.url)}
    through: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for link in page.links:
        for tail in range(1, _DEEPEST + 1):
            above = _above(link.url, tail, slash)
            if above is not None and pattern.matches(above[0]):
                through[above[1]].add(above[0])
    views = [
        (len(entities), view)
        for view, entities in through.items()
        if sample in entities and len(entities) >= max(MINIMUM_ENTITIES, len(direct) + 1)
    ]
    return max(views)[1] if views else ()


def through_view(
    page: Snapshot, pattern: EntityPattern, view: tuple[str, ...], sample: str
) -> Snapshot:
    """`page` with every link to `view` below a page `pattern` matches naming that page (the
    entity it is a view of); `page` itself when `view` is ()."""
    if not view:
        return page
    slash = urlsplit(sample).path.endswith("/")
    links = []
    for link in page.links:
        above = _above(link.url, len(view), slash)
        if above is not None and above[1] == view and pattern.matches(above[0]):
            link = replace(link, url=above[0])
        links.append(link)
    return replace(page, links=tuple(links))
