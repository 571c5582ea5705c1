"""The `shop-form` shop: an HTML search form, by GET and by POST (the Compuplus case).

The form (selects, radios for the price band, checkboxes for colours, a keyword box) is submitted
by GET to ``/search`` and, in a variant, by POST to ``/search-post`` whose pages are POST buttons.
A sign-in form with a password field (/account/login) and add-to-cart forms (POST /cart) must
never be submitted: hits are counted in `forbidden_hits`. The catalogue, product pages and truth
come from `lab.sites.shops.ShopSite`.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import parse_qsl

from aiohttp import web

from siteseer.lab.sites.catalog_data import (
    SORTS,
    SUBCATEGORIES_OF,
    Attribute,
    attribute,
)
from siteseer.lab.sites.http import html_response
from siteseer.lab.sites.shops import (
    DEFAULT_PER_PAGE,
    SORT_LABELS,
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
    Pager,
    Table,
    Text,
    esc,
)

__all__ = ["ShopFormSite"]


class ShopFormSite(ShopSite):
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
        conditions = facet_conditions(pairs)
        words = [w for k, v in pairs if k == "q" for w in v.split()]
        sort = sort_param(pairs)
        number = int_param(pairs, "page", 1)
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
                    (
                        n,
                        action
                        + query_string(replace_param(base, "page", str(n) if n > 1 else None)),
                    )
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
