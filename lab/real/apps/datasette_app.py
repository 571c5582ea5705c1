"""The real-datasette application: Datasette browsing a SQLite database of vega_datasets' tables.

This file runs inside the application's own virtual environment (`.lab-real/real-datasette/venv`,
made by `lab.real.datasette`), never inside siteseer. Two commands:

    python datasette_app.py load  --db PATH --limit N   # build the database from the data set
    python datasette_app.py serve --db PATH --port P    # Datasette on 127.0.0.1:P until SIGTERM

The data are two files the `vega_datasets` package ships in its `_data/` directory (read from
the installed package, which is not imported: its `__init__` needs pandas): `airports.csv` as the
table `airports` and `seattle-weather.csv` as `seattle_weather`, each with an integer primary key
`id` (1, 2, … in the file's order) and the file's columns, their names lower-cased. `--limit`
keeps the first N rows of each (0: all).

Served by Datasette's own command line (`datasette serve --immutable DB --host 127.0.0.1 --port
P --metadata FILE`): read-only, on loopback, nothing fetched from the network. The metadata turns
on facets (`country` and `state` for airports, `weather` for the days); page size and every other
setting are Datasette's defaults, but for time limits raised so a loaded machine does not drop a
facet.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import sqlite3
import sys
from pathlib import Path

from appmain import run_app, write_atomically

# table → (file in vega_datasets/_data, the columns faceted by default)
TABLES = {
    "airports": ("airports.csv", ["country", "state"]),
    "seattle_weather": ("seattle-weather.csv", ["weather"]),
}


def _data_dir() -> Path:
    spec = importlib.util.find_spec("vega_datasets")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("vega_datasets is not installed in this environment")
    return Path(next(iter(spec.submodule_search_locations))) / "_data"


def load(db: Path, limit: int) -> None:
    db.parent.mkdir(parents=True, exist_ok=True)
    db.unlink(missing_ok=True)
    with sqlite3.connect(db) as connection:
        for table, (name, _) in TABLES.items():
            with (_data_dir() / name).open(newline="", encoding="utf-8") as f:
                records = list(csv.DictReader(f))
            records = records[:limit] if limit else records
            columns = [c.lower() for c in records[0]]
            defs = ", ".join(f'"{c}"' for c in columns)
            connection.execute(f'CREATE TABLE "{table}" (id INTEGER PRIMARY KEY, {defs})')
            marks = ", ".join("?" for _ in columns)
            connection.executemany(
                f'INSERT INTO "{table}" ({defs}) VALUES ({marks})',
                [tuple(r.values()) for r in records],
            )


def serve(db: Path, port: int) -> None:
    from datasette.cli import cli

    metadata = db.parent / "metadata.json"
    tables = {table: {"facets": facets} for table, (_, facets) in TABLES.items()}
    write_atomically(metadata, json.dumps({"databases": {db.stem: {"tables": tables}}}))
    argv = ["serve", "--immutable", str(db), "--host", "127.0.0.1", "--port", str(port)]
    argv += ["--metadata", str(metadata)]
    argv += ["--setting", "facet_time_limit_ms", "2000", "--setting", "sql_time_limit_ms", "5000"]
    sys.argv = ["datasette", *argv]
    cli(argv)


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
