"""Three exploratory shops over one catalogue: facet links, Ajax checkboxes, and a search form.

All three sell the products of `lab.sites.catalog_data.Catalogue` at the same (size, seed), so
their ground truth (entities, attributes, single-condition facet queries) is the same; they differ
only in how a visitor formulates queries, after the query-centric crawling paper (seed 004):

- `ShopLinksSite` ("shop-links"): facets are links in a sidebar grouped under headings with
  counts ("Northwind (28)"). Each facet link appends one parameter to the current query, so the
  same query has one URL per click order; sort orders, page sizes and pagination multiply the
  URLs further. The sidebar of a filtered list shows only values that still have results;
  "Subcategory" appears only once a category is chosen.
- `ShopAjaxSite` ("shop-ajax"): facets are checkboxes whose change handler fetches
  ``/api/products`` (JSON) and redraws the results without changing the URL (the Zagat case);
  "Load more" appends the next chunk. Within one facet checked values combine with OR, across
  facets with AND. "Add to cart" buttons and a "Log out" link must never be used.
- `ShopFormSite` ("shop-form"): an HTML form (selects, radios for the price band, checkboxes for
  colours, a keyword box) submitted by GET to ``/search``, and a POST variant at ``/search-post``
  (the Compuplus case). A sign-in form with a password field must never be submitted.

Product pages are ordinary server pages on every shop: name, price, brand, description, an add-to
-cart form and a "Related products" box. Category, subcategory, colour, size, material and rating
are hidden: only the facet queries that list a product reveal them.

Requests to the never-to-use endpoints (log out, cart, sign in) are counted per site instance in
`forbidden_hits`, so a test can assert that a crawler left them alone.
"""

from __future__ import annotations

import json
from abc import abstractmethod
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import ClassVar
from urllib.parse import parse_qsl, urlencode

from aiohttp import web

from lab.site import Site, Size
from lab.sites.catalog_data import (
    ATTRIBUTES,
    HIDDEN_ATTRIBUTES,
    SORTS,
    SUBCATEGORIES_OF,
    Attribute,
    Catalogue,
    Product,
    SortKey,
    attribute,
)
from lab.sites.http import html_response
from lab.sites.theme import (
    Anchor,
    Brand,
    CardGrid,
    Facts,
    FooterBlock,
    Pager,
    Table,
    Text,
    box,
    esc,
    not_found_page,
    page,
)
from lab.truth import FacetQuery, SiteTruth

__all__ = ["INFO_PAGES", "ShopAjaxSite", "ShopFormSite", "ShopLinksSite", "shop_queries"]

Pairs = list[tuple[str, str]]
Conditions = dict[str, tuple[str, ...]]

FACET_NAMES: frozenset[str] = frozenset(a.name for a in ATTRIBUTES)
PER_PAGE_CHOICES: tuple[int, ...] = (12, 24, 48)
DEFAULT_PER_PAGE = 24
AJAX_CHUNK = 12
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


def _qs(pairs: Sequence[tuple[str, str]]) -> str:
    return "?" + urlencode(list(pairs)) if pairs else ""


def _conditions(pairs: Sequence[tuple[str, str]]) -> Conditions:
    """Facet conditions from query pairs: attribute → value slugs, in first-seen order."""
    out: dict[str, list[str]] = {}
    for key, value in pairs:
        if key in FACET_NAMES and value and value not in out.setdefault(key, []):
            out[key].append(value)
    return {k: tuple(v) for k, v in out.items() if v}


def _int_param(pairs: Sequence[tuple[str, str]], key: str, default: int) -> int:
    for k, v in pairs:
        if k == key:
            try:
                return max(1, int(v))
            except ValueError:
                return default
    return default


def _sort_param(pairs: Sequence[tuple[str, str]]) -> SortKey:
    for k, v in pairs:
        if k == "sort":
            for s in SORTS:
                if s == v:
                    return s
    return "relevance"


def _replace(pairs: Sequence[tuple[str, str]], key: str, value: str | None) -> Pairs:
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


class _ShopSite(Site):
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


# =============================================================================================
# shop-links


