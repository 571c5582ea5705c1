"""The `shop-ajax` shop: facet checkboxes that redraw the results with fetch() (the Zagat case).

Checking a box fetches ``/api/products`` (JSON) and redraws the grid without changing the URL;
"Load more" appends the next chunk of `AJAX_CHUNK` products. Within one facet checked values
combine with OR, across facets with AND. "Add to cart" buttons (POST /api/cart) and a "Log out"
link must never be used: hits are counted in `forbidden_hits`. The catalogue, product pages and
truth come from `lab.sites.shops.ShopSite`.
"""

from __future__ import annotations

import json
from urllib.parse import parse_qsl

from aiohttp import web

from siteseer.lab.sites.catalog_data import (
    ATTRIBUTES,
    SORTS,
    SUBCATEGORIES_OF,
    Product,
)
from siteseer.lab.sites.http import html_response
from siteseer.lab.sites.shops import (
    SORT_LABELS,
    Conditions,
    ShopSite,
    facet_conditions,
    sort_param,
)
from siteseer.lab.sites.theme import (
    Anchor,
    Brand,
    Text,
    box,
    esc,
)

__all__ = ["AJAX_CHUNK", "ShopAjaxSite"]

AJAX_CHUNK = 12

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


class ShopAjaxSite(ShopSite):
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
        conditions = facet_conditions(pairs)
        sort = sort_param(pairs)
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
