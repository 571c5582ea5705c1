"""Pure: a plain-text index drawn in a ``<pre>``, its sections headed by bold lines.

A manual converted from plain text keeps its index as text: a ``<pre>`` whose lines list the
documents, one a line, each line led by its link (``|usr_01.txt|  About the manuals``), in
blocks, each headed by a line that is only bold text (``<b>Getting Started</b>``; its colour
in a ``<font>`` inside) and ended by a blank line. Each document's section is the heading of
the first block whose line it leads with a link to the whole page; a link further on a line
(its summary's passing mention of another document), or to a place in a page (a tag's
``intro.html#Normal`` leading a row of a table drawn in text), is no item, and a line of bold text beside other text (a tag's anchor,
``*<b>doc-file-list</b>*``) no heading. An index of fewer than `MIN_SECTIONS` headed blocks
listing entities is none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from siteseer.algorithms.features.dom import linked_anchors
from siteseer.algorithms.features.outline import MIN_SECTIONS
from siteseer.algorithms.querycentric.labels import norm_ws
from siteseer.render import Link, Snapshot

__all__ = ["pre_sections"]

_BOLD = frozenset({"b", "strong"})
# a token of a line: ("text", its text), ("bold", its text) or ("link", (the anchor, its Link))
_Token = tuple[str, Any]


def pre_sections(page: Snapshot, is_entity: Callable[[str], bool]) -> dict[str, str]:
    """Each entity link (by URL) a ``<pre>`` of `page` lists under a bold heading line → the
    heading (see the module docstring); {} when no ``<pre>`` holds `MIN_SECTIONS` such blocks."""
    anchors = linked_anchors(page)
    if not anchors:
        return {}
    links = {id(a): (a, x) for a, x in anchors}  # the anchors' own tree (`tree()` parses anew)
    for pre in anchors[0][0].getroottree().iter("pre"):
        found: dict[str, str] = {}
        headings: set[str] = set()
        heading = ""
        for line in _lines(_tokens(pre, links)):
            words = [t for t in line if t[0] != "text" or t[1].strip()]
            if not words:
                heading = ""  # a blank line ends the block
            elif len(words) == 1 and words[0][0] == "bold":
                heading = norm_ws(words[0][1]).rstrip(":")
            elif (lead := _leading_link(line)) and heading and _whole(lead[0]):
                if is_entity(lead[1].url):
                    found.setdefault(lead[1].url, heading)
                headings.add(heading)
        if len(headings) >= MIN_SECTIONS:
            return found
    return {}


def _whole(anchor: Any) -> bool:
    """Whether `anchor` links a whole page (no fragment: a place in it is a passing mention)."""
    return "#" not in (anchor.get("href") or "")


def _leading_link(line: list[_Token]) -> tuple[Any, Link] | None:
    """A line's first token but punctuation and spaces when it is a link, else None."""
    for kind, value in line:
        if kind == "link":
            return value  # (the anchor, its Link)
        if kind == "bold" or any(ch.isalnum() for ch in value):
            return None
    return None


def _tokens(element: Any, links: dict[int, tuple[Any, Link]]) -> Iterator[_Token]:
    """The text of `element`, its links and its bold runs (those holding no link), in order."""
    if element.text:
        yield "text", element.text
    for child in element:
        if not isinstance(child.tag, str):
            pass
        elif id(child) in links:
            yield "link", links[id(child)]
        elif child.tag in _BOLD and id(child) not in links and not _holds_link(child, links):
            yield "bold", child.text_content()
        else:
            yield from _tokens(child, links)
        if child.tail:
            yield "text", child.tail


def _holds_link(element: Any, links: dict[int, tuple[Any, Link]]) -> bool:
    return any(id(e) in links for e in element.iter("a"))


def _lines(tokens: Iterator[_Token]) -> Iterator[list[_Token]]:
    """The tokens split at the line breaks of their text."""
    line: list[_Token] = []
    for kind, value in tokens:
        if kind != "text":
            line.append((kind, value))
            continue
        parts = value.split("\n")
        for part in parts[:-1]:
            if part:
                line.append(("text", part))
            yield line
            line = []
        if parts[-1]:
            line.append(("text", parts[-1]))
    yield line
