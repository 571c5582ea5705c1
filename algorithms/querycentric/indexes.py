"""Pure: a page that indexes the values of an attribute, each linked to its list (a blog's
"Categories" page: ``rake (46)`` → ``/category/rake/``; a wiki's tag cloud under a "Tags"
heading: ``netdata`` → ``/tags/netdata.html``).

A list without facets of its own may link, beside its items, a few pages of its site's menu.
One of them (or the page the list was found on, or the folder of a value the sample entity
page links, which the list links too: a wiki's ``/+tags`` above ``/+tags/bash``, shaped as its
pages) indexes an attribute's values when it lists, in
one link group, links to pages of the site that are no entities, whose addresses are shaped
alike (`EntityPattern.from_urls`) and name an attribute (beside.py `shared_attribute`:
``/category/rake/`` → "category"; or a route's word behind its mark: ``/+tags/bash`` →
"tags"), and which the page marks as values: each carries a count (in its text or just after
it), or a heading names the group (``<h2>Tags</h2>``), or the sample entity page links one of
them (the value it holds). The attribute is the heading's name (its last word when that is the
one the address gives: "Global Tags" → "Tags"), else the one the address gives; each value its link's text without the count, each value's list a
query. An index drawn as a table marks its values by a count in the next cell of their row
(a genealogy's surnames: ``Adams | 1``), and, under no heading, the header of their column
names the attribute ("Surname"), whatever their addresses. One page may index several attributes (a "Tags and Categories" page: a heading each).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from siteseer.algorithms.features.dom import linked_anchors
from siteseer.algorithms.querycentric.beside import shared_attribute, spelled_address
from siteseer.algorithms.querycentric.labels import clean_label, label_count, norm_ws
from siteseer.algorithms.querycentric.model import EntityPattern
from siteseer.algorithms.querycentric.views import (
    attribute_name,
    is_count_heading,
    names_an_order,
)
from siteseer.render import Link, Snapshot

__all__ = [
    "MAX_MENU",
    "another_format",
    "linked_values",
    "menu_links",
    "value_attribute",
    "value_folders",
    "value_indexes",
    "value_labels",
]

MAX_MENU = 6  # the most menu links of a list page loaded as possible value indexes
MIN_VALUES = 2  # the fewest values an index lists


def menu_links(page: Snapshot, skip: Iterable[str]) -> list[str]:
    """`page`'s links on its host to other pages, by path alone (no query: a download of the
    same list, another view of it), but its site's root and `skip` (its items' links, its
    entities, its pager), in order; [] when there are more than `MAX_MENU` (no menu of a few
    pages: a sidebar of archives). The page itself in another format (its source,
    ``/docs/index.txt`` beside ``/docs/``: `another_format`) is none of them."""
    here = urlsplit(page.final_url).netloc
    left = set(skip) | {page.url, page.final_url}
    found: dict[str, None] = {}
    for link in page.links:
        parts = urlsplit(link.url)
        if parts.netloc != here or link.url in left or parts.query or not parts.path.strip("/"):
            continue
        found.setdefault(link.url)
    if len(found) > MAX_MENU:
        return []
    return [u for u in found if not another_format(page.final_url, u)]


def another_format(page: str, url: str) -> bool:
    """Whether `url` names the document `page` names in another format: the same file name in
    the same folder but for its extension (``/docs/index.txt`` beside ``/docs/index.html``, or
    beside ``/docs/``, whose document is its folder's index: a page's source, its PDF)."""
    folder, _, name = urlsplit(page).path.rpartition("/")
    other_folder, _, other = urlsplit(url).path.rpartition("/")
    name = name or "index."  # a folder's page is its index document, whatever its extension
    stem, dot, ext = name.rpartition(".") if "." in name else (name, "", "")
    other_stem, other_dot, other_ext = other.rpartition(".")
    if folder != other_folder or not other_dot or not other_stem or other_stem != stem:
        return False
    return other_ext.lower() != ext.lower() if dot else True


def linked_values(
    page: Snapshot, is_entity: Callable[[str], bool], menu: Collection[str]
) -> dict[str, str]:
    """The pages of values an entity page links to: its links on its host that are no entity
    and not in `menu` (the links its site shows on every page), whose address names an
    attribute; each URL → that attribute."""
    here = urlsplit(page.final_url).netloc
    return {
        x.url: attribute
        for x in page.links
        if urlsplit(x.url).netloc == here
        and x.url not in menu
        and not is_entity(x.url)
        and (attribute := value_attribute(x.url))
    }


# The marks a site's own routes begin with before their word (``/+tags/``, ``/@tags/``,
# ``/_tags/``).
_ROUTE_MARKS = frozenset("+@_")


def value_attribute(url: str) -> str:
    """The attribute a value's page names by its address (beside.py `shared_attribute`), or by
    its folder's word behind a route's mark (a wiki's ``/+tags/bash`` → "tags"); "" for
    none. The mark is read here only, on the pages of values an index or the sample entity
    page links: an item's links to its own views (``/+diff/<page>``) name no attribute."""
    named = shared_attribute(url)
    segs = [s for s in urlsplit(url).path.split("/") if s]
    if named or len(segs) < 2 or segs[-2][:1] not in _ROUTE_MARKS:
        return named
    word = segs[-2][1:]
    return word if word.isalpha() else ""


def value_folders(page: Snapshot, values: Collection[str]) -> list[str]:
    """The links of `page` to the folder a value's page lies in (``/+tags`` above
    ``/+tags/bash``), for the pages of `values`, in `page`'s order: the page that lists the
    values beside each other, linked from the list's menu however its address is shaped (a
    wiki's ``/+tags`` shaped as its pages). `page` itself is none: a value's folder that is the
    list (the sample's own views, ``/api/countries/AF/?format=json`` below
    ``/api/countries/``) indexes no value, its own controls (an ordering's links) are no
    attribute's."""
    folders: set[str] = set()
    for url in values:
        parts = urlsplit(url)
        parent = parts.path.rstrip("/").rsplit("/", 1)[0]
        if parent.strip("/"):
            base = f"{parts.scheme}://{parts.netloc}{parent}"
            folders |= {base, base + "/"}
    folders -= {page.url, page.final_url}
    return list(dict.fromkeys(x.url for x in page.links if x.url in folders))


def value_labels(page: Snapshot, urls: Collection[str]) -> dict[str, str]:
    """The names `page` (an entity page) writes before its links to `urls`, each URL → the
    name: the words in the link's own element before it ("Package org.example", "Publisher:
    Addison-Wesley"), one to `MAX_LABEL_WORDS` words of letters, without the colon; a link
    with no such words before it is left out."""
    wanted = set(urls)
    out: dict[str, str] = {}
    for anchor, link in linked_anchors(page):
        if link.url in wanted and link.url not in out and (label := _label_before(anchor)):
            out[link.url] = label
    return out


MAX_LABEL_WORDS = 3


def _label_before(anchor: Any) -> str:
    parent = anchor.getparent()
    if parent is None:
        return ""
    parts = [parent.text or ""]
    for child in parent:
        if child is anchor:
            break
        if not isinstance(child.tag, str) or child.tag == "a":
            return ""  # another link before it: a list of links, no label
        parts += [child.text_content(), child.tail or ""]
    words = norm_ws(" ".join(parts)).rstrip(":").split()
    if not 0 < len(words) <= MAX_LABEL_WORDS or not all(w.isalpha() for w in words):
        return ""
    return " ".join(words)


@dataclass
class _Group:
    heading: str
    values: dict[str, str] = field(default_factory=dict)  # URL → its value
    counted: set[str] = field(default_factory=set)  # the URLs whose link carries a count
    column: bool = False  # named by its table column's header, no heading


def value_indexes(
    page: Snapshot,
    is_entity: Callable[[str], bool],
    sampled: Collection[str] = (),
    labels: Mapping[str, str] | None = None,
) -> dict[str, dict[str, str]]:
    """The attributes `page` indexes the values of, each its value lists' URLs → the value (see
    the module docstring; `sampled`: the pages of values the sample entity page links to,
    `labels` the names it writes before some of them, `value_labels`: a group holding one of
    those is named so, over its heading); {} when it indexes none."""
    named = labels or {}
    here = urlsplit(page.final_url).netloc
    groups: dict[tuple[str, str], _Group] = {}
    for anchor, link, heading in _headed_anchors(page):
        if urlsplit(link.url).netloc != here or is_entity(link.url):
            continue
        value = clean_label(norm_ws(link.text))
        if not value or spelled_address(value) or names_an_order(value):
            continue  # "Sort title in alphabetical order": the same list, no value's
        column, in_cell = _column(anchor) if not heading else ("", False)
        title = heading or column
        # a column's rows are one group whatever their classes (a letter's first row marked)
        key = ("", title) if column else (link.path_attrs, title)
        group = groups.setdefault(key, _Group(title, column=bool(column)))
        group.values.setdefault(link.url, value)
        if in_cell or label_count(norm_ws(f"{link.text} {anchor.tail or ''}")) is not None:
            group.counted.add(link.url)  # "rake (46)": the count in or just after its text
    found: dict[str, dict[str, str]] = {}
    for group in groups.values():
        label = next((named[u] for u in group.values if u in named), "")
        if not label and not group.column:  # values whose address names their attribute
            group.values = {u: v for u, v in group.values.items() if value_attribute(u)}
        values = _marked(group, set(sampled) | named.keys(), whole=bool(label) or group.column)
        if len(values) < MIN_VALUES:
            continue
        spelled = value_attribute(next(iter(values)))
        attribute = label or _named_by(group.heading, spelled) or spelled
        found.setdefault(attribute, {}).update(values)
    return found


def _named_by(heading: str, spelled: str) -> str:
    """The attribute a group's heading names, given the one its values' address spells: the
    heading's last word where it is that one ("Global Tags" over ``/+tags/<value>`` →
    "Tags": the words before it qualify the list, they name no other attribute), else the
    heading."""
    words = heading.split()
    if len(words) > 1 and spelled and words[-1].casefold() == spelled.casefold():
        return words[-1]
    return heading


_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


def _headed_anchors(page: Snapshot) -> list[tuple[Any, Link, str]]:
    """`page`'s anchors with their links (items.py `linked_anchors`) and the heading each sits
    under: the nearest heading before it in the document when no link of another group (DOM
    path) lies between them ("" else, and for a count: "3,500 rows"). A link inside a heading
    is a title (a gallery's name heading its own section): it sits under no heading, and its
    heading names no group after it."""
    anchors = {id(a): (a, x) for a, x in linked_anchors(page)}
    here = urlsplit(page.final_url).netloc
    out: list[tuple[Any, Link, str]] = []
    heading, since = "", set[str]()
    for element in page.tree().iter():
        if element.tag in _HEADINGS:
            text = clean_label(norm_ws(element.text_content()))
            titled = next(element.iter("a"), None) is not None
            unnamed = titled or len(text) == 1 or is_count_heading(text)  # "I": a letter
            heading = "" if unnamed else attribute_name(text)
            since = set()
            continue
        found = anchors.get(id(element))
        if found is None:
            continue
        anchor, link = found
        if any(e.tag in _HEADINGS for e in element.iterancestors()):
            out.append((anchor, link, ""))
            continue
        if urlsplit(link.url).netloc == here:  # a link off the site breaks no group
            since.add(link.path_attrs)
        out.append((anchor, link, heading if len(since) == 1 else ""))
    return out


_CELLS = frozenset({"td", "th"})
_BARE_COUNT = re.compile(r"\d[\d,]*")


def _column(anchor: Any) -> tuple[str, bool]:
    """The header of the table column whose cell holds `anchor` ("" when none names it: no
    header row lining up with the row, a letter, a count) and whether the next cell of its row
    is a bare count (an index of surnames: ``<td><a>Adams</a></td><td>1</td>``)."""
    cell = next((e for e in anchor.iterancestors() if e.tag in _CELLS), None)
    row = cell.getparent() if cell is not None else None
    table = (
        next((e for e in row.iterancestors() if e.tag == "table"), None)
        if row is not None
        else None
    )
    if cell is None or row is None or row.tag != "tr" or table is None:
        return "", False
    cells = [c for c in row if c.tag in _CELLS]
    i = cells.index(cell)
    after = cells[i + 1] if i + 1 < len(cells) else None
    counted = after is not None and bool(_BARE_COUNT.fullmatch(norm_ws(after.text_content())))
    header = next((r for r in table.iter("tr") if any(c.tag == "th" for c in r)), None)
    heads = (
        [c for c in header if c.tag in _CELLS] if header is not None and header is not row else []
    )
    if len(heads) != len(cells):
        return "", counted
    name = clean_label(norm_ws(heads[i].text_content()))
    if len(name) < 2 or is_count_heading(name):
        return "", counted
    return attribute_name(name), counted


def _marked(group: _Group, sampled: set[str], whole: bool = False) -> dict[str, str]:
    """The values of `group` shaped as its first (`whole`: as any of them, a group the sample
    entity page names by a label or a table's column names), when the page marks them as values: those with a count
    where at least `MIN_VALUES` carry one, else all of them under a heading or with one the
    sample entity page links to; {} when it does not."""
    counted = [u for u in group.values if u in group.counted]
    urls = counted if len(counted) >= MIN_VALUES else list(group.values)
    if not urls:
        return {}
    shape = EntityPattern.from_urls(urls if whole else urls[:1])
    alike = {u: group.values[u] for u in urls if shape.matches(u)}
    if len(counted) >= MIN_VALUES or group.heading or sampled & alike.keys():
        return alike
    return {}
