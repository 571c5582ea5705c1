"""The real-calibreweb application: Calibre-Web over a calibre library, open to guests.

This file runs inside the application's own virtual environment (`<lab home>/real-calibreweb/
venv`, made by `lab.real.calibreweb`), never inside siteseer. Two commands:

    python calibreweb_app.py load  --db LIBRARY              # Calibre-Web's settings database
    python calibreweb_app.py serve --db LIBRARY --port P     # Calibre-Web on 127.0.0.1:P

LIBRARY is a calibre library (its `metadata.db`, built by Debian's calibre before `load`).
`load` makes Calibre-Web's own settings database, LIBRARY/app.db, with Calibre-Web's code
(its tables, the "admin" and "Guest" users, the default settings), then sets what its admin
page would: the library's folder, anonymous browsing, and the guest's view of the lists
(authors, series, tags, publishers, languages …) as a new user's default shows them. The admin's default password is
replaced by one nobody knows: nobody logs in, every visitor is the guest. `serve` copies those
settings (and their key) into a folder of its own (`run_folder`: Calibre-Web writes into its
settings database as it serves), writes the library's folder and the port into the copy and runs
Calibre-Web's own `main` (its Tornado server) on 127.0.0.1 with it; its caches go to
LIBRARY/cache. `--limit` is unused.
"""

from __future__ import annotations

import os
import secrets
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

from appmain import copy_atomically, run_app, run_folder


def _settings(library: Path) -> Path:
    return library / "app.db"


def _calibreweb(library: Path, settings: Path, *options: str) -> None:
    """Calibre-Web's command line (its settings in the folder `settings`) and cache folder,
    set before its package is imported."""
    os.environ["CACHE_DIRECTORY"] = str(library / "cache")
    sys.argv = ["calibre-web", "-p", str(_settings(settings)), *options]
    import calibreweb  # noqa: F401  (puts Calibre-Web's `cps` package on the path)


def _configure(library: Path, **values: object) -> None:
    columns = ", ".join(f"{name} = ?" for name in values)
    with closing(sqlite3.connect(_settings(library))) as connection, connection:
        connection.execute(f"UPDATE settings SET {columns}", tuple(values.values()))


def load(db: Path, limit: int) -> None:
    if not (db / "metadata.db").exists():
        raise SystemExit(f"no calibre library in {db}")
    _settings(db).unlink(missing_ok=True)
    _calibreweb(db, db)
    from cps import config_sql, ub
    from werkzeug.security import generate_password_hash

    ub.init_db(str(_settings(db)))
    key, error = config_sql.get_encryption_key(str(db))
    if error:
        raise SystemExit(str(error))
    config_sql.load_configuration(ub.session, key)
    ub.session.close()
    _configure(db, config_calibre_dir=str(db), config_anonbrowse=1)
    with closing(sqlite3.connect(_settings(db))) as connection, connection:
        unknown = generate_password_hash(secrets.token_urlsafe(32))
        connection.execute("UPDATE user SET password = ? WHERE name = 'admin'", (unknown,))
        connection.execute(  # the guest sees the lists a new user sees (the default view)
            "UPDATE user SET sidebar_view = (SELECT config_default_show FROM settings) "
            "WHERE name = 'Guest'"
        )


def serve(db: Path, port: int) -> None:
    run = run_folder(db, port)
    # a consistent copy, whatever another serve of older code writes into the installed one
    installed, copy = sqlite3.connect(_settings(db)), sqlite3.connect(_settings(run))
    with closing(installed), closing(copy):
        installed.backup(copy)
    copy_atomically(db / ".key", run / ".key")
    _configure(run, config_calibre_dir=str(db), config_port=port)
    _calibreweb(db, run, "-i", "127.0.0.1")
    from cps.main import main

    main()


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
