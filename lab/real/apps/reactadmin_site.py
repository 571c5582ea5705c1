"""The real-reactadmin application: react-admin (npm) over vega-datasets' movies, in the browser.

This file runs inside the application's own virtual environment (`.lab-real/real-reactadmin/
venv`, made by `lab.real.reactadmin`), never inside siteseer. Two commands:

    python reactadmin_site.py load  --db DIR --limit N  # DIR: index.html, app.js, movies.json
    python reactadmin_site.py serve --db DIR --port P   # DIR's files on 127.0.0.1:P

The application is `reactadmin_app.jsx` beside this file, bundled by esbuild into
`build/app.js` at install (the npm packages react-admin, ra-data-fakerest and vega-datasets are
installed in `build/`, beside DIR). `load` writes DIR: the bundle, an `index.html` that runs it,
and `movies.json`, the first N movies (0: all) of vega-datasets' `data/movies.json` in the
file's order, each given an `id` (its position, from 1) and snake_case field names. The browser
does the rest: ra-data-fakerest answers react-admin's queries from that file. Served by Python's
own static file server (`python -m http.server`): the application has no server side.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from appmain import run_app, serve_static

INDEX = """<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Movies</title>
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
</head>
<body>
  <div id="root"></div>
  <script src="app.js"></script>
</body>
</html>
"""
# vega-datasets' field → the record's field (react-admin's `source`)
FIELDS = {
    "Title": "title",
    "Release Date": "release_date",
    "Major Genre": "genre",
    "MPAA Rating": "mpaa_rating",
    "Creative Type": "creative_type",
    "Source": "source",
    "Director": "director",
    "Distributor": "distributor",
    "Running Time min": "running_time",
    "Production Budget": "production_budget",
    "US Gross": "us_gross",
    "Worldwide Gross": "worldwide_gross",
    "IMDB Rating": "imdb_rating",
    "IMDB Votes": "imdb_votes",
    "Rotten Tomatoes Rating": "rotten_tomatoes_rating",
}


def movies(source: Path, limit: int) -> list[dict[str, object]]:
    rows = json.loads(source.read_text(encoding="utf-8"))
    if limit:
        rows = rows[:limit]
    out: list[dict[str, object]] = []
    for n, row in enumerate(rows, start=1):
        record: dict[str, object] = {"id": n}
        for name, field in FIELDS.items():
            value = row.get(name)
            record[field] = str(value) if field == "title" and value is not None else value
        out.append(record)
    return out


def load(target: Path, limit: int) -> None:
    build = target.parent / "build"
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    data = build / "node_modules" / "vega-datasets" / "data" / "movies.json"
    (target / "movies.json").write_text(json.dumps(movies(data, limit)), encoding="utf-8")
    shutil.copyfile(build / "app.js", target / "app.js")
    (target / "index.html").write_text(INDEX, encoding="utf-8")


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve_static)


if __name__ == "__main__":
    main()
