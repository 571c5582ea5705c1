"""real-jsdoc: JSDoc 4 (npm `jsdoc`), the JavaScript API documentation generator, over the
sources of Fabric.js 5.3 (npm `fabric`, a canvas library documented with JSDoc comments), with
JSDoc's default template.

The application is JSDoc's own output: `jsdoc` run once at install over the `src/` folder the
`fabric` package ships (recursively; but `util/animate.js`, whose empty `@example` stops the
default template) and its README, into `output/`, served as files by Python's static server.
Its pages are JSDoc's: the home page `/index.html` (the README), a page per class
(`/fabric.Rect.html`: its constructor, "Extends", members and methods, each an anchor of the
page) and per namespace (`/fabric.Image.filters.html`: the classes and functions it holds),
`/global.html`, and a page per source file (`/shapes_rect.class.js.html`, the code with line
anchors). Every page has the same sidebar listing the namespaces, then the classes. No
robots.txt; no search. One size: the library is whole (48 public classes under 3 namespaces).

Truth, from JSDoc's own data (`doclets.json`, its `-X` dump of the same sources, written at
install; never from the pages): the entities are the classes the default template writes a
page for (documented, not private), at the file name its `getUniqueFilename` gives their
longname; attributes their name, namespace (their `memberof`: the facet, a query per value;
the namespace's page lists its classes), the classes they extend (`augments`) and their source
file (as the page writes it, relative to `src/`); the index is one level, the home page, whose
sidebar lists every class; the seed is `fabric.Rect`.
"""

from __future__ import annotations

import json
import re
import shutil
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from siteseer.lab.real.app import RealApp, facet_queries, facet_values, static_server, type_truth
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.npm import npm_install
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["FABRIC", "JSDOC", "JsdocApp", "class_pages", "page_name"]

JSDOC = "4.0.5"
FABRIC = "5.3.0"
EXCLUDED = r"util/animate\.js$"  # its typedef's empty @example stops the default template
SEED = "fabric.Rect"
FACETS = ("namespace",)
# JSDoc's namespaces of longnames (its tag dictionary's `isNamespace` tags)
_NAMESPACES = ("event", "external", "module")


def page_name(longname: str) -> str:
    """The file JSDoc's default template writes for a doclet's `longname` (templateHelper's
    `getUniqueFilename`, less its de-duplication, which `class_pages` checks is not needed)."""
    name = re.sub(rf"^({'|'.join(_NAMESPACES)}):", r"\1-", longname)
    name = re.sub(r"[\\/?*:|'\"<>]", "_", name).replace("~", "-").replace("#", "_")
    name = re.sub(r"\([\s\S]*\)$", "", name)
    name = re.sub(r"^[.-]", "", name) or "_"
    return ("-" + name if name.startswith("_") else name) + ".html"


def _published(doclet: Mapping[str, Any]) -> bool:
    """Whether the default template keeps a doclet (templateHelper's `prune`, no options)."""
    return not (
        doclet.get("undocumented")
        or doclet.get("ignore")
        or doclet.get("memberof") == "<anonymous>"
        or doclet.get("access") == "private"
    )


def class_pages(
    doclets: Sequence[Mapping[str, Any]], src: str
) -> dict[str, dict[str, tuple[str, ...]]]:
    """Each published class's page (its file name) → its attributes, in longname order (the
    sidebar's); `src` the sources' folder as JSDoc saw it (source files are shown relative
    to it). `ValueError` when two classes would share a page."""
    classes = sorted(
        (d for d in doclets if d.get("kind") == "class" and _published(d)),
        key=lambda d: str(d["longname"]),
    )
    pages: dict[str, dict[str, tuple[str, ...]]] = {}
    for doclet in classes:
        name = page_name(str(doclet["longname"]))
        if name.lower() in (p.lower() for p in pages):
            raise ValueError(f"two classes would be written to {name}")
        meta = doclet["meta"]
        folder = Path(str(meta["path"])).relative_to(src).as_posix()
        source = f"{folder}/{meta['filename']}".removeprefix("./")
        parents = tuple(str(p) for p in doclet.get("augments", ()))
        pages[name] = {
            "name": (str(doclet["name"]),),
            "namespace": (str(doclet["memberof"]),),
            "source": (source,),
        } | ({"extends": parents} if parents else {})
    return pages


