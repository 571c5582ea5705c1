"""Page-size links no name gives away: views found by what they load.

A pager link that only changes one numeric query parameter of its list page ("more" →
``?revcount=120``, a bigger page size) and loads no entity the list's pages have not shown is
a view, no other page of the list, when the page it loads is its page again (every entity it
listed) or carries the parameter into most of its links (its entities' too: they no longer
read as the list's). A pager's cursor (a previous page's ``?b=<date>``) is neither. A list is
paged in one form: once such a view is seen, links that change only that parameter of their
page are not loaded.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from siteseer.algorithms.querycentric.model import _query, is_page_key
from siteseer.render import Snapshot

__all__ = ["Widths"]


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
