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
permalink form. Attributes: `tag` (the tiddler's tags). Queries: one per tag, the tiddlers
carrying it (TiddlyWiki's `[tag[…]]`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from lab.real.process import run_logged
from lab.truth import FacetQuery, SiteTruth

__all__ = [
    "APP_ID",
    "VERSION",
    "Tiddler",
    "install",
    "parse_string_list",
    "permalink",
    "read_tiddlers",
    "serve_command",
    "truth",
]

APP_ID = "real-tiddlywiki"
VERSION = "5.4.1"
EDITION = "tw5.com"
SEED_TITLE = "ListWidget"
TRUTH_FILE = "truth-tiddlers.json"
# Every tiddler whose title does not start with "$:/", in title order (TiddlyWiki's own filter).
EXPORT_FILTER = "[!is[system]sort[title]]"


@dataclass(frozen=True, slots=True)
class Tiddler:
    """What the truth keeps of one tiddler."""

    title: str
    tags: tuple[str, ...]
    type: str


def _package_dir(home: Path) -> Path:
    return home / "node_modules" / "tiddlywiki"


def _bin(home: Path) -> Path:
    return home / "node_modules" / ".bin" / "tiddlywiki"


def _wiki_dir(home: Path) -> Path:
    return home / "wiki"


def _installed_version(home: Path) -> str | None:
    package = _package_dir(home) / "package.json"
    if not package.is_file():
        return None
    version = json.loads(package.read_text(encoding="utf-8")).get("version")
    return version if isinstance(version, str) else None


def install(home: Path) -> None:
    """Install TiddlyWiki, lay out the wiki folder and export the truth; each step is skipped
    when its result is already there."""
    home.mkdir(parents=True, exist_ok=True)
    if _installed_version(home) != VERSION:
        run_logged(
            [
                "npm",
                "install",
                "--no-audit",
                "--no-fund",
                "--prefix",
                str(home),
                f"tiddlywiki@{VERSION}",
            ],
            home / "install.log",
        )
    wiki = _wiki_dir(home)
    info = {
        "description": f"TiddlyWiki's {EDITION} edition, included read-only",
        "includeWikis": [
            {"path": str(_package_dir(home) / "editions" / EDITION), "read-only": True}
        ],
        "plugins": [],
        "themes": [],
    }
    text = json.dumps(info, indent=2) + "\n"
    info_file = wiki / "tiddlywiki.info"
    if not info_file.is_file() or info_file.read_text(encoding="utf-8") != text:
        wiki.mkdir(parents=True, exist_ok=True)
        info_file.write_text(text, encoding="utf-8")
        (home / TRUTH_FILE).unlink(missing_ok=True)
    if not (home / TRUTH_FILE).is_file():
        export = [
            str(_bin(home)), str(wiki), "--output", str(home),
            "--render", ".", TRUTH_FILE, "text/plain",
            "$:/core/templates/exporters/JsonFile", "exportFilter", EXPORT_FILTER,
        ]  # fmt: skip
        run_logged(export, home / "install.log")


def serve_command(home: Path, port: int) -> list[str]:
    """The command that serves the wiki on 127.0.0.1:port until terminated."""
    return [str(_bin(home)), str(_wiki_dir(home)), "--listen", "host=127.0.0.1", f"port={port}"]


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


def read_tiddlers(home: Path) -> list[Tiddler]:
    """The exported non-system tiddlers, in title order."""
    records = json.loads((home / TRUTH_FILE).read_text(encoding="utf-8"))
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
    return tuple(FacetQuery((("tag", tag),), tuple(by_tag[tag])) for tag in sorted(by_tag))


def truth(home: Path, base_url: str, kind: str = "shop") -> SiteTruth:
    """The wiki's tiddlers as entities at their permalinks, tags as the facet attribute."""
    tiddlers = read_tiddlers(home)
    urls = {t.title: permalink(base_url, t.title) for t in tiddlers}
    if SEED_TITLE not in urls:
        raise ValueError(f"{APP_ID}: the edition has no tiddler {SEED_TITLE!r}")
    home_page = base_url + "/"
    attributes = {urls[t.title]: {"tag": t.tags} for t in tiddlers if t.tags}
    tags = sorted({tag for t in tiddlers for tag in t.tags})
    tagged = sum(1 for t in tiddlers if t.tags)
    notes = (
        f"TiddlyWiki {VERSION}, edition {EDITION}: {len(tiddlers)} non-system tiddlers "
        f"({tagged} tagged, {len(tags)} distinct tags), each at its permalink /#<title> "
        "(encodeURIComponent; the page's own links escape !'()* too). The home page is the "
        "single-page app with every tiddler embedded; tag pills open popups listing the tagged "
        "tiddlers. `templates` lists the home page and every tiddler state."
    )
    return SiteTruth(
        site=APP_ID,
        base_url=base_url,
        kind=kind,
        entities={"tiddler": tuple(urls.values())},
        target_type="tiddler",
        seed_entity=urls[SEED_TITLE],
        index_levels=((home_page,),),
        seed_path=(home_page, urls[SEED_TITLE]),
        attributes=attributes,
        queries=_queries(urls, tiddlers),
        facet_values={"tag": tuple(tags)},
        templates={home_page: "home"} | {url: "tiddler" for url in urls.values()},
        notes=notes,
    )
