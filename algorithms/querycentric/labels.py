"""Pure: a facet's labels and headings — a value's label without its count and decoration, the
count it carries, and the heading that names a facet group (model.py's seam; views.py says
which headings are counts and reads "By <attribute>").
"""

from __future__ import annotations

import re
from typing import Any

from siteseer.algorithms.querycentric.views import (
    attribute_name,
    is_count_heading,
    is_count_text,
)

__all__ = ["clean_label", "facet_heading", "is_selected", "label_count", "norm_ws", "tail_count"]

_COUNT = re.compile(r"\s*[(\[]\s*(\d[\d,.]*)\s*[)\]]\s*$")
_REMOVE_MARKS = "×✕✖✗x"
_WS = re.compile(r"\s+")

# -- labels and headings ----------------------------------------------------------------------


def norm_ws(text: str) -> str:
    """`text` with its runs of whitespace one space, stripped."""
    return _WS.sub(" ", text).strip()


def label_count(text: str) -> int | None:
    """The result count a facet label carries ("Nike (4)" → 4, "Nike [1,024]" → 1024), or None."""
    match = _COUNT.search(norm_ws(text))
    if match is None:
        return None
    return int(match.group(1).replace(",", "").replace(".", ""))


def tail_count(anchor: Any) -> int | None:
    """The result count written right after a facet's link, outside it ("<a>car</a> (406)": the
    text up to the next element is only a count in brackets), or None."""
    tail = norm_ws(anchor.tail or "")
    return label_count(tail) if _COUNT.match(tail) else None


def clean_label(text: str) -> str:
    """A facet label without its count and decoration: "Nike (4)" → "Nike".

    Strips a trailing count in parentheses or brackets, a leading or trailing removal mark
    ("× Nike") and collapses whitespace.
    """
    value = norm_ws(text)
    value = _COUNT.sub("", value)
    value = value.strip().strip(_REMOVE_MARKS[:-1]).strip()
    return norm_ws(value)


_HEADING_TAGS = frozenset(
    {"h1", "h2", "h3", "h4", "h5", "h6", "legend", "dt", "summary", "caption"}
)
_HEADING_CLASS = re.compile(
    r"(^|[\s_-])(title|heading|head|header|name|label|bold|semibold)($|[\s_-])", re.I
)
_MAX_HEADING_LEVELS = 6


def _is_heading(element: Any) -> bool:
    tag = element.tag if isinstance(element.tag, str) else ""
    if tag in _HEADING_TAGS:
        return True
    if tag in {"strong", "b", "span", "div", "p", "label"}:
        cls = element.get("class", "")
        if cls and _HEADING_CLASS.search(cls) and not element.findall(".//a"):
            return True
    return False


def _text(element: Any) -> str:
    return norm_ws(element.text_content())


def _heading_text(element: Any) -> str:
    """A heading's text without the elements inside it that hold a bare count ("country
    <span>5</span>" → "country"; "state <span>&gt;30</span>" → "state"): a count is never
    part of a name (views.py)."""
    parts: list[str] = []

    def walk(node: Any, top: bool) -> None:
        if isinstance(node.tag, str) and (top or not is_count_text(node.text_content())):
            parts.append(node.text or "")
            for child in node:
                walk(child, False)
        if not top:
            parts.append(node.tail or "")

    walk(element, True)
    return norm_ws("".join(parts))


def facet_heading(element: Any, seen: dict[Any, str | None] | None = None) -> str:
    """The heading of the facet group `element` (an lxml element) sits under, or "".

    Walks up at most six ancestors; at each level looks at the text before the element first (a
    label ending in a colon, "Tags:", as its parent's text or a sibling's tail), then at the
    preceding siblings (nearest first) for a heading element (h1–h6, legend, dt, summary, caption, or an element whose class names
    a title) and at ``aria-label``/``data-facet`` attributes of the ancestor itself. A heading
    is the nearest one above the element, as a reader sees it, passing over headings that are
    counts ("3,500 rows"); "By origin" names "origin" (views.py).

    `seen` keeps, for the elements of one document, what their preceding siblings hold (give
    the same dict for every element of a page): the items of a list share their siblings, and
    each sibling is then read once per page instead of once per item after it.
    """
    seen = {} if seen is None else seen
    node = element
    for _ in range(_MAX_HEADING_LEVELS):
        parent = node.getparent()
        if parent is None:
            return ""
        previous = node.getprevious()
        found = _label_before(node, seen)
        if found is None and previous is not None:
            found = _nearest_heading(previous, seen)
        if found is not None:
            return found
        for attr in ("aria-label", "data-facet", "data-attribute"):
            if parent.get(attr) and not is_count_heading(parent.get(attr)):
                return attribute_name(clean_label(parent.get(attr)))
        if parent.tag in {"body", "html"}:
            return ""
        node = parent
    return ""


