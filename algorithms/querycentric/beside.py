"""The lists beside the start list: a wiki's categories, a blog's tags, found where the start
list was found.

A list without facets may be one of several lists of one kind that a page links together (a
wiki's Main Page linking every category, each category page listing its articles): the page the
start list was found on (`hub`, the entry point's start) links each of them alike. Those lists
are the values of one attribute, named by the address they share — the namespace of their last
segment (``/index.php/Category:Dpkg`` → "Category") or the literal segment before it
(``/tags/python/`` → "tags"; a section one segment deep that is the folder of its entities:
"section") — and each value is its link's text on the hub; a link labelled
as an ordering ("Sort title in alphabetical order") shows the same list in another order, no
value. The lists beside the start list are its links on the hub shaped as its own address
(`EntityPattern.from_urls`: host, leading literal segments, depth, query keys, namespace) in
the same link group (their DOM path, with attribute names); none when the hub does not link
the start list, or links no other list so. The hub may link the start list as its folder's index
document (``nature/index.html`` for ``/nature/``); where it links a folder above the start
list instead (a gallery's home page linking its categories), that folder's page is the hub
(explorer.py `_beside_above`).

The lists an item of the start list links to beside its entity (a post's category and tags,
``/category/dpkg/``, ``/tag/unstable/``) are the same kind of values (`item_fields`): each
item's links named alike by their address are its values of that attribute ("category",
"tag"), the list showing them for every entity it lists without a page load of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from urllib.parse import unquote, urlsplit

from siteseer.algorithms.querycentric.items import record_items
from siteseer.algorithms.querycentric.labels import clean_label, norm_ws
from siteseer.algorithms.querycentric.model import EntityPattern, entity_url
from siteseer.algorithms.querycentric.shapes import spelled_namespace
from siteseer.algorithms.querycentric.views import folder_form, names_an_order, path_page
from siteseer.render import Snapshot

__all__ = [
    "SECTION",
    "addressed_under",
    "beside_attribute",
    "distinct_attributes",
    "item_fields",
    "leaf_shape",
    "link_fields",
    "lists_beside",
    "nested_lists",
    "shared_attribute",
    "spelled_address",
]

# The fewest items of a page that must link to lists of an attribute for it to be one.
ITEMS_ALIKE = 2
# How deep lists beside the start list are followed into lists that hold lists only.
NESTING = 3
# The attribute of sections whose address names none, and the fewest entities a section's
# folder must hold for its siblings to be taken as the other sections.
SECTION = "section"
MINIMUM_BELOW = 3


def shared_attribute(url: str, compound: bool = False) -> str:
    """The attribute the lists shaped as `url` are values of: its last segment's namespace as
    spelled (a trailing page of the list named by a page word left out:
    ``/questions/tags:gui/page:1/`` → "tags"), else the literal segment before its last (before the value's number too, where a
    value is named by its number and then its name: a forum's ``/category/5/dpkg/``); "" when
    the address names none."""
    segs = [unquote(s) for s in urlsplit(url).path.split("/") if s]
    listed, page = path_page(segs)
    if page and (len(listed) < len(segs) - 1 or not segs[-1].isdigit()):
        segs = list(listed)  # a page word's page of the value's list (``tags:gui/page:2/``)
    spelled = spelled_namespace("/" + "/".join(segs))
    if spelled:
        return spelled.replace("_", " ")
    if len(segs) > 2 and segs[-2].isdigit() and not segs[-1].isdigit():
        segs.pop(-2)  # the value's number before its name names no attribute
    parent = segs[-2] if len(segs) > 1 else ""
    if compound and parent.count("-") == 1 and parent.replace("-", "").isalpha():
        parent = parent.rsplit("-", 1)[1]
    return parent if parent.isalpha() else ""


def lists_beside(hub: Snapshot, start: str, entities: Iterable[str] = ()) -> dict[str, str] | None:
    """The lists `hub` links beside `start`, in document order, each URL → its value (the
    link's text without a count), `start`'s own included, but the pages of the site's own
    tools its name marks (a leading underscore: ``/_create/``); None when `hub` does not link
    `start`, links no other list alike, or their address names no attribute and `start` is not
    the folder of its `entities` (`beside_attribute`)."""
    if not beside_attribute(start, entities):
        return None
    # the start list and the lists beside it each as its folder where it is its folder's index
    # document (``nature/index.html``, found as either)
    own = folder_form(start)
    shape = EntityPattern.from_urls([own])
    groups = {x.path_attrs for x in hub.links if folder_form(x.url) == own}
    if not groups:
        return None
    found: dict[str, str] = {}
    for link in hub.links:
        url = start if folder_form(link.url) == own else link.url
        if link.path_attrs not in groups or not shape.matches(folder_form(url)):
            continue
        if _site_tool(url) and not _site_tool(start):
            continue  # a page of the site's own tools (``/_create/``, ``/_history/``): no value
        value = clean_label(norm_ws(link.text))
        if names_an_order(value):
            continue  # the same list in another order (a view), no list of a value
        if value and not spelled_address(value) and url not in found:
            found[url] = value
    return found if len(found) > 1 and start in found else None


def _site_tool(url: str) -> bool:
    """Whether `url`'s last path segment starts with an underscore, as a site names its own
    tools and files beside its content (a wiki's ``/_create/``, ``/_dir/``, ``/_history/``)."""
    segments = [s for s in urlsplit(folder_form(url)).path.split("/") if s]
    return bool(segments) and segments[-1].startswith("_")


def beside_attribute(start: str, entities: Iterable[str]) -> str:
    """The attribute the lists beside `start` are values of: the one their address names
    (`shared_attribute`), else `SECTION` when `start` is the folder of every one of its
    `entities` (a wiki's or a CMS's section one segment deep, ``/gnutls28/`` above
    ``/gnutls28/3_7_9-2/``: its sibling folders are the other sections) and their pattern's
    literal segments end at it (``/dpkg/`` above ``/dpkg/debian/1.21.22``: the literal
    ``debian`` makes the entities' own folder a deeper one, and a sibling of ``/dpkg/`` no
    other section of them); "" else. A start list that is its folder's index document
    (``/c/enc/index.html``) stands for its folder."""
    start = folder_form(start)
    named = shared_attribute(start)
    if named:
        return named
    listed = list(entities)
    below = addressed_under(start, listed)
    if len(below) < MINIMUM_BELOW or len(below) != len(listed):
        return ""
    folder = [s for s in urlsplit(start).path.split("/") if s]
    return SECTION if len(EntityPattern.from_urls(below).prefix) <= len(folder) else ""


def leaf_shape(url: str) -> tuple[bool, str]:
    """What a URL's last path segment is: a folder (ending in "/") or a file, and its
    extension when it has one of letters (``.whl``, ``.html``; a version's ``1.21.22`` has
    none). A section beside the start list holds entities of the start list's own leaf shape:
    a package index's folder of files (``/packages/``, each a ``.whl``) beside its folder of
    project pages (``/simple/``, each a folder) is no other section of them."""
    path = urlsplit(url).path
    last = path.rsplit("/", 1)[-1]
    ext = last.rsplit(".", 1)[-1] if "." in last else ""
    return path.endswith("/"), ext.lower() if ext.isalpha() else ""


def spelled_address(text: str) -> bool:
    """Whether a link's text is an address (an API's browsable answer links each endpoint by
    its URL): it names no value of the lists it links."""
    return text.startswith(("http://", "https://", "/")) and " " not in text


def nested_lists(page: Snapshot, start: str, known: Iterable[str]) -> dict[str, str]:
    """The lists a list beside the start list holds when it holds lists instead of entities (a
    source browser's folder holding folders): its links shaped as `start`'s address, not
    `known`, each URL → its value (the link's text without a count), in document order."""
    shape = EntityPattern.from_urls([start])
    seen = set(known) | {page.url, page.final_url}
    found: dict[str, str] = {}
    for link in page.links:
        if link.url in seen or link.url in found or not shape.matches(link.url):
            continue
        value = clean_label(norm_ws(link.text))
        if value:
            found[link.url] = value
    return found


def distinct_attributes(urls: Iterable[str], compound: bool = False) -> dict[str, str]:
    """Each of `urls` whose address names an attribute (`shared_attribute`) → that attribute;
    where addresses that differ before the segment naming it name the same one (a view's word
    in every value's address: ``/author/stored/5``, ``/series/stored/2``), each is named by
    its first segment that differs instead ("author", "series"). With `compound`, a segment of
    words joined by hyphens names the attribute its last word does (an item's tag links
    ``/add-tag/<tag>``: "tag")."""
    named = {u: a for u in dict.fromkeys(urls) if (a := shared_attribute(u, compound))}
    heads: dict[str, set[tuple[str, ...]]] = {}
    for url, attribute in named.items():
        heads.setdefault(attribute, set()).add(_head(url, attribute))
    out: dict[str, str] = {}
    for url, attribute in named.items():
        shared = heads[attribute]
        head = _head(url, attribute)
        differ = next(
            (i for i in range(len(head)) if len({h[i] if i < len(h) else "" for h in shared}) > 1),
            None,
        )
        word = head[differ] if differ is not None and len(shared) > 1 else attribute
        out[url] = word if word.isalpha() else attribute
    return out


def _head(url: str, attribute: str) -> tuple[str, ...]:
    """The segments of `url`'s path before the one naming `attribute`."""
    segs = [unquote(s) for s in urlsplit(url).path.split("/") if s]
    return tuple(segs[: segs.index(attribute)]) if attribute in segs else ()


def item_fields(
    snapshot: Snapshot,
    containers: Iterable[str],
    is_entity: Callable[[str], bool],
    entities: Iterable[str],
) -> dict[str, dict[str, tuple[str, ...]]]:
    """entity → {attribute: values} that the items of `snapshot`'s result list show as links to
    other lists (see the module docstring): an item of one of `entities` (an entity link, the
    one the item holds), its links on the page's host that are no entity link (`is_entity`)
    and whose address names an attribute (`shared_attribute`), each value its link's text
    without a count. An attribute counts when at least `ITEMS_ALIKE` items link to it."""
    host = urlsplit(snapshot.final_url).netloc
    listed = set(entities)
    items = [
        (own, item)
        for item in record_items(snapshot, containers)
        if len(own := {entity_url(x.url) for _, x in item if is_entity(x.url)} & listed) == 1
    ]
    names = distinct_attributes(
        (
            x.url
            for _, item in items
            for _, x in item
            if not is_entity(x.url) and urlsplit(x.url).netloc == host
        ),
        compound=True,
    )
    found: dict[str, dict[str, tuple[str, ...]]] = {}
    for own, item in items:
        fields: dict[str, tuple[str, ...]] = {}
        for _, link in item:
            if link.url not in names:
                continue
            attribute = names[link.url]
            value = clean_label(norm_ws(link.text))
            if attribute and value and value not in fields.get(attribute, ()):
                fields[attribute] = (*fields.get(attribute, ()), value)
        if fields:
            found.setdefault(own.pop(), fields)
    counts: dict[str, int] = {}
    for fields in found.values():
        for attribute in fields:
            counts[attribute] = counts.get(attribute, 0) + 1
    return {
        entity: kept
        for entity, fields in found.items()
        if (kept := {a: v for a, v in fields.items() if counts[a] >= ITEMS_ALIKE})
    }


def link_fields(snapshot: Snapshot, left_out: Callable[[str], bool]) -> dict[str, tuple[str, ...]]:
    """{attribute: values} an entity's own page links to as lists of values (a book's
    ``/publisher/stored/32``, ``/series/stored/6``): its links on its host but those
    `left_out` (entity links, the site's template) whose address names an attribute (`distinct_attributes`), each value
    a link's text without a count, an address spelled as text left out."""
    host = urlsplit(snapshot.final_url).netloc
    own = {snapshot.url, snapshot.final_url}
    links = [x for x in snapshot.links if urlsplit(x.url).netloc == host and x.url not in own]
    names = distinct_attributes(x.url for x in links)  # named among all, the left out too
    links = [x for x in links if not left_out(x.url)]
    fields: dict[str, tuple[str, ...]] = {}
    for link in links:
        attribute = names.get(link.url)
        value = clean_label(norm_ws(link.text))
        if (
            attribute
            and value
            and not spelled_address(value)
            and value not in fields.get(attribute, ())
        ):
            fields[attribute] = (*fields.get(attribute, ()), value)
    return fields


def addressed_under(url: str, entities: Iterable[str]) -> list[str]:
    """The `entities` whose address lies below `url`'s path, a folder of them (same host, the
    path's segments a proper prefix of theirs; `url` without a query): ``/blog/2026/11/``
    holds ``/blog/2026/11/03/<slug>/``; [] for any other `url`."""
    parts = urlsplit(url)
    folder = [s for s in parts.path.split("/") if s]
    if parts.query or not folder:
        return []
    out = []
    for entity in entities:
        other = urlsplit(entity)
        segments = [s for s in other.path.split("/") if s]
        below = len(segments) > len(folder) and segments[: len(folder)] == folder
        if other.netloc == parts.netloc and below:
            out.append(entity)
    return out
