"""Fetch a lab page without following redirects and parse it (for the lab site tests).

Imported by the tests of this folder (`from lab_http import get_page, html_tree`).
"""

from __future__ import annotations

from typing import Any

import aiohttp
from lxml import html as lxml_html


async def get_page(http: aiohttp.ClientSession, url: str) -> tuple[int, str, str]:
    """(status, body, Location header) without following redirects."""
    async with http.get(url, allow_redirects=False) as response:
        return response.status, await response.text(), response.headers.get("Location", "")


def html_tree(text: str) -> Any:
    return lxml_html.document_fromstring(text)
