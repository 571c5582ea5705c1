"""Lists split under headings: an index page that lists several kinds of pages through one link
DOM path, one list per kind, each list after its own heading (``<h3>Classes:</h3><ul>…</ul>
<h3>Interfaces:</h3><ul>…</ul>``), lists the sample's kind in the list that holds the sample.

`other_sections` names the links a level's group would take from the other lists. A list is
another kind's when it follows a heading and its links share nothing with the sample's lists:
no top folder of their URLs (``modules/…`` beside ``classes/…``) or, where its items carry a class,
no class value of them (``li.class`` beside ``li.interface``). Lists of one kind cut in parts
(an index by initial letter: a heading per letter, the same folder, the same item classes) share
both and stay whole. A link in no list element and no paragraph is in the block a heading
opens, where it sits in one, and is its own item there (an API reference's tables of ``div``
rows, one after each heading, the kind the links' class: ``a.mod`` beside ``a.macro``); a
paragraph's links are prose, no list's.

Lists of one folder and no item classes (a sidebar's ``<h3>Namespaces</h3><ul>`` beside
``<h3>Classes</h3><ul>``, every page at the site root) are told apart by the pages loaded
already, where the caller gives them (`unlike`): a list whose loaded pages are all unlike the
sample is another kind's when the sample's lists hold a loaded page like it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from urllib.parse import urldefrag, urljoin, urlsplit

from siteseer.algorithms.features.dom import (
    TagFeature,
    fold_blocks,
    html_schema,
    link_path,
    simhtml,
)
from siteseer.render import Snapshot

__all__ = ["other_entries", "other_sections", "unlike_loaded"]

_LISTS = frozenset({"ul", "ol", "dl", "table"})
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


def other_sections(
    pages: Sequence[Snapshot],
    sample_url: str,
    urls: Iterable[str],
    unlike: Mapping[str, bool] | None = None,
) -> frozenset[str]:
    """The URLs of `urls` that `pages` list only in headed lists of another kind than the
    lists holding `sample_url` (see the module's text); empty where no page splits them.
    `unlike` maps the URLs of pages loaded already (the sample's aside) to whether each is
    unlike the sample (`_unlike_list`).

    Choice (beyond the paper): where folders and item classes are shared, a list's loaded
    pages are the only yield that tells its kind; no page is downloaded for it, and a list
    none of whose pages was loaded stays."""
    unlike = unlike or {}
    wanted = set(urls)
    wanted.add(sample_url)
    dropped: set[str] = set()
    kept: set[str] = set()
    for page in pages:
        sections = _sections(page, wanted)
        own = [links for links in sections.values() if any(u == sample_url for u, _ in links)]
        if len(sections) < 2 or not own:
            kept.update(u for links in sections.values() for u, _ in links)
            continue
        folders = {f for links in own for f in _folders(links)}
        classes = {c for links in own for c in _classes(links)}
        judged = any(unlike.get(u) is False for links in own for u, _ in links)
        for lst, links in sections.items():
            other = (
                not any(u == sample_url for u, _ in links)
                and _headed(lst)
                and (
                    not folders & _folders(links)
                    or bool(classes and _classes(links) and not classes & _classes(links))
                    or (judged and _unlike_list(links, unlike))
                )
            )
            (dropped if other else kept).update(u for u, _ in links)
    return frozenset(dropped - kept)


def other_entries(
    pages: Sequence[Snapshot], sample_url: str, urls: Iterable[str], unlike: Mapping[str, bool]
) -> frozenset[str]:
    """The URLs of `urls` that `pages` list only in entries of another form than the sample's
    (the "values" link DOM path, a tree of blocks folded: `fold_blocks`), none of whose URLs
    shares a top folder with the entries of the sample's form, and whose pages loaded already
    are all unlike the sample (`unlike`), one at least.

    Choice (beyond the paper): a navigation every page carries may list, beside the pages of
    a documentation, its indexes in entries of their own (``div.entry > div.index > a`` to
    ``/index/Functions.html`` beside ``div.entry > div.file > a`` to ``/files/…``): the
    entries' form and folders set them apart, and a page of them loaded shows their kind."""
    wanted = set(urls) | {sample_url}
    forms: dict[str, set[str]] = {}
    for page in pages:
        for link in page.links:
            if link.url in wanted:
                forms.setdefault(fold_blocks(link_path(link, "values")), set()).add(link.url)
    mine = {u for entries in forms.values() if sample_url in entries for u in entries}
    folders = _top_folders(mine)
    dropped: set[str] = set()
    for entries in forms.values():
        seen = [unlike[u] for u in entries if u in unlike]
        if sample_url not in entries and not folders & _top_folders(entries) and seen and all(seen):
            dropped |= entries
    return frozenset(dropped - mine)


def unlike_loaded(
    pages: Mapping[str, Snapshot], sp: Snapshot, urls: Iterable[str], mode: TagFeature, sim: float
) -> dict[str, bool]:
    """For each of `urls` loaded already in `pages` (`sp`'s aside): whether its simhtml with the
    sample `sp` is below `sim` (the `unlike` of `other_sections`)."""
    schema = html_schema(sp, mode)
    return {
        u: simhtml(schema, html_schema(pages[u], mode)) < sim
        for u in urls
        if u != sp.url and u in pages and pages[u].ok
    }


_Link = tuple[str, object]  # a URL, its item (the list's child holding it)


def _sections(page: Snapshot, wanted: set[str]) -> dict[object, list[_Link]]:
    """The lists of `page` linking to `wanted` URLs: list element → (URL, its item) pairs; a
    link in no list element and no paragraph is in the nearest block a heading opens, if any,
    its anchor its item."""
    base = page.final_url or page.url
    sections: dict[object, list[_Link]] = {}
    for anchor in page.tree().iter("a"):  # the page's one parse, shared with every reader
        href = anchor.get("href")
        if not href:
            continue
        url = urldefrag(urljoin(base, href.strip()))[0]
        if url not in wanted:
            continue
        item, block = anchor, None
        for parent in anchor.iterancestors():
            tag = parent.tag.lower() if isinstance(parent.tag, str) else ""
            if tag in _LISTS:
                sections.setdefault(parent, []).append((url, item))
                break
            if tag == "p":
                block = False
            elif block is None and _headed(parent):
                block = parent
            item = parent
        else:
            if block is not None and block is not False:
                sections.setdefault(block, []).append((url, anchor))
    return sections


def _unlike_list(links: list[_Link], unlike: Mapping[str, bool]) -> bool:
    """Whether every page of `links` loaded already is unlike the sample, and one is."""
    seen = [unlike[u] for u, _ in links if u in unlike]
    return bool(seen) and all(seen)


def _headed(lst: object) -> bool:
    before = lst.getprevious()  # type: ignore[attr-defined]
    while before is not None and not isinstance(before.tag, str):
        before = before.getprevious()
    return before is not None and before.tag.lower() in _HEADINGS


def _folders(links: list[_Link]) -> set[str]:
    """The top folders of the links' URLs (``modules`` of ``/modules/a.html``; ``""`` for a
    page at the root): the folders below one top (``/season/gp2/…``, ``/season/gp3/…``) are
    categories of one kind of page, not kinds."""
    return _top_folders(u for u, _ in links)


def _top_folders(urls: Iterable[str]) -> set[str]:
    paths = (urlsplit(u).path.lstrip("/") for u in urls)
    return {p.split("/", 1)[0] if "/" in p else "" for p in paths}


def _classes(links: list[_Link]) -> set[str]:
    return {c for _, item in links for c in (item.get("class") or "").split()}  # type: ignore[attr-defined]