class JsdocApp(RealApp):
    """JSDoc's default template over Fabric.js's sources, generated once, served as files."""

    id = "real-jsdoc"
    kind = "entity-tree"
    description = "JSDoc (npm) API reference of Fabric.js's sources, default template"

    @property
    def _npm(self) -> Path:
        return self.dir / "npm"

    @property
    def _src(self) -> Path:
        return self._npm / "node_modules" / "fabric" / "src"

    @property
    def output(self) -> Path:
        return self.dir / "output"

    @property
    def doclets(self) -> Path:
        return self.dir / "doclets.json"

    @property
    def stamp(self) -> Path:
        return self.dir / "built.json"

    def needs(self) -> tuple[str, ...]:
        return (f"npm jsdoc@{JSDOC} and fabric@{FABRIC} (in {self._npm})",)

    def installed(self) -> bool:
        return self.stamp.is_file() and shutil.which("node") is not None

    def _install(self, progress: Progress) -> None:
        """The two npm packages, JSDoc's dump of the doclets, then its pages (their stamp)."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        jsdoc = self._npm / "node_modules" / ".bin" / "jsdoc"
        if not jsdoc.is_file() or not self._src.is_dir():
            packages = (f"jsdoc@{JSDOC}", f"fabric@{FABRIC}")
            npm_install(self.id, self._npm, packages, log, progress)
        config = self.dir / "jsdoc.json"
        config.write_text(
            json.dumps({"source": {"excludePattern": EXCLUDED}, "opts": {"recurse": True}}),
            encoding="utf-8",
        )
        started = time.perf_counter()
        inputs = [str(jsdoc), "-c", str(config), str(self._src)]
        # JSDoc exits 1 once it logged an error: Fabric's sources hold a few type expressions
        # its parser refuses (those tags are dropped), so only the files it writes tell
        dump = "jsdoc -X (its doclets)"
        run_step(
            self.id, dump, [*inputs, "-X"], log, progress, stdout=self.doclets, succeeds=(0, 1)
        )
        if self.output.exists():
            shutil.rmtree(self.output)
        readme = str(self._src.parent / "README.md")
        argv = [*inputs, readme, "-d", str(self.output)]
        run_step(self.id, "jsdoc (its pages)", argv, log, progress, succeeds=(0, 1))
        try:
            doclets = json.loads(self.doclets.read_text(encoding="utf-8"))
            pages = class_pages(doclets, str(self._src))
        except ValueError as e:
            raise InstallFailed(self.id, f"JSDoc's doclets: {e}") from e
        missing = [p for p in (*pages, "index.html") if not (self.output / p).is_file()]
        if missing or SEED + ".html" not in pages:
            raise InstallFailed(self.id, f"JSDoc wrote no {missing[:1]} (of {len(pages)})")
        seconds = round(time.perf_counter() - started, 2)
        stamp = {"classes": len(pages), "build_seconds": seconds}
        self.stamp.write_text(json.dumps(stamp), encoding="utf-8")

    def command(self, port: int) -> list[str]:
        """Python's static file server over JSDoc's pages on 127.0.0.1:port."""
        return static_server(self.output, port)

    def truth(self, base_url: str) -> SiteTruth:
        """The classes' pages, namespace the facet; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        doclets = json.loads(self.doclets.read_text(encoding="utf-8"))
        pages = class_pages(doclets, str(self._src))
        seed = SEED + ".html"
        ordered = [seed, *(p for p in pages if p != seed)]
        urls = [f"{b}/{p}" for p in ordered]
        attributes = {f"{b}/{p}": pages[p] for p in ordered}
        values = facet_values(attributes, FACETS)
        namespaces = [
            f"{b}/{page_name(str(d['longname']))}"
            for d in doclets
            if d.get("kind") == "namespace" and _published(d)
        ]
        files = {(d["meta"]["path"], d["meta"]["filename"]) for d in doclets if "meta" in d}
        home = b + "/"
        return type_truth(
            self,
            b,
            "class",
            urls,
            (home, urls[0]),
            attributes=attributes,
            queries=facet_queries(attributes, values),
            facet_values=values,
            templates={home: "home", f"{b}/index.html": "home", f"{b}/global.html": "global"}
            | dict.fromkeys(namespaces, "namespace")
            | dict.fromkeys(urls, "class"),
            notes=(
                f"{len(urls)} classes of Fabric.js {FABRIC} as JSDoc {JSDOC} documents them "
                f"(its -X dump of the doclets; {len(files)} source files). Every page's "
                "sidebar lists the namespaces and the classes. Not listed in templates: the "
                "source files' pages (<folder>_<file>.js.html), the template's scripts, styles "
                "and fonts."
            ),
        )
