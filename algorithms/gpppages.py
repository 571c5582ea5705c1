"""GPP's pages of a list: which links of a list page are its next pages (the choices "a list
split over pages is one list", "a pager names its pages", "a next document is no next page" and
"a list's defaults spelled out" of `algorithms.gpp`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlencode, urlsplit, urlunsplit

from siteseer.algorithms.features.url import query_pairs, route
from siteseer.algorithms.features.urlshape import continues
from siteseer.algorithms.features.visual import VisualList
from siteseer.algorithms.run import Run, Stopped
from siteseer.algorithms.scriptpager import in_place, page_through
from siteseer.algorithms.ssup.yields import leads_on, pager_text, spelled_defaults
from siteseer.render import Action, Link, Snapshot

if TYPE_CHECKING:
    from siteseer.crawler import Session

__all__ = [
    "at_path",
    "by_script",
    "continuations",
    "other_names",
    "pager_links",
    "pages_on",
    "spelled",
]

DIGITS = re.compile(r"\d+")
CLICKS = 200  # the most pages of one list shown by its pager's clicks


def pages_on(first: str, url: str) -> bool:
    """Whether `url` may be another page of the list at `first`: it `continues` it, or it is
    `first` with a page number appended to its path together with one query parameter added,
    the cursor the number counts from (``/log`` → ``/log/362?start=382``: a list paged
    backwards from its newest entry). A link to the script that serves `first` naming its path
    in a parameter is read as `first`'s path (`at_path`)."""
    url = at_path(first, url)
    if continues(first, url):
        return True
    parts = urlsplit(url)
    own = query_pairs(urlsplit(first).query)
    pairs = query_pairs(parts.query)
    added = [pair for pair in pairs if pair not in own]
    if len(added) != 1 or len(pairs) != len(own) + 1:
        return False
    bare = urlunsplit(parts._replace(query="&".join(f"{k}={v}" for k, v in own)))
    return urlsplit(bare).path != urlsplit(first).path and continues(first, bare)


def at_path(first: str, url: str) -> str:
    """`url` read at `first`'s path where `url` addresses the script that serves `first` (a
    path above it) and names the rest of `first`'s path in one query parameter: the script's
    own form of the page's address, the parameter dropped (``/index.php?title=Category:X&from=Y``
    beside ``/index.php/Category:X``, a wiki's pager, is ``/index.php/Category:X?from=Y``);
    else `url` itself."""
    page, other = urlsplit(first), urlsplit(url)
    script = other.path.rstrip("/") + "/"
    if (page.netloc, page.scheme) != (other.netloc, other.scheme) or not (
        page.path.startswith(script) and len(page.path) > len(script)
    ):
        return url
    rest = unquote(page.path[len(script) :])
    pairs = query_pairs(other.query)
    naming = [n for n, v in pairs if v == rest or v.replace(" ", "_") == rest]
    if len(naming) != 1:
        return url
    kept = [(n, v) for n, v in pairs if n != naming[0]]
    return urlunsplit(other._replace(path=page.path, query=urlencode(kept)))


def continuations(
    page: Snapshot, firsts: Sequence[str], chosen: VisualList, known: set[str], session: Session
) -> list[str]:
    """Links of `page` that continue the list at one of `firsts` (its URL, and that URL with
    its defaults spelled out: `pages_on`) and are neither in `known` nor entries of `chosen`,
    the list `page` grows through."""
    entries = set(chosen.urls)
    return sorted(
        {
            lk.url
            for lk in page.links
            if lk.url not in known
            and lk.url not in entries
            and session.in_scope(lk.url)
            and any(pages_on(first, lk.url) for first in firsts)
        }
    )


