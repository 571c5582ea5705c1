"""real-javadoc: Javadoc's API documentation of Apache Commons Lang 3, as Debian ships it
(`libcommons-lang3-java-doc`), served as files.

The application is the HTML that the JDK's `javadoc` (its standard doclet, the Java 17 layout:
no frames, a search box run in the browser) wrote when Debian built commons-lang3 3.12.0 from
its source; lab/real/debdocs.py unpacks the package and Python's static file server serves
its `api/` folder.

Served as Javadoc writes it: the overview `/index.html` (every package with its summary), a
page per package `/org/apache/commons/lang3/time/package-summary.html` (its related packages,
then its classes and interfaces in a table by name, with tabs drawn by script for interfaces,
classes, enums, exceptions), a page per class, interface, enum or annotation
(`/org/apache/commons/lang3/StringUtils.html`, a nested one `/…/arch/Processor.Arch.html`:
its declaration, description and member summaries and details, each member an anchor), a
package's class tree (`package-tree.html`), the indexes of the whole API (`allclasses-index.html`,
`allpackages-index.html`, the A–Z index `index-all.html`, `overview-tree.html`,
`deprecated-list.html`, `constant-values.html`, `serialized-form.html`), the sources
(`src-html/…`), `help-doc.html`; every page's navigation bar links the overview, its package,
the tree, the deprecated list, the index and help.

Truth, from Javadoc's own index of the types it documented (`type-search-index.js`, which its
search box reads: each type's package and name, nested types as `Outer.Inner`), never from a
crawl: the entities are the pages of the public types (222 in 17 packages; the signature on a
type's page gives its modifiers, and a protected nested type, which its package's page does not
list, is left out); attribute `package`; the index is
two levels, the overview then each package's page (which lists its types by name, compared
without case first); the seed is `org.apache.commons.lang3.StringUtils`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from siteseer.lab.real.app import value_pages_truth
from siteseer.lab.real.debdocs import DebianDocsApp
from siteseer.lab.truth import SiteTruth

__all__ = ["SEED", "JavadocApp", "read_types", "type_path"]

SEED = "org.apache.commons.lang3.StringUtils"
INDEX = "type-search-index.js"
_MODIFIERS = re.compile(
    r'<div class="type-signature">.*?<span class="modifiers">([^<]*)</span>', re.S
)


def read_types(path: Path) -> list[tuple[str, str]]:
    """The (package, name) of every type in Javadoc's `type-search-index.js` (a script
    assigning a JSON array to `typeSearchIndex`), in the file's order; entries without a
    package (the link to the list of all classes) are not types."""
    text = path.read_text(encoding="utf-8")
    if not text.startswith("typeSearchIndex = "):
        raise ValueError(f"{path}: not Javadoc's type search index")
    entries = json.loads(text[text.index("[") : text.rindex("]") + 1])
    return [(e["p"], e["l"]) for e in entries if "p" in e]


def type_path(package: str, name: str) -> str:
    """The page of a type, relative to the documentation's root: the package's folders, then
    the type's name (`Outer.Inner` for a nested type) and `.html`."""
    return f"{package.replace('.', '/')}/{name}.html"


def is_public(page: Path) -> bool:
    """Whether the type a Javadoc page documents is declared public (its signature's
    modifiers): a protected nested type has a page of its own, which its package's page does
    not list."""
    found = _MODIFIERS.search(page.read_text(encoding="utf-8"))
    if found is None:
        raise ValueError(f"{page}: no type signature")
    return found.group(1).split()[0] == "public"


class JavadocApp(DebianDocsApp):
    """Javadoc's HTML of Apache Commons Lang 3 (Debian's package), served as static files."""

    id = "real-javadoc"
    kind = "entity-tree"
    description = "Javadoc API documentation of Apache Commons Lang 3.12 (Debian's -doc package)"
    packages = ("libcommons-lang3-java-doc",)
    folder = "usr/share/doc/libcommons-lang3-java/api"
    marker = INDEX

    def truth(self, base_url: str) -> SiteTruth:
        """The type pages, listed by their package's page; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        documented = read_types(self.served / INDEX)
        types = [t for t in documented if is_public(self.served / type_path(*t))]
        names = [f"{package}.{name}" for package, name in types]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.id}: a type listed twice in {INDEX}")
        urls = {n: f"{b}/{type_path(p, t)}" for n, (p, t) in zip(names, types, strict=True)}
        values = {n: p for n, (p, _) in zip(names, types, strict=True)}
        simple = dict(zip(names, (t for _, t in types), strict=True))
        packages = sorted(set(values.values()))
        return value_pages_truth(
            self,
            b,
            top=b + "/index.html",
            seed=SEED,
            urls=urls,
            values=values,
            order=sorted(names, key=lambda n: (simple[n].lower(), simple[n])),
            attribute=("package", lambda p: f"{b}/{type_path(p, 'package-summary')}"),
            templates={
                b + "/": "overview",
                b + "/index.html": "overview",
                b + "/allclasses-index.html": "class index",
                b + "/allpackages-index.html": "package index",
                b + "/index-all.html": "index",
                b + "/overview-tree.html": "tree",
            },
            notes=(
                f"{len(urls)} public types of {len(packages)} packages, from Javadoc's {INDEX} "
                f"(libcommons-lang3-java-doc {self.versions.get(self.packages[0], '?')}) and "
                "each type's declared modifiers; a package's page lists its public types by "
                f"name. Not entities: {len(documented) - len(types)} protected nested types, "
                "listed only by their outer type's page. Not listed in templates: the "
                "packages' trees, the deprecated, constants and serialized-form lists, "
                "help-doc.html, the sources (src-html/), the search index scripts, a page's "
                "member anchors (#name)."
            ),
        )
