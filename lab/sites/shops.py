"""What the three exploratory shops share: one catalogue, product and info pages, ground truth.

All three sell the products of `lab.sites.catalog_data.Catalogue` at the same (size, seed), so
their ground truth (entities, attributes, single-condition facet queries) is the same; they differ
only in how a visitor formulates queries, after the query-centric crawling paper (seed 004):

- `ShopLinksSite` ("shop-links", shop_links.py): facets are links in a sidebar grouped under
  headings with counts ("Northwind (28)"). Each facet link appends one parameter to the current
  query, so the same query has one URL per click order; sort orders, page sizes and pagination
  multiply the URLs further. The sidebar of a filtered list shows only values that still have
  results; "Subcategory" appears only once a category is chosen.
- `ShopAjaxSite` ("shop-ajax", shop_ajax.py): facets are checkboxes whose change handler fetches
  ``/api/products`` (JSON) and redraws the results without changing the URL (the Zagat case);
  "Load more" appends the next chunk. Within one facet checked values combine with OR, across
  facets with AND. "Add to cart" buttons and a "Log out" link must never be used.
- `ShopFormSite` ("shop-form", shop_form.py): an HTML form (selects, radios for the price band,
  checkboxes for colours, a keyword box) submitted by GET to ``/search``, and a POST variant at
  ``/search-post`` (the Compuplus case). A sign-in form with a password field must never be
  submitted.

This module holds their base, `ShopSite`, the query-string helpers the shops parse requests with,
and `shop_queries` (the truth's facet queries).

Product pages are ordinary server pages on every shop: name, price, brand, description, an add-to
-cart form and a "Related products" box. Category, subcategory, colour, size, material and rating
are hidden: only the facet queries that list a product reveal them.

Requests to the never-to-use endpoints (log out, cart, sign in) are counted per site instance in
`forbidden_hits`, so a test can assert that a crawler left them alone.
"""

from __future__ import annotations

from abc import abstractmethod
from collections import Counter
from collections.abc import Sequence
from typing import ClassVar
from urllib.parse import urlencode

from aiohttp import web

from siteseer.lab.site import Site, Size
from siteseer.lab.sites.catalog_data import (
    ATTRIBUTES,
    HIDDEN_ATTRIBUTES,
    SORTS,
    Catalogue,
    Product,
    SortKey,
)
from siteseer.lab.sites.http import html_response
from siteseer.lab.sites.theme import (
    Anchor,
    Brand,
    CardGrid,
    Facts,
    FooterBlock,
    Text,
    esc,
    not_found_page,
    page,
)
from siteseer.lab.truth import FacetQuery, SiteTruth

__all__ = [
    "DEFAULT_PER_PAGE",
    "INFO_PAGES",
    "SORT_LABELS",
    "Conditions",
    "Pairs",
    "ShopSite",
    "facet_conditions",
    "int_param",
    "query_string",
    "replace_param",
    "shop_queries",
    "sort_param",
]

Pairs = list[tuple[str, str]]
Conditions = dict[str, tuple[str, ...]]

FACET_NAMES: frozenset[str] = frozenset(a.name for a in ATTRIBUTES)
DEFAULT_PER_PAGE = 24
SORT_LABELS: dict[SortKey, str] = {
    "relevance": "Relevance",
    "price": "Price: low to high",
    "name": "Name",
    "new": "Newest",
}

INFO_PAGES: dict[str, tuple[str, tuple[str, ...]]] = {
    "/about": (
        "About us",
        (
            "We started as a market stall and now ship outdoor clothing and kit across the country.",
            "Every product is chosen by people who use it on weekends, in all weathers.",
        ),
    ),
    "/help/delivery": (
        "Delivery",
        (
            "Standard delivery takes three to five working days and is free on orders over £50.",
            "Express delivery is available on most items ordered before 2 pm.",
        ),
    ),
    "/help/returns": (
        "Returns",
        (
            "Return anything unworn within 60 days for a full refund.",
            "Print a label from your order confirmation and drop the parcel at any collection point.",
        ),
    ),
    "/contact": (
        "Contact",
        (
            "Our customer team answers messages every day from 8 am to 8 pm.",
            "Write to us at the address on your order confirmation.",
        ),
    ),
}
_FOOTER: tuple[FooterBlock, ...] = (
    FooterBlock(
        "Help",
        (
            Anchor("/help/delivery", "Delivery"),
            Anchor("/help/returns", "Returns"),
            Anchor("/contact", "Contact us"),
        ),
    ),
    FooterBlock("Company", (Anchor("/about", "About us"),)),
)
_ADS: tuple[Anchor, ...] = (Anchor("/about", "Gift cards for every occasion — find out more"),)


