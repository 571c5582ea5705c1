"""real-ldoc: Penlight's API reference by LDoc, Lua's documentation generator, as files.

The application is the HTML that LDoc 1.4.6 (Debian's `lua-ldoc`, installed with apt-get; its
default template and style sheet) writes from the doc comments of a Lua library's sources:
Penlight 1.13 (Debian's `lua-penlight`, unpacked by lab/real/debdocs.py: the modules `pl.*` as
they are installed for Lua 5.1), built once into `html/` (`ldoc --project Penlight`, plain
text comments: Penlight's own topics and markdown formatter are not in the package) and served
by Python's static file server. The documentation is the same at every size.

Served as LDoc writes it: the index `/index.html` (a sidebar of the Modules and the Classes; a
table of each with its summary), a page per module `/modules/pl.stringx.html` ("Module
`pl.stringx`": its description, a Contents sidebar of its sections, the Modules and Classes
lists again, a summary table of its functions, then each function's parameters, returns and
usage; links to other modules' functions) and per class `/classes/pl.List.html` ("Class
`pl.List`", alike), a style sheet. No robots.txt (404).

Truth, from the Lua sources (`*.lua` of `pl/`), never from a crawl, by LDoc's own naming: a
file's module is named by the `@module` (or `@classmod`, or LuaDoc's `@class module` with
`@name`) tag of its first doc comment (the comment lines from the first that starts with `---`,
to the first line that is not a comment), else by the file's path in the folder (`init`
dropped); a `@classmod` is a class (`classes/`), any other a module (`modules/`). The entities
are the modules (33), in file order as the index lists them; the classes (6) are listed apart,
below them. The index is one level, `/index.html`; the seed is `modules/pl.stringx.html`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from siteseer.lab.real.app import type_truth
from siteseer.lab.real.debdocs import GeneratedDocsApp
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["SEED", "LdocApp", "LuaModule", "read_module"]

SEED = "pl.stringx"
_TAG = re.compile(r"@(module|classmod|name|class)[ \t]+([\w.]+)")


@dataclass(frozen=True)
class LuaModule:
    """A source file's module as LDoc names it, and whether it is a class (`@classmod`)."""

    name: str
    is_class: bool


def read_module(source: str, path: str) -> LuaModule:
    """The module of the Lua file `source` (its path `path` in the folder LDoc reads, with
    `/`), named by the tags of its first doc comment, else by `path` (see the docstring)."""
    comment: list[str] = []
    for line in source.splitlines():
        if comment and not line.lstrip().startswith("--"):
            break
        if comment or line.startswith("---"):
            comment.append(line)
    tags = dict((kind, value) for kind, value in _TAG.findall("\n".join(comment))[::-1])
    if "classmod" in tags:
        return LuaModule(tags["classmod"], True)
    if "module" in tags:
        return LuaModule(tags["module"], False)
    if tags.get("class") == "module" and "name" in tags:
        return LuaModule(tags["name"], False)
    name = path.removesuffix(".lua").replace("/", ".")
    return LuaModule(name.removesuffix(".init") if name != "init" else name, False)


class LdocApp(GeneratedDocsApp):
    """Penlight 1.13's reference (Debian's lua-penlight) built by LDoc, served as files."""

    id = "real-ldoc"
    kind = "entity-tree"
    description = "LDoc: Penlight's Lua API reference (Debian's lua-penlight, lua-ldoc)"
    packages = ("lua-penlight",)
    folder = "usr/share/lua/5.1/pl"
    marker = "index.html"
    tools = ("lua-ldoc",)  # Debian: ldoc, on Lua with Penlight and LuaFileSystem

    @property
    def sources(self) -> Path:
        return self.dir / "root" / self.folder

    def build(self, into: Path, log: Path, progress: Progress) -> None:
        """LDoc's HTML of the unpacked modules, into `into`."""
        apt_install(self.id, self.tools, Path("/usr/bin/ldoc").is_file(), log, progress)
        argv = ["ldoc", "--project", "Penlight", "--title", "Penlight Reference", "--testing",
                "--dir", str(into), str(self.sources)]  # fmt: skip
        run_step(self.id, "ldoc", argv, log, progress)

    def modules(self) -> list[LuaModule]:
        """Every source file's module, in file order (LDoc's order)."""
        files = sorted(self.sources.rglob("*.lua"), key=lambda p: p.relative_to(self.sources))
        return [
            read_module(p.read_text(encoding="utf-8"), p.relative_to(self.sources).as_posix())
            for p in files
        ]

    def truth(self, base_url: str) -> SiteTruth:
        """The modules, listed by the index; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        modules = self.modules()
        urls = {m.name: f"{b}/modules/{m.name}.html" for m in modules if not m.is_class}
        if SEED not in urls or len(urls) < 20:
            raise ValueError(f"{self.id}: {self.sources} lacks {SEED} or most of its modules")
        classes = [f"{b}/classes/{m.name}.html" for m in modules if m.is_class]
        index = f"{b}/index.html"
        return type_truth(
            self,
            b,
            "module",
            urls.values(),
            (index, urls[SEED]),
            templates={b + "/": "index", index: "index"}
            | dict.fromkeys(urls.values(), "module")
            | dict.fromkeys(classes, "class"),
            notes=(
                f"{len(urls)} modules and {len(classes)} classes of lua-penlight "
                f"{self.versions.get('lua-penlight', '?')}, named from their sources' doc "
                "comments as LDoc names them. Not listed in templates: the style sheet."
            ),
        )
