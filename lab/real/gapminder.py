"""real-gapminder: a Dash dashboard over the gapminder data set plotly ships.

The application (lab/real/apps/gapminder.py, run in its own venv) is one page: a continent radio
group ("All" or one of five), a year dropdown (12 years, 1952 … 2007; default 2007) and a Dash
DataTable with one row per country, 10 rows a page, paged and sorted in the browser. Filter
changes are Dash callbacks (POST /_dash-update-component); no state ever changes the URL, and no
row links anywhere. The data are `plotly.data.gapminder()` (1,704 rows: 142 countries × 12
years), loaded into the application's SQLite database; the whole data set at every size.

Entity identity. A row of an Ajax table has no URL, so an entity is named by the page it is
listed on and its key: `entity_id(base_url, country)` is
``<base_url>/#country=<country, percent-encoded>``, e.g. ``http://127.0.0.1:8050/#country=C%C3%B4te%20d%27Ivoire``.
The country is the key because it is what stays the same across states: the year dropdown
changes every figure in a row (life expectancy, population, GDP per capita) but not which
countries are listed, so one country seen under several years is one entity. A method maps its
output to these ids by reading a row's key cell (the table's first column, "Country") and
building `entity_id` from the start URL without its fragment; the fragment is an identity only,
the application never reads it.

Truth, from the application's database (never a crawl): kind "shop" (exploratory). `entities`
("country") every country; `attributes` each one's continent and ISO code; `facet_values` the
continent (the filter that changes which entities are listed; the year is a view of the same
entities and is not a facet); `queries` one single-condition query per continent with its
countries. `templates` names the one page ("list"), which is also the only index page;
`state_rows` the table's page size: a continent is a state of that page, listed 10 rows a
page, so explore's lower bound is the page, one action per continent and one per further
page of its rows.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from typing import ClassVar
from urllib.parse import quote

from siteseer.lab.real.app import PythonApp
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import FacetQuery, SiteTruth

__all__ = ["PAGE_SIZE", "GapminderApp", "entity_id"]

KEY = "country"
FACET = "continent"
PAGE_SIZE = 10  # the rows the DataTable shows a page (apps/gapminder.py, run in its own venv)


def entity_id(base_url: str, country: str) -> str:
    """The entity id of the table row whose key cell reads `country`."""
    return f"{base_url.rstrip('/')}/#{KEY}={quote(country, safe='')}"


class GapminderApp(PythonApp):
    """A Dash dashboard: radio and dropdown filters over a paged table, no URL change."""

    id = "real-gapminder"
    kind = "shop"
    description = "Dash dashboard (radio, dropdown, paged DataTable) over plotly's gapminder"
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("dash==4.4.1"),
        PyPackage("plotly==7.1.0"),
        PyPackage("pandas==3.1.1"),
    )
    script = "gapminder.py"
    data_description = "plotly.data.gapminder() (a CSV file inside the plotly package)"
    row_limits: ClassVar[dict[Size, int]] = {"small": 0, "medium": 0, "large": 0}

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        with closing(sqlite3.connect(f"file:{self.data_file}?mode=ro", uri=True)) as db:
            rows = sorted(
                db.execute("SELECT DISTINCT country, continent, iso_alpha FROM gapminder")
            )
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            entity_id(b, country): {FACET: (str(continent),), "iso_alpha": (str(iso),)}
            for country, continent, iso in rows
        }
        continents = tuple(sorted({continent for _, continent, _ in rows}))
        queries = tuple(
            FacetQuery(
                ((FACET, continent),),
                tuple(entity_id(b, c) for c, of, _ in rows if of == continent),
            )
            for continent in continents
        )
        entities = tuple(attributes)
        return SiteTruth(
            site=self.id,
            base_url=b,
            kind=self.kind,
            entities={KEY: entities},
            target_type=KEY,
            seed_entity=entities[0],
            index_levels=((b + "/",),),
            attributes=attributes,
            queries=queries,
            facet_values={FACET: continents},
            templates={b + "/": "list"},
            # a continent is a callback's state of the one page, its table paged in the page
            state_rows=PAGE_SIZE,
            notes=(
                f"One page, {len(entities)} countries in a Dash DataTable (10 rows a page, "
                "native paging and sorting); continent radio filter and year dropdown are Dash "
                "callbacks, no URL changes. Entities are ids, not pages: "
                f"{b}/#{KEY}=<country> (see lab/real/gapminder.py)."
            ),
        )