def query_string(pairs: Sequence[tuple[str, str]]) -> str:
    return "?" + urlencode(list(pairs)) if pairs else ""


def facet_conditions(pairs: Sequence[tuple[str, str]]) -> Conditions:
    """Facet conditions from query pairs: attribute → value slugs, in first-seen order."""
    out: dict[str, list[str]] = {}
    for key, value in pairs:
        if key in FACET_NAMES and value and value not in out.setdefault(key, []):
            out[key].append(value)
    return {k: tuple(v) for k, v in out.items() if v}


def int_param(pairs: Sequence[tuple[str, str]], key: str, default: int) -> int:
    for k, v in pairs:
        if k == key:
            try:
                return max(1, int(v))
            except ValueError:
                return default
    return default


def sort_param(pairs: Sequence[tuple[str, str]]) -> SortKey:
    for k, v in pairs:
        if k == "sort":
            for s in SORTS:
                if s == v:
                    return s
    return "relevance"


def replace_param(pairs: Sequence[tuple[str, str]], key: str, value: str | None) -> Pairs:
    """`pairs` with `key` set to `value` in place (appended when absent), or removed (None)."""
    out: Pairs = []
    done = False
    for k, v in pairs:
        if k == key:
            if value is not None and not done:
                out.append((k, value))
            done = True
        else:
            out.append((k, v))
    if not done and value is not None:
        out.append((key, value))
    return out


def shop_queries(
    catalogue: Catalogue, base_url: str, urls: Sequence[str] | None = None
) -> tuple[FacetQuery, ...]:
    """Every single-condition facet query {attribute = value} of the catalogue, with its entities.

    `urls` (product id - 1 → absolute URL) saves recomputing the products when the caller has them.
    """
    if urls is None:
        urls = [base_url + p.path for p in catalogue.products()]
    index = catalogue.index
    out: list[FacetQuery] = []
    for attr in ATTRIBUTES:
        for value in attr.values:
            ids = index.posting(attr.name, value.slug)
            if ids:
                entities = tuple(sorted(urls[pid - 1] for pid in ids))
                out.append(FacetQuery(((attr.name, value.label),), entities))
    return tuple(out)


