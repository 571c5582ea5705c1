"""real-djangowiki: django-wiki (PyPI `wiki`), a wiki of articles in a tree of URL paths,
holding an article per Debian upload of the libraries curl links against.

The application (lab/real/apps/djangowiki_app.py, run in its own venv) is django-wiki 0.13 on
Django 5.2, served by Django's threaded server at the site's root with its own Bootstrap theme
and the plug-ins a default install enables; anonymous visitors may read, nobody may write.

Data: the Debian changelogs of the eleven libraries of `PACKAGES` (their installed
`/usr/share/doc/<package>/changelog.Debian.gz`, read by lab/real/changelogs.py, the older entry
of a repeated version left out), every upload up to bookworm's release, the same at every size
(about 330 uploads). The tree: the root article "Debian uploads" (`/`), an article per source
package (`/<source>/`: what it is and its uploads), an article per upload below it
(`/<source>/<version slug>/`, titled "<source> <version>": who uploaded it to which
distributions with which urgency, the changes as a code block). The root's and each package's
text end with django-wiki's `[article_list depth:0]` macro: its articles one level down, by
title.

Served at django-wiki's URLs: `/<path>/` (an article: breadcrumbs with a drop-down of its first
20 sub-articles, its tabs View, Edit, Changes, Attachments, Settings), `/<path>/_dir/` (the
articles one level down, 30 a page, `?page=N`), `/<path>/_history/`, `/<path>/_source/`,
`/<path>/_plugin/…`, `/_revision/…`, search `/_search/`, the global history `/_plugin/
globalhistory/`, login.

Truth, from the application's SQLite database (never a crawl): the entities are the upload
articles (URL paths two levels down); attribute `package`, the title of the article above, which
the site labels nowhere (an upload's article shows it only in its breadcrumb and title; the
package's article says "Uploads of the Debian source package …" in its text): unlabelled, scored
by its values; the index is two levels, the root then each package's article (the lists its macro draws); the
seed is the newest gnutls28 upload.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import ClassVar

from siteseer.lab.real.app import PythonApp, read_sqlite, value_pages_truth
from siteseer.lab.real.changelogs import Upload, app_uploads, distinct
from siteseer.lab.real.hugo import CUTOFF
from siteseer.lab.real.pyenv import Progress, PyPackage
from siteseer.lab.truth import SiteTruth

__all__ = ["PACKAGES", "SEED_PACKAGE", "DjangoWikiApp", "article_of", "wiki_tree"]

# The libraries curl links against (binary packages, installed here), none read by another
# application of the tier.
PACKAGES = (
    "libgnutls30",
    "libnettle8",
    "libidn2-0",
    "libtasn1-6",
    "libkrb5-3",
    "libldap-2.5-0",
    "libsasl2-2",
    "librtmp1",
    "libssh2-1",
    "libnghttp2-14",
    "libpsl5",
)
SEED_PACKAGE = "gnutls28"  # a source package
LIST = "[article_list depth:0]"


def _slug(text: str) -> str:
    """A django-wiki slug (letters, digits, hyphens, underscores), dots as underscores:
    `3.7.9-2` → `3_7_9-2`, `2.4+20151223.gitfa8646d.1-2` → `2_4-20151223_gitfa8646d_1-2`."""
    return re.sub(r"[^a-z0-9_-]+", "-", text.lower().replace(".", "_")).strip("-_")


def article_of(upload: Upload) -> dict[str, str]:
    """The wiki article of an upload: slug, title and Markdown (the changes as a code block)."""
    changes = upload.changes or "(no changes listed)"
    if "~~~~" in changes:
        raise ValueError(f"{upload.title}: its changes would close the code block")
    return {
        "slug": _slug(upload.version),
        "title": upload.title,
        "content": (
            f"Uploaded by {upload.author} to {', '.join(upload.distributions)} "
            f"(urgency {upload.urgency}) on {upload.date:%Y-%m-%d %H:%M %z}.\n\n"
            f"~~~~\n{changes}\n~~~~\n"
        ),
    }


def wiki_tree(uploads: dict[str, list[Upload]]) -> dict[str, object]:
    """The tree to load (see the module docstring) from each binary package's uploads: a
    section per source package, in `uploads`' order, its uploads newest first."""
    sections = []
    for package, listed in uploads.items():
        kept = distinct(listed)
        if not kept:
            raise ValueError(f"{package}: no upload in its changelog")
        source = kept[0].package
        articles = [article_of(u) for u in kept]
        if len({a["slug"] for a in articles}) != len(articles):
            raise ValueError(f"{source}: two uploads would have the same slug")
        sections.append({
            "slug": _slug(source),
            "title": source,
            "content": (
                f"Uploads of the Debian source package {source} (binary package {package}), "
                f"from its changelog: {len(articles)} uploads.\n\n{LIST}\n"
            ),
            "articles": articles,
        })  # fmt: skip
    return {
        "title": "Debian uploads",
        "content": (
            "An article per upload of the libraries curl links against, from their Debian "
            f"changelogs, below an article per source package.\n\n{LIST}\n"
        ),
        "sections": sections,
    }


