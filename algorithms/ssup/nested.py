"""SSUP's trees of one template (beyond the paper): lists and entities that are pages of one URL
template, nested to any depth.

A topic-oriented help (or any tree whose inner nodes are pages named as its leaves are) lists,
in one list, both entities and guides that list more entities and guides, at depths that vary
from one branch to the next: the front page lists three topics beside nine guides, a guide its
topics beside its sub-guides. Algorithm 4's levels of fixed height catch the seed's own branch
only. The tree shows itself on the sample page path: the seed's index page has the seed's URL
template (`urlshape.seed_template`), and so has the page above it, which lists it in the same
kind of list (`sections.outline`) as it lists the seed.

Then every page of that template the tree's lists link to is loaded once and judged by what it
is: a list of the tree is followed in turn, another page is an entity. A page is a list when
its structure (`element_schema`: every element's path, classes included) is more like one of
the path's lists than like the seed, or when a page of the tree names it in its trail (the
link DOM path through which the seed shows its ancestors: a page's trail names lists only).
The roots are the path's index pages and the root of the seed's trail when it has the template
too (`trails.trail_root_url`: the front page the climb leaves out as navigation). A page that
lists pages of the template through a list built as the tree's (`list_shape`) is a list too,
however few entries it holds (a guide of three topics, drawn in one column where a longer one
takes two, is built more like a topic than like the path's lists).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any
from urllib.parse import urldefrag, urlsplit

from siteseer.algorithms.features.dom import TagFeature, element_step, html_schema, link_path
from siteseer.algorithms.features.urlshape import UrlTemplate, seed_template
from siteseer.algorithms.run import Run
from siteseer.algorithms.ssup.candidates import own_urls
from siteseer.algorithms.ssup.sections import outline
from siteseer.algorithms.ssup.verdicts import navigation_list
from siteseer.render import Snapshot

__all__ = ["element_schema", "list_shape", "one_template_tree", "tree_template"]

# A step repeated (``div/div/div``), and a section's step (`list_shape`).
_RUN = re.compile(r"(?<![^/])([^/]+)(?:/\1)+(?![^/])")
_SECTION = re.compile(r"/section(?=/)")


def tree_template(chain: Sequence[Snapshot], sdps: Sequence[str]) -> UrlTemplate | None:
    """The URL template of the seed (`chain`'s last page) when its index page and the page
    above it are pages of that template too, the one listing the other in the same kind of list
    (`outline` of their sample link DOM paths) as the other lists the seed; else None."""
    if len(chain) < 3 or len(sdps) < 2:
        return None
    template = seed_template(chain[-1].url)
    if template is None or not all(template.matches(p.url) for p in chain[-3:-1]):
        return None
    return template if outline(sdps[-1]) == outline(sdps[-2]) else None


def list_shape(path: str) -> str:
    """The kind of list a link DOM path (any tag-feature mode) belongs to, however deep its
    wrappers nest: its `outline` without sections, each run of one tag folded into one.

    >>> list_shape("html/body/main/article/div[@class]/div[@class]/section/div[@class]/a")
    'html/body/main/article/div/a'
    """
    return _RUN.sub(r"\1", _SECTION.sub("", outline(path)))


def element_schema(page: Snapshot) -> frozenset[str]:
    """The paths from the root to every element of `page`, each step a tag with its attributes'
    values (`element_step`, ``"values"``): a page's build, its lists' containers named."""
    paths: set[str] = set()

    def walk(element: Any, prefix: str) -> None:
        if not isinstance(element.tag, str):
            return  # a comment or a processing instruction
        path = f"{prefix}/{element_step(element, 'values')}"
        paths.add(path)
        for child in element:
            walk(child, path)

    walk(page.tree(), "")
    return frozenset(paths)


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 0.0


def _trail_path(seed: Snapshot, above: Sequence[Snapshot], mode: TagFeature) -> str | None:
    """The link DOM path of the seed's first link to a page above it on the path (its trail)."""
    ups = set().union(*(own_urls(p) for p in above))
    return next((link_path(k, mode) for k in seed.links if k.url in ups), None)


async def one_template_tree(
    run: Run,
    mode: TagFeature,
    template: UrlTemplate,
    chain: Sequence[Snapshot],
    roots: Sequence[Snapshot],
    entities: list[str],
    level: int,
    sdp: str,
) -> list[str]:
    """The lists of the tree of `template` from `roots` (the index pages of `chain`, the sample
    page path, and the trail's root), each page of the template they link to outside the site
    navigation the seed carries too (`verdicts.navigation_list`) loaded once and judged: a list
    is followed, another page added to `entities`, which holds the seed and the pages the walk
    caught (those are not loaded again). `sdp` is the link DOM path through which the seed's
    index page lists it. Returns the lists that added an entity."""
    seed = chain[-1]
    shape = list_shape(sdp)
    lists = [element_schema(p) for p in chain[:-1]]
    alike = element_schema(seed)
    trail = _trail_path(seed, chain[:-1], mode)
    named: set[str] = set()
    known = set(entities)
    judged: set[str] = known.union(*(own_urls(p) for p in roots))
    queue = list(roots)
    held: dict[str, Snapshot] = {}  # pages judged entities, while no trail names them
    used: list[str] = []
    host = urlsplit(seed.url).netloc
    own = html_schema(seed, mode)  # the seed's own lists: its trail, guides, see-also

    def names(page: Snapshot) -> None:
        named.update(urldefrag(k.url)[0] for k in page.links if link_path(k, mode) == trail)

    def follow(page: Snapshot) -> None:
        queue.append(page)
        judged.update(own_urls(page))
        if page.url in known:
            entities.remove(page.url)
            known.discard(page.url)

    names(seed)
    while queue:
        page = queue.pop(0)
        menus = {
            p
            for p in {link_path(k, mode) for k in page.links}
            if p in own or navigation_list(page, seed, p, mode)
        }
        linked = [
            url
            for url in dict.fromkeys(
                urldefrag(k.url)[0] for k in page.links if link_path(k, mode) not in menus
            )
            if url not in judged
            and template.matches(url)
            and urlsplit(url).netloc == host
            and run.session.in_scope(url)
        ]
        judged.update(linked)
        fetched = await run.fetch(linked)
        added: list[str] = []
        for url in linked:
            got = fetched.get(url)
            if got is None:
                continue
            names(got)
            schema = element_schema(got)
            listing = any(
                list_shape(link_path(k, mode)) == shape
                and template.matches(k.url)
                and urldefrag(k.url)[0] != url
                for k in got.links
            )
            if (
                listing
                or url in named
                or max(_jaccard(s, schema) for s in lists) > _jaccard(alike, schema)
            ):
                follow(got)
                continue
            held[url] = got
            if url not in known:
                known.add(url)
                entities.append(url)
                added.append(url)
        for url in [u for u in held if u in named]:
            follow(held.pop(url))
            if url in added:
                added.remove(url)
        if added:
            used.append(page.url)
            run.note(
                "same-level",
                "keep",
                f"{len(added)} pages listed by {page.url}",
                level=level,
                urls=added,
                note="a list of the tree of one template lists them: each page of the template "
                "it links to loaded, those built like the seed, more than like the path's "
                "lists, and named by no page's trail kept",
            )
    return used
