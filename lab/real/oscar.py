"""real-oscar: a django-oscar shop (PyPI) whose catalogue is vega_datasets' cars.

The application (lab/real/apps/oscar_shop.py, run in its own venv) is django-oscar 4.1's
storefront on Django 5.2, served by Django's own threaded server with Oscar's default settings,
its search and browsing on Haystack's Whoosh engine (pure Python; Oscar's facet counts need
Solr or Elasticsearch, so the sidebar shows the category tree and no counts). Its pages: `/` (a
redirect to `/catalogue/`), the catalogue `/catalogue/` (every product, 20 a page, `?page=N`
"next"/"previous" links; facet links `?selected_facets=…`), a category's page
`/catalogue/category/<slug path>_<pk>/` (the products of it and of its subcategories, paged the
same way), a product's page `/catalogue/<slug>_<pk>/` (its attributes, its category's
breadcrumb, reviews), search, the basket, offers, log-in and registration.

Data: vega_datasets' cars.json (406 cars, 1970–1982; a file the package ships), a product each
titled with its name and model year ("ford pinto (1971)"), its figures product attributes, in
a category of its make (the name's first word, as the data spell it) below its origin (USA,
Europe, Japan), indexed once by Oscar's own search index. The same 406 at every size.

Truth, from the application's SQLite database (never a crawl): the entities are every
product's page; the index is one level, the catalogue as its pagination links it
(`/catalogue/`, then `?page=2` …), products in the order they were indexed (their ids); the
seed is the first product. Attributes: each product's origin and make (its categories);
`facet_values` their values, one query each (its category's products). The site names neither
attribute anywhere: their values show as the category tree under "Show results for" (origins
above their makes), in a product's breadcrumb (Home › USA › Amc) and as category pages'
titles, and no heading, facet label or "Label:" says "origin" or "make" (`unlabelled`: scored
by their values). A list's last page
shows what Haystack's Whoosh engine gives (`shown`: not always the list's last items): the
products the catalogue's pages never show are `hidden` (its category pages, ordered by
Whoosh's relevance, may show them, and may leave out a few others the same way).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import ClassVar

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import PythonApp, facet_queries, facet_values, read_sqlite, type_truth
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["PER_PAGE", "OscarApp", "catalogue_pages", "shown"]

PER_PAGE = 20  # OSCAR_PRODUCTS_PER_PAGE
FACETS = ("origin", "make")
STEP = 4  # django-treebeard's steplen: a category's path is its parent's and 4 characters more


def catalogue_pages(base: str, products: int, first: str = "/catalogue/") -> tuple[str, ...]:
    """A product list as its pagination links it: the first page bare, then `?page=N`."""
    pages = max(1, math.ceil(products / PER_PAGE))
    url = base + first
    return (url, *(canonical_url(f"{url}?page={n}") for n in range(2, pages + 1)))


def shown(items: Sequence[str], page: int) -> list[str]:
    """What page `page` of a list of `items` shows, as Haystack's Whoosh engine pages it: the
    Django paginator asks for items [start, end) with `end` cut at the list's end, Haystack asks
    Whoosh for page `start // (end - start) + 1` of that length, and Whoosh clamps it to its
    last page. A full page is right; a last page shorter than 20 that does not divide its start
    shows other items (406 products: page 21 shows the 397th to the 402nd, never the last 4)."""
    start = (page - 1) * PER_PAGE
    length = min(PER_PAGE, len(items) - start)
    if length <= 0:
        return []
    number = start // length + 1
    if math.ceil(len(items) / length) < number:
        return []
    offset = (number - 1) * length
    return list(items[offset : offset + length])


class OscarApp(PythonApp):
    """Oscar's storefront over a catalogue of cars."""

    id = "real-oscar"
    kind = "entity-tree"
    description = (
        "django-oscar (PyPI) shop: a catalogue of vega_datasets' cars in a category tree of "
        "origins and makes, paged lists, facet links"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("django-oscar==4.1"),
        PyPackage("Django==5.2.19"),
        PyPackage("django-treebeard==4.7.1"),  # Oscar 4.1 calls the manager API 7.0 dropped
        PyPackage("sorl-thumbnail==12.11.0"),  # Oscar's default thumbnailer
        PyPackage("Whoosh==2.7.4"),
        PyPackage("vega_datasets==0.9.0", deps=False),  # its data files only
    )
    script = "oscar_shop.py"
    data_description = "vega_datasets' cars.json (a file it ships)"
    row_limits: ClassVar[dict[Size, int]] = {"small": 0, "medium": 0, "large": 0}

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        db = self.data_file
        categories = {
            str(path): (int(str(pk)), str(slug), str(name))
            for pk, path, slug, name in read_sqlite(
                db, "SELECT id, path, slug, name FROM catalogue_category"
            )
        }

        def slug_path(path: str) -> str:
            steps = range(STEP, len(path) + 1, STEP)
            return "/".join(categories[path[:n]][1] for n in steps)

        category_urls = {
            path: f"{b}/catalogue/category/{slug_path(path)}_{pk}/"
            for path, (pk, _, _) in categories.items()
        }
        products = read_sqlite(
            db,
            "SELECT p.id, p.slug, c.path FROM catalogue_product p "
            "JOIN catalogue_productcategory l ON l.product_id = p.id "
            "JOIN catalogue_category c ON c.id = l.category_id ORDER BY p.id",
        )
        urls = tuple(f"{b}/catalogue/{slug}_{pk}/" for pk, slug, _ in products)
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            url: {
                "origin": (categories[str(path)[:STEP]][2],),
                "make": (categories[str(path)][2],),
            }
            for url, (_, _, path) in zip(urls, products, strict=True)
        }
        offered = facet_values(attributes, FACETS)
        level = catalogue_pages(b, len(urls))
        listed = {u for n in range(1, len(level) + 1) for u in shown(urls, n)}
        templates = {b + "/": "redirect"} | dict.fromkeys(level, "catalogue")
        templates |= dict.fromkeys(category_urls.values(), "category")
        return type_truth(
            self,
            b,
            "product",
            urls,
            (level[0], urls[0]),
            levels=(level,),
            attributes=attributes,
            queries=facet_queries(attributes, offered),
            hidden=tuple(u for u in urls if u not in listed),
            facet_values=offered,
            unlabelled=FACETS,
            templates=templates | dict.fromkeys(urls, "product"),
            notes=(
                f"Oscar catalogue, {len(level)} pages of {len(urls)} products at {PER_PAGE} a "
                f"page; {len(category_urls)} categories (origins and makes), each paged the "
                "same way. `hidden`: the products the catalogue's last page leaves out "
                "(Whoosh's paging). Not listed in templates: page 1 as ?page=1, the category pages' "
                "further pages, the facet links (?selected_facets=…), search (/search/?q=…), "
                "the basket, offers, log-in and registration, reviews' pages, /i18n/, "
                "/static/, /media/."
            ),
        )
