"""A tree of lists of one template: a topic-oriented help's guides, each listing topics beside
the guides below it, all pages named alike (``/net.html``, ``/net-wireless.html``,
``/net-wireless-connect.html``).

The start list (``/net-wireless.html``) is then one guide of many: the page above it lists it in
the same kind of list (SSUP's `nested.list_shape`) as it lists the sample, and every page of the
chain is a page of the sample's URL template. The pages above are found on the sample's trail
(the links it shows before its link to the start page, in the same element: ``Help » Networking
» Wireless``): a page of the template that the page below links before its list, outside it,
that every page below links too, and that lists the page below (at most `MAX_TRAIL` loads a
step). From them, SSUP's walk of a tree of one template (`nested.one_template_tree`) loads
every page of the template their lists link, once, and judges it: a page built more like the
chain's lists than like the sample, or listing pages of the template as the tree's lists do, is
a list and is followed; another page is an entity. The lists that added an entity are more
pages of the start query; the lists themselves (the guides) are no entities (`Explorer.lists`).

Nothing is loaded where the start page and its sample are not pages of one template, or where
no page above the start page lists it as it lists the sample.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urldefrag, urlsplit

from siteseer.algorithms.features.dom import TagFeature, link_path
from siteseer.algorithms.features.urlshape import UrlTemplate, seed_template
from siteseer.algorithms.querycentric.items import result_container
from siteseer.algorithms.querycentric.model import EntityPattern
from siteseer.algorithms.ssup.nested import list_shape, one_template_tree
from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.algorithms.querycentric.core import Explorer

__all__ = ["MAX_ABOVE", "MAX_TRAIL", "tree_list_pages"]

MAX_ABOVE = 4  # pages above the start page climbed at most
MAX_TRAIL = 2  # pages of a trail loaded at most to find the page above another
_MODE: TagFeature = "attrs"


def _to(url: str, page: Snapshot) -> bool:
    return urldefrag(url)[0] in (page.url, page.final_url)


def _linked(page: Snapshot) -> set[str]:
    return {urldefrag(x.url)[0] for x in page.links}


async def tree_list_pages(ex: Explorer, pages: list[Snapshot]) -> list[Snapshot]:
    """The lists of the tree of one template the start list is one of (see the module
    docstring) that list entities, in the order walked; [] when the start list is no list of
    such a tree."""
    if ex.rows is not None or ex.pattern is None or ex.sample is None or len(pages) != 1:
        return []
    first, sample = pages[0], ex.sample
    template = seed_template(sample.final_url)
    to_sample = [x for x in first.links if urldefrag(x.url)[0] == sample.final_url]
    if template is None or not template.matches(first.final_url) or not to_sample:
        return []
    sdps = [link_path(to_sample[0], _MODE)]
    chain = [first, sample]
    trail = _sample_trail(sample, first)
    while trail and len(chain) < MAX_ABOVE + 2:
        shape = list_shape(sdps[0]) if len(chain) == 2 else None
        parent, sdp = await _parent(ex, chain, template, trail, shape)
        if parent is None:
            break
        chain.insert(0, parent)
        sdps.insert(0, sdp)
    if len(chain) < 3:
        return []
    entities = [sample.final_url]
    used = await one_template_tree(
        ex.run, _MODE, template, chain, chain[:-1], entities, 0, sdps[-1]
    )
    lists = [p for u in used if (p := ex.run.pages.get(u)) is not None and p.ok]
    kept = set(entities)
    listed = {urldefrag(x.url)[0] for p in lists for x in p.links if template.matches(x.url)}
    ex.lists = frozenset(listed - kept)
    ex.containers = (ex.containers or frozenset()) | {
        result_container(x) for p in lists for x in p.links if urldefrag(x.url)[0] in kept
    }
    ex.pattern = EntityPattern.from_urls(sorted(kept))
    out = [p for p in lists if p.final_url != first.final_url]
    ex.run.note(
        "tree-lists",
        "continue",
        first.final_url,
        values={"pages": float(len(out)), "entities": float(len(kept))},
        note=f"the list is one of a tree of lists of one template ({len(chain) - 1} above the "
        "sample): each page of the template its lists link judged a list or an entity",
    )
    return out


def _sample_trail(sample: Snapshot, start: Snapshot) -> set[str]:
    """The pages the sample's trail names above the start page: those it links before its
    first link to the start page, through the same link DOM path (a trail lists the ancestors
    root first, the page's own index last)."""
    at = next((i for i, x in enumerate(sample.links) if _to(x.url, start)), None)
    if at is None:
        return set()
    path = link_path(sample.links[at], _MODE)
    return {urldefrag(x.url)[0] for x in sample.links[:at] if link_path(x, _MODE) == path}


async def _parent(
    ex: Explorer,
    chain: list[Snapshot],
    template: UrlTemplate,
    trail: set[str],
    shape: str | None,
) -> tuple[Snapshot | None, str]:
    """The page above `chain`'s top page and the link DOM path through which it lists it: one
    of the last `MAX_TRAIL` pages of the sample's `trail` the top page links before its first
    link to the page below it (a trail comes before the list) and outside the lists it links
    that page in, pages of the template that
    every page of the chain links too, and that lists the top page (through a list of
    `shape`, when given); (None, "") when none."""
    top, below = chain[0], chain[1]
    first = next(i for i, x in enumerate(top.links) if _to(x.url, below))
    shared = set.intersection(*(_linked(p) for p in chain[1:]))
    on_chain = {u for p in chain for u in (p.url, p.final_url)}
    host = urlsplit(top.final_url).netloc
    listing = {link_path(x, _MODE) for x in top.links if _to(x.url, below)}
    wanted = [
        url
        for url in dict.fromkeys(
            urldefrag(x.url)[0]
            for x in reversed(top.links[:first])
            if link_path(x, _MODE) not in listing
        )
        if url in trail
        and url in shared
        and url not in on_chain
        and template.matches(url)
        and urlsplit(url).netloc == host
    ][:MAX_TRAIL]
    for page in await ex.pages([ex.as_hub(u) for u in wanted]):
        ups = [link_path(x, _MODE) for x in page.links if _to(x.url, top)] if page else []
        if page is not None and ups and (shape is None or list_shape(ups[0]) == shape):
            return page, ups[0]
    return None, ""
