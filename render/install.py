"""Find, or install, the Chromium siteseer renders with.

    python -m siteseer.render.install [--write FILE] [--headed]

Resolves a browser the way `render.config.load_render_config` does (headless shell first). When
none is found it tries, in order, ``python -m playwright install chromium`` (needs a network) and,
on Debian as root, ``apt-get install chromium-headless-shell chromium``. It prints the browser it
chose, writes its path to FILE when asked, and exits 1 with one sentence when nothing works.
Quick and idempotent when a browser is already there.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from siteseer.render.config import INSTALL_HINT, load_render_config
from siteseer.render.errors import BrowserNotFound

__all__ = ["ensure_browser", "main"]

_APT_PACKAGES = ("chromium-headless-shell", "chromium")


def _run(command: Sequence[str]) -> bool:
    print(f"render.install: running {' '.join(command)}", file=sys.stderr)
    try:
        done = subprocess.run(command, check=False)
    except OSError as e:
        print(f"render.install: could not run {command[0]}: {e}", file=sys.stderr)
        return False
    if done.returncode != 0:
        print(f"render.install: {command[0]} exited with {done.returncode}", file=sys.stderr)
    return done.returncode == 0


def _install_with_playwright() -> bool:
    return _run([sys.executable, "-m", "playwright", "install", "chromium"])


def _install_with_apt() -> bool:
    geteuid = getattr(os, "geteuid", None)
    if not Path("/etc/debian_version").exists() or geteuid is None or geteuid() != 0:
        return False
    return _run(["apt-get", "update"]) and _run(["apt-get", "install", "-y", *_APT_PACKAGES])


def ensure_browser(*, headless: bool = True) -> str:
    """The path of a usable browser, installing one if needed; raises BrowserNotFound."""
    attempts = (None, _install_with_playwright, _install_with_apt)
    for install in attempts:
        if install is not None and not install():
            continue
        try:
            config = load_render_config(headless=headless)
        except BrowserNotFound as e:
            if not str(e).startswith("no Chromium found"):
                raise  # a configured browser that does not exist: installing will not help
            continue
        print(f"render.install: using {config.browser_description}")
        return config.executable_path
    raise BrowserNotFound(f"no Chromium found and none could be installed: {INSTALL_HINT}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m siteseer.render.install",
        description="Find or install the Chromium siteseer renders with (headless shell first).",
    )
    parser.add_argument("--write", type=Path, help="write the chosen browser's path to this file")
    parser.add_argument(
        "--headed", action="store_true", help="need a full Chromium (headed runs), not a shell"
    )
    args = parser.parse_args(argv)
    try:
        path = ensure_browser(headless=not args.headed)
    except BrowserNotFound as e:
        print(f"render.install: {e}", file=sys.stderr)
        return 1
    if args.write is not None:
        args.write.parent.mkdir(parents=True, exist_ok=True)
        args.write.write_text(path + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
