"""real-jekyll: a blog built by Jekyll (Debian `jekyll`) from Debian's changelogs of the Ruby
packages Jekyll itself runs on, with categories, tags, date archives and a paged home list.

Packages (Debian): `jekyll` (4.3), its theme `jekyll-theme-minima` (2.5, which brings
`ruby-jekyll-feed` and `ruby-jekyll-seo-tag`), and the plugins `ruby-jekyll-paginate` (the home
list, ten a page) and `ruby-jekyll-archives` (a page per category, tag, year and month). Nothing
but Debian's packaged themes and plugins: the site's own files are its `_config.yml`, its home
page (minima's `default` layout around the paginator, as jekyll-paginate's documentation shows
it), a post layout that adds the post's category, tag and date archive links to minima's, the
archive pages' layout, and pages listing the categories and the tags (in minima's header menu).

Content: each upload in the installed changelogs (`/usr/share/doc/<package>/changelog.Debian.gz`,
read by lab/real/changelogs.py) of `PACKAGES`, the Ruby packages Jekyll's install brings that
real-hugo and real-pelican do not read, up to bookworm's release, is a post, the same at every
size: `_posts/<yyyy>-<mm>-<dd>-<slug>.md` with YAML front matter (title "<source package>
<version>", date in UTC, the source package as its category, its distributions and urgency
(`urgency-medium`) as its tags, the uploader as author), the changes as a code block. Written at
install under `.lab-real/real-jekyll/project/`, built once by `jekyll build` into `site/`, and
served as files by Python's static server on 127.0.0.1.

URLs: the home list newest first (`/`, `/page2/`, …), a post at
`/<yyyy>/<mm>/<dd>/<slug>/`, `/category/<name>/`, `/tag/<name>/`, `/<yyyy>/` and
`/<yyyy>/<mm>/` (jekyll-archives: every post of the term or period on one page),
`/categories/`, `/tags/`, `/feed.xml` (the newest ten posts).

Truth, from the posts' source files (their file names and front matter, never the built site):
the entities are the posts; attributes `category`, `tags` and `author` (category and tags the
facets); the index is one level, the home list's pages in Jekyll's order (date, then file name,
newest first); the seed is the newest post, the first on the home list's first page.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from siteseer.lab.real.app import RealApp, paged_list_truth, static_server
from siteseer.lab.real.changelogs import Upload, app_uploads, post_attributes, slug
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.hugo import CUTOFF
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["PACKAGES", "PAGE_SIZE", "JekyllApp", "Post", "post_file", "post_text", "read_posts"]

APP_ID = "real-jekyll"
JEKYLL = "/usr/bin/jekyll"
GEMSPECS = Path("/usr/share/rubygems-integration/all/specifications")
DEBIAN = ("jekyll", "jekyll-theme-minima", "ruby-jekyll-paginate", "ruby-jekyll-archives")
# The Ruby packages (one binary of each source) Jekyll's install brings, longest changelogs first.
PACKAGES = (
    "rake",
    "ruby3.1",
    "ruby-rouge",
    "libmarkdown2",
    "ruby-coderay",
    "rubygems-integration",
    "ruby",
    "ruby-bundler",
    "libyaml-0-2",
    "ruby-kramdown",
    "jekyll",
    "libsass1",
    "python3-pygments",
    "ruby-eventmachine",
    "ruby-concurrent",
    "ruby-i18n",
)
PAGE_SIZE = 10
CONFIG = f"""\
title: Debian uploads
description: The uploads of the Ruby packages Jekyll runs on, as Debian's changelogs record them.
timezone: UTC
theme: minima
plugins: [jekyll-paginate, jekyll-archives, jekyll-feed, jekyll-seo-tag]
paginate: {PAGE_SIZE}
paginate_path: "/page:num/"
permalink: /:year/:month/:day/:title/
defaults:
  - scope: {{path: "", type: posts}}
    values: {{layout: post}}
header_pages: [categories.html, tags.html]
jekyll-archives:
  enabled: [categories, tags, year, month]
  layout: archive
  permalinks:
    year: "/:year/"
    month: "/:year/:month/"
    tag: "/tag/:name/"
    category: "/category/:name/"
"""
_LINK = '<a href="{{{{ {0} | relative_url }}}}">{1}</a>'
FILES = {
    "_config.yml": CONFIG,
    "index.html": """\
