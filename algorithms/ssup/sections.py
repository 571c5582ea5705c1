"""SSUP's sections of a tree of pages (beyond the paper): at the leaves, an entry of the level
that is a folder's index document (``usage/index.html``) may list pages of the level itself, in
the same kind of list as the index page (a documentation site's section page and its table of
contents). Such entries are loaded, one at a time, and the pages their list holds join the
level, their own folder index documents in turn, until `SECTION_MISSES` in a row add nothing.

A section need not be a folder: an API reference's home page lists the top-level declarations
beside its namespaces, each namespace's page listing its own members in the very kind of list
(``/modules/CST.html`` over ``/interfaces/CST.Token.html``). Such a page fails Algorithm 2's
HTML test (it is a list, no declaration), and ended the level there with every later group: a
page of a group that fails it and lists, in the index page's kind of list, pages the index
pages do not list, of the URL templates of pages they list so (the level's own kinds of pages),
is a section, and the pages of its URL template in the group are the level's sections too, no
entities (`inner_sections`): loaded as the folders' sections are, their lists joining the
level, and the group's other pages judged without them. A code browser's folder page lists
files and folders, no page of the level's kinds; a view of the index page (a timeline filtered
by author) lists the level's pages again, but it is the index page's own list: neither is a
section.

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
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import replace
from typing import NamedTuple
from urllib.parse import urlsplit

from siteseer.algorithms.features.dom import TagFeature, link_path, list_tree
from siteseer.algorithms.features.outline import section_lists
from siteseer.algorithms.features.urlshape import UrlTemplate, is_index_document, seed_template
from siteseer.algorithms.run import Run
from siteseer.algorithms.ssup.candidates import own_urls
from siteseer.algorithms.ssup.grouping import LinkGroup
from siteseer.algorithms.ssup.probes import view_of
from siteseer.render import Link, Snapshot

__all__ = [
    "SECTION_MISSES",
    "inner_sections",
    "judged",
    "outline",
    "outline_entries",
    "section_pages",
    "sections",
]

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
    inner: Sequence[str] = (),
) -> list[str]:
    """The section pages among `kept` (the level's pages) and `inner` (sections Algorithm 2
    set aside, `inner_sections`) that list pages of the level in the kind of list `sdp` is
    (`outline`), loaded one at a time in order; the pages they list are added to `kept`, but
    those of an `inner` section's URL template, sections in turn. Returns the sections that
    added pages (index pages of the level).

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
    queue = [*inner, *(u for u in kept if _is_section(u) and u not in own)]
    seen = set(kept) | own | set(inner)
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
        below = [u for u in new if _of_sections(u, inner)]
        kept.extend(u for u in new if u not in below)
        queue.extend(u for u in new if u in below or _is_section(u))
        run.note(
            "same-level",
            "keep",
            f"{len(new)} pages listed by the section {url}",
            level=level,
            urls=tuple(new),
            note=f"a section among the level's pages (a folder's index document, or a page set "
            f"aside as one) lists pages in the level's list ({tree}): its section's pages, of "
            "the level too",
        )
    return used


def _of_sections(url: str, inner: Sequence[str]) -> bool:
    """Whether `url` has the URL template (`seed_template`) of a section of `inner`."""
    return any(t is not None and t.matches(url) for t in map(seed_template, inner))


def inner_sections(
    run: Run,
    mode: TagFeature,
    urls: Sequence[str],
    sample: Snapshot,
    index_pages: Sequence[Snapshot],
    sdp: str,
    level: int,
) -> list[str]:
    """Among `urls` (a group of the leaves that failed Algorithm 2's HTML test), the sections
    of the level: the pages of the URL template (`seed_template`) of a loaded one that lists,
    in the kind of list `sdp` is (`outline`), pages `index_pages` do not list so (a namespace
    listing its members); noted in `run`'s trace.
    None when the `sample` lists pages so itself (its level's sections are its children,
    `sections`), or shares that template.

    Choice (beyond the paper, whose first failing group ends the level): a page of the level
    listing the level's kind of pages as its index page does is a section of a tree of
    variable depth, no page of another kind that would end the level; being a list, it fails
    the HTML test whatever the level holds after it."""
    reading = _reading(run, mode, sample, index_pages, sdp)
    shown = _shown_section(run, mode, urls, sample, index_pages, reading)
    if shown is None:
        return []
    url, members, found = shown
    run.note(
        "same-level",
        "skip",
        f"{len(found)} sections of the level",
        level=level,
        urls=tuple(found),
        note=f"{url} fails the HTML test but lists, in the index page's kind of list "
        f"({outline(sdp)}), {members} page(s) the index page does not list, of the URL "
        "templates of pages it lists so (the level's own kinds): a section of the level, as "
        "are the group's pages of its URL template; their lists join the level, the group's "
        "other pages are judged without them",
    )
    return found


class _Reading(NamedTuple):
    """How a level's pages are read for sections: its kind of list (`outline`), its host, the
    index pages' own URLs and the pages they list, and the URL templates of those listed."""

    tree: str
    host: str
    shown: set[str]
    kinds: list[UrlTemplate]


def _reading(
    run: Run, mode: TagFeature, sample: Snapshot, index_pages: Sequence[Snapshot], sdp: str
) -> _Reading | None:
    """The level's `_Reading`; None when the sample lists pages of its own in that kind of list
    (a level of such pages holds no sections)."""
    tree = outline(sdp)
    host = urlsplit(sample.url).netloc
    own = {u for p in index_pages for u in own_urls(p)}
    if any(u not in own_urls(sample) for u in _listed(sample, tree, mode, host, run)):
        return None
    shown = own | {u for p in index_pages for u in _listed(p, tree, mode, host, run)}
    return _Reading(tree, host, shown, _templates(shown - own))


