"""DUST ("different URLs, similar text"): the query parameters of a site that leave a page's
content unchanged, learned from pages already loaded, and URLs canonicalised without them.

A site may put into its links parameters that name no page of their own: tracking tags, a
return-to encoding of the list that led to the page, a view option. Every such variant is a "new"
URL for one page. `DustLearner` is fed (URL, content) pairs — the pages a run loaded anyway — and
compares the pages whose URLs share origin and path and differ in exactly one query parameter:

- a parameter is *DUST* when at least `min_pairs` such pairs differ in it, and every one of them
  shows the same content (word-set Jaccard similarity ≥ `same`);
- one pair whose content differs clears it for good (``?page=2`` shows other rows than the first
  page, even if ``?page=1`` shows the same as ``/list``).

`canonical(url)` drops the DUST parameters learned so far; an entity's identity is its URL after
that. The decision logic is pure: the caller (a method's run) feeds it the pages it loaded.

`aliases` covers the other DUST shape, a page served under two paths (an alias such as a
"latest" link next to the versioned URL): a page that links to a page showing the same words is
one page with it, reported under one of the URLs, the one a caller's `rank` puts first.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from html import unescape
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from siteseer.algorithms.features.urlshape import query_changes

__all__ = ["DustLearner", "aliases", "content_words"]

_HIDDEN = re.compile(r"<(script|style|template)\b.*?</\1\s*>", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"<[^>]*>")
_WORD = re.compile(r"\w+")


def content_words(html: str) -> frozenset[str]:
    """The words a page shows (its text outside tags, scripts and styles), lower-cased."""
    text = unescape(_TAG.sub(" ", _HIDDEN.sub(" ", html)))
    return frozenset(w.lower() for w in _WORD.findall(text))


def _similar(a: frozenset[str], b: frozenset[str]) -> float:
    union = a | b
    return len(a & b) / len(union) if union else 1.0


@dataclass
class DustLearner:
    """Learns a site's DUST parameters from the pages it is shown (see the module docstring)."""

    same: float = 0.98
    min_pairs: int = 1
    _pages: dict[str, frozenset[str]] = field(default_factory=dict)
    _alike: dict[str, int] = field(default_factory=dict)
    _cleared: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        if not 0.0 < self.same <= 1.0 or self.min_pairs < 1:
            raise ValueError("same must be in (0, 1] and min_pairs at least 1")

    def observe(self, url: str, words: frozenset[str]) -> None:
        """Compare the page at `url` showing `words` with every page seen before."""
        if url in self._pages:
            return
        for other, theirs in self._pages.items():
            changed = query_changes(url, other)
            if changed is None or len(changed) != 1:
                continue
            (name,) = changed
            if _similar(words, theirs) >= self.same:
                self._alike[name] = self._alike.get(name, 0) + 1
            else:
                self._cleared.add(name)
        self._pages[url] = words

    def observe_all(self, pages: Iterable[tuple[str, str]]) -> None:
        """`observe` each (URL, HTML) pair."""
        for url, html in pages:
            self.observe(url, content_words(html))

    def words(self, url: str) -> frozenset[str] | None:
        """The words of the page observed at `url` (None: not observed)."""
        return self._pages.get(url)

    @property
    def params(self) -> frozenset[str]:
        """The DUST parameters learned so far."""
        return frozenset(
            n for n, k in self._alike.items() if k >= self.min_pairs and n not in self._cleared
        )

    def canonical(self, url: str) -> str:
        """`url` without its DUST parameters (unchanged when it has none)."""
        dust = self.params
        parts = urlsplit(url)
        if not dust or not parts.query:
            return url
        pairs = parse_qsl(parts.query, keep_blank_values=True)
        kept = [(n, v) for n, v in pairs if n not in dust]
        if len(kept) == len(pairs):
            return url
        return urlunsplit(parts._replace(query=urlencode(kept)))


def aliases(
    contents: Mapping[str, frozenset[str]],
    links: Mapping[str, Iterable[str]],
    rank: Callable[[str], tuple[float, ...]],
    same: float = 0.98,
) -> dict[str, str]:
    """URL → the URL it is reported under. Two URLs of `contents` are one page when one links to
    the other (`links`: URL → the URLs its page links to) and they show the same words (word-set
    Jaccard similarity ≥ `same`, as `DustLearner` judges a parameter: a status line may change
    between two loads). Each group is named by its URL with the highest `rank`, ties by the
    smallest URL; URLs alone in their group map to themselves."""
    parent = {url: url for url in contents}

    def root(url: str) -> str:
        while parent[url] != url:
            parent[url] = parent[parent[url]]
            url = parent[url]
        return url

    for url, words in contents.items():
        for other in links.get(url, ()):
            theirs = contents.get(other)
            if other == url or theirs is None or not words:
                continue
            if _similar(words, theirs) >= same:
                parent[root(other)] = root(url)
    groups: dict[str, list[str]] = {}
    for url in contents:
        groups.setdefault(root(url), []).append(url)
    named = {url: url for url in contents}
    for urls in groups.values():
        if len(urls) > 1:
            best = min(urls, key=lambda u: (tuple(-r for r in rank(u)), u))
            named.update(dict.fromkeys(urls, best))
    return named
