"""The `shop-links` shop: facets as links in a sidebar, after the query-centric crawling paper.

Facet links are grouped under headings with counts ("Northwind (28)"). Each facet link appends one
parameter to the current query, so the same query has one URL per click order; sort orders, page
sizes (`PER_PAGE_CHOICES`) and pagination multiply the URLs further. The sidebar of a filtered list
shows only values that still have results; "Subcategory" appears only once a category is chosen.
The catalogue, product pages and truth come from `lab.sites.shops.ShopSite`.
"""

from __future__ import annotations

from urllib.parse import parse_qsl

from aiohttp import web

from siteseer.lab.sites.catalog_data import (
    ATTRIBUTES,
    SORTS,
    SUBCATEGORIES_OF,
    attribute,
)
from siteseer.lab.sites.http import html_response
from siteseer.lab.sites.shops import (
    DEFAULT_PER_PAGE,
    SORT_LABELS,
    Conditions,
    Pairs,
    ShopSite,
    facet_conditions,
    int_param,
    query_string,
    replace_param,
    sort_param,
)
from siteseer.lab.sites.theme import (
    Anchor,
    Brand,
    CardGrid,
    Pager,
    Text,
    box,
    esc,
)

__all__ = ["PER_PAGE_CHOICES", "ShopLinksSite"]

PER_PAGE_CHOICES: tuple[int, ...] = (12, 24, 48)


class ShopLinksSite(ShopSite):
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
        conditions = facet_conditions(pairs)
        sort = sort_param(pairs)
        per = int_param(pairs, "per", DEFAULT_PER_PAGE)
        if per not in PER_PAGE_CHOICES:
            per = DEFAULT_PER_PAGE
        number = int_param(pairs, "page", 1)
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
                href = "/shop" + query_string(replace_param(base, "sort", key))
                toolbar.append(f'<a href="{esc(href)}">{esc(SORT_LABELS[key])}</a>')
        toolbar.append("<span>Show:</span>")
        for n in PER_PAGE_CHOICES:
            if n == per:
                toolbar.append(f'<span class="on">{n}</span>')
            else:
                href = "/shop" + query_string(replace_param(base, "per", str(n)))
                toolbar.append(f'<a href="{esc(href)}">{n}</a>')
        toolbar.append("</div>")
        grid = CardGrid(
            tuple(Anchor(p.path, p.name) for p in shown),
            captions=tuple(f"{p.price} · {p.brand}" for p in shown),
        ).html()
        pager = Pager(
            tuple(
                (n, "/shop" + query_string(replace_param(base, "page", str(n) if n > 1 else None)))
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
                    href = "/shop" + query_string(remaining)
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
                href = "/shop" + query_string([*base, (attr.name, value.slug)])
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
