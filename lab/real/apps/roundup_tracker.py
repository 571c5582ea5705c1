"""The real-roundup application: a Roundup tracker holding Roundup's own changelog as bugs.

This file runs inside the application's own virtual environment (`.lab-real/real-roundup/venv`,
made by `lab.real.roundup`), never inside siteseer. Two commands:

    python roundup_tracker.py load  --db DIR --limit N   # install a tracker in DIR, load bugs
    python roundup_tracker.py serve --db DIR --port P    # roundup-server on 127.0.0.1:P

`load` makes a tracker with Roundup's own tools: `roundup-admin install devel sqlite` (the
"devel" template: bugs with type, components, versions, severity, priority, status, resolution,
keywords, an assignee) and `initialise`, then opens it with Roundup's tracker API and creates one
bug per entry of Roundup's CHANGES.txt, read from the roundup sdist that pip fetches from PyPI.
A bug's fields from its entry: the title (the entry's first sentence, at most 150 characters),
the first message (the whole entry), the version (the release the entry is listed under; a
`version` item per release), the type (`behavior` under a "Fixed" heading, `rfe` under a
"Features" one), the assignee (the committer named in the entry's closing brackets; a user per
name). The changelog says nothing of status, priority or severity: they stay unset, as the
devel template leaves them for a new bug (its auditors that would preset them are commented
out). Bugs are created oldest first, so ids follow the history. `--limit` keeps the newest N
entries (0: all).

`serve` runs roundup-server with the tracker at `/roundup/`, from a tracker home of its own
(`run_folder`: the installed tracker's files linked, its database among them) whose config.ini
gives the tracker's web address (`[tracker] web`) for the port, which Roundup writes into its
pages and redirects: serves on two ports share the tracker and nothing they write. roundup-server refuses to run as root unless told which user to run as: as root it
is told root (`-u 0`), the user the lab runs as. Anonymous visitors may view bugs and messages
(the devel template's own permissions).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from appmain import run_app, run_folder, unpacked_sdist, write_atomically

SOURCE = "roundup==2.6.0"  # the sdist whose CHANGES.txt is the data; the same release serves it
NAME = "roundup"  # the tracker's path under the server's root
RELEASE = re.compile(r"^(\d{4}-\d{2}-\d{2}):? +(\S.*?)\s*$")
SECTION = re.compile(r"^([A-Z][A-Za-z ]+):\s*$")
ENTRY = re.compile(r"^- +(\S.*)$")
COMMITTER = re.compile(r"\(([^()]*)\)\s*$")
TYPES = (("fix", "behavior"), ("feature", "rfe"))  # a section's heading → the bug's type
TITLE_CHARS = 150


@dataclass
class Entry:
    release: str
    date: str
    section: str
    text: str


def read_changes(path: Path) -> list[Entry]:
    """Every top-level entry (`- …`, continued by indented lines) of CHANGES.txt, newest first."""
    entries: list[Entry] = []
    release = date = section = ""
    current: Entry | None = None
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if m := RELEASE.match(line):
            date, release, section, current = m.group(1), m.group(2), "", None
        elif m := SECTION.match(line):
            section, current = m.group(1).strip().lower(), None
        elif release and (m := ENTRY.match(line)):
            current = Entry(release, date, section, m.group(1).strip())
            entries.append(current)
        elif current is not None and line.startswith(" ") and line.strip():
            current.text += " " + line.strip()
        elif not line.strip():
            current = None
    return entries


def title(text: str) -> str:
    """The entry's first sentence, cut at a word under TITLE_CHARS characters."""
    first = re.split(r"(?<=[a-z0-9)])\. ", text, maxsplit=1)[0].rstrip(".")
    if len(first) <= TITLE_CHARS:
        return first
    return first[: TITLE_CHARS - 1].rsplit(" ", 1)[0] + "…"


def committer(text: str) -> str | None:
    """The committer named in the entry's closing brackets: `(… John Rouillard)` → the name."""
    m = COMMITTER.search(text)
    if not m:
        return None
    name = re.split(r"[;,:]| by ", m.group(1))[-1].strip(" .")
    words = name.split()
    if not 2 <= len(words) <= 3 or not all(w[:1].isupper() for w in words):
        return None
    return name


def _admin(home: Path, *args: str) -> None:
    """Run roundup-admin on the tracker at `home`, answering yes to its one question (whether
    to initialise the database `install` left)."""
    admin = Path(sys.executable).with_name("roundup-admin")
    subprocess.run([str(admin), "-i", str(home), *args], check=True, input="y\n", text=True)


def load(db: Path, limit: int) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        entries = read_changes(unpacked_sdist(SOURCE, Path(scratch)) / "CHANGES.txt")
    entries = entries[:limit] if limit else entries
    if db.exists():
        shutil.rmtree(db)
    # Each serve writes the web address for its port into a config.ini of its own (`serve`).
    settings = (
        "tracker_web=http://127.0.0.1:8080/roundup/,mail_domain=localhost,mail_host=localhost"
    )
    _admin(db, "install", "devel", "sqlite", settings)
    _admin(db, "initialise", "admin")

    import roundup.instance

    tracker = roundup.instance.open(str(db))
    database = tracker.open("admin")
    try:
        versions: dict[str, str] = {}
        users: dict[str, str] = {}
        types = {name: database.bug_type.lookup(name) for _, name in TYPES}
        # Oldest first, so bug ids follow the history and the newest entry has the highest id.
        for entry in reversed(entries):
            if entry.release not in versions:
                versions[entry.release] = _version(database, entry)
            values: dict[str, object] = {
                "title": title(entry.text),
                "versions": [versions[entry.release]],
                "messages": [database.msg.create(content=entry.text, author="1")],
            }
            if kind := next((t for word, t in TYPES if word in entry.section), None):
                values["type"] = types[kind]
            if name := committer(entry.text):
                if name not in users:
                    username = re.sub(r"[^a-z]+", ".", name.lower()).strip(".")
                    users[name] = database.user.create(
                        username=username, realname=name, roles="User,Developer"
                    )
                values["assignee"] = users[name]
            database.bug.create(**values)
        database.commit()
    finally:
        database.close()


def _version(database: Any, entry: Entry) -> str:
    """The id of the version named after the entry's release (the template made some)."""
    try:
        return str(database.version.lookup(entry.release))
    except KeyError:
        return str(database.version.create(name=entry.release))


def _run_home(home: Path, port: int) -> Path:
    """A tracker home for the serve on `port`: every file of the installed one `home` linked,
    but config.ini, copied with the web address for the port."""
    run = run_folder(home, port)
    for item in home.iterdir():
        if item.name != "config.ini":
            (run / item.name).symlink_to(item)
    text = (home / "config.ini").read_text(encoding="utf-8")
    web = f"http://127.0.0.1:{port}/{NAME}/"
    write_atomically(run / "config.ini", re.sub(r"(?m)^web = .*$", f"web = {web}", text, count=1))
    return run


def serve(db: Path, port: int) -> None:
    from roundup.scripts.roundup_server import run

    home = _run_home(db, port)
    sys.argv = ["roundup-server", "-n", "127.0.0.1", "-p", str(port)]
    if os.getuid() == 0:  # roundup-server refuses root unless told the user to run as
        sys.argv += ["-u", "0"]
    sys.argv.append(f"{NAME}={home}")
    run()


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
