"""The real-phpliteadmin application: phpLiteAdmin (Debian) over a SQLite database of the
Palmer penguins.

This file runs inside the application's own virtual environment (`.lab-real/real-phpliteadmin/
venv`, made by `lab.real.phpliteadmin`), never inside siteseer. Two commands:

    python phpliteadmin_site.py load  --db FILE   # the database FILE from palmerpenguins' data
    python phpliteadmin_site.py serve --db FILE --port P   # phpLiteAdmin over FILE on 127.0.0.1:P

`load` writes one table, `penguins`: every row of `penguins-raw.csv` (the file the
palmerpenguins package ships) in the file's order, with an integer key `id` from 1 and the
columns named in snake case, typed INTEGER or REAL where every value is such a number ("NA" as NULL). `serve` lays out the served folder beside FILE
(`www/`: a fresh copy of the database, so every start serves the same rows whatever a visitor
changed before, phpLiteAdmin's configuration file and a router that runs Debian's
`/usr/share/phpliteadmin/phpliteadmin.php` from that folder, where phpLiteAdmin reads its
configuration), then runs PHP's built-in web server on it in place of this process.
"""

from __future__ import annotations

import csv
import importlib.util
import os
import re
import shutil
import sqlite3
from pathlib import Path

from appmain import copy_atomically, run_app, write_atomically

PHPLITEADMIN = Path("/usr/share/phpliteadmin/phpliteadmin.php")
TABLE = "penguins"
SERVED = "penguins.sqlite"  # the copy's name, relative to www/: it names the database in URLs
CONFIG = """<?php
// phpLiteAdmin's settings (read from the working folder): no password, one database.
$password = '';
$directory = false;
$databases = array(array('path' => '{served}', 'name' => 'Palmer penguins'));
"""
ROUTER = """<?php
chdir(__DIR__);
require '{script}';
"""


def column(header: str) -> str:
    """`Culmen Length (mm)` → `culmen_length_mm`."""
    return re.sub(r"[^a-z0-9]+", "_", header.lower()).strip("_")


def column_type(values: list[str]) -> str:
    """INTEGER or REAL where every value but "NA" is such a number, else TEXT."""
    present = [v for v in values if v != "NA"]
    for kind, parse in (("INTEGER", int), ("REAL", float)):
        try:
            for value in present:
                parse(value)
        except ValueError:
            continue
        return kind
    return "TEXT"


def load(db: Path, limit: int) -> None:
    spec = importlib.util.find_spec("palmerpenguins")  # found, not imported: that needs pandas
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("palmerpenguins is not installed")
    source = Path(spec.submodule_search_locations[0]) / "data" / "penguins-raw.csv"
    with source.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    header, body = [column(h) for h in rows[0]], rows[1:]
    if limit:
        body = body[:limit]
    if db.exists():
        db.unlink()
    with sqlite3.connect(db) as connection:
        types = [column_type([row[k] for row in body]) for k in range(len(header))]
        columns = ", ".join(f'"{name}" {kind}' for name, kind in zip(header, types, strict=True))
        connection.execute(f'CREATE TABLE "{TABLE}" (id INTEGER PRIMARY KEY, {columns})')
        marks = ", ".join("?" for _ in header)
        names = ", ".join(f'"{name}"' for name in header)
        connection.executemany(
            f'INSERT INTO "{TABLE}" ({names}) VALUES ({marks})',
            [[None if value == "NA" else value for value in row] for row in body],
        )
    connection.close()


def serve(db: Path, port: int) -> None:
    if not PHPLITEADMIN.is_file():
        raise SystemExit(f"{PHPLITEADMIN} is missing (Debian's phpliteadmin)")
    www = db.parent / "www"
    www.mkdir(exist_ok=True)
    copy_atomically(db, www / SERVED)
    write_atomically(www / "phpliteadmin.config.php", CONFIG.format(served=SERVED))
    write_atomically(www / "router.php", ROUTER.format(script=PHPLITEADMIN))
    php = shutil.which("php") or "php"
    os.chdir(www)
    os.execv(php, [php, "-S", f"127.0.0.1:{port}", "-t", str(www), str(www / "router.php")])


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
