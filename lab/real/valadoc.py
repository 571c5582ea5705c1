"""real-valadoc: libsoup 2.4's Vala binding reference by Valadoc, as files.

The application is the HTML that Valadoc 0.56 (Debian's `valadoc`, installed with apt-get; its
default doclet, the one valadoc.org's pages come from) writes from a Vala API file: libsoup
2.4's binding `libsoup-2.4.vapi` as Vala ships it (Debian's `valac-0.56-vapi`, unpacked by
lab/real/debdocs.py, with the bindings it depends on, named in `libsoup-2.4.deps`), built once
into `html/` and served by Python's static file server. A binding has no doc comments: the
pages show the API's declarations. The documentation is the same at every size.

Served as Valadoc writes it: `/index.html` (the packages: libsoup-2.4 and the ones it depends
on, which are not generated, their links not found), the package's page
`/libsoup-2.4/index.htm` (its namespaces), the namespace's page `/libsoup-2.4/Soup.html` (its
contents by kind: namespaces, interfaces, classes, structs, enums, error domains, constants,
delegates, functions, each a link), then a page per symbol: a class `/libsoup-2.4/Soup.Session.html`
(its declaration, object hierarchy, its members by kind), each method, property, signal,
field, constant, enum value… `/libsoup-2.4/Soup.Session.send_message.html` (about 1,270 pages,
14 MB); a navigation sidebar of the symbol's parents and members, icons, style sheets, a script.
No robots.txt (404).

Truth, from the binding (`libsoup-2.4.vapi`), never from a crawl: the entities are the classes
declared directly in the namespace `Soup` (`public [abstract] class Name …{` one level in; 50),
in name order as the namespace page lists them (a deprecated one too, marked so); attribute
`kind` (`abstract class` or `class`, as the declaration and the namespace page's list mark it).
The index is one level, the namespace page; the seed is `Soup.Session.html`.
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

__all__ = ["SEED", "ValaClass", "ValadocApp", "read_classes"]

PACKAGE = "libsoup-2.4"
NAMESPACE = "Soup"
SEED = "Session"
# a class declared one level in (the namespace's body is indented by a tab)
_CLASS = re.compile(r"^\tpublic (abstract |sealed )?class (\w+)\b", re.MULTILINE)


@dataclass(frozen=True)
class ValaClass:
    """A class a Vala API file declares in its namespace, and its kind (`abstract class`…)."""

    name: str
    kind: str


def read_classes(vapi: str, namespace: str) -> list[ValaClass]:
    """The classes declared directly in `namespace` of the API file `vapi`, by name (as Valadoc
    lists them: ordinal order of their names)."""
    match = re.search(rf"^namespace {re.escape(namespace)} \{{\n(.*?)^\}}", vapi, re.M | re.S)
    if match is None:
        raise ValueError(f"no namespace {namespace} in the API file")
    classes = [
        ValaClass(name, f"{modifier}class") for modifier, name in _CLASS.findall(match.group(1))
    ]
    return sorted(classes, key=lambda c: c.name)


class ValadocApp(GeneratedDocsApp):
    """libsoup 2.4's Vala binding (Debian's valac-0.56-vapi) by Valadoc, served as files."""

    id = "real-valadoc"
    kind = "entity-tree"
    description = "Valadoc: libsoup 2.4's Vala binding reference (Debian's valac-0.56-vapi)"
    packages = ("valac-0.56-vapi",)
    folder = "usr/share/vala-0.56/vapi"
    marker = f"{PACKAGE}/{NAMESPACE}.html"
    tools = ("valadoc",)  # Debian: valadoc 0.56 and its libraries

    @property
    def vapis(self) -> Path:
        return self.dir / "root" / self.folder

    def build(self, into: Path, log: Path, progress: Progress) -> None:
        """Valadoc's HTML of the binding, with the bindings it depends on, into `into`."""
        apt_install(self.id, self.tools, Path("/usr/bin/valadoc").is_file(), log, progress)
        deps = (self.vapis / f"{PACKAGE}.deps").read_text(encoding="utf-8").split()
        argv = ["valadoc", "--force", "-o", str(into), "--package-name", PACKAGE,
                "--vapidir", str(self.vapis), *(f"--pkg={d}" for d in deps),
                str(self.vapis / f"{PACKAGE}.vapi")]  # fmt: skip
        run_step(self.id, "valadoc", argv, log, progress)

    def truth(self, base_url: str) -> SiteTruth:
        """The namespace's classes, listed by its page; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        vapi = (self.vapis / f"{PACKAGE}.vapi").read_text(encoding="utf-8")
        classes = read_classes(vapi, NAMESPACE)
        urls = {c.name: f"{b}/{PACKAGE}/{NAMESPACE}.{c.name}.html" for c in classes}
        if SEED not in urls or len(urls) < 20:
            raise ValueError(f"{self.id}: {PACKAGE}.vapi lacks {SEED} or most of its classes")
        namespace = f"{b}/{PACKAGE}/{NAMESPACE}.html"
        return type_truth(
            self,
            b,
            "class",
            urls.values(),
            (namespace, urls[SEED]),
            attributes={urls[c.name]: {"kind": (c.kind,)} for c in classes},
            templates={b + "/": "packages", f"{b}/index.html": "packages"}
            | {f"{b}/{PACKAGE}/index.htm": "package", namespace: "namespace"}
            | dict.fromkeys(urls.values(), "class"),
            notes=(
                f"{len(urls)} classes of namespace {NAMESPACE} in {PACKAGE}.vapi (valac-0.56-vapi "
                f"{self.versions.get(self.packages[0], '?')}), "
                f"{sum(c.kind != 'class' for c in classes)} of them abstract. Not listed in "
                "templates: the pages of the other symbols (interfaces, structs, enums, "
                "members), icons, style sheets, the script."
            ),
        )
