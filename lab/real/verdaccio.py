"""real-verdaccio: Verdaccio (npm), a private npm registry whose web UI is drawn by script.

Install, under the app's home:

1. `node_modules/`: Verdaccio 6.8.0 as `npm ci` installs it from the lockfile this repository
   ships (lab/real/apps/verdaccio.package.json and verdaccio.package-lock.json, copied in as
   `package.json` and `package-lock.json`; `node-fetch` is held at 2.7.0 by an override, which
   Verdaccio 6.8 needs on Node 20). No install scripts run.
2. `tarballs/`: the data set, every package of that lockfile (Verdaccio's own dependency tree:
   about 310 versions of about 290 packages, some scoped), fetched from the npm registry by
   `npm pack` at install time — the registry's tarballs as published.
3. `storage/`: Verdaccio's own storage, filled by Verdaccio: the load serves it on a free
   loopback port, adds the one user its htpasswd file admits, and publishes each tarball through
   the registry's publish API (`PUT /<name>`, the document `npm publish` sends: the manifest
   from the tarball's package.json, its README, the tarball as an attachment), in ascending
   version order so `latest` is each package's newest; then stops it. The stamp is
   `published.json`.

Served by `verdaccio --config config.yaml --listen 127.0.0.1:N` with no uplinks: it never asks
the npm registry for anything; every package is local. The web UI is a single-page app: `/` is an
empty `<div id="root">` until its script fetches the package list and draws it as a virtualized
list (only the rows in view are in the document; scrolling draws the others), each row linking
to its package's page `/-/web/detail/<name>` (scoped: `/-/web/detail/@scope/name`), which shows
the README and tabs for dependencies, versions and uplinks. The npm API (`/<name>`,
`/-/v1/search`) answers JSON beside it.

Truth, from the storage (each package's `package.json` there, the packument Verdaccio keeps,
and the package list of `.verdaccio-db.json`): the entities are the package pages of every
package in storage; the index is one level, the home page, which lists every package; the seed
is express's page. Attribute `version`: the package's versions in storage.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import re
import shutil
import tarfile
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from siteseer.lab.real.app import APPS_DIR, RealApp, type_truth
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.process import AppProcess, free_port
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = [
    "VERSION",
    "VerdaccioApp",
    "detail_url",
    "lock_specs",
    "publish_document",
    "read_storage",
]

APP_ID = "real-verdaccio"
VERSION = "6.8.0"
USER = "lab"
PASSWORD = "lab-local"  # a loopback-only lab registry: nothing to protect
SEED_PACKAGE = "express"
STARTUP = timedelta(minutes=3)
PACKAGE_JSON = APPS_DIR / "verdaccio.package.json"
PACKAGE_LOCK = APPS_DIR / "verdaccio.package-lock.json"
CONFIG = """# Verdaccio for the lab: local packages only, no uplink (never asks the npm registry).
storage: {storage}
auth:
  htpasswd:
    file: {htpasswd}
    max_users: 1
uplinks: {{}}
packages:
  '@*/*':
    access: $all
    publish: $authenticated
  '**':
    access: $all
    publish: $authenticated
web:
  title: Verdaccio
  gravatar: false
log: {{type: stdout, format: pretty, level: warn}}
"""


@dataclass(frozen=True, slots=True)
class Package:
    """A package in Verdaccio's storage: its name and the versions stored, in storage order."""

    name: str
    versions: tuple[str, ...]


def lock_specs(lock: dict[str, Any]) -> list[str]:
    """Every package of an npm lockfile (v2/v3 `packages`) as `name@version`, sorted, once
    each; the root project (key "") is not one."""
    specs = set()
    for key, entry in lock.get("packages", {}).items():
        if key and "version" in entry:
            name = entry.get("name") or key.rsplit("node_modules/", 1)[1]
            specs.add(f"{name}@{entry['version']}")
    return sorted(specs)


def _version_key(version: str) -> tuple[tuple[int, ...], int, str]:
    """A semver's order for publishing: release numbers, then a release after its
    pre-releases."""
    main, _, pre = version.partition("-")
    numbers = tuple(int(n) if n.isdigit() else 0 for n in main.split("."))
    return numbers, 0 if pre else 1, pre


def detail_url(base_url: str, name: str) -> str:
    """The web UI's page of package `name` (a scoped name keeps its slash)."""
    return f"{base_url}/-/web/detail/{name}"


