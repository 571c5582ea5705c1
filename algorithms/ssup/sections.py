"""SSUP's sections of a tree of pages (beyond the paper): at the leaves, an entry of the level
that is a folder's index document (``usage/index.html``) may list pages of the level itself, in
the same kind of list as the index page (a documentation site's section page and its table of
contents). Such entries are loaded, one at a time, and the pages their list holds join the
level, their own folder index documents in turn, until `SECTION_MISSES` in a row add nothing.

A documentation tree is no entity tree of one height: the home page's table of contents lists
the sections and a few pages, each section its own pages and sub-sections. Algorithm 2 catches
the pages the home page lists; the pages a section lists sit one or more levels further down,
where every document is still one entity of one type. The list is the same kind of list when
its link DOM path reads the same as the index page's with nested lists folded (`list_tree`)
and nested sections folded (`outline`: HTML's ``<section>`` elements nest by the heading a list
falls under, ``section/section/div/ul`` on one page and ``section/div/ul`` on another).

A hand-written index is no tree either: a project's documentation overview is a series of
sections alike but for their ids, each under its heading, listing its documents as bullet
lists, definition terms or bullet lists inside definitions (`querycentric.outline`, which
explore reads the same index by). The seed's link DOM path reaches one form of list only; every
section's lists named like the seed are the level (`outline_entries`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import urlsplit

from siteseer.algorithms.features.dom import TagFeature, link_path, list_tree
from siteseer.algorithms.features.outline import section_lists
from siteseer.algorithms.features.urlshape import is_index_document
from siteseer.algorithms.run import Run
from siteseer.algorithms.ssup.candidates import own_urls
from siteseer.render import Link, Snapshot

__all__ = ["SECTION_MISSES", "outline", "outline_entries", "section_pages", "sections"]

# The sections are loaded until this many in a row add no page to the level.
SECTION_MISSES = 3

_NESTED_SECTIONS = re.compile(r"(?:/section)+")


def outline(path: str) -> str:
    """The nested list a link DOM path belongs to (`list_tree`), with nested ``<section>``
    elements folded into one (a document outline's depth is not another list).

    >>> outline("html/body/div[@id]/section[@id]/section[@id]/div/ul/li/ul/li/a")
    'html/body/div/section/div/ul/li/a'
    """
    return _NESTED_SECTIONS.sub("/section", list_tree(path))


def _is_section(url: str) -> bool:
    """Whether `url` names a folder's index document (``/usage/index.html``): the page of a
    folder, which static site generators link by name."""
    name = urlsplit(url).path.rpartition("/")[2]
    return is_index_document(name)


async def sections(
    run: Run,
    mode: TagFeature,
    index_pages: Sequence[Snapshot],
    sdp: str,
    kept: list[str],
    level: int,
    sample: Snapshot,
) -> list[str]:
    """The section pages among `kept` (the level's pages) that list pages of the level in the
    kind of list `sdp` is (`outline`), loaded one at a time in order; the pages they list are
    added to `kept`. Returns the sections that added pages (index pages of the level).

    Choice: when the level's `sample` is itself a section listing pages in that kind of list
    (an API reference's module page listing its items), the pages a section lists are its
    children, a level below the sample's, not its siblings: no section is loaded."""
    tree = outline(sdp)
    own = {u for p in index_pages for u in (p.url, p.final_url)}
    host = urlsplit(kept[0]).netloc if kept else ""
    children = [u for u in _listed(sample, tree, mode, host, run) if u not in own_urls(sample)]
    if _is_section(sample.url) and children:
        run.note(
            "same-level",
            "skip",
            f"the sections of {sample.url}'s level",
            level=level,
            urls=tuple(children),
            note=f"the sample is a section listing {len(children)} pages in the level's list "
            f"({tree}): a section's pages are its children, of the level below it",
        )
        return []
    queue = [u for u in kept if _is_section(u) and u not in own]
    seen = set(kept) | own
    used: list[str] = []
    misses = 0
    while queue and misses < SECTION_MISSES:
        url = queue.pop(0)
        page = await run.fetch_one(url)
        if page is None:
            misses += 1
            continue
        listed = _listed(page, tree, mode, host, run)
        new = [u for u in listed if u not in seen and u not in (url, page.final_url)]
        if not new:
            misses += 1
            run.note(
                "same-level",
                "skip",
                url,
                level=level,
                note=f"a section page listing no new page in the level's list ({tree})",
            )
            continue
        misses = 0
        used.append(url)
        seen.update(new)
        kept.extend(new)
        queue.extend(u for u in new if _is_section(u))
        run.note(
            "same-level",
            "keep",
            f"{len(new)} pages listed by the section {url}",
            level=level,
            urls=tuple(new),
            note=f"a folder's index document among the level's pages lists pages in the "
            f"level's list ({tree}): its section's pages, of the level too",
        )
    return used


def _listed(page: Snapshot, tree: str, mode: TagFeature, host: str, run: Run) -> list[str]:
    """The pages of `host` in the crawl's scope that `page` lists in the kind of list `tree`
    (`outline`), in document order."""
    listed = (
        k.url
        for k in page.links
        if outline(link_path(k, mode)) == tree
        and urlsplit(k.url).netloc == host
        and run.session.in_scope(k.url)
    )
    return list(dict.fromkeys(listed))


def outline_entries(
    run: Run, index_pages: Sequence[Snapshot], sample: str, kept: list[str], level: int
) -> None:
    """The pages a hand-written index among `index_pages` lists in its sections beside the
    sample's (`querycentric.outline.section_lists`: at least 3 sections alike but for their id,
    each listing pages named like `sample` in lists of any form), added to `kept` (the level's
    pages) in page order; nothing is loaded."""
    seen = set(kept)
    for page in index_pages:
        found = section_lists(page, sample)
        if not found:
            continue
        new = [u for u in section_pages(run, page, sample, found) if u not in seen]
        if not new:
            continue
        seen.update(new)
        kept.extend(new)
        run.note(
            "same-level",
            "keep",
            f"{len(new)} pages listed by the sections of {page.url}",
            level=level,
            urls=tuple(new),
            note=f"{page.url} is an index of {len(found)} sections alike but for their id, each "
            "listing pages named like the sample in lists of any form (bullets, definition "
            "terms): every section's pages are the level's",
        )


def section_pages(
    run: Run, page: Snapshot, sample: str, found: dict[str, list[Link]] | None = None
) -> list[str]:
    """The pages of the crawl's scope that `page`, a hand-written index, lists in its sections
    beside the sample's (`found`, else `section_lists`), in page order; none when it is none."""
    found = section_lists(page, sample) if found is None else found
    listed = (k.url for links in (found or {}).values() for k in links)
    return [u for u in dict.fromkeys(listed) if run.session.in_scope(u)]
