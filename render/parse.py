"""Parsing HTML with lxml, as every part of render does it.

`parse_html` gives the ``lxml.html`` tree `Snapshot.tree()` caches; `parse_fast` the plain
``lxml.etree`` tree the extraction walks (the same elements, without lxml.html's per-element
class lookup). Both tolerate empty input and encoding declarations, and neither drops elements
nested deeper than lxml's default limit of 255 (browsers do not).

This module sits below both render/snapshot.py (which parses lazily in `Snapshot.tree()`) and
render/extract.py (which builds Snapshots): it imports neither.
"""

from __future__ import annotations

from typing import Any

from lxml import etree
from lxml import html as lxml_html

__all__ = ["parse_fast", "parse_html"]

# lxml's default parsers drop everything nested deeper than 255 elements; browsers do not.
_HUGE_PARSER = etree.HTMLParser(huge_tree=True)
_HUGE_HTML_PARSER = lxml_html.HTMLParser(huge_tree=True)


def parse_html(html: str, base_url: str = "") -> Any:
    """Parse a document into an ``lxml.html`` tree, tolerating empty input and encoding
    declarations (the tree `Snapshot.tree()` gives)."""
    if not html.strip():
        html = "<html></html>"
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
    if html.strip():
        try:
            root = etree.HTML(html, parser=_HUGE_PARSER)
        except ValueError:  # a str with an XML encoding declaration
            root = etree.HTML(html.encode("utf-8"), parser=_HUGE_PARSER)
    return root if root is not None else etree.HTML("<html></html>")
