"""Check that a served lab shop and its ground truth agree.

The truth of a shop (kind ``"shop"``) says which products every single-condition facet query
returns and which attribute values every product has. `check_shop` asks the running site the same
questions the way a visitor would, and reports every disagreement:

- the truth is self-consistent: each query's entities are exactly the products whose attribute map
  holds that value, and every value in the map is one the facets offer;
- every product URL answers 200;
- every facet value the site offers lists (over all its result pages) exactly the query's entities,
  and its displayed count matches; every truth query is offered somewhere:

  - shop-links: the facet links of the list page's sidebar (subcategories from each category's
    page) are followed, with their pagination;
  - shop-form: the search form is submitted by GET with one field set (select option, radio,
    checkbox), paging with the result pager; the POST variant likewise with POST requests;
  - shop-ajax: the JSON endpoint named by the page (``#shop[data-endpoint]``) is called with one
    checkbox's name and value, chunk by chunk, as the page's script does.

Everything goes over plain HTTP (aiohttp) with lxml; no browser.

`lab.consistency.check_site` crawls a site from its root; `lab_fetcher` gives it the view of the
exploratory and special sites a careful visitor has (finite, and leaving log-out alone), and
`shop_consistency` is the `check_shop` of a crawl, for ``checks=[*checks_for("shop"), …]``.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Coroutine, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit, urlunsplit

import aiohttp
from lxml import html as lxml_html

from siteseer.lab.consistency import CrawlResult, Fetched, Fetcher, http_fetcher
from siteseer.lab.truth import SiteTruth

__all__ = ["ShopCheck", "ShopProblem", "check_shop", "lab_fetcher", "shop_consistency"]

_COUNT = re.compile(r"\s*\((\d+)\)\s*$")
_MAX_PAGES = 500


def _xp(node: Any, expr: str, **variables: str) -> list[Any]:
    """`node.xpath(expr)` for expressions that select nodes or attribute values."""
    result = node.xpath(expr, **variables)
    if not isinstance(result, list):
        raise TypeError(f"XPath {expr!r} selects no node list")
    return result


def _cls(name: str) -> str:
    """An XPath predicate: the element's class list contains `name`."""
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


@dataclass(frozen=True)
class ShopProblem:
    """One disagreement between a shop and its truth: where (`url`) and what (`message`)."""

    url: str
    message: str


@dataclass(frozen=True)
class ShopCheck:
    """The outcome of `check_shop`: the problems found and how much was checked."""

    site: str
    problems: tuple[ShopProblem, ...]
    queries_checked: int
    requests: int

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class _Offer:
    """One facet value as the site offers it."""

    attribute: str
    label: str
    count: int | None  # the count the site displays, when it does
    how: str  # what produced it, for messages