def _member(tar: tarfile.TarFile, wanted: re.Pattern[str]) -> str | None:
    for info in tar.getmembers():
        if info.isfile() and wanted.fullmatch(info.name):
            handle = tar.extractfile(info)
            if handle is not None:
                return handle.read().decode("utf-8", errors="replace")
    return None


_MANIFEST = re.compile(r"[^/]+/package\.json")
_README = re.compile(r"[^/]+/readme(\.[a-z]+)?", re.I)


def publish_document(tarball: Path, registry: str) -> tuple[str, dict[str, Any]]:
    """The package's name and the document `npm publish` sends for `tarball` to `registry`:
    the manifest (the tarball's package.json) with its README and `dist`, the tarball
    attached."""
    data = tarball.read_bytes()
    with tarfile.open(tarball) as tar:
        text = _member(tar, _MANIFEST)
        readme = _member(tar, _README) or ""
    if text is None:
        raise InstallFailed(APP_ID, f"{tarball.name}: no package.json in the tarball")
    manifest = json.loads(text)
    name, version = manifest["name"], manifest["version"]
    file_name = f"{name.rsplit('/', 1)[-1]}-{version}.tgz"
    integrity = base64.b64encode(hashlib.sha512(data).digest()).decode()
    manifest |= {
        "_id": f"{name}@{version}",
        "readme": readme,
        "dist": {
            "shasum": hashlib.sha1(data).hexdigest(),  # npm's tarball checksum
            "integrity": f"sha512-{integrity}",
            "tarball": f"{registry}/{name}/-/{file_name}",
        },
    }
    document = {
        "_id": name,
        "name": name,
        "description": manifest.get("description", ""),
        "dist-tags": {"latest": version},
        "versions": {version: manifest},
        "readme": readme,
        "_attachments": {
            file_name: {
                "content_type": "application/octet-stream",
                "data": base64.b64encode(data).decode(),
                "length": len(data),
            }
        },
    }
    return name, document


def read_storage(storage: Path) -> list[Package]:
    """The packages in Verdaccio's storage: those its database (`.verdaccio-db.json`) lists
    that have a packument (`<name>/package.json`), by name."""
    listed = json.loads((storage / ".verdaccio-db.json").read_text(encoding="utf-8"))["list"]
    packages = []
    for name in sorted(set(listed)):
        packument = storage / name / "package.json"
        if packument.is_file():
            versions = json.loads(packument.read_text(encoding="utf-8")).get("versions", {})
            packages.append(Package(name, tuple(versions)))
    return packages


def _call(url: str, method: str, body: Any, token: str = "") -> Any:
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=120) as reply:
            return json.loads(reply.read() or b"{}")
    except urllib.error.HTTPError as e:
        detail = e.read()[:200]
        raise InstallFailed(APP_ID, f"verdaccio {method} {url}: {e.code} {detail!r}") from e


def _publish(registry: str, tarballs: Sequence[Path], token_file: Path) -> list[str]:
    """Publish every tarball whose version is not in storage yet; the specs published."""
    if token_file.is_file():
        token = token_file.read_text(encoding="utf-8").strip()
    else:
        user = {"name": USER, "password": PASSWORD}
        token = _call(f"{registry}/-/user/org.couchdb.user:{USER}", "PUT", user)["token"]
        token_file.write_text(token, encoding="utf-8")
    documents = [publish_document(t, registry) for t in tarballs]
    documents.sort(key=lambda d: (d[0], _version_key(next(iter(d[1]["versions"])))))
    published = []
    for name, document in documents:
        version = next(iter(document["versions"]))
        try:
            with urllib.request.urlopen(f"{registry}/{name.replace('/', '%2f')}", timeout=60) as r:
                if version in json.loads(r.read()).get("versions", {}):
                    published.append(f"{name}@{version}")
                    continue
        except urllib.error.HTTPError as e:
            if e.code != 404:
                raise InstallFailed(APP_ID, f"verdaccio GET /{name}: {e.code}") from e
        _call(f"{registry}/{name.replace('/', '%2f')}", "PUT", document, token)
        published.append(f"{name}@{version}")
    return published


