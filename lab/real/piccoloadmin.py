"""real-piccoloadmin: Piccolo Admin (PyPI), a Vue single-page admin whose pages are app state.

The application (lab/real/apps/piccolo_admin_app.py, run in its own venv) is Piccolo Admin 1.14
(`create_admin`, read-only) on uvicorn over a Piccolo table in SQLite. Without a browser every
page is the same empty `<div id="app">`: the Vue app draws everything from the admin's JSON API
(`/api/tables/…`) on its hash router. The home page `#/` lists the tables in a sidebar (links
`#/penguin/`); the row listing `#/penguin/` shows 15 rows by default, ordered by id, with a
page-size select (5, 15, 30, 50, 100), previous and next arrows (links to `#` that a click
handler follows) and a page-number input, which change the rows but never the URL (the page and
its size are the app's state), sort choices (`?__order=…` in the route), a
filter sidebar (a form: a select of choices per choice column, operators for numbers) and a CSV
export; in each row the id is a link to the row's page `#/penguin/<id>/`, a form holding its
columns. Piccolo Admin asks every visitor to log in: this site logs every visitor in as one
read-only guest, who cannot log out.

Data: palmerpenguins' `data/penguins.csv` (344 penguins of three species on three islands of the
Palmer Archipelago, 2007–2009; the file the PyPI package ships), each penguin's id its row's
position from 1; the whole data set at every size.

Truth, from the application's SQLite database (never a crawl): the entities are every penguin's
row page; the index is one level, the row listing `#/penguin/` (its pages have no URL of their
own); the seed is penguin 1. Attributes: each penguin's species, island and sex as the listing
shows them (a choice's name, title-cased: "Female") and its year; `facet_values` are the
choices of the filter sidebar's three selects (species, island, sex), one query per value.
"""

from __future__ import annotations

import math
from typing import ClassVar

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import PythonApp, facet_queries, facet_values, read_sqlite, type_truth
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.truth import SiteTruth

__all__ = ["DEFAULT_PAGE", "FACETS", "PiccoloAdminApp", "listing", "row_page", "shown"]

TABLE = "penguin"
FACETS = ("species", "island", "sex")  # the choice columns: a select each in the filter form
DEFAULT_PAGE = 15  # rows the listing shows before its page size is changed


def row_page(base: str, pk: int) -> str:
    """A row's page: the route of Piccolo Admin's `editRow` view."""
    return canonical_url(f"{base}/#/{TABLE}/{pk}/", keep_fragment=True)


def listing(base: str) -> str:
    """The table's row listing: the route of Piccolo Admin's `rowListing` view."""
    return canonical_url(f"{base}/#/{TABLE}/", keep_fragment=True)


def shown(choice: str) -> str:
    """A choice column's value as the listing shows it (its choice's name, title-cased)."""
    return choice.title()


class PiccoloAdminApp(PythonApp):
    """Piccolo Admin over the Palmer penguins: a Vue admin, pages by buttons, rows by hash link."""

    id = "real-piccoloadmin"
    kind = "entity-tree"
    description = (
        "Piccolo Admin (PyPI), a Vue single-page admin over palmerpenguins: paged by buttons, "
        "no page URL"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("piccolo_admin==1.14.0"),
        PyPackage("piccolo[sqlite]==1.38.0"),  # the SQLite engine's driver (aiosqlite)
        PyPackage("uvicorn==0.54.0"),
        PyPackage("palmerpenguins==0.1.6", deps=False),  # its data file only
    )
    script = "piccolo_admin_app.py"
    data_description = "palmerpenguins 0.1.6's data/penguins.csv (the file it ships)"

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        rows = read_sqlite(
            self.data_file, f"SELECT id, species, island, sex, year FROM {TABLE} ORDER BY id"
        )
        urls = tuple(row_page(b, int(str(row[0]))) for row in rows)
        attributes: dict[str, dict[str, tuple[str, ...]]] = {}
        for url, row in zip(urls, rows, strict=True):
            held = zip(FACETS, row[1:4], strict=True)
            attributes[url] = {name: (shown(str(v)),) for name, v in held if v}
            attributes[url]["year"] = (str(row[4]),)
        values = facet_values(attributes, FACETS)
        index = listing(b)
        pages = max(1, math.ceil(len(rows) / DEFAULT_PAGE))
        return type_truth(
            self,
            b,
            TABLE,
            urls,
            (index, urls[0]),
            attributes=attributes,
            queries=facet_queries(attributes, values),
            facet_values=values,
            id_ranges={TABLE: (1, len(rows))},
            templates={b + "/": "home", index: "list"} | dict.fromkeys(urls, TABLE),
            notes=(
                f"{len(rows)} penguins on one row listing ({pages} pages of {DEFAULT_PAGE} by "
                "default, page sizes 5–100): previous/next arrows and a page number input that "
                "never change the URL, so the listing is the one index page. Rows link their page by a hash "
                "link (#/penguin/<id>/). Not listed in templates: #/penguin/add/ (read-only), "
                "sort routes (?__order=…), the login and change-password routes."
            ),
        )
