"""A spider trap around a small real site: an endless calendar and session ids in every link.

The real part is a handful of articles, their index and an about page. Around it:

- an infinite calendar: ``/calendar/YYYY/MM/DD`` links the previous and next day and the previous
  and next month's view ``/calendar/YYYY/MM``, which links every day of its month — for every year
  from 1 on, without end (the calendar arithmetic is its own, so year 10000 works too);
- session ids: every internal link of every page carries a fresh random session id, as a path
  parameter (``/articles/x;jsessionid=<hex>``) or, on calendar links, a query parameter
  (``?sid=<hex>``). The server ignores both, so each real page is reachable under endlessly many
  URLs; a crawler that does not normalise them never runs out of "new" pages.

The ground truth lists only the finite real pages, under their canonical URLs (no session id).
"""

from __future__ import annotations

import re
import secrets
from urllib.parse import parse_qsl, urlencode

from aiohttp import web

from siteseer.lab.site import Site, Size
from siteseer.lab.sites.names import headline, paragraph, rng_for, slugify
from siteseer.lab.sites.theme import (
    Anchor,
    Brand,
    FooterBlock,
    LinkList,
    Pager,
    Table,
    Text,
    esc,
    not_found_page,
    page,
)
from siteseer.lab.truth import SiteTruth

__all__ = ["CalendarDay", "TrapSite", "add_days", "days_in_month", "weekday"]

ARTICLE_COUNTS: dict[Size, int] = {"small": 8, "medium": 40, "large": 200}
ARTICLES_PER_PAGE = 20
START_DAY = (2025, 3, 14)
_MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)  # fmt: skip
_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_SESSION_PARAM = re.compile(r";jsessionid=[^/?#]*", re.IGNORECASE)
_HREF = re.compile(r'href="(/[^"]*)"')

CalendarDay = tuple[int, int, int]


def is_leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def days_in_month(year: int, month: int) -> int:
    if month == 2:
        return 29 if is_leap(year) else 28
    return 30 if month in (4, 6, 9, 11) else 31


