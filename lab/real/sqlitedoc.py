"""real-sqlitedoc: SQLite's own documentation web site, as its Tcl generator writes it, served
as files.

The application is the HTML that SQLite's documentation generator (the Tcl scripts of its
documentation sources, which turn SQLite's pages and the comments of `sqlite3.h` into the site
of sqlite.org) wrote for SQLite 3.40, shipped in Debian's `sqlite3-doc` (unpacked by
lab/real/debdocs.py) and served from `usr/share/doc/sqlite3` by Python's static file server.
The documentation is the same at every size.

Served as the generator writes it: the home page `/index.html`, the documentation's contents
`/docs.html`, about 210 pages of the language and its features (`/lang_select.html`,
`/pragma.html`, …), the C interface in `/c3ref/`: its introduction (`/c3ref/intro.html`), three
lists (`/c3ref/funclist.html` the functions, `/c3ref/objlist.html` the objects,
`/c3ref/constlist.html` the constants) and a page per documented declaration or group of them
(`/c3ref/open.html`: sqlite3_open, sqlite3_open16 and sqlite3_open_v2; a function of a group
linked as `/c3ref/backup_finish.html#sqlite3backupinit`), every page under the same menu; the
whole C reference on one page `/capi3ref.html`; the release notes, syntax diagrams, images. No
script builds a page (the search box posts to a CGI that a static copy has not, and hides
itself). Its robots.txt (sqlite.org's) disallows only `/cvstrac/…` and `/contrib/download`.

Truth, from the function list the generator wrote from `sqlite3.h` (`c3ref/funclist.html`,
read as a file), never from a crawl: the entities are the pages its items link (the fragment
of a function inside a group's page dropped; deprecated functions are struck through, unlinked,
and left out; 140 pages for 285 functions in SQLite 3.40), attribute `function` (the names of
the functions the list links to that page). The index is one level, the function list; the
seed is `/c3ref/open.html`.
"""

from __future__ import annotations

import re

from siteseer.lab.real.app import type_truth
from siteseer.lab.real.debdocs import DebianDocsApp
from siteseer.lab.truth import SiteTruth

__all__ = ["FUNCLIST", "SEED", "SqliteDocApp", "read_function_list"]

FUNCLIST = "c3ref/funclist.html"
SEED = "c3ref/open.html"
_ITEM = re.compile(r"<li><a href='\.\./(c3ref/[\w.-]+\.html)(?:#[^']*)?'>([^<]+)</a></li>")


def read_function_list(html: str) -> dict[str, tuple[str, ...]]:
    """The pages (`c3ref/open.html`) that the function list `html` links, each with the names
    of the functions linked to it, in the list's order; unlinked (struck-through) items are
    left out."""
    pages: dict[str, list[str]] = {}
    for page, name in _ITEM.findall(html):
        names = pages.setdefault(page, [])
        if name.strip() not in names:
            names.append(name.strip())
    return {page: tuple(names) for page, names in pages.items()}


class SqliteDocApp(DebianDocsApp):
    """SQLite's documentation site (Debian's sqlite3-doc), served as files."""

    id = "real-sqlitedoc"
    kind = "entity-tree"
    description = "SQLite's documentation site by its own Tcl generator (Debian's sqlite3-doc)"
    packages = ("sqlite3-doc",)
    folder = "usr/share/doc/sqlite3"
    marker = FUNCLIST

    def truth(self, base_url: str) -> SiteTruth:
        """The C interface's function pages, listed by the function list; see the module
        docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        listed = read_function_list((self.served / FUNCLIST).read_text(encoding="utf-8"))
        pages = {p: names for p, names in listed.items() if (self.served / p).is_file()}
        if SEED not in pages or len(pages) < 100:
            raise ValueError(f"{self.id}: {self.served} lacks {SEED} or most function pages")
        urls = {p: f"{b}/{p}" for p in pages}
        index = f"{b}/{FUNCLIST}"
        return type_truth(
            self,
            b,
            "function",
            urls.values(),
            (index, urls[SEED]),
            attributes={urls[p]: {"function": names} for p, names in pages.items()},
            templates={
                b + "/": "home",
                f"{b}/index.html": "home",
                f"{b}/docs.html": "contents",
                f"{b}/c3ref/intro.html": "c-interface",
                index: "function-list",
                f"{b}/c3ref/objlist.html": "object-list",
                f"{b}/c3ref/constlist.html": "constant-list",
                f"{b}/capi3ref.html": "all",
            }
            | dict.fromkeys(urls.values(), "function"),
            notes=(
                f"{len(urls)} function pages for {sum(map(len, pages.values()))} functions of "
                f"sqlite3-doc {self.versions.get(self.packages[0], '?')}, as its function list "
                "links them. Not listed in templates: the object and constant pages, the "
                "language and feature pages, release notes, syntax diagrams, images."
            ),
        )
