"""real-drf: Django REST framework's browsable API (PyPI) over pycountry's ISO tables.

The application (lab/real/apps/drf_app.py, run in its own venv) is Django REST framework 3.16
on Django 5.2, served by Django's own threaded server, read-only: a `DefaultRouter` with three
`ReadOnlyModelViewSet`s, each drawn by the framework's `BrowsableAPIRenderer` (the HTML a
browser is sent) with its default templates. Its pages: `/` (a redirect to `/api/`), the API
root `/api/` (a link per endpoint), a list per endpoint (`/api/countries/`: 20 records a page,
numbered page links `?page=N` with the bare URL for page 1, the JSON's `next` and `previous`
URLs drawn as links; a Filters dialog of ordering links `?ordering=<field>` and `-<field>`,
keeping the page, and a search box `?search=`; format links `?format=json`, `?format=api`),
and a page per record, every URL in the JSON a link (a record's own `url`, a subdivision's
`country`).

Data: the ISO tables pycountry 26.2.16 ships: the 249 countries of ISO 3166-1 (addressed by
their alpha-2 code, listed by name), the subdivisions of ISO 3166-2 (by code; each links its
country) and the 178 currencies of ISO 4217 (by code). Small: the first 1,000 subdivisions of
pycountry's file; medium and large: all 5,046. Countries and currencies are all at every size.

Truth, from the application's SQLite database (never a crawl): the target type is `country`,
its entities every country's page `/api/countries/<alpha_2>/` (absolute, as the API writes
them); subdivisions and currencies are two more types. The index is one level, the country
list as its pagination links it (`/api/countries/`, then `?page=2` … `?page=13`); the seed is
the first country by name, the first record of the first page. Attributes: each country's
fields as its page shows them.
"""

from __future__ import annotations

import math
from typing import ClassVar

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import PythonApp, read_sqlite, type_truth
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["PAGE_SIZE", "DrfApp", "list_pages"]

PAGE_SIZE = 20  # REST_FRAMEWORK["PAGE_SIZE"] in lab/real/apps/drf_app.py
FIELDS = ("alpha_2", "alpha_3", "numeric", "name", "official_name", "common_name")


def list_pages(base: str, endpoint: str, rows: int) -> tuple[str, ...]:
    """An endpoint's list as its pagination links it: the first page bare, then `?page=N`."""
    first = f"{base}/api/{endpoint}/"
    pages = max(1, math.ceil(rows / PAGE_SIZE))
    return (first, *(canonical_url(f"{first}?page={n}") for n in range(2, pages + 1)))


class DrfApp(PythonApp):
    """The REST framework's browsable API over ISO countries, subdivisions and currencies."""

    id = "real-drf"
    kind = "entity-tree"
    description = (
        "Django REST framework browsable API (paged lists, ordering links) over pycountry's "
        "ISO countries, subdivisions and currencies"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("Django==5.2.19"),
        PyPackage("djangorestframework==3.16.1"),
        PyPackage("pycountry==26.2.16"),
    )
    script = "drf_app.py"
    data_description = "pycountry's ISO 3166-1, ISO 3166-2 and ISO 4217 tables (files it ships)"
    row_limits: ClassVar[dict[Size, int]] = {"small": 1000, "medium": 0, "large": 0}

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        db = self.data_file
        countries = read_sqlite(
            db, f"SELECT {', '.join(FIELDS)} FROM iso_country ORDER BY name, alpha_2"
        )
        subdivisions = [r[0] for r in read_sqlite(db, "SELECT code FROM iso_subdivision")]
        currencies = [r[0] for r in read_sqlite(db, "SELECT alpha_3 FROM iso_currency")]
        urls = tuple(f"{b}/api/countries/{row[0]}/" for row in countries)
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            url: {name: (str(value),) for name, value in zip(FIELDS, row, strict=True) if value}
            for url, row in zip(urls, countries, strict=True)
        }
        others = {
            "subdivision": tuple(
                f"{b}/api/subdivisions/{code}/" for code in sorted(map(str, subdivisions))
            ),
            "currency": tuple(
                f"{b}/api/currencies/{code}/" for code in sorted(map(str, currencies))
            ),
        }
        level = list_pages(b, "countries", len(urls))
        templates = {b + "/": "redirect", b + "/api/": "api-root"} | dict.fromkeys(
            level, "country-list"
        )
        templates |= dict.fromkeys(
            list_pages(b, "subdivisions", len(subdivisions)), "subdivision-list"
        )
        templates |= dict.fromkeys(list_pages(b, "currencies", len(currencies)), "currency-list")
        templates |= dict.fromkeys(urls, "country")
        for kind, pages in others.items():
            templates |= dict.fromkeys(pages, kind)
        return type_truth(
            self,
            b,
            "country",
            urls,
            (level[0], urls[0]),
            levels=(level,),
            others={**others},
            attributes=attributes,
            templates=templates,
            notes=(
                f"REST framework browsable API, {len(level)} pages of {len(urls)} countries at "
                f"{PAGE_SIZE} a page, by name; {len(subdivisions)} subdivisions, "
                f"{len(currencies)} currencies. Not listed in templates: page 1 as ?page=1, "
                "the ordering links (?ordering=<field>, -<field>, with &page=N), search "
                "(?search=…), the format links (?format=json, ?format=api), the JSON each page "
                "answers to a client that does not ask for HTML, /static/."
            ),
        )
