"""real-godoc: Go's documentation server `godoc -http` over the Go 1.19 standard library, as
Debian ships them (`golang-golang-x-tools`, `golang-1.19-src`).

The application is godoc (golang.org/x/tools 0.5.0), the server that golang.org ran before
pkg.go.dev: it reads a GOROOT's sources when asked and renders each page on request (no page
is written ahead). lab/real/debdocs.py unpacks both packages (nothing installed on the host);
the unpacked godoc binary serves the unpacked `/usr/share/go-1.19` as its GOROOT, with the
templates and scripts Debian ships beside it (`-templates`), in GOPATH mode over an empty
GOPATH, without a search index.

Served as godoc serves a GOROOT: `/` redirects to the package index `/pkg/` (the standard
library as one table of every directory, nested ones indented, each package with its synopsis;
then links to other sites), a page per package `/pkg/net/http/` (its overview, an index of
constants, variables, functions and types, each declaration with links to the types it names
in other packages' pages, the package's source files, its subdirectories), a page per pure
directory `/pkg/archive/` (its subdirectories only), the commands `/cmd/`, the source browser
`/src/net/http/` and a page per source file `/src/net/http/server.go`; the style sheet and
scripts under `/lib/godoc/`.

Truth, from the GOROOT's source tree (the rules godoc follows to list a directory, from its
dirtrees.go and its package handler), never from a crawl: the entities are the packages the
package index lists, every directory under `src/` outside `cmd/` holding a Go file that is no
test (`*_test.go`) and no hidden file, directories named `testdata` or starting with `.` or
`_` skipped, those with an `internal` or `vendor` component hidden (160 packages); attribute
`directory` (the enclosing directory, for nested ones); the index is one level, `/pkg/`; the
seed is `net/http`.
"""

from __future__ import annotations

import os
from pathlib import Path

from siteseer.lab.real.app import type_truth
from siteseer.lab.real.debdocs import DebianDocsApp
from siteseer.lab.real.pyenv import Progress
from siteseer.lab.truth import SiteTruth

__all__ = ["SEED", "GodocApp", "read_packages"]

SEED = "net/http"
_SKIPPED = ("testdata",)  # never in godoc's directory tree
_HIDDEN = ("internal", "vendor")  # in the tree, but not listed


def _listed(name: str) -> bool:
    return not name.startswith((".", "_")) and name not in _SKIPPED + _HIDDEN


def _go_source(name: str) -> bool:
    return name.endswith(".go") and not name.endswith("_test.go") and not name.startswith(".")


def read_packages(src: Path) -> tuple[list[str], list[str]]:
    """The import paths of the packages godoc's package index lists for the GOROOT source tree
    `src` (directories holding a Go file that is no test), and of the directories it lists
    that hold no package but packages below them; both in the index's order (by path)."""
    packages: list[str] = []
    folders: list[str] = []

    def walk(folder: Path, path: str) -> bool:  # whether a package is here or below
        below = False
        for child in sorted(c for c in folder.iterdir() if c.is_dir() and _listed(c.name)):
            below = walk(child, f"{path}/{child.name}") or below
        here = any(f.is_file() and _go_source(f.name) for f in folder.iterdir())
        if here:
            packages.append(path)
        elif below:
            folders.append(path)
        return here or below

    for top in sorted(c for c in src.iterdir() if c.is_dir() and _listed(c.name)):
        if top.name != "cmd":
            walk(top, top.name)
    return sorted(packages), sorted(folders)


class GodocApp(DebianDocsApp):
    """godoc -http over the Go 1.19 sources (Debian's golang-golang-x-tools, golang-1.19-src)."""

    id = "real-godoc"
    kind = "entity-tree"
    description = "godoc -http, Go's live documentation server, over the Go 1.19 standard library"
    packages = ("golang-golang-x-tools", "golang-1.19-src")
    folder = "usr/share/go-1.19"  # the GOROOT
    marker = f"src/{SEED}/server.go"
    ready_path = "/pkg/"  # answers 404 until godoc has read the source tree, `/` redirects at once

    @property
    def gopath(self) -> Path:
        return self.dir / "gopath"  # empty: no package but the GOROOT's

    def _install(self, progress: Progress) -> None:
        super()._install(progress)
        self.gopath.mkdir(exist_ok=True)

    def installed(self) -> bool:
        return super().installed() and self.gopath.is_dir()

    def environment(self) -> dict[str, str]:
        return {"GOPATH": str(self.gopath), "GO111MODULE": "off", "GOFLAGS": ""}

    def command(self, port: int) -> list[str]:
        """The unpacked godoc, serving the unpacked GOROOT on 127.0.0.1:port."""
        root = self.dir / "root"
        return [
            str(root / "usr/bin/godoc"), f"-http=127.0.0.1:{port}", f"-goroot={self.served}",
            f"-templates={root / 'usr/share/golang-golang-x-tools/godoc/static'}",
        ]  # fmt: skip

    def truth(self, base_url: str) -> SiteTruth:
        """The standard library's packages, listed by the package index; see the docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        packages, folders = read_packages(self.served / "src")
        if SEED not in packages or len(packages) < 100:
            raise ValueError(f"{self.id}: {self.served / 'src'} lacks {SEED} or its packages")
        urls = {p: f"{b}/pkg/{p}/" for p in packages}
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            urls[p]: {"directory": (os.path.dirname(p),)} if "/" in p else {} for p in packages
        }
        index = f"{b}/pkg/"
        return type_truth(
            self,
            b,
            "package",
            urls.values(),
            (index, urls[SEED]),
            attributes=attributes,
            templates={b + "/": "package index", index: "package index"}
            | {f"{b}/cmd/": "command index"}
            | {f"{b}/pkg/{f}/": "directory" for f in folders}
            | dict.fromkeys(urls.values(), "package"),
            notes=(
                f"{len(urls)} packages and {len(folders)} directories of the standard "
                f"library, from its source tree ({self.packages[1]} "
                f"{self.versions.get(self.packages[1], '?')}). Not listed in templates: the source browser /src/…, commands, "
                "declarations' anchors, the style sheet and scripts."
            ),
        )
