"""The command line every application script of this folder answers, in its venv:

    python <app>.py load --db FILE [--limit N]    build the application's data (N rows, 0: all)
    python <app>.py serve --db FILE --port P      serve it on 127.0.0.1:P

Imported by the scripts beside it (a script's folder is first on its interpreter's path);
standard library only, since it runs in each application's own environment. `unpacked_sdist`
is how a script reads files a package ships only in its source distribution (documentation, a
changelog): pip itself fetches it from PyPI.

Several serves of one application may run at once (two benches, a bench and `lab serve`), each
on its port, over the same installed files: a serve writes a file it shares with the others only
whole (`write_atomically`, `copy_atomically`: a reader sees the old file or the new one, never a
part), and what is its own (its port, a settings database the application writes into) under a
folder of its own (`run_folder`).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tarfile
from collections.abc import Callable
from pathlib import Path
from typing import Any


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


def write_atomically(path: Path, data: str | bytes) -> None:
    """Write `data` (text: UTF-8) to `path` whole: into a file of this process beside it, then
    renamed over it."""
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    if isinstance(data, str):
        partial.write_text(data, encoding="utf-8")
    else:
        partial.write_bytes(data)
    os.replace(partial, path)


def copy_atomically(source: Path, target: Path) -> None:
    """Copy the file `source` to `target` whole (see `write_atomically`)."""
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    shutil.copyfile(source, partial)
    os.replace(partial, target)


def run_folder(installed: Path, port: int) -> Path:
    """An empty folder for the serve on `port` of the data `installed`: `runs/<name>-<port>/`
    beside it. What a serve writes for itself goes there, never into the installed data.

    The folder names the serving process (its `pid` file; the serve may exec another program,
    which keeps the PID); the folders of serves whose process is gone are removed first, so
    `runs/` holds the serves running and this one."""
    runs = installed.parent / "runs"
    runs.mkdir(parents=True, exist_ok=True)
    for other in runs.iterdir():
        if not _serving(other):
            shutil.rmtree(other, ignore_errors=True)
    folder = runs / f"{installed.name}-{port}"
    shutil.rmtree(folder, ignore_errors=True)
    # Made whole under another name, then renamed: a folder of runs/ always names its process.
    partial = runs / f".{installed.name}-{port}.{os.getpid()}.partial"
    partial.mkdir()
    (partial / "pid").write_text(str(os.getpid()), encoding="utf-8")
    os.replace(partial, folder)
    return folder


def _serving(folder: Path) -> bool:
    """Whether the process a folder of runs/ names (`run_folder`) is still running."""
    try:
        if folder.name.endswith(".partial"):  # being made: the PID is in its name
            pid = int(folder.name.rsplit(".", 2)[1])
        else:
            pid = int((folder / "pid").read_text(encoding="utf-8"))
        os.kill(pid, 0)
    except PermissionError:
        return True  # running, under another user
    except (OSError, ValueError, IndexError):
        return False
    return True


def serve_static(folder: Path, port: int) -> None:
    """Serve the files of `folder` on 127.0.0.1:`port` (Python's own file server, in place of
    this process): the `serve` of an application that is static files and browser scripts."""
    os.execv(
        sys.executable,
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(folder),
         str(port)],
    )  # fmt: skip


def serve_django(port: int, urlpatterns: list[Any] | None = None) -> None:
    """Serve the Django project set up in this process on 127.0.0.1:`port` with Django's
    threaded server, its apps' static files beside it (as `runserver` does): the `serve` of a
    Django application once its settings are in place. `urlpatterns`, when given, become those
    of the module its ROOT_URLCONF names (the application's script, which names itself)."""
    from django.conf import settings
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.core.servers.basehttp import WSGIServer, run
    from django.core.wsgi import get_wsgi_application

    if urlpatterns is not None:
        sys.modules[settings.ROOT_URLCONF].urlpatterns = urlpatterns  # type: ignore[attr-defined]
    application = StaticFilesHandler(get_wsgi_application())
    run("127.0.0.1", port, application, threading=True, server_cls=WSGIServer)


def django_users() -> Callable[[str], Any]:
    """A function from a person's name to their Django user, made on first use: the name split
    into first and last name, a username of its words (letters and digits, unique), no usable
    password (nobody can log in). Call it once the Django project is set up and migrated."""
    from django.contrib.auth import get_user_model

    users: dict[str, Any] = {}
    taken: set[str] = set()

    def user(name: str) -> Any:
        if name not in users:
            base = re.sub(r"[^A-Za-z0-9]+", "", name.title()) or "user"
            username, n = base[:30], 1
            while username.lower() in taken:
                n += 1
                username = f"{base[:27]}{n}"
            taken.add(username.lower())
            first, _, last = name.partition(" ")
            users[name] = get_user_model().objects.create(
                username=username, first_name=first[:150], last_name=last[:150]
            )
            users[name].set_unusable_password()
            users[name].save()
        return users[name]

    return user


def unpacked_sdist(requirement: str, scratch: Path) -> Path:
    """Fetch `requirement`'s source distribution from PyPI with pip (`pip download --no-binary
    :all: --no-deps`) into the directory `scratch`, unpack it there, and return its top folder."""
    argv = [sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "-q"]
    argv += ["--no-binary", ":all:", "--no-deps", requirement, "-d", str(scratch)]
    subprocess.run(argv, check=True)
    (archive,) = scratch.glob("*.tar.gz")
    with tarfile.open(archive) as tar:
        tar.extractall(scratch, filter="data")
    (top,) = (p for p in scratch.iterdir() if p.is_dir())
    return top
