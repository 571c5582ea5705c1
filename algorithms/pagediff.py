"""DOM-diff page comparison and empty-page detection (Allikmaa 2016, section 3.2).

Two pages are compared node by node. The result is a tuple of *changes*; each change is the path
to a node that differs, written as child indices from the root (``(1, 0, 3)`` is the fourth child
of the first child of the second child of ``<html>``). A node differs from its counterpart when
its kind, tag or attributes differ, or when its children do not line up one to one with the same
kind and tag; the comparison then stops at that node. Parts that are generated from the page's
own URL are not compared: the content of ``<meta>`` and ``<title>``, the values of URL-bearing
attributes, and texts that contain a URL.

Random content (a nonce, a rotating banner) is learned by loading a page twice: the changes
between the two loads are *random changes*, and `exclude` drops every change that has a random
change as prefix or equals one.

`EmptyPageModel` classifies generated URLs of one template as entity pages or empty pages
(error codes, redirects, soft-404s), from a known entity page loaded twice and an *empty page*
(the template filled with a very high id). Beyond the thesis, the model also loads a second empty
page with another very high id: the changes between the two empty pages mark where an empty page
echoes its request (``"No product 999999999"``), and are excluded like random changes. A soft-404
page then differs from the empty page only there, while an entity page differs in its content.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import urlsplit

from siteseer.render import Snapshot

__all__ = [
    "URL_ATTRIBUTES",
    "Change",
    "DomNode",
    "EmptyPageModel",
    "Verdict",
    "dom_diff",
    "dom_nodes",
    "exclude",
    "is_redirect",
    "page_diff",
    "same_page",
]

Change = tuple[int, ...]

# Attributes whose values are URLs (compared by presence only, never by value).
URL_ATTRIBUTES: frozenset[str] = frozenset(
    {
        "href",
        "src",
        "srcset",
        "action",
        "formaction",
        "poster",
        "cite",
        "background",
        "data-href",
        "data-src",
        "data-url",
        "content",
    }
)
# Elements whose content is generated from the URL (compared by tag only).
_OPAQUE_TAGS: frozenset[str] = frozenset({"meta", "title"})
_URL_IN_TEXT = re.compile(r"(?:https?://|www\.)\S", re.IGNORECASE)

Verdict = Literal["entity", "empty", "error", "duplicate"]


@dataclass(frozen=True, slots=True)
class DomNode:
    """A node of the compared tree: an element (``tag`` set) or a text (``tag == "#text"``)."""

    tag: str
    attrs: tuple[tuple[str, str], ...] = ()
    text: str = ""
    children: tuple[DomNode, ...] = ()


def _attrs(element: Any) -> tuple[tuple[str, str], ...]:
    items = []
    for name, value in element.attrib.items():
        key = str(name).lower()
        items.append((key, "" if key in URL_ATTRIBUTES else str(value)))
    return tuple(sorted(items))


def _convert(element: Any) -> DomNode:
    tag = element.tag if isinstance(element.tag, str) else ""
    tag = tag.lower()
    children: list[DomNode] = []
    if tag not in _OPAQUE_TAGS:
        if element.text and element.text.strip():
            children.append(DomNode("#text", text=element.text.strip()))
        for child in element:
            if isinstance(child.tag, str):
                children.append(_convert(child))
            if child.tail and child.tail.strip():
                children.append(DomNode("#text", text=child.tail.strip()))
    return DomNode(tag, _attrs(element) if tag not in _OPAQUE_TAGS else (), "", tuple(children))


def dom_nodes(snapshot: Snapshot) -> DomNode:
    """The comparable tree of a page (comments and processing instructions dropped)."""
    return _convert(snapshot.tree())


def _texts_equal(a: str, b: str) -> bool:
    return a == b or bool(_URL_IN_TEXT.search(a)) or bool(_URL_IN_TEXT.search(b))


def _diff(a: DomNode, b: DomNode, path: Change, out: list[Change]) -> None:
    if a.tag != b.tag:
        out.append(path)
        return
    if a.tag == "#text":
        if not _texts_equal(a.text, b.text):
            out.append(path)
        return
    if a.attrs != b.attrs:
        out.append(path)
        return
    ca, cb = a.children, b.children
    if len(ca) != len(cb) or any(x.tag != y.tag for x, y in zip(ca, cb, strict=True)):
        out.append(path)
        return
    for index, (x, y) in enumerate(zip(ca, cb, strict=True)):
        _diff(x, y, (*path, index), out)


def dom_diff(a: DomNode, b: DomNode) -> tuple[Change, ...]:
    """The changes between two trees, in document order (empty when they match)."""
    out: list[Change] = []
    _diff(a, b, (), out)
    return tuple(out)


def page_diff(a: Snapshot, b: Snapshot) -> tuple[Change, ...]:
    """`dom_diff` of two pages."""
    return dom_diff(dom_nodes(a), dom_nodes(b))


def exclude(changes: Iterable[Change], known: Iterable[Change]) -> tuple[Change, ...]:
    """Drop every change that equals a known change or has one as prefix."""
    prefixes = set(known)
    kept = []
    for change in changes:
        if any(change[:n] in prefixes for n in range(len(change) + 1)):
            continue
        kept.append(change)
    return tuple(kept)


def _strip(url: str) -> str:
    parts = urlsplit(url)
    path = parts.path.rstrip("/") or "/"
    return f"{parts.scheme}://{parts.netloc.lower()}{path}" + (
        f"?{parts.query}" if parts.query else ""
    )


def is_redirect(snapshot: Snapshot) -> bool:
    """Whether the request ended at another URL (trailing slashes and host case ignored)."""
    return _strip(snapshot.url) != _strip(snapshot.final_url)


def same_page(original: Snapshot, other: Snapshot, random_changes: Sequence[Change] = ()) -> bool:
    """Whether `other` shows the same page as `original` (random changes excluded).

    A redirect to the original's URL counts as the same page; an error status or a redirect
    elsewhere does not.
    """
    if not other.ok:
        return False
    if is_redirect(other):
        return _strip(other.final_url) == _strip(original.final_url)
    if is_redirect(original) and _strip(other.url) != _strip(original.final_url):
        return False
    return not exclude(page_diff(original, other), random_changes)


@dataclass(frozen=True)
class EmptyPageModel:
    """Tells entity pages from empty pages among the generated URLs of one template.

    `original` is a known entity page, `random_changes` the changes between two loads of it;
    `empty` and `empty_other` are the template filled with two very high ids and `empty_changes`
    the changes between them (random content of the empty page and the echoed id).
    `matches_template` decides whether a redirect target still belongs to the template.
    """

    original: Snapshot
    random_changes: tuple[Change, ...]
    empty: Snapshot
    empty_changes: tuple[Change, ...]
    template_regex: str
    original_tree: DomNode = field(repr=False, compare=False, default=DomNode(""))
    empty_tree: DomNode = field(repr=False, compare=False, default=DomNode(""))

    @classmethod
    def learn(
        cls,
        original: Snapshot,
        original_again: Snapshot,
        empty: Snapshot,
        empty_other: Snapshot,
        template_regex: str,
    ) -> EmptyPageModel:
        """Learn the model from two loads of a known page and two empty pages."""
        random_changes = page_diff(original, original_again)
        empty_changes: tuple[Change, ...] = ()
        if empty.ok and empty_other.ok and not is_redirect(empty):
            empty_changes = page_diff(empty, empty_other)
        return cls(
            original,
            random_changes,
            empty,
            empty_changes,
            template_regex,
            dom_nodes(original),
            dom_nodes(empty),
        )

    @property
    def empty_signalled(self) -> bool:
        """Whether the site answers a missing id with an error status or a redirect."""
        return (not self.empty.ok) or is_redirect(self.empty)

    def classify(self, page: Snapshot) -> Verdict:
        """``entity`` for a new entity page; ``error``/``empty``/``duplicate`` otherwise."""
        if not page.ok:
            return "error"
        if is_redirect(page):
            if is_redirect(self.empty) and _strip(page.final_url) == _strip(self.empty.final_url):
                return "empty"
            if _strip(page.final_url) == _strip(self.original.final_url):
                return "duplicate"
            if re.fullmatch(self.template_regex, page.final_url) or re.fullmatch(
                self.template_regex, _strip(page.final_url)
            ):
                return "entity"
            return "empty"
        if self.empty_signalled:
            return "entity"
        tree = dom_nodes(page)
        known = (*self.random_changes, *self.empty_changes)
        if not exclude(dom_diff(self.empty_tree, tree), known):
            return "empty"
        if not exclude(dom_diff(self.original_tree, tree), self.random_changes):
            return "duplicate"
        return "entity"
