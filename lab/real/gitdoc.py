"""real-gitdoc: Git's manual pages as AsciiDoc wrote them in HTML (Debian's git-doc), as files.

The application is the HTML that AsciiDoc (its `xhtml11` backend, Git's own `asciidoc.conf`)
wrote when Debian built Git 2.39's documentation from its AsciiDoc sources; Debian ships the
pages and their sources side by side in `git-doc`, which lab/real/debdocs.py unpacks; Python's
static file server serves the folder (`/usr/share/doc/git-doc`). The documentation is the same
at every size.

Served as AsciiDoc and Debian leave it: `/index.html` (a link to `git.html`, git(1): Git's
own manual page, whose COMMAND lists name every command, in sections as `git help -a` has them:
main porcelain, ancillary manipulators and interrogators, interacting with others, low-level
manipulation and interrogation commands, syncing repositories and their helpers, internal
helpers, then the guides and the user- and developer-facing interfaces), a page per manual page
`/git-log.html` (title `git-log(1)`: NAME, SYNOPSIS, DESCRIPTION, OPTIONS, …, links to the
pages it names, a footer with the version and date), guides `/gitglossary.html`, the user
manual `/user-manual.html`, how-tos `/howto/…`, technical notes `/technical/…`, and the
AsciiDoc source of every page beside it (`/git-log.txt`, the `cmds-*.txt` lists, shared
fragments such as `/diff-options.txt`). `git.html` also links `git-p4.html`, which Debian ships
in the package `git-p4` (not found here). No robots.txt (404).

Truth, from the AsciiDoc sources, never from a crawl: git.txt includes each command list
(`include::cmds-mainporcelain.txt[]`) under a heading, and each list names its pages
(`linkgit:git-add[1]::` and a line of description, the page's manual section in brackets); the
entities are the listed pages of the seed's manual section, 1, the user commands, whose HTML is
in the package (150 of 151: `git-p4` is not), in git.txt's order; attributes `category` (the
heading of git.txt the list is included under) and `man_section`. The guides (section 7,
"guides about Git concepts") and the repository, file and protocol interfaces (section 5) that
git.txt lists after the commands, under headings of their own, are pages of other kinds, as
`git help -a` and `git help -g` list them apart: not entities, though AsciiDoc draws them with
the same template (their 32 pages are in `templates`). The same pages as real-kiwix's truth.
The index is one level, `git.html`; the seed is `git-log.html`. A few manual pages that
git.html does not list (`git-stage.html`, `gitweb.conf.html`, helpers' pages) are reached only
by other pages' links and are not entities.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from siteseer.lab.real.app import type_truth
from siteseer.lab.real.debdocs import DebianDocsApp
from siteseer.lab.truth import SiteTruth

__all__ = ["SEED", "GitDocApp", "ListedPage", "read_command_lists"]

SEED = "git-log"
_INCLUDE = re.compile(r"^include::(cmds-[\w-]+\.txt)\[\]\s*$")
_UNDERLINE = re.compile(r"^([~=^+-])\1+\s*$")
_LISTED = re.compile(r"^linkgit:([\w.-]+)\[(\d)\]::\s*$", re.MULTILINE)


@dataclass(frozen=True)
class ListedPage:
    """A manual page git.txt lists: its name, manual section and the heading it is under."""

    name: str
    man_section: str
    category: str


def read_command_lists(folder: Path) -> list[ListedPage]:
    """The pages git.txt's command lists name, in its order, each under the heading (a title
    underlined with `~`, `-`, …) that the list's `include::cmds-*.txt[]` follows."""
    lines = (folder / "git.txt").read_text(encoding="utf-8").splitlines()
    heading = ""
    pages: list[ListedPage] = []
    seen: set[str] = set()
    for number, line in enumerate(lines):
        if number and _UNDERLINE.match(line) and abs(len(line) - len(lines[number - 1])) <= 1:
            heading = lines[number - 1].strip()
        elif included := _INCLUDE.match(line):
            text = (folder / included.group(1)).read_text(encoding="utf-8")
            for name, section in _LISTED.findall(text):
                if name not in seen:
                    seen.add(name)
                    pages.append(ListedPage(name, section, heading))
    if not pages:
        raise ValueError(f"{folder / 'git.txt'}: no command list included")
    return pages


class GitDocApp(DebianDocsApp):
    """Git 2.39's manual pages in AsciiDoc's HTML (Debian's git-doc), served as files."""

    id = "real-gitdoc"
    kind = "entity-tree"
    description = "AsciiDoc: Git's manual pages (Debian's git-doc), listed by git(1)"
    packages = ("git-doc",)
    folder = "usr/share/doc/git-doc"
    marker = "git.html"

    def truth(self, base_url: str) -> SiteTruth:
        """The manual pages git(1) lists; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        listed = read_command_lists(self.served)
        shipped = [p for p in listed if (self.served / f"{p.name}.html").is_file()]
        section = next((p.man_section for p in shipped if p.name == SEED), None)
        pages = [p for p in shipped if p.man_section == section]
        if section is None or len(pages) < 100:
            raise ValueError(f"{self.id}: git.txt's lists lack {SEED} or most of their pages")
        urls = {p.name: f"{b}/{p.name}.html" for p in pages}
        others = [f"{b}/{p.name}.html" for p in shipped if p.man_section != section]
        command_list = f"{b}/git.html"
        missing = sorted({p.name for p in listed} - {p.name for p in shipped})
        return type_truth(
            self,
            b,
            "manual page",
            urls.values(),
            (command_list, urls[SEED]),
            attributes={
                urls[p.name]: {"category": (p.category,), "man_section": (p.man_section,)}
                for p in pages
            },
            templates=dict.fromkeys((b + "/", f"{b}/index.html", command_list), "command list")
            | dict.fromkeys((*urls.values(), *others), "manual page"),
            notes=(
                f"{len(pages)} manual pages of section {section} in "
                f"{len({p.category for p in pages})} categories of git.txt's command lists "
                f"(git-doc {self.versions.get('git-doc', '?')}); listed but not shipped: "
                f"{', '.join(missing) or 'none'}; listed in other sections (guides, "
                f"interfaces), not entities: {len(others)}. "
                "Not listed in templates: the pages git(1) does not list, the user manual, "
                "how-tos, technical notes, the AsciiDoc sources (.txt) served beside the pages."
            ),
        )