@dataclass
class _Checker:
    base_url: str
    truth: SiteTruth
    http: aiohttp.ClientSession
    limit: asyncio.Semaphore
    problems: list[ShopProblem] = field(default_factory=list)
    requests: int = 0
    checked: set[tuple[str, str]] = field(default_factory=set)

    def problem(self, url: str, message: str) -> None:
        self.problems.append(ShopProblem(url, message))

    def absolute(self, href: str) -> str:
        return urljoin(self.base_url + "/", href)

    async def get(self, url: str) -> tuple[int, str]:
        async with self.limit:
            self.requests += 1
            async with self.http.get(url, allow_redirects=False) as response:
                return response.status, await response.text()

    async def post(self, url: str, data: Sequence[tuple[str, str]]) -> tuple[int, str]:
        async with self.limit:
            self.requests += 1
            async with self.http.post(url, data=list(data), allow_redirects=False) as response:
                return response.status, await response.text()

    async def page_tree(self, url: str) -> Any | None:
        status, text = await self.get(url)
        if status != 200:
            self.problem(url, f"answered {status}, expected 200")
            return None
        return lxml_html.document_fromstring(text)

    # -- truth -------------------------------------------------------------------------------

    def attribute_of(self, heading: str) -> str | None:
        name = " ".join(heading.split()).lower()
        return name if name in self.truth.facet_values else None

    def expected(self, attribute: str, label: str) -> set[str] | None:
        for query in self.truth.queries:
            if query.conditions == ((attribute, label),):
                return set(query.entities)
        return None

    def compare(self, offer: _Offer, url: str, listed: Iterable[str], total: int | None) -> None:
        self.checked.add((offer.attribute, offer.label))
        want = self.expected(offer.attribute, offer.label)
        got = set(listed)
        what = f"{offer.attribute}={offer.label!r} ({offer.how})"
        if want is None:
            self.problem(url, f"{what}: the site offers a value the truth has no query for")
            return
        if got != want:
            missing, extra = sorted(want - got), sorted(got - want)
            self.problem(
                url,
                f"{what}: lists {len(got)} products, truth has {len(want)}; "
                f"missing {missing[:3]}, unexpected {extra[:3]}",
            )
        if offer.count is not None and offer.count != len(want):
            self.problem(url, f"{what}: displays count {offer.count}, truth has {len(want)}")
        if total is not None and total != len(want):
            self.problem(url, f"{what}: reports a total of {total}, truth has {len(want)}")

    def coverage(self) -> None:
        for query in self.truth.queries:
            if len(query.conditions) == 1 and query.conditions[0] not in self.checked:
                attribute, label = query.conditions[0]
                self.problem(self.base_url, f"the site never offers {attribute}={label!r}")

    # -- list pages (links and form shops) ----------------------------------------------------

    def products_on(self, tree: Any) -> list[str]:
        out = []
        for anchor in _xp(tree, f".//div[{_cls('results')}]//a[@href]"):
            url = self.absolute(anchor.get("href"))
            if "/product/" in url:
                out.append(url)
        return out

    async def collect_get(self, url: str) -> list[str]:
        """Product URLs over all result pages of a GET list, following "Next »"."""
        listed: list[str] = []
        seen: set[str] = set()
        current: str | None = url
        while current is not None and current not in seen and len(seen) < _MAX_PAGES:
            seen.add(current)
            tree = await self.page_tree(current)
            if tree is None:
                break
            listed.extend(self.products_on(tree))
            current = None
            for anchor in _xp(tree, f".//nav[{_cls('pager')}]//a[@href]"):
                if anchor.text_content().strip().startswith("Next"):
                    current = self.absolute(anchor.get("href"))
        return listed


def _self_consistency(checker: _Checker) -> None:
    truth = checker.truth
    for attribute, values in truth.facet_values.items():
        for value in values:
            if checker.expected(attribute, value) is None:
                checker.problem(truth.base_url, f"facet value {attribute}={value!r} has no query")
    for query in truth.queries:
        if len(query.conditions) != 1:
            continue
        attribute, label = query.conditions[0]
        holders = {u for u, attrs in truth.attributes.items() if label in attrs.get(attribute, ())}
        if holders != set(query.entities):
            checker.problem(
                truth.base_url,
                f"query {attribute}={label!r} has {len(query.entities)} entities but "
                f"{len(holders)} products carry the value in the attribute map",
            )
    products = set(truth.target_entities)
    if set(truth.attributes) != products:
        checker.problem(truth.base_url, "attribute map keys differ from the product URLs")
    for url, attrs in truth.attributes.items():
        for attribute in truth.facet_values:
            if not attrs.get(attribute):
                checker.problem(url, f"product has no value for {attribute!r}")
            for value in attrs.get(attribute, ()):
                if value not in truth.facet_values[attribute]:
                    checker.problem(url, f"value {attribute}={value!r} is not a facet value")


async def _products_answer(checker: _Checker) -> None:
    urls = checker.truth.target_entities

    async def one(url: str) -> None:
        status, _ = await checker.get(url)
        if status != 200:
            checker.problem(url, f"product page answered {status}, expected 200")

    await asyncio.gather(*(one(u) for u in urls))


def _sidebar_offers(checker: _Checker, tree: Any, how: str) -> list[tuple[_Offer, str]]:
    out: list[tuple[_Offer, str]] = []
    for section in _xp(tree, f".//section[{_cls('facet')}]"):
        heads = _xp(section, ".//h2")
        attribute = checker.attribute_of(heads[0].text_content()) if heads else None
        if attribute is None:
            continue
        for anchor in _xp(section, ".//a[@href]"):
            text = " ".join(anchor.text_content().split())
            match = _COUNT.search(text)
            label = _COUNT.sub("", text)
            count = int(match.group(1)) if match else None
            out.append((_Offer(attribute, label, count, how), checker.absolute(anchor.get("href"))))
    return out


