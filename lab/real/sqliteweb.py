"""real-sqliteweb: sqlite-web (PyPI), a table browser, over a database of vega_datasets' tables.

The application (lab/real/apps/sqliteweb.py, run in its own venv) is sqlite-web served read-only
by its own command line. Its pages are sqlite-web's: `/` (the database: its tables in a sidebar),
`/<table>/` (a table's structure), `/<table>/content/` (its rows, 50 a page, numbered with
`?page=N`: each page links the first, previous, next and last pages), a sort link per column
header (`?ordering=<column number>`, negative for descending), `/<table>/query/`,
`/<table>/export/`, and a page per row at `/<table>/row/<key>/`, where the key is sqlite-web's
row key token: the URL-safe base64 of the JSON list of the row's primary key values
(`executor.key_encode`; row 1 is `WzFd`).

Data: five data sets the `vega_datasets` package ships as files (airports, cars, iris, Seattle
weather, stocks), one table each with an integer key `id`; the first 1,000 rows of each at size
small, 2,000 at medium, all (3,376 airports) at large.

Truth, from the application's SQLite database (never a crawl): the target type is `airports`,
its entities the row page of every airport; the other tables' rows are entity types of their
own, with the same templates. The index is one level, the airports' content pages in sqlite-web's
order (`/airports/content/`, then `?page=2` …); the seed is the first airport. Attributes: each
airport's columns (iata, name, city, state, country) as the row page lists them. sqlite-web
offers no facets or filters (`facet_values` is empty).
"""

from __future__ import annotations

import base64
import json
import math
from typing import ClassVar

from siteseer.lab.real.app import PythonApp, read_sqlite
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["PAGE_SIZE", "TABLES", "SqliteWebApp", "content_pages", "row_key"]

PAGE_SIZE = 50  # sqlite-web's --rows-per-page default; the UI offers no other
TABLES = ("airports", "cars", "iris", "seattle_weather", "stocks")
TARGET = "airports"
ATTRIBUTES = ("iata", "name", "city", "state", "country")


def row_key(*values: object) -> str:
    """sqlite-web's row key token for primary key `values` (`executor.key_encode`)."""
    return base64.urlsafe_b64encode(json.dumps(list(values)).encode()).decode()


def content_pages(table: str, rows: int, page_size: int = PAGE_SIZE) -> tuple[str, ...]:
    """A table's content pages (root-relative): page 1 is the bare content URL, as linked."""
    pages = max(1, math.ceil(rows / page_size))
    first = f"/{table}/content/"
    return (first, *(f"{first}?page={n}" for n in range(2, pages + 1)))


class SqliteWebApp(PythonApp):
    """sqlite-web, read-only, over five of vega_datasets' tables."""

    id = "real-sqliteweb"
    kind = "entity-tree"
    description = (
        "sqlite-web table browser over vega_datasets' airports, cars, iris, weather, stocks"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("sqlite-web==0.8.2"),
        # Only its data files are read; its own __init__ needs pandas.
        PyPackage("vega_datasets==0.9.0", deps=False),
    )
    script = "sqliteweb.py"
    data_description = (
        "vega_datasets' airports, cars, iris, seattle-weather, stocks (files it ships)"
    )
    row_limits: ClassVar[dict[Size, int]] = {"small": 1000, "medium": 2000, "large": 0}

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        db = self.data_file
        entities: dict[str, tuple[str, ...]] = {}
        templates = {b + "/": "home"}
        for table in TABLES:
            ids = [int(str(r[0])) for r in read_sqlite(db, f'SELECT id FROM "{table}" ORDER BY id')]
            entities[table] = tuple(f"{b}/{table}/row/{row_key(i)}/" for i in ids)
            templates[f"{b}/{table}/"] = "table"
            pages = content_pages(table, len(ids))
            kind = "list" if table == TARGET else "table-content"
            templates |= {b + p: kind for p in pages}
            templates |= dict.fromkeys(entities[table], "row")
        rows = read_sqlite(db, f"SELECT id, {', '.join(ATTRIBUTES)} FROM {TARGET} ORDER BY id")
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            f"{b}/{TARGET}/row/{row_key(row[0])}/": {
                name: (str(value),)
                for name, value in zip(ATTRIBUTES, row[1:], strict=True)
                if value not in (None, "")
            }
            for row in rows
        }
        level = tuple(b + p for p in content_pages(TARGET, len(rows)))
        seed = entities[TARGET][0]
        return SiteTruth(
            site=self.id,
            base_url=b,
            kind=self.kind,
            entities=entities,
            target_type=TARGET,
            seed_entity=seed,
            index_levels=(level,),
            seed_path=(level[0], seed),
            attributes=attributes,
            id_ranges={TARGET: (1, len(rows))} if rows else {},
            templates=templates,
            notes=(
                f"sqlite-web content pages, {PAGE_SIZE} rows a page, {len(level)} pages of "
                f"{len(rows)} airports. Not listed in templates: sort links "
                "(?ordering=±N, combined with page links), /<table>/query/, /<table>/export/, "
                "/query/, /download/."
            ),
        )
