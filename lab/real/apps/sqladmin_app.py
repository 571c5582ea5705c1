"""The real-sqladmin application: SQLAdmin's CRUD admin over vega_datasets' cars and weather.

This file runs inside the application's own virtual environment (`.lab-real/real-sqladmin/venv`,
made by `lab.real.sqladmin`), never inside siteseer. Two commands:

    python sqladmin_app.py load  --db PATH --limit N   # create the tables, load the data set
    python sqladmin_app.py serve --db PATH --port P    # uvicorn on 127.0.0.1:P until SIGTERM

The data are two files the `vega_datasets` package ships in `_data/` (cars.json, 406 cars, and
seattle-weather.csv, 1,461 days), read from the installed package without importing it (its
`__init__` needs pandas). `--limit` keeps the first N rows of each (0: all). The site's root
redirects to the admin's index page, `/admin/`.

Everything a visitor sees is SQLAdmin's: an index page, a list view per model with sort links
(`?sortBy=<column>&sort=asc|desc`), a search box, page-size choices (10, 25, 50, 100), numbered
pages (`?page=N`), a filter sidebar of link filters (`?<column>=<value>`), export links, and a
details page per row at `/admin/<identity>/details/<pk>`. Only the permissions are ours: nothing
can be created, edited or deleted (no login is configured, as SQLAdmin's default).
"""

from __future__ import annotations

import csv
import importlib.util
import json
import re
from pathlib import Path
from typing import Any, ClassVar

from appmain import run_app
from sqladmin import Admin, ModelView
from sqladmin.filters import AllUniqueStringValuesFilter
from sqlalchemy import Float, Integer, String, create_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from starlette.applications import Starlette
from starlette.responses import RedirectResponse
from starlette.routing import Route


class Base(DeclarativeBase):
    pass


class Car(Base):
    __tablename__ = "car"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    miles_per_gallon: Mapped[float | None] = mapped_column(Float)
    cylinders: Mapped[int | None] = mapped_column(Integer)
    displacement: Mapped[float | None] = mapped_column(Float)
    horsepower: Mapped[float | None] = mapped_column(Float)
    weight_in_lbs: Mapped[int | None] = mapped_column(Integer)
    acceleration: Mapped[float | None] = mapped_column(Float)
    year: Mapped[str | None] = mapped_column(String(10))
    origin: Mapped[str | None] = mapped_column(String(20))

    def __str__(self) -> str:
        return self.name


class Weather(Base):
    __tablename__ = "weather"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    date: Mapped[str] = mapped_column(String(10))
    precipitation: Mapped[float | None] = mapped_column(Float)
    temp_max: Mapped[float | None] = mapped_column(Float)
    temp_min: Mapped[float | None] = mapped_column(Float)
    wind: Mapped[float | None] = mapped_column(Float)
    weather: Mapped[str | None] = mapped_column(String(20))

    def __str__(self) -> str:
        return self.date


class ReadOnly(ModelView):
    can_create = False
    can_edit = False
    can_delete = False
    page_size = 10
    page_size_options: ClassVar[list[int]] = [10, 25, 50, 100]


class CarAdmin(ReadOnly, model=Car):  # type: ignore[call-arg]
    name_plural = "Cars"
    icon = "fa-solid fa-car"
    column_list: ClassVar[list[Any]] = [
        Car.id, Car.name, Car.origin, Car.cylinders, Car.year, Car.horsepower,
    ]  # fmt: skip
    column_details_list: ClassVar[list[Any]] = [
        Car.id, Car.name, Car.miles_per_gallon, Car.cylinders, Car.displacement, Car.horsepower,
        Car.weight_in_lbs, Car.acceleration, Car.year, Car.origin,
    ]  # fmt: skip
    column_sortable_list: ClassVar[list[Any]] = [Car.id, Car.name, Car.cylinders, Car.horsepower]
    column_searchable_list: ClassVar[list[Any]] = [Car.name]
    column_filters: ClassVar[list[Any]] = [
        AllUniqueStringValuesFilter(Car.origin),
        AllUniqueStringValuesFilter(Car.cylinders),
    ]


class WeatherAdmin(ReadOnly, model=Weather):  # type: ignore[call-arg]
    name_plural = "Weather"
    icon = "fa-solid fa-cloud"
    column_list: ClassVar[list[Any]] = [Weather.id, Weather.date, Weather.weather, Weather.temp_max]
    column_sortable_list: ClassVar[list[Any]] = [Weather.id, Weather.date, Weather.temp_max]
    column_filters: ClassVar[list[Any]] = [AllUniqueStringValuesFilter(Weather.weather)]


def _data_dir() -> Path:
    spec = importlib.util.find_spec("vega_datasets")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("vega_datasets is not installed in this environment")
    return Path(next(iter(spec.submodule_search_locations))) / "_data"


def _column(name: str) -> str:
    return re.sub(r"[^0-9a-z]+", "_", name.lower()).strip("_")


def _records(name: str, limit: int) -> list[dict[str, Any]]:
    file = _data_dir() / name
    if file.suffix == ".json":
        rows = json.loads(file.read_text(encoding="utf-8"))
    else:
        with file.open(newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
    rows = [{_column(k): (None if v in ("", "NA") else v) for k, v in r.items()} for r in rows]
    return rows[:limit] if limit else rows


def load(db: Path, limit: int) -> None:
    db.unlink(missing_ok=True)
    engine = create_engine(f"sqlite:///{db}")
    Base.metadata.create_all(engine)
    with Session(engine) as session:
        session.add_all(Car(**row) for row in _records("cars.json", limit))
        session.add_all(Weather(**row) for row in _records("seattle-weather.csv", limit))
        session.commit()


def create_app(db: Path) -> Starlette:
    # The site's root is the admin's index page (SQLAdmin mounts itself under /admin).
    app = Starlette(routes=[Route("/", RedirectResponse("/admin/"))])
    engine = create_engine(
        f"sqlite:///file:{db}?mode=ro&uri=true", connect_args={"check_same_thread": False}
    )
    admin = Admin(app, engine, title="vega_datasets admin")
    admin.add_view(CarAdmin)
    admin.add_view(WeatherAdmin)
    return app


def serve(db: Path, port: int) -> None:
    import uvicorn

    uvicorn.run(create_app(db), host="127.0.0.1", port=port, log_level="warning")


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