def weekday(day: CalendarDay) -> int:
    """Monday = 0 … Sunday = 6, proleptic Gregorian calendar, any year ≥ 1."""
    year, month, dom = day
    offsets = (0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4)
    if month < 3:
        year -= 1
    sunday_first = (year + year // 4 - year // 100 + year // 400 + offsets[month - 1] + dom) % 7
    return (sunday_first + 6) % 7


def add_days(day: CalendarDay, step: int) -> CalendarDay | None:
    """`day` moved by `step` (±1) days; None before 1 January of year 1."""
    year, month, dom = day
    dom += step
    if dom < 1:
        month -= 1
        if month < 1:
            year, month = year - 1, 12
        if year < 1:
            return None
        dom = days_in_month(year, month)
    elif dom > days_in_month(year, month):
        dom, month = 1, month + 1
        if month > 12:
            year, month = year + 1, 1
    return (year, month, dom)


def add_months(year: int, month: int, step: int) -> tuple[int, int] | None:
    total = year * 12 + (month - 1) + step
    year, month0 = divmod(total, 12)
    return (year, month0 + 1) if year >= 1 else None


def day_path(day: CalendarDay) -> str:
    return f"/calendar/{day[0]:04d}/{day[1]:02d}/{day[2]:02d}"


def month_path(year: int, month: int) -> str:
    return f"/calendar/{year:04d}/{month:02d}"


def with_session(html: str, token: str) -> str:
    """Every root-relative href in `html` with the session id `token` added."""

    def one(match: re.Match[str]) -> str:
        href = match.group(1).replace("&amp;", "&")
        path, _, query = href.partition("?")
        if path.startswith("/calendar"):
            pairs = [*parse_qsl(query), ("sid", token)]
            new = f"{path}?{urlencode(pairs)}"
        else:
            new = f"{path};jsessionid={token}" + (f"?{query}" if query else "")
        return f'href="{esc(new)}"'

    return _HREF.sub(one, html)


class TrapSite(Site):
    """A few real articles inside an endless calendar, every link carrying a new session id."""

    id = "trap"
    kind = "trap"
    description = (
        "Spider trap: infinite calendar and per-request session ids around a few articles."
    )
    brand = Brand("Harbourtown Events", "What's on in Harbourtown", accent="#0f4c75")

    @property
    def article_count(self) -> int:
        return ARTICLE_COUNTS[self.size]

    def article(self, n: int) -> tuple[str, str, tuple[str, ...]]:
        """Article `n` (1-based): (slug, title, paragraphs)."""
        rnd = rng_for(self.seed, "trap-article", n)
        title = headline(rnd)
        paragraphs = tuple(paragraph(rnd) for _ in range(rnd.randint(3, 5)))
        return f"{slugify(title)}-{n}", title, paragraphs

    def _nav(self) -> tuple[Anchor, ...]:
        y, m, _ = START_DAY
        return (
            Anchor("/", "Home"),
            Anchor("/articles", "News"),
            Anchor(month_path(y, m), "Calendar"),
            Anchor("/about", "About"),
        )

    def _render(self, title: str, body: str, crumbs: tuple[Anchor, ...] = ()) -> str:
        footer = (
            FooterBlock(
                "Visit", (Anchor("/about", "About Harbourtown"), Anchor("/articles", "News"))
            ),
            FooterBlock("Dates", (Anchor(day_path(START_DAY), "Today's events"),)),
        )
        return page(
            title, body, brand=self.brand, nav=self._nav(), breadcrumbs=crumbs, footer=footer
        )

    def _respond(self, html: str, status: int = 200) -> web.Response:
        token = secrets.token_hex(16)
        return web.Response(
            text=with_session(html, token), status=status, content_type="text/html", charset="utf-8"
        )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = _SESSION_PARAM.sub("", request.path)
        home = (Anchor("/", "Home"),)
        if path == "/":
            latest = [self.article(n) for n in range(1, min(5, self.article_count) + 1)]
            body = (
                Text(("Concerts, markets and meetings in Harbourtown, day by day.",)).html()
                + LinkList(
                    tuple(Anchor(f"/articles/{slug}", title) for slug, title, _ in latest),
                    title="Latest news",
                ).html()
                + f'<p><a href="{day_path(START_DAY)}">See what is on today</a></p>'
            )
            return self._respond(self._render("Harbourtown Events", body))
        if path == "/about":
            body = Text(
                ("Harbourtown Events lists what is on in town, every day of the year.",)
            ).html()
            return self._respond(self._render("About", body, home))
        if path == "/articles":
            return self._articles(request.query_string)
        if path.startswith("/articles/"):
            slug = path[len("/articles/") :]
            number = slug.rsplit("-", 1)[-1]
            if number.isdigit() and 1 <= int(number) <= self.article_count:
                real, title, paragraphs = self.article(int(number))
                if real == slug:
                    crumbs = (*home, Anchor("/articles", "News"))
                    return self._respond(self._render(title, Text(paragraphs).html(), crumbs))
        match = re.fullmatch(r"/calendar/(\d+)/(\d{2})(?:/(\d{2}))?", path)
        if match:
            year, month = int(match.group(1)), int(match.group(2))
            if year >= 1 and 1 <= month <= 12:
                if match.group(3) is None:
                    return self._respond(self._month(year, month))
                dom = int(match.group(3))
                if 1 <= dom <= days_in_month(year, month):
                    return self._respond(self._day((year, month, dom)))
        return self._respond(not_found_page(path, brand=self.brand, nav=self._nav()), status=404)

    def _articles(self, query: str) -> web.Response:
        pages = max(1, -(-self.article_count // ARTICLES_PER_PAGE))
        number = 1
        for key, value in parse_qsl(query):
            if key == "page" and value.isdigit():
                number = int(value)
        if not 1 <= number <= pages:
            return self._respond(not_found_page("/articles", brand=self.brand), status=404)
        first = (number - 1) * ARTICLES_PER_PAGE + 1
        last = min(self.article_count, number * ARTICLES_PER_PAGE)
        items = [self.article(n) for n in range(first, last + 1)]
        body = (
            LinkList(tuple(Anchor(f"/articles/{s}", t) for s, t, _ in items)).html()
            + Pager(
                tuple(
                    (n, "/articles" + (f"?page={n}" if n > 1 else "")) for n in range(1, pages + 1)
                ),
                number,
            ).html()
        )
        return self._respond(self._render("News", body, (Anchor("/", "Home"),)))

    def _day(self, day: CalendarDay) -> str:
        year, month, dom = day
        rnd = rng_for(self.seed, "events", *day)
        events = tuple(
            (f"{rnd.randint(8, 21):02d}:{rnd.choice(('00', '30'))}", headline(rnd))
            for _ in range(rnd.randint(0, 3))
        )
        links = []
        before = add_days(day, -1)
        if before is not None:
            links.append(Anchor(day_path(before), "« Previous day"))
        after = add_days(day, 1)
        assert after is not None
        links.append(Anchor(day_path(after), "Next day »"))
        links.append(Anchor(month_path(year, month), f"{_MONTHS[month - 1]} {year}"))
        later = add_months(year, month, 1)
        assert later is not None
        links.append(Anchor(month_path(*later), "Next month »"))
        listing = (
            Table(("Time", "Event"), events).html()
            if events
            else "<p>No events are scheduled for this day.</p>"
        )
        nav = '<nav class="daynav">' + " ".join(a.html() for a in links) + "</nav>"
        title = f"{_WEEKDAYS[weekday(day)]} {dom} {_MONTHS[month - 1]} {year}"
        return self._render(title, nav + listing, (Anchor("/", "Home"),))

    def _month(self, year: int, month: int) -> str:
        first = weekday((year, month, 1))
        cells: list[str] = ["<td></td>"] * first
        for dom in range(1, days_in_month(year, month) + 1):
            cells.append(f'<td><a href="{day_path((year, month, dom))}">{dom}</a></td>')
        while len(cells) % 7:
            cells.append("<td></td>")
        rows = "".join(
            "<tr>" + "".join(cells[i : i + 7]) + "</tr>" for i in range(0, len(cells), 7)
        )
        head = "".join(f"<th>{d[:3]}</th>" for d in _WEEKDAYS)
        links = []
        earlier = add_months(year, month, -1)
        if earlier is not None:
            links.append(Anchor(month_path(*earlier), "« Previous month"))
        later = add_months(year, month, 1)
        assert later is not None
        links.append(Anchor(month_path(*later), "Next month »"))
        body = (
            '<nav class="daynav">' + " ".join(a.html() for a in links) + "</nav>"
            f'<table class="data calendar"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
        )
        return self._render(f"{_MONTHS[month - 1]} {year}", body, (Anchor("/", "Home"),))

    def truth(self, base_url: str) -> SiteTruth:
        articles = [
            base_url + f"/articles/{self.article(n)[0]}" for n in range(1, self.article_count + 1)
        ]
        pages = max(1, -(-self.article_count // ARTICLES_PER_PAGE))
        index_pages = [
            base_url + "/articles" + (f"?page={n}" if n > 1 else "") for n in range(1, pages + 1)
        ]
        templates = {base_url + "/": "home", base_url + "/about": "info"}
        templates.update({u: "article-index" for u in index_pages})
        templates.update({u: "article" for u in articles})
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"article": tuple(articles)},
            target_type="article",
            seed_entity=articles[0],
            index_levels=(tuple(index_pages),),
            seed_path=(index_pages[0], articles[0]),
            templates=templates,
            notes=(
                f"{len(articles)} articles, {len(index_pages)} article index page(s), a home and an "
                "about page are the whole real site (canonical URLs, without session ids). Every "
                "link carries a fresh random session id (';jsessionid=<hex>' path parameter, or "
                "'sid=<hex>' on calendar links) that the server ignores. /calendar/YYYY/MM/DD "
                "(previous/next day, month, next month) and /calendar/YYYY/MM (every day, "
                "previous/next month) continue without end in both directions down to year 1."
            ),
        )
