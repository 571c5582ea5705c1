"""SSUP's climb through the site's contents (beyond the paper): a seed that links to no list
of it, nor do its URL's ancestors, may be listed by a section those ancestors list, the one its
URL names (``/man/sec?3`` for ``/man/page?3+printf``), two hops from the seed
(`climb._url_ancestor`)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from siteseer.algorithms.features.dom import TagFeature, link_collections
from siteseer.algorithms.features.url import url_schema
from siteseer.algorithms.ssup.candidates import own_urls
from siteseer.algorithms.ssup.probes import url_ancestors
from siteseer.algorithms.ssup.verdicts import confirms
from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.algorithms.ssup.climb import Climb, Found
    from siteseer.algorithms.ssup.verdicts import Parent

__all__ = ["listed_above", "sections_of"]


async def listed_above(
    climb: Climb, sp: Snapshot, level: int, found: Found, at_most: int
) -> Parent | None:
    """The index page of the seed `sp` among the sections its URL's ancestors list
    (`sections_of`), at most `at_most`, not loaded yet: the first one Algorithm 1's
    test confirms; else None.

    Choice (beyond the paper): a page that links to no list of it may link to the site's
    contents ("Return to Main Contents"), whose sections each list their pages: the section
    holding the seed is the one whose URL's own value the seed's URL carries (``?3`` of
    ``?3+printf``), as a reader picks it from the contents. Two hops from the seed, it costs
    one download for each section tried."""
    above = [climb.run.pages.get(u) for u in url_ancestors(sp.url)]
    own = own_urls(sp)
    hops = [
        u
        for page in above
        if page is not None and page.ok
        for u in sections_of(page, sp, climb.mode)
        if u not in climb.run.pages and u not in own
    ]
    for url in list(dict.fromkeys(hops))[:at_most]:
        climb.run.note(
            "sample-path",
            "contents",
            url,
            level=level,
            urls=(sp.url,),
            note=f"neither {sp.url} nor its URL's ancestors list it among pages like it: "
            "trying the section of an ancestor's list whose own value its URL carries",
        )
        page = await climb.run.fetch_one(url)
        if page is None:
            continue
        # A section's own entry in its bar (``<center>3. Library Functions | Contents``)
        # names the page it is on, not what it lists: judged without it, the section number
        # its list shares with the seed is no term of every list.
        mine = own_urls(page)
        page = replace(page, links=tuple(link for link in page.links if link.url not in mine))
        parent = climb.judge(page, sp, level, found)
        if parent is not None and confirms(parent, sp, climb.mode):
            return parent
    return None


def sections_of(page: Snapshot, sp: Snapshot, mode: TagFeature) -> list[str]:
    """The entries of `page`'s lists (link DOM paths of two URLs or more) sharing with `sp`'s
    url-schema one of their own terms (those not shared by every entry of the list), the
    larger the share of their own terms the seed's URL carries the sooner, then in document
    order: the sections the seed's URL names (``/man/sec?3`` among ``/man/sec?1`` … ``?8``,
    for ``/man/page?3+printf``)."""
    seed = url_schema(sp.url)
    found: dict[str, float] = {}
    for urls in link_collections(page, mode).values():
        entries = list(dict.fromkeys(urls))
        if len(entries) < 2:
            continue
        schemas = {u: url_schema(u) for u in entries}
        common = frozenset.intersection(*schemas.values())
        for url, schema in schemas.items():
            own = schema - common
            if own & seed:
                found[url] = max(found.get(url, 0.0), len(own & seed) / len(own))
    return sorted(found, key=lambda u: -found[u])