---
layout: default
---
<div class="home">
  <ul class="post-list">
    {%- for post in paginator.posts -%}
    <li>
      <span class="post-meta">{{ post.date | date: "%b %-d, %Y" }} • {{ post.author }}</span>
      <h3><a class="post-link" href="{{ post.url | relative_url }}">{{ post.title | escape }}</a></h3>
    </li>
    {%- endfor -%}
  </ul>
  <p class="pager">
    {%- if paginator.previous_page %}
    <a href="{{ paginator.previous_page_path | relative_url }}">Newer posts</a>
    {%- endif %}
    Page {{ paginator.page }} of {{ paginator.total_pages }}
    {%- if paginator.next_page %}
    <a href="{{ paginator.next_page_path | relative_url }}">Older posts</a>
    {%- endif %}
  </p>
</div>
""",
    "_layouts/post.html": """\
---
layout: default
---
<article class="post h-entry">
  <header class="post-header">
    <h1 class="post-title p-name">{{ page.title | escape }}</h1>
    <p class="post-meta">
      <a href="{{ page.date | date: '/%Y/%m/' | relative_url }}">{{ page.date | date: "%b %-d, %Y" }}</a>
      • {{ page.author }}
    </p>
  </header>
  <div class="post-content e-content">{{ content }}</div>
  <p class="post-meta">Category:
    {%- for c in page.categories %} <a href="{{ c | slugify | prepend: '/category/' | append: '/' | relative_url }}">{{ c }}</a>{% endfor %}
    — Tags:
    {%- for t in page.tags %} <a href="{{ t | slugify | prepend: '/tag/' | append: '/' | relative_url }}">{{ t }}</a>{% endfor %}
  </p>
</article>
""",
    "_layouts/archive.html": """\
---
layout: default
---
<h1 class="page-heading">{% if page.type == "category" %}Category{% elsif page.type == "tag" %}Tag{% else %}Archive{% endif %}: {{ page.title | default: page.date | date: "%B %Y" }}</h1>
<ul class="post-list">
  {%- for post in page.posts -%}
  <li><span class="post-meta">{{ post.date | date: "%b %-d, %Y" }}</span>
    <h3><a class="post-link" href="{{ post.url | relative_url }}">{{ post.title | escape }}</a></h3></li>
  {%- endfor -%}
</ul>
""",
    "categories.html": """\
---
layout: page
title: Categories
permalink: /categories/
---
<ul>
{%- for c in site.categories %}
  <li><a href="{{ c[0] | slugify | prepend: '/category/' | append: '/' | relative_url }}">{{ c[0] }}</a> ({{ c[1].size }})</li>
{%- endfor %}
</ul>
""",
    "tags.html": """\
---
layout: page
title: Tags
permalink: /tags/
---
<ul>
{%- for t in site.tags %}
  <li><a href="{{ t[0] | slugify | prepend: '/tag/' | append: '/' | relative_url }}">{{ t[0] }}</a> ({{ t[1].size }})</li>
{%- endfor %}
</ul>
""",
}
_FRONT = re.compile(r"\A---\n(.*?)\n---\n", re.S)
_FILE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})-(.+)\.md$")


@dataclass(frozen=True)
class Post:
    """A post as its source file says: its URL path, date and terms."""

    path: str  # `/2023/05/11/rake-13-0-6-3/`
    file: str  # `2023-05-11-rake-13-0-6-3.md`
    title: str
    date: datetime
    category: str
    tags: tuple[str, ...]
    author: str


def post_file(upload: Upload) -> str:
    """The file name of an upload's post under `_posts/`: its UTC date and a slug with no dots
    (Jekyll's URL keeps a file name's slug as it is)."""
    date = upload.date.astimezone(UTC)
    return f"{date:%Y-%m-%d}-{slug(upload.title).replace('.', '-')}.md"


def post_text(upload: Upload) -> str:
    """The Markdown file of an upload's post: YAML front matter (JSON strings are YAML), the
    changes as a fenced code block."""
    date = upload.date.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S +0000")
    tags = [*upload.distributions, f"urgency-{upload.urgency}"]
    front = [
        f"title: {json.dumps(upload.title)}",
        f"date: {date}",
        f"categories: [{json.dumps(upload.package)}]",
        f"tags: [{', '.join(json.dumps(t) for t in tags)}]",
        f"author: {json.dumps(upload.author, ensure_ascii=False)}",
    ]
    fence = "~" * 8
    changes = upload.changes or "(no changes listed)"
    return (
        "---\n" + "\n".join(front) + "\n---\n"
        f"Uploaded by {upload.author} to {', '.join(upload.distributions)} "
        f"(urgency {upload.urgency}).\n\n{fence}\n{changes}\n{fence}\n"
    )


def _field(front: str, name: str) -> str:
    found = re.search(rf"^{name}: (.*)$", front, re.M)
    if found is None:
        raise ValueError(f"no {name!r} in the front matter {front[:80]!r}")
    return found[1]


def read_posts(posts_dir: Path) -> list[Post]:
    """Every post under `posts_dir` (`_posts/`), from its file name and front matter, in the
    home list's order: Jekyll sorts by date, then by file, and lists the last first."""
    posts = []
    for file in posts_dir.glob("*.md"):
        name = _FILE.match(file.name)
        front = _FRONT.match(file.read_text(encoding="utf-8"))
        if name is None or front is None:
            raise ValueError(f"{file} is no post (a dated file name and front matter)")
        text = front[1]
        date = datetime.strptime(_field(text, "date"), "%Y-%m-%d %H:%M:%S %z").astimezone(UTC)
        yyyy, mm, dd, title = name.groups()
        posts.append(
            Post(
                path=f"/{yyyy}/{mm}/{dd}/{title}/",
                file=file.name,
                title=json.loads(_field(text, "title")),
                date=date,
                category=json.loads(_field(text, "categories"))[0],
                tags=tuple(json.loads(_field(text, "tags"))),
                author=json.loads(_field(text, "author")),
            )
        )
    return sorted(posts, key=lambda p: (p.date, p.file), reverse=True)


