"""real-djangoadmin: the Django admin (PyPI `Django`), a change-list over Seattle's weather.

The application (lab/real/apps/djangoadmin_app.py, run in its own venv) is Django 5.2's admin
site, served by Django's own threaded server, read-only: a custom `AdminSite` lets anonymous
visitors in for GET requests, the `ModelAdmin` grants view permission only. Its pages are the
admin's HTML: `/admin/` (the index), `/admin/weather/` (the app's index), the change-list
`/admin/weather/day/` (50 days a page, numbered pages `?p=N`, sort links in every column header
`?o=1.2`, a date drill-down `?date__year=2012` → `&date__month=3` → `&date__day=14`, a filter
sidebar "By weather" (`?weather=rain`) and "By date" (today, past 7 days, this month, this year:
relative to the day it is served, so empty here), a "Show counts" toggle `?_facets=True`, a
search box), and a read-only change page per day, `/admin/weather/day/<pk>/change/`, with its
history page. As the admin does by default, a row's link carries the list's query on every list
page but the bare first (`…/51/change/?_changelist_filters=p%3D2`, `…=o%3D-1%26weather%3Drain`).

Data: vega_datasets' seattle-weather.csv (a file the package ships): 1,461 days of 2012–2015,
each its precipitation, maximum and minimum temperature, wind and weather (drizzle, fog, rain,
snow, sun). The first 500 days (2012-01-01 to 2013-05-14) at size small, all at medium and large.

Truth, from the application's SQLite database (never a crawl): the target type is `day`, its
entities every day's change page, as the first list page links it (no query). The index is one level, the change-list as the admin's index
links it (`/admin/weather/day/`), then its pages `?p=2` … as its paginator links them (10 at
small). The seed is the first day, the first row of the first page. Attributes: each day's
fields as its change page shows them (the date as "Jan. 1, 2012"); `facet_values` are the
values the "By weather" filter offers, one query per value.
"""

from __future__ import annotations

import datetime
import math
from typing import ClassVar

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import PythonApp, facet_queries, facet_values, read_sqlite, type_truth
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["FACETS", "PER_PAGE", "DjangoAdminApp", "admin_date", "list_pages"]

PER_PAGE = 50  # DayAdmin.list_per_page in lab/real/apps/djangoadmin_app.py
FIELDS = ("date", "precipitation", "temp_max", "temp_min", "wind", "weather")
FACETS = ("weather",)
CHANGE_LIST = "/admin/weather/day/"
MONTHS = ("Jan.", "Feb.", "March", "April", "May", "June", "July", "Aug.", "Sept.", "Oct.",
          "Nov.", "Dec.")  # fmt: skip  # Django's "N" date format (Associated Press style)


def list_pages(base: str, rows: int, per_page: int = PER_PAGE) -> tuple[str, ...]:
    """The change-list's pages, absolute and canonical: the first as the admin's index links it,
    the others as its paginator does (`?p=2`, …)."""
    first = f"{base}{CHANGE_LIST}"
    pages = max(1, math.ceil(rows / per_page))
    return (first, *(canonical_url(f"{first}?p={n}") for n in range(2, pages + 1)))


def admin_date(iso: str) -> str:
    """A date as the admin's change page writes it (DATE_FORMAT "N j, Y": "Jan. 1, 2012")."""
    day = datetime.date.fromisoformat(iso)
    return f"{MONTHS[day.month - 1]} {day.day}, {day.year}"


class DjangoAdminApp(PythonApp):
    """The Django admin's read-only change-list and change pages over vega_datasets' weather."""

    id = "real-djangoadmin"
    kind = "entity-tree"
    description = (
        "Django admin change-list (filters, date drill-down, sort, ?p=N) over Seattle weather"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("Django==5.2.19"),
        PyPackage("vega_datasets==0.9.0", deps=False),  # its data files only
    )
    script = "djangoadmin_app.py"
    data_description = "vega_datasets' seattle-weather.csv (a file it ships)"
    row_limits: ClassVar[dict[Size, int]] = {"small": 500, "medium": 0, "large": 0}

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        rows = read_sqlite(
            self.data_file, f"SELECT id, {', '.join(FIELDS)} FROM weather_day ORDER BY date, id"
        )
        urls = tuple(f"{b}{CHANGE_LIST}{row[0]}/change/" for row in rows)
        attributes: dict[str, dict[str, tuple[str, ...]]] = {}
        for url, row in zip(urls, rows, strict=True):
            values = dict(zip(FIELDS, row[1:], strict=True))
            attributes[url] = {
                name: (admin_date(str(value)) if name == "date" else str(value),)
                for name, value in values.items()
                if value is not None
            }
        offered = facet_values(attributes, FACETS)
        queries = facet_queries(attributes, offered)
        level = list_pages(b, len(rows))
        templates = {b + "/": "redirect", b + "/admin/": "home", b + "/admin/weather/": "app"}
        templates |= dict.fromkeys(level, "day-list") | dict.fromkeys(urls, "day")
        return type_truth(
            self,
            b,
            "day",
            urls,
            (level[0], urls[0]),
            levels=(level,),
            attributes=attributes,
            queries=queries,
            facet_values=offered,
            id_ranges={"day": (1, len(urls))} if urls else {},
            templates=templates,
            notes=(
                f"Django admin change-list, {len(level)} pages of {len(urls)} days at "
                f"{PER_PAGE} a page. Not listed in templates: page 1 as the paginator writes it "
                "(?p=1), sort links (?o=…), the date drill-down (?date__year=…&date__month=…"
                "&date__day=…), the filter sidebar (?weather=…, relative ?date__gte=…"
                "&date__lt=…), the counts toggle (?_facets=True), their combinations, search "
                "(?q=…), change pages with ?_changelist_filters=…, history pages, /admin/jsi18n/, "
                "/static/."
            ),
        )
