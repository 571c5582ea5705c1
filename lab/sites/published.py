"""Lab sites that publish sitemaps or a feed, one case each, with the truth of what they publish.

Each is an entity-tree site of the lab (same pages, same entity tree) that also serves:

- `drivers-sitemap` — complete: robots.txt names an index; its children list every page of the
  site, every driver included.
- `council-sitemap-incomplete` — /sitemap.xml (robots.txt names none) lists a share of the
  members (every third one is missing) and the committees.
- `council-sitemap-stale` — /sitemap.xml lists every member, plus members that are gone (404)
  and old addresses that redirect to a member (301): ids past the last member's.
- `olympic-sitemap-mixed` — one file mixing three entity types: sports, host cities, news.
- `cars-sitemap-gz` — /sitemap_index.xml naming gzipped children served as they are
  (`application/x-gzip`, no Content-Encoding; one child's name has no `.gz`).
- `people-sitemap-hosts` — a sitemap listing every person, and copies of some on other hosts
  and addresses (ignored, as the protocol says).
- `drivers-feed` — no sitemap; every page links an RSS feed of the ten newest drivers.

`SiteTruth.published` says, per case: ``listed`` (the entity pages the sitemap lists),
``missing`` (entity pages it misses), ``stale`` (its entries that 404 or redirect),
``off_site`` (entries on other hosts), ``feed`` (the entities a feed lists). A sitemap of more
than 50,000 URLs (a large site) is an index of parts, as the protocol asks.
"""

from __future__ import annotations

import gzip
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import ClassVar

from aiohttp import web

from siteseer.lab.sites.cars import CarsSite
from siteseer.lab.sites.council import CouncilSite
from siteseer.lab.sites.drivers import DriversSite
from siteseer.lab.sites.entitytree import EntityTreeSite
from siteseer.lab.sites.olympic import OlympicSite
from siteseer.lab.sites.people import PeopleSite
from siteseer.lab.truth import SiteTruth

__all__ = [
    "CarsGzipSite",
    "CouncilIncompleteSite",
    "CouncilStaleSite",
    "DriversFeedSite",
    "DriversSitemapSite",
    "OlympicMixedSite",
    "PeopleHostsSite",
]

_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
MAX_URLS = 50_000  # a sitemap file's limit (sitemaps.org)
_XML = "application/xml"
_GZIP = "application/x-gzip"

File = tuple[str, bytes]  # (content type, body)


def urlset(base: str, paths: Iterable[str], lastmod: str = "2024-05-01") -> str:
    entries = "".join(
        f"<url><loc>{_at(base, p)}</loc><lastmod>{lastmod}</lastmod></url>" for p in paths
    )
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{_NS}">{entries}</urlset>\n'


def sitemap_index(base: str, paths: Iterable[str]) -> str:
    entries = "".join(f"<sitemap><loc>{_at(base, p)}</loc></sitemap>" for p in paths)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{_NS}">{entries}</sitemapindex>\n'


def sitemap_files(base: str, path: str, paths: Sequence[str]) -> dict[str, File]:
    """`paths` as the sitemap at `path`, or, past the protocol's 50,000 URLs a file (a large
    site), as an index there naming as many parts as it takes (``<path>-1.xml`` …)."""
    if len(paths) <= MAX_URLS:
        return {path: (_XML, urlset(base, paths).encode())}
    stem = path.removesuffix(".xml")
    parts = [paths[i : i + MAX_URLS] for i in range(0, len(paths), MAX_URLS)]
    names = [f"{stem}-{n}.xml" for n in range(1, len(parts) + 1)]
    files = {
        name: (_XML, urlset(base, part).encode()) for name, part in zip(names, parts, strict=True)
    }
    files[path] = (_XML, sitemap_index(base, names).encode())
    return files


def _at(base: str, path: str) -> str:
    return path if "://" in path else base + path


