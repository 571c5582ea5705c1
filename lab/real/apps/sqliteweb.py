"""The real-sqliteweb application: sqlite-web browsing a SQLite database of vega_datasets' tables.

This file runs inside the application's own virtual environment (`.lab-real/real-sqliteweb/venv`,
made by `lab.real.sqliteweb`), never inside siteseer. Two commands:

    python sqliteweb.py load  --db PATH --limit N   # build the database from the data set
    python sqliteweb.py serve --db PATH --port P    # sqlite-web on 127.0.0.1:P until SIGTERM

The data are the files the `vega_datasets` package ships in its `_data/` directory (read from
the installed package, which is not imported: its `__init__` needs pandas). Each data set is a
table with an integer primary key `id` (1, 2, … in the file's order) and the file's columns,
their names lower-cased with runs of other characters as `_`. `--limit` keeps the first N rows
of each (0: all).

Served by sqlite-web's own command line (`sqlite_web DB --host 127.0.0.1 --port P --no-browser
--read-only`): everything a visitor sees is sqlite-web's.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import re
import sqlite3
import sys
from pathlib import Path

from appmain import run_app

# table → file in vega_datasets/_data (CSV or a JSON list of records)
TABLES = {
    "airports": "airports.csv",
    "cars": "cars.json",
    "iris": "iris.json",
    "seattle_weather": "seattle-weather.csv",
    "stocks": "stocks.csv",
}


def _data_dir() -> Path:
    spec = importlib.util.find_spec("vega_datasets")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("vega_datasets is not installed in this environment")
    return Path(next(iter(spec.submodule_search_locations))) / "_data"


def column(name: str) -> str:
    return re.sub(r"[^0-9a-z]+", "_", name.lower()).strip("_")


def _records(file: Path) -> list[dict[str, object]]:
    if file.suffix == ".json":
        data = json.loads(file.read_text(encoding="utf-8"))
        return [dict(r) for r in data]
    with file.open(newline="", encoding="utf-8") as f:
        return [dict(r) for r in csv.DictReader(f)]


def load(db: Path, limit: int) -> None:
    db.unlink(missing_ok=True)
    with sqlite3.connect(db) as connection:
        for table, name in TABLES.items():
            records = _records(_data_dir() / name)
            records = records[:limit] if limit else records
            columns = list(dict.fromkeys(k for r in records for k in r))
            names = [column(c) for c in columns]
            defs = ", ".join(f'"{n}"' for n in names)
            connection.execute(f'CREATE TABLE "{table}" (id INTEGER PRIMARY KEY, {defs})')
            marks = ", ".join("?" for _ in names)
            connection.executemany(
                f'INSERT INTO "{table}" ({", ".join(f"{chr(34)}{n}{chr(34)}" for n in names)}) '
                f"VALUES ({marks})",
                [tuple(r.get(c) for c in columns) for r in records],
            )


def serve(db: Path, port: int) -> None:
    from sqlite_web.sqlite_web import main as sqlite_web

    sys.argv = ["sqlite_web", str(db), "--host", "127.0.0.1", "--port", str(port)]
    sys.argv += ["--no-browser", "--read-only", "--quiet"]
    sqlite_web()


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
