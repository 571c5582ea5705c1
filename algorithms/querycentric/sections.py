"""A nested list continued on its sections' pages: a documentation tree split over sections.

A documentation site's home page draws its table of contents a few levels deep; each section's
own page (its folder's index document: ``/usage/index.html``, ``/changes/index.html``) draws
the rest of its branch, in the same kind of nested list. When the start list is a nested list
(entities.py) whose items name files, its items named as a folder's index document are loaded,
a wave at a time, and each whose page lists entities in a list alike to the start list's (but
for the document sections it sits in: shapes.py `alike_container`) is one more page of the
start query; the sections it names in turn make the next wave. The entity pattern widens to
the depths the sections' items have (a branch four folders deep).

A wiki names its pages by one parameter, in namespaces (``?id=library:json``): the start list's
items that are their namespace's own page (the name several namespaces share after theirs:
``library:start``, ``tutorial:start``) are its sections, nested list or not; below them, every
page of the tree that lists pages in a list alike continues it (a namespace's chapters list
their pages), each page loaded once.

A site whose items are folders (``/guide/``, ``/guide/install/``) names every page as a folder's:
there nothing tells a section by its name. But a list cut at a depth tells it by what it shows:
where some items' sublists name the documents below them, an item whose sublist links only its
own page's sections (``/deploying/#hosting``) may hold documents below the depth shown (its own
list under one of those headings); those items are loaded, and each listing entities not yet
known continues the start list (`own_sections_only`). Otherwise nothing is loaded.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, urldefrag, urljoin, urlsplit

from siteseer.algorithms.querycentric.entities import tree_items
from siteseer.algorithms.querycentric.model import EntityPattern
from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.algorithms.querycentric.core import Explorer

__all__ = [
    "MAX_SECTIONS",
    "namespace_pages",
    "own_sections_only",
    "section_pages",
    "sections_of",
]

MAX_SECTIONS = 200  # section pages loaded at most
_INDEX = re.compile(r"index\.[a-z]{2,5}", re.IGNORECASE)


def sections_of(items: list[str]) -> list[str]:
    """The items named as a folder's index document, when most items name files (a last path
    segment with an extension), or as a namespace's own page (`namespace_pages`); [] when
    neither."""
    last = [urlsplit(u).path.rsplit("/", 1)[-1] for u in items]
    if sum(1 for name in last if "." in name) * 2 <= len(last):
        return []
    indexes = [u for u, name in zip(items, last, strict=True) if _INDEX.fullmatch(name)]
    return indexes or namespace_pages(items)


def namespace_pages(items: list[str]) -> list[str]:
    """The items that are their namespace's own page, when every item is named by one query
    parameter whose value is namespaced (a wiki's ``?id=library:json``): those whose last name
    after the namespace is the one several namespaces share (``library:start``,
    ``tutorial:start``: each namespace's start page lists its pages)."""
    named: list[tuple[str, str]] = []
    for url in items:
        pairs = parse_qsl(urlsplit(url).query, keep_blank_values=True)
        if len(pairs) != 1:
            return []
        space, _, leaf = pairs[0][1].rpartition(":")
        named.append((space, leaf))
    spaces: dict[str, set[str]] = {}
    for space, leaf in named:
        if space:
            spaces.setdefault(leaf, set()).add(space)
    shared = {leaf for leaf, found in spaces.items() if len(found) >= 2}
    return [u for u, (space, leaf) in zip(items, named, strict=True) if space and leaf in shared]


def own_sections_only(page: Snapshot, items: list[str]) -> list[str]:
    """The items of `page`'s nested list, when most name folders, whose sublist links only
    their own page's sections (``/deploying/`` over ``/deploying/#hosting``), where another
    item's sublist names documents below it (``/patterns/`` over ``/patterns/celery/``): the
    list is cut at a depth, and such an item's page may list documents the list does not show
    (its own list under a section heading). [] when no item's sublist names a document."""
    last = [urlsplit(u).path.rsplit("/", 1)[-1] for u in items]
    if sum(1 for name in last if "." in name) * 2 >= len(last):
        return []
    anchors = [
        (a, urldefrag(urljoin(page.final_url, href))[0])
        for a in page.tree().iter("a")
        if (href := (a.get("href") or "").strip())
    ]
    inside: dict[Any, list[str]] = {}  # a list item → the URLs of the anchors inside it
    for anchor, url in anchors:
        for element in anchor.iterancestors("li"):
            inside.setdefault(element, []).append(url)
    wanted = set(items)
    own: list[str] = []
    documents = False
    for anchor, url in anchors:
        item = next(anchor.iterancestors("li"), None)
        if url not in wanted or item is None:
            continue
        urls = set(inside[item])
        if len(inside[item]) > 1 and urls == {url}:
            own.append(url)
        documents = documents or bool(urls - {url})
    return list(dict.fromkeys(own)) if documents else []


async def section_pages(ex: Explorer, pages: list[Snapshot]) -> list[Snapshot]:
    """The section pages the nested start list of `pages` continues on (see the module
    docstring), in the order loaded; [] when the start list is no nested list."""
    if ex.rows is not None or ex.pattern is None or not pages:
        return []
    found = tree_items(pages[0], ex.pattern)
    items = list(found[1]) if found is not None else list(ex.entities(pages[0]))
    if found is None and not namespace_pages(items):
        return []
    seen = {u for p in pages for u in (p.url, p.final_url)}
    out: list[Snapshot] = []
    folders = [] if found is None else own_sections_only(pages[0], items)
    wave = [u for u in sections_of(items) or folders if u not in seen]
    while wave and len(out) < MAX_SECTIONS:
        wave = wave[: MAX_SECTIONS - len(out)]
        seen.update(wave)
        nxt: list[str] = []
        for snap in await ex.pages([ex.as_hub(u) for u in wave]):
            if snap is None or not ex.entities(snap):
                continue
            if snap.url in folders and not set(ex.entities(snap)) - set(items):
                continue  # a document's sections, no list below it
            out.append(snap)
            more = tree_items(snap, ex.pattern)
            listed = list(more[1]) if more is not None else list(ex.entities(snap))
            if any(not ex.pattern.matches(u) for u in listed):
                ex.pattern = EntityPattern.from_urls(sorted({*items, *listed}))
            items += [u for u in listed if u not in items]
            onward = listed if found is None else sections_of(listed)
            nxt += [u for u in onward if u not in seen and u not in nxt]
        wave = nxt
    if out:
        ex.run.note(
            "sections",
            "continue",
            pages[0].final_url,
            values={"pages": float(len(out))},
            note=f"the nested list continues on its sections' pages ({ex.pattern.describe()})",
        )
    return out
