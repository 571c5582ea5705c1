"""Parsing HTML with lxml, as every part of render does it.

`parse_html` gives the ``lxml.html`` tree `Snapshot.tree()` caches; `parse_fast` the plain
``lxml.etree`` tree the extraction walks (the same elements, without lxml.html's per-element
class lookup). Both tolerate empty input and encoding declarations, and neither drops elements
nested deeper than lxml's default limit of 255 (browsers do not). `structure_fingerprint`
hashes a parsed page's tag skeleton.

This module sits below both render/snapshot.py (which parses lazily in `Snapshot.tree()` and
fingerprints lazily in `Snapshot.fingerprint`) and render/extract.py (which builds Snapshots):
it imports neither.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from lxml import etree
from lxml import html as lxml_html

__all__ = ["parse_fast", "parse_html", "structure_fingerprint"]

_SKELETON_SKIP = frozenset({"script", "style", "noscript", "template"})
# libxml2 checks each attribute of a start tag against the ones before it: a tag with n
# attributes costs n² (100,000 on one element: 10 s, 600,000: minutes, the event loop blocked).
# A start tag is cut after this many attributes before parsing; no real page comes near it.
MAX_ATTRIBUTES = 1000
# A start tag this long may hold more attributes than that (each takes at least 2 characters).
_LONG_TAG = re.compile(rf"<[A-Za-z][^<>]{{{2 * MAX_ATTRIBUTES},}}>")
_ATTRIBUTE = re.compile(r"""\s+[^\s=>/"']+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?""")
_TAG_NAME = re.compile(r"<[A-Za-z][^\s/>]*")


def bounded(html: str) -> str:
    """`html` with every start tag cut after `MAX_ATTRIBUTES` attributes (linear in the
    document; a document without such a tag is returned as it is)."""
    if len(html) < 2 * MAX_ATTRIBUTES or _LONG_TAG.search(html) is None:
        return html
    return _LONG_TAG.sub(_cut_tag, html)


def _cut_tag(match: re.Match[str]) -> str:
    tag = match.group(0)
    name = _TAG_NAME.match(tag)
    assert name is not None
    kept: list[str] = []
    for count, attribute in enumerate(_ATTRIBUTE.finditer(tag, name.end())):
        if count >= MAX_ATTRIBUTES:
            return name.group(0) + "".join(kept) + ">"
        kept.append(attribute.group(0))
    return tag


# lxml's default parsers drop everything nested deeper than 255 elements; browsers do not.
_HUGE_PARSER = etree.HTMLParser(huge_tree=True)
_HUGE_HTML_PARSER = lxml_html.HTMLParser(huge_tree=True)


def parse_html(html: str, base_url: str = "") -> Any:
    """Parse a document into an ``lxml.html`` tree, tolerating empty input and encoding
    declarations (the tree `Snapshot.tree()` gives)."""
    if not html.strip():
        html = "<html></html>"
    html = bounded(html)
    try:
        return lxml_html.document_fromstring(
            html, parser=_HUGE_HTML_PARSER, base_url=base_url or None
        )
    except ValueError:  # a str with an XML encoding declaration
        return lxml_html.document_fromstring(
            html.encode("utf-8"), parser=_HUGE_HTML_PARSER, base_url=base_url or None
        )
    except etree.ParserError:
        return lxml_html.document_fromstring("<html></html>", base_url=base_url or None)


def parse_fast(html: str) -> Any:
    """Parse a document into a plain ``lxml.etree`` tree: the same elements as `parse_html`
    without lxml.html's per-element Python class lookup (several times faster to walk)."""
    root = None
    html = bounded(html)
    if html.strip():
        try:
            root = etree.HTML(html, parser=_HUGE_PARSER)
        except ValueError:  # a str with an XML encoding declaration
            root = etree.HTML(html.encode("utf-8"), parser=_HUGE_PARSER)
    return root if root is not None else etree.HTML("<html></html>")


def _skeleton(root: Any) -> list[str]:
    """Pre-order tags, each with its number of element children (which fixes the nesting)."""
    comments: dict[Any, int] = {}
    for node in root.iter(etree.Comment, etree.ProcessingInstruction):
        parent = node.getparent()
        comments[parent] = comments.get(parent, 0) + 1
    out: list[str] = []
    skip: set[Any] = set()
    for el in root.iter(etree.Element):
        if el in skip:
            continue
        tag = el.tag
        if tag in _SKELETON_SKIP:
            out.append(tag)
            skip.update(el.iterdescendants())
        elif tag != "tbody":
            if tag == "table":
                n = sum(
                    len(c) - comments.get(c, 0) if c.tag == "tbody" else 1
                    for c in el
                    if isinstance(c.tag, str)
                )
            else:
                n = len(el) - comments.get(el, 0) if comments else len(el)
            out.append(f"{tag}{n}" if n else tag)
    return out


def structure_fingerprint(tree: Any) -> str:
    """A hash of the page's tag skeleton: equal for pages that differ only in text or attributes.

    Scripts, styles, templates, comments and ``tbody`` are left out; element counts and nesting
    count. Accepts an lxml document or element.
    """
    root = tree.getroot() if hasattr(tree, "getroot") else tree
    digest = hashlib.blake2b(digest_size=8)
    digest.update(" ".join(_skeleton(root)).encode("ascii", "replace"))
    return digest.hexdigest()
