"""real-eleventy: a blog built by Eleventy (npm `@11ty/eleventy`) from Debian changelogs, served
as its built static output.

Install, under the app's home (`project/`):

1. `node_modules/`: Eleventy 3.1, as `npm ci` installs it from the lockfile this repository ships
   (lab/real/apps/eleventy.package.json and eleventy.package-lock.json). No install scripts run.
2. `site/`: a post per upload (`posts/<slug>.md`, front matter: title, date, author, tags `post`
   and the source package) of four Debian packages no other application reads (`PACKAGES`:
   zlib1g, libzstd1, libpcre2-8-0, adduser; their installed changelogs, read by
   lab/real/changelogs.py, up to bookworm's release as real-hugo), the entry's text as a
   preformatted block; Eleventy's own templates (Nunjucks): a layout, the blog's list paginated
   20 posts a page (`/`, `/page/2/` …, newest first, numbered page links), a page per tag
   (`/tags/<package>/`, every post of the package) and the tags' list `/tags/`.
3. `site/_site/`: built once by `eleventy`, served as files by Python's static server.

Truth, from the changelogs (never the built site): the entities are the post pages
`/posts/<slug>/`, attributes `package` and `author`; the index is one level, the list's pages;
the seed is the newest upload's post, on the first page.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from siteseer.lab.real.app import APPS_DIR, RealApp, static_server, type_truth
from siteseer.lab.real.changelogs import Upload, read_uploads, slug
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.hugo import CUTOFF
from siteseer.lab.real.npm import built_from, npm_ci
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["PACKAGES", "PAGE", "EleventyApp", "list_pages", "post_file", "uploads"]

APP_ID = "real-eleventy"
PACKAGES = ("zlib1g", "libzstd1", "libpcre2-8-0", "adduser")
PAGE = 20  # posts on a list page
LOCK_FILES = {
    "package.json": "eleventy.package.json",
    "package-lock.json": "eleventy.package-lock.json",
}
_CONFIG = """\
// Eleventy's configuration for siteseer's lab (lab/real/eleventy.py)
module.exports = function (eleventyConfig) {
  return {
    dir: { input: ".", output: "_site", includes: "_includes" },
    markdownTemplateEngine: false, // the changelogs' text is never a template
    htmlTemplateEngine: "njk",
  };
};
"""
_LAYOUT = """\
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ title }} | Debian uploads</title></head>
<body><header><a href="/">Debian uploads</a> · <a href="/tags/">Packages</a></header>
<main>{% if author %}<h1>{{ title }}</h1>
<p>{{ author }} · {{ page.date.toISOString().slice(0, 10) }} · {% for t in tags %}{% if t != "post" %}<a href="/tags/{{ t | slugify }}/">{{ t }}</a>{% endif %}{% endfor %}</p>{% endif %}
{{ content | safe }}</main></body></html>
"""
_LIST = """\
---
layout: base.njk
title: Debian uploads
pagination:
  data: collections.post
  size: %(page)d
  reverse: true
  alias: posts
permalink: "{%% if pagination.pageNumber > 0 %%}/page/{{ pagination.pageNumber + 1 }}/{%% else %%}/{%% endif %%}"
---
<h1>Debian uploads</h1>
<ul>{%% for post in posts %%}<li><a href="{{ post.url }}">{{ post.data.title }}</a> {{ post.data.author }}</li>
{%% endfor %%}</ul>
<nav>{%% for href in pagination.hrefs %%}<a href="{{ href }}">{{ loop.index }}</a> {%% endfor %%}</nav>
"""
_TAG = """\
---
layout: base.njk
pagination:
  data: collections
  size: 1
  alias: tag
  filter: [all, post]
eleventyComputed:
  title: "{{ tag }}"
permalink: "/tags/{{ tag | slugify }}/"
---
<h1>Uploads of {{ tag }}</h1>
<ul>{% for post in collections[tag] | reverse %}<li><a href="{{ post.url }}">{{ post.data.title }}</a></li>
{% endfor %}</ul>
"""
_TAGS = """\
---
layout: base.njk
title: Packages
permalink: /tags/
---
<h1>Packages</h1>
<ul>{% for tag, posts in collections %}{% if tag != "all" and tag != "post" %}<li><a href="/tags/{{ tag | slugify }}/">{{ tag }}</a> ({{ posts.length }})</li>{% endif %}
{% endfor %}</ul>
"""


def uploads() -> list[Upload]:
    """Every upload of `PACKAGES` up to the cutoff, newest first (by date)."""
    by_package = read_uploads(PACKAGES, CUTOFF, 0)
    everything = [u for package in PACKAGES for u in by_package[package]]
    return sorted(everything, key=lambda u: u.date, reverse=True)


def post_file(upload: Upload) -> str:
    """A post's Markdown: front matter, then the entry as a preformatted block."""
    title = json.dumps(upload.title)
    return (
        f"---\ntitle: {title}\ndate: {upload.date.isoformat()}\n"
        f"author: {json.dumps(upload.author)}\ntags: [post, {json.dumps(upload.package)}]\n"
        f"layout: base.njk\n---\n\n~~~~text\n{upload.text}\n~~~~\n"
    )


