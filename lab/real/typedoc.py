"""real-typedoc: TypeDoc (npm `typedoc`), the documentation generator of TypeScript, over the
declarations of the npm package `yaml` (a YAML parser written in TypeScript): a page per
exported class, interface, function, type alias and variable, a page per namespace.

Install: `typedoc`, `typescript` and `yaml` from npm, pinned (`PACKAGES`), into
`.lab-real/real-typedoc/npm/` (no scripts run); TypeDoc documents the package's entry point as
npm ships it (`dist/index.d.ts`, its `types`) once, with its default theme and no readme page
(`--readme none`: the home page lists the exports), writing the HTML into `site/` and its own
JSON model of the same declarations (`--json`) beside it; Python's static server serves `site/`
on 127.0.0.1. URLs are TypeDoc's own (a folder per kind): `/` (`index.html`: every export
grouped by kind, each a link with its summary), `/classes/Document.html` (a class: its
constructor, properties, accessors and methods as sections of its page), `/interfaces/…`,
`/functions/parse.html`, `/types/…`, `/variables/isMap.html`, a namespace
`/modules/CST.html` listing its members, whose pages carry its name (`/interfaces/CST.Document.html`,
`/modules/CST.visit.html` a namespace in it), `/hierarchy.html` (the class hierarchy), the
theme's `/assets/` (the sidebar and search built by script from `assets/navigation.js` and
`assets/search.js`).

Truth, from TypeDoc's JSON model (`api.json`, never the HTML): the entities are the pages of
the exported declarations but namespaces (every child of the project and of its namespaces of a
kind in `KIND_FOLDERS`; the page named as TypeDoc names it: its kind's folder, its namespaces
and its name joined by dots); attribute `kind` (TypeDoc's kind, "class", "interface", …); the
index levels are `/`, then every namespace's page (`/modules/CST.visit.html` is reached through
`/modules/CST.html`); the seed is the class `Document`, linked from `/`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from siteseer.lab.real.app import RealApp, static_server, type_truth
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.npm import npm_install
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["KIND_FOLDERS", "PACKAGES", "Declaration", "TypedocApp", "read_declarations"]

DOCUMENTED = "yaml"
PACKAGES = ("typedoc@0.28.20", "typescript@5.9.3", f"{DOCUMENTED}@2.9.1")
ENTRY = "dist/index.d.ts"  # the package's `types`, as npm ships it
NAMESPACE = 4
# TypeDoc's kinds (its ReflectionKind) that have a page → (the page's folder, the kind's name)
KIND_FOLDERS: dict[int, tuple[str, str]] = {
    NAMESPACE: ("modules", "namespace"),
    8: ("enums", "enum"),
    32: ("variables", "variable"),
    64: ("functions", "function"),
    128: ("classes", "class"),
    256: ("interfaces", "interface"),
    2097152: ("types", "type alias"),
}
SEED = "classes/Document.html"
TSCONFIG = {
    "compilerOptions": {
        "module": "nodenext",
        "moduleResolution": "nodenext",
        "target": "es2022",
        "skipLibCheck": True,
        "types": [],
    }
}


@dataclass(frozen=True)
class Declaration:
    """An exported declaration with a page: its page (relative), kind and namespace's page."""

    page: str
    kind: str
    namespace: str  # its namespace's page, "" at the top


def read_declarations(model: Mapping[str, Any]) -> list[Declaration]:
    """Every declaration of TypeDoc's JSON `model` that has a page, in the model's order
    (each namespace before its members)."""
    found: list[Declaration] = []

    def walk(parent: Mapping[str, Any], prefix: str, namespace: str) -> None:
        for child in parent.get("children", []):
            if child["kind"] not in KIND_FOLDERS:
                continue  # a re-export, a member documented on its owner's page
            folder, kind = KIND_FOLDERS[child["kind"]]
            name = prefix + child["name"]
            page = f"{folder}/{name}.html"
            found.append(Declaration(page, kind, namespace))
            if child["kind"] == NAMESPACE:
                walk(child, name + ".", page)

    walk(model, "", "")
    return found


