"""real-datasette: Datasette (PyPI), a table browser, over a database of vega_datasets' tables.

The application (lab/real/apps/datasette_app.py, run in its own venv) is Datasette 0.65 served
read-only (`--immutable`) by its own command line. Its pages are Datasette's: `/` (the instance:
its database), `/vega` (the database: its tables, a SQL form), `/vega/airports` (a table: a
"3,376 rows" heading, 100 rows a page with a cursor "next" link `?_next=<last id>`, a sort link in
every column header `?_sort=<column>` / `?_sort_desc=<column>`, facet boxes for `country` and
`state` whose values are filter links `?country=USA` and whose headers toggle them, suggested
facets `?_facet=<column>`, export links `.json` and `.csv`), and a page per row at
`/vega/airports/<id>`; the same for the Seattle weather days (`/vega/seattle_weather`, faceted
by `weather`). `?_size=N` sets the page size up to 1,000 (`?_size=max`), though no page links it.

Data: two data sets the `vega_datasets` package ships as files, each a table with an integer key
`id` in the file's order: airports (all 3,376 rows at every size) and Seattle weather (1,461
days).

Truth, from the application's SQLite database (never a crawl): the target type is `airports`,
its entities the row page of every airport; the weather days are a type of their own. The index
is one level, the airports' table at the largest page size (`?_size=max`, 1,000 rows a page,
then `?_next=1000&_size=max` …, query parameters sorted as the crawler writes them); the seed is
the first airport. Attributes: each airport's columns (iata, name, city, state, country) as its
row page lists them; `facet_values` are the values of the two facets, one query per value.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import ClassVar

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import PythonApp, facet_queries, facet_values, read_sqlite, type_truth
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.truth import SiteTruth

__all__ = ["DATABASE", "FACETS", "LARGEST_PAGE", "PAGE_SIZE", "DatasetteApp", "table_pages"]

DATABASE = "vega"  # the database file's stem, which names it in Datasette's URLs
PAGE_SIZE = 100  # Datasette's default_page_size
LARGEST_PAGE = 1000  # Datasette's max_returned_rows: what `?_size=max` gives
TARGET = "airports"
OTHER = "seattle_weather"
ATTRIBUTES = ("iata", "name", "city", "state", "country")
FACETS = ("country", "state")  # the airports' facets (lab/real/apps/datasette_app.py)


def table_pages(table_url: str, ids: list[int], page_size: int = LARGEST_PAGE) -> tuple[str, ...]:
    """A table's pages at `page_size`, canonical, as their "Next page" links write them: the
    first, then one per cursor, the id of the previous page's last row (`ids` in id order).
    `?_size=max` at the largest size, no `_size` at the default one."""
    size = {LARGEST_PAGE: "&_size=max", PAGE_SIZE: ""}.get(page_size, f"&_size={page_size}")
    pages = [canonical_url(f"{table_url}?{size[1:]}")]
    for n in range(1, max(1, math.ceil(len(ids) / page_size))):
        pages.append(canonical_url(f"{table_url}?_next={ids[n * page_size - 1]}{size}"))
    return tuple(pages)


class DatasetteApp(PythonApp):
    """Datasette, read-only, over vega_datasets' airports and Seattle weather."""

    id = "real-datasette"
    kind = "entity-tree"
    description = (
        "Datasette table browser (cursor pages, sort, facets, exports) over vega_datasets' airports"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("datasette==0.65.5"),
        # Only its data files are read; its own __init__ needs pandas.
        PyPackage("vega_datasets==0.9.0", deps=False),
    )
    script = "datasette_app.py"
    data_description = "vega_datasets' airports.csv and seattle-weather.csv (files it ships)"

    @property
    def data_file(self) -> Path:
        # Datasette names a database by its file's stem: /vega/… at every size.
        return self.dir / f"data-{self.size}" / f"{DATABASE}.db"

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        db = self.data_file
        rows = read_sqlite(db, f"SELECT id, {', '.join(ATTRIBUTES)} FROM {TARGET} ORDER BY id")
        days = [int(str(r[0])) for r in read_sqlite(db, f"SELECT id FROM {OTHER} ORDER BY id")]
        ids = [int(str(row[0])) for row in rows]
        table = f"{b}/{DATABASE}/{TARGET}"
        airports = tuple(f"{table}/{i}" for i in ids)
        day_urls = tuple(f"{b}/{DATABASE}/{OTHER}/{i}" for i in days)
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            url: {
                name: (str(value),)
                for name, value in zip(ATTRIBUTES, row[1:], strict=True)
                if value not in (None, "")
            }
            for url, row in zip(airports, rows, strict=True)
        }
        values = facet_values(attributes, FACETS)
        level = table_pages(table, ids)
        seed = airports[0]
        templates = {b + "/": "home", f"{b}/{DATABASE}": "database", table: "list"}
        templates |= {f"{b}/{DATABASE}/{OTHER}": "table"}
        templates |= dict.fromkeys(level, "list-max")
        templates |= dict.fromkeys(airports, "row") | dict.fromkeys(day_urls, "row")
        return type_truth(
            self,
            b,
            TARGET,
            airports,
            (level[0], seed),
            levels=(level,),
            others={OTHER: day_urls},
            attributes=attributes,
            queries=facet_queries(attributes, values),
            facet_values=values,
            id_ranges={TARGET: (1, len(ids))} if ids else {},
            templates=templates,
            notes=(
                f"Datasette's table page, {len(level)} pages of {len(ids)} airports at "
                f"{LARGEST_PAGE} a page (?_size=max; {PAGE_SIZE} by default, next pages "
                "?_next=<last id>, as linked). Not listed in templates: the pages at 100, sort "
                "links (?_sort=…, ?_sort_desc=…), facet filter links (?country=…, ?state=…), "
                "facet toggles (?_facet=…), exports (.json, .csv), the SQL form and /-/ pages."
            ),
        )
