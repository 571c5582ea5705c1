"""real-yard: YARD's API documentation of YARD itself, as Debian ships it (`yard-doc`), served
as files.

The application is the HTML that YARD 0.9.28 (the Ruby documentation tool; its default
template) wrote of its own library when Debian built it; lab/real/debdocs.py unpacks the package
and Python's static file server serves its `doc/` folder.

Served as YARD writes it: the README `/index.html`, the alphabetic index `/_index.html` (the
guides, the tags, then every class, module and exception under its initial letter, each with
its namespace), a page per namespace at its path (`/YARD/CLI/Command.html`: a header of links to
the index and to each enclosing namespace, what it inherits and where it is defined, its
summary, then its methods as anchors), the lists of classes, methods, files and tags
(`/class_list.html`, …: the tree drawn in a side frame by a script on every page, shown
inline-only where scripts do not run), the guides (`/file.GettingStarted.html`, …), the top
level namespace.

Truth, from the pages' own files as YARD wrote them (each object page names its object in the
script line `pathId = "YARD::CLI::Command"` and its kind in its title), never from a crawl: the
entities are the pages of the classes, modules and exceptions (255), attributes `kind` (Class,
Module or Exception) and `namespace` (the enclosing namespace, as the index gives it); the
index is one level, the alphabetic index `/_index.html`; the seed is `YARD::CLI::Command`.
"""

from __future__ import annotations

import re
from pathlib import Path

from siteseer.lab.real.app import type_truth
from siteseer.lab.real.debdocs import DebianDocsApp
from siteseer.lab.truth import SiteTruth

__all__ = ["INDEX", "KINDS", "SEED", "YardApp", "read_objects"]

INDEX = "_index.html"
SEED = "YARD/CLI/Command.html"
KINDS = ("Class", "Module", "Exception")
_PATH_ID = re.compile(r'pathId = "([^"]*)"')
_TITLE = re.compile(r"<title>\s*(\w+): ([^\s<]+)")


def read_objects(root: Path) -> dict[str, tuple[str, str]]:
    """The object pages YARD wrote under `root` (a class, module or exception each), by their
    path from `root`, each with its kind and full name, in path order. A page is an object's
    when its `pathId` is the name its title gives after one of KINDS; guides, lists and the top
    level namespace are not."""
    objects: dict[str, tuple[str, str]] = {}
    for path in sorted(root.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        path_id, title = _PATH_ID.search(text), _TITLE.search(text)
        if path_id and title and title.group(1) in KINDS and title.group(2) == path_id.group(1):
            objects[path.relative_to(root).as_posix()] = (title.group(1), path_id.group(1))
    return objects


class YardApp(DebianDocsApp):
    """YARD's HTML of its own library (Debian's yard-doc), served as static files."""

    id = "real-yard"
    kind = "entity-tree"
    description = "YARD API documentation of the Ruby library YARD 0.9.28 (Debian's yard-doc)"
    packages = ("yard-doc",)
    folder = "usr/share/doc/yard/doc"
    marker = INDEX

    def truth(self, base_url: str) -> SiteTruth:
        """The class, module and exception pages, listed by the index; see the docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        objects = read_objects(self.served)
        if SEED not in objects or len(objects) < 10:
            raise ValueError(f"{self.id}: {self.served} lacks {SEED} or holds too few objects")
        urls = {p: f"{b}/{p}" for p in objects}
        index = f"{b}/{INDEX}"
        attributes: dict[str, dict[str, tuple[str, ...]]] = {}
        for path, (kind, name) in objects.items():
            values: dict[str, tuple[str, ...]] = {"kind": (kind,)}
            namespace = name.rpartition("::")[0]  # none for a top-level object
            if namespace:
                values["namespace"] = (namespace,)
            attributes[urls[path]] = values
        return type_truth(
            self,
            b,
            "object",
            urls.values(),
            (index, urls[SEED]),
            attributes=attributes,
            templates={index: "index", f"{b}/class_list.html": "class list"}
            | {b + "/": "readme", f"{b}/index.html": "readme"}
            | dict.fromkeys(urls.values(), "object"),
            notes=(
                f"{len(urls)} classes, modules and exceptions, from the object pages YARD "
                f"wrote (yard-doc {self.versions.get(self.packages[0], '?')}). Not listed in "
                "templates: the guides (file.*.html), the method, file and tag lists, "
                "frames.html, the top level namespace, methods' anchors."
            ),
        )
