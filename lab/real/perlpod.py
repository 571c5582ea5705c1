"""real-perlpod: Perl's own documentation (Debian's `perl-doc`: the `perl*.pod` manual pages of
Perl 5.36) rendered into HTML by Pod::Simple::HTMLBatch, served as files.

The application is the HTML that Pod::Simple (the POD formatter shipped with Perl itself, as
every Debian has it) writes of a folder of POD files: lab/real/debdocs.py unpacks perl-doc
(nothing installed on the host), `Pod::Simple::HTMLBatch::go` converts its `pod/` folder into
`html/`, and Python's static file server serves that folder.

Served as HTMLBatch writes it: the contents page `/index.html` (every page's name in one list,
under the heading of the batch), a page per POD file `/perlsyn.html` (its headings as a table
of contents, its text, links to the other pages it names as `./perlop.html#…` and to the contents
page), ten style sheets and a script that switches between them (`/_podly.js`).

Truth, from the POD files themselves, never from a crawl: the entities are the pages of the POD
files of perl-doc's `pod/` folder (206; each file `perlsyn.pod` gives `/perlsyn.html`);
attribute `section`, the heading under which perl.pod (the manual's overview, "GETTING HELP")
lists the page (Tutorials, Reference Manual, History, Platform-Specific, …; one page a release
newer than that list has none); the index is one level, `/index.html`; the seed is `perlsyn`.
"""

from __future__ import annotations

import re
from pathlib import Path

from siteseer.lab.real.app import type_truth
from siteseer.lab.real.debdocs import GeneratedDocsApp
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["SEED", "PerlPodApp", "read_sections"]

SEED = "perlsyn"
_CONVERT = "Pod::Simple::HTMLBatch::go"  # reads @ARGV: the POD folder, then the HTML folder
_LISTED = re.compile(r"^\s+(perl\w*)\s", re.MULTILINE)


def read_sections(overview: str) -> dict[str, str]:
    """Each page perl.pod's overview lists (the `=head2` parts of its GETTING HELP, each a
    verbatim list of `perlname  description` lines), with the heading it is listed under."""
    part = overview.partition("=head1 GETTING HELP")[2].partition("\n=head1 ")[0]
    if not part:
        raise ValueError("no GETTING HELP part: not perl.pod")
    sections: dict[str, str] = {}
    for block in part.split("\n=head2 ")[1:]:
        heading, _, body = block.partition("\n")
        for name in _LISTED.findall(body + "\n"):
            sections.setdefault(name, heading.strip())
    return sections


class PerlPodApp(GeneratedDocsApp):
    """Perl 5.36's manual pages (Debian's perl-doc) by Pod::Simple::HTMLBatch, as files."""

    id = "real-perlpod"
    kind = "entity-tree"
    description = "Perl's manual pages (Debian's perl-doc) by Pod::Simple::HTMLBatch"
    packages = ("perl-doc",)
    folder = "usr/share/perl"  # holds the Perl version's folder, then pod/
    marker = "index.html"

    @property
    def pods(self) -> Path:
        """The unpacked POD folder (`usr/share/perl/<version>/pod`)."""
        found = sorted((self.dir / "root" / self.folder).glob("*/pod"))
        if len(found) != 1:
            raise ValueError(f"{self.id}: not one pod/ folder in {self.dir / 'root'}: {found}")
        return found[0]

    def needs(self) -> tuple[str, ...]:
        return (*super().needs(), "perl with Pod::Simple (Debian's perl, as every Debian has)")

    def build(self, into: Path, log: Path, progress: Progress) -> None:
        """Pod::Simple::HTMLBatch's HTML of the unpacked POD folder, into `into`."""
        argv = ["perl", "-MPod::Simple::HTMLBatch", "-e", _CONVERT, str(self.pods), str(into)]
        run_step(self.id, "Pod::Simple::HTMLBatch", argv, log, progress)

    def truth(self, base_url: str) -> SiteTruth:
        """The manual's pages, listed by the contents page; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        names = sorted(p.stem for p in self.pods.glob("*.pod"))
        if SEED not in names or len(names) < 100:
            raise ValueError(f"{self.id}: {self.pods} lacks {SEED}.pod or its pages")
        sections = read_sections((self.pods / "perl.pod").read_text(encoding="latin-1"))
        urls = {n: f"{b}/{n}.html" for n in names}
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            urls[n]: {"section": (sections[n],)} if n in sections else {} for n in names
        }
        contents = f"{b}/index.html"
        return type_truth(
            self,
            b,
            "page",
            urls.values(),
            (contents, urls[SEED]),
            attributes=attributes,
            templates={b + "/": "contents", contents: "contents"}
            | dict.fromkeys(urls.values(), "page"),
            notes=(
                f"{len(urls)} manual pages of perl-doc {self.versions.get('perl-doc', '?')}, "
                f"{sum(1 for a in attributes.values() if a)} of them in perl.pod's overview. "
                "Not listed in templates: headings' anchors, the style sheets and the script."
            ),
        )
