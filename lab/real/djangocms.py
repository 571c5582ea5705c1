"""real-djangocms: a django CMS site (PyPI `django-cms`) whose pages are Django's documentation.

The application (lab/real/apps/djangocms_site.py, run in its own venv) is django CMS 5.1 on
Django 5.2 with djangocms-text, served by Django's own threaded server to anonymous visitors
(the toolbar and the admin need a log-in nobody has), its pages rendered in the one page
template of lab/real/apps/djangocms/ (a django CMS site brings its own templates; this one is
its documented tags only): the site menu on every page (`show_menu`: the home page and the
documentation's sections), a breadcrumb, the page's title and Text plugin, and its children
(`show_sub_menu`: a section lists its documents). Pages: the home page `/`, a section
`/<section>/` (`/topics/`, `/ref/` …), a document `/<section>/<slug>/` (its path's folders and
name joined by hyphens: `/ref/models-fields/`).

Data: the documentation Django ships in its source distribution (`docs/<section>/**.txt` of
Django 5.2.19's sdist, fetched by pip; the release notes left out), a page per document under
its section's page, titled with the document's title, its first paragraphs as its text, built
with django CMS's own API. Small: the first 30 documents of each section in path order (135 in
the 7 sections); medium and large: all (261).

Truth, from the application's SQLite database (never a crawl): the entities are the documents'
pages (depth 2 of django CMS's page tree, their URLs from `cms_pageurl`); the index is two
levels, the home page (its site menu links every section) then the sections' pages (each
lists its documents, in tree order, unpaged); the seed is the first document of the first
section. Attributes: each document's section; `facet_values` the sections.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from siteseer.lab.real.app import PythonApp, facet_queries, facet_values, read_sqlite, type_truth
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["DjangoCmsApp", "page_tree"]

FACETS = ("section",)
STEP = 4  # django-treebeard's materialised path: four characters a level


def page_tree(
    base: str, rows: Iterable[Sequence[object]]
) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """The sections (URL → title) and the documents (URL, its section's title) of the page tree's
    rows (depth, treebeard path, URL path, title) in tree order, the home page left out."""
    sections: dict[str, tuple[str, str]] = {}
    docs: list[tuple[str, str]] = []
    for depth, path, url, title in rows:
        if depth == 1:
            sections[str(path)] = (f"{base}/{url}/", str(title))
        elif depth == 2:
            docs.append((f"{base}/{url}/", sections[str(path)[:STEP]][1]))
    return dict(sections.values()), docs


class DjangoCmsApp(PythonApp):
    """django CMS's page tree over Django's documentation."""

    id = "real-djangocms"
    kind = "entity-tree"
    description = (
        "django CMS (PyPI django-cms) page tree over Django's documentation: a site menu of "
        "sections, each section's page listing its documents"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("django-cms==5.1.3"),
        PyPackage("djangocms-text==1.0.2"),
        PyPackage("Django==5.2.19"),  # its sdist's documentation is the data
    )
    script = "djangocms_site.py"
    data_description = "Django's documentation (docs/ of its sdist, fetched by pip)"
    row_limits: ClassVar[dict[Size, int]] = {"small": 30, "medium": 0, "large": 0}

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        rows = read_sqlite(
            self.data_file,
            "SELECT p.depth, p.path, u.path, c.title FROM cms_page p "
            "JOIN cms_pageurl u ON u.page_id = p.id AND u.language = 'en' "
            "JOIN cms_pagecontent c ON c.page_id = p.id AND c.language = 'en' "
            "WHERE NOT p.is_home ORDER BY p.path",
        )
        sections, docs = page_tree(b, rows)
        urls = tuple(url for url, _ in docs)
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            url: {"section": (section,)} for url, section in docs
        }
        offered = facet_values(attributes, FACETS)
        home = f"{b}/"
        level = tuple(sections)
        templates = {home: "home"} | dict.fromkeys(level, "section") | dict.fromkeys(urls, "doc")
        return type_truth(
            self,
            b,
            "doc",
            urls,
            (home, level[0], urls[0]),
            levels=((home,), level),
            attributes=attributes,
            queries=facet_queries(attributes, offered),
            facet_values=offered,
            templates=templates,
            notes=(
                f"django CMS page tree: {len(level)} sections of {len(urls)} documents, each "
                "section's page listing its documents unpaged, every page's menu linking the "
                "sections. Not listed in templates: the admin and log-in pages (no link to "
                "them), static files."
            ),
        )