class VerdaccioApp(RealApp):
    """Verdaccio with no uplink, its storage filled with its own dependency tree's packages."""

    id = APP_ID
    kind = "entity-tree"
    description = "Verdaccio (npm) registry, script-drawn UI, holding its own ~290 dependencies"

    @property
    def storage(self) -> Path:
        return self.dir / "storage"

    @property
    def stamp(self) -> Path:
        return self.dir / "published.json"

    def _bin(self) -> Path:
        return self.dir / "node_modules" / ".bin" / "verdaccio"

    def _installed_version(self) -> str | None:
        package = self.dir / "node_modules" / "verdaccio" / "package.json"
        if not package.is_file():
            return None
        version = json.loads(package.read_text(encoding="utf-8")).get("version")
        return version if isinstance(version, str) else None

    def needs(self) -> tuple[str, ...]:
        return (
            f"npm verdaccio@{VERSION} (node_modules in {self.dir}, from the shipped lockfile)",
            "data: the packages of Verdaccio's own lockfile, their tarballs from `npm pack`",
        )

    def installed(self) -> bool:
        return (
            self._installed_version() == VERSION
            and self.stamp.is_file()
            and (self.dir / "config.yaml").is_file()
        )

    def _install(self, progress: Progress) -> None:
        """npm ci, the tarballs, the config, the published storage; each only when missing."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        if self._installed_version() != VERSION:
            shutil.copyfile(PACKAGE_JSON, self.dir / "package.json")
            shutil.copyfile(PACKAGE_LOCK, self.dir / "package-lock.json")
            npm = ["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts"]
            run_step(
                self.id, f"npm ci verdaccio@{VERSION}", [*npm, "--prefix", str(self.dir)], log,
                progress,
            )  # fmt: skip
        config = CONFIG.format(storage=self.storage, htpasswd=self.dir / "htpasswd")
        (self.dir / "config.yaml").write_text(config, encoding="utf-8")
        if self.stamp.is_file():
            return
        specs = lock_specs(json.loads(PACKAGE_LOCK.read_text(encoding="utf-8")))
        tarballs = self.dir / "tarballs"
        packed = tarballs / "packed.json"
        if not packed.is_file():
            shutil.rmtree(tarballs, ignore_errors=True)
            tarballs.mkdir()
            pack = ["npm", "pack", "--pack-destination", str(tarballs), *specs]
            what = f"npm pack: {len(specs)} packages of Verdaccio's lockfile"
            run_step(self.id, what, pack, log, progress)
            files = sorted(p.name for p in tarballs.glob("*.tgz"))
            packed.write_text(json.dumps(files), encoding="utf-8")
        files = json.loads(packed.read_text(encoding="utf-8"))
        progress(f"{self.id}: publishing {len(files)} tarballs into Verdaccio's storage …")
        published = asyncio.run(self._serve_and_publish([tarballs / f for f in files]))
        self.stamp.write_text(json.dumps(published, indent=1), encoding="utf-8")

    async def _serve_and_publish(self, tarballs: Sequence[Path]) -> list[str]:
        port = free_port()
        log = self.dir / "logs" / "load-server.log"
        process = AppProcess(self.id, self.command(port), port, log, cwd=self.dir)
        await process.start(ready_timeout=STARTUP)
        try:
            token_file = self.dir / "token"
            return await asyncio.to_thread(_publish, process.url, tarballs, token_file)
        finally:
            await process.stop(timedelta(seconds=30))

    def command(self, port: int) -> list[str]:
        """Verdaccio on 127.0.0.1:port with the home's config (no uplinks)."""
        return [
            str(self._bin()), "--config", str(self.dir / "config.yaml"),
            "--listen", f"127.0.0.1:{port}",
        ]  # fmt: skip

    def truth(self, base_url: str) -> SiteTruth:
        """Every package page in storage; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        packages = read_storage(self.storage)
        urls = {p.name: detail_url(b, p.name) for p in packages}
        if SEED_PACKAGE not in urls:
            raise ValueError(f"{self.id}: no package {SEED_PACKAGE!r} in {self.storage}")
        home = b + "/"
        versions = sum(len(p.versions) for p in packages)
        return type_truth(
            self,
            b,
            "package",
            urls.values(),
            (home, urls[SEED_PACKAGE]),
            attributes={urls[p.name]: {"version": p.versions} for p in packages},
            templates={home: "list"} | dict.fromkeys(urls.values(), "package"),
            notes=(
                f"Verdaccio {VERSION}, no uplink: {len(packages)} packages ({versions} "
                "versions) of its own lockfile in storage. The home page draws every package "
                "in a virtualized list (rows are drawn as they scroll into view), each linking "
                "its page /-/web/detail/<name>. Not in templates: version pages "
                "(/-/web/detail/<name>/v/<version>), the npm API (/<name>, /-/v1/search), "
                "tarballs, /-/static/."
            ),
        )