class Publishing(EntityTreeSite):
    """An entity-tree site that also serves `files(base)` (path → content type and body, its
    URLs absolute under the `base` the request came to), `redirects()` and a robots.txt naming
    `robots_sitemaps`; `published_truth` adds the case's truth."""

    robots_sitemaps: ClassVar[tuple[str, ...]] = ()
    feed: ClassVar[str] = ""  # a feed path every page links to ("" for none)

    def files(self, base: str) -> dict[str, File]:
        return {}

    def redirects(self) -> dict[str, str]:
        return {}

    def published_truth(self) -> dict[str, tuple[str, ...]]:
        return {}

    async def handle(self, request: web.Request) -> web.StreamResponse:
        base = f"http://{request.host}"
        path_qs = request.path_qs
        if request.path == "/robots.txt":
            lines = "".join(f"Sitemap: {base}{p}\n" for p in self.robots_sitemaps)
            return web.Response(text=f"User-agent: *\nAllow: /\n{lines}", content_type="text/plain")
        files, redirects = self._served(base)
        target = redirects.get(path_qs)
        if target is not None:
            raise web.HTTPMovedPermanently(target)
        found = files.get(request.path)
        if found is not None:
            kind, body = found
            return web.Response(body=body, headers={"Content-Type": kind})
        response = await super().handle(request)
        if self.feed and isinstance(response, web.Response) and response.text:
            link = f'<link rel="alternate" type="application/rss+xml" href="{self.feed}">'
            text = response.text.replace("</head>", link + "</head>", 1)
            return web.Response(status=response.status, text=text, content_type="text/html")
        return response

    def _served(self, base: str) -> tuple[dict[str, File], dict[str, str]]:
        """The files and redirects served under `base`, built on its first request."""
        cache: dict[str, tuple[dict[str, File], dict[str, str]]] = self.__dict__.setdefault(
            "_published", {}
        )
        if base not in cache:
            cache[base] = (self.files(base), self.redirects())
        return cache[base]

    def truth(self, base_url: str) -> SiteTruth:
        truth = super().truth(base_url)
        b = base_url.rstrip("/")
        published = {
            key: tuple(u if "://" in u else b + u for u in urls)
            for key, urls in self.published_truth().items()
        }
        return replace(truth, published=published)

    def _paths(self, kind: str) -> tuple[str, ...]:
        return self.tree().entities[kind]

    def _every_page(self) -> list[str]:
        return [path for path, _ in self.catalog()]


class DriversSitemapSite(Publishing, DriversSite):
    id = "drivers-sitemap"
    description = "drivers with a complete sitemap index named by robots.txt"
    robots_sitemaps = ("/sitemap_index.xml",)

    def files(self, base: str) -> dict[str, File]:
        drivers = set(self._paths("driver"))
        pages = [p for p in self._every_page() if p not in drivers]
        return {
            "/sitemap_index.xml": (
                _XML,
                sitemap_index(base, ["/sitemaps/pages.xml", "/sitemaps/drivers.xml"]).encode(),
            ),
            "/sitemaps/pages.xml": (_XML, urlset(base, pages).encode()),
            "/sitemaps/drivers.xml": (_XML, urlset(base, sorted(drivers)).encode()),
        }

    def published_truth(self) -> dict[str, tuple[str, ...]]:
        return {"listed": self._paths("driver"), "missing": (), "stale": ()}


class CouncilIncompleteSite(Publishing, CouncilSite):
    id = "council-sitemap-incomplete"
    description = "council whose /sitemap.xml misses every third member"

    def _missing(self) -> tuple[str, ...]:
        return self._paths("member")[::3]

    def files(self, base: str) -> dict[str, File]:
        gone = set(self._missing())
        listed = [p for p in self._paths("member") if p not in gone] + list(
            self._paths("committee")
        )
        return sitemap_files(base, "/sitemap.xml", listed)

    def published_truth(self) -> dict[str, tuple[str, ...]]:
        gone = set(self._missing())
        listed = tuple(p for p in self._paths("member") if p not in gone)
        return {"listed": listed, "missing": self._missing(), "stale": ()}