def _shown_section(
    run: Run,
    mode: TagFeature,
    urls: Sequence[str],
    sample: Snapshot,
    index_pages: Sequence[Snapshot],
    reading: _Reading | None,
) -> tuple[str, int, list[str]] | None:
    """The first loaded page of `urls` that shows itself a section of the level, as
    `inner_sections` reads one (`reading`, the level's `_reading`): (its URL, how many pages it
    lists the index pages do not, the pages of `urls` of its URL template); None when none
    does."""
    if reading is None:
        return None
    tree, host, shown, kinds = reading
    for url, page in run.loaded(urls).items():
        template = seed_template(url)
        if template is None or template.matches(sample.url) or _view(url, index_pages):
            continue
        listed = set(_listed(page, tree, mode, host, run)) - own_urls(page)
        members = [u for u in listed - shown if _of_kind(u, kinds) and not template.matches(u)]
        if not members:
            continue
        return url, len(members), [u for u in urls if template.matches(u)]
    return None


def _templates(urls: Iterable[str]) -> list[UrlTemplate]:
    """The distinct URL templates (`seed_template`) of `urls`."""
    return list(dict.fromkeys(t for t in map(seed_template, urls) if t is not None))


def _of_kind(url: str, kinds: Sequence[UrlTemplate]) -> bool:
    """Whether `url` matches one of the URL templates `kinds`."""
    return any(t.matches(url) for t in kinds)


def _of_kind_listed(
    run: Run, mode: TagFeature, urls: Sequence[str], inner: Sequence[str], sdp: str
) -> bool:
    """Whether one of `urls` has the URL template of a page a loaded section of `inner` lists
    in the kind of list `sdp` is (`outline`), the section's own template aside: the group
    holds pages of a kind the level's tree holds below its sections."""
    tree = outline(sdp)
    kinds: list[UrlTemplate] = []
    for url, page in run.loaded(inner).items():
        own = seed_template(url)
        host = urlsplit(url).netloc
        listed = (
            u for u in _listed(page, tree, mode, host, run) if own is None or not own.matches(u)
        )
        kinds += _templates(listed)
    return any(_of_kind(u, kinds) for u in urls)


def _view(url: str, index_pages: Sequence[Snapshot]) -> bool:
    """Whether `url` is one of `index_pages` or a view of one (`view_of`: its path with its
    query and more, a filtered or paged list): the index page's own list again, no section."""
    return any(view_of(url, u) for p in index_pages for u in (p.url, p.final_url))


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


async def judged(
    state: tuple[Run, TagFeature, list[str]],
    group: LinkGroup,
    lists: tuple[Snapshot, Sequence[Snapshot], str],
    level: tuple[int, bool],
    probe: Callable[[Sequence[str], Callable[[str], bool] | None], Awaitable[tuple[bool, float]]],
) -> tuple[LinkGroup, bool, float]:
    """A later `group` of Algorithm 2 judged by `probe` (its HTML test): (the group left,
    passed, best simhtml). At the leaves (`level`: its number, whether it is the leaves), with
    `state` the run, the tag feature and the sections of the level set aside so far (`inner`,
    grown here), and `lists` the sample, the index pages and the sample link DOM path: its pages
    of a section's URL template are set aside unprobed; when its probe fails, the sections its
    loaded pages show (`inner_sections`) are set aside and its other pages probed again; and
    when the level holds sections and the group's probed pages are none, it passes. At the
    leaves a page the probe loads that shows itself a section is no leaf, whatever its simhtml:
    it is not measured against minsim_html, which would load the best group's sample to
    judge a page set aside either way.

    Choice (beyond the paper): a level whose list holds sections (pages listing the level's
    pages as its index page does) is a tree of variable depth, an API reference's namespaces
    beside its classes, interfaces and functions: its leaves are told from its inner nodes by
    what their pages list, not by their markup, which differs by kind of declaration (a
    function's page no more like a class's than a namespace's is). The index pages' own URLs
    (their permalinks in the list) are no leaves."""
    (run, mode, inner), (sp, index_pages, sdp), (number, leaf) = state, lists, level
    if not leaf:
        passed, best = await probe(group.urls, None)
        return group, passed, best
    own = {u for p in index_pages for u in own_urls(p)}
    known = [u for u in group.urls if _of_sections(u, inner) and u not in inner]
    inner.extend(known)
    group = replace(group, urls=tuple(u for u in group.urls if u not in own and u not in inner))

    # the level read once for every page the probes load
    reading = _reading(run, mode, sp, index_pages, sdp) if group.urls else None

    def section(url: str) -> bool:
        return _shown_section(run, mode, [url], sp, index_pages, reading) is not None

    passed, best = await probe(group.urls, section) if group.urls else (False, -1.0)
    while group.urls and not passed:
        found = inner_sections(run, mode, group.urls, sp, index_pages, sdp, number)
        if not found:
            break
        inner.extend(found)
        group = replace(group, urls=tuple(u for u in group.urls if u not in found))
        if group.urls:
            passed, best = await probe(group.urls, section)
    if group.urls and not passed and _of_kind_listed(run, mode, group.urls, inner, sdp):
        passed = True
        run.note(
            "same-level",
            "keep",
            f"{len(group.urls)} leaves of the level's tree",
            level=number,
            urls=group.urls,
            values={"simhtml": max(best, 0.0)},
            note="the level's list holds sections (pages listing its pages as the index page "
            "does), and its sections list pages of this group's URL templates: a page of it that "
            "lists none is a leaf of the tree, whatever its markup",
        )
    return group, passed, best
