"""Fetch a lab page (as it answers, or its text after redirects) and parse it (for the lab tests).

Imported by the tests of this folder (`from lab_http import get_page, get_text, html_tree`).
"""

from __future__ import annotations

import re
import urllib.request
from html import unescape
from typing import Any
from urllib.parse import urljoin

import aiohttp
from lxml import html as lxml_html

from siteseer.crawler import canonical_url


async def get_page(http: aiohttp.ClientSession, url: str) -> tuple[int, str, str]:
    """(status, body, Location header) without following redirects."""
    async with http.get(url, allow_redirects=False) as response:
        return response.status, await response.text(), response.headers.get("Location", "")


def html_tree(text: str) -> Any:
    return lxml_html.document_fromstring(text)


def get_text(url: str) -> str:
    """The body of `url` as text (a real application's page, redirects followed)."""
    with urllib.request.urlopen(url, timeout=120) as response:
        return str(response.read().decode("utf-8"))


def get_html(url: str) -> str:
    """The body of `url` as a browser is sent it (`Accept: text/html`): an application that
    answers JSON otherwise (a browsable API, an OGC API server) writes its HTML page."""
    request = urllib.request.Request(url, headers={"Accept": "text/html"})
    with urllib.request.urlopen(request, timeout=120) as response:
        assert response.headers.get_content_type() == "text/html", url
        return str(response.read().decode("utf-8"))


def page_links(url: str, pattern: str = r'href="([^"#]+)') -> list[str]:
    """The links of `url`'s page that `pattern` finds (its first group: every href, fragments
    dropped, unless told), resolved and canonical, in order; links that are not HTTP (file://,
    mailto:) are left out."""
    hrefs = (urljoin(url, unescape(h)) for h in re.findall(pattern, get_text(url)))
    return [canonical_url(h) for h in hrefs if h.startswith("http")]


def labels(html: str, name: str) -> bool:
    """Whether a page labels an attribute `name`: "Name:" in its text, or a heading, term,
    header cell, label or legend reading "Name" (in either number); running text that says
    the word in passing labels nothing."""
    word = re.escape(name) + r"s?"
    label = re.compile(
        rf"\b{word}\s*:|<(h[1-6]|dt|th|label|legend)\b[^>]*>\s*{word}\s*<", re.IGNORECASE
    )
    return bool(label.search(unescape(html)))


def page_text(html: str) -> str:
    """A page's text: its tags dropped, entities read, runs of whitespace one space."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())
