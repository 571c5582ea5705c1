"""real-ikiwiki: ikiwiki (Debian `ikiwiki`), a wiki compiler, building the Python documentation
as a tagged wiki served as static files.

Packages (Debian): `ikiwiki` (with the Perl modules its plugins need, as Debian's package
depends), `git` (the wiki's revision control: RecentChanges is read from it) and `python3-doc`
(the text). The wiki is built once by `ikiwiki --setup` from the home's own setup file and
served by Python's static file server on 127.0.0.1 (no CGI: no editing, no search).

Source: each document of the Python documentation (lab/real/pydoc_html.py: the main part of
the page Sphinx built for it) is an HTML page (ikiwiki's `html` plugin) at its own path
(`library/json.html`; `usedirs` off, so the documentation's own relative links stay right),
with its title (`[[!meta title=…]]`) and its one tag (`[[!tag netdata]]`: its library
chapter, else its folder); a page per tag (`tags/<tag>.mdwn`) lists the pages tagged with it,
by ikiwiki's title order (`[[!inline … archive=yes sort=title]]`: every page on one page, by
the last part of its name); the home page (`index.mdwn`) shows the tag cloud (`[[!pagestats
pages="tags/*"]]`) and links a map of every page (`sitemap.mdwn`, `[[!map]]`). The source is a git repository, one commit per folder of the
documentation (fixed dates and author, the same every install), so RecentChanges (ikiwiki's
basewiki page, from `git log`) lists those commits and the pages each changed; a page's date is
its commit's (`gettime`). ikiwiki's basewiki adds its own help pages (`ikiwiki/…`,
`shortcuts`, `templates`, `sandbox`).

Served: `/index.html` (and `/`), `/tags/<tag>.html`, `/sitemap.html`, `/recentchanges.html`,
`/<doc>.html` (a page: its parent links, its text, "Tags:" and "Links:" (backlinks) below),
ikiwiki's help pages.

Truth, from the wiki's source files (never the built site): the entities are the documents'
pages at `/<doc>.html`; attribute `tag` (the facet: one query per tag, its pages in ikiwiki's
title order); index levels: the home page, then the tag pages; the seed is library/json, reached
from the home page through its tag's page.
"""

from __future__ import annotations

import json
import posixpath
import re
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from siteseer.lab.real.app import RealApp, static_server, value_pages_truth
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.pydoc_html import (
    HTML,
    Doc,
    folder_commits,
    read_docs,
    write_repository,
)
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["IkiwikiApp", "page_source", "read_pages", "relative_link", "tag_page"]

APP_ID = "real-ikiwiki"
PACKAGES = ("ikiwiki", "git", "python3-doc")
SEED = "library/json"
TAGBASE = "tags"
_SETUP = """\
# IkiWiki::Setup::Yaml - YAML formatted setup file
wikiname: Python documentation
adminemail: ''
srcdir: {src}
destdir: {dest}
url: ''
cgiurl: ''
usedirs: 0
rcs: git
gitorigin_branch: ''
gettime: 1
recentchangesnum: 100
tagbase: {tagbase}
tag_autocreate: 0
add_plugins: [html, tag, pagestats, map]
disable_plugins: [openid, passwordauth, signinedit, editpage, lockedit]
verbose: 0
syslog: 0
"""
_INDEX = """\
[[!meta title="The Python documentation"]]
The Python documentation (Debian's python3-doc) as wiki pages, each with one tag: its chapter of
the library reference, or its part of the documentation. All pages: [[sitemap]]; what changed:
[[RecentChanges]].

## Tags

[[!pagestats pages="{tagbase}/*"]]
"""
_SITEMAP = """\
[[!meta title="All pages"]]
[[!map pages="page(*) and !{tagbase}/* and !ikiwiki/* and !ikiwiki and !templates/* and \
!templates and !shortcuts and !sandbox and !recentchanges and !sitemap and !index"]]
"""
_TAG = """\
[[!meta title="Pages tagged {tag}"]]
[[!inline pages="tagged({tag})" actions="no" archive="yes" show="0" sort="title"]]
"""
_META = re.compile(r'^\[\[!meta title="(.*)"\]\]$', re.M)
_TAGGED = re.compile(r"^\[\[!tag ([^\]\s]+)\]\]$", re.M)


def page_source(doc: Doc) -> str:
    """The ikiwiki source of a document's page: its title and tag directives, then its HTML
    ("[[" in the text escaped, so code reads as code, not as wiki links)."""
    title = doc.title.replace('"', "&quot;")
    tag = f"[[!tag {doc.tag}]]\n" if doc.tag else ""
    return f'[[!meta title="{title}"]]\n{tag}' + doc.body.replace("[[", "&#91;[")


def tag_page(tag: str) -> str:
    return _TAG.format(tag=tag)


