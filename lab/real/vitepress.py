"""real-vitepress: a VitePress (npm) documentation site built from eslint-plugin-import's own
Markdown documentation, served as its built static output.

Install, under the app's home (`project/`):

1. `node_modules/`: VitePress 1.6 and its default theme, as `npm ci` installs them from the
   lockfile this repository ships (lab/real/apps/vitepress.package.json and
   vitepress.package-lock.json, copied in as `package.json` and `package-lock.json`). No install
   scripts run.
2. `site/`: the npm package `eslint-plugin-import` (`DATA`, fetched by `npm pack`) unpacked as it
   is: its README (the rules' tables by category, then installation, resolvers and settings),
   `docs/rules/<rule>.md` (a page per rule), CHANGELOG.md, SECURITY.md and memo-parser's README.
   One edit: images from other hosts (the README's build badges) are left out
   (`strip_remote_images`), so that no page loads anything off the machine. VitePress's own
   files are added: `index.md`, a home page in its `home` layout (the package's name and
   description, links to the README and the changelog), and `.vitepress/config.mjs` (`config`):
   a navigation bar and a sidebar on every page but the home page that lists the guide's pages
   and then every rule under its category, both in the README's order; the source's own dead
   links (to files the package does not ship) are kept (`ignoreDeadLinks`).
3. `site/.vitepress/dist/`: built once by VitePress's command line (`vitepress build`), served as
   files by Python's static server on 127.0.0.1.

URLs (VitePress's defaults, `cleanUrls` off): a Markdown file `a/b.md` is `/a/b.html`; the home
page `/`. Every page is prerendered HTML whose links are real `<a href>`; once its scripts load,
VitePress's client-side router takes over and navigates between pages without reloads, fetching
each page's own script chunk (`/assets/docs_rules_<rule>.md.<hash>.js`).

Truth, from the Markdown sources (never the built site): the entities are the rule pages, one
per `docs/rules/*.md`; attribute `category`, the README heading whose table lists the rule; the
index is one level, the README's page `/README.html`, whose tables (and sidebar) list every rule;
the seed is `/docs/rules/no-unresolved.html`.
"""

from __future__ import annotations

import json
import re
import tarfile
from dataclasses import dataclass
from pathlib import Path

from siteseer.lab.real.app import APPS_DIR, RealApp, static_server, type_truth
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.npm import built_from, npm_ci, npm_ci_need
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = [
    "DATA",
    "Rule",
    "VitePressApp",
    "config",
    "page_path",
    "read_rules",
    "strip_remote_images",
    "unpack_data",
]

APP_ID = "real-vitepress"
DATA = "eslint-plugin-import@2.32.0"
SEED = "/docs/rules/no-unresolved.html"
LOCK_FILES = {
    "package.json": "vitepress.package.json",
    "package-lock.json": "vitepress.package-lock.json",
}
# The guide's pages, in the sidebar's first group: (title, Markdown file).
GUIDE = (
    ("Overview", "README.md"),
    ("Changelog", "CHANGELOG.md"),
    ("Security", "SECURITY.md"),
    ("memo-parser", "memo-parser/README.md"),
)
_RULE_ROW = re.compile(r"^\|\s*\[([^\]]+)\]\((docs/rules/[^)]+\.md)\)")
_REMOTE = r"(?:https?:)?//"
# A linked image `[![alt](src)](href)` (either part possibly by reference), then a bare one.
_LINKED_IMAGE = re.compile(
    r"\[!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])\](?:\([^)]*\)|\[[^\]]*\])[ \t]*\n?"
)
_IMAGE = re.compile(r"!\[[^\]]*\]\(" + _REMOTE + r"[^)]*\)")
_DEFINITION = re.compile(r"^\[([^\]]+)\]:\s*(\S+)", re.MULTILINE)


@dataclass(frozen=True)
class Rule:
    """A rule's page: its name, Markdown file (relative to the package) and README category."""

    name: str
    source: str
    category: str


