"""real-devpi: devpi-server with devpi-web (PyPI), a private index of real distributions' metadata.

Install, under the app's home:

1. `venv/`: a virtual environment with `devpi-server` and `devpi-web` (pinned).
2. `report.json`: the metadata of a few hundred real distributions, fetched by pip itself —
   `pip install --dry-run --ignore-installed --report` on a handful of well-known projects
   (ROOTS) resolves their dependency closure and writes every resolved distribution's core
   metadata (name, version, summary, description, classifiers, requirements …; PyPI serves the
   wheels' metadata files, so nothing is installed and no wheel is kept).
3. `server/`: devpi's own state (`devpi-init --no-root-pypi`: no mirror of PyPI, so the server
   never reaches out). The load starts the server on a free loopback port, creates the user
   `lab` and its index `lab/dev`, and registers each distribution's metadata with devpi's
   upload API (`:action=submit`, what `setup.py register` sent): metadata only, no files —
   enough for devpi-web's project pages, release pages and search. It then waits until devpi-web's
   search index has caught up, stops the server, and writes `devpi-export`'s dump (`export/`,
   devpi's own export of its database) for the truth.

Served by `devpi-server --host 127.0.0.1 --port N`: `/` (users and indexes), `/lab/dev` (the
index page: every release, linked to its release page), `/lab/dev/<project>` (the project page:
its versions), `/lab/dev/<project>/<version>` (the release page: metadata and the rendered
description), `/+search?query=…` (devpi-web's search form and paged results).

Truth, from devpi's export: entities `release` (target: every release page) and `project`
(every project page), under devpi's normalized project names (PEP 503, as its own URLs use);
release attributes `project` (normalized, as the site shows it and as the queries name it) and
`version`; one query per project (its releases). The site labels
the project nowhere: a release page shows it in its breadcrumbs (devpi › lab › dev › aiohttp ›
3.14.5) and in its title ("aiohttp-3.14.5"), the index lists "aiohttp-3.14.5" under "Info page";
"project" is only a word of the search help's and the descriptions' running text
(`unlabelled`: scored by its values).
"""

from __future__ import annotations

import asyncio
import base64
import json
import shutil
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from siteseer.lab.real.app import RealApp, type_truth
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.process import AppProcess, free_port
from siteseer.lab.real.pyenv import Progress, PyPackage, PythonEnv, run_step
from siteseer.lab.truth import FacetQuery, SiteTruth

__all__ = [
    "INDEX",
    "ROOTS",
    "DevpiApp",
    "Release",
    "normalize_name",
    "read_releases",
    "submit_form",
]

