"""A PHP database manager from Debian over one SQLite table (real-phpliteadmin, real-adminer).

`PhpTableApp` is a `PythonApp` whose venv holds only the data package and whose script loads
the table and serves the manager with PHP's built-in web server; the manager and PHP come from
Debian (`debian_packages`, installed if its PHP file `php_script` or `php` is missing). The
table's rows are keyed by an integer `id`; the truth is every row's page (`row_url`) with its
attributes, listed once each by the table's list pages (`list_pages`, `page_size` rows each).
"""

from __future__ import annotations

import shutil
from abc import abstractmethod
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from siteseer.lab.real.app import PythonApp, paged_list_truth, read_sqlite
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.pyenv import Progress
from siteseer.lab.truth import SiteTruth

__all__ = ["PhpTableApp"]


class PhpTableApp(PythonApp):
    """A Debian PHP database manager over the SQLite table `table` (see the module docstring)."""

    debian_packages: ClassVar[tuple[str, ...]]
    php_script: ClassVar[Path]
    database: ClassVar[str]  # the database's file name, the same at every size
    table: ClassVar[str]
    row_attributes: ClassVar[tuple[str, ...]]  # the columns the truth keeps, as attributes
    page_size: ClassVar[int]  # rows a list page shows (the manager's default)
    facets: ClassVar[tuple[str, ...]] = ()
    unlisted: ClassVar[str]  # the manager's other pages, which the truth's templates leave out

    @abstractmethod
    def row_url(self, base: str, key: int) -> str:
        """The page of the row keyed `key`, as the list pages link it, canonical."""

    @abstractmethod
    def list_pages(self, base: str, rows: int) -> tuple[str, ...]:
        """The list pages that show `rows` rows once each, in order, canonical."""

    @property
    def data_file(self) -> Path:
        return self.dir / self.database

    def _packages_present(self) -> bool:
        return self.php_script.is_file() and shutil.which("php") is not None

    def needs(self) -> tuple[str, ...]:
        return (f"Debian {', '.join(self.debian_packages)}", *super().needs())

    def installed(self) -> bool:
        return super().installed() and self._packages_present()

    def _install(self, progress: Progress) -> None:
        log = self.dir / "logs" / "install.log"
        self.dir.mkdir(parents=True, exist_ok=True)
        present = self._packages_present()
        apt_install(self.id, self.debian_packages, present, log, progress)
        super()._install(progress)

    def rows(self, url: Callable[[int], str]) -> dict[str, dict[str, tuple[str, ...]]]:
        """Each row's page (`url(id)`), in key order, with its attributes: the columns of
        `row_attributes` that hold a value (NULL and the empty text hold none)."""
        names = ", ".join(f'"{name}"' for name in self.row_attributes)
        query = f'SELECT id, {names} FROM "{self.table}" ORDER BY id'
        return {
            url(int(str(key))): {
                name: (str(value),)
                for name, value in zip(self.row_attributes, values, strict=True)
                if value is not None and value != ""
            }
            for key, *values in read_sqlite(self.data_file, query)
        }

    def truth(self, base_url: str) -> SiteTruth:
        """Every row's page, listed by the list pages; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        attributes = self.rows(lambda key: self.row_url(b, key))
        urls = list(attributes)
        pages = self.list_pages(b, len(urls))
        notes = (
            f"{len(urls)} rows of the table {self.table}, {self.page_size} a page "
            f"({len(pages)} pages). Not listed in templates: {self.unlisted}"
        )
        return paged_list_truth(
            self, b, ("rows", "row"), urls, pages, attributes, self.facets, notes=notes
        )
