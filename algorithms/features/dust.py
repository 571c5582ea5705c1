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

Choice: the pairs are found by index, not by comparing every page with every other (15,800
cached pages cost over 15 CPU minutes that way): a page is filed under its origin and path with
each of its parameters left out in turn, so the pages it differs from in exactly one parameter
are the ones filed under the same key. A page is compared with at most `per_param` pages for
each parameter it differs in, the first ones seen, and never on a parameter already cleared; a
page's words are read only when it is compared. Below `per_param` pages a key, the pairs are all
of them, as before; above, the learning is sampled, and linear in the pages. `observe_all` stops
early when its `stop` says so (a Ctrl-C, a time limit): what was learned until then stands.

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


# A query as a key: (name, its values sorted) pairs, sorted by name.
_Query = tuple[tuple[str, tuple[str, ...]], ...]


def _query_of(url: str) -> tuple[str, dict[str, tuple[str, ...]]]:
    """`url`'s origin and path (the path without a trailing slash), and its query parameters'
    values by name, as `urlshape.query_changes` compares them."""
    parts = urlsplit(url)
    base = f"{parts.scheme}://{parts.netloc.lower()}{parts.path.rstrip('/')}"
    values: dict[str, list[str]] = {}
    for name, value in parse_qsl(parts.query, keep_blank_values=True):
        values.setdefault(name, []).append(value)
    return base, {name: tuple(sorted(v)) for name, v in values.items()}


def _key(query: dict[str, tuple[str, ...]], without: str | None = None) -> _Query:
    return tuple(sorted((n, v) for n, v in query.items() if n != without))


@dataclass
class DustLearner:
    """Learns a site's DUST parameters from the pages it is shown (see the module docstring)."""

    same: float = 0.98
    min_pairs: int = 1
    per_param: int = 16
    _html: dict[str, str] = field(default_factory=dict)
    _pages: dict[str, frozenset[str]] = field(default_factory=dict)
    _alike: dict[str, int] = field(default_factory=dict)
    _cleared: set[str] = field(default_factory=set)
    # (origin and path, query) → the pages with exactly that query
    _exact: dict[tuple[str, _Query], list[str]] = field(default_factory=dict)
    # (origin and path, name, the query without name) → (page, its values of name)
    _varying: dict[tuple[str, str, _Query], list[tuple[str, tuple[str, ...]]]] = field(
        default_factory=dict
    )
    # (origin and path, a query without one of its names) → (page, the name left out)
    _dropping: dict[tuple[str, _Query], list[tuple[str, str]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not 0.0 < self.same <= 1.0 or self.min_pairs < 1 or self.per_param < 1:
            raise ValueError("same must be in (0, 1], min_pairs and per_param at least 1")

    def observe(self, url: str, words: frozenset[str]) -> None:
        """Compare the page at `url` showing `words` with the pages seen before whose URLs
        differ from it in one query parameter."""
        if url not in self._html and url not in self._pages:
            self._pages[url] = words
            self._file(url)

    def observe_all(
        self, pages: Iterable[tuple[str, str]], stop: Callable[[], bool] | None = None
    ) -> None:
        """`observe` each (URL, HTML) pair (its words read only when it is compared), until
        `stop` says to stop."""
        for url, html in pages:
            if stop is not None and stop():
                return
            if url not in self._html and url not in self._pages:
                self._html[url] = html
                self._file(url)

    def _file(self, url: str) -> None:
        base, query = _query_of(url)
        full = _key(query)
        partners: dict[str, list[str]] = {}  # name → the pages `url` differs from in it alone
        for name, values in query.items():
            rest = _key(query, name)
            partners[name] = [
                other
                for other, theirs in self._varying.get((base, name, rest), ())
                if theirs != values
            ]
            partners[name] += self._exact.get((base, rest), ())  # pages without `name`
        for other, name in self._dropping.get((base, full), ()):  # pages with one more
            partners.setdefault(name, []).append(other)
        for name, others in partners.items():
            if name in self._cleared:
                continue
            for other in others[: self.per_param]:
                if _similar(self._words(url), self._words(other)) >= self.same:
                    self._alike[name] = self._alike.get(name, 0) + 1
                else:
                    self._cleared.add(name)
                    break
        self._exact.setdefault((base, full), []).append(url)
        for name, values in query.items():
            rest = _key(query, name)
            self._varying.setdefault((base, name, rest), []).append((url, values))
            self._dropping.setdefault((base, rest), []).append((url, name))

    def _words(self, url: str) -> frozenset[str]:
        words = self._pages.get(url)
        if words is None:
            words = self._pages[url] = content_words(self._html.pop(url))
        return words

    def words(self, url: str) -> frozenset[str] | None:
        """The words of the page observed at `url` (None: not observed)."""
        if url not in self._pages and url not in self._html:
            return None
        return self._words(url)

    @property
    def params(self) -> frozenset[str]:
        """The DUST parameters learned so far."""
        return frozenset(
            n for n, k in self._alike.items() if k >= self.min_pairs and n not in self._cleared
        )

    def canonical(self, url: str, keep: frozenset[str] = frozenset()) -> str:
        """`url` without its DUST parameters but those named in `keep` (unchanged when it has
        none)."""
        dust = self.params - keep
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