class CouncilStaleSite(Publishing, CouncilSite):
    id = "council-sitemap-stale"
    description = "council whose /sitemap.xml lists gone members (404) and moved ones (301)"

    def _past(self, n: int) -> int:
        """A member id `n` past the last one (no member has it, at any size)."""
        return self.tree().id_ranges["member"][1] + n

    def _gone(self) -> tuple[str, ...]:
        return tuple(f"/member.php?id={self._past(n)}" for n in (1, 2, 3))

    def redirects(self) -> dict[str, str]:
        members = self._paths("member")
        return {f"/member.php?id={self._past(11 + i)}": members[i] for i in range(2)}

    def files(self, base: str) -> dict[str, File]:
        listed = [*self._paths("member"), *self._gone(), *self.redirects()]
        return sitemap_files(base, "/sitemap.xml", listed)

    def published_truth(self) -> dict[str, tuple[str, ...]]:
        stale = (*self._gone(), *self.redirects())
        return {"listed": self._paths("member"), "missing": (), "stale": stale}


class OlympicMixedSite(Publishing, OlympicSite):
    id = "olympic-sitemap-mixed"
    description = "olympic with one sitemap mixing sports, host cities and news"

    def _news(self) -> list[str]:
        return [self.news_path(i) for i in range(self.n_news)]

    def files(self, base: str) -> dict[str, File]:
        mixed = [*self._paths("sport"), *self._paths("city"), *self._news()]
        mixed.sort(key=lambda p: p.rsplit("/", 1)[-1])  # interleaved, as a CMS's export
        return sitemap_files(base, "/sitemap.xml", mixed)

    def published_truth(self) -> dict[str, tuple[str, ...]]:
        return {"listed": self._paths("sport"), "missing": (), "stale": ()}


class CarsGzipSite(Publishing, CarsSite):
    id = "cars-sitemap-gz"
    description = "cars with /sitemap_index.xml naming gzipped children"

    def files(self, base: str) -> dict[str, File]:
        cars = self._paths("car")
        half = len(cars) // 2
        return {
            "/sitemap_index.xml": (
                _XML,
                sitemap_index(base, ["/sitemaps/cars-1.xml.gz", "/sitemaps/cars-2"]).encode(),
            ),
            "/sitemaps/cars-1.xml.gz": (
                _GZIP,
                gzip.compress(urlset(base, cars[:half]).encode(), mtime=0),
            ),
            "/sitemaps/cars-2": (_GZIP, gzip.compress(urlset(base, cars[half:]).encode(), mtime=0)),
        }

    def published_truth(self) -> dict[str, tuple[str, ...]]:
        return {"listed": self._paths("car"), "missing": (), "stale": ()}


class PeopleHostsSite(Publishing, PeopleSite):
    id = "people-sitemap-hosts"
    description = "people whose sitemap also lists pages on other hosts and addresses"

    def _elsewhere(self) -> tuple[str, ...]:
        people = self._paths("person")[:5]
        hosts = ("http://127.0.0.2:9", "http://10.1.2.3", "https://people.example.org")
        return tuple(f"{hosts[i % 3]}{p}" for i, p in enumerate(people))

    def files(self, base: str) -> dict[str, File]:
        listed = [*self._paths("person"), *self._elsewhere()]
        return sitemap_files(base, "/sitemap.xml", listed)

    def published_truth(self) -> dict[str, tuple[str, ...]]:
        return {
            "listed": self._paths("person"),
            "missing": (),
            "stale": (),
            "off_site": self._elsewhere(),
        }


class DriversFeedSite(Publishing, DriversSite):
    id = "drivers-feed"
    description = "drivers without a sitemap, every page linking an RSS feed of the newest ten"
    feed = "/feed.xml"

    def _newest(self) -> tuple[str, ...]:
        return self._paths("driver")[-10:]

    def files(self, base: str) -> dict[str, File]:
        items = "".join(
            f"<item><title>{p}</title><link>{base}{p}</link></item>" for p in self._newest()
        )
        rss = (
            '<?xml version="1.0"?><rss version="2.0"><channel><title>New drivers</title>'
            f"<link>{base}/</link>{items}</channel></rss>"
        )
        return {"/feed.xml": ("application/rss+xml", rss.encode())}

    def published_truth(self) -> dict[str, tuple[str, ...]]:
        return {"feed": self._newest(), "missing": (), "stale": ()}
