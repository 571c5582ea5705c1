"""The real-starletteadmin application: starlette-admin over tzdata's time zones and countries.

This file runs inside the application's own virtual environment
(`.lab-real/real-starletteadmin/venv`, made by `lab.real.starletteadmin`), never inside
siteseer. Two commands:

    python starlette_admin_app.py load  --db PATH --limit N   # create the tables, load the data
    python starlette_admin_app.py serve --db PATH --port P    # uvicorn on 127.0.0.1:P

The data are two tables Debian's `tzdata` installs in /usr/share/zoneinfo: `zone1970.tab` (a
row per time zone: the countries it covers, its principal location's coordinates, its name,
a comment) and `iso3166.tab` (a row per country: its code and name). `--limit` keeps the first
N zones (0: all). A zone's row keeps the countries' codes as the file lists them, its first
country's name, and its region (the name's first part, `Europe` of `Europe/Paris`). The site's
root redirects to the admin's index page, `/admin/`.

Everything a visitor sees is starlette-admin's own pages, its default theme: an index, a list
view per model (a table of rows, page sizes, pagination, search, sort and filters), a detail
page per row at `/admin/<identity>/detail/<pk>`. Only two things are ours: nothing can be
created, edited or deleted, and the theme's web font is not fetched (its base template is
served with the one line importing `https://rsms.me/inter/inter.css` removed: the site sends no
request off the machine).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from appmain import run_app
from jinja2 import DictLoader
from sqlalchemy import ForeignKey, Integer, String, create_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from starlette.applications import Starlette
from starlette.responses import RedirectResponse
from starlette.routing import Route
from starlette_admin.contrib.sqla import Admin, ModelView

ZONEINFO = Path("/usr/share/zoneinfo")
FONT_IMPORT = "@import url('https://rsms.me/inter/inter.css');"


class Base(DeclarativeBase):
    pass


class Country(Base):
    __tablename__ = "country"
    code: Mapped[str] = mapped_column(String(2), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))

    async def __admin_repr__(self, request: Any) -> str:
        return self.name


class Zone(Base):
    __tablename__ = "zone"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    region: Mapped[str] = mapped_column(String(20))
    country_code: Mapped[str] = mapped_column(ForeignKey("country.code"))
    countries: Mapped[str] = mapped_column(String(80))
    coordinates: Mapped[str] = mapped_column(String(20))
    comments: Mapped[str | None] = mapped_column(String(120))

    async def __admin_repr__(self, request: Any) -> str:
        return self.name


class ReadOnly(ModelView):
    def can_create(self, request: Any) -> bool:
        return False

    def can_edit(self, request: Any) -> bool:
        return False

    def can_delete(self, request: Any) -> bool:
        return False


class ZoneView(ReadOnly):
    fields: ClassVar[list[Any]] = [
        "id", "name", "region", "country_code", "countries", "coordinates", "comments",
    ]  # fmt: skip
    searchable_fields: ClassVar[list[Any]] = ["name", "comments"]
    sortable_fields: ClassVar[list[Any]] = ["id", "name", "region", "country_code"]


class CountryView(ReadOnly):
    fields: ClassVar[list[Any]] = ["code", "name"]
    searchable_fields: ClassVar[list[Any]] = ["name"]


def _table(name: str) -> list[list[str]]:
    """The rows of a tzdata table: tab-separated fields, `#` comment lines left out."""
    text = (ZONEINFO / name).read_text(encoding="utf-8")
    return [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]


def load(db: Path, limit: int) -> None:
    db.unlink(missing_ok=True)
    engine = create_engine(f"sqlite:///{db}")
    Base.metadata.create_all(engine)
    zones = _table("zone1970.tab")
    with Session(engine) as session:
        session.add_all(Country(code=code, name=name) for code, name in _table("iso3166.tab"))
        for n, (codes, coordinates, name, *comments) in enumerate(zones[: limit or None], 1):
            session.add(
                Zone(
                    id=n, name=name, region=name.split("/")[0], country_code=codes.split(",")[0],
                    countries=codes, coordinates=coordinates, comments=comments[0] if comments else None,
                )
            )  # fmt: skip
        session.commit()


def create_app(db: Path) -> Starlette:
    app = Starlette(routes=[Route("/", RedirectResponse("/admin/"))])
    engine = create_engine(
        f"sqlite:///file:{db}?mode=ro&uri=true", connect_args={"check_same_thread": False}
    )
    import starlette_admin

    base = Path(starlette_admin.__file__).with_name("templates") / "base.html"
    source = base.read_text(encoding="utf-8")
    if FONT_IMPORT not in source:
        raise SystemExit(f"{base} no longer imports the web font as expected")
    loader = DictLoader({"base.html": source.replace(FONT_IMPORT, "")})
    # A fixed key: the site is read-only and on loopback; without one, a random key and a warning.
    admin = Admin(
        engine, title="tzdata admin", additional_loaders=[loader], secret_key="siteseer-lab"
    )
    admin.add_view(ZoneView(Zone, display_name="Time zone", menu_label="Time zones"))
    admin.add_view(CountryView(Country, display_name="Country", menu_label="Countries"))
    admin.mount_to(app)
    return app


def serve(db: Path, port: int) -> None:
    import uvicorn

    uvicorn.run(create_app(db), host="127.0.0.1", port=port, log_level="warning")


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
