"""real-rhelp: R's dynamic HTML help server over the help pages of R's `datasets` package.

The application is the help server built into R 4.2 (`tools::startDynamicHelp`, R's own HTTP
server, the one `help.start()` opens; Debian's `r-base-core` with `r-base-html`'s package
indexes, installed with apt-get), started by lab/real/apps/rhelp_server.R on 127.0.0.1 only: it
renders each help page from the package's installed Rd database when it is asked for.

Its pages: R's home `/doc/html/index.html` (manuals, reference, "Packages"), the list of
installed packages `/doc/html/packages.html` (a link to each package's index), a package's index
`/library/datasets/html/00Index.html` (a link to its DESCRIPTION, then every help topic — each
alias of each page — by initial letter, with the page's title; a row of letter links at the
top), a help page per Rd file `/library/datasets/html/iris.html` (title, Description, Usage,
Format, Source, References, Examples; See Also links `../../<package>/help/<topic>`, which
redirect to the page holding the topic), the package's DESCRIPTION file, style sheets. Any other
path (`/`, `/robots.txt`) answers 200 with an error page ("Only NEWS and URLs under /doc and
/library are allowed"): no robots.txt rule forbids anything.

Data: the 86 data sets R ships in `datasets` (iris, mtcars, airquality, …) as R's own Rd
database documents them; the same at every size.

Truth, from R's own record of the package's help pages (its `Meta/Rd.rds`, written to
`topics.json` at install by lab/real/apps/rhelp_topics.R; never from a crawl): the entities are
the help pages but the package's overview (`\\docType{package}`), at `/library/datasets/html/
<Rd file's name>.html`, attribute `title`; the index is one level, the package's index
`00Index.html` (its topics link every page); the seed is `iris`.
"""

from __future__ import annotations

import json
from pathlib import Path

from siteseer.lab.real.app import RealApp, type_truth
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["PACKAGE", "SEED", "RHelpApp", "help_pages"]

PACKAGE = "datasets"
SEED = "iris"
TOOLS = ("r-base-core", "r-base-html")
APPS = Path(__file__).parent / "apps"
_INDEX = Path("/usr/lib/R/library") / PACKAGE / "html" / "00Index.html"  # from r-base-html


def help_pages(topics: dict[str, object]) -> list[tuple[str, str]]:
    """The help pages of a package's `topics.json` that document something (not the package's
    overview): (the page's name, from its Rd file, and its title), in R's order."""
    pages = topics["pages"]
    assert isinstance(pages, list)
    return [
        (page["file"].removesuffix(".Rd"), page["title"])
        for page in pages
        if page["type"] != "package"
    ]


class RHelpApp(RealApp):
    """R's dynamic help server (Debian's r-base-core) over the datasets package's help."""

    id = "real-rhelp"
    kind = "entity-tree"
    description = "R's dynamic HTML help server over the datasets package (r-base-core)"
    ready_path = f"/library/{PACKAGE}/html/00Index.html"

    @property
    def topics(self) -> Path:
        return self.dir / "topics.json"

    def needs(self) -> tuple[str, ...]:
        return (f"Debian {', '.join(TOOLS)} (apt-get; R and its packages' help indexes)",)

    def installed(self) -> bool:
        return self.topics.is_file() and _INDEX.is_file()

    def _install(self, progress: Progress) -> None:
        """R installed when missing; the package's help pages recorded in topics.json."""
        if self.installed():
            return
        log = self.dir / "logs" / "install.log"
        present = Path("/usr/bin/Rscript").is_file() and _INDEX.is_file()
        apt_install(self.id, TOOLS, present, log, progress)
        partial = self.topics.with_suffix(".partial")
        argv = ["Rscript", str(APPS / "rhelp_topics.R"), PACKAGE, str(partial)]
        run_step(self.id, "Rscript rhelp_topics.R", argv, log, progress)
        partial.rename(self.topics)

    def command(self, port: int) -> list[str]:
        """R's help server on 127.0.0.1:port."""
        return ["Rscript", str(APPS / "rhelp_server.R"), str(port)]

    def truth(self, base_url: str) -> SiteTruth:
        """The help pages, listed by the package's index; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        topics = json.loads(self.topics.read_text(encoding="utf-8"))
        folder = f"{b}/library/{PACKAGE}/html"
        pages = help_pages(topics)
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            f"{folder}/{name}.html": {"title": (title,)} for name, title in pages
        }
        seed = f"{folder}/{SEED}.html"
        if seed not in attributes or len(attributes) < 50:
            raise ValueError(f"{self.id}: {self.topics} lacks {SEED} or most of its pages")
        index = f"{folder}/00Index.html"
        return type_truth(
            self,
            b,
            "help page",
            attributes,
            (index, seed),
            attributes=attributes,
            templates={f"{b}/doc/html/index.html": "home", index: "index"}
            | {f"{b}/doc/html/packages.html": "packages"}
            | dict.fromkeys(attributes, "help page"),
            notes=(
                f"{len(attributes)} help pages of R's {PACKAGE} package {topics['version']}, from "
                "its Meta/Rd.rds (the package's overview page left out). Not listed in "
                "templates: the other packages' pages, /library/…/help/<topic> (redirects), "
                "DESCRIPTION, style sheets, the error pages of other paths."
            ),
        )
