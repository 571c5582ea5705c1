"""real-ocamldoc: OCaml's standard library reference by ocamldoc, OCaml's generator, as files.

The application is the HTML that ocamldoc 4.13 (Debian's `ocaml`, installed with apt-get; its
default HTML generator and style sheet) writes from the interfaces (`*.mli`) that Debian's OCaml
installs in /usr/lib/ocaml: the standard library's modules with the Str, Unix and Dynlink
libraries, copied once into the application's `src/` and built once into `html/` (`ocamldoc
-html`), served by Python's static file server. Left out: `stdlib.mli` (the Stdlib module, whose
aliases `module Arg = Arg` type-check only with the flags of OCaml's own build) and `topdirs.mli`
(the toplevel's, which needs compiler-libs); ocamldoc fails on both. The documentation is the
same at every size.

Served as ocamldoc writes it: the index `/index.html` (links to the indexes of types,
extensions, exceptions, values, modules and module types, then a table of every top-level module
with the first sentence of its description), a page per module `/List.html` ("Module List":
Previous / Up / Next links in module order, its description, then each type, value, exception
and submodule with its comment, links to the pages of the types and modules it names), a page
per submodule or module type `/Hashtbl.Make.html` (linked from its module's page), the module's
signature as one listing `/type_List.html`, the indexes `/index_values.html` …, a style sheet.
No robots.txt (404).

Truth, from the interfaces of `src/`, never from a crawl, by ocamldoc's own naming: a file
`list.mli` is the module `List` (its name with the first letter in capitals), documented at
`/List.html`. The entities are the top-level modules (64), in the index's order (their names
sorted as ocamldoc sorts them: byte order); the index is one level, `/index.html`; the seed is
`/List.html`.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from siteseer.lab.real.app import RealApp, static_server, type_truth
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["LIBRARY", "SEED", "OcamldocApp", "module_name"]

SEED = "List"
LIBRARY = Path("/usr/lib/ocaml")  # where Debian's ocaml installs the interfaces
_LEFT_OUT = frozenset({"stdlib.mli", "topdirs.mli"})  # see the module docstring


def module_name(filename: str) -> str:
    """The module an interface file documents, as OCaml names it: `list.mli` → `List`."""
    stem = filename.removesuffix(".mli")
    return stem[:1].upper() + stem[1:]


class OcamldocApp(RealApp):
    """OCaml 4.13's library interfaces (Debian's ocaml) built by ocamldoc, served as files."""

    id = "real-ocamldoc"
    kind = "entity-tree"
    description = "ocamldoc: OCaml 4.13's standard library reference (Debian's ocaml)"
    tools = ("ocaml",)  # Debian: the compiler, ocamldoc and the library's interfaces

    @property
    def sources(self) -> Path:
        return self.dir / "src"

    @property
    def served(self) -> Path:
        return self.dir / "html"

    def needs(self) -> tuple[str, ...]:
        return (f"Debian {', '.join(self.tools)} (apt-get; ocamldoc and {LIBRARY}/*.mli)",)

    def installed(self) -> bool:
        return (self.served / "index.html").is_file() and (self.dir / "version").is_file()

    def _install(self, progress: Progress) -> None:
        """ocaml installed when missing, the interfaces copied into src/, built into html/."""
        if self.installed():
            return
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, self.tools, Path("/usr/bin/ocamldoc").is_file(), log, progress)
        for folder in (self.sources, self.served, self.dir / "html.partial"):
            if folder.exists():
                shutil.rmtree(folder)
        self.sources.mkdir(parents=True)
        for path in sorted(LIBRARY.glob("*.mli")):
            if path.name not in _LEFT_OUT:
                shutil.copy2(path, self.sources / path.name)
        partial = self.dir / "html.partial"
        partial.mkdir()
        files = [str(p) for p in sorted(self.sources.glob("*.mli"))]
        argv = ["ocamldoc", "-html", "-d", str(partial), "-I", str(LIBRARY), *files]
        run_step(self.id, "ocamldoc -html", argv, log, progress)
        partial.rename(self.served)
        version = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", "ocaml"], capture_output=True, text=True
        ).stdout
        (self.dir / "version").write_text(version or "?", encoding="utf-8")

    def command(self, port: int) -> list[str]:
        """Python's static file server over html/ on 127.0.0.1:port."""
        return static_server(self.served, port)

    def modules(self) -> list[str]:
        """The top-level modules of src/, in the index's order."""
        return sorted(module_name(p.name) for p in self.sources.glob("*.mli"))

    def truth(self, base_url: str) -> SiteTruth:
        """The top-level modules, listed by the index; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        modules = self.modules()
        if SEED not in modules or len(modules) < 40:
            raise ValueError(f"{self.id}: {self.sources} lacks {SEED} or most of its modules")
        urls = [f"{b}/{name}.html" for name in modules]
        index = f"{b}/index.html"
        version = (self.dir / "version").read_text(encoding="utf-8")
        return type_truth(
            self,
            b,
            "module",
            urls,
            (index, f"{b}/{SEED}.html"),
            templates={b + "/": "index", index: "index"}
            | dict.fromkeys(urls, "module")
            | {f"{b}/type_{name}.html": "signature" for name in modules},
            notes=(
                f"{len(urls)} top-level modules of Debian's ocaml {version}, named from their "
                "interface files as ocamldoc names them. Not listed in templates: the pages of "
                "submodules and module types, the indexes of values, types …, the style sheet."
            ),
        )
