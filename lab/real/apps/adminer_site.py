"""The real-adminer application: Adminer (Debian) over a SQLite database of vega_datasets' cars.

This file runs inside the application's own virtual environment (`.lab-real/real-adminer/venv`,
made by `lab.real.adminer`), never inside siteseer. Two commands:

    python adminer_site.py load  --db FILE          # the database FILE from vega_datasets' cars
    python adminer_site.py serve --db FILE --port P # Adminer over FILE on 127.0.0.1:P

`load` writes one table, `cars`: every car of `cars.json` as the vega_datasets package ships it
(found without importing the package, which would import pandas), in the file's order, with an
integer key `id` from 1 and the file's fields named in lower case (`miles_per_gallon`, …; null
as NULL). `serve` lays out the served folder beside FILE (`www/`: a fresh copy of the database,
so every start serves the same rows whatever a visitor changed before, and `index.php`, the
customization Adminer's documentation describes: an `adminer_object()` with Debian's plugin
loader and its version-noverify plugin, whose `login` lets the password-less SQLite database in
and whose `databases` names it, then Debian's `/usr/share/adminer/adminer.php`). Adminer keeps
a login in its session: `index.php` starts that session as Adminer names it and records the
empty password a login form would, so a visitor without a cookie is let in; the home page `/`
answers a redirect to the database's page, any other path 404. PHP's built-in web server runs
`index.php` for every request in place of this process, its sessions kept beside FILE.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import sqlite3
from pathlib import Path

from appmain import copy_atomically, run_app, write_atomically

ADMINER = Path("/usr/share/adminer/adminer.php")
PLUGINS = ADMINER.parent / "plugins"
TABLE = "cars"
SERVED = "cars.sqlite"  # the copy's name, relative to www/: it names the database in URLs
INDEX = """<?php
// Adminer (Debian's adminer.php) with the customization its documentation describes.
function adminer_object() {{
    include_once "{plugins}/plugin.php";
    include_once "{plugins}/version-noverify.php";

    class LabAdminer extends AdminerPlugin {{
        function login($login, $password) {{
            return true;  // SQLite takes no password
        }}

        function databases($flush = true) {{
            return array("{served}");
        }}
    }}

    return new LabAdminer(array(new AdminerVersionNoverify()));
}}

$path = parse_url($_SERVER["REQUEST_URI"], PHP_URL_PATH);
if ($path != "/") {{
    http_response_code(404);
    exit;
}}
if ($_SERVER["QUERY_STRING"] == "") {{
    header("Location: /?sqlite=&username=&db={served}");
    exit;
}}
// the session Adminer starts, holding the empty password its login form would record
session_cache_limiter("");
session_name("adminer_sid");
session_start();
$_SESSION["pwds"]["sqlite"][""][""] = "";
include "{adminer}";
"""


def column(field: str) -> str:
    """`Miles_per_Gallon` → `miles_per_gallon`."""
    return re.sub(r"[^a-z0-9]+", "_", field.lower()).strip("_")


def load(db: Path, limit: int) -> None:
    spec = importlib.util.find_spec("vega_datasets")  # found, not imported: that needs pandas
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("vega_datasets is not installed")
    source = Path(next(iter(spec.submodule_search_locations))) / "_data" / "cars.json"
    cars = json.loads(source.read_text(encoding="utf-8"))
    if limit:
        cars = cars[:limit]
    fields = list(cars[0])
    if db.exists():
        db.unlink()
    with sqlite3.connect(db) as connection:
        kinds = {
            name: "INTEGER" if all(isinstance(c[name], int | None) for c in cars) else
            "REAL" if all(isinstance(c[name], int | float | None) for c in cars) else "TEXT"
            for name in fields
        }  # fmt: skip
        columns = ", ".join(f'"{column(name)}" {kinds[name]}' for name in fields)
        connection.execute(f'CREATE TABLE "{TABLE}" (id INTEGER PRIMARY KEY, {columns})')
        names = ", ".join(f'"{column(name)}"' for name in fields)
        marks = ", ".join("?" for _ in fields)
        connection.executemany(
            f'INSERT INTO "{TABLE}" ({names}) VALUES ({marks})',
            [[car[name] for name in fields] for car in cars],
        )
    connection.close()


def serve(db: Path, port: int) -> None:
    if not ADMINER.is_file():
        raise SystemExit(f"{ADMINER} is missing (Debian's adminer)")
    www = db.parent / "www"
    sessions = db.parent / "sessions"
    for folder in (www, sessions):
        folder.mkdir(exist_ok=True)
    copy_atomically(db, www / SERVED)
    index = INDEX.format(plugins=PLUGINS, served=SERVED, adminer=ADMINER)
    write_atomically(www / "index.php", index)
    php = shutil.which("php") or "php"
    os.chdir(www)
    os.execv(
        php,
        [php, "-d", f"session.save_path={sessions}", "-S", f"127.0.0.1:{port}", "-t", str(www),
         str(www / "index.php")],
    )  # fmt: skip


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
