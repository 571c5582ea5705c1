"""Page-size links no name gives away: views found by what they load.

A pager link that only changes one numeric query parameter of its list page ("more" →
``?revcount=120``, a bigger page size) and loads no entity the list's pages have not shown is
a view, no other page of the list, when the page it loads is its page again (every entity it
listed) or carries the parameter into most of its links (its entities' too: they no longer
read as the list's). A pager's cursor (a previous page's ``?b=<date>``) is neither. A list is
paged in one form: once such a view is seen, links that change only that parameter of their
page are not loaded.

A pair of links labelled by words alone ("less", "more") that differ in one numeric parameter,
one value below the entities the page shows and one above, names that parameter as the page's
size: the list is read at the largest size the chain of "more" links reaches from the start
page (`bracketed_size`), each step kept while it lists every entity of the one before and more.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from siteseer.algorithms.querycentric.model import _query, is_page_key
from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.algorithms.querycentric.exploring import Exploring

__all__ = ["Widths", "bracketed_size", "size_bracket"]


def _size(url: str, key: str) -> str | None:
    values = _query(url).get(key, ())
    return values[0] if len(values) == 1 else None


def _changed(here: str, there: str) -> set[str]:
    """The query parameters in which `there` differs from `here` (their paths aside)."""
    mine, theirs = _query(here), _query(there)
    return {k for k in set(mine) | set(theirs) if mine.get(k) != theirs.get(k)}


class Widths:
    """One list's page-size parameter, learned from a view of no yield."""

    def __init__(self) -> None:
        self.key: str | None = None

    def learn(
        self,
        source: Snapshot,
        got: Snapshot,
        entities: Callable[[Snapshot], Sequence[str]],
        pages: Sequence[Snapshot],
    ) -> bool:
        """Whether `got`, loaded from a pager link of `source`, is a page-size view of it:
        one numeric query parameter changed, no entity the list's `pages` do not show (then
        its parameter is kept)."""
        changed = _changed(source.final_url, got.final_url)
        if len(changed) != 1 or self.key is not None:
            return False
        (key,) = changed
        size = _size(got.final_url, key)
        if is_page_key(key) or size is None or not size.isdigit():
            return False
        shown, theirs = set(entities(source)), set(entities(got))
        known = {e for page in pages for e in entities(page)}
        if not shown or not known.issuperset(theirs):
            return False
        # the page again, or a page carrying its size into its links (its entities' too)
        carried = [link for link in got.links if _size(link.url, key) == size]
        if not shown <= theirs and 2 * len(carried) <= len(got.links):
            return False
        self.key = key
        return True

    def allows(self, url: str, source: Snapshot) -> bool:
        """Whether the pager link `url` of `source` may be loaded: it changes more than the
        page's size (a next page that spells its size out is a page)."""
        return self.key is None or _changed(source.final_url, url) != {self.key}


def _worded_sizes(snapshot: Snapshot) -> dict[tuple[str, str], dict[int, str]]:
    """The page's links labelled by words alone (no number) that name one numeric query
    parameter (no page's), grouped by their address less that parameter: (address, name) →
    value → link."""
    groups: dict[tuple[str, str], dict[int, str]] = {}
    for link in snapshot.links:
        if any(c.isdigit() for c in link.text) or not link.text.strip():
            continue
        parts = urlsplit(link.url)
        query = _query(link.url)
        for key, values in query.items():
            if is_page_key(key) or len(values) != 1 or not values[0].isdigit():
                continue
            rest = sorted((k, v) for k, v in query.items() if k != key)
            place = f"{parts.netloc}{parts.path}?{rest}"
            groups.setdefault((place, key), {})[int(values[0])] = link.url
    return groups


def size_bracket(snapshot: Snapshot, shown: int) -> tuple[str, int] | None:
    """The link to `snapshot`'s list at a larger page size where a pair of worded links
    brackets the `shown` entries by one numeric parameter ("less" ``?revcount=30`` and "more"
    ``?revcount=120`` beside a page of 60): the link above, with its size; None without such
    a pair."""
    if shown <= 0:
        return None
    for _, sizes in sorted(_worded_sizes(snapshot).items()):
        above = [n for n in sizes if n > shown]
        if above and any(n < shown for n in sizes):
            size = max(above)
            return sizes[size], size
    return None


async def bracketed_size(ex: Exploring, root: Snapshot) -> Snapshot:
    """`root` at the largest page size a chain of "more" links (`size_bracket`) reaches: each
    larger page loaded while it lists every entity of the one before and more, until it lists
    fewer than it asked for (every entity); `root` itself when the first lists no more."""
    page = root
    while (offer := size_bracket(page, len(shown := ex.entities(page)))) is not None:
        url, size = offer
        bigger = await ex.page(ex.canonical(url))
        theirs = set(ex.entities(bigger)) if bigger is not None else set()
        if bigger is None or len(theirs) <= len(shown) or not theirs.issuperset(shown):
            detail = f"{size} a page lists no more than the {len(shown)} shown"
            ex.skip(url, "page-size", detail, "q0")
            return page
        ex.run.note("page-size", "choose", url, values={"per_page": float(size)})
        page = bigger
        if len(theirs) < size:
            break
    return page