def read_pages(src: Path) -> dict[str, tuple[str, str]]:
    """Document → (title, tag) from the wiki's HTML page sources (`<doc>.html`)."""
    pages = {}
    for path in sorted(src.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        title = _META.search(text)
        tag = _TAGGED.search(text)
        name = str(path.relative_to(src)).removesuffix(".html")
        pages[name] = (
            title.group(1).replace("&quot;", '"') if title else name,
            tag.group(1) if tag else "",
        )
    return pages


def relative_link(source: str, target: str, fragment: str) -> str:
    """The href of `target`'s page from `source`'s, as the documentation writes it: relative
    (the pages are where Sphinx put them, `usedirs` off)."""
    href = posixpath.relpath(f"{target}.html", posixpath.dirname(source) or ".")
    return href + (f"#{fragment}" if fragment else "")


def write_source(src: Path, docs: Sequence[Doc], log: Path, progress: Progress) -> None:
    """The wiki's source in `src`: a git repository of one commit per folder of pages, then
    one of the tag pages, the home page and the map."""
    tags = sorted({doc.tag for doc in docs if doc.tag})
    last = {f"{TAGBASE}/{t}.mdwn": tag_page(t) for t in tags} | {
        "index.mdwn": _INDEX.format(tagbase=TAGBASE),
        "sitemap.mdwn": _SITEMAP.format(tagbase=TAGBASE),
    }
    commits = [
        *folder_commits(docs, lambda d: (f"{d.name}.html", page_source(d))),
        ("Add the tag pages, the home page and the map", last),
    ]
    write_repository(APP_ID, src, commits, log, progress)


class IkiwikiApp(RealApp):
    """ikiwiki from Debian, building the Python documentation as a tagged wiki."""

    id = APP_ID
    kind = "entity-tree"
    description = "ikiwiki (Debian) building the Python documentation (python3-doc) as tagged pages"

    @property
    def src(self) -> Path:
        return self.dir / "src"  # the same at every size

    @property
    def public(self) -> Path:
        return self.dir / "public"

    @property
    def setup(self) -> Path:
        return self.dir / "ikiwiki.setup"

    @property
    def stamp(self) -> Path:
        return self.dir / "built.json"

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian {', '.join(PACKAGES)} (source, setup and built site in {self.dir})",
            f"data: the Python documentation's pages ({HTML})",
        )

    def installed(self) -> bool:
        return _packages_present() and self.stamp.is_file()

    def _install(self, progress: Progress) -> None:
        """Packages, the wiki's source (once), its setup file and its build (once: the stamp
        lists the pages)."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, PACKAGES, _packages_present(), log, progress)
        if self.stamp.is_file():
            return
        for stale in (self.src, self.public, self.dir / ".ikiwiki"):
            if stale.exists():
                shutil.rmtree(stale)
        progress(f"{self.id}: reading the Python documentation's pages …")
        docs = read_docs(relative_link)
        write_source(self.src, docs, log, progress)
        setup = _SETUP.format(src=self.src, dest=self.public, tagbase=TAGBASE)
        self.setup.write_text(setup, encoding="utf-8")
        build = ["ikiwiki", "--setup", str(self.setup)]
        run_step(self.id, "ikiwiki --setup (building the wiki)", build, log, progress)
        names = sorted(read_pages(self.src))
        self.stamp.write_text(json.dumps(names), encoding="utf-8")

    def command(self, port: int) -> list[str]:
        """Python's static file server over the built wiki on 127.0.0.1:port."""
        return static_server(self.public, port)

    def truth(self, base_url: str) -> SiteTruth:
        """The documents' pages as entities, their tags as the facet; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        pages = read_pages(self.src)
        if SEED not in pages:
            raise ValueError(f"{self.id}: no page {SEED!r} in {self.src}")
        urls = {name: f"{b}/{name}.html" for name in pages}
        home = f"{b}/index.html"
        tags = {name: tag for name, (_, tag) in pages.items()}
        return value_pages_truth(
            self,
            b,
            top=home,
            seed=SEED,
            urls=urls,
            values=tags,
            order=sorted(pages, key=_title_key),
            attribute=("tag", lambda tag: f"{b}/{TAGBASE}/{tag}.html"),
            templates={home: "home", f"{b}/": "home", f"{b}/sitemap.html": "map"},
            notes=(
                f"ikiwiki {_version()}, {len(pages)} pages of the Python documentation "
                f"(python3-doc), {len(set(tags.values()) - {''})} tags. "
                "Entities: every document's page; attribute "
                "`tag`. Index levels: the home page (its tag cloud), then each tag's page (its "
                "pages by title). Not listed in templates: /recentchanges.html, ikiwiki's help "
                "pages (ikiwiki/…, shortcuts, templates, sandbox)."
            ),
        )


def _title_key(name: str) -> tuple[bytes, bytes]:
    """ikiwiki's `sort="title"`: by the page name's last part (Perl's `cmp`: bytes)."""
    return posixpath.basename(name).encode(), name.encode()


def _packages_present() -> bool:
    return (
        shutil.which("ikiwiki") is not None
        and shutil.which("git") is not None
        and (HTML / "library" / "json.html").is_file()
    )


def _version() -> str:
    done = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", "ikiwiki"],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip() or "(version unknown)"
