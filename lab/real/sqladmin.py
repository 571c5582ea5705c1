"""real-sqladmin: SQLAdmin (PyPI), a CRUD admin with a filter sidebar, over vega_datasets' cars.

The application (lab/real/apps/sqladmin_app.py, run in its own venv) is SQLAdmin on Starlette,
served by uvicorn, read-only (nothing can be created, edited or deleted). Its pages are
SQLAdmin's: `/admin/` (the index, a menu of the models), `/admin/car/list` (the cars' list view:
10 rows a page by default, page sizes 10/25/50/100 as links `?pageSize=N&page=1`, numbered pages
`?page=N`, sort links `?sortBy=<column>&sort=asc`, a search box, a filter sidebar of links
`?origin=<value>` and `?cylinders=<value>` with an "All" choice, CSV and JSON export links),
`/admin/car/details/<id>` (a row's columns), and the same for the Seattle weather table
(`/admin/weather/…`).

Data: vega_datasets' cars (406 rows, all at every size) and Seattle weather (1,461 days; the
first 500 at size small, all at medium and large), files the package ships.

Truth, from the application's SQLite database (never a crawl): the target type is `car`, its
entities every car's details page; weather days are a second type. The index is one level, the
cars' list at the largest page size SQLAdmin offers (100): `/admin/car/list?page=N&pageSize=100`
(as the crawler writes it, query parameters sorted). The seed is the first car. Attributes: each
car's columns as its details page lists them; `facet_values` are the values the filter sidebar
offers (origin, cylinders); one query per filter value.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import ClassVar

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import PythonApp, facet_queries, facet_values, read_sqlite, type_truth
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["FACETS", "LARGEST_PAGE", "SqlAdminApp", "list_pages"]

LARGEST_PAGE = 100  # SQLAdmin's page_size_options of lab/real/apps/sqladmin_app.py: 10 … 100
ATTRIBUTES = (
    "name", "miles_per_gallon", "cylinders", "displacement", "horsepower", "weight_in_lbs",
    "acceleration", "year", "origin",
)  # fmt: skip
FACETS = ("origin", "cylinders")


def list_pages(
    base: str, identity: str, rows: int, page_size: int = LARGEST_PAGE
) -> tuple[str, ...]:
    """A model's list pages at `page_size`, absolute and canonical (query parameters sorted)."""
    pages = max(1, math.ceil(rows / page_size))
    return tuple(
        canonical_url(f"{base}/admin/{identity}/list?pageSize={page_size}&page={n}")
        for n in range(1, pages + 1)
    )


def _text(value: object) -> str:
    """A value as SQLAdmin's details page writes it (floats keep their decimal point)."""
    return str(value)


class SqlAdminApp(PythonApp):
    """SQLAdmin's read-only list and details views over vega_datasets' cars and weather."""

    id = "real-sqladmin"
    kind = "entity-tree"
    description = "SQLAdmin CRUD admin (filter sidebar, sort, page sizes) over vega_datasets' cars"
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("sqladmin==0.32.0"),
        PyPackage("uvicorn==0.54.0"),
        PyPackage("greenlet==3.5.6"),  # SQLAlchemy's asyncio module, which SQLAdmin imports
        PyPackage("vega_datasets==0.9.0", deps=False),  # its data files only
    )
    script = "sqladmin_app.py"
    data_description = "vega_datasets' cars.json and seattle-weather.csv (files it ships)"
    row_limits: ClassVar[dict[Size, int]] = {"small": 500, "medium": 0, "large": 0}

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        db = self.data_file
        cars = read_sqlite(db, f"SELECT id, {', '.join(ATTRIBUTES)} FROM car ORDER BY id")
        days = [row[0] for row in read_sqlite(db, "SELECT id FROM weather ORDER BY id")]
        car_urls = tuple(f"{b}/admin/car/details/{row[0]}" for row in cars)
        day_urls = tuple(f"{b}/admin/weather/details/{pk}" for pk in days)
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            url: {
                name: (_text(value),)
                for name, value in zip(ATTRIBUTES, row[1:], strict=True)
                if value is not None
            }
            for url, row in zip(car_urls, cars, strict=True)
        }
        offered = facet_values(attributes, FACETS)
        queries = facet_queries(attributes, offered)
        level = list_pages(b, "car", len(cars))
        templates = {b + "/": "redirect", b + "/admin/": "home"}
        templates |= {b + "/admin/car/list": "list"} | dict.fromkeys(level, "car-list")
        templates |= _templated(car_urls, "car") | _templated(day_urls, "weather")
        templates |= dict.fromkeys(list_pages(b, "weather", len(days)), "weather-list")
        return type_truth(
            self,
            b,
            "car",
            car_urls,
            (level[0], car_urls[0]),
            levels=(level,),
            others={"weather": day_urls},
            attributes=attributes,
            queries=queries,
            facet_values=offered,
            id_ranges={"car": (1, len(cars))} if cars else {},
            templates=templates,
            notes=(
                f"SQLAdmin list view, {len(level)} pages of {len(cars)} cars at {LARGEST_PAGE} a "
                "page (10 by default: /admin/car/list?page=N). Not listed in templates: the "
                "other page sizes, sort links (?sortBy=…&sort=asc|desc), filter links "
                "(?origin=…, ?cylinders=…, combined with page links), search (?search=…), "
                "/admin/car/export/csv|json."
            ),
        )


def _templated(urls: Sequence[str], template: str) -> dict[str, str]:
    return dict.fromkeys(urls, template)
