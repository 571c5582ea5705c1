"""A private MariaDB server (Debian `mariadb-server`) for a real application: its own data
directory, configuration and socket under the application's directory, no TCP port at all.

Debian's system service is never used (nor started: the packages' scripts leave it to the
system). `MariaDB(home)` keeps everything under `home/`: `my.cnf` (written by `configure`),
`data/` (made by `mariadb-install-db`), `mysqld.sock`, `mysqld.pid` and `mariadbd.log`. The
server runs as the user installing it (root, as apt needs; `user=` in my.cnf), listens on its
socket only (`skip-networking`), and authenticates root by that socket (unix_socket, MariaDB's
default). An application serving pages starts it beside its web server, in its own process
group (`server_command` within a shell line, stopped with it); `running()` starts it for a
moment when nothing serves (an install, a truth read by `siteseer lab truth`), and leaves an
already running one alone.

`parse_batch` reads the client's `--batch --skip-column-names` output (tab-separated, with `\\t`,
`\\n`, `\\\\` and `\\0` escaped, NULL spelt `NULL`): pure, no I/O.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from siteseer.lab.real.errors import AppFailed
from siteseer.lab.real.pyenv import Progress, run_step

__all__ = ["DEBIAN", "MariaDB", "parse_batch"]

DEBIAN = ("mariadb-server", "mariadb-client")
SERVER = "/usr/sbin/mariadbd"
START_S = 60.0
_ESCAPES = {"t": "\t", "n": "\n", "\\": "\\", "0": "\0"}


def parse_batch(text: str) -> list[tuple[str | None, ...]]:
    """The rows of the client's batch output: tab-separated fields, escapes undone, NULL None."""
    rows: list[tuple[str | None, ...]] = []
    for line in text.split("\n"):
        if not line:
            continue
        fields: list[str | None] = []
        for raw in line.split("\t"):
            if raw == "NULL":
                fields.append(None)
                continue
            out, chars = [], iter(raw)
            for char in chars:
                out.append(_ESCAPES.get(next(chars, ""), "") if char == "\\" else char)
            fields.append("".join(out))
        rows.append(tuple(fields))
    return rows


class MariaDB:
    """One private server: its files under `home`; see the module docstring."""

    def __init__(self, home: Path) -> None:
        self.home = home

    @property
    def config(self) -> Path:
        return self.home / "my.cnf"

    @property
    def data(self) -> Path:
        return self.home / "data"

    @property
    def socket(self) -> Path:
        return self.home / "mysqld.sock"

    def initialized(self) -> bool:
        return (self.data / "mysql").is_dir() and self.config.is_file()

    def configure(self) -> None:
        """Write my.cnf: the data directory, socket, pid file and log under `home`, no TCP."""
        self.home.mkdir(parents=True, exist_ok=True)
        user = os.environ.get("USER") or ("root" if os.geteuid() == 0 else "")
        self.config.write_text(
            "[mysqld]\n"
            f"datadir = {self.data}\nsocket = {self.socket}\npid-file = {self.home}/mysqld.pid\n"
            f"log-error = {self.home}/mariadbd.log\n"
            + (f"user = {user}\n" if user else "")
            + "skip-networking\nskip-log-bin\ninnodb_buffer_pool_size = 64M\n"
            "innodb_log_file_size = 16M\ncharacter-set-server = utf8mb4\n"
            f"[client]\nsocket = {self.socket}\n",
            encoding="utf-8",
        )

    def initialize(self, app_id: str, log: Path, progress: Progress) -> None:
        """Configure and create the system tables (`mariadb-install-db`) unless done."""
        if self.initialized():
            return
        self.configure()
        argv = ["mariadb-install-db", f"--defaults-file={self.config}", "--skip-test-db"]
        run_step(app_id, f"creating MariaDB's data directory {self.data}", argv, log, progress)

    def server_command(self) -> list[str]:
        return [SERVER, f"--defaults-file={self.config}"]

    def _client(self, *args: str) -> list[str]:
        return ["mariadb", f"--defaults-file={self.config}", *args]

    def answers(self) -> bool:
        """True when a server answers on the socket."""
        if not self.socket.exists():
            return False
        argv = ["mariadb-admin", f"--defaults-file={self.config}", "--connect-timeout=2", "ping"]
        return subprocess.run(argv, capture_output=True, check=False).returncode == 0

    @contextmanager
    def running(self, app_id: str) -> Iterator[None]:
        """A server answering on the socket for the block: the one running, else one started
        here (its own session) and stopped after."""
        if self.answers():
            yield
            return
        with (self.home / "mariadbd.log").open("a") as out:
            server = subprocess.Popen(
                self.server_command(), stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        try:
            deadline = time.monotonic() + START_S
            while not self.answers():
                if server.poll() is not None or time.monotonic() > deadline:
                    raise AppFailed(app_id, f"MariaDB did not start; see {self.home}/mariadbd.log")
                time.sleep(0.2)
            yield
        finally:
            server.terminate()
            try:
                server.wait(timeout=60)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()

    def execute(self, sql: str, database: str = "") -> str:
        """Run `sql` with the client (as the socket's user) on a running server; its output."""
        argv = self._client(
            "--batch", "--skip-column-names", "-e", sql, *([database] * bool(database))
        )
        done = subprocess.run(argv, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise AppFailed("mariadb", f"{sql[:80]!r}: {done.stderr.strip()}")
        return done.stdout

    def query(self, sql: str, database: str) -> list[tuple[str | None, ...]]:
        """The rows `sql` selects from `database` on a running server."""
        return parse_batch(self.execute(sql, database))
