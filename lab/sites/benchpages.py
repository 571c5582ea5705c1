"""Product-like pages for throughput benchmarks (not a scored site).

``/p/<i>`` for i in 0..N-1 (N = `PAGE_COUNTS[size]`): 15–40 KB each, a header with a menu and a
search form, breadcrumbs, a product block with a spec table and description, 20–120 related
products, tags, a footer, an inline stylesheet plus ``/static/site.css``, images (which renderers
block) and inline scripts — one rewrites the price while the page parses, one holds JSON-LD.
Every page has 60–200 links. ``/`` lists all product URLs; ``/c/<k>`` lists a category.
The same (size, seed) always gives the same bytes.
"""

from __future__ import annotations

import json
import random
from collections import OrderedDict
from typing import ClassVar

from aiohttp import web

from siteseer.lab.site import Site, Size
from siteseer.lab.truth import SiteTruth

__all__ = ["CATEGORIES", "PAGE_COUNTS", "BenchSite"]

PAGE_COUNTS: dict[str, int] = {"small": 500, "medium": 500, "large": 5000}
CATEGORIES = (
    "Kitchen",
    "Garden",
    "Tools",
    "Toys",
    "Books",
    "Music",
    "Sports",
    "Outdoor",
    "Office",
    "Lighting",
    "Bath",
    "Storage",
)
_WORDS = tuple(
    [
        "sturdy",
        "compact",
        "premium",
        "classic",
        "modern",
        "steel",
        "oak",
        "cotton",
        "wireless",
        "portable",
        "quiet",
        "efficient",
        "reliable",
        "elegant",
        "handy",
        "durable",
        "bright",
        "soft",
        "light",
        "heavy",
        "travel",
        "family",
        "deluxe",
        "smart",
        "washable",
        "foldable",
        "ergonomic",
        "natural",
        "recycled",
        "vintage",
        "classic",
        "waterproof",
        "rechargeable",
        "the",
        "a",
        "with",
        "for",
        "and",
        "of",
        "in",
        "to",
        "on",
        "by",
        "from",
        "our",
        "every",
        "your",
        "this",
        "that",
        "its",
    ]
)
_NOUNS = tuple(
    [
        "lamp",
        "kettle",
        "chair",
        "table",
        "blender",
        "drill",
        "saw",
        "rake",
        "hose",
        "shelf",
        "desk",
        "speaker",
        "headphones",
        "backpack",
        "tent",
        "bottle",
        "mug",
        "pan",
        "knife",
        "board",
        "puzzle",
        "ball",
        "racket",
        "towel",
        "basket",
        "box",
    ]
)
_CSS = """
*{box-sizing:border-box}body{margin:0;font:14px/1.5 Helvetica,Arial,sans-serif;color:#222}
header{background:#1d2b4f;color:#fff;padding:10px 20px}header a{color:#fff;margin-right:14px}
nav.menu{display:flex;flex-wrap:wrap}form.search{display:inline-block;margin-left:20px}
.crumbs{padding:6px 20px;font-size:12px}.crumbs a{color:#555}
main{display:flex;padding:10px 20px}article{flex:3;padding-right:20px}
aside.related{flex:1}aside.related ul{list-style:none;margin:0;padding:0}
aside.related li{padding:2px 0}aside.related a{color:#0a58ca;font-size:13px}
table.specs{border-collapse:collapse}table.specs td{border:1px solid #ddd;padding:3px 8px}
.price{font-size:22px;font-weight:bold;color:#b12704}.tags a{margin-right:8px;font-size:12px}
footer{background:#f3f3f3;padding:14px 20px;display:grid;grid-template-columns:repeat(4,1fr)}
footer a{display:block;color:#444;font-size:12px}
"""
_CACHE_PAGES = 1024
_SITE_CSS = "img.photo{width:320px;height:240px;background:#eee}.reviews p{margin:4px 0}\n"
_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082"
)


