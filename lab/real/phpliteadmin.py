"""real-phpliteadmin: phpLiteAdmin (Debian `phpliteadmin`), a SQLite database manager in one
PHP file, over a database of the Palmer penguins.

Packages (Debian): `phpliteadmin` (PHP with its SQLite and mbstring modules), `php-cli` (PHP's
built-in web server serves it) and `php-cgi` (so that phpLiteAdmin's dependency on a PHP
server module is met without Apache). The venv holds only the data package. The application
(lab/real/apps/phpliteadmin_site.py `serve`) runs Debian's phpliteadmin.php from a folder of
this home with its own configuration file: no password (phpLiteAdmin's rule: an empty password
lets everyone in), one database listed by name; everything else is phpLiteAdmin's default (30
rows a page). Each start serves a fresh copy of the database: the pages can change it (POST
forms behind a confirmation: edit, delete, drop, empty), the truth reads the copy never served.

Data: the Palmer penguins (palmerpenguins 0.1.6 from PyPI, the raw file it ships,
`penguins-raw.csv`: 344 birds of three species on three islands, 2007–2009), one table
`penguins` with an integer key `id` from 1 in the file's order, the same at every size.

Served at phpLiteAdmin's URLs, every one `/?database=penguins.sqlite&…` (the database is named
by its path, relative to the served folder): `/` (the database: its table with links to browse,
structure, SQL, search, insert, export, import, rename, empty, drop), `&table=penguins&action=
row_view` (the rows, 30 a page, each with its edit and delete links; the next pages are GET
forms, `&startRow=30`, 60, …), `&action=row_editordelete&pk=[<id>]&type=edit` (a row: a form
holding each of its values), `&type=delete` (a confirmation form), `&action=column_view` (the
table's structure), `&sort=<column>&order=ASC` (the rows sorted, from their column headers),
the search, SQL, export and import forms.

Truth, from the database phpLiteAdmin serves a copy of (its `penguins` table, read-only; never
a crawl): the entities are the rows' edit pages (pk [<id>]); the index is one level, the row
pages by 30 as their forms write them; the seed is row 1. Attributes: species, island and sex
(NULL as none); no facets (phpLiteAdmin filters through a POST search form only).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import ClassVar
from urllib.parse import quote, urlencode

from siteseer.crawler import canonical_url
from siteseer.lab.real.phptable import PhpTableApp
from siteseer.lab.real.pyenv import PyPackage

__all__ = ["PAGE", "PhpLiteAdminApp", "row_pages", "row_url"]

PACKAGES = ("phpliteadmin", "php-cli", "php-cgi")
PHPLITEADMIN = Path("/usr/share/phpliteadmin/phpliteadmin.php")
DATABASE = "penguins.sqlite"  # as the served folder names it (lab/real/apps/phpliteadmin_site.py)
TABLE = "penguins"
PAGE = 30  # rows a page (phpLiteAdmin's default numRows)
ATTRIBUTES = ("species", "island", "sex")


def _url(base: str, **params: str) -> str:
    common = {"database": DATABASE, "table": TABLE, "fulltexts": "0", "numRows": str(PAGE)}
    return canonical_url(f"{base}/?{urlencode(common | params, quote_via=quote)}")


def row_url(base: str, key: int) -> str:
    """A row's edit page, as the row pages link it (`pk=[<id>]`), canonical."""
    return _url(base, action="row_editordelete", pk=f"[{key}]", type="edit")


def row_pages(base: str, rows: int) -> tuple[str, ...]:
    """The row pages listing `rows` rows once each: the table's browse link, then the pages
    its forms open from `startRow=30`, canonical."""
    later = (_url(base, action="row_view", startRow=str(start))
             for start in range(PAGE, math.ceil(rows / PAGE) * PAGE, PAGE))  # fmt: skip
    return (_url(base, action="row_view"), *later)


class PhpLiteAdminApp(PhpTableApp):
    """phpLiteAdmin from Debian over a SQLite table of the Palmer penguins."""

    id = "real-phpliteadmin"
    kind = "entity-tree"
    description = "phpLiteAdmin (Debian), a SQLite manager, over the Palmer penguins' table"
    packages: ClassVar[tuple[PyPackage, ...]] = (PyPackage("palmerpenguins==0.1.6", deps=False),)
    script = "phpliteadmin_site.py"
    data_description = "palmerpenguins' penguins-raw.csv (a file it ships), one table"
    debian_packages = PACKAGES
    php_script = PHPLITEADMIN
    database = DATABASE
    table = TABLE
    row_attributes = ATTRIBUTES
    page_size = PAGE
    unlisted = (
        "the database page (/), each row's delete "
        "confirmation, the table's structure, sorted rows (&sort=<column>&order=…), "
        "the search, SQL, insert, export, import, rename, empty and drop forms, the "
        "database's download link."
    )

    def row_url(self, base: str, key: int) -> str:
        return row_url(base, key)

    def list_pages(self, base: str, rows: int) -> tuple[str, ...]:
        return row_pages(base, rows)