def list_pages(base: str, posts: int, page: int = PAGE) -> tuple[str, ...]:
    """The list's pages as Eleventy's pagination names them here: `/`, `/page/2/` …"""
    pages = max(1, math.ceil(posts / page))
    return (f"{base}/", *(f"{base}/page/{n}/" for n in range(2, pages + 1)))


def _stamp_of() -> dict[str, object]:
    lock = json.loads((APPS_DIR / LOCK_FILES["package.json"]).read_text(encoding="utf-8"))
    return {"packages": PACKAGES, "npm": lock["dependencies"], "page": PAGE}


class EleventyApp(RealApp):
    """An Eleventy blog of four packages' Debian uploads, built once, served as files."""

    id = APP_ID
    kind = "entity-tree"
    description = "Eleventy (npm) blog of Debian changelogs: paged list, a page per package"

    @property
    def project(self) -> Path:
        return self.dir / "project"

    @property
    def source(self) -> Path:
        return self.project / "site"

    @property
    def site(self) -> Path:
        return self.source / "_site"  # the same at every size

    @property
    def stamp(self) -> Path:
        return self.dir / "built.json"

    def needs(self) -> tuple[str, ...]:
        return (
            f"node and npm; npm @11ty/eleventy (npm ci from lab/real/apps/eleventy.package-lock"
            f".json, in {self.project})",
            f"data: the Debian changelogs of {', '.join(PACKAGES)}",
        )

    def installed(self) -> bool:
        return built_from(self.stamp, _stamp_of())

    def _install(self, progress: Progress) -> None:
        """npm ci, the posts and templates written, then `eleventy` (once: the stamp)."""
        if self.installed():
            return
        log = self.dir / "logs" / "install.log"
        npm_ci(self.id, self.project, LOCK_FILES, "Eleventy", log, progress)
        posts = uploads()
        (self.source / "posts").mkdir(parents=True)
        (self.source / "_includes").mkdir()
        for upload in posts:
            (self.source / "posts" / f"{slug(upload.title)}.md").write_text(
                post_file(upload), encoding="utf-8"
            )
        (self.source / "eleventy.config.js").write_text(_CONFIG, encoding="utf-8")
        (self.source / "_includes" / "base.njk").write_text(_LAYOUT, encoding="utf-8")
        (self.source / "index.njk").write_text(_LIST % {"page": PAGE}, encoding="utf-8")
        (self.source / "tag.njk").write_text(_TAG, encoding="utf-8")
        (self.source / "tags.njk").write_text(_TAGS, encoding="utf-8")
        eleventy = str(self.project / "node_modules/@11ty/eleventy/cmd.cjs")
        build = ["node", eleventy, "--input", str(self.source), "--output", str(self.site)]
        run_step(self.id, f"eleventy ({len(posts)} posts)", build, log, progress)
        if not (self.site / "index.html").is_file():
            raise InstallFailed(self.id, f"eleventy wrote no {self.site / 'index.html'}")
        self.stamp.write_text(json.dumps({"posts": len(posts), "from": _stamp_of()}))

    def command(self, port: int) -> list[str]:
        """Python's static file server over the built site on 127.0.0.1:port."""
        return static_server(self.site, port)

    def truth(self, base_url: str) -> SiteTruth:
        """The post pages, listed by the blog's pages; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        posts = uploads()
        urls = tuple(f"{b}/posts/{slug(u.title)}/" for u in posts)
        level = list_pages(b, len(urls))
        tags = {f"{b}/tags/{u.package}/" for u in posts}
        return type_truth(
            self,
            b,
            "post",
            urls,
            (level[0], urls[0]),
            levels=(level,),
            attributes={
                url: {"package": (u.package,), "author": (u.author,)}
                for url, u in zip(urls, posts, strict=True)
            },
            templates=dict.fromkeys(level, "list")
            | {f"{b}/tags/": "tags"}
            | dict.fromkeys(sorted(tags), "tag")
            | dict.fromkeys(urls, "post"),
            notes=(
                f"{len(urls)} posts (the Debian uploads of {', '.join(PACKAGES)}), "
                f"{len(level)} list pages of {PAGE}, {len(tags)} package pages."
            ),
        )
