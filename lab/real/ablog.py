"""real-ablog: a blog built by Sphinx with ABlog (PyPI), Sphinx's blogging extension, from
Debian's own changelogs, with tags, categories, authors and year archives.

Content: each upload of a pinned list of Debian packages no other blog of the tier reads
(`PACKAGES`: git, ncurses-base, readline-common, media-types, …; their installed changelogs, read
by lab/real/changelogs.py) up to bookworm's release is a post, the same at every size: title
"<source package> <version>", date and time (in UTC) and author from the entry's trailer, the
source package as its category, its distributions and urgency ("urgency medium") as its tags,
the changes as a literal block. Written at install by this module under
`.lab-real/real-ablog/project/` (`posts/<slug>.rst`, each with ABlog's `post` directive, an
`index.rst` with the ten newest posts (`postlist`), and `conf.py`), built once by Sphinx's HTML
builder (lab/real/apps/ablog_site.py, in the application's venv) into `site/`, and served as
files by Python's static server on 127.0.0.1.

Sphinx's default theme (Alabaster) with ABlog's sidebars on every page (the post's card, recent
posts, the tag cloud, categories, archives by year, authors) and its default URLs: the home
`/index.html` (the ten newest posts), the blog `/blog.html` (every post, newest first, each with
its excerpt: no pagination), a post `/posts/<slug>.html` (previous and next post links), a
page per tag `/blog/tag/<slug>.html`, category `/blog/category/<slug>.html`, author
`/blog/author/<slug>.html` and year `/blog/<yyyy>.html`, their lists `/blog/tag.html`,
`/blog/category.html`, `/blog/author.html`, `/blog/archive.html` (every post by year),
`/blog/drafts.html` (empty), Sphinx's `/genindex.html` and `/search.html`, the Atom feed
`/blog/atom.xml`. No robots.txt (404).

Truth, from the posts' files (their `post` directive's options, never the built site): the
entities are the posts; attributes `category`, `tags` and `author` (category and tags the
facets: one query per term); the index is one level, `/blog.html`; the seed is the newest post,
the first there.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import ClassVar

from siteseer.lab.real.app import BuiltSiteApp, paged_list_truth
from siteseer.lab.real.changelogs import Upload, app_uploads, post_attributes, slug
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.hugo import CUTOFF
from siteseer.lab.real.pyenv import Progress, PyPackage
from siteseer.lab.truth import SiteTruth

__all__ = ["PACKAGES", "AblogApp", "Post", "post_text", "read_posts"]

# Packages installed on any Debian image here whose changelogs no other blog of the tier reads.
PACKAGES = (
    "git",
    "ncurses-base",
    "readline-common",
    "media-types",
    "netbase",
    "ca-certificates",
    "hostname",
)
CONF = """\
# Sphinx's configuration of real-ablog (written by lab/real/ablog.py)
project = "Debian uploads"
extensions = ["ablog"]
blog_title = "Debian uploads"
blog_path = "blog"
blog_baseurl = "http://127.0.0.1/"
post_date_format = "%Y-%m-%d %H:%M"
html_theme = "alabaster"
html_sidebars = {
    "**": [
        "ablog/postcard.html",
        "ablog/recentposts.html",
        "ablog/tagcloud.html",
        "ablog/categories.html",
        "ablog/archives.html",
        "ablog/authors.html",
    ]
}
"""
INDEX = """\
Debian uploads
==============

The uploads of a few Debian packages, from their changelogs.

.. postlist:: 10
   :excerpts:
