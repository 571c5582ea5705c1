"""real-adminer: Adminer (Debian `adminer`), a database manager in one PHP file, over a SQLite
database of vega_datasets' cars (a database browser of another family than sqlite-web,
phpLiteAdmin and Datasette).

Packages (Debian): `adminer` 4.8.1, `php-cli` (PHP's built-in web server serves it), `php-cgi`
(Adminer's dependency on a PHP server module met without Apache) and `php-sqlite3`. The venv
holds only the data package. The application (lab/real/apps/adminer_site.py `serve`) runs
Debian's adminer.php from a folder of this home through the customization Adminer documents
(`adminer_object()`: its version check off; the password-less SQLite database let in and named
as the one database), a visitor let in without a login form (its session holds the empty
password a login would record), `/` redirected to the database's page; everything else is
Adminer's default (50 rows a page). Each start serves a fresh copy of the database: the pages
can change it (POST forms: save, delete, SQL commands), the truth reads the copy never served.

Data: vega_datasets' `cars.json` (the package ships it: 406 cars of 1970–1982 with their
origin, cylinders, year, mileage, power and weight), one table `cars` with an integer key `id`
from 1 in the file's order, the same at every size.

Served at Adminer's URLs, every one `/?sqlite=&username=&db=cars.sqlite&…` (the database is
named by its file, relative to the served folder): the database page (its table with links to
select, show structure, SQL command, import, export), `&select=cars` (the rows, 50 a page, each
with its edit link, column headers sorting `&order[0]=<column>`, a GET form filtering by column
value `&where[0][col]=…`, page links `&page=N` from 1 for the second page: the first pages,
those around the current one and the last), `&edit=cars&where[id]=<id>` (a row: a form holding
each of its values), `&table=cars` (its structure), the SQL, import and export forms; `?file=…`
Adminer's own styles and scripts. robots.txt: 404.

Truth, from the database Adminer serves a copy of (its `cars` table, read-only; never a crawl):
the entities are the rows' edit pages; the index is one level, the select pages by 50 as their
page links write them; the seed is row 1. Attributes: name, origin, cylinders and year (as
the file writes it); origin a facet (Adminer's filter form: one query per origin).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import ClassVar
from urllib.parse import quote, urlencode

from siteseer.crawler import canonical_url
from siteseer.lab.real.phptable import PhpTableApp
from siteseer.lab.real.pyenv import PyPackage

__all__ = ["PAGE", "AdminerApp", "row_url", "select_pages"]

PACKAGES = ("adminer", "php-cli", "php-cgi", "php-sqlite3")
ADMINER = Path("/usr/share/adminer/adminer.php")
DATABASE = "cars.sqlite"  # as the served folder names it (lab/real/apps/adminer_site.py)
TABLE = "cars"
PAGE = 50  # rows a page (Adminer's default limit)
ATTRIBUTES = ("name", "origin", "cylinders", "year")
FACETS = ("origin",)


def _url(base: str, **params: str) -> str:
    common = {"sqlite": "", "username": "", "db": DATABASE}
    return canonical_url(f"{base}/?{urlencode(common | params, quote_via=quote)}")


def row_url(base: str, key: int) -> str:
    """A row's edit page, as the select pages link it (`where[id]=<id>`), canonical."""
    return _url(base, **{"edit": TABLE, "where[id]": str(key)})


def select_pages(base: str, rows: int) -> tuple[str, ...]:
    """The select pages listing `rows` rows once each: the table's select link, then
    `&page=N` (N from 1) for each further page, canonical."""
    later = (_url(base, select=TABLE, page=str(n)) for n in range(1, math.ceil(rows / PAGE)))
    return (_url(base, select=TABLE), *later)


class AdminerApp(PhpTableApp):
    """Adminer from Debian over a SQLite table of vega_datasets' cars."""

    id = "real-adminer"
    kind = "entity-tree"
    description = "Adminer (Debian), a database manager, over a SQLite table of cars"
    packages: ClassVar[tuple[PyPackage, ...]] = (PyPackage("vega_datasets==0.9.0", deps=False),)
    script = "adminer_site.py"
    data_description = "vega_datasets' cars.json (a file it ships), one table"
    debian_packages = PACKAGES
    php_script = ADMINER
    database = DATABASE
    table = TABLE
    row_attributes = ATTRIBUTES
    page_size = PAGE
    facets = FACETS
    unlisted = (
        "the database page (/ redirects to it), the "
        "table's structure, sorted and filtered selects (&order[0]=…, &where[0][col]="
        "…), the SQL command, import and export pages, the new-row form "
        "(&edit=cars alone), Adminer's files (?file=…)."
    )

    def row_url(self, base: str, key: int) -> str:
        return row_url(base, key)

    def list_pages(self, base: str, rows: int) -> tuple[str, ...]:
        return select_pages(base, rows)