async def _check_links(checker: _Checker) -> None:
    start = checker.absolute("/shop")
    tree = await checker.page_tree(start)
    if tree is None:
        return
    offers = _sidebar_offers(checker, tree, "facet link on /shop")
    if not offers:
        checker.problem(start, "no facet links found")

    async def follow(offer: _Offer, url: str) -> None:
        listed = await checker.collect_get(url)
        checker.compare(offer, url, listed, None)
        if offer.attribute == "category":
            sub_tree = await checker.page_tree(url)
            if sub_tree is None:
                return
            subs = [
                (o, u)
                for o, u in _sidebar_offers(checker, sub_tree, f"facet link on {url}")
                if o.attribute == "subcategory"
            ]
            if not subs:
                checker.problem(url, "a category page offers no subcategory links")
            await asyncio.gather(*(follow(o, u) for o, u in subs))

    await asyncio.gather(*(follow(o, u) for o, u in offers))


@dataclass(frozen=True)
class _FormField:
    name: str
    kind: str  # "select" | "radio" | "checkbox" | "text"
    heading: str
    default: str  # value submitted when untouched ("" for none)
    choices: tuple[tuple[str, str], ...]  # (value, label), non-empty values only


def _form_fields(form: Any) -> list[_FormField]:
    fields: list[_FormField] = []
    seen: set[str] = set()
    for element in form.iter("input", "select"):
        name = element.get("name")
        if not name or name in seen:
            continue
        if element.tag == "select":
            labels = _xp(form, ".//label[@for=$id]", id=element.get("id", ""))
            heading = labels[0].text_content() if labels else name
            choices = tuple(
                (o.get("value", ""), " ".join(o.text_content().split()))
                for o in element.iter("option")
                if o.get("value")
            )
            selected = [o.get("value", "") for o in element.iter("option") if o.get("selected")]
            fields.append(_FormField(name, "select", heading, (selected or [""])[0], choices))
        elif element.get("type") in ("radio", "checkbox"):
            kind = element.get("type")
            group = [e for e in form.iter("input") if e.get("name") == name]
            fieldset = next((a for a in element.iterancestors("fieldset")), None)
            legend = _xp(fieldset, "./legend") if fieldset is not None else []
            heading = legend[0].text_content() if legend else name
            choices = tuple(
                (e.get("value", ""), " ".join(e.getparent().text_content().split()))
                for e in group
                if e.get("value")
            )
            checked = [e.get("value", "") for e in group if e.get("checked") is not None]
            default = checked[0] if kind == "radio" and checked else ""
            fields.append(_FormField(name, kind, heading, default, choices))
        elif element.get("type") in (None, "text", "search"):
            fields.append(_FormField(name, "text", name, element.get("value", ""), ()))
        else:
            continue
        seen.add(name)
    return fields


def _submission(fields: Sequence[_FormField], name: str, value: str) -> list[tuple[str, str]]:
    """The pairs a browser submits with only field `name` changed to `value`."""
    pairs: list[tuple[str, str]] = []
    for f in fields:
        if f.name == name:
            pairs.append((f.name, value))
        elif f.kind == "checkbox":
            continue
        elif f.kind == "radio" and not f.default:
            pairs.append((f.name, ""))
        else:
            pairs.append((f.name, f.default))
    return pairs


async def _check_form(checker: _Checker) -> None:
    start = checker.absolute("/search")
    tree = await checker.page_tree(start)
    if tree is None:
        return
    forms = _xp(tree, ".//form[@id='search-form']")
    if not forms or forms[0].get("method", "get").lower() != "get":
        checker.problem(start, "no GET search form (form#search-form)")
        return
    fields = _form_fields(forms[0])
    post_tree = await checker.page_tree(checker.absolute("/search-post"))
    post_forms = _xp(post_tree, ".//form[@id='search-post-form']") if post_tree is not None else []
    if not post_forms or post_forms[0].get("method", "").lower() != "post":
        checker.problem(checker.absolute("/search-post"), "no POST search form")
    post_action = checker.absolute(post_forms[0].get("action")) if post_forms else ""
    action = checker.absolute(forms[0].get("action"))

    async def one(f: _FormField, value: str, label: str, attribute: str) -> None:
        pairs = _submission(fields, f.name, value)
        url = action + "?" + urlencode(pairs)
        offer = _Offer(attribute, label, None, f"GET form {f.kind} {f.name}")
        checker.compare(offer, url, await checker.collect_get(url), None)
        if post_action:
            listed = await _collect_post(checker, post_action, pairs)
            post_offer = _Offer(attribute, label, None, f"POST form {f.kind} {f.name}")
            checker.compare(post_offer, post_action, listed, None)

    jobs: list[Coroutine[Any, Any, None]] = []
    for f in fields:
        attribute = checker.attribute_of(f.heading)
        if attribute is None:
            continue
        jobs.extend(one(f, value, label, attribute) for value, label in f.choices)
    if not jobs:
        checker.problem(start, "the search form has no facet fields")
    await asyncio.gather(*jobs)