class DjangoWikiApp(PythonApp):
    """django-wiki holding an article per Debian upload, below its source package's article."""

    id = "real-djangowiki"
    kind = "entity-tree"
    description = (
        "django-wiki (PyPI) wiki: an article tree, a package article per library above an "
        "article per Debian upload"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("wiki==0.13.0"),
        PyPackage("Django==5.2.19"),
    )
    script = "djangowiki_app.py"
    data_description = f"the Debian changelogs of {', '.join(PACKAGES)}, an article per upload"

    @property
    def data_file(self) -> Path:
        return self.dir / "wiki.sqlite"  # the same at every size

    def _install(self, progress: Progress) -> None:
        if not self.data_file.exists():
            uploads = app_uploads(self.id, PACKAGES, CUTOFF)
            self.dir.mkdir(parents=True, exist_ok=True)
            tree = wiki_tree({p: uploads[p] for p in PACKAGES})
            self.data_file.with_suffix(".json").write_text(json.dumps(tree), encoding="utf-8")
        super()._install(progress)

    def truth(self, base_url: str) -> SiteTruth:
        """The upload articles, listed by their package's article; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        rows = read_sqlite(
            self.data_file,
            "SELECT p.slug, r.title, c.slug, cr.title, cr.created FROM wiki_urlpath c "
            "JOIN wiki_urlpath p ON p.id = c.parent_id "
            "JOIN wiki_article pa ON pa.id = p.article_id "
            "JOIN wiki_articlerevision r ON r.id = pa.current_revision_id "
            "JOIN wiki_article a ON a.id = c.article_id "
            "JOIN wiki_articlerevision cr ON cr.id = a.current_revision_id "
            "WHERE c.level = 2 AND NOT cr.deleted ORDER BY cr.title",
        )
        urls = {str(title): f"{b}/{parent}/{slug}/" for parent, _, slug, title, _ in rows}
        values = {str(title): str(package) for _, package, _, title, _ in rows}
        slugs = {str(package): str(parent) for parent, package, _, _, _ in rows}
        # the seed: the first upload loaded of its package (its changelog's newest)
        loaded = [(str(r[4]), str(r[3])) for r in rows if r[1] == SEED_PACKAGE]
        seed = min(loaded)[1]
        return value_pages_truth(
            self,
            b,
            top=b + "/",
            seed=seed,
            urls=urls,
            values=values,
            order=urls,
            attribute=("package", lambda package: f"{b}/{slugs[package]}/"),
            templates={},
            notes=(
                f"{len(urls)} articles of uploads of {len(slugs)} source packages, each below "
                "its package's article, whose article_list macro lists them by title (the "
                "root's lists the packages). Not listed in templates: each article's _dir/ "
                "(30 a page), _history/, _source/, _plugin/ and revision views, search, the "
                "global history, login."
            ),
            unlabelled=True,
        )