class ShopSite(Site):
    """What the three shops share: the catalogue, product pages, info pages and ground truth."""

    kind = "shop"
    brand: ClassVar[Brand]
    list_path: ClassVar[str]

    def __init__(self, size: Size = "small", seed: int = 0) -> None:
        super().__init__(size, seed)
        self.catalogue = Catalogue(size, seed)
        self.forbidden_hits: Counter[str] = Counter()

    # -- chrome -----------------------------------------------------------------------------

    def nav(self) -> tuple[Anchor, ...]:
        return (Anchor("/", "Home"), Anchor(self.list_path, "Shop all"), Anchor("/about", "About"))

    def render(
        self,
        title: str,
        body: str,
        *,
        crumbs: Sequence[Anchor] = (),
        sidebar: str = "",
        scripts: Sequence[str] = (),
        css: str = "",
        active: str = "",
    ) -> str:
        return page(
            title,
            body,
            brand=self.brand,
            nav=self.nav(),
            active=active,
            breadcrumbs=crumbs,
            sidebar=sidebar,
            footer=_FOOTER,
            ads=_ADS,
            scripts=scripts,
            css=css + _SHOP_CSS,
            search=False,
        )

    def not_found(self, path: str) -> web.Response:
        return html_response(not_found_page(path, brand=self.brand, nav=self.nav()), status=404)

    # -- routing ----------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path.startswith("/product/"):
            return self._product(path)
        if path in INFO_PAGES:
            title, paragraphs = INFO_PAGES[path]
            crumbs = (Anchor("/", "Home"),)
            return html_response(self.render(title, Text(paragraphs).html(), crumbs=crumbs))
        return await self.route(request)

    @abstractmethod
    async def route(self, request: web.Request) -> web.StreamResponse:
        """Pages particular to one shop (home, lists, endpoints); 404 otherwise."""

    # -- product pages ----------------------------------------------------------------------

    def product_extra(self, product: Product) -> str:
        """Markup a shop adds to its product pages (the add-to-cart control)."""
        return (
            '<form class="buy" method="post" action="/cart">'
            f'<input type="hidden" name="product" value="{product.id}">'
            '<label>Quantity <input type="number" name="qty" value="1" min="1"></label> '
            '<button type="submit">Add to cart</button></form>'
        )

    def _product(self, path: str) -> web.StreamResponse:
        parts = path.split("/")
        if len(parts) != 4 or not parts[2].isdigit():
            return self.not_found(path)
        try:
            product = self.catalogue.product(int(parts[2]))
        except KeyError:
            return self.not_found(path)
        if parts[3] != product.slug:
            raise web.HTTPMovedPermanently(product.path)
        related = [self.catalogue.product(pid) for pid in self.catalogue.related(product.id)]
        body = (
            '<div class="product">'
            f'<p class="price">{esc(product.price)}</p>'
            + Facts(
                (
                    ("Brand", product.brand),
                    ("Reviews", f"{product.reviews} customer reviews"),
                    ("Product code", f"LB-{product.id:06d}"),
                )
            ).html()
            + Text((product.description,), title="Description").html()
            + self.product_extra(product)
            + "</div>"
            + '<section class="related">'
            + CardGrid(
                tuple(Anchor(p.path, p.name) for p in related),
                captions=tuple(p.price for p in related),
                title="Related products",
            ).html()
            + "</section>"
        )
        crumbs = (Anchor("/", "Home"), Anchor(self.list_path, "Shop"))
        return html_response(self.render(product.name, body, crumbs=crumbs))

    # -- shared page parts ------------------------------------------------------------------

    def featured(self) -> str:
        ids = self.catalogue.index.order(self.catalogue.index.select({}), "relevance")[:8]
        items = [self.catalogue.product(pid) for pid in ids]
        return CardGrid(
            tuple(Anchor(p.path, p.name) for p in items),
            captions=tuple(p.price for p in items),
            title="Featured products",
        ).html()

    def listing(self, conditions: Conditions, sort: SortKey) -> list[int]:
        index = self.catalogue.index
        return index.order(index.select(conditions), sort)

    def forbidden(self, what: str) -> None:
        self.forbidden_hits[what] += 1

    # -- truth ------------------------------------------------------------------------------

    def truth_templates(self, base_url: str) -> dict[str, str]:
        """URL → template of the pages particular to one shop."""
        return {}

    def truth_notes(self) -> str:
        return ""

    def truth(self, base_url: str) -> SiteTruth:
        catalogue = self.catalogue
        attributes: dict[str, dict[str, tuple[str, ...]]] = {}
        templates: dict[str, str] = {base_url + "/": "home"}
        for path in INFO_PAGES:
            templates[base_url + path] = "info"
        products: list[str] = []
        for product in catalogue.products():
            url = base_url + product.path
            products.append(url)
            templates[url] = "product"
            attributes[url] = {a.name: product.labels(a.name) for a in ATTRIBUTES}
        templates.update(self.truth_templates(base_url))
        hidden = ", ".join(HIDDEN_ATTRIBUTES)
        notes = (
            f"{catalogue.count} products. Hidden attributes (never on a product page): {hidden}; "
            "brand and price are shown (the price band follows from the price). "
            "Attribute names are the URL/form parameter names; values are the displayed labels. "
            "Colour, size and material may have several values per product. "
            "`templates` lists the home, info and product pages and the shop's own fixed pages "
            "(faceted lists are unbounded: only the unfiltered and single-condition lists are "
            "listed). " + self.truth_notes()
        )
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"product": tuple(products)},
            target_type="product",
            seed_entity=base_url + catalogue.product(1).path,
            attributes=attributes,
            queries=shop_queries(catalogue, base_url, products),
            facet_values=catalogue.facet_values(),
            templates=templates,
            notes=notes,
        )


_SHOP_CSS = """
.product .price{font-size:24px;font-weight:700;color:#0b6e3a;margin:0 0 8px}
form.buy{margin:14px 0}
form.buy button,.add-to-cart,#load-more,form.search button{background:var(--accent);color:#fff;border:0;border-radius:3px;padding:6px 14px;cursor:pointer}
.toolbar{display:flex;flex-wrap:wrap;gap:14px;font-size:13px;margin:4px 0 10px;color:#555}
.toolbar a,.toolbar span.on{padding:1px 6px}
.toolbar span.on{font-weight:700;color:#222}
.facet li .count{color:#888;font-size:12px}
.facet li.selected{font-weight:700}
.summary{color:#555;font-size:14px}
form.search fieldset{border:1px solid #dde1e6;border-radius:4px;margin:8px 0;padding:6px 10px}
form.search .row{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:8px 16px}
form.search label{display:block;font-size:13px;color:#444}
form.search select,form.search input[type=text]{width:100%;padding:4px}
form.search fieldset label{display:inline-block;margin-right:10px}
.account{font-size:13px}
"""
