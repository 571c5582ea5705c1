"""real-starletteadmin: starlette-admin (PyPI), an admin interface over tzdata's time zones.

The application (lab/real/apps/starlette_admin_app.py, run in its own venv) is starlette-admin
1.0 on Starlette with SQLAlchemy, served by uvicorn, read-only (nothing can be created, edited
or deleted; those pages answer 403), its default Tabler theme less the web font it would fetch
from rsms.me. Its pages: `/` (a redirect to `/admin/`), `/admin/` (the index: a card per
model), a model's list view (`/admin/zone/list`: a table of 10 rows a page by default,
numbered pages `?page=N`, a page-size choice 10/25/50/100 drawn as a select whose options are
URLs, sort links `?sort=<field>__asc|desc`, a search box, a filter builder), and a detail page
per row. starlette-admin carries the page a visitor came from in every row's link:
`/admin/zone/detail?pk=5&_origin=%2Fadmin%2Fzone%2Flist` from the first page,
`…&_origin=%2Fadmin%2Fzone%2Flist%3Fpage%3D2` from the second, and so on; the detail page is the
same without it.

Data: Debian's `tzdata` tables (`/usr/share/zoneinfo/zone1970.tab`, a row per time zone, 312
in tzdata 2025b; `iso3166.tab`, the 249 countries), loaded at install into the application's
SQLite database, every zone at every size.

Truth, from that database (never a crawl): the target type is `zone`, its entities every
zone's detail page as the application addresses it without the origin it carries
(`/admin/zone/detail?pk=<id>`); countries are a second type. The index is one level, the list
view at its default page size as its pagination links it (`/admin/zone/list`, then
`?page=2` … ). The seed is the first zone, the first row of the first page. Attributes: each
zone's fields as its detail page lists them.
"""

from __future__ import annotations

import math
from typing import ClassVar
from urllib.parse import quote

from siteseer.lab.real.app import PythonApp, read_sqlite, type_truth
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["PAGE_SIZE", "StarletteAdminApp", "list_pages"]

PAGE_SIZE = 10  # starlette-admin's default page size
ATTRIBUTES = ("name", "region", "country_code", "countries", "coordinates", "comments")


def list_pages(base: str, key: str, rows: int) -> tuple[str, ...]:
    """A model's list view at the default page size, as its pagination links its pages: the
    first bare, the others `?page=N`."""
    pages = max(1, math.ceil(rows / PAGE_SIZE))
    first = f"{base}/admin/{key}/list"
    return (first, *(f"{first}?page={n}" for n in range(2, pages + 1)))


class StarletteAdminApp(PythonApp):
    """starlette-admin's read-only list and detail views over tzdata's zones and countries."""

    id = "real-starletteadmin"
    kind = "entity-tree"
    description = "starlette-admin (PyPI) read-only admin over tzdata's time zones and countries"
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("starlette-admin==1.0.3"),
        PyPackage("SQLAlchemy==2.1.9"),
        PyPackage("greenlet==3.5.6"),  # SQLAlchemy's asyncio module, which starlette-admin imports
        PyPackage("uvicorn==0.54.0"),
    )
    script = "starlette_admin_app.py"
    data_description = "Debian tzdata's zone1970.tab and iso3166.tab (/usr/share/zoneinfo)"
    row_limits: ClassVar[dict[Size, int]] = {"small": 0, "medium": 0, "large": 0}

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        db = self.data_file
        zones = read_sqlite(db, f"SELECT id, {', '.join(ATTRIBUTES)} FROM zone ORDER BY id")
        codes = [row[0] for row in read_sqlite(db, "SELECT code FROM country ORDER BY code")]
        zone_urls = tuple(f"{b}/admin/zone/detail?pk={row[0]}" for row in zones)
        country_urls = tuple(f"{b}/admin/country/detail?pk={quote(str(c))}" for c in codes)
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            url: {name: (str(value),) for name, value in zip(ATTRIBUTES, row[1:], strict=True)
                  if value is not None}
            for url, row in zip(zone_urls, zones, strict=True)
        }  # fmt: skip
        level = list_pages(b, "zone", len(zones))
        return type_truth(
            self,
            b,
            "zone",
            zone_urls,
            (level[0], zone_urls[0]),
            levels=(level,),
            others={"country": country_urls},
            attributes=attributes,
            id_ranges={"zone": (1, len(zones))} if zones else {},
            templates={b + "/": "redirect", b + "/admin/": "home"}
            | dict.fromkeys(level, "zone-list")
            | dict.fromkeys(list_pages(b, "country", len(codes)), "country-list")
            | dict.fromkeys(zone_urls, "zone")
            | dict.fromkeys(country_urls, "country"),
            notes=(
                f"starlette-admin list view, {len(level)} pages of {len(zones)} zones at "
                f"{PAGE_SIZE} a page; {len(codes)} countries. Entities are the detail pages "
                "without the `_origin` parameter every row link carries (the list page it was "
                "on). Not listed in templates: the other page sizes (?page_size=N, offered as "
                "a select's option values), sort links (?sort=<field>__asc|desc), search "
                "(?search=…), the detail pages with `_origin`, the create pages (403)."
            ),
        )
