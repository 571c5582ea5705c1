"""The base every lab site builds on: a deterministic generator with ground truth."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar, Literal

from aiohttp import web

from siteseer.lab.truth import SiteTruth

__all__ = ["SIZES", "Site", "Size"]

Size = Literal["small", "medium", "large"]
SIZES: tuple[Size, ...] = ("small", "medium", "large")


class Site(ABC):
    """A synthetic web site, generated from `seed` at `size`, served by `handle`.

    Pages are computed from the URL on request (a `large` site is never all in memory); the same
    (size, seed) always yields the same bytes. Links inside pages are root-relative ("/car/…"), so
    one site instance serves correctly under any base URL.
    """

    id: ClassVar[str]
    kind: ClassVar[str]
    description: ClassVar[str] = ""

    def __init__(self, size: Size = "small", seed: int = 0) -> None:
        self.size = size
        self.seed = seed

    @abstractmethod
    async def handle(self, request: web.Request) -> web.StreamResponse:
        """Answer any request to the site (the server routes every path here)."""

    @abstractmethod
    def truth(self, base_url: str) -> SiteTruth:
        """The ground truth with absolute URLs under `base_url` (no trailing slash)."""