class BenchSite(Site):
    """N deterministic product pages (see the module docstring)."""

    id: ClassVar[str] = "bench"
    kind: ClassVar[str] = "bench"
    description: ClassVar[str] = "product-like pages for throughput benchmarks"

    def __init__(self, size: Size = "small", seed: int = 0) -> None:
        super().__init__(size, seed)
        self.count = PAGE_COUNTS[size]
        # Recently served pages, so that benchmarks measure the client, not page generation.
        self._cache: OrderedDict[int, bytes] = OrderedDict()

    def _product_bytes(self, i: int) -> bytes:
        body = self._cache.get(i)
        if body is None:
            body = self.product(i).encode("utf-8")
            self._cache[i] = body
            if len(self._cache) > _CACHE_PAGES:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(i)
        return body

    def _name(self, i: int) -> str:
        rng = random.Random(f"name:{self.seed}:{i}")
        return f"{rng.choice(_WORDS[:30]).title()} {rng.choice(_NOUNS)} {i}"

    def product(self, i: int) -> str:
        """The HTML of product page `i`."""
        rng = random.Random(f"page:{self.seed}:{i}")
        name = self._name(i)
        category = CATEGORIES[i % len(CATEGORIES)]
        price = rng.randint(300, 99_900)
        menu = "".join(f'<a href="/c/{k}">{c}</a>' for k, c in enumerate(CATEGORIES))
        crumbs = (
            f'<a href="/">Home</a> › <a href="/c/{i % len(CATEGORIES)}">{category}</a> › '
            f'<a href="/p/{i}">{name}</a>'
        )
        specs = "".join(
            f"<tr><td>{rng.choice(_WORDS).title()}</td><td>{rng.randint(1, 500)} "
            f"{rng.choice(('mm', 'g', 'W', 'cm', 'kg'))}</td></tr>"
            for _ in range(rng.randint(8, 18))
        )
        related_ids = sorted({rng.randrange(self.count) for _ in range(rng.randint(20, 120))} - {i})
        related = "".join(
            f'<li><a href="/p/{j}" class="rel">{self._name(j)}</a></li>' for j in related_ids
        )
        tags = "".join(
            f'<a href="/c/{rng.randrange(len(CATEGORIES))}?tag={w}">{w}</a>'
            for w in sorted({rng.choice(_WORDS[:30]) for _ in range(rng.randint(4, 12))})
        )
        footer = "".join(
            f"<div><h4>{title}</h4>"
            + "".join(f'<a href="/info/{title.lower()}-{k}">{title} {k}</a>' for k in range(5))
            + "</div>"
            for title in ("Help", "Company", "Legal", "Stores")
        )
        target = rng.randint(15_000, 38_000)
        head = (
            f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{name}</title>'
            f'<meta name="description" content="{name} in {category}">'
            f'<link rel="stylesheet" href="/static/site.css"><style>{_CSS}</style></head>'
        )
        top = (
            '<body class="product-page"><header id="top"><a class="logo" href="/">BenchShop</a>'
            f'<nav class="menu">{menu}</nav><form class="search" action="/search" method="get">'
            '<input type="search" name="q" placeholder="Search"><button>Go</button></form></header>'
            f'<div class="crumbs">{crumbs}</div><main id="main"><article class="product">'
            f'<h1>{name}</h1><p class="price" id="price" data-cents="{price}">{price}</p>'
            f'<img class="photo" src="/img/p{i}.jpg" alt="{name}">'
            f'<table class="specs"><tbody>{specs}</tbody></table><div class="description">'
        )
        bottom = (
            "</div></article>"
            f'<aside class="related"><h3>Related</h3><ul>{related}</ul></aside></main>'
            f'<div class="tags">{tags}</div><footer>{footer}</footer>'
            "<script>(function(){var p=document.getElementById('price');"
            "var c=+p.getAttribute('data-cents');"
            "p.textContent='$'+(c/100).toFixed(2);})();</script>"
            '<script type="application/ld+json">'
            + json.dumps({"@type": "Product", "name": name, "sku": i, "price": price / 100})
            + "</script></body></html>"
        )
        parts: list[str] = []
        size = len(head) + len(top) + len(bottom)
        while size < target:
            words = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(40, 90)))
            paragraph = f"<p>{words.capitalize()}.</p>"
            parts.append(paragraph)
            size += len(paragraph)
        return head + top + "".join(parts) + bottom

    def _listing(self, title: str, ids: list[int]) -> str:
        items = "".join(f'<li><a href="/p/{j}">{self._name(j)}</a></li>' for j in ids)
        return (
            f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
            f'</head><body><h1>{title}</h1><ul class="products">{items}</ul></body></html>'
        )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path.startswith("/p/"):
            tail = path.removeprefix("/p/")
            if tail.isdigit() and int(tail) < self.count:
                return web.Response(
                    body=self._product_bytes(int(tail)), content_type="text/html", charset="utf-8"
                )
        elif path == "/":
            return web.Response(
                text=self._listing("BenchShop", list(range(self.count))), content_type="text/html"
            )
        elif path.startswith("/c/"):
            tail = path.removeprefix("/c/")
            if tail.isdigit() and int(tail) < len(CATEGORIES):
                k = int(tail)
                ids = list(range(k, self.count, len(CATEGORIES)))
                return web.Response(
                    text=self._listing(CATEGORIES[k], ids), content_type="text/html"
                )
        elif path == "/static/site.css":
            return web.Response(text=_SITE_CSS, content_type="text/css")
        elif path.startswith("/img/"):
            return web.Response(body=_PNG, content_type="image/png")
        return web.Response(text="<h1>Not found</h1>", status=404, content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        """`entities["product"]`: every product page URL, in id order."""
        b = base_url.rstrip("/")
        products = tuple(f"{b}/p/{i}" for i in range(self.count))
        return SiteTruth(
            site=self.id,
            base_url=b,
            kind="bench",
            entities={"product": products},
            target_type="product",
            seed_entity=products[0],
            templates={u: "product" for u in products},
            notes=f"{self.count} product pages, 15–40 KB, 60–200 links each",
        )
