"""Debian packages a real application needs, installed with apt-get when they are missing.

`apt_install` installs them only when the caller's check says they are not there; apt-get
needs root, so anyone else gets the command to run instead (`InstallFailed`). Used by the
applications served from Debian's packages (real-dokuwiki, real-hugo, real-cgit, real-mediawiki,
real-gitweb, real-jekyll, real-fossil, real-wordpress, real-hgweb, real-redmine,
real-loggerhead, real-ikiwiki, real-gitit, real-klaus, real-man2html, real-mhonarc,
real-doxygen, real-kiwix, real-htags, real-publicinbox). `unpack_debs` fetches packages' files
without installing them (the data of real-man2html and real-sigal); `deb_file` keeps one file of
a package (real-calibreweb's and real-papis' bibliography).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import unquote

from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.pyenv import Progress, run_step

__all__ = ["apt_install", "deb_file", "unpack_debs"]

LOCK_WAIT = 900  # seconds apt-get waits for dpkg's lock held by another apt-get
# apt-get waits for dpkg's lock (DPkg::Lock::Timeout) but fails at once on the lock of its
# package lists that another `apt-get update` holds: installs running side by side (one
# `lab install` per group of applications) take turns through this file's lock instead.
APT_LOCK = Path("/var/lock/siteseer-apt.lock")


def apt_install(
    app_id: str, packages: Sequence[str], present: bool, log: Path, progress: Progress
) -> None:
    """Install `packages` (without recommends) unless `present`; raise `InstallFailed` naming
    the command when not root."""
    if present:
        return
    if os.geteuid() != 0:
        raise InstallFailed(
            app_id,
            f"needs the Debian packages {', '.join(packages)}: run "
            f"`apt-get install -y --no-install-recommends {' '.join(packages)}` as root",
        )
    # Another apt-get (another application's install, in another bench) holds dpkg's lock for
    # a minute or two: wait for it rather than fail.
    apt = ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get"]
    apt += ["-o", f"DPkg::Lock::Timeout={LOCK_WAIT}"]
    install = [*apt, "install", "-y", "--no-install-recommends", *packages]
    with _apt_turn(app_id, APT_LOCK):
        run_step(app_id, "apt-get update", [*apt, "update"], log, progress)
        run_step(app_id, f"apt-get install {' '.join(packages)}", install, log, progress)


@contextmanager
def _apt_turn(app_id: str, lock_file: Path, wait: float = LOCK_WAIT) -> Iterator[None]:
    """Hold `lock_file`'s exclusive lock while apt-get runs: wait up to `wait` seconds for
    another install's turn to end, then raise `InstallFailed`."""
    lock_file.parent.mkdir(parents=True, exist_ok=True)
    with lock_file.open("a") as lock:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise InstallFailed(
                        app_id, f"another install held {lock_file} for {wait:.0f} s"
                    ) from None
                time.sleep(0.5)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def unpack_debs(
    app_id: str, packages: Sequence[str], root: Path, log: Path, progress: Progress
) -> dict[str, str]:
    """`apt-get download` of `packages` (no dependencies, nothing installed), each unpacked by
    `dpkg-deb -x` into `root` (made anew); returns each package's version."""
    debs = root.with_name(root.name + ".debs")
    for folder in (debs, root):
        if folder.exists():
            shutil.rmtree(folder)
    debs.mkdir(parents=True)
    script = f'cd "{debs}" && apt-get download {" ".join(packages)}'
    run_step(app_id, f"apt-get download {' '.join(packages)}", ["sh", "-c", script], log, progress)
    versions = {}
    for deb in sorted(debs.glob("*.deb")):
        run_step(app_id, f"dpkg-deb -x {deb.name}", ["dpkg-deb", "-x", str(deb), str(root)],
                 log, progress)  # fmt: skip
        package, version = unquote(deb.name).split("_")[:2]  # the epoch's colon is %3a
        versions[package] = version
    shutil.rmtree(debs)
    if set(versions) != set(packages):
        raise InstallFailed(app_id, f"apt-get download gave {sorted(versions)}")
    return versions


def deb_file(
    app_id: str, package: str, path: str, into: Path, log: Path, progress: Progress
) -> Path:
    """The file `path` of the Debian `package` copied into the folder `into` (downloaded and
    unpacked beside it, then removed) unless it is there already; returns the copy."""
    copy = into / Path(path).name
    if not copy.exists():
        root = into / "unpacked"
        unpack_debs(app_id, (package,), root, log, progress)
        shutil.copyfile(root / path, copy)
        shutil.rmtree(root)
    return copy
