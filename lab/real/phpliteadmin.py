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
import shutil
from pathlib import Path
from typing import ClassVar
from urllib.parse import quote, urlencode

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import PythonApp, paged_list_truth, read_sqlite
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.pyenv import Progress, PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

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


def _packages_present() -> bool:
    return PHPLITEADMIN.is_file() and shutil.which("php") is not None


class PhpLiteAdminApp(PythonApp):
    """phpLiteAdmin from Debian over a SQLite table of the Palmer penguins."""

    id = "real-phpliteadmin"
    kind = "entity-tree"
    description = "phpLiteAdmin (Debian), a SQLite manager, over the Palmer penguins' table"
    packages: ClassVar[tuple[PyPackage, ...]] = (PyPackage("palmerpenguins==0.1.6", deps=False),)
    script = "phpliteadmin_site.py"
    data_description = "palmerpenguins' penguins-raw.csv (a file it ships), one table"
    row_limits: ClassVar[dict[Size, int]] = {"small": 0, "medium": 0, "large": 0}

    @property
    def data_file(self) -> Path:
        return self.dir / "penguins.sqlite"  # the same at every size

    def needs(self) -> tuple[str, ...]:
        return (f"Debian {', '.join(PACKAGES)}", *super().needs())

    def installed(self) -> bool:
        return super().installed() and _packages_present()

    def install(self, progress: Progress) -> None:
        log = self.dir / "logs" / "install.log"
        self.dir.mkdir(parents=True, exist_ok=True)
        apt_install(self.id, PACKAGES, _packages_present(), log, progress)
        super().install(progress)

    def truth(self, base_url: str) -> SiteTruth:
        """Every row's edit page, listed by the row pages; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        names = ", ".join(f'"{name}"' for name in ATTRIBUTES)
        rows = read_sqlite(self.data_file, f'SELECT id, {names} FROM "{TABLE}" ORDER BY id')
        urls = [row_url(b, int(str(row[0]))) for row in rows]
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            url: {n: (str(v),) for n, v in zip(ATTRIBUTES, row[1:], strict=True) if v}
            for url, row in zip(urls, rows, strict=True)
        }
        pages = row_pages(b, len(rows))
        return paged_list_truth(
            self,
            b,
            ("rows", "row"),
            urls,
            pages,
            attributes,
            (),
            notes=(
                f"{len(urls)} rows of the table {TABLE}, {PAGE} a page ({len(pages)} pages). "
                "Not listed in templates: the database page (/), each row's delete "
                "confirmation, the table's structure, sorted rows (&sort=<column>&order=…), "
                "the search, SQL, insert, export, import, rename, empty and drop forms, the "
                "database's download link."
            ),
        )