APP_ID = "real-devpi"
PACKAGES = (PyPackage("devpi-server==6.20.3"), PyPackage("devpi-web==5.1.1"))
ROOTS = (
    "jupyterlab", "sphinx", "scrapy", "flask-appbuilder", "django", "dash", "pandas",
    "scikit-learn", "boto3", "fastapi[all]", "celery[redis]", "black", "mkdocs-material", "tox",
)  # fmt: skip
USER = "lab"
PASSWORD = "lab-local"  # a loopback-only lab server: nothing to protect
INDEX = f"{USER}/dev"
SEED_PROJECT = "requests"
STARTUP = timedelta(minutes=4)
INDEXING = timedelta(minutes=20)  # devpi-web's first start can take a minute on a busy machine
_SUBMIT_FIELDS = {
    "summary": "summary", "description": "description", "keywords": "keywords",
    "license": "license", "author": "author", "author_email": "author_email",
    "maintainer": "maintainer", "maintainer_email": "maintainer_email",
    "home_page": "home_page", "requires_python": "requires_python",
    "description_content_type": "description_content_type", "metadata_version": "metadata_version",
}  # fmt: skip
_SUBMIT_LISTS = {
    "classifier": "classifiers", "project_url": "project_urls", "requires_dist": "requires_dist",
    "provides_extra": "provides_extras", "platform": "platform",
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Release:
    """One release in the index: devpi's normalized project name and the version."""

    project: str
    version: str
    name: str  # the project's name as registered


def normalize_name(name: str) -> str:
    """PEP 503's normalized project name (devpi's `normalize_name`)."""
    out = []
    for ch in name.lower():
        out.append("-" if ch in "-_." else ch)
    text = "".join(out)
    while "--" in text:
        text = text.replace("--", "-")
    return text


def submit_form(metadata: Mapping[str, Any]) -> list[tuple[str, str]]:
    """A distribution's core metadata (pip's JSON form) as devpi's register form."""
    form = [(":action", "submit"), ("name", metadata["name"]), ("version", metadata["version"])]
    for key, field in _SUBMIT_FIELDS.items():
        value = metadata.get(key)
        if isinstance(value, str) and value:
            form.append((field, value))
    for key, field in _SUBMIT_LISTS.items():
        form.extend((field, str(v)) for v in metadata.get(key) or ())
    return form


class _Client:
    """The few devpi HTTP calls the load makes, with the lab user's basic auth."""

    def __init__(self, url: str) -> None:
        self.url = url
        token = base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
        self.auth = {"Authorization": f"Basic {token}"}

    def call(
        self,
        method: str,
        path: str,
        *,
        json_body: Any = None,
        form: Sequence[tuple[str, str]] | None = None,
        auth: bool = True,
    ) -> Any:
        headers = {"Accept": "application/json", **(self.auth if auth else {})}
        body = None
        if json_body is not None:
            body = json.dumps(json_body).encode()
            headers["Content-Type"] = "application/json"
        elif form is not None:
            body = urllib.parse.urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        request = urllib.request.Request(self.url + path, body, headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=120) as reply:
                text = reply.read()
        except urllib.error.HTTPError as e:
            detail = e.read()[:200]
            raise InstallFailed(APP_ID, f"devpi {method} {path}: {e.code} {detail!r}") from e
        return json.loads(text) if text.strip().startswith(b"{") else None

    def index_queue(self) -> int:
        """devpi-web's search indexing queue, from the server's status metrics."""
        status = self.call("GET", "/+status", auth=False) or {}
        for name, _kind, value in status.get("result", {}).get("metrics", []):
            if name == "devpi_web_whoosh_index_queue_size":
                return int(value)
        return 0


def _load(client: _Client, distributions: Sequence[Mapping[str, Any]]) -> None:
    client.call("PUT", f"/{USER}", json_body={"password": PASSWORD, "email": ""}, auth=False)
    client.call("PUT", f"/{INDEX}", json_body={"type": "stage", "bases": [], "volatile": True})
    for metadata in distributions:
        client.call("POST", f"/{INDEX}/", form=submit_form(metadata))
    # devpi-web indexes for search in a background thread: wait until its queue is empty (a
    # server stopped before that indexes the rest at its next start, in the background).
    deadline = time.monotonic() + INDEXING.total_seconds()
    empty = 0
    while empty < 3 and time.monotonic() < deadline:
        time.sleep(2)
        empty = empty + 1 if client.index_queue() == 0 else 0


def read_releases(export: Path) -> list[Release]:
    """Every release of `lab/dev` in devpi's export (`dataindex.json`), by project and version."""
    data = json.loads((export / "dataindex.json").read_text(encoding="utf-8"))
    index = data["indexes"][INDEX]
    releases = []
    for name, versions in index.get("projects", {}).items():
        for version, meta in versions.items():
            releases.append(Release(normalize_name(name), version, meta.get("name", name)))
    return sorted(releases, key=lambda r: (r.project, r.version))


class DevpiApp(RealApp):
    """devpi-server with devpi-web: a private package index of real distributions' metadata."""

    id = APP_ID
    kind = "entity-tree"
    description = "devpi-server + devpi-web (PyPI): an index of ~260 real distributions' metadata"

    @property
    def env(self) -> PythonEnv:
        return PythonEnv(self.dir / "venv", PACKAGES)

    @property
    def export(self) -> Path:
        return self.dir / "export"

    def _bin(self, name: str) -> str:
        return str(self.env.path / "bin" / name)

    def needs(self) -> tuple[str, ...]:
        return (
            f"{self.env.describe()} (venv {self.env.path})",
            f"data: core metadata of the dependency closure of {', '.join(ROOTS)} "
            "(pip's resolution report)",
        )

    def installed(self) -> bool:
        return self.env.ready() and (self.export / "dataindex.json").is_file()

    def _report(self, log: Path, progress: Progress) -> None:
        report, roots_file = self.dir / "report.json", self.dir / "report-roots.json"
        have = report.is_file() and roots_file.is_file()
        if have and json.loads(roots_file.read_text(encoding="utf-8")) == list(ROOTS):
            return
        argv = [
            str(self.env.python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
            "--dry-run", "--ignore-installed", "--report", str(report), *ROOTS,
        ]  # fmt: skip
        what = f"pip's resolution report for {len(ROOTS)} projects (metadata only)"
        run_step(self.id, what, argv, log, progress)
        roots_file.write_text(json.dumps(list(ROOTS)), encoding="utf-8")

    def _install(self, progress: Progress) -> None:
        """Venv, metadata report, server state with the registered releases, export; each
        step only when its result is missing (the load's stamp is the export)."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        self.env.create(self.id, log, progress)
        self._report(log, progress)
        if (self.export / "dataindex.json").is_file():
            return
        for stale in (self.dir / "server", self.export):
            shutil.rmtree(stale, ignore_errors=True)
        secret = self.dir / "secret"
        if not secret.is_file():
            gen = [self._bin("devpi-gen-secret"), "--secretfile", str(secret)]
            run_step(self.id, "devpi-gen-secret", gen, log, progress)
        init = [self._bin("devpi-init"), "--serverdir", str(self.dir / "server"), "--no-root-pypi"]
        run_step(self.id, "devpi-init (no PyPI mirror)", init, log, progress)
        report = json.loads((self.dir / "report.json").read_text(encoding="utf-8"))
        distributions = [item["metadata"] for item in report["install"]]
        progress(f"{self.id}: registering {len(distributions)} releases in {INDEX} …")
        asyncio.run(self._serve_and_load(distributions))
        export = [
            self._bin("devpi-export"),
            "--serverdir",
            str(self.dir / "server"),
            str(self.export),
        ]
        run_step(self.id, "devpi-export (the truth's source)", export, log, progress)

    async def _serve_and_load(self, distributions: Sequence[Mapping[str, Any]]) -> None:
        port = free_port()
        log = self.dir / "logs" / "load-server.log"
        process = AppProcess(self.id, self.command(port), port, log, cwd=self.dir)
        await process.start(ready_timeout=STARTUP)
        try:
            await asyncio.to_thread(_load, _Client(process.url), distributions)
        finally:
            await process.stop(timedelta(seconds=30))

    def command(self, port: int) -> list[str]:
        """devpi-server (with devpi-web) on 127.0.0.1:port over the home's server state."""
        return [
            self._bin("devpi-server"), "--serverdir", str(self.dir / "server"),
            "--secretfile", str(self.dir / "secret"), "--host", "127.0.0.1", "--port", str(port),
        ]  # fmt: skip

    def truth(self, base_url: str) -> SiteTruth:
        """Release pages (target) and project pages of the index; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        releases = read_releases(self.export)
        release_url = {r: f"{b}/{INDEX}/{r.project}/{r.version}" for r in releases}
        projects = sorted({r.project for r in releases})
        project_url = {p: f"{b}/{INDEX}/{p}" for p in projects}
        seed = next((r for r in releases if r.project == SEED_PROJECT), None)
        if seed is None:
            raise ValueError(f"{self.id}: no release of {SEED_PROJECT!r} in the index")
        index_page = f"{b}/{INDEX}"
        by_project: dict[str, list[str]] = {}
        for r in releases:
            by_project.setdefault(r.project, []).append(release_url[r])
        pins = ", ".join(str(p) for p in PACKAGES)
        notes = (
            f"{pins}: index {INDEX} with {len(releases)} releases of {len(projects)} projects, "
            f"metadata registered from pip's resolution report of {', '.join(ROOTS)}. "
            "Entities: release pages (target) and project pages; the index page lists every "
            "release. Not in templates: /+simple/ pages, /+search result pages, /+status."
        )
        return type_truth(
            self,
            b,
            "release",
            release_url.values(),
            (index_page, release_url[seed]),
            others={"project": tuple(project_url.values())},
            attributes={
                release_url[r]: {"project": (r.project,), "version": (r.version,)} for r in releases
            },
            queries=tuple(
                FacetQuery((("project", p),), tuple(by_project[p])) for p in sorted(by_project)
            ),
            facet_values={"project": tuple(projects)},
            unlabelled=("project",),
            templates={b + "/": "home", index_page: "index"}
            | {u: "project" for u in project_url.values()}
            | {u: "release" for u in release_url.values()},
            notes=notes,
        )