def page_path(source: str) -> str:
    """The URL path VitePress gives the Markdown file `source` (relative to its source
    directory), clean URLs off: `a/b.md` → `/a/b.html`, `index.md` → `/`."""
    if source == "index.md":
        return "/"
    return "/" + source.removesuffix(".md") + ".html"


def read_rules(package: Path) -> list[Rule]:
    """Every rule, from the README's tables under `## Rules` (in their order), each with the
    `###` heading above its table; raises ValueError when a rule file is listed by no table or a
    table names a file the package lacks."""
    rules: list[Rule] = []
    category = ""
    within = False
    for line in (package / "README.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            within = line.strip() == "## Rules"
        elif within and line.startswith("### "):
            category = line[4:].strip()
        elif within and (row := _RULE_ROW.match(line)):
            rules.append(Rule(row.group(1), row.group(2), category))
    listed = {r.source for r in rules}
    files = {p.relative_to(package).as_posix() for p in (package / "docs/rules").glob("*.md")}
    if listed != files or len(listed) != len(rules):
        raise ValueError(
            f"{package}: the README's tables and docs/rules/ differ: "
            f"unlisted {sorted(files - listed)}, missing {sorted(listed - files)}"
        )
    return rules


def strip_remote_images(text: str) -> str:
    """`text` without the Markdown images whose source is on another host (linked or bare,
    inline or by reference): a browser would load them from off the machine."""
    remote = {
        label.lower() for label, target in _DEFINITION.findall(text) if re.match(_REMOTE, target)
    }

    def linked(match: re.Match[str]) -> str:
        image = re.match(r"\[!\[[^\]]*\](?:\(([^)]*)\)|\[([^\]]*)\])", match.group(0))
        assert image is not None
        inline, label = image.groups()
        if inline is not None:
            is_remote = bool(re.match(_REMOTE, inline))
        else:
            is_remote = label.lower() in remote
        return "" if is_remote else match.group(0)

    return _IMAGE.sub("", _LINKED_IMAGE.sub(linked, text))


def home_page(name: str, description: str) -> str:
    """`index.md`: VitePress's home layout naming the package, linking the guide."""
    return (
        "---\nlayout: home\nhero:\n"
        f"  name: {json.dumps(name)}\n  tagline: {json.dumps(description)}\n"
        "  actions:\n"
        f"    - theme: brand\n      text: Rules\n      link: {page_path('README.md')}\n"
        f"    - theme: alt\n      text: Changelog\n      link: {page_path('CHANGELOG.md')}\n"
        "---\n"
    )


def config(name: str, description: str, rules: list[Rule]) -> str:
    """`.vitepress/config.mjs`: the title, a navigation bar, and the sidebar (the guide's pages,
    then every rule under its category)."""
    guide = [{"text": title, "link": page_path(source)} for title, source in GUIDE]
    groups: dict[str, list[dict[str, str]]] = {}
    for rule in rules:
        groups.setdefault(rule.category, []).append(
            {"text": rule.name, "link": page_path(rule.source)}
        )
    sidebar = [{"text": "Guide", "items": guide}] + [
        {"text": category, "items": items} for category, items in groups.items()
    ]
    site = {
        "title": name,
        "description": description,
        "ignoreDeadLinks": True,
        "themeConfig": {
            "nav": [
                {"text": "Rules", "link": page_path("README.md")},
                {"text": "Changelog", "link": page_path("CHANGELOG.md")},
            ],
            "sidebar": sidebar,
        },
    }
    return f"export default {json.dumps(site, indent=2)};\n"


def unpack_data(
    app_id: str, packs: Path, into: Path, log: Path, progress: Progress
) -> tuple[dict[str, str], list[Rule]]:
    """`npm pack` of `DATA` into the new folder `packs`, unpacked as the folder `into`, its
    Markdown files without remote images; returns its package.json and its rules."""
    packs.mkdir()
    pack = ["npm", "pack", DATA, "--silent", "--pack-destination", str(packs)]
    run_step(app_id, f"npm pack {DATA}", pack, log, progress)
    (tarball,) = packs.glob("*.tgz")
    with tarfile.open(tarball) as archive:
        archive.extractall(packs, filter="data")
    (packs / "package").rename(into)
    for file in into.rglob("*.md"):
        text = file.read_text(encoding="utf-8")
        file.write_text(strip_remote_images(text), encoding="utf-8")
    meta = json.loads((into / "package.json").read_text(encoding="utf-8"))
    try:
        return meta, read_rules(into)
    except ValueError as e:
        raise InstallFailed(app_id, str(e)) from e


def _stamp_of() -> dict[str, object]:
    """What a build is made from: the data package, the guide and the lockfile's packages."""
    lock = json.loads((APPS_DIR / LOCK_FILES["package.json"]).read_text(encoding="utf-8"))
    return {"data": DATA, "guide": GUIDE, "packages": lock["dependencies"]}


class VitePressApp(RealApp):
    """A VitePress site of eslint-plugin-import's documentation, built once, served as files."""

    id = APP_ID
    kind = "entity-tree"
    description = (
        "VitePress (npm) site of eslint-plugin-import's Markdown docs: default theme, a sidebar "
        "of every rule by category, client-side routing"
    )

    @property
    def project(self) -> Path:
        return self.dir / "project"

    @property
    def source(self) -> Path:
        return self.project / "site"  # the package's files, index.md and .vitepress/

    @property
    def site(self) -> Path:
        return self.source / ".vitepress" / "dist"  # the built site, the same at every size

    @property
    def stamp(self) -> Path:
        return self.dir / "built.json"

    def needs(self) -> tuple[str, ...]:
        return (
            npm_ci_need(LOCK_FILES, self.project),
            f"data: the Markdown documentation of the npm package {DATA} (npm pack)",
        )

    def installed(self) -> bool:
        return built_from(self.stamp, _stamp_of())

    def _install(self, progress: Progress) -> None:
        """npm ci, the data package unpacked, then `vitepress build` (once: the stamp)."""
        if self.installed():
            return
        log = self.dir / "logs" / "install.log"
        npm_ci(self.id, self.project, LOCK_FILES, "VitePress", log, progress)
        rules = self._data(log, progress)
        vitepress = str(self.project / "node_modules/vitepress/bin/vitepress.js")
        build = ["node", vitepress, "build", str(self.source)]
        run_step(self.id, f"building the site ({len(rules)} rules)", build, log, progress)
        if not (self.site / "index.html").is_file():
            raise InstallFailed(self.id, f"vitepress build wrote no {self.site / 'index.html'}")
        self.stamp.write_text(
            json.dumps({"rules": len(rules), "from": _stamp_of()}), encoding="utf-8"
        )

    def _data(self, log: Path, progress: Progress) -> list[Rule]:
        """`npm pack` the data package, unpack it as `site/`, write index.md and the config."""
        meta, rules = unpack_data(self.id, self.project / "packs", self.source, log, progress)
        (self.source / "index.md").write_text(
            home_page(meta["name"], meta["description"]), encoding="utf-8"
        )
        (self.source / ".vitepress").mkdir()
        (self.source / ".vitepress" / "config.mjs").write_text(
            config(meta["name"], meta["description"], rules), encoding="utf-8"
        )
        return rules

    def command(self, port: int) -> list[str]:
        """Python's static file server over the built site on 127.0.0.1:port."""
        return static_server(self.site, port)

    def truth(self, base_url: str) -> SiteTruth:
        """The rule pages as entities, their README category an attribute; see the docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        rules = read_rules(self.source)
        urls = tuple(b + page_path(r.source) for r in rules)
        readme = b + page_path("README.md")
        guide = {b + page_path(source): "guide" for _, source in GUIDE}
        return type_truth(
            self,
            b,
            "rule",
            urls,
            (readme, b + SEED),
            attributes={u: {"category": (r.category,)} for u, r in zip(urls, rules, strict=True)},
            templates={b + "/": "home"} | guide | dict.fromkeys(urls, "rule"),
            notes=(
                f"{len(urls)} rule pages in {len({r.category for r in rules})} categories; the "
                "README's tables and every page's sidebar list every rule. Not listed in "
                "templates: /404.html, /assets/ (each page's script chunk), /hashmap.json."
            ),
        )
