"""Responses the lab sites share."""

from __future__ import annotations

from aiohttp import web

__all__ = ["html_response"]


def html_response(text: str, status: int = 200) -> web.Response:
    """An HTML page (UTF-8) with HTTP status `status`."""
    return web.Response(text=text, status=status, content_type="text/html", charset="utf-8")