class TypedocApp(RealApp):
    """TypeDoc's HTML documentation of the npm package `yaml`, built once, served as files."""

    id = "real-typedoc"
    kind = "entity-tree"
    description = "TypeDoc (npm) API documentation of the TypeScript package yaml"

    @property
    def npm(self) -> Path:
        return self.dir / "npm"

    @property
    def site(self) -> Path:
        return self.dir / "site"  # the same at every size

    @property
    def model(self) -> Path:
        return self.dir / "api.json"

    @property
    def stamp(self) -> Path:
        return self.dir / "built.json"

    def needs(self) -> tuple[str, ...]:
        return (f"npm {', '.join(PACKAGES)} (in {self.npm}); node and npm on PATH",)

    def installed(self) -> bool:
        if not self.stamp.is_file():
            return False
        return json.loads(self.stamp.read_text(encoding="utf-8")).get("packages") == list(PACKAGES)

    def _install(self, progress: Progress) -> None:
        """The packages, then the documentation and its JSON model built once (the stamp)."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        npm_install(self.id, self.npm, PACKAGES, log, progress)
        entry = self.npm / "node_modules" / DOCUMENTED / ENTRY
        if not entry.is_file():
            raise InstallFailed(self.id, f"npm installed no {entry}")
        tsconfig = self.dir / "tsconfig.json"
        tsconfig.write_text(json.dumps(TSCONFIG | {"files": [str(entry)]}), encoding="utf-8")
        started = time.perf_counter()
        build = [
            "node", str(self.npm / "node_modules" / "typedoc" / "bin" / "typedoc"),
            "--entryPoints", str(entry), "--tsconfig", str(tsconfig), "--name", DOCUMENTED,
            "--readme", "none", "--out", str(self.site), "--json", str(self.model),
            "--logLevel", "Error",
        ]  # fmt: skip
        run_step(self.id, f"TypeDoc over {DOCUMENTED}'s declarations", build, log, progress)
        declarations = read_declarations(json.loads(self.model.read_text(encoding="utf-8")))
        pages = {d.page for d in declarations}
        written = {
            p.relative_to(self.site).as_posix()
            for folder, _ in KIND_FOLDERS.values()
            for p in (self.site / folder).glob("*.html")
        }
        if pages != written or len(pages) != len(declarations):
            odd = sorted(pages ^ written) or ["two declarations named alike"]
            raise InstallFailed(self.id, f"TypeDoc's pages are not its model's: {odd[:3]}")
        seconds = round(time.perf_counter() - started, 2)
        stamp = {"packages": list(PACKAGES), "pages": len(pages), "build_seconds": seconds}
        self.stamp.write_text(json.dumps(stamp), encoding="utf-8")

    def command(self, port: int) -> list[str]:
        """Python's static file server over TypeDoc's HTML on 127.0.0.1:port."""
        return static_server(self.site, port)

    def truth(self, base_url: str) -> SiteTruth:
        """The declarations' pages, from TypeDoc's JSON model; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        declarations = read_declarations(json.loads(self.model.read_text(encoding="utf-8")))
        namespaces = [f"{b}/{quote(d.page)}" for d in declarations if d.kind == "namespace"]
        symbols = [d for d in declarations if d.kind != "namespace"]
        seed = next(d for d in symbols if d.page == SEED)
        ordered = [seed, *(d for d in symbols if d is not seed)]
        urls = [f"{b}/{quote(d.page)}" for d in ordered]
        root = b + "/"
        return type_truth(
            self,
            b,
            "declaration",
            urls,
            (root, urls[0]),
            levels=((root,), tuple(namespaces)),
            attributes={u: {"kind": (d.kind,)} for u, d in zip(urls, ordered, strict=True)},
            templates={root: "index", f"{b}/hierarchy.html": "hierarchy"}
            | dict.fromkeys(namespaces, "namespace")
            | {u: d.kind for u, d in zip(urls, ordered, strict=True)},
            notes=(
                f"{len(urls)} declarations of {DOCUMENTED}'s API and {len(namespaces)} "
                "namespaces, from TypeDoc's JSON model. Not listed in templates: the theme's "
                "assets, the home page as /index.html."
            ),
        )
