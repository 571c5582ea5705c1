"""Debian packages a real application needs, installed with apt-get when they are missing.

`apt_install` installs them only when the caller's check says they are not there; apt-get
needs root, so anyone else gets the command to run instead (`InstallFailed`). Used by the
applications served from Debian's packages (real-dokuwiki, real-hugo, real-cgit, real-mediawiki,
real-gitweb, real-jekyll, real-fossil, real-wordpress, real-hgweb, real-redmine,
real-loggerhead, real-ikiwiki, real-gitit, real-klaus, real-man2html, real-mhonarc,
real-doxygen, real-kiwix).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.pyenv import Progress, run_step

__all__ = ["apt_install"]


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
    apt = ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get"]
    run_step(app_id, "apt-get update", [*apt, "update"], log, progress)
    install = [*apt, "install", "-y", "--no-install-recommends", *packages]
    run_step(app_id, f"apt-get install {' '.join(packages)}", install, log, progress)
