"""real-tiddlywiki: TiddlyWiki (npm `tiddlywiki`) serving its own documentation edition.

The npm package ships the documentation of tiddlywiki.com as the `tw5.com` edition
(`editions/tw5.com/tiddlers`, about 1,900 files, plus the community cards under `community/`
that the edition pulls in through a `tiddlywiki.files` spec). Install:

1. `npm install tiddlywiki@<VERSION>` into the app's home (`node_modules/`).
2. A wiki folder `wiki/` whose `tiddlywiki.info` includes the shipped edition read-only
   (`includeWikis`). `tiddlywiki wiki --init tw5.com` would copy the edition instead, but the
   copy breaks the edition's relative path to `community/` (the community cards go missing),
   and a copy would let the server write into it; including the edition in place loads exactly
   what the edition's own build loads.
3. The truth export: TiddlyWiki itself reads the wiki folder and writes every non-system
   tiddler as JSON (`--render` with the core's JSON exporter), so titles and tags come from the
   tiddler files through the loader the server uses, never from a crawl.

Serving: `tiddlywiki wiki --listen host=127.0.0.1 port=N`, TiddlyWiki's own node server. The
home page is the whole single-page app (about 7.5 MB: every tiddler is embedded); each tiddler
is a state of the story river reached by its permalink `/#<title>`; internal links are
`<a href="#<title>">`; tags are pills whose popups list the tiddlers with that tag. The server
has no robots.txt (404).

Truth: one entity per non-system tiddler (`$:/…` titles are the system's), at its permalink.
TiddlyWiki builds a permalink as `"#" + encodeURIComponent(title)` (core/modules/startup/story.js
`updateLocationHash`); its link widget writes hrefs with `encodeURIComponentExtended`, which also
escapes ``!'()*`` (core/modules/utils/utils.js). Both decode to the title; the truth uses the
permalink form. Attributes: `tags` (the tiddler's tags, named as the tiddler field that holds
them). Queries: one per tag, the tiddlers carrying it (TiddlyWiki's `[tag[…]]`), each a state of
the page (its tag's popup, listing them all at once: `state_rows`), so explore's lower bound is
the page and one action per tag, not the two pages of the entity tree alone.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import quote

from siteseer.lab.real.app import RealApp, type_truth
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import FacetQuery, SiteTruth

__all__ = [
    "VERSION",
    "Tiddler",
    "TiddlyWikiApp",
    "parse_string_list",
    "permalink",
    "read_tiddlers",
]

VERSION = "5.4.1"
EDITION = "tw5.com"
SEED_TITLE = "ListWidget"
TRUTH_FILE = "truth-tiddlers.json"
# The facet attribute: the tiddler field that holds the tags is named `tags` (and the app shows
# them under a "Tags" tab), so the attribute is named as the app names it.
ATTRIBUTE = "tags"
# Every tiddler whose title does not start with "$:/", in title order (TiddlyWiki's own filter).
EXPORT_FILTER = "[!is[system]sort[title]]"


@dataclass(frozen=True, slots=True)
class Tiddler:
    """What the truth keeps of one tiddler."""

    title: str
    tags: tuple[str, ...]
    type: str


# TiddlyWiki's `$tw.utils.parseStringArray`: [[multi word]] items or runs of non-space.
_LIST_ITEM = re.compile(r"(?:^|[^\S\xa0])(?:\[\[(.*?)\]\])(?=[^\S\xa0]|$)|([\S\xa0]+)", re.M)


def parse_string_list(value: str | Sequence[str] | None) -> tuple[str, ...]:
    """A TiddlyWiki list field (`tags`, `list`) as its items, in order, without repeats."""
    if value is None:
        return ()
    if not isinstance(value, str):
        return tuple(dict.fromkeys(value))
    items = (
        m.group(1) if m.group(1) is not None else m.group(2) for m in _LIST_ITEM.finditer(value)
    )
    return tuple(dict.fromkeys(items))


def read_tiddlers(export: Path) -> list[Tiddler]:
    """The exported non-system tiddlers (TiddlyWiki's JSON export), in title order."""
    records = json.loads(export.read_text(encoding="utf-8"))
    return [
        Tiddler(
            r["title"], parse_string_list(r.get("tags")), r.get("type") or "text/vnd.tiddlywiki"
        )
        for r in records
    ]


_URI_COMPONENT_SAFE = "-_.!~*'()"  # what encodeURIComponent leaves as it is


def permalink(base_url: str, title: str) -> str:
    """`/#` + JavaScript's encodeURIComponent(title): TiddlyWiki's permalink."""
    return f"{base_url}/#{quote(title, safe=_URI_COMPONENT_SAFE)}"


def _queries(urls: dict[str, str], tiddlers: Iterable[Tiddler]) -> tuple[FacetQuery, ...]:
    by_tag: dict[str, list[str]] = {}
    for tiddler in tiddlers:
        for tag in tiddler.tags:
            by_tag.setdefault(tag, []).append(urls[tiddler.title])
    return tuple(FacetQuery(((ATTRIBUTE, tag),), tuple(by_tag[tag])) for tag in sorted(by_tag))


class TiddlyWikiApp(RealApp):
    """TiddlyWiki's node server over its documentation edition: a fragment-routed SPA."""

    id = "real-tiddlywiki"
    kind = "shop"
    description = "TiddlyWiki (npm) serving its tw5.com documentation edition; tags as facets"

    @property
    def package_dir(self) -> Path:
        return self.dir / "node_modules" / "tiddlywiki"

    @property
    def wiki_dir(self) -> Path:
        return self.dir / "wiki"

    @property
    def export(self) -> Path:
        return self.dir / TRUTH_FILE

    def _bin(self) -> str:
        return str(self.dir / "node_modules" / ".bin" / "tiddlywiki")

    def _installed_version(self) -> str | None:
        package = self.package_dir / "package.json"
        if not package.is_file():
            return None
        version = json.loads(package.read_text(encoding="utf-8")).get("version")
        return version if isinstance(version, str) else None

    def _wiki_info(self) -> str:
        edition = self.package_dir / "editions" / EDITION
        info = {
            "description": f"TiddlyWiki's {EDITION} edition, included read-only",
            "includeWikis": [{"path": str(edition), "read-only": True}],
            "plugins": [],
            "themes": [],
        }
        return json.dumps(info, indent=2) + "\n"

    def needs(self) -> tuple[str, ...]:
        return (
            f"npm tiddlywiki@{VERSION} (node_modules in {self.dir})",
            f"data: the {EDITION} documentation edition shipped in the package",
        )

    def installed(self) -> bool:
        info = self.wiki_dir / "tiddlywiki.info"
        return (
            self._installed_version() == VERSION
            and info.is_file()
            and info.read_text(encoding="utf-8") == self._wiki_info()
            and self.export.is_file()
        )

    def _install(self, progress: Progress) -> None:
        """npm install, the wiki folder, the truth export; each only when missing."""
        log = self.dir / "logs" / "install.log"
        self.dir.mkdir(parents=True, exist_ok=True)
        if self._installed_version() != VERSION:
            npm = ["npm", "install", "--no-audit", "--no-fund", "--prefix", str(self.dir)]
            run_step(
                self.id,
                f"npm install tiddlywiki@{VERSION}",
                [*npm, f"tiddlywiki@{VERSION}"],
                log,
                progress,
            )
        info = self.wiki_dir / "tiddlywiki.info"
        if not info.is_file() or info.read_text(encoding="utf-8") != self._wiki_info():
            self.wiki_dir.mkdir(parents=True, exist_ok=True)
            info.write_text(self._wiki_info(), encoding="utf-8")
            self.export.unlink(missing_ok=True)
        if not self.export.is_file():
            export = [
                self._bin(), str(self.wiki_dir), "--output", str(self.dir),
                "--render", ".", TRUTH_FILE, "text/plain",
                "$:/core/templates/exporters/JsonFile", "exportFilter", EXPORT_FILTER,
            ]  # fmt: skip
            run_step(
                self.id, "exporting the non-system tiddlers for the truth", export, log, progress
            )

    def command(self, port: int) -> list[str]:
        return [self._bin(), str(self.wiki_dir), "--listen", "host=127.0.0.1", f"port={port}"]

    def truth(self, base_url: str) -> SiteTruth:
        """The wiki's tiddlers as entities at their permalinks, tags as the facet attribute."""
        self.require_installed()
        b = base_url.rstrip("/")
        tiddlers = read_tiddlers(self.export)
        urls = {t.title: permalink(b, t.title) for t in tiddlers}
        if SEED_TITLE not in urls:
            raise ValueError(f"{self.id}: the edition has no tiddler {SEED_TITLE!r}")
        home_page = b + "/"
        tags = sorted({tag for t in tiddlers for tag in t.tags})
        tagged = sum(1 for t in tiddlers if t.tags)
        notes = (
            f"TiddlyWiki {VERSION}, edition {EDITION}: {len(tiddlers)} non-system tiddlers "
            f"({tagged} tagged, {len(tags)} distinct tags), each at its permalink /#<title> "
            "(encodeURIComponent; the page's own links escape !'()* too). The home page is the "
            "single-page app with every tiddler embedded; tag pills open popups listing the "
            "tagged tiddlers. `templates`: the home page (the list to start from) and every "
            "tiddler state."
        )
        truth = type_truth(
            self,
            b,
            "tiddler",
            urls.values(),
            (home_page, urls[SEED_TITLE]),
            attributes={urls[t.title]: {ATTRIBUTE: t.tags} for t in tiddlers if t.tags},
            queries=_queries(urls, tiddlers),
            facet_values={ATTRIBUTE: tuple(tags)},
            templates={home_page: "list"} | {url: "tiddler" for url in urls.values()},
            notes=notes,
        )
        # a tag's popup is a state of the page listing every tiddler with the tag at once: one
        # action a query
        return replace(truth, state_rows=len(tiddlers))
