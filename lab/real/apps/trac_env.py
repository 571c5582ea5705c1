"""The real-trac application: a Trac project whose tickets are the changes of Debian changelogs.

This file runs inside the application's own virtual environment (`.lab-real/real-trac/venv`,
made by `lab.real.trac`), never inside siteseer. Two commands:

    python trac_env.py load  --db DIR --limit N   # a Trac environment in DIR, tickets loaded
    python trac_env.py serve --db DIR --port P    # tracd on 127.0.0.1:P, the project at /

`load` makes the environment with Trac's own tools (`trac-admin DIR initenv`, SQLite), removes
the example components, milestones and versions `initenv` creates, and creates the tickets of
`tickets.json` beside DIR (written by lab/real/trac.py from Debian's changelogs; the first N,
0: all) with Trac's model API, oldest first: a component per package, a version per upload,
each ticket with its summary, description, type, priority, reporter, owner, keywords and
creation time (its upload's date, a second apart in the upload's order), and status `new`, the
status Trac's default workflow gives a ticket it creates.

`serve` runs tracd with the environment as the only project (`-s`) on 127.0.0.1. Anonymous
visitors have Trac's default view permissions (tickets, reports, queries, wiki, timeline,
roadmap). tracd refuses nothing as root.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

from appmain import run_app

PROJECT = "Debian changelogs"


def _admin(env: Path, *args: str) -> None:
    admin = Path(sys.executable).with_name("trac-admin")
    subprocess.run([str(admin), str(env), *args], check=True, stdout=subprocess.DEVNULL)


def load(db: Path, limit: int) -> None:
    tickets = json.loads((db.parent / "tickets.json").read_text(encoding="utf-8"))
    tickets = tickets[-limit:] if limit else tickets  # the file is oldest first: keep the newest
    if db.exists():
        shutil.rmtree(db)
    _admin(db, "initenv", PROJECT, "sqlite:db/trac.db")

    from trac.env import Environment
    from trac.ticket.model import Component, Milestone, Ticket, Version

    env = Environment(str(db))
    with env.db_transaction:
        for model in (Component, Milestone, Version):
            for item in list(model.select(env)):
                item.delete()
        for name in dict.fromkeys(t["component"] for t in tickets):
            component = Component(env)
            component.name = name
            component.insert()
        for name, time in {t["version"]: t["released"] for t in tickets}.items():
            version = Version(env)
            version.name, version.time = name, datetime.fromisoformat(time)
            version.insert()
        for fields in tickets:
            ticket = Ticket(env)
            ticket["status"] = "new"  # what Trac's default workflow gives a ticket created
            for name in ("summary", "description", "type", "priority", "component", "version",
                         "reporter", "owner", "keywords"):  # fmt: skip
                ticket[name] = fields[name]
            ticket.insert(when=datetime.fromisoformat(fields["time"]))
    env.shutdown()


def serve(db: Path, port: int) -> None:
    from trac.web.standalone import main as tracd

    sys.argv = ["tracd", "-s", "-b", "127.0.0.1", "-p", str(port), str(db)]
    tracd()


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
