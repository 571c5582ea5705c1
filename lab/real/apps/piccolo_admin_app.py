"""The real-piccoloadmin application: Piccolo Admin's Vue single-page app over the Palmer penguins.

This file runs inside the application's own virtual environment
(`.lab-real/real-piccoloadmin/venv`, made by `lab.real.piccoloadmin`), never inside siteseer. Two
commands:

    python piccolo_admin_app.py load  --db PATH --limit N   # create the tables, load the data
    python piccolo_admin_app.py serve --db PATH --port P    # uvicorn on 127.0.0.1:P until SIGTERM

The data are the file the `palmerpenguins` package ships (`data/penguins.csv`, 344 penguins
observed at Palmer Station, 2007–2009), read from the installed package without importing it
(its `__init__` needs pandas); `--limit` keeps the first N rows (0: all). Each penguin gets an
id, its row's position from 1, in a Piccolo table whose species, island and sex are choice
columns.

Everything a visitor sees is Piccolo Admin's (`create_admin`, read-only: nothing can be created,
edited or deleted): a Vue single-page app with a hash router at `/`, its data fetched from the
admin's JSON API (`/api/tables/…`). The home page lists the tables in a sidebar (links
`#/<table>/`); a table's row listing at `#/<table>/` shows 15 rows by default, a page-size select
(5, 15, 30, 50, 100), previous/next arrows and a page-number input (the page is the app's state, never the URL), sort
headers (`?__order=` in the route), a filter sidebar form, and in each row a link to the row's
page `#/<table>/<id>/` (a form showing its columns).

Only the login is ours: Piccolo Admin asks every visitor to log in, and this site logs every
visitor in as one read-only guest (a middleware adds the guest's session cookie to requests that
carry none, as a site opened to the public would), so a visitor goes straight to the tables.
"""

from __future__ import annotations

import asyncio
import csv
import importlib.util
import secrets
from datetime import datetime, timedelta
from enum import StrEnum
from pathlib import Path

from appmain import run_app
from piccolo.apps.user.tables import BaseUser
from piccolo.columns import Integer, Real, Varchar
from piccolo.engine.sqlite import SQLiteEngine
from piccolo.table import Table
from piccolo_admin.endpoints import create_admin
from piccolo_api.session_auth.tables import SessionsBase

GUEST = "guest"
COOKIE = "id"  # the session cookie Piccolo's SessionsAuthBackend reads
FOREVER = timedelta(days=3650)
LOGOUT = "/public/logout"


class Species(StrEnum):
    adelie = "Adelie"
    chinstrap = "Chinstrap"
    gentoo = "Gentoo"


class Island(StrEnum):
    biscoe = "Biscoe"
    dream = "Dream"
    torgersen = "Torgersen"


class Sex(StrEnum):
    female = "female"
    male = "male"


def _tables(db: Path) -> tuple[type[Table], type[BaseUser], type[SessionsBase]]:
    engine = SQLiteEngine(path=str(db))

    class Penguin(Table, db=engine):  # type: ignore[call-arg]
        species = Varchar(length=20, choices=Species)
        island = Varchar(length=20, choices=Island)
        bill_length_mm = Real(null=True, default=None)
        bill_depth_mm = Real(null=True, default=None)
        flipper_length_mm = Integer(null=True, default=None)
        body_mass_g = Integer(null=True, default=None)
        sex = Varchar(length=10, choices=Sex, null=True, default=None)
        year = Integer()

    class User(BaseUser, tablename="piccolo_user", db=engine):  # type: ignore[call-arg]
        pass

    class Sessions(SessionsBase, tablename="sessions", db=engine):  # type: ignore[call-arg]
        pass

    return Penguin, User, Sessions


def _data_file() -> Path:
    spec = importlib.util.find_spec("palmerpenguins")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("palmerpenguins is not installed in this environment")
    return Path(next(iter(spec.submodule_search_locations))) / "data" / "penguins.csv"


def _number(value: str, kind: type[float] | type[int]) -> float | int | None:
    return None if value in ("", "NA") else kind(float(value)) if kind is int else kind(value)


def load(db: Path, limit: int) -> None:
    db.unlink(missing_ok=True)
    penguin, user, sessions = _tables(db)
    for table in (penguin, user, sessions):
        table.create_table().run_sync()
    with _data_file().open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    rows = rows[:limit] if limit else rows
    penguin.insert(
        *(
            penguin(
                species=r["species"],
                island=r["island"],
                bill_length_mm=_number(r["bill_length_mm"], float),
                bill_depth_mm=_number(r["bill_depth_mm"], float),
                flipper_length_mm=_number(r["flipper_length_mm"], int),
                body_mass_g=_number(r["body_mass_g"], int),
                sex=None if r["sex"] in ("", "NA") else r["sex"],
                year=int(r["year"]),
            )
            for r in rows
        )
    ).run_sync()
    user.create_user_sync(
        username=GUEST, password=secrets.token_urlsafe(24), admin=True, active=True
    )


def serve(db: Path, port: int) -> None:
    import uvicorn

    penguin, user, sessions = _tables(db)
    (guest,) = user.select(user.id).where(user.username == GUEST).run_sync()
    now = datetime.now()
    session = asyncio.run(
        sessions.create_session(
            user_id=guest["id"], expiry_date=now + FOREVER, max_expiry_date=now + FOREVER
        )
    )
    admin = create_admin(
        tables=[penguin],
        auth_table=user,
        session_table=sessions,
        session_expiry=FOREVER,
        max_session_expiry=FOREVER,
        increase_expiry=None,
        read_only=True,
        site_name="Palmer penguins",
    )
    uvicorn.run(_as_guest(admin, session.token), host="127.0.0.1", port=port, log_level="warning")


def _as_guest(app, token: str):
    """`app` with the guest's session cookie added to every request that carries none; the
    guest cannot log out (its session stays for every visitor)."""
    cookie = f"{COOKIE}={token}".encode()

    async def guest_app(scope, receive, send):
        if scope["type"] == "http" and scope["path"].rstrip("/") == LOGOUT:
            await send({"type": "http.response.start", "status": 403, "headers": []})
            await send({"type": "http.response.body", "body": b"the guest cannot log out"})
            return
        if scope["type"] == "http":
            cookies = [v for k, v in scope["headers"] if k == b"cookie"]
            if not any(_has_session(c) for c in cookies):
                headers = [(k, v) for k, v in scope["headers"] if k != b"cookie"]
                headers.append((b"cookie", b"; ".join([*cookies, cookie])))
                scope = {**scope, "headers": headers}
        await app(scope, receive, send)

    return guest_app


def _has_session(header: bytes) -> bool:
    return any(part.strip().startswith(f"{COOKIE}=".encode()) for part in header.split(b";"))


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
