"""A tree of folders: a gallery's albums, each its own folder, listing its sub-albums or its items.

When the start list is a folder's page listing the entities its folder holds (``/mate/nature/``
listing ``/mate/nature/Dune.jpg.html``), the folders above it show the tree it sits in: each lists
the next folder down the start's path (``/`` lists ``/mate/``, ``/mate/`` lists
``/mate/nature/``), in a list of folders. Those lists, wherever a page of the tree draws them
(the containers the path's links sit in), name the rest of the tree: every folder they link one
segment below the page's own is loaded, a wave at a time, and each that lists entities named
like the start list's (the same container, the same last-segment form: outline.py
`leaf_suffix`) directly in its folder is one more page of the start query, with the pages its
own pager links (an album's ``index_1.html``); the folders it lists in turn make the next wave
(never an entity one lists, though its address be a folder). A folder's index document
(``/mate/index.html``, as a static generator links its albums) stands for its folder. The
entity pattern is learned again from every entity listed. A folder whose list offers other
orderings than the start list's, or none where it offers some (views.py `sort_fields`: a REST
API's ``/api/subdivisions/`` ordered by ``code`` beside ``/api/countries/`` ordered by
``alpha_2``), lists another kind of entity: neither its entities nor its folders are followed.

Nothing is loaded where the start list's entities are not all its folder's own, where the
start page is no folder two segments deep or more (a section one segment deep and the folders
beside it are the lists beside the start list, each a value of its own: beside.py), or where no
folder above it lists the next one down.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from siteseer.algorithms.features.outline import leaf_suffix
from siteseer.algorithms.querycentric.items import result_container
from siteseer.algorithms.querycentric.model import EntityPattern, entity_url
from siteseer.algorithms.querycentric.views import folder_form, sort_fields
from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.algorithms.querycentric.core import Explorer

__all__ = ["MAX_FOLDERS", "child_of", "folder_pages", "within_folder"]

MAX_FOLDERS = 100  # folder pages loaded at most


def _folder(url: str) -> tuple[str, tuple[str, ...]] | None:
    """A folder URL's host and path segments, a folder's index document (``/mate/index.html``)
    standing for its folder (None for another file or an address with a query)."""
    parts = urlsplit(folder_form(url))
    if parts.query or not parts.path.endswith("/"):
        return None
    return parts.netloc.lower(), tuple(s for s in parts.path.split("/") if s)


def child_of(url: str, folder: tuple[str, tuple[str, ...]]) -> bool:
    """Whether `url` lies directly in `folder` (same host, one segment below its path)."""
    parts = urlsplit(url)
    segs = tuple(s for s in parts.path.split("/") if s)
    host, path = folder
    return parts.netloc.lower() == host and len(segs) == len(path) + 1 and segs[:-1] == path


def _base(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


async def folder_pages(ex: Explorer, pages: list[Snapshot]) -> list[Snapshot]:
    """The folder pages the start list's tree of folders continues on (see the module
    docstring), in the order loaded; [] when the start list is no folder's own."""
    if ex.rows is not None or ex.pattern is None or ex.containers is None or not pages:
        return []
    first = pages[0]
    start = _folder(first.final_url)
    listed = list(ex.entities(first))
    if start is None or len(start[1]) < 2 or not listed:
        return []
    suffixes = {leaf_suffix(u) for u in listed}
    if len(suffixes) != 1 or not all(child_of(u, start) for u in listed):
        return []
    suffix = suffixes.pop()
    base = _base(first.final_url)
    above = [f"{base}/" + "/".join(start[1][:i]) + ("/" if i else "") for i in range(len(start[1]))]
    ups = [p for p in await ex.pages(above[::-1]) if p is not None]
    # the lists of folders: the containers through which each folder above links the next
    # folder down the start's path
    path = {folder_form(u) for u in [*above, first.final_url]}
    lists = {
        result_container(x)
        for page in ups
        if (own := _folder(page.final_url)) is not None
        for x in page.links
        if folder_form(x.url) in path and child_of(folder_form(x.url), own)
    }
    if not lists:
        return []
    # an entity the list names is a leaf of the tree, even where its address is a folder
    # (an API's ``/api/countries/AF/``): never a folder to look into
    seen = {folder_form(u) for p in pages for u in (p.url, p.final_url)} | set(above) | set(listed)
    items = list(listed)
    orderings = sort_fields(first)
    out: list[Snapshot] = []
    wave = _subfolders([*ups, first], lists, seen)
    while wave and len(out) < MAX_FOLDERS:
        wave = wave[: MAX_FOLDERS - len(out)]
        seen.update(folder_form(u) for u in wave)
        loaded = [p for p in await ex.pages(wave) if p is not None]
        loaded = [p for p in loaded if _same_kind(ex, orderings, p)]
        for snap in loaded:
            own = _folder(snap.final_url)
            if own is None:
                continue
            found = [
                entity_url(x.url)
                for x in snap.links
                if result_container(x) in ex.containers
                and child_of(x.url, own)
                and leaf_suffix(x.url) == suffix
            ]
            if found:
                out.append(snap)
                items += [u for u in dict.fromkeys(found) if u not in items]
                seen.update(found)
        wave = _subfolders(loaded, lists, seen)
    if out:
        ex.pattern = replace(EntityPattern.from_urls(sorted(items)), suffix=suffix)
        # each folder's list paged as the start list is (an album's ``index_1.html``)
        paged = await ex.cluster_many(out, [p.final_url for p in out])
        out = [p for pages_of in paged for p in pages_of]
        ex.run.note(
            "folders",
            "continue",
            first.final_url,
            values={"pages": float(len(out))},
            note=f"the list continues in the folders of its tree ({ex.pattern.describe()})",
        )
    return out


def _same_kind(ex: Explorer, orderings: frozenset[str], page: Snapshot) -> bool:
    """Whether the folder `page` lists entities of the start list's kind: not where the start
    list offers orderings and `page` others, or none (views.py `sort_fields`: an API's
    subdivisions ordered by ``code`` beside its countries ordered by ``alpha_2``, each a folder
    of the API)."""
    own = sort_fields(page)
    if not orderings or own == orderings:
        return True
    ex.run.note(
        "folders",
        "other-kind",
        page.final_url,
        note=f"ordered by {', '.join(sorted(own)) or 'nothing'}, the start list by "
        + ", ".join(sorted(orderings)),
    )
    return False


def _subfolders(pages: list[Snapshot], lists: set[str], seen: set[str]) -> list[str]:
    """The folders `pages` link in a list of folders (`lists`), each one segment below the
    page's own, not yet seen."""
    out: list[str] = []
    for page in pages:
        own = _folder(page.final_url)
        if own is None:
            continue
        for x in page.links:
            folder = folder_form(x.url)
            shown = result_container(x) in lists and child_of(folder, own) and _folder(x.url)
            if shown and folder not in seen and all(folder_form(u) != folder for u in out):
                out.append(x.url)
    return out


def within_folder(start: str, pages: list[Snapshot]) -> list[Snapshot]:
    """The pages of `pages` in the folder of the list `start` or below it (its own pages:
    ``index_1.html``, ``page/2/``), not the other folders of its tree (``/ukui/`` beside
    ``/mate/nature/``); all of them when none is, or `start` is at the site's root."""
    head = urlsplit(folder_form(start)).path.rpartition("/")[0] + "/"
    inside = [p for p in pages if urlsplit(p.final_url).path.startswith(head)]
    return inside if head != "/" and inside else pages