async def _collect_post(checker: _Checker, url: str, pairs: Sequence[tuple[str, str]]) -> list[str]:
    listed: list[str] = []
    data = list(pairs)
    for number in range(2, _MAX_PAGES + 2):
        status, text = await checker.post(url, data)
        if status != 200:
            checker.problem(url, f"POST answered {status}, expected 200")
            break
        tree = lxml_html.document_fromstring(text)
        listed.extend(checker.products_on(tree))
        forward = None
        for form in _xp(tree, f".//nav[{_cls('post-pager')}]//form"):
            button = _xp(form, ".//button[@name='page']")
            if button and button[0].get("value") == str(number):
                forward = form
        if forward is None:
            break
        data = [
            (i.get("name"), i.get("value", "")) for i in _xp(forward, ".//input[@type='hidden']")
        ]
        data.append(("page", str(number)))
    return listed


async def _check_ajax(checker: _Checker) -> None:
    start = checker.absolute("/shop")
    tree = await checker.page_tree(start)
    if tree is None:
        return
    roots = _xp(tree, ".//*[@id='shop'][@data-endpoint]")
    if not roots:
        checker.problem(start, "no #shop[data-endpoint] element naming the results endpoint")
        return
    endpoint = checker.absolute(roots[0].get("data-endpoint"))
    chunk = int(roots[0].get("data-chunk", "12"))

    async def fetch(pairs: Sequence[tuple[str, str]]) -> tuple[list[str], int, Any]:
        listed: list[str] = []
        offset, total, facets = 0, 0, None
        while offset < _MAX_PAGES * chunk:
            query = [*pairs, ("offset", str(offset)), ("limit", str(chunk))]
            url = endpoint + "?" + urlencode(query)
            status, text = await checker.get(url)
            if status != 200:
                checker.problem(url, f"endpoint answered {status}, expected 200")
                break
            data = json.loads(text)
            if facets is None:
                facets = data.get("facets")
            total = int(data["total"])
            listed.extend(checker.absolute(item["url"]) for item in data["items"])
            offset += chunk
            if not data["items"] or offset >= total:
                break
        return listed, total, facets

    initial = [checker.absolute(a.get("href")) for a in _xp(tree, ".//*[@id='results']//a[@href]")]
    everything, _, _ = await fetch([])
    if initial != everything[: len(initial)] or not initial:
        checker.problem(start, "the initial results are not the endpoint's first chunk")

    async def one(offer: _Offer, name: str, value: str) -> None:
        listed, total, facets = await fetch([(name, value)])
        checker.compare(offer, f"{endpoint}?{name}={value}", listed, total)
        if offer.attribute == "category":
            groups = [g for g in facets or () if g.get("name") == "subcategory"]
            if not groups:
                checker.problem(endpoint, f"no subcategory facet once {name}={value} is checked")
            for group in groups:
                attribute = checker.attribute_of(group.get("heading", ""))
                if attribute is None:
                    continue
                for v in group["values"]:
                    sub = _Offer(attribute, v["label"], None, "endpoint facets")
                    await one(sub, group["name"], v["slug"])

    jobs: list[Coroutine[Any, Any, None]] = []
    for section in _xp(tree, f".//section[{_cls('facet')}]"):
        heads = _xp(section, ".//h2")
        attribute = checker.attribute_of(heads[0].text_content()) if heads else None
        if attribute is None:
            continue
        for box in _xp(section, ".//input[@type='checkbox']"):
            text = " ".join(box.getparent().text_content().split())
            match = _COUNT.search(text)
            offer = _Offer(
                attribute,
                _COUNT.sub("", text),
                int(match.group(1)) if match else None,
                "checkbox",
            )
            jobs.append(one(offer, box.get("name"), box.get("value")))
    if not jobs:
        checker.problem(start, "no facet checkboxes found")
    await asyncio.gather(*jobs)


_SHOP_CHECKS: Mapping[str, Any] = {
    "shop-links": _check_links,
    "shop-form": _check_form,
    "shop-ajax": _check_ajax,
}