def _files_digest() -> str:
    """A digest of the site's own files (FILES): a site built from others is built again."""
    return hashlib.sha256(json.dumps(FILES, sort_keys=True).encode()).hexdigest()[:16]


def _present() -> bool:
    """Jekyll, its theme and its plugins installed (their gem specifications)."""
    gems = {p.name.rsplit("-", 1)[0] for p in GEMSPECS.glob("*.gemspec")}
    return Path(JEKYLL).is_file() and {"minima", "jekyll-paginate", "jekyll-archives"} <= gems


def home_page(number: int) -> str:
    """The path of the home list's page `number` (1-based): `/`, `/page2/`, …"""
    return "/" if number == 1 else f"/page{number}/"


class JekyllApp(RealApp):
    """A Jekyll blog of Debian uploads, built once, served as static files."""

    id = APP_ID
    kind = "entity-tree"
    description = (
        "Jekyll (Debian) blog of Debian's changelogs: minima theme, paged home list, "
        "category, tag, year and month archives"
    )

    @property
    def project(self) -> Path:
        return self.dir / "project"

    @property
    def site(self) -> Path:
        return self.dir / "site"  # the built site, the same at every size

    @property
    def stamp(self) -> Path:
        return self.dir / "built.json"

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian {', '.join(DEBIAN)} (site in {self.site})",
            f"data: the changelogs of {len(PACKAGES)} Debian packages Jekyll runs on",
        )

    def installed(self) -> bool:
        """Jekyll present and the site built from this module's files (the stamp names them)."""
        if not (_present() and self.stamp.is_file()):
            return False
        return bool(
            json.loads(self.stamp.read_text(encoding="utf-8")).get("files") == _files_digest()
        )

    def _install(self, progress: Progress) -> None:
        """The packages, then the project written and built once (its stamp: the post count)."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, DEBIAN, _present(), log, progress)
        if self.installed():
            return
        for folder in (self.project, self.site):
            if folder.exists():
                shutil.rmtree(folder)
        uploads = app_uploads(self.id, PACKAGES, CUTOFF)
        for path, text in FILES.items():
            (self.project / path).parent.mkdir(parents=True, exist_ok=True)
            (self.project / path).write_text(text, encoding="utf-8")
        count = 0
        for upload in (u for package in PACKAGES for u in uploads[package]):
            file = self.project / "_posts" / post_file(upload)
            if file.exists():
                raise InstallFailed(self.id, f"two uploads would be the same post {file}")
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_text(post_text(upload), encoding="utf-8")
            count += 1
        build = [JEKYLL, "build", "--source", str(self.project), "--destination", str(self.site)]
        run_step(self.id, f"building the site with jekyll ({count} posts)", build, log, progress)
        stamp = {"posts": count, "files": _files_digest()}
        self.stamp.write_text(json.dumps(stamp), encoding="utf-8")

    def command(self, port: int) -> list[str]:
        """Python's static file server over the built site on 127.0.0.1:port."""
        return static_server(self.site, port)

    def truth(self, base_url: str) -> SiteTruth:
        """The posts as entities, categories and tags as facets; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        posts = read_posts(self.project / "_posts")
        urls = [b + p.path for p in posts]
        pages = tuple(b + home_page(n + 1) for n in range(-(-len(posts) // PAGE_SIZE)))
        return paged_list_truth(
            self,
            b,
            ("list", "post"),
            urls,
            pages,
            post_attributes(urls, posts),
            ("category", "tags"),
            notes=(
                f"{len(posts)} posts (Debian uploads), {PAGE_SIZE} a page on the home list "
                f"({len(pages)} pages). Not listed in templates: /categories/, /tags/, the "
                "category, tag, year and month archives (each on one page), /feed.xml."
            ),
        )