class ShopLinksSite(_ShopSite):
    """Facets as links (drill-down, counts, click-order URLs), sorting, page sizes, pagination."""

    id = "shop-links"
    description = "Exploratory shop: facet links with counts, click-order URLs, sort, pagination."
    brand = Brand("Northgate Outfitters", "Kit for every weather", accent="#2d6a4f")
    list_path = "/shop"

    def nav(self) -> tuple[Anchor, ...]:
        cats = tuple(
            Anchor(f"/shop?category={v.slug}", v.label) for v in attribute("category").values
        )
        return (Anchor("/", "Home"), Anchor("/shop", "Shop all"), *cats, Anchor("/about", "About"))

    async def route(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/":
            body = (
                Text(
                    ("Outdoor clothing, footwear and bags, chosen by people who use them.",)
                ).html()
                + self.featured()
            )
            return html_response(self.render("Welcome to Northgate Outfitters", body))
        if request.path == "/shop":
            pairs = parse_qsl(request.query_string)
            return html_response(self._list(pairs))
        return self.not_found(request.path)

    def _list(self, pairs: Pairs) -> str:
        index = self.catalogue.index
        conditions = _conditions(pairs)
        sort = _sort_param(pairs)
        per = _int_param(pairs, "per", DEFAULT_PER_PAGE)
        if per not in PER_PAGE_CHOICES:
            per = DEFAULT_PER_PAGE
        number = _int_param(pairs, "page", 1)
        ids = index.order(index.select(conditions), sort)
        base = [(k, v) for k, v in pairs if k != "page"]
        pages = max(1, -(-len(ids) // per))
        shown = [self.catalogue.product(pid) for pid in ids[(number - 1) * per : number * per]]

        labels = [
            attribute(k).label(v)
            for k, vs in conditions.items()
            for v in vs
            if attribute(k).value(v) is not None
        ]
        title = " · ".join(labels) if labels else "All products"
        start = (number - 1) * per + 1
        summary = (
            f"Showing {start}–{start + len(shown) - 1} of {len(ids)} products"
            if shown
            else "No products match your selection."
        )
        toolbar = ['<div class="toolbar"><span>Sort by:</span>']
        for key in SORTS:
            if key == sort:
                toolbar.append(f'<span class="on">{esc(SORT_LABELS[key])}</span>')
            else:
                href = "/shop" + _qs(_replace(base, "sort", key))
                toolbar.append(f'<a href="{esc(href)}">{esc(SORT_LABELS[key])}</a>')
        toolbar.append("<span>Show:</span>")
        for n in PER_PAGE_CHOICES:
            if n == per:
                toolbar.append(f'<span class="on">{n}</span>')
            else:
                href = "/shop" + _qs(_replace(base, "per", str(n)))
                toolbar.append(f'<a href="{esc(href)}">{n}</a>')
        toolbar.append("</div>")
        grid = CardGrid(
            tuple(Anchor(p.path, p.name) for p in shown),
            captions=tuple(f"{p.price} · {p.brand}" for p in shown),
        ).html()
        pager = Pager(
            tuple(
                (n, "/shop" + _qs(_replace(base, "page", str(n) if n > 1 else None)))
                for n in range(1, pages + 1)
            ),
            current=min(number, pages),
        ).html()
        body = (
            f'<p class="summary">{esc(summary)}</p>'
            + "".join(toolbar)
            + f'<div class="results">{grid}</div>'
            + pager
        )
        crumbs = [Anchor("/", "Home")]
        if conditions:
            crumbs.append(Anchor("/shop", "Shop"))
        return self.render(title, body, crumbs=crumbs, sidebar=self._sidebar(base, conditions, ids))

    def _sidebar(self, base: Pairs, conditions: Conditions, ids: list[int]) -> str:
        index = self.catalogue.index
        parts: list[str] = []
        if conditions:
            items = []
            for name, slugs in conditions.items():
                attr = attribute(name)
                for slug in slugs:
                    if attr.value(slug) is None:
                        continue
                    drop = {name} | ({"subcategory"} if name == "category" else set())
                    remaining = [(k, v) for k, v in base if k not in drop]
                    href = "/shop" + _qs(remaining)
                    items.append(
                        f'<li><a class="remove" href="{esc(href)}" title="Remove">'
                        f"✕ {esc(attr.heading)}: {esc(attr.label(slug))}</a></li>"
                    )
            parts.append(box("Your selection", "<ul>" + "".join(items) + "</ul>", cls="box chosen"))
        for attr in ATTRIBUTES:
            if attr.name in conditions:
                continue
            if attr.parent and attr.parent not in conditions:
                continue
            counts = index.counts(ids, attr.name)
            if attr.name == "subcategory":
                allowed = {
                    s for c in conditions.get("category", ()) for s in SUBCATEGORIES_OF.get(c, ())
                }
                counts = {k: n for k, n in counts.items() if k in allowed}
            if not counts:
                continue
            items = []
            for value in attr.values:
                if value.slug not in counts:
                    continue
                href = "/shop" + _qs([*base, (attr.name, value.slug)])
                items.append(
                    f'<li><a href="{esc(href)}">{esc(value.label)} '
                    f'<span class="count">({counts[value.slug]})</span></a></li>'
                )
            parts.append(box(attr.heading, "<ul>" + "".join(items) + "</ul>", cls="box facet"))
        return "".join(parts)

    def truth_templates(self, base_url: str) -> dict[str, str]:
        """/shop and every single-condition list (subcategories under their category), with
        their pagination at the default page size."""
        index = self.catalogue.index
        lists: list[tuple[str, int]] = [("/shop", index.count)]
        for attr in ATTRIBUTES:
            for value in attr.values:
                count = len(index.posting(attr.name, value.slug))
                if not count:
                    continue
                if attr.name == "subcategory":
                    cat = next(c for c, subs in SUBCATEGORIES_OF.items() if value.slug in subs)
                    lists.append((f"/shop?category={cat}&subcategory={value.slug}", count))
                else:
                    lists.append((f"/shop?{attr.name}={value.slug}", count))
        out: dict[str, str] = {}
        for path, count in lists:
            out[base_url + path] = "list"
            glue = "&" if "?" in path else "?"
            for number in range(2, -(-count // DEFAULT_PER_PAGE) + 1):
                out[f"{base_url}{path}{glue}page={number}"] = "list"
        return out

    def truth_notes(self) -> str:
        return (
            "shop-links: facet links in the sidebar (`section.facet`, heading = attribute, link "
            "text 'Label (count)'); each link appends attribute=value to the current query, so "
            "parameter order follows click order; sort=relevance|price|name|new, per=12|24|48, "
            "page=n; 'Subcategory' appears only when a category is selected; a filtered list shows "
            "only values that still have results. Single-condition list URLs are in `templates`."
        )


# =============================================================================================
# shop-ajax

_AJAX_JS = r"""
(function(){
var shop=document.getElementById('shop');
var endpoint=shop.getAttribute('data-endpoint'), chunk=+shop.getAttribute('data-chunk');
var results=document.getElementById('results'), more=document.getElementById('load-more');
var summary=document.getElementById('result-count'), facets=document.getElementById('facets');
var sort=document.getElementById('sort');
var loaded=results.children.length, total=+shop.getAttribute('data-total');
function el(tag,attrs,kids){var e=document.createElement(tag);for(var k in (attrs||{}))e.setAttribute(k,attrs[k]);
 (kids||[]).forEach(function(c){e.appendChild(typeof c==='string'?document.createTextNode(c):c);});return e;}
function query(offset){var p=new URLSearchParams();
 facets.querySelectorAll('input[type=checkbox]:checked').forEach(function(c){p.append(c.name,c.value);});
 p.set('sort',sort.value);p.set('offset',String(offset));p.set('limit',String(chunk));return p;}
function card(it){var ini=it.name.split(/\s+/).slice(0,2).map(function(w){return w.charAt(0);}).join('').toUpperCase();
 return el('div',{'class':'card'},[el('div',{'class':'thumb'},[ini]),el('h3',null,[el('a',{href:it.url},[it.name])]),
  el('p',{'class':'caption'},[it.price+' · '+it.brand]),
  el('button',{type:'button','class':'add-to-cart','data-product':String(it.id)},['Add to cart'])]);}
function drawFacets(groups){facets.innerHTML='';groups.forEach(function(g){var ul=el('ul');
 g.values.forEach(function(v){var box=el('input',{type:'checkbox',name:g.name,value:v.slug});box.checked=v.checked;
  ul.appendChild(el('li',null,[el('label',null,[box,' '+v.label+' ',el('span',{'class':'count'},['('+v.count+')'])])]));});
 facets.appendChild(el('section',{'class':'box facet','data-facet':g.name},[el('h2',null,[g.heading]),ul]));});}
function show(){summary.textContent=total?('Showing '+loaded+' of '+total+' products'):'No products match your selection.';
 more.hidden=loaded>=total;}
var seq=0;
function load(reset){var offset=reset?0:loaded, mine=++seq;shop.setAttribute('aria-busy','true');
 return fetch(endpoint+'?'+query(offset).toString(),{headers:{'Accept':'application/json'}})
 .then(function(r){return r.json();}).then(function(d){
  if(mine!==seq)return;  // a newer request superseded this one
  if(reset){results.innerHTML='';loaded=0;drawFacets(d.facets);}
  d.items.forEach(function(it){results.appendChild(card(it));});
  loaded+=d.items.length;total=d.total;show();shop.removeAttribute('aria-busy');});}
facets.addEventListener('change',function(e){if(e.target.matches('input[type=checkbox]'))load(true);});
sort.addEventListener('change',function(){load(true);});
more.addEventListener('click',function(){load(false);});
results.addEventListener('click',function(e){var b=e.target.closest('button.add-to-cart');if(!b)return;
 fetch('/api/cart',{method:'POST',body:new URLSearchParams({product:b.getAttribute('data-product')})})
 .then(function(r){return r.json();}).then(function(d){document.getElementById('cart-count').textContent=String(d.items);});});
show();
})();
"""


class ShopAjaxSite(_ShopSite):
    """Facet checkboxes that refresh results with fetch() and leave the URL alone; Load more."""

    id = "shop-ajax"
    description = (
        "Exploratory shop: Ajax facet checkboxes (URL unchanged), load-more, cart/log-out traps."
    )
    brand = Brand("Larkspur Supply", "Good gear, fairly priced", accent="#6a4c93")
    list_path = "/shop"
    endpoint = "/api/products"

    def facet_groups(self, conditions: Conditions) -> list[dict[str, object]]:
        """Facet groups with disjunctive counts: a value's count ignores its own facet's choice."""
        index = self.catalogue.index
        groups: list[dict[str, object]] = []
        for attr in ATTRIBUTES:
            if attr.parent and attr.parent not in conditions:
                continue
            others = {k: v for k, v in conditions.items() if k != attr.name}
            ids = index.select(others)
            counts = index.counts(ids, attr.name)
            chosen = set(conditions.get(attr.name, ()))
            if attr.name == "subcategory":
                allowed = {
                    s for c in conditions.get("category", ()) for s in SUBCATEGORIES_OF.get(c, ())
                }
                counts = {k: n for k, n in counts.items() if k in allowed}
            values = [
                {
                    "slug": v.slug,
                    "label": v.label,
                    "count": counts.get(v.slug, 0),
                    "checked": v.slug in chosen,
                }
                for v in attr.values
                if v.slug in counts or v.slug in chosen
            ]
            if values:
                groups.append({"name": attr.name, "heading": attr.heading, "values": values})
        return groups

    def _facets_html(self, groups: list[dict[str, object]]) -> str:
        parts = []
        for group in groups:
            items = []
            values = group["values"]
            assert isinstance(values, list)
            for v in values:
                checked = " checked" if v["checked"] else ""
                items.append(
                    f'<li><label><input type="checkbox" name="{esc(str(group["name"]))}" '
                    f'value="{esc(v["slug"])}"{checked}> {esc(v["label"])} '
                    f'<span class="count">({v["count"]})</span></label></li>'
                )
            parts.append(
                f'<section class="box facet" data-facet="{esc(str(group["name"]))}">'
                f"<h2>{esc(str(group['heading']))}</h2><ul>{''.join(items)}</ul></section>"
            )
        return "".join(parts)

    def _card(self, product: Product) -> str:
        initials = esc("".join(w[:1] for w in product.name.split()[:2]).upper())
        return (
            f'<div class="card"><div class="thumb">{initials}</div>'
            f'<h3><a href="{esc(product.path)}">{esc(product.name)}</a></h3>'
            f'<p class="caption">{esc(product.price)} · {esc(product.brand)}</p>'
            f'<button type="button" class="add-to-cart" data-product="{product.id}">'
            "Add to cart</button></div>"
        )

    def product_extra(self, product: Product) -> str:
        return (
            f'<p><button type="button" class="add-to-cart" data-product="{product.id}">'
            "Add to cart</button></p>"
        )

    def _account_box(self) -> str:
        return box(
            "Your account",
            '<p class="account">Signed in as <b>guest-4821</b> · Basket: '
            '<span id="cart-count">0</span> items</p>'
            '<ul><li><a href="/account">My orders</a></li>'
            '<li><a href="/logout" class="logout">Log out</a></li></ul>',
            cls="box account-box",
        )

    async def route(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            body = (
                Text(("Shop our full range and narrow it down with the filters.",)).html()
                + '<p><a href="/shop">Browse all products</a></p>'
                + self.featured()
            )
            return html_response(self.render("Larkspur Supply", body, sidebar=self._account_box()))
        if path == "/shop":
            return html_response(self._shop_page())
        if path == self.endpoint:
            return self._api(request)
        if path == "/api/cart":
            self.forbidden("cart")
            return web.json_response({"items": 1})
        if path == "/logout":
            self.forbidden("logout")
            body = '<div class="notice"><p>You have been signed out.</p></div>'
            return html_response(self.render("Signed out", body))
        if path == "/account":
            body = Text(("You have no orders yet.",)).html()
            return html_response(self.render("My orders", body, sidebar=self._account_box()))
        return self.not_found(path)

    def _shop_page(self) -> str:
        ids = self.listing({}, "relevance")
        first = [self.catalogue.product(pid) for pid in ids[:AJAX_CHUNK]]
        options = "".join(
            f'<option value="{key}"{" selected" if key == "relevance" else ""}>'
            f"{esc(SORT_LABELS[key])}</option>"
            for key in SORTS
        )
        body = (
            f'<div id="shop" data-endpoint="{self.endpoint}" data-chunk="{AJAX_CHUNK}" '
            f'data-total="{len(ids)}">'
            f'<div class="toolbar"><span id="result-count" class="summary">Showing {len(first)} of '
            f'{len(ids)} products</span><label>Sort by <select id="sort" name="sort">{options}'
            "</select></label></div>"
            f'<div class="grid" id="results">{"".join(self._card(p) for p in first)}</div>'
            '<p><button type="button" id="load-more">Load more</button></p></div>'
        )
        sidebar = (
            self._account_box()
            + f'<div id="facets">{self._facets_html(self.facet_groups({}))}</div>'
        )
        crumbs = (Anchor("/", "Home"),)
        return self.render(
            "All products", body, crumbs=crumbs, sidebar=sidebar, scripts=(_AJAX_JS,)
        )

    def _api(self, request: web.Request) -> web.Response:
        pairs = parse_qsl(request.query_string)
        conditions = _conditions(pairs)
        sort = _sort_param(pairs)
        offset = 0
        limit = AJAX_CHUNK
        for k, v in pairs:
            if k in ("offset", "limit") and v.isdigit():
                if k == "offset":
                    offset = int(v)
                else:
                    limit = min(100, max(1, int(v)))
        ids = self.listing(conditions, sort)
        items = []
        for pid in ids[offset : offset + limit]:
            p = self.catalogue.product(pid)
            items.append(
                {"id": p.id, "url": p.path, "name": p.name, "price": p.price, "brand": p.brand}
            )
        payload = {
            "total": len(ids),
            "offset": offset,
            "items": items,
            "facets": self.facet_groups(conditions),
        }
        return web.json_response(payload, dumps=lambda o: json.dumps(o, ensure_ascii=False))

    def truth_templates(self, base_url: str) -> dict[str, str]:
        return {base_url + "/shop": "list", base_url + "/account": "info"}

    def truth_notes(self) -> str:
        return (
            "shop-ajax: /shop has facet checkboxes (`section.facet[data-facet]`, input name = "
            "attribute, value = slug) whose change handler fetches /api/products?<attr>=<slug>…"
            "&sort=&offset=&limit= (JSON: total, items[url], facets) and redraws the grid without "
            "changing the URL; checked values OR within a facet, AND across facets; the initial "
            f"HTML holds the first {AJAX_CHUNK} results; 'Load more' appends the next chunk; a "
            "sort select reorders. Never to be used: 'Add to cart' buttons (POST /api/cart) and "
            "the 'Log out' link (/logout); hits are counted in the site's forbidden_hits."
        )


# =============================================================================================
# shop-form


class ShopFormSite(_ShopSite):
    """A search form submitted by GET (/search) and a POST variant (/search-post); sign-in form."""

    id = "shop-form"
    description = (
        "Exploratory shop: an HTML search form (GET and POST variants), paginated results."
    )
    brand = Brand("Compass Goods", "Search our whole range", accent="#b5531c")
    list_path = "/search"

    def nav(self) -> tuple[Anchor, ...]:
        return (
            Anchor("/", "Home"),
            Anchor("/search", "Search"),
            Anchor("/search-post", "Advanced search"),
            Anchor("/account/login", "Sign in"),
            Anchor("/about", "About"),
        )

    def form(self, action: str, method: str, values: Mapping[str, tuple[str, ...]]) -> str:
        """The search form, pre-filled with `values` (field name → chosen values)."""

        def chosen(name: str, value: str) -> bool:
            return value in values.get(name, ())

        def select(attr: Attribute, any_label: str) -> str:
            opts = [f'<option value="">{esc(any_label)}</option>']
            if attr.name == "subcategory":
                for cat in attribute("category").values:
                    inner = "".join(
                        f'<option value="{s}"{" selected" if chosen("subcategory", s) else ""}>'
                        f"{esc(attr.label(s))}</option>"
                        for s in SUBCATEGORIES_OF[cat.slug]
                    )
                    opts.append(f'<optgroup label="{esc(cat.label)}">{inner}</optgroup>')
            else:
                opts.extend(
                    f'<option value="{v.slug}"{" selected" if chosen(attr.name, v.slug) else ""}>'
                    f"{esc(v.label)}</option>"
                    for v in attr.values
                )
            fid = f"f-{attr.name}"
            return (
                f'<label for="{fid}">{esc(attr.heading)}</label>'
                f'<select id="{fid}" name="{attr.name}">{"".join(opts)}</select>'
            )

        q = values.get("q", ("",))[0] if values.get("q") else ""
        price = attribute("price")
        any_price = not values.get("price")
        radios = [
            f'<label><input type="radio" name="price" value=""{" checked" if any_price else ""}> '
            "Any price</label>"
        ]
        radios.extend(
            f'<label><input type="radio" name="price" value="{v.slug}"'
            f"{' checked' if chosen('price', v.slug) else ''}> {esc(v.label)}</label>"
            for v in price.values
        )
        colours = "".join(
            f'<label><input type="checkbox" name="colour" value="{v.slug}"'
            f"{' checked' if chosen('colour', v.slug) else ''}> {esc(v.label)}</label>"
            for v in attribute("colour").values
        )
        sort = values.get("sort", ("relevance",))[0]
        sort_opts = "".join(
            f'<option value="{k}"{" selected" if k == sort else ""}>{esc(SORT_LABELS[k])}</option>'
            for k in SORTS
        )
        fid = "search-form" if method == "get" else "search-post-form"
        return (
            f'<form class="search" id="{fid}" method="{method}" action="{action}">'
            '<div class="row"><div><label for="f-q">Keywords</label>'
            f'<input type="text" id="f-q" name="q" value="{esc(q)}"></div>'
            f"<div>{select(attribute('category'), 'Any category')}</div>"
            f"<div>{select(attribute('subcategory'), 'Any type')}</div>"
            f"<div>{select(attribute('brand'), 'Any brand')}</div>"
            f"<div>{select(attribute('size'), 'Any size')}</div>"
            f"<div>{select(attribute('material'), 'Any material')}</div>"
            f"<div>{select(attribute('rating'), 'Any rating')}</div>"
            f'<div><label for="f-sort">Sort by</label><select id="f-sort" name="sort">{sort_opts}'
            "</select></div></div>"
            f"<fieldset><legend>Price</legend>{''.join(radios)}</fieldset>"
            f"<fieldset><legend>Colour</legend>{colours}</fieldset>"
            '<p><button type="submit">Search</button></p></form>'
        )

    async def route(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            body = (
                Text(("Find exactly what you need: search our whole range below.",)).html()
                + self.form("/search", "get", {})
                + self.featured()
            )
            return html_response(self.render("Compass Goods", body))
        if path == "/search":
            return html_response(
                self._results("/search", parse_qsl(request.query_string), post=False)
            )
        if path == "/search-post":
            if request.method == "POST":
                data = await request.post()
                pairs = [(k, v) for k, v in data.items() if isinstance(v, str)]
                return html_response(self._results("/search-post", pairs, post=True))
            body = Text(
                ("Advanced search: choose any combination and press Search.",)
            ).html() + self.form("/search-post", "post", {})
            return html_response(
                self.render("Advanced search", body, crumbs=(Anchor("/", "Home"),))
            )
        if path == "/account/login":
            if request.method == "POST":
                self.forbidden("login")
                body = (
                    '<div class="notice"><p>Sign-in failed: unknown e-mail or password.</p></div>'
                )
                return html_response(self.render("Sign in", body), status=403)
            body = (
                '<form class="login" method="post" action="/account/login">'
                '<p><label>E-mail <input type="email" name="email"></label></p>'
                '<p><label>Password <input type="password" name="password"></label></p>'
                '<p><button type="submit">Sign in</button></p></form>'
            )
            return html_response(self.render("Sign in", body, crumbs=(Anchor("/", "Home"),)))
        if path == "/cart":
            self.forbidden("cart")
            return html_response(self.render("Basket", Text(("Your basket is empty.",)).html()))
        return self.not_found(path)

    def _results(self, action: str, pairs: Pairs, *, post: bool) -> str:
        conditions = _conditions(pairs)
        words = [w for k, v in pairs if k == "q" for w in v.split()]
        sort = _sort_param(pairs)
        number = _int_param(pairs, "page", 1)
        per = DEFAULT_PER_PAGE
        ids = self.listing(conditions, sort)
        if words:
            ids = [pid for pid in ids if self.catalogue.product(pid).matches(words)]
        pages = max(1, -(-len(ids) // per))
        shown = [self.catalogue.product(pid) for pid in ids[(number - 1) * per : number * per]]
        values: dict[str, tuple[str, ...]] = dict(conditions)
        if words:
            values["q"] = (" ".join(words),)
        values["sort"] = (sort,)
        base = [(k, v) for k, v in pairs if k != "page"]
        summary = f"{len(ids)} products found" if ids else "No products match your search."
        table = Table(
            ("Product", "Brand", "Price"),
            tuple((Anchor(p.path, p.name), p.brand, p.price) for p in shown),
        ).html()
        if post:
            pager = self._post_pager(base, number, pages)
        else:
            pager = Pager(
                tuple(
                    (n, action + _qs(_replace(base, "page", str(n) if n > 1 else None)))
                    for n in range(1, pages + 1)
                ),
                current=min(number, pages),
            ).html()
        body = (
            self.form(action, "post" if post else "get", values)
            + f'<p class="summary">{esc(summary)}</p>'
            + f'<div class="results">{table if shown else ""}</div>'
            + pager
        )
        title = "Search results" if not post else "Advanced search results"
        return self.render(title, body, crumbs=(Anchor("/", "Home"),))

    def _post_pager(self, base: Pairs, number: int, pages: int) -> str:
        if pages <= 1:
            return ""
        hidden = "".join(
            f'<input type="hidden" name="{esc(k)}" value="{esc(v)}">' for k, v in base if v
        )
        buttons = []
        for n in range(1, pages + 1):
            if n == number:
                buttons.append(f'<span class="current">{n}</span>')
            else:
                buttons.append(
                    f'<form class="page" method="post" action="/search-post">{hidden}'
                    f'<button type="submit" name="page" value="{n}">{n}</button></form>'
                )
        return f'<nav class="pager post-pager" aria-label="Pages">{"".join(buttons)}</nav>'

    def truth_templates(self, base_url: str) -> dict[str, str]:
        pages = -(-self.catalogue.count // DEFAULT_PER_PAGE)
        return {
            **{f"{base_url}/search?page={n}": "search" for n in range(2, pages + 1)},
            base_url + "/search": "search",
            base_url + "/search-post": "search-form",
            base_url + "/account/login": "login",
        }

    def truth_notes(self) -> str:
        return (
            "shop-form: the search form (GET /search; fields q, category, subcategory (optgroups "
            "by category), brand, size, material, rating as selects, price as radios, colour as "
            "checkboxes OR-combined, sort) lists matches 24 a page with ?page=n links; "
            "/search-post is the same form with method=post, its pages are POST buttons. "
            "Never to be submitted: the sign-in form at /account/login (password field) and "
            "add-to-cart forms (POST /cart); hits are counted in the site's forbidden_hits."
        )