async def check_shop(base_url: str, truth: SiteTruth, *, concurrency: int = 8) -> ShopCheck:
    """Check the shop served at `base_url` against `truth` (see the module docstring).

    `truth.site` picks the interaction style ("shop-links", "shop-form", "shop-ajax"); a site of
    another kind raises ValueError. Returns every disagreement found (none when they agree).
    """
    if truth.kind != "shop" or truth.site not in _SHOP_CHECKS:
        raise ValueError(
            f"check_shop checks the lab shops ({', '.join(_SHOP_CHECKS)}), not {truth.site!r}"
        )
    timeout = aiohttp.ClientTimeout(total=60)
    async with aiohttp.ClientSession(timeout=timeout) as http:
        checker = _Checker(base_url.rstrip("/"), truth, http, asyncio.Semaphore(concurrency))
        _self_consistency(checker)
        await _products_answer(checker)
        await _SHOP_CHECKS[truth.site](checker)
        checker.coverage()
    problems = tuple(sorted(set(checker.problems), key=lambda p: (p.url, p.message)))
    return ShopCheck(truth.site, problems, len(checker.checked), checker.requests)


async def shop_consistency(crawl: CrawlResult) -> list[str]:
    """`check_shop` as a `lab.consistency` check: one message per problem."""
    result = await check_shop(crawl.truth.base_url, crawl.truth)
    return [f"{p.url}: {p.message}" for p in result.problems]


# ---------------------------------------------------------------------------------------------
# crawling the exploratory and special sites with lab.consistency


def _finite_shop_link(url: str) -> bool:
    """True unless `url` is a shop-links list beyond the unfiltered and single-condition ones
    (a subcategory under its category counts as single) or a re-sorted/re-sized one."""
    parts = urlsplit(url)
    if parts.path != "/shop":
        return True
    keys = [k for k, _ in parse_qsl(parts.query)]
    if len(keys) != len(set(keys)) or "sort" in keys or "per" in keys:
        return False
    facets = [k for k in keys if k != "page"]
    return len(facets) <= 1 or facets == ["category", "subcategory"]


def _without_session(url: str) -> str:
    parts = urlsplit(url)
    path = re.sub(r";jsessionid=[^/?#]*", "", parts.path, flags=re.IGNORECASE)
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if k != "sid"])
    return urlunsplit((parts.scheme, parts.netloc, path, query, ""))


def lab_fetcher(session: aiohttp.ClientSession, truth: SiteTruth) -> Fetcher:
    """The fetcher `lab.consistency.check_site` crawls the site of `truth` with.

    - shop-links: links to faceted lists are followed only to the unfiltered list, the
      single-condition lists (a subcategory under its category) and their pages; the lists
      beyond (every combination, order, sort and page size) are unbounded.
    - shop-ajax: /shop also yields the product links its "Load more" button reveals (the JSON
      endpoint the page names, every chunk); the "Log out" link is never followed.
    - trap: session ids are stripped from every link and the endless calendar is not entered.
    - any other site: `lab.consistency.http_fetcher`.
    """
    plain = http_fetcher(session)
    if truth.site == "shop-links":

        async def links_fetch(url: str) -> Fetched:
            page = await plain(url)
            kept = tuple(u for u in page.links if _finite_shop_link(u))
            return Fetched(page.url, page.status, page.content_type, kept, page.error)

        return links_fetch
    if truth.site == "shop-ajax":

        async def ajax_fetch(url: str) -> Fetched:
            page = await plain(url)
            links = [u for u in page.links if urlsplit(u).path != "/logout"]
            if urlsplit(url).path == "/shop" and page.is_html:
                links += await _load_more_links(session, url)
            return Fetched(page.url, page.status, page.content_type, tuple(links), page.error)

        return ajax_fetch
    if truth.site == "trap":

        async def trap_fetch(url: str) -> Fetched:
            page = await plain(url)
            links = (_without_session(u) for u in page.links)
            kept = tuple(u for u in links if not urlsplit(u).path.startswith("/calendar"))
            return Fetched(page.url, page.status, page.content_type, kept, page.error)

        return trap_fetch
    return plain


async def _load_more_links(session: aiohttp.ClientSession, url: str) -> list[str]:
    """Product links of every chunk the page's endpoint serves, unfiltered."""
    async with session.get(url) as response:
        tree = lxml_html.document_fromstring(await response.text())
    roots = _xp(tree, ".//*[@id='shop'][@data-endpoint]")
    if not roots:
        return []
    endpoint = urljoin(url, roots[0].get("data-endpoint"))
    chunk = int(roots[0].get("data-chunk", "12"))
    out: list[str] = []
    offset = 0
    while offset < _MAX_PAGES * chunk:
        query = urlencode({"offset": offset, "limit": chunk})
        async with session.get(f"{endpoint}?{query}") as response:
            data = json.loads(await response.text())
        out.extend(urljoin(url, item["url"]) for item in data["items"])
        offset += chunk
        if not data["items"] or offset >= int(data["total"]):
            break
    return out
