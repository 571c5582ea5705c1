"""real-docusaurus: a Docusaurus (npm) documentation site built from eslint-plugin-import's own
Markdown documentation (the data of real-vitepress), served as its built static output.

Install, under the app's home (`project/`):

1. `node_modules/`: Docusaurus 3 (its core and classic preset, React 19), as `npm ci` installs
   them from the lockfile this repository ships (lab/real/apps/docusaurus.package.json and
   docusaurus.package-lock.json). No install scripts run.
2. `docs/`: the npm package `eslint-plugin-import` unpacked as real-vitepress unpacks it
   (lab/real/vitepress.py `unpack_data`: remote images left out), the docs plugin's folder.
   Docusaurus's own file is added: `docusaurus.config.js` (`config`), the classic preset with
   its defaults but for the docs served at the root (`routeBasePath: "/"`), no blog and no
   pages plugin, addresses ending in a slash (`trailingSlash`: a page is `…/index.html`, which
   a file server serves as it is linked), Markdown files read as CommonMark (not MDX), the
   sources' dead links kept. The sidebar is Docusaurus's default: generated from the folders
   (the README, then the folders `docs/rules/` and `memo-parser/` as collapsible categories,
   then the other files), every page carrying it.
3. `build/`: built once by Docusaurus's command line (`docusaurus build`), served as files by
   Python's static server on 127.0.0.1.

URLs (Docusaurus's): a Markdown file `a/b.md` is `/a/b/`; a folder's README its folder
(`/memo-parser/`), the package's README the root `/`. Every page is prerendered HTML whose
links are real `<a href>`; once its scripts load, React hydrates it and its client-side router
navigates between pages without reloads.

Truth, from the Markdown sources (never the built site): the entities are the rule pages, one
per `docs/rules/*.md`; attribute `category`, the README heading whose table lists the rule; the
index is one level, the README's page `/`, whose tables list every rule (as does every page's
sidebar, once its category is opened); the seed is `/docs/rules/no-unresolved/`.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from siteseer.lab.real.app import APPS_DIR, RealApp, static_server, type_truth
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.npm import built_from, npm_ci, npm_ci_need
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.real.vitepress import DATA, read_rules, unpack_data
from siteseer.lab.truth import SiteTruth

__all__ = ["DocusaurusApp", "config", "page_path"]

APP_ID = "real-docusaurus"
SEED = "/docs/rules/no-unresolved/"
LOCK_FILES = {
    "package.json": "docusaurus.package.json",
    "package-lock.json": "docusaurus.package-lock.json",
}
DOCS = "docs"  # the docs plugin's folder in the project


def page_path(source: str) -> str:
    """The URL path Docusaurus gives the Markdown file `source` (relative to the docs folder),
    docs at the root and trailing slashes on: `a/b.md` → `/a/b/`, a folder's `README.md` →
    its folder (the package's → `/`)."""
    path = source.removesuffix(".md")
    if path == "README" or path.endswith("/README"):
        path = path.removesuffix("README").rstrip("/")
    return f"/{path}/" if path else "/"


def config(name: str, description: str) -> str:
    """`docusaurus.config.js`: the classic preset, docs at the root; see the module docstring."""
    site = {
        "title": name,
        "tagline": description,
        "url": "http://127.0.0.1",
        "baseUrl": "/",
        "trailingSlash": True,
        "onBrokenLinks": "ignore",
        "onBrokenAnchors": "ignore",
        "markdown": {"format": "detect", "hooks": {"onBrokenMarkdownLinks": "ignore"}},
        "presets": [
            [
                "classic",
                {"docs": {"path": DOCS, "routeBasePath": "/"}, "blog": False, "pages": False},
            ]
        ],
        "themeConfig": {"navbar": {"title": name}},
    }
    return f"module.exports = {json.dumps(site, indent=2)};\n"


def _stamp_of() -> dict[str, object]:
    """What a build is made from: the data package, the config and the lockfile's packages."""
    lock = json.loads((APPS_DIR / LOCK_FILES["package.json"]).read_text(encoding="utf-8"))
    return {"data": DATA, "config": config("", ""), "packages": lock["dependencies"]}


class DocusaurusApp(RealApp):
    """A Docusaurus site of eslint-plugin-import's documentation, built once, served as files."""

    id = APP_ID
    kind = "entity-tree"
    description = (
        "Docusaurus (npm) site of eslint-plugin-import's Markdown docs: classic preset, a "
        "sidebar generated from the folders, React hydration and client-side routing"
    )

    @property
    def project(self) -> Path:
        return self.dir / "project"

    @property
    def source(self) -> Path:
        return self.project / DOCS

    @property
    def site(self) -> Path:
        return self.project / "build"  # the built site, the same at every size

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
        """npm ci, the data package unpacked, then `docusaurus build` (once: the stamp)."""
        if self.installed():
            return
        log = self.dir / "logs" / "install.log"
        npm_ci(self.id, self.project, LOCK_FILES, "Docusaurus", log, progress, node=20)
        meta, rules = unpack_data(self.id, self.project / "packs", self.source, log, progress)
        shutil.rmtree(self.project / "packs")
        (self.project / "docusaurus.config.js").write_text(
            config(meta["name"], meta["description"]), encoding="utf-8"
        )
        docusaurus = str(self.project / "node_modules/@docusaurus/core/bin/docusaurus.mjs")
        build = ["node", docusaurus, "build", str(self.project)]
        # in the project: the build keeps webpack's cache in its working folder's .cache/
        what = f"building the site ({len(rules)} rules)"
        run_step(self.id, what, build, log, progress, cwd=self.project)
        missing = [r.source for r in rules if not (self.site / page_path(r.source)[1:]).is_dir()]
        if missing or not (self.site / "index.html").is_file():
            raise InstallFailed(self.id, f"docusaurus build wrote no page of {missing[:1]}")
        self.stamp.write_text(
            json.dumps({"rules": len(rules), "from": _stamp_of()}), encoding="utf-8"
        )

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
        guide = {b + page_path(s): "guide" for s in ("CHANGELOG.md", "SECURITY.md")}
        return type_truth(
            self,
            b,
            "rule",
            urls,
            (readme, b + SEED),
            attributes={u: {"category": (r.category,)} for u, r in zip(urls, rules, strict=True)},
            templates={readme: "readme"} | guide | dict.fromkeys(urls, "rule"),
            notes=(
                f"{len(urls)} rule pages in {len({r.category for r in rules})} categories; the "
                "README's tables list every rule, and every page's sidebar once its category is "
                "opened. Not listed in templates: /memo-parser/, /docs/rules/ (a category's "
                "generated index, when Docusaurus writes one), /404.html, /assets/."
            ),
        )
