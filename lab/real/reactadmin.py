"""real-reactadmin: react-admin (npm), a catalogue single-page app whose rows open by script.

The application is a react-admin 5 app (lab/real/apps/reactadmin_app.jsx, bundled with esbuild
from npm at install) over vega-datasets' movies (the npm package's `data/movies.json`), its data
answered in the browser by ra-data-fakerest; Python's static server serves the three files
(lab/real/apps/reactadmin_site.py). Everything is react-admin's own: its hash router, a
Datagrid list at `#/movies` whose rows open the movie on click (`rowClick="show"`: a click
handler on the `<tr>`, no `href` anywhere in the row), pagination buttons (10/25/50/100 rows,
25 by default), sortable column headers, a filter sidebar (a live search and the filter lists
"Genre" and "MPAA rating", whose items are buttons too) and a show page per movie at
`#/movies/<id>/show`. Without a browser the site is an empty `<div id="root">`. Every list
state is a hash route: react-admin writes the list's parameters into the fragment
(`#/movies?filter=…&order=ASC&page=2&perPage=25&sort=id`).

Data: vega-datasets' movies in the file's order, each given an `id` (its position, from 1);
small: the first 1,000 movies, medium and large: all 3,201.

Truth, from the served `movies.json` (never a crawl): the entities are every movie's show route;
the index is one level, the list at the largest page size (100 rows, sorted by id as by
default), as react-admin writes its pages; the seed is the first movie. Attributes: each
movie's genre and MPAA rating (the two filter lists; `facet_values` their values, one query
each).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import ClassVar
from urllib.parse import quote

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import APPS_DIR, PythonApp, facet_queries, facet_values, type_truth
from siteseer.lab.real.npm import npm_install
from siteseer.lab.real.pyenv import Progress, PyPackage, run_step
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["FACETS", "LARGEST_PAGE", "NPM_PACKAGES", "ReactAdminApp", "list_page", "show_route"]

# Pinned: the application's code and its data set.
NPM_PACKAGES = (
    "react-admin@5.15.4",
    "ra-data-fakerest@5.15.4",
    "react@18.3.1",
    "react-dom@18.3.1",
    "@mui/material@9.5.0",
    "esbuild@0.28.2",
    "vega-datasets@3.2.1",
)
LARGEST_PAGE = 100  # the Pagination's largest rowsPerPageOptions
# record field → the label the application shows for it (its filter lists' headings)
FACETS = {"genre": "Genre", "mpaa_rating": "MPAA rating"}


def show_route(base: str, movie_id: int) -> str:
    return f"{base}/#/movies/{movie_id}/show"


def list_page(base: str, page: int, per_page: int = LARGEST_PAGE) -> str:
    """The list's page `page` at `per_page` rows, unfiltered, sorted by id (react-admin's
    default), canonical, as react-admin writes it into the fragment."""
    query = f"filter={quote('{}')}&order=ASC&page={page}&perPage={per_page}&sort=id"
    return canonical_url(f"{base}/#/movies?{query}", keep_fragment=True)


class ReactAdminApp(PythonApp):
    """react-admin over vega-datasets' movies: Datagrid rows that open by click."""

    id = "real-reactadmin"
    kind = "entity-tree"
    description = (
        "react-admin catalogue (npm) over vega-datasets' movies: rows open by click, no links"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = ()  # the venv's own pip and http.server
    script = "reactadmin_site.py"
    data_description = "vega-datasets 3.2.1's data/movies.json (npm)"
    row_limits: ClassVar[dict[Size, int]] = {"small": 1000, "medium": 0, "large": 0}

    @property
    def data_file(self) -> Path:
        return self.dir / f"site-{self.size}"  # index.html, app.js, movies.json

    @property
    def _build(self) -> Path:
        return self.dir / "build"

    @property
    def _bundle(self) -> Path:
        return self._build / "app.js"

    def needs(self) -> tuple[str, ...]:
        return (f"npm {' '.join(NPM_PACKAGES)} (in {self._build})", *super().needs())

    def installed(self) -> bool:
        return super().installed() and self._bundle.exists()

    def _install(self, progress: Progress) -> None:
        log = self.dir / "logs" / "install.log"
        if not self._bundle.exists():
            self._build.mkdir(parents=True, exist_ok=True)
            npm_install(self.id, self._build, NPM_PACKAGES, log, progress)
            source = self._build / "app.jsx"
            source.write_text((APPS_DIR / "reactadmin_app.jsx").read_text(), encoding="utf-8")
            run_step(
                self.id,
                "esbuild app.jsx",
                [
                    str(self._build / "node_modules" / ".bin" / "esbuild"),
                    str(source),
                    "--bundle",
                    "--minify",
                    '--define:process.env.NODE_ENV="production"',
                    f"--outfile={self._bundle}",
                    "--log-level=warning",
                ],
                log,
                progress,
            )
        super()._install(progress)

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        movies = json.loads((self.data_file / "movies.json").read_text(encoding="utf-8"))
        entities = tuple(
            canonical_url(show_route(b, int(m["id"])), keep_fragment=True) for m in movies
        )
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            url: {
                label: (str(m[field]),)
                for field, label in FACETS.items()
                if m.get(field) not in (None, "")
            }
            for url, m in zip(entities, movies, strict=True)
        }
        values = facet_values(attributes, tuple(FACETS.values()))
        level = tuple(
            list_page(b, n) for n in range(1, max(1, math.ceil(len(movies) / LARGEST_PAGE)) + 1)
        )
        home = canonical_url(f"{b}/#/movies", keep_fragment=True)
        templates = {b + "/": "home", home: "list"} | dict.fromkeys(level, "list-max")
        templates |= dict.fromkeys(entities, "movie")
        return type_truth(
            self,
            b,
            "movies",
            entities,
            (level[0], entities[0]),
            levels=(level,),
            attributes=attributes,
            queries=facet_queries(attributes, values),
            facet_values=values,
            id_ranges={"movies": (1, len(movies))},
            templates=templates,
            notes=(
                f"{len(movies)} movies, {len(level)} list pages at {LARGEST_PAGE} rows (25 by "
                "default). No row holds a link: a row opens its movie by a click handler. "
                "Pagination, sort headers and the filter sidebar's items are buttons too; every "
                "list state is a hash route (filter, order, page, perPage, sort)."
            ),
        )
