"""real-nodedoc: Node.js 18's API reference, as Node's own doc tool writes it, served as files.

The application is the HTML that Node.js's documentation generator (`tools/doc/html.mjs`, run
when Debian builds nodejs) writes from the Markdown of `doc/api/`, shipped in Debian's
`nodejs-doc` (unpacked by lab/real/debdocs.py) and served from `usr/share/doc/nodejs/api` by
Python's static file server. The documentation is the same at every size.

Served as the tool writes it: the index `/index.html` (a sidebar listing every page of the
reference, the same list as its content), a page per topic `/fs.html` ("File system": a header
with the version picker and a table of contents, then its sections; the sidebar lists every page
again, its own marked active), `/all.html` (every page's content on one page), the JSON of each
page (`/fs.json.gz`), its Markdown source (`/fs.md.gz`), the assets (`/assets/…`). No
robots.txt (404).

Truth, from the package's own `index.md` (the Markdown source the tool renders as the index and
the sidebar; `/index.md`), never from a crawl: the entities are the pages its list items link
(`[File system](fs.md)` → `/fs.html`), in its order (62 in Node 18.20); links off the site
(the code repository) are left out. The index is one level, `/index.html`; the seed is
`/fs.html`.
"""

from __future__ import annotations

import re

from siteseer.lab.real.app import type_truth
from siteseer.lab.real.debdocs import DebianDocsApp
from siteseer.lab.truth import SiteTruth

__all__ = ["SEED", "NodedocApp", "read_index"]

SEED = "fs"
_ITEM = re.compile(r"^\* \[[^\]]+\]\(([\w.-]+)\.md\)\s*$", re.MULTILINE)


def read_index(source: str) -> list[str]:
    """The page names the index's Markdown `source` lists (`fs.md` → `fs`), in order; links
    off the site are left out."""
    return list(dict.fromkeys(_ITEM.findall(source)))


class NodedocApp(DebianDocsApp):
    """Node.js's API reference (Debian's nodejs-doc), served as files."""

    id = "real-nodedoc"
    kind = "entity-tree"
    description = "Node.js API reference by Node's doc tool (Debian's nodejs-doc)"
    packages = ("nodejs-doc",)
    folder = "usr/share/doc/nodejs/api"
    marker = "index.html"

    def pages(self) -> list[str]:
        """The names of the pages the index lists, in its order."""
        return read_index((self.served / "index.md").read_text(encoding="utf-8"))

    def truth(self, base_url: str) -> SiteTruth:
        """The pages the index lists; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        names = [n for n in self.pages() if (self.served / f"{n}.html").is_file()]
        urls = {n: f"{b}/{n}.html" for n in names}
        if SEED not in urls or len(urls) < 20:
            raise ValueError(f"{self.id}: {self.served} lacks {SEED} or most of its pages")
        index = f"{b}/index.html"
        return type_truth(
            self,
            b,
            "page",
            urls.values(),
            (index, urls[SEED]),
            templates={b + "/": "index", index: "index", f"{b}/all.html": "all"}
            | dict.fromkeys(urls.values(), "page"),
            notes=(
                f"{len(urls)} pages of nodejs-doc {self.versions.get('nodejs-doc', '?')}, "
                "listed by the package's own index.md. Not listed in templates: the JSON and "
                "Markdown of each page, the assets."
            ),
        )
