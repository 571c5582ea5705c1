"""How Algorithm 2 groups a level's links before judging them (lines 5–9), shared by SSUP's
levels and its visual variant.

A `LinkGrouper` maps (sample URL, the level's index pages, sample link DOM path, tag feature) to
groups of links, best first; `group_links` is SSUP's own (equal strongsim with the sample page),
`algorithms.ssup.visual.visual_group_links` adds the links of visual lists that play the sample
list's role.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeAlias
from urllib.parse import urldefrag, urljoin, urlsplit

from siteseer.algorithms.features.dom import (
    TagFeature,
    item_rows,
    link_dom_path,
    nested_list,
    path_urls,
    unnumbered,
)
from siteseer.algorithms.features.url import term_weights
from siteseer.algorithms.features.urlshape import seed_template
from siteseer.algorithms.ssup.headed import other_sections
from siteseer.algorithms.ssup.probes import below_folder
from siteseer.render import Snapshot

__all__ = ["SIM_DIGITS", "LinkGroup", "LinkGrouper", "group_links"]

# Two strongsim values closer than this are one group (float noise from summing weights).
SIM_DIGITS = 9

# A list nested in a collapsible item of another (``li/details/ul/li``).
_COLLAPSIBLE = re.compile(r"(?<![^/])li(?:\[[^\]]*\])*/details(?:\[[^\]]*\])*/(?:ul|ol)")
# A list nested in an item of another (``li/ul/li``).
_NESTED = re.compile(r"(?<![^/])li(?:\[[^\]]*\])*/(?:ul|ol)(?:\[[^\]]*\])*/li(?:/|\[)")
# The innermost list nested in an item of another, split around it (``…li/`` ``ul/li`` ``/a``).
_INNERMOST = re.compile(
    r"^(.*(?<![^/])li(?:\[[^\]]*\])*)/(?:ul|ol)(?:\[[^\]]*\])*/li(?:\[[^\]]*\])*(/[^/]*)$"
)
# The innermost list item of a path, split around it (``…`` ``/ul/li`` ``/a``).
_LAST_ITEM = re.compile(r"^(.*)(/(?:ul|ol)(?:\[[^\]]*\])*/li(?:\[[^\]]*\])*)(/[^/]*)$")
# The share of a depth's entries the depth below must link to for its other entries to join.
_DEPTH_SHARE = 0.8


@dataclass(frozen=True, slots=True)
class LinkGroup:
    """Links judged together by Algorithm 2: `score` is what they share with the sample page
    (their strongsim for `group_links`), `urls` are in URL order; `joined` are kept with the
    group and never probed (`_depth_above`)."""

    score: float
    urls: tuple[str, ...]
    joined: tuple[str, ...] = ()


LinkGrouper: TypeAlias = Callable[[str, Sequence[Snapshot], str, TagFeature], list[LinkGroup]]
"""(sample URL, index pages of the level, sample link DOM path, tag feature) → groups, best
first. `group_links` is SSUP's; a visual grouping can take its place."""


def group_links(
    sample_url: str, index_pages: Sequence[Snapshot], sdp: str, mode: TagFeature = "attrs"
) -> list[LinkGroup]:
    """Algorithm 2, lines 5–9: the links of `index_pages` in the sample link DOM path `sdp`
    (the sample itself left out), grouped by equal strongsim with the sample page, best first.

    Term weights are computed over the link DOM paths of all the level's index pages merged, as
    in the paper's Table 1.
    """
    paths = path_urls(index_pages, mode)
    weights = term_weights(sample_url, paths, sdp)
    grouped: dict[float, list[str]] = {}
    rows = item_rows(sdp)
    # Choice: a table's rows striped by their place (``tr[@id]`` beside ``tr[@id][@class]``)
    # are one list (`dom.item_rows`), the sample's path first; so are the depths of a
    # collapsible tree of links (`dom.nested_list`: a module index nests each namespace's
    # entries in a ``details`` element of its item), whose entries a path per depth would
    # split, and those of a tree that holds the sample under an item of its own URL template
    # (an inheritance tree nests each class under its base: `_under_own_kind`), where its
    # depths are the entries' content, not their kinds; their items must be built as the
    # sample's (``li/div/code/a`` at each depth). Another tree (a table of contents' chapters
    # over their sections, a wiki's namespaces over their pages) is left to the sections its
    # pages list, as its depths may hold other kinds.
    nested = _NESTED.search(sdp) and _under_own_kind(index_pages, sample_url, sdp, mode)
    tree = nested_list(sdp) if _COLLAPSIBLE.search(sdp) or nested else None
    listed = [
        u
        for p, urls in paths.items()
        if p == sdp or item_rows(p) == rows or (tree is not None and nested_list(p) == tree)
        for u in urls
    ]
    others = other_sections(index_pages, sample_url, listed)
    scores: dict[str, float] = {}
    for url in dict.fromkeys(listed):
        if url == sample_url or url in others:
            continue
        scores[url] = round(weights.strongsim(url), SIM_DIGITS)
        grouped.setdefault(scores[url], []).append(url)
    extra, held = _depth_above(paths, sdp, listed)
    joined: dict[float, list[str]] = {}
    if extra and held & scores.keys():
        # the group the depth above joins: most of its entries fell in it
        joins = Counter(scores[u] for u in held & scores.keys()).most_common(1)[0][0]
        joined[joins] = [u for u in extra if u != sample_url]
    for parent, children in _depth_below(paths, sdp, scores.keys()).items():
        joined.setdefault(scores[parent], []).extend(children)
    return [
        LinkGroup(score, tuple(sorted(urls)), tuple(dict.fromkeys(joined.get(score, ()))))
        for score, urls in sorted(grouped.items(), key=lambda kv: (_own(kv[1], sample_url), -kv[0]))
    ]