"""
_POST = re.compile(r"^\.\. post:: (.+)$((?:\n   :\w+: .*)*)", re.M)
_OPTION = re.compile(r"^   :(\w+): (.*)$", re.M)


@dataclass(frozen=True)
class Post:
    """A post as its file says: its URL path, date and terms."""

    path: str  # `/posts/git-1-2.39.2-1.html`
    title: str
    date: datetime
    category: str
    tags: tuple[str, ...]
    author: str


def post_text(upload: Upload) -> str:
    """The reStructuredText file of an upload's post: its title, ABlog's `post` directive (date,
    tags, category, author), the changes as a literal block."""
    date = upload.date.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")
    tags = [*upload.distributions, f"urgency {upload.urgency}"]
    author = upload.author.replace(",", " ")  # the option is a comma-separated list
    changes = "\n".join(
        f"    {line}" if line.strip() else "" for line in upload.changes.split("\n")
    )
    return (
        f"{upload.title}\n{'=' * len(upload.title)}\n\n"
        f".. post:: {date}\n   :tags: {', '.join(tags)}\n   :category: {upload.package}\n"
        f"   :author: {author}\n\n"
        f"Uploaded by {author} to {', '.join(upload.distributions)} "
        f"(urgency {upload.urgency}).\n\n::\n\n{changes or '    (no changes listed)'}\n"
    )


def read_posts(project: Path) -> list[Post]:
    """Every post under `project`/posts, from its `post` directive, in the blog's order:
    newest first."""
    posts = []
    for file in sorted((project / "posts").glob("*.rst")):
        text = file.read_text(encoding="utf-8")
        match = _POST.search(text)
        if match is None:
            raise ValueError(f"{file} has no post directive")
        options = dict(_OPTION.findall(match.group(2)))
        posts.append(
            Post(
                path=f"/posts/{file.stem}.html",
                title=text.split("\n", 1)[0],
                date=datetime.strptime(match.group(1), "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC),
                category=options["category"],
                tags=tuple(t.strip() for t in options["tags"].split(",")),
                author=options["author"],
            )
        )
    return sorted(posts, key=lambda p: p.date, reverse=True)


class AblogApp(BuiltSiteApp):
    """An ABlog blog of Debian uploads, built once by Sphinx, served as static files."""

    id = "real-ablog"
    kind = "entity-tree"
    description = (
        "ABlog (Sphinx) blog of Debian's changelogs: every post on one list, tags, categories, "
        "authors, year archives"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("ablog==0.11.13"),
        PyPackage("sphinx==8.2.3"),
        PyPackage("docutils==0.21.2"),
    )
    script = "ablog_site.py"
    data_description = f"the changelogs of {len(PACKAGES)} Debian packages, a post per upload"

    def _install(self, progress: Progress) -> None:
        if not (self.project / "conf.py").exists():
            uploads = app_uploads(self.id, PACKAGES, CUTOFF)
            if self.project.exists():
                shutil.rmtree(self.project)
            (self.project / "posts").mkdir(parents=True)
            dates = set()
            for upload in (u for package in PACKAGES for u in uploads[package]):
                file = self.project / "posts" / f"{slug(upload.title)}.rst"
                if file.exists() or upload.date in dates:
                    raise InstallFailed(self.id, f"two uploads would be the same post {file}")
                dates.add(upload.date)
                file.write_text(post_text(upload), encoding="utf-8")
            (self.project / "index.rst").write_text(INDEX, encoding="utf-8")
            (self.project / "conf.py").write_text(CONF, encoding="utf-8")
        super()._install(progress)

    def truth(self, base_url: str) -> SiteTruth:
        """The posts as entities, categories and tags as facets; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        posts = read_posts(self.project)
        urls = [b + p.path for p in posts]
        return paged_list_truth(
            self,
            b,
            ("list", "post"),
            urls,
            (f"{b}/blog.html",),
            post_attributes(urls, posts),
            ("category", "tags"),
            notes=(
                f"{len(posts)} posts (Debian uploads), every one on /blog.html. Not listed in "
                "templates: / and /index.html (the ten newest), the pages of each tag, "
                "category, author and year (/blog/tag/<slug>.html, …) and their lists, "
                "/blog/archive.html, /blog/drafts.html, /genindex.html, /search.html."
            ),
        )
