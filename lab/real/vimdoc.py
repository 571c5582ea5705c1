"""real-vimdoc: Vim's help files as HTML, as Debian ships them (`vim-doc`), served as files.

The application is the HTML that Vim's own help converter (`makehtml.awk` in Vim's
runtime/doc, run by the build's `make html`) wrote from Vim 9.0's help files when Debian built
vim 9.0.1378; lab/real/debdocs.py unpacks `vim-doc` (the HTML) and `vim-runtime` (the help
files it was made from) and Python's static file server serves `usr/share/doc/vim/html/`.

Served as the converter writes it, one page per help file, each the help text in a `<PRE>`
with every tag reference a link (`motion.html#h`) and every tag an anchor, headed "Vim
documentation: <name>" and a link back to the main help file: the main help file `help.txt`
as `/index.html` (the "doc-file-list": the user manual's chapters and the reference manual's
files, each `|name.txt|` with a one-line summary under a section heading such as "Basic
editing" or "Standard plugins"), the user manual's table of contents `/usr_toc.html` (its
chapters and their numbered sections), a page per chapter (`/usr_27.html`) and per reference
file (`/pattern.html`; `index.txt`, the index of all commands, is `/vimindex.html`), and help
files the list does not name (the quick reference `/quickref.html`, `/sponsor.html`, …).

Truth, from the help files themselves (`vim-runtime`'s `doc/help.txt`, the source of
`/index.html`), never from a crawl: the entities are the pages of the help files its
doc-file-list names (the main help file itself left out; ~140 pages), attributes `section`
(the heading it is listed under, a facet) and `last_change` (the date on the file's first line,
where it has one); the index is one level, `/index.html`; the seed is `pattern.txt`'s page.
"""

from __future__ import annotations

import re
from pathlib import Path

from siteseer.lab.real.app import facet_queries, facet_values, type_truth
from siteseer.lab.real.debdocs import DebianDocsApp
from siteseer.lab.truth import SiteTruth

__all__ = ["INDEX", "SEED", "VimdocApp", "last_change", "page_of", "read_file_list"]

INDEX = "index.html"
SEED = "pattern.txt"
_ENTRY = re.compile(r"^\|([\w.-]+\.txt)\|\s+(\S.*?)\s*$")
_HEADING = re.compile(r"^(\S.*?)\s+~$|^([A-Z][A-Z ]+):")
_CHANGED = re.compile(r"Last change:\s+(\d{4} \w{3} \d{1,2})")


def read_file_list(help_txt: Path) -> dict[str, tuple[str, str]]:
    """The help files the doc-file-list of Vim's `help.txt` names, in its order: each file name
    with the heading it is listed under ("Basic editing ~", or a part's "USER MANUAL:" before
    its first heading) and its one-line summary (the list ends at "LOCAL ADDITIONS"; `help.txt`
    itself is left out)."""
    lines = help_txt.read_text(encoding="utf-8", errors="replace").splitlines()
    start = next((i for i, line in enumerate(lines) if "*doc-file-list*" in line), None)
    if start is None:
        raise ValueError(f"{help_txt}: no doc-file-list (not Vim's help.txt)")
    found: dict[str, tuple[str, str]] = {}
    section = ""
    for line in lines[start + 1 :]:
        if line.startswith("LOCAL ADDITIONS"):
            break
        if heading := _HEADING.match(line):
            section = heading.group(1) or heading.group(2)
        elif (entry := _ENTRY.match(line)) and section and entry.group(1) != "help.txt":
            found.setdefault(entry.group(1), (section, entry.group(2)))
    return found


def page_of(name: str) -> str:
    """The page the converter writes for help file `name`: `X.txt` → `X.html`, but `help.txt`
    is the index page and `index.txt` therefore `vimindex.html`."""
    stem = name.removesuffix(".txt")
    return {"help": "index", "index": "vimindex"}.get(stem, stem) + ".html"


def last_change(path: Path) -> str:
    """The "Last change:" date on a help file's first line, or "" where it has none."""
    with path.open(encoding="utf-8", errors="replace") as source:
        found = _CHANGED.search(source.readline())
    return found.group(1) if found else ""


class VimdocApp(DebianDocsApp):
    """Vim 9.0's help files as HTML (Debian's vim-doc), served as static files."""

    id = "real-vimdoc"
    kind = "entity-tree"
    description = "Vim 9.0's help files converted to HTML by Vim's makehtml.awk (Debian's vim-doc)"
    packages = ("vim-doc", "vim-runtime")
    folder = "usr/share/doc/vim/html"
    marker = INDEX

    @property
    def sources(self) -> Path:
        """The help files the HTML was made from (vim-runtime's doc/ folder)."""
        found = sorted((self.dir / "root" / "usr/share/vim").glob("vim*/doc/help.txt"))
        if not found:
            raise ValueError(f"{self.id}: no vim-runtime help files under {self.dir / 'root'}")
        return found[-1].parent

    def truth(self, base_url: str) -> SiteTruth:
        """The help file pages, listed by the main help file; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        listed = {
            name: entry
            for name, entry in read_file_list(self.sources / "help.txt").items()
            if (self.served / page_of(name)).is_file()
        }
        if SEED not in listed or len(listed) < 10:
            raise ValueError(f"{self.id}: {self.served} lacks {SEED} or most help file pages")
        urls = {name: f"{b}/{page_of(name)}" for name in listed}
        attributes: dict[str, dict[str, tuple[str, ...]]] = {}
        for name, (section, _) in listed.items():
            source = self.sources / name
            changed = last_change(source) if source.is_file() else ""
            attributes[urls[name]] = {"section": (section,)}
            if changed:
                attributes[urls[name]]["last_change"] = (changed,)
        values = facet_values(attributes, ["section"])
        index = f"{b}/{INDEX}"
        return type_truth(
            self,
            b,
            "help-file",
            urls.values(),
            (index, urls[SEED]),
            attributes=attributes,
            queries=facet_queries(attributes, values),
            facet_values=values,
            templates={index: "main-help-file"} | dict.fromkeys(urls.values(), "help-file"),
            notes=(
                f"{len(urls)} help files the doc-file-list of help.txt names (vim-doc "
                f"{self.versions.get(self.packages[0], '?')}). Not listed in templates: help "
                "files the list does not name (quickref.html, sponsor.html, …), which are built "
                "like the listed ones, and the folder's other files."
            ),
        )
