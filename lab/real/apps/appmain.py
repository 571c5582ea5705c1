"""The command line every application script of this folder answers, in its venv:

    python <app>.py load --db FILE [--limit N]    build the application's data (N rows, 0: all)
    python <app>.py serve --db FILE --port P      serve it on 127.0.0.1:P

Imported by the scripts beside it (a script's folder is first on its interpreter's path);
standard library only, since it runs in each application's own environment.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path


def run_app(
    description: str,
    load: Callable[[Path, int], None],
    serve: Callable[[Path, int], None],
) -> None:
    """Parse the command line and run `load(db, limit)` or `serve(db, port)`."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("command", choices=("load", "serve"))
    parser.add_argument("--db", type=Path, required=True, help="the data file or directory")
    parser.add_argument("--limit", type=int, default=0, help="rows to load (0: all)")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    if args.command == "load":
        load(args.db.resolve(), args.limit)
    else:
        serve(args.db.resolve(), args.port)
