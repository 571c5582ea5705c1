"""real-pygeoapi: pygeoapi (PyPI), the OGC API server for geospatial data, over the airports
that vega_datasets ships (a feature catalogue, a new kind).

The application (lab/real/apps/pygeoapi_airports.py, run in its own venv) is pygeoapi 0.21 on
Flask, its configuration one collection of point features read by pygeoapi's CSV provider. Every
page is pygeoapi's own, HTML to a browser (its `Accept`) and JSON otherwise: a landing page (links
to the collections, the OpenAPI document, conformance, processes, jobs); the collections
`/collections` and the collection's page `/collections/airports` (links to its items, schema and
queryables); the items `/collections/airports/items`, 20 a page (pygeoapi's example
configuration): a table whose first cell links each item by its title, a map drawn by Leaflet
from a CDN (it never loads here), a page-size menu that reloads by script, "Prev" and "Next"
(`?offset=N`; the last page's "Next" leads to an empty page); an item's page
`/collections/airports/items/<code>` (a table of its properties); every page also links its JSON
and JSON-LD forms (`?f=json`, `?f=jsonld`) and its HTML form (`?f=html`).

Data: `airports.csv` as the `vega_datasets` package ships it (the FAA's airports of the United
States and its territories: code, name, city, state, country, latitude, longitude), its first
400 rows at size small, 1,200 at medium, all 3,376 at large (in the file's order, by code).

Truth, from the CSV file pygeoapi serves (never a crawl): the entities are the airports' item
pages; the index is one level, the items list and its pages in the file's order (`?offset=20`,
`?offset=40`, …); attributes each airport's name, city, state and country, the state a facet
(pygeoapi's queryables filter on it: `?state=TX`). The seed is the first airport of the file.
"""

from __future__ import annotations

import csv
import math
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar
from urllib.parse import quote

from siteseer.lab.real.app import PythonApp, paged_list_truth
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["PAGE_SIZE", "GeoapiApp", "airport_attributes", "item_pages"]

PAGE_SIZE = 20  # lab/real/apps/pygeoapi_airports.py's `limits.default_items`
COLLECTION = "airports"
ATTRIBUTES = ("name", "city", "state", "country")
FACETS = ("state",)


def item_pages(items: int, page_size: int = PAGE_SIZE) -> list[str]:
    """The items list's pages (relative to the collection's items URL) as "Next" links them:
    the bare list, then `?offset=N` for each further page holding items."""
    pages = max(1, math.ceil(items / page_size))
    return ["", *(f"?offset={n * page_size}" for n in range(1, pages))]


def airport_attributes(row: dict[str, str]) -> dict[str, tuple[str, ...]]:
    """An airport's attributes as its page shows them (pygeoapi strips nothing; the CSV's own
    spacing is kept), those it has."""
    return {name: (row[name],) for name in ATTRIBUTES if row.get(name)}


class GeoapiApp(PythonApp):
    """pygeoapi's HTML pages over one collection of vega_datasets' airports."""

    id = "real-pygeoapi"
    kind = "entity-tree"
    description = (
        "geospatial feature catalogue: pygeoapi (OGC API - Features) over vega_datasets' airports"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("pygeoapi==0.21.0"),
        # only its airports.csv is read; its own __init__ would import pandas
        PyPackage("vega_datasets==0.9.0", deps=False),
    )
    script = "pygeoapi_airports.py"
    data_description = "vega_datasets' airports.csv (shipped in the package)"
    row_limits: ClassVar[dict[Size, int]] = {"small": 400, "medium": 1200, "large": 0}

    @property
    def data_file(self) -> Path:
        return self.dir / f"airports-{self.size}.csv"

    def airports(self) -> list[dict[str, str]]:
        """The rows pygeoapi serves, in its order."""
        with self.data_file.open(encoding="utf-8", newline="") as handle:
            return [row for row in csv.DictReader(handle) if row.get("iata")]

    def truth(self, base_url: str) -> SiteTruth:
        """The airports, all on the paged items list; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        rows = self.airports()
        if len(rows) < 20:
            raise ValueError(f"{self.id}: {self.data_file} holds {len(rows)} airports")
        items = f"{b}/collections/{COLLECTION}/items"
        urls = [f"{items}/{quote(row['iata'])}" for row in rows]
        pages: Sequence[str] = [items + page for page in item_pages(len(rows))]
        return paged_list_truth(
            self,
            b,
            ("items", "item"),
            urls,
            pages,
            {url: airport_attributes(row) for url, row in zip(urls, rows, strict=True)},
            FACETS,
            notes=(
                f"{len(urls)} airports of vega_datasets' airports.csv, from the CSV file "
                "pygeoapi's CSV provider serves. Not listed in templates: the landing page, "
                "the collections and the collection's page, its schema and queryables, the "
                "OpenAPI document, conformance, processes and jobs, the JSON, JSON-LD and "
                "?f=html forms of every page, the empty page after the last one ('Next' "
                "links it), `?offset=0` (the first page's URL on the second page's 'Prev')."
            ),
        )
