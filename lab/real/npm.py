"""Node applications built once from a lockfile shipped in lab/real/apps/ (real-hexo,
real-vitepress, real-eleventy, real-docusaurus), and npm packages installed by name
(real-docsify, real-reactadmin, real-swaggerui).

`npm_ci` makes a fresh project folder from the application's package.json and lockfile and
fills it with `npm ci`; `built_from` says whether a build's stamp records the inputs a build
would be made from now (so an edited lockfile or template rebuilds the site); `npm_install`
installs pinned packages into a folder's `node_modules/` (no scripts run); `npm_ci_need` says
what `npm_ci` installs.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path

from siteseer.lab.real.app import APPS_DIR
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.pyenv import Progress, run_step

__all__ = ["built_from", "npm_ci", "npm_ci_need", "npm_install"]


def npm_ci(
    app_id: str,
    project: Path,
    lock_files: Mapping[str, str],
    what: str,
    log: Path,
    progress: Progress,
    *,
    node: int = 18,
) -> None:
    """A fresh `project` holding `lock_files` (name in the project -> file in lab/real/apps/),
    filled by `npm ci` (no scripts run); `InstallFailed` when node or npm is not on PATH."""
    if shutil.which("npm") is None or shutil.which("node") is None:
        raise InstallFailed(app_id, f"needs node and npm (Node.js {node} or later) on PATH")
    if project.exists():
        shutil.rmtree(project)
    project.mkdir(parents=True)
    for name, source in lock_files.items():
        shutil.copyfile(APPS_DIR / source, project / name)
    npm = ["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts", "--prefix", str(project)]
    run_step(app_id, f"npm ci ({what})", npm, log, progress)


def npm_ci_need(lock_files: Mapping[str, str], project: Path) -> str:
    """What `npm_ci` of `lock_files` into `project` installs, for `RealApp.needs`: node, npm and
    the package.json's pinned dependencies."""
    package = json.loads((APPS_DIR / lock_files["package.json"]).read_text(encoding="utf-8"))
    pins = ", ".join(f"{k}@{v}" for k, v in package["dependencies"].items())
    lock = lock_files["package-lock.json"]
    return f"node and npm; npm {pins} (npm ci from lab/real/apps/{lock}, in {project})"


def npm_install(
    app_id: str, prefix: Path, packages: Sequence[str], log: Path, progress: Progress
) -> None:
    """`npm install` of `packages` (pinned specs, `name@version`) into `prefix`'s
    `node_modules/`, no scripts run."""
    npm = ["npm", "install", "--no-audit", "--no-fund", "--ignore-scripts", "--prefix"]
    what = "npm install " + " ".join(packages)
    run_step(app_id, what, [*npm, str(prefix), *packages], log, progress)


def built_from(stamp: Path, made_from: Mapping[str, object]) -> bool:
    """Whether node is on PATH and `stamp` (a build's JSON record, its inputs under "from")
    records `made_from`, compared as JSON reads it back."""
    if shutil.which("node") is None or not stamp.is_file():
        return False
    built = json.loads(stamp.read_text(encoding="utf-8"))
    return bool(built.get("from") == json.loads(json.dumps(made_from)))