def pager_links(
    page: Snapshot, first: str, chosen: VisualList, known: set[str], session: Session
) -> list[str]:
    """Links of `page` that its pager names as the list's next pages, whatever their URLs: a
    link reading as a way forward ("Next Page", `leads_on`), or a page number from 2 on that its
    URL spells (text ``3``, ``/questions/sort:activity/page:3/``), neither in `known` nor an
    entry of `chosen`, at another path than `first`, the list's URL (a link at its path is a
    page of it only where it `continues` it: the pages of a filter's view are no pages of it).

    Choice "a pager names its pages" (beyond the reconstruction, for real applications): a
    list's next pages need not continue its URL's shape. A mail archive writes its pages to
    ``maillist.html``, ``mail2.html``, ``mail3.html``; a forum's front page ``/questions/``
    is paged ``/questions/scope:all/sort:activity-desc/page:2/``. Read only where no link of
    the page continues its list's URL (`continuations`), so that a list paged by its URL is
    paged as before.

    Choice "a next document is no next page" (beyond the reconstruction, for real
    applications): a documentation page's "Next »" leads to the next document, which the
    page's navigation names by its title; a list's next page is named only by its pager (its
    number, "Next"). A link the page also names by other text than a pager's (`pager_text`)
    is no page of the list."""
    entries = set(chosen.urls)
    own = {page.url, page.final_url}
    path = route(first)[0]
    titled = {lk.url for lk in page.links if lk.text.strip() and not pager_text(lk.text)}

    def named(link: Link) -> bool:
        text = link.text.strip()
        if text.isdigit():
            return int(text) >= 2 and int(text) in {
                int(d) for d in DIGITS.findall("?".join(route(link.url)))
            }
        return leads_on(text)

    return sorted(
        {
            lk.url
            for lk in page.links
            if lk.url not in known
            and lk.url not in entries
            and lk.url not in own
            and session.in_scope(lk.url)
            and route(lk.url)[0] != path
            and lk.url not in titled
            and named(lk)
        }
    )


def spelled(first: str, urls: Sequence[str]) -> str:
    """`first` with the defaults its list takes for the parameters its URL leaves out, as the
    links `urls` of its own page spell them (`spelled_defaults`; its next pages' links spell
    their own sort order or filter too): an admin's ``/admin/flight/`` whose pager links
    ``?page=2&page_size=20`` is ``/admin/flight/?page_size=20``, which those pages continue.
    A list's pages continue its URL or this one: a value its links share may be a filter's
    (a date drill-down's end) rather than a default, and its pager leaves it out.

    Choice "a list's defaults spelled out" (beyond the reconstruction, for real applications):
    a pager that writes the default page size on every page number added two parameters to
    the first page's URL, a view's shape, and the list was never paged."""
    defaults = spelled_defaults(first, urls)
    if not defaults:
        return first
    parts = urlsplit(first)
    pairs = [*query_pairs(parts.query), *sorted(defaults.items())]
    return urlunsplit(parts._replace(query=urlencode(pairs)))


def other_names(
    page: Snapshot, chosen: VisualList, known: set[str], session: Session
) -> dict[str, str]:
    """The next pages of the list `page` shows that it links under another URL of the list,
    each mapped to that URL: a link of `page` (not an entry of `chosen`, not in `known`) that
    another of its links, continued by none of them, `pages_on`. A repository's front page
    ``/repo/`` shows its log's first page and links the log's own URL ``/repo/log`` and its
    next page ``/repo/log?count=120``, which the front page's own URL does not lead to."""
    entries = set(chosen.urls)
    links = sorted(
        {
            lk.url
            for lk in page.links
            if lk.url not in entries and lk.url not in known and session.in_scope(lk.url)
        }
    )
    paths = {url: route(url)[0].rstrip("/") for url in links}

    def near(base: str, url: str) -> bool:  # a cheap test `pages_on` implies
        a, b = paths[base], paths[url]
        return b.startswith(a) or a.rpartition("/")[0] == b.rpartition("/")[0]

    paged = {
        url: [b for b in links if b != url and near(b, url) and pages_on(b, url)] for url in links
    }
    roots = {url for url, bases in paged.items() if not bases}
    return {
        url: min(named)
        for url, bases in paged.items()
        if (named := [b for b in bases if b in roots])
    }


async def by_script(
    run: Run, page: Snapshot, items: Callable[[Snapshot], Iterable[str]]
) -> list[Snapshot]:
    """The further pages of the list `page` shows that its pager shows in place, each a state
    of `page`'s URL reached by clicking the pager's next control (`scriptpager.in_place`,
    `scriptpager.page_through`, the pager every method uses; each click an action of the run),
    until a page adds no entry (`items`: the entries of the list like the seed's on a state);
    none where its pager leads to other URLs or it has none. Once the budget is spent, the
    pages shown so far.

    Choice "a list paged by script is one list" (beyond the reconstruction, for real
    applications): an admin's single-page application shows a model's first 15 rows and a
    "Next" control that replaces them in place; no link leads to its other pages."""
    if not page.rendered or not page.ok or not in_place(page):
        return []

    async def act(snapshot: Snapshot, action: Action) -> Snapshot | None:
        try:
            return await run.act(snapshot, action)
        except Stopped:
            return None

    return (await page_through(page, act, items, rounds=CLICKS))[1:]
