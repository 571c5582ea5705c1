"""DOM features shared by SSUP and Indesit: link DOM paths, html-schema, simhtml.

A *link DOM path* is the path through a page's DOM tree from the root to an anchor
(Definition 9 of SSUP; Indesit's page model). Snapshots already carry every anchor's path in
Indesit's three *tag-feature* modes (see `render.snapshot.Link`):

- ``"tags"``: tags only, ``html/body/div/ul/li/a``;
- ``"attrs"``: tags with their attribute names, ``html/body/div[@id]/ul[@class]/li/a``;
- ``"values"``: tags with attribute names and values,
  ``html/body/div[@id=content]/ul[@class=list]/li/a``.

The *html-schema* of a page is the set of its link DOM paths (Definition 8) and
``simhtml(p1, p2) = |Δ(p1) ∩ Δ(p2)| / |Δ(p1) ∪ Δ(p2)|`` (Definition 13, after Blanco et al.).
*Link collections* group a page's anchors by path (Indesit).

A page's *label schema* is the set of its label texts: the text of its header cells, definition
terms and form labels (``th``, ``dt``, ``label``). Field names are template text, the same on
every page of a type, where the values beside them are not; two types whose pages share every
link path (a plane page and an airport page of one admin application) differ there.
`simlabels` compares two label schemas like simhtml.

`link_dom_path` computes a path from an lxml element, for callers that hold a parsed tree rather
than a Snapshot; it follows the same conventions as the Snapshot's paths (lower-case tags,
attribute names sorted, the anchor's own attributes left out, and an ``ol``'s ``start`` too).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from typing import Any, Literal, TypeAlias

from siteseer.render import Link, Snapshot, inert_elements

__all__ = [
    "TAG_FEATURES",
    "HtmlSchema",
    "TagFeature",
    "element_step",
    "fold_blocks",
    "html_schema",
    "item_rows",
    "label_schema",
    "link_collections",
    "link_dom_path",
    "link_dom_paths",
    "link_path",
    "link_tree",
    "link_trees",
    "linked_anchors",
    "list_tree",
    "nested_list",
    "path_steps",
    "path_tags",
    "path_urls",
    "paths_to",
    "record_fields",
    "result_container",
    "section_headings",
    "simhtml",
    "simlabels",
    "unnumbered",
]

TagFeature: TypeAlias = Literal["tags", "attrs", "values"]
"""How much of each element a link DOM path records (Indesit's "tag feature")."""

HtmlSchema: TypeAlias = frozenset[str]

TAG_FEATURES: tuple[TagFeature, ...] = ("tags", "attrs", "values")

# The elements whose text names a field rather than holding a value.
_LABEL_TAGS = ("th", "dt", "label")
_SECTION_TAGS = ("h2", "h3", "h4", "h5", "h6")
# A JSON object's key opening a line of a pretty-printed record, with its indentation.
_JSON_FIELD = re.compile(r'^([ \t]*)"([^"\n]{1,64})"\s*:', re.MULTILINE)


def link_path(link: Link, mode: TagFeature = "tags") -> str:
    """The link DOM path of `link` in tag-feature `mode` (an ordered list's start number left
    out: `unnumbered`)."""
    if mode == "tags":
        return link.path
    if mode == "attrs":
        return unnumbered(link.path_attrs)
    if mode == "values":
        return unnumbered(link.path_values)
    raise ValueError(f"unknown tag feature {mode!r}; use one of {', '.join(TAG_FEATURES)}")


# An ordered list's start number, the attribute of an ``ol`` step (attribute names are sorted).
_LIST_START = re.compile(r"(?<=/ol)((?:\[[^\]]*\])*?)\[@start(?:=[^\]]*)?\]")


def unnumbered(path: str) -> str:
    """`path` without an ordered list's ``start`` attribute (``ol[@class][@start]`` →
    ``ol[@class]``).

    Choice: ``<ol start="9">`` numbers a list from its 9th item: page 2 of a list numbered on
    page 1 from 1 (a blog's paged index). The number is the list's position, not another list;
    with it, page 1's entries and page 2's would sit in two link DOM paths."""
    return _LIST_START.sub(r"\1", path) if "[@start" in path else path


_ATTRIBUTES = re.compile(r"\[[^\]]*\]")
_NESTED_LIST = re.compile(r"(?:/li(?:/details)?/(?:ul|ol))+(?=/li(?:/|$))")
# A list nested in a list item, its own attributes kept (`nested_list`); a collapsible tree
# wraps it in a ``details`` element.
_NESTED_LEVEL = re.compile(
    r"(?:/li(?:/details(?:\[[^\]]*\])*)?/(?:ul|ol)(?:\[[^\]]*\])*)+(?=/li(?:/|$))"
)


# A list item's element, which a list may mark by its place in it (striped rows, a current item).
_ITEM = re.compile(r"(?<![^/])(tr|li)\[[^\]]*\](?:\[[^\]]*\])*(?=/|$)")


def path_tags(path: str) -> str:
    """A link DOM path (any tag-feature mode) by its tags alone.

    >>> path_tags("html[@lang]/body[@class]/div[@id=main]/a")
    'html/body/div/a'
    """
    return _ATTRIBUTES.sub("", path)


def item_rows(path: str) -> str:
    """A link DOM path (any tag-feature mode) with its list items' attributes left out: the
    rows of a table striped by their place in it (``tr[@id][@class]`` beside ``tr[@id]``,
    ``tr[@class=odd]`` beside ``tr[@class=even]``) or a list's marked item are one list.

    >>> item_rows("table/tr[@id][@class]/td[@class]/a")
    'table/tr/td[@class]/a'
    """
    return _ITEM.sub(r"\1", path)


def list_tree(path: str) -> str:
    """The nested list a link DOM path (any tag-feature mode) belongs to: its tags, with the
    levels of a list nested in a list item folded into the outer list.

    A tree of links (a documentation site's navigation, a sitemap, a table of contents) puts
    each depth in a path of its own, and marks items with children by an attribute:
    ``div/ul[@class]/li[@class]/a``, ``div/ul[@class]/li[@class]/ul[@class]/li/a`` and deeper
    are all ``div/ul/li/a`` here, one list.

    >>> list_tree("html/body/div[@id]/ul[@class]/li[@class]/ul[@class]/li/a")
    'html/body/div/ul/li/a'
    """
    return _NESTED_LIST.sub("", path_tags(path))


def link_tree(link: Link) -> str:
    """The nested list `link` belongs to (`list_tree`), a tree built of blocks read as one too:
    a level nested in an item whose own items are the same element, the same attribute values
    and all, as the item holding it (`fold_blocks`).

    A navigation tree built of ``div`` blocks has no ``li`` to tell its depths by: an entry
    ``div[@class=entry]/div[@class=file]/a`` and a group's entry
    ``div[@class=entry]/div[@class=group]/div[@class=items]/div[@class=entry]/div[@class=file]/a``
    are one list, the second's levels between the two entries folded.
    """
    return list_tree(fold_blocks(link_path(link, "values")))


def link_trees(links: Snapshot | Iterable[Link], path: str, mode: TagFeature) -> set[str]:
    """The nested lists (`link_tree`) of the links in link DOM path `path` (tag-feature `mode`);
    the list `path` reads as (`list_tree`) when no link is in it."""
    return {link_tree(link) for link in _links(links) if link_path(link, mode) == path} or {
        list_tree(path)
    }


def fold_blocks(path: str) -> str:
    """`path` (tag-feature mode "values") with the steps from an item to the same item nested
    in it left out: the outermost step carrying attribute values that recurs two steps deeper or
    more (a group's block between the two); adjacent repeats (a section in a section) stay.

    >>> fold_blocks("div[@id=m]/div[@class=e]/div[@class=g]/div[@class=e]/div[@class=f]/a")
    'div[@id=m]/div[@class=e]/div[@class=f]/a'
    """
    steps = path.split("/")
    for i, step in enumerate(steps):
        if "[@" not in step:
            continue
        j = max((k for k in range(i + 2, len(steps)) if steps[k] == step), default=None)
        if j is not None:
            return "/".join(steps[:i] + steps[j:])
    return path


def nested_list(path: str) -> str:
    """The link DOM path of the outermost list holding `path` (any tag-feature mode): the
    levels of a list nested in a list item folded into it and the items' attributes left
    out (`item_rows`), the lists' own kept, so that two lists built of the same tags in two
    places of a page (a menu, the content) stay two.

    >>> nested_list("div[@id]/ul[@class]/li[@class]/ul[@class]/li[@class]/div[@class]/a")
    'div[@id]/ul[@class]/li/div[@class]/a'
    >>> nested_list("ul/li/details[@id][@open]/ul/li/span[@class]/a")
    'ul/li/span[@class]/a'
    """
    return _NESTED_LEVEL.sub("", item_rows(path))


def _links(page: Snapshot | Iterable[Link]) -> Iterable[Link]:
    return page.links if isinstance(page, Snapshot) else page


def html_schema(page: Snapshot | Iterable[Link], mode: TagFeature = "tags") -> HtmlSchema:
    """Δ(p): the set of link DOM paths of a page (Definition 8)."""
    return frozenset(link_path(link, mode) for link in _links(page))


def simhtml(a: HtmlSchema | Snapshot, b: HtmlSchema | Snapshot, mode: TagFeature = "tags") -> float:
    """HTML similarity (Definition 13): Jaccard similarity of two html-schemas.

    Two pages without any link have nothing to compare and score 0.
    """
    sa = html_schema(a, mode) if isinstance(a, Snapshot) else a
    sb = html_schema(b, mode) if isinstance(b, Snapshot) else b
    union = sa | sb
    if not union:
        return 0.0
    return len(sa & sb) / len(union)


def label_schema(
    page: Snapshot, key_cells: bool = False, *, linked_terms: bool = True
) -> frozenset[str]:
    """The label texts of `page`: ``tag:text`` of each ``th``, ``dt`` and ``label`` element with
    text (whitespace collapsed); with `key_cells`, also ``td:text`` of each key cell of a
    key/value table (`_key_cells`); without `linked_terms`, no definition term whose text is
    all a link's (`_linked`)."""
    labels = set()
    for element in page.tree().iter(*_LABEL_TAGS):
        text = " ".join(element.text_content().split())
        if text and (linked_terms or element.tag != "dt" or not _linked(element, text)):
            labels.add(f"{element.tag}:{text}")
    if key_cells:
        labels.update(f"td:{text}" for text in _key_cells(page))
        labels.update(f"pre:{key}" for key in _record_keys(page))
    return frozenset(labels)


def _linked(element: Any, text: str) -> bool:
    """Whether the text of `element` is all the text of the links in it.

    Choice "a linked term is an entry": a definition list whose terms are links is a list of
    pages (a manual node's menu of its subnodes, a glossary's index), its terms the names of
    the pages it links, not the names of fields; a page of a type may have such a menu or not
    (one program's node has subnodes, the next has none)."""
    anchors = " ".join(" ".join(a.text_content().split()) for a in element.iter("a"))
    return bool(anchors) and anchors == text


def section_headings(page: Snapshot) -> frozenset[str]:
    """The section headings of `page`: the text of each ``h2``–``h6`` element (whitespace
    collapsed) of the highest of those levels it uses, those that repeat the page's title
    left out.

    Choice: a reference's pages of one kind open the same sections (a data set's Format and
    Source, a function's Arguments and Value), template text like a field's label; the heading
    that repeats the title names the page itself, and the levels below the top one name its own
    parts (each function a page documents)."""
    title = " ".join(page.title.split()).casefold()
    headings: dict[str, set[str]] = {}
    for element in page.tree().iter(*_SECTION_TAGS):
        text = " ".join(element.text_content().split())
        if text and text.casefold() not in title:
            headings.setdefault(element.tag, set()).add(text)
    return frozenset(headings[min(headings)]) if headings else frozenset()


def _record_keys(page: Snapshot) -> Iterator[str]:
    """The keys of the JSON objects `page` shows as text in a ``pre`` element (a browsable
    API's response, a record's raw view): each ``"key":`` that opens a line.

    Choice: a record drawn as its JSON names each field by its key, template text the same on
    every record of a type, as a header cell names a column."""
    for element in page.tree().iter("pre"):
        yield from (m[2] for m in _JSON_FIELD.finditer(element.text_content()))


def record_fields(page: Snapshot) -> frozenset[str]:
    """The keys of the outermost level of each JSON object `page` shows as text in a ``pre``
    element (a browsable API's record): those of the least indentation in it; a nested
    object's keys are left out.

    Choice: a serializer writes every field of a record, empty ones too (``null``, ``""``),
    so that records of one type name the same keys there, where a nested object's keys
    come and go with its value."""
    fields: set[str] = set()
    for element in page.tree().iter("pre"):
        found = [(len(m[1]), m[2]) for m in _JSON_FIELD.finditer(element.text_content())]
        if found:
            least = min(depth for depth, _ in found)
            fields.update(key for depth, key in found if depth == least)
    return frozenset(fields)


def _key_cells(page: Snapshot) -> Iterator[str]:
    """The texts of the key cells of `page`'s key/value rows: a table row of two cells whose
    first is a ``td`` holding nothing but one bold text (``<td><strong>Region</strong></td>``).

    Choice: a record's page drawn as a two-column table of its fields names each field in the
    row's first cell, emphasised, where a header row would name a list's columns; the names
    are template text, the same on every record of a type, as ``th`` labels are."""
    for row in page.tree().iter("tr"):
        cells = [c for c in row if c.tag in ("td", "th")]
        if len(cells) != 2 or cells[0].tag != "td":
            continue
        text = " ".join(cells[0].text_content().split())
        bold = list(cells[0].iter("strong", "b"))
        if text and len(bold) == 1 and " ".join(bold[0].text_content().split()) == text:
            yield text


def simlabels(a: frozenset[str], b: frozenset[str]) -> float:
    """Jaccard similarity of two label schemas; two pages without labels score 1 (nothing
    tells them apart there)."""
    union = a | b
    if not union:
        return 1.0
    return len(a & b) / len(union)


def link_collections(
    page: Snapshot | Iterable[Link], mode: TagFeature = "tags"
) -> dict[str, tuple[str, ...]]:
    """Indesit's link collections: link DOM path → the distinct URLs linked through it.

    Paths keep their first appearance in document order, URLs likewise.
    """
    grouped: dict[str, dict[str, None]] = {}
    for link in _links(page):
        grouped.setdefault(link_path(link, mode), {})[link.url] = None
    return {path: tuple(urls) for path, urls in grouped.items()}


def path_urls(pages: Iterable[Snapshot], mode: TagFeature = "tags") -> dict[str, tuple[str, ...]]:
    """The link collections of several pages merged by path (same-level index pages analysed
    together, as in SSUP's Table 1). URLs keep their first appearance, pages in the given order."""
    merged: dict[str, dict[str, None]] = {}
    for page in pages:
        for path, urls in link_collections(page, mode).items():
            target = merged.setdefault(path, {})
            for url in urls:
                target[url] = None
    return {path: tuple(urls) for path, urls in merged.items()}


def paths_to(
    page: Snapshot | Iterable[Link], url: str, mode: TagFeature = "tags"
) -> tuple[str, ...]:
    """The distinct link DOM paths through which `page` links to `url`, in document order."""
    return tuple(dict.fromkeys(link_path(ln, mode) for ln in _links(page) if ln.url == url))


def element_step(element: Any, mode: TagFeature) -> str:
    """One lxml element as a step of a link DOM path in tag-feature `mode`."""
    tag = element.tag.lower() if isinstance(element.tag, str) else str(element.tag)
    if mode == "tags":
        return tag
    attrs: Mapping[str, str] = element.attrib
    names = sorted(attrs)
    if not names:
        return tag
    if tag == "ol":  # its start number is its position, not another list (`unnumbered`)
        names = [n for n in names if n != "start"]
    if mode == "attrs":
        return tag + "".join(f"[@{n}]" for n in names)
    return tag + "".join(f"[@{n}={' '.join(str(attrs[n]).split())}]" for n in names)


def link_dom_path(anchor: Any, mode: TagFeature = "tags") -> str:
    """The link DOM path of an lxml anchor element: its ancestors' steps, root first, then
    ``a`` (the anchor's own attributes are not part of the path)."""
    if mode not in TAG_FEATURES:
        raise ValueError(f"unknown tag feature {mode!r}; use one of {', '.join(TAG_FEATURES)}")
    steps = [element_step(e, mode) for e in reversed(list(anchor.iterancestors()))]
    tag = anchor.tag.lower() if isinstance(anchor.tag, str) else str(anchor.tag)
    return "/".join([*steps, tag])


def link_dom_paths(tree: Any, mode: TagFeature = "tags") -> tuple[str, ...]:
    """Link DOM paths of every ``<a href>`` in an lxml tree, in document order."""
    return tuple(link_dom_path(a, mode) for a in tree.iter("a") if a.get("href") is not None)


_DIGIT_VALUE = re.compile(r"=([^\]]*\d[^\]]*)\]")
_DATA_VALUE = re.compile(r"(@data-[\w.:-]+)=[^\]]*\]")


def result_container(link: Link) -> str:
    """The container key of a link: its DOM path with values, numeric values and the values of
    data-* attributes (an item's own data: ``li[@data-colour=red]``) wildcarded, and every value
    of an element whose id names the link's own target (an item drawn per entity,
    ``div[@class=opblock opblock-get][@id=operations-Pet-getPet]`` around ``#/Pet/getPet``:
    its class marks the item's kind, its id the item)."""
    return _container_of(_own_item(link.path_values or link.path_attrs, _target_name(link.url)))


# the shortest target name an element's id is taken to name (shorter ones occur by chance)
_MIN_NAME = 4
_ID_VALUE = re.compile(r"\[@id=([^\]]*)\]")
_STEP_VALUES = re.compile(r"\[@([\w.:-]+)=[^\]]*\]")


def _target_name(url: str) -> str:
    """The last word of what a link names: its fragment's last part, else its path's last
    segment without its extension (``#/Pet/getPet`` → ``getpet``), lower-cased."""
    _, _, fragment = url.partition("#")
    tail = fragment or url.split("?", 1)[0].rstrip("/")
    name = re.split(r"[/?=&!]", tail.rstrip("/"))[-1]
    return name.rsplit(".", 1)[0].casefold() if not fragment else name.casefold()


def _names(element_id: str, name: str) -> bool:
    """True when `name` is a whole word of `element_id` (``operations-pet-getpet`` names
    ``getpet``; ``listing`` does not name ``list``)."""
    return re.search(rf"(?<![0-9a-z]){re.escape(name)}(?![0-9a-z])", element_id) is not None


def _own_item(path: str, name: str) -> str:
    """`path` with every value of the steps whose id names `name` wildcarded."""
    if len(name) < _MIN_NAME or "[@id=" not in path:
        return path
    steps = path_steps(path)
    out = [
        _STEP_VALUES.sub(r"[@\1=*]", step)
        if any(_names(v.casefold(), name) for v in _ID_VALUE.findall(step))
        else step
        for step in steps
    ]
    return "/".join(out)


@lru_cache(maxsize=1 << 14)
def _container_of(path: str) -> str:
    """`result_container` of a DOM path (once per path: the links of a list share a few)."""
    return _DIGIT_VALUE.sub("=*]", _DATA_VALUE.sub(r"\1=*]", path))


_PATH_STEP = re.compile(r"[^/\[]+(?:\[[^\]]*\])*")


def path_steps(path: str) -> list[str]:
    """A link DOM path's steps, ``tag[@attr=value]…`` each (a value may hold a slash)."""
    return _PATH_STEP.findall(path)


def linked_anchors(snapshot: Snapshot) -> list[tuple[Any, Link]]:
    """The page's anchors with their links when the extraction kept every one (in order); []
    otherwise. The links of a rendered page that are no anchor (an item a script opens, drawn
    as a link from its element: its path ends in that element) have no anchor to pair; the
    anchors of ``<noscript>`` and ``<template>`` contents are none of a scripting browser's
    (render.extract leaves them out too: a forum's "enable JavaScript" help link)."""
    tree = snapshot.tree()
    inert = inert_elements(tree)
    anchors = [
        a
        for a in tree.iter("a")
        if a.get("href") is not None  # an empty one is the page itself, as extraction reads it
        and not a.get("href").strip().startswith(("javascript:", "mailto:", "tel:", "data:"))
        and a not in inert
    ]
    links = [x for x in snapshot.links if x.path.rsplit("/", 1)[-1] == "a"]
    if len(anchors) != len(links):
        return []
    return list(zip(anchors, links, strict=True))
