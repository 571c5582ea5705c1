"""A community portal whose pages come from eight templates: the page-template setting (seed 002).

Templates: ``home``, ``listing`` (the paginated index of each section), and six entity templates —
``article``, ``product``, ``profile``, ``thread``, ``event``, ``gallery`` — each with its own DOM
structure inside the shared site chrome (header menu, breadcrumbs, sidebar, footer). Within a
template, pages vary the way real ones do: optional sections (pull quotes, reviews, comments,
schedules) are present or not, and repeated rows (paragraphs, specification rows, forum posts,
photos) vary in number, so template detection and clustering must look past both.

Pages link across templates (articles to related articles, threads and events to profiles,
products to products), and every entity is reachable from its section's listing. Sizes: about
150 pages (small), 1,500 (medium) and 12,000 (large), every page computed on request.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Literal

from aiohttp import web

from siteseer.lab.site import Site, Size
from siteseer.lab.sites.http import html_response
from siteseer.lab.sites.names import (
    CITIES,
    headline,
    paragraph,
    person_name,
    rng_for,
    sentence,
    slugify,
)
from siteseer.lab.sites.theme import (
    Anchor,
    Brand,
    CardGrid,
    Facts,
    FooterBlock,
    LinkList,
    Pager,
    Table,
    Text,
    box,
    esc,
    not_found_page,
    page,
)
from siteseer.lab.truth import SiteTruth

__all__ = ["ENTITY_TEMPLATES", "TEMPLATES", "MixedTemplatesSite", "Template"]

Template = Literal["home", "listing", "article", "product", "profile", "thread", "event", "gallery"]
EntityTemplate = Literal["article", "product", "profile", "thread", "event", "gallery"]
TEMPLATES: tuple[Template, ...] = (
    "home", "listing", "article", "product", "profile", "thread", "event", "gallery",
)  # fmt: skip
ENTITY_TEMPLATES: tuple[EntityTemplate, ...] = (
    "article", "product", "profile", "thread", "event", "gallery",
)  # fmt: skip
PAGE_COUNTS: dict[Size, int] = {"small": 150, "medium": 1500, "large": 12000}
_SHARES: dict[EntityTemplate, float] = {
    "article": 0.25,
    "product": 0.2,
    "profile": 0.15,
    "thread": 0.2,
    "event": 0.1,
    "gallery": 0.1,
}
PER_LISTING_PAGE = 20


@dataclass(frozen=True)
class Section:
    """The listing section of one entity template."""

    template: EntityTemplate
    path: str
    title: str


SECTIONS: dict[EntityTemplate, Section] = {
    "article": Section("article", "/news", "News"),
    "product": Section("product", "/shop", "Shop"),
    "profile": Section("profile", "/people", "People"),
    "thread": Section("thread", "/forum", "Forum"),
    "event": Section("event", "/events", "Events"),
    "gallery": Section("gallery", "/galleries", "Galleries"),
}
_CSS = """
article.story .byline{color:#666;font-size:13px}
article.story blockquote{border-left:4px solid var(--accent);margin:12px 0;padding:4px 12px;font-style:italic}
.comments .comment{border-top:1px solid #eee;padding:6px 0;font-size:14px}
.product-detail{display:grid;grid-template-columns:260px 1fr;gap:18px}
.product-detail .photo-main{height:220px;background:#dfe6ee;border-radius:6px}
.buy-box .price{font-size:24px;font-weight:700}
.reviews .review{border:1px solid #eee;border-radius:4px;padding:6px 10px;margin:6px 0}
.profile-head{display:flex;gap:16px;align-items:center}
.profile-head .avatar{width:96px;height:96px;border-radius:50%;background:#c8d3de}
.thread .post{display:grid;grid-template-columns:150px 1fr;gap:12px;border-bottom:1px solid #eee;padding:10px 0}
.thread .post .meta{font-size:12px;color:#777}
.event-head{display:flex;gap:16px}
.event-head .date-badge{background:var(--accent);color:#fff;padding:10px;border-radius:6px;text-align:center;min-width:80px}
.event .map{height:140px;background:#e4ecf2;border-radius:4px;margin:10px 0}
.photo-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(140px,1fr));gap:10px}
.photo-grid figure{margin:0}
.photo-grid .photo{height:100px;background:#d5dde5;border-radius:4px}
.photo-grid figcaption{font-size:12px;color:#555}
.hero{background:#eef3f8;border-radius:6px;padding:16px 20px;margin-bottom:12px}
"""


@dataclass(frozen=True)
class _PageContext:
    """What the builder of one entity page needs: the site, the page, its random stream."""

    site: MixedTemplatesSite
    template: EntityTemplate
    n: int
    rnd: random.Random

    @property
    def title(self) -> str:
        return self.site.title(self.template, self.n)

    def some(self, template: EntityTemplate, k: int) -> tuple[Anchor, ...]:
        """Links to up to `k` pages of `template` (never this page)."""
        count = self.site.counts[template]
        picks = {self.rnd.randint(1, count) for _ in range(k)}
        if template == self.template:
            picks.discard(self.n)
        return tuple(self.site.link(template, i) for i in sorted(picks))


class MixedTemplatesSite(Site):
    """Eight page templates under one chrome, with optional sections and varying repeats."""

    id = "mixed-templates"
    kind = "templates"
    description = (
        "Eight page templates (article, product, profile, thread, …) for template detection."
    )
    brand = Brand("Harbourside Hub", "News, shop, forum and events of the harbour district")

    def __init__(self, size: Size = "small", seed: int = 0) -> None:
        super().__init__(size, seed)
        total = PAGE_COUNTS[size]
        entities = round(total * (1 - 1 / PER_LISTING_PAGE)) - 1
        self.counts: dict[EntityTemplate, int] = {
            t: max(3, round(entities * share)) for t, share in _SHARES.items()
        }

    # -- names and URLs -----------------------------------------------------------------------

    def title(self, template: EntityTemplate, n: int) -> str:
        rnd = rng_for(self.seed, "mixed-title", template, n)
        if template == "profile":
            return person_name(n, self.seed).full
        if template == "product":
            return (
                f"{rnd.choice(('Harbour', 'Quay', 'Tide', 'Anchor', 'Gull'))} "
                + rnd.choice(
                    ("Lamp", "Mug", "Print", "Blanket", "Tote", "Candle", "Map", "Notebook")
                )
                + f" No. {n}"
            )
        if template == "event":
            return f"{headline(rnd)} ({rnd.choice(CITIES)})"
        return headline(rnd)

    def path(self, template: EntityTemplate, n: int) -> str:
        if template == "article":
            return f"/news/{2015 + n % 10}/{n}-{slugify(self.title(template, n))}"
        if template == "product":
            return f"/shop/p{n}"
        if template == "profile":
            return f"/people/{person_name(n, self.seed).slug}-{n}"
        if template == "thread":
            return f"/forum/t/{n}"
        if template == "event":
            return f"/events/{n}/{slugify(self.title(template, n))}"
        return f"/galleries/{n}"

    def listing_pages(self, template: EntityTemplate) -> int:
        return max(1, -(-self.counts[template] // PER_LISTING_PAGE))

    def listing_path(self, template: EntityTemplate, number: int) -> str:
        base = SECTIONS[template].path
        return base if number == 1 else f"{base}?page={number}"

    def _parse(self, path: str) -> tuple[EntityTemplate, int] | None:
        patterns: tuple[tuple[EntityTemplate, str], ...] = (
            ("article", r"/news/\d+/(\d+)-[a-z0-9-]+"),
            ("product", r"/shop/p(\d+)"),
            ("profile", r"/people/[a-z0-9-]+-(\d+)"),
            ("thread", r"/forum/t/(\d+)"),
            ("event", r"/events/(\d+)/[a-z0-9-]+"),
            ("gallery", r"/galleries/(\d+)"),
        )
        for template, pattern in patterns:
            match = re.fullmatch(pattern, path)
            if match:
                n = int(match.group(1))
                if 1 <= n <= self.counts[template] and self.path(template, n) == path:
                    return template, n
                return None
        return None

    def link(self, template: EntityTemplate, n: int) -> Anchor:
        return Anchor(self.path(template, n), self.title(template, n))

    # -- chrome -------------------------------------------------------------------------------

    def _render(
        self, title: str, body: str, crumbs: tuple[Anchor, ...] = (), sidebar: str = ""
    ) -> str:
        nav = (Anchor("/", "Home"), *(Anchor(s.path, s.title) for s in SECTIONS.values()))
        footer = (
            FooterBlock("Sections", tuple(Anchor(s.path, s.title) for s in SECTIONS.values())),
            FooterBlock(
                "Community", (Anchor("/forum", "Forum rules"), Anchor("/people", "Members"))
            ),
        )
        return page(
            title,
            body,
            brand=self.brand,
            nav=nav,
            breadcrumbs=crumbs,
            sidebar=sidebar,
            footer=footer,
            css=_CSS,
        )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            return html_response(self._home())
        for template, section in SECTIONS.items():
            if path == section.path:
                number = request.query.get("page", "1")
                if number.isdigit() and 1 <= int(number) <= self.listing_pages(template):
                    return html_response(self._listing(template, int(number)))
        parsed = self._parse(path)
        if parsed is not None:
            return html_response(self._entity(*parsed))
        return html_response(not_found_page(path, brand=self.brand), status=404)

    # -- pages --------------------------------------------------------------------------------

    def _home(self) -> str:
        parts = [
            '<div class="hero"><p>'
            + esc("Everything happening around the harbour: news, makers, meet-ups and photos.")
            + "</p></div>"
        ]
        for template in ("article", "event", "product"):
            count = min(4, self.counts[template])
            parts.append(
                LinkList(
                    tuple(self.link(template, n) for n in range(1, count + 1)),
                    title=f"Latest in {SECTIONS[template].title}",
                ).html()
            )
        return self._render("Harbourside Hub", "".join(parts))

    def _listing(self, template: EntityTemplate, number: int) -> str:
        first = (number - 1) * PER_LISTING_PAGE + 1
        last = min(self.counts[template], number * PER_LISTING_PAGE)
        section = SECTIONS[template]
        items = tuple(self.link(template, n) for n in range(first, last + 1))
        body = (
            f'<p class="summary">{self.counts[template]} entries in {esc(section.title)}</p>'
            + LinkList(items, notes=tuple(f"#{n}" for n in range(first, last + 1))).html()
            + Pager(
                tuple(
                    (n, self.listing_path(template, n))
                    for n in range(1, self.listing_pages(template) + 1)
                ),
                number,
            ).html()
        )
        return self._render(section.title, body, (Anchor("/", "Home"),))

    def _entity(self, template: EntityTemplate, n: int) -> str:
        ctx = _PageContext(self, template, n, rng_for(self.seed, "mixed-page", template, n))
        builders = {
            "article": self._article,
            "product": self._product,
            "profile": self._profile,
            "thread": self._thread,
            "event": self._event,
            "gallery": self._gallery,
        }
        body, sidebar = builders[template](ctx)
        crumbs = (Anchor("/", "Home"), Anchor(SECTIONS[template].path, SECTIONS[template].title))
        return self._render(self.title(template, n), body, crumbs, sidebar)

    def _article(self, ctx: _PageContext) -> tuple[str, str]:
        paras = "".join(f"<p>{esc(paragraph(ctx.rnd))}</p>" for _ in range(ctx.rnd.randint(3, 8)))
        quote = (
            f"<blockquote>{esc(sentence(ctx.rnd))}</blockquote>" if ctx.rnd.random() < 0.5 else ""
        )
        comments = ""
        if ctx.rnd.random() < 0.6:
            rows = "".join(
                f'<div class="comment"><b>{esc(person_name(ctx.rnd.randrange(900), self.seed).full)}'
                f"</b>: {esc(sentence(ctx.rnd))}</div>"
                for _ in range(ctx.rnd.randint(1, 6))
            )
            comments = f'<section class="comments"><h2>Comments</h2>{rows}</section>'
        author = ctx.rnd.randint(1, self.counts["profile"])
        body = (
            '<article class="story">'
            f'<p class="byline">By {self.link("profile", author).html()} · '
            f"{ctx.rnd.randint(1, 28)} {ctx.rnd.choice(('May', 'June', 'July'))} {2015 + ctx.n % 10}</p>"
            f'<p class="standfirst"><strong>{esc(sentence(ctx.rnd))}</strong></p>'
            f"{paras}{quote}</article>{comments}"
        )
        sidebar = box("Related stories", LinkList(ctx.some("article", 4)).html())
        return body, sidebar

    def _product(self, ctx: _PageContext) -> tuple[str, str]:
        specs = tuple(
            (key, value)
            for key, value in (
                ("Material", ctx.rnd.choice(("Cotton", "Stoneware", "Recycled paper", "Wool"))),
                ("Made in", ctx.rnd.choice(CITIES)),
                ("Weight", f"{ctx.rnd.randint(80, 2400)} g"),
                ("Care", ctx.rnd.choice(("Hand wash", "Dishwasher safe", "Wipe clean"))),
                ("Maker", person_name(ctx.rnd.randrange(900), self.seed).full),
                ("Edition", f"{ctx.rnd.randint(20, 500)} pieces"),
                ("Dimensions", f"{ctx.rnd.randint(5, 60)} × {ctx.rnd.randint(5, 60)} cm"),
            )
            if ctx.rnd.random() < 0.7
        ) or (("Material", "Mixed"),)
        reviews = ""
        if ctx.rnd.random() < 0.6:
            rows = "".join(
                f'<div class="review"><span class="stars">{"★" * ctx.rnd.randint(2, 5)}</span> '
                f"{esc(sentence(ctx.rnd))}</div>"
                for _ in range(ctx.rnd.randint(1, 6))
            )
            reviews = f'<section class="reviews"><h2>Reviews</h2>{rows}</section>'
        together = (
            CardGrid(ctx.some("product", 3), title="Frequently bought together").html()
            if ctx.rnd.random() < 0.5
            else ""
        )
        body = (
            '<div class="product-detail"><div class="photo-main"></div><div class="buy-box">'
            f'<p class="price">£{ctx.rnd.randint(4, 120)}.{ctx.rnd.choice(("00", "50", "95"))}</p>'
            f"<p>{esc(sentence(ctx.rnd))}</p>"
            '<button type="button">Add to basket</button></div></div>'
            + Table(("Specification", "Value"), specs).html()
            + reviews
            + together
        )
        return body, ""

    def _profile(self, ctx: _PageContext) -> tuple[str, str]:
        facts = tuple(
            (k, v)
            for k, v in (
                ("Lives in", ctx.rnd.choice(CITIES)),
                ("Member since", str(ctx.rnd.randint(2008, 2024))),
                ("Posts", str(ctx.rnd.randint(0, 900))),
                ("Occupation", ctx.rnd.choice(("Boat builder", "Teacher", "Fisher", "Designer"))),
                ("Website", f"{slugify(ctx.title)}.example"),
            )
            if ctx.rnd.random() < 0.75
        ) or (("Member since", "2020"),)
        posts = (
            LinkList(ctx.some("thread", ctx.rnd.randint(1, 5)), title="Recent posts").html()
            if ctx.rnd.random() < 0.6
            else ""
        )
        body = (
            '<div class="profile"><div class="profile-head"><div class="avatar"></div>'
            f'<p class="bio">{esc(paragraph(ctx.rnd, 2))}</p></div>'
            + Facts(facts).html()
            + posts
            + "</div>"
        )
        return body, ""

    def _thread(self, ctx: _PageContext) -> tuple[str, str]:
        posts = []
        for i in range(ctx.rnd.randint(2, 15)):
            who = ctx.rnd.randint(1, self.counts["profile"])
            posts.append(
                f'<div class="post" id="post-{i + 1}"><div class="meta">'
                f"{self.link('profile', who).html()}<br>#{i + 1}</div>"
                f'<div class="text">{esc(paragraph(ctx.rnd, ctx.rnd.randint(1, 3)))}</div></div>'
            )
        body = (
            f'<div class="thread">{"".join(posts)}</div>'
            '<form class="reply" method="post" action="/forum/reply">'
            '<textarea name="text" rows="3" cols="60"></textarea>'
            '<p><button type="submit">Reply</button></p></form>'
        )
        return body, ""

    def _event(self, ctx: _PageContext) -> tuple[str, str]:
        month = ctx.rnd.choice(("Jan", "Mar", "May", "Jul", "Sep", "Nov"))
        schedule = ""
        if ctx.rnd.random() < 0.6:
            rows = tuple(
                (f"{h:02d}:00", sentence(ctx.rnd, 5))
                for h in sorted(ctx.rnd.sample(range(9, 22), ctx.rnd.randint(2, 6)))
            )
            schedule = Table(("Time", "Programme"), rows, title="Schedule").html()
        speakers = (
            LinkList(ctx.some("profile", ctx.rnd.randint(1, 4)), title="Speakers").html()
            if ctx.rnd.random() < 0.5
            else ""
        )
        body = (
            '<div class="event"><div class="event-head">'
            f'<div class="date-badge"><b>{ctx.rnd.randint(1, 28)}</b><br>{month}</div>'
            + Facts(
                (
                    ("Where", ctx.rnd.choice(CITIES)),
                    ("Price", ctx.rnd.choice(("Free", "£5", "£12", "£20"))),
                )
            ).html()
            + f'</div><div class="map"></div><p>{esc(paragraph(ctx.rnd, 2))}</p>'
            + schedule
            + speakers
            + '<p><button type="button">Get tickets</button></p></div>'
        )
        return body, ""

    def _gallery(self, ctx: _PageContext) -> tuple[str, str]:
        figures = "".join(
            f'<figure><div class="photo"></div><figcaption>{esc(sentence(ctx.rnd, 4))}</figcaption></figure>'
            for _ in range(ctx.rnd.randint(6, 24))
        )
        intro = Text((paragraph(ctx.rnd, 2),)).html() if ctx.rnd.random() < 0.5 else ""
        body = f'{intro}<div class="photo-grid">{figures}</div>'
        return body, ""

    # -- truth --------------------------------------------------------------------------------

    def truth(self, base_url: str) -> SiteTruth:
        templates: dict[str, str] = {base_url + "/": "home"}
        entities: dict[str, tuple[str, ...]] = {}
        for template in ENTITY_TEMPLATES:
            for number in range(1, self.listing_pages(template) + 1):
                templates[base_url + self.listing_path(template, number)] = "listing"
            urls = tuple(
                base_url + self.path(template, n) for n in range(1, self.counts[template] + 1)
            )
            entities[template] = urls
            templates.update(dict.fromkeys(urls, template))
        news = tuple(
            base_url + self.listing_path("article", n)
            for n in range(1, self.listing_pages("article") + 1)
        )
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities=entities,
            target_type="article",
            seed_entity=entities["article"][0],
            index_levels=(news,),
            seed_path=(news[0], entities["article"][0]),
            templates=templates,
            notes=(
                f"{len(templates)} pages from {len(TEMPLATES)} templates "
                f"({', '.join(TEMPLATES)}); every entity template has its own listing section "
                f"({PER_LISTING_PAGE} a page). Optional sections (pull quotes, comments, reviews, "
                "schedules, speakers, related lists) and repeated rows vary within a template."
            ),
        )