_LABEL = re.compile(r"^([^\W\d_][\w'’ -]{0,38}):$")
_BLANK = re.compile(r"^[\s,;|·•/]*$")


def _label_before(node: Any, seen: dict[Any, str | None]) -> str | None:
    """The name the nearest text before `node` among its siblings gives when it is a label
    ending in a colon ("Tags:" before a post's tag links, its parent's own text or a tail
    between its siblings); None when that text is no label, or a heading element comes first.
    Blank and separator texts are passed over; each sibling's answer is kept in `seen`."""
    unread: list[Any] = []
    found: str | None = None
    sibling = node.getprevious()
    while True:
        if sibling is None:
            parent = node.getparent()
            found = _label_text(parent.text if parent is not None else None)
            break
        if (sibling, ":") in seen:
            found = seen[sibling, ":"]
            break
        unread.append(sibling)
        text = _label_text(sibling.tail)
        if text is not None or not _BLANK.match(sibling.tail or ""):
            found = text
            unread.pop()
            seen[sibling, ":"] = found
            break
        if isinstance(sibling.tag, str) and _own_heading(sibling) is not None:
            found = None
            break
        sibling = sibling.getprevious()
    for other in unread:
        seen[other, ":"] = found
    return found


def _label_text(text: str | None) -> str | None:
    """`text`'s name when it is a label ending in a colon (at most four words), else None."""
    match = _LABEL.match(norm_ws(text or ""))
    if match is None or len(match.group(1).split()) > 4 or is_count_heading(match.group(1)):
        return None
    return attribute_name(match.group(1).strip())


def _nearest_heading(sibling: Any, seen: dict[Any, str | None]) -> str | None:
    """The name the nearest heading at or before `sibling` among its siblings gives (None: no
    heading there); each sibling's answer kept in `seen`."""
    unread: list[Any] = []
    node = sibling
    while node is not None and node not in seen:
        unread.append(node)
        node = node.getprevious()
    found = None if node is None else seen[node]
    for node in reversed(unread):  # the farthest first: a nearer heading wins
        own = _own_heading(node)
        found = own if own is not None else found
        seen[node] = found
    return found


def _own_heading(sibling: Any) -> str | None:
    """The name a preceding sibling gives as a heading: its own text, or a heading nested in it
    as a wrapper holds one (<div><h3>…</h3></div>) when it holds no link; None when neither."""
    if not isinstance(sibling.tag, str):
        return None
    if _is_heading(sibling) and not is_count_heading(_heading_text(sibling)):
        return attribute_name(clean_label(_heading_text(sibling)))
    for tag in ("h2", "h3", "h4", "h5", "h6", "legend"):
        found = sibling.find(f".//{tag}")
        named = found is not None and not is_count_heading(_heading_text(found))
        if named and not sibling.findall(".//a"):
            return attribute_name(clean_label(_heading_text(found)))
    return _grouped_by(sibling)


# A sentence that says what a list below it is grouped by: "This is a sitemap over all
# available pages ordered by namespaces." A sort order ("sorted by date") groups nothing.
_GROUPED_BY = re.compile(
    r"\b(?:grouped|ordered|organi[sz]ed|arranged|classified)\s+by\s+"
    r"(?:their\s+|its\s+|the\s+)?([^\W\d_][\w-]*(?:\s[^\W\d_][\w-]*)?)\s*[.:]?$",
    re.I,
)
_PROSE_WORDS = 30


def _grouped_by(sibling: Any) -> str | None:
    """The attribute a short paragraph before a list names when it says what the list is
    grouped by ("… pages ordered by namespaces." → "namespaces"), a paragraph alone or wrapped
    alone in a block; None for any other element."""
    node = sibling
    while node.tag in {"div", "section"} and len(node) == 1 and not (node.text or "").strip():
        node = node[0]
    if node.tag != "p":
        return None
    text = _text(node)
    if len(text.split()) > _PROSE_WORDS:
        return None
    match = _GROUPED_BY.search(text)
    return match.group(1) if match else None


def is_selected(anchor: Any) -> bool:
    """Whether a facet link (or its parent) is marked as the selection applied: a class
    "selected", "active", "current", "remove" or "applied", ``aria-current``, ``aria-pressed``."""
    node = anchor
    for _ in range(2):
        if node is None:
            break
        cls = (node.get("class") or "").lower()
        if any(w in cls.split() for w in ("selected", "active", "current", "remove", "applied")):
            return True
        if node.get("aria-current") or node.get("aria-pressed") == "true":
            return True
        node = node.getparent()
    return False