def _own(urls: Sequence[str], sample_url: str) -> bool:
    """Whether every page of a group lies below the sample's own folder (`probes.below_folder`).

    Choice: the pages below the sample's folder (its thread, its raw source: ``/<id>/T/``,
    ``/<id>/raw`` beside ``/<id>/``) share its URL's own terms, and so weigh most in strongsim;
    they are the sample's contents, no sample of its siblings: such a group comes after the
    others, judged as they are (it is no best group, which sets minsim_html)."""
    return all(below_folder(u, sample_url) for u in urls)


def _depth_above(
    paths: dict[str, tuple[str, ...]], sdp: str, listed: Sequence[str]
) -> tuple[list[str], set[str]]:
    """The entries of the depth above `sdp` in a nested list (``li/ul/li/a`` → ``li/a``) that
    `listed` leaves out, when at least `_DEPTH_SHARE` of that depth's entries (three or more)
    are pages `listed` holds, and those it holds.

    Choice (beyond the paper): a table of contents lists each page's sections under its entry
    (``quickstart/#routing``, read as the page itself); a page whose entry holds its child
    pages instead (a section's own page), or no sections at all, is linked only from the depth
    above, which lists the same pages: that depth is the same list."""
    match = _INNERMOST.match(sdp)
    above = paths.get(f"{match[1]}{match[2]}", ()) if match else ()
    known = set(listed)
    held = [u for u in above if u in known]
    if len(held) < 3 or len(held) < _DEPTH_SHARE * len(above):
        return [], set()
    return [u for u in above if u not in known], set(held)


def _depth_below(
    paths: dict[str, tuple[str, ...]], sdp: str, listed: Iterable[str]
) -> dict[str, list[str]]:
    """The entries of the depth below `sdp` in a nested list (``li/a`` → ``li/ul/li/a``), each
    under the page of `listed` whose URL names the folder it sits in (``/Help/Export.html``
    over ``/Help/Export/HTML.html``), when at least `_DEPTH_SHARE` of that depth's entries do:
    parent page → its entries.

    Choice (beyond the paper): a wiki's page tree nests a page's sub-pages under its entry,
    their URLs in the folder its own names; they are pages as it is, of its kind. A depth below
    whose entries lie in no folder of the entries above (a table of contents' sections, an
    index's other kinds) is another list."""
    match = _LAST_ITEM.match(sdp)
    below = paths.get(f"{match[1]}{match[2]}{match[2]}{match[3]}", ()) if match else ()
    stems = {_stem(u): u for u in listed}
    children: dict[str, list[str]] = {}
    for url in dict.fromkeys(below):
        path = urlsplit(url).path
        parent = next((stems[p] for p in _folders_of(path) if p in stems), None)
        if parent is not None and url not in stems.values():
            children.setdefault(parent, []).append(url)
    if sum(map(len, children.values())) < _DEPTH_SHARE * len(set(below)):
        return {}
    return children


def _stem(url: str) -> str:
    """The folder `url`'s page names (``/a/b`` for ``/a/b.html`` and ``/a/b/``)."""
    path = urlsplit(url).path.rstrip("/")
    return path.rsplit(".", 1)[0] if "." in path.rsplit("/", 1)[-1] else path


def _folders_of(path: str) -> list[str]:
    """The folders above `path`, nearest first (``/a/b``, ``/a`` for ``/a/b/c.html``)."""
    parts = path.rstrip("/").split("/")[:-1]
    return ["/".join(parts[:i]) for i in range(len(parts), 1, -1)]


def _under_own_kind(
    index_pages: Sequence[Snapshot], sample_url: str, sdp: str, mode: TagFeature
) -> bool:
    """Whether an index page lists the sample through `sdp` in a list nested in an item that
    links, outside its own nested lists, a page of the sample's URL template
    (`urlshape.seed_template`): the sample's parent in a tree of its own kind."""
    template = seed_template(sample_url)
    if template is None:
        return False
    for page in index_pages:
        base = page.final_url or page.url
        for anchor in page.tree().iter("a"):
            href = anchor.get("href")
            if href is None or urldefrag(urljoin(base, href.strip()))[0] != sample_url:
                continue
            if unnumbered(link_dom_path(anchor, mode)) != sdp:
                continue
            item = next(anchor.iterancestors("li"), None)
            parent = None if item is None else next(item.iterancestors("li"), None)
            if parent is None:
                continue
            for other in parent.iter("a"):
                if next(other.iterancestors("li"), None) is not parent or not other.get("href"):
                    continue
                if template.matches(urldefrag(urljoin(base, other.get("href").strip()))[0]):
                    return True
    return False
