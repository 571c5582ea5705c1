"""URL features of SSUP (Manica, Galante, Dorneles, ICWE 2014): terms, weaksim, strongsim.

A URL is read as a sequence of *tokens* split by ``/``, ``?`` and ``&`` (Definition 7). The scheme
(``http://``) is not a token and empty tokens (``//``, a trailing ``/``) are dropped, so
``http://www.website.com/car/ford/`` has the tokens ``www.website.com``, ``car``, ``ford``. Each
token is split into *sub-tokens* at every non-alphanumeric character and wherever letters change
to digits or back (``a4-cabriolet-3.0`` → ``a``, ``4``, ``cabriolet``, ``3``, ``0``). A *URL term*
is a sub-token together with the position (1-based) of its token; one more term records the
number of tokens. The *url-schema* of a page is the set of its URL's terms (Definition 6).

Similarities:

- `weaksim` (Definition 10): Jaccard similarity of two url-schemas.
- `strongsim` (Definitions 11–12): the share of the sample page's term weight that a URL also
  has, where a term's weight is TF × IDF over the *link DOM paths of the index page(s)*: TF counts
  the URLs in the sample's own link DOM path that contain the term, IDF is
  ``log(|P| / |{paths containing the term}|)``. Terms found under every path (the host, usually)
  weigh nothing; terms shared by many URLs of the sample's path and few other paths weigh most.
- `candidate_weight` (Definition 14): the sum of strongsim over the links a candidate index page
  has in the sample page's link DOM path.

Everything here is pure: strings and mappings in, numbers out.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeAlias
from urllib.parse import parse_qsl, urlsplit

__all__ = [
    "SIZE_TERM",
    "LinkPaths",
    "Term",
    "TermWeights",
    "UrlSchema",
    "candidate_weight",
    "path_segments",
    "query_pairs",
    "route",
    "spread",
    "strongsim",
    "sub_tokens",
    "term_weights",
    "tokens",
    "url_schema",
    "weaksim",
]

SIZE_TERM = "#"
"""Position given to the number-of-tokens term: ``("#", "4")`` for a URL of four tokens."""

Term: TypeAlias = tuple[str, str]
"""A URL term: (token position as a decimal string, or ``"#"`` for the size term; sub-token)."""

UrlSchema: TypeAlias = frozenset[Term]

LinkPaths: TypeAlias = Mapping[str, Sequence[str]]
"""Link DOM path → the URLs an index page (or a set of them) links to through that path."""

_TOKEN_SPLIT = re.compile(r"[/?&]")
_SUB_TOKEN = re.compile(r"[A-Za-z]+|[0-9]+")


def tokens(url: str) -> tuple[str, ...]:
    """The tokens of `url`: host (with port), path segments, query parameters, in order.

    The scheme is no token, nor is a fragment, but a hash route's (``#/movies/7/show``,
    ``#!/a?b=1``: a fragment a link keeps only on a hash-routed document), which is read as the
    path and query it routes to. Empty tokens are dropped.
    """
    # Scheme-less text such as "www.website.com/car/ford" (the paper's own examples) parses as
    # a bare path, which is what we want: the host is then the first path segment.
    path, query = route(url)
    text = urlsplit(url).netloc + path
    if query:
        text += "?" + query
    return tuple(t for t in _TOKEN_SPLIT.split(text) if t)


@lru_cache(maxsize=1 << 16)
def path_segments(url: str) -> tuple[str, ...]:
    """The non-empty segments of `url`'s own path (``/a/b/`` → ``("a", "b")``)."""
    return tuple(s for s in urlsplit(url).path.split("/") if s)


def route(url: str) -> tuple[str, str]:
    """The path and query `url` shows: a hash route's (``/#/movies?page=2``, ``#!/a?b=1``: a
    fragment a link keeps only on a hash-routed document, see crawler.hashrouting) read as the
    path and query it routes to, below the document's path and after its own query; else the
    URL's own path and query. Every reading of a URL's path and query parameters goes through
    it (URL tokens, URL shapes, pagination families, explore's patterns)."""
    parts = urlsplit(url)
    fragment = parts.fragment.lstrip("!")
    if not fragment.startswith("/"):
        return parts.path, parts.query
    path, _, query = fragment.partition("?")
    return parts.path.rstrip("/") + path, "&".join(q for q in (parts.query, query) if q)


def query_pairs(query: str) -> list[tuple[str, str]]:
    """The (name, value) pairs of a URL's query, blank values kept, its parameters separated by
    ``&`` or by ``;`` (HTML 4's alternative, which CGI programs such as gitweb write:
    ``?p=dpkg.git;a=commit;h=…``, kept so by `crawler.canonical_url`): read as one value, every
    link of such a site would vary one parameter, ``p``. Every reading of a URL's query
    parameters goes through it (URL shapes, pagination families)."""
    return parse_qsl(query.replace(";", "&"), keep_blank_values=True)


def sub_tokens(token: str) -> tuple[str, ...]:
    """Split a token at non-alphanumeric characters and at letter/digit changes.

    >>> sub_tokens("ba-falcon-rx-8")
    ('ba', 'falcon', 'rx', '8')
    >>> sub_tokens("a4-cabriolet-3.0")
    ('a', '4', 'cabriolet', '3', '0')
    """
    return tuple(_SUB_TOKEN.findall(token))


def url_schema(url: str) -> UrlSchema:
    """The url-schema of `url` (Definition 6): its position-tagged sub-tokens and its size term.

    Sub-token positions inside a token are not kept (URLs of one entity type differ in how many
    sub-tokens a token has), so a sub-token repeated within one token is one term.
    """
    toks = tokens(url)
    terms: set[Term] = {(SIZE_TERM, str(len(toks)))}
    for position, token in enumerate(toks, start=1):
        for sub in sub_tokens(token):
            terms.add((str(position), sub))
    return frozenset(terms)


def weaksim(a: str | UrlSchema, b: str | UrlSchema) -> float:
    """Weak URL similarity (Definition 10): |v(a) ∩ v(b)| / |v(a) ∪ v(b)|."""
    va = url_schema(a) if isinstance(a, str) else a
    vb = url_schema(b) if isinstance(b, str) else b
    union = va | vb
    if not union:
        return 0.0
    return len(va & vb) / len(union)


@dataclass(frozen=True, slots=True)
class TermWeights:
    """The weights W_t(ip, sp) of the sample page's terms (Definition 12).

    `sample` is the sample page's url-schema; `weights` maps each of its terms to TF × IDF
    (terms absent from the mapping weigh 0); `total` is their sum, the denominator of strongsim.
    """

    sample: UrlSchema
    weights: Mapping[Term, float]
    total: float

    def strongsim(self, url: str | UrlSchema) -> float:
        """strongsim_url(ip, sp, url) (Definition 11); 0 when the sample's terms all weigh 0."""
        if self.total <= 0.0:
            return 0.0
        schema = url_schema(url) if isinstance(url, str) else url
        shared = sum(self.weights.get(t, 0.0) for t in self.sample & schema)
        return shared / self.total


def term_weights(sample_url: str, paths: LinkPaths, sample_path: str) -> TermWeights:
    """Weigh the terms of `sample_url` by TF × IDF over the index page's link DOM paths.

    `paths` maps every link DOM path of the index page(s) to the URLs linked through it (when
    several same-level index pages are analysed together, as in the paper's Table 1, their paths
    are merged: one path, all its URLs). `sample_path` is the path that links to the sample page.
    Within a path each distinct URL counts once. TF is the number of URLs under `sample_path`
    whose schema contains the term; IDF is ``log(|P| / df)`` with df the number of paths having
    at least one URL containing it (natural logarithm; the base cancels out in strongsim).

    Choice (beyond the paper): on a page holding a single link DOM path (a bare list: a package
    index's simple page, a server's folder listing) every term is in every path and IDF is 0
    for all of them, so nothing would be alike; there the terms are weighed by TF alone (IDF 1),
    as no other path tells a term common to the page apart.
    """
    sample = url_schema(sample_url)
    schemas: dict[str, list[UrlSchema]] = {
        path: [url_schema(u) for u in sorted(set(urls))] for path, urls in paths.items()
    }
    own = schemas.get(sample_path, [])
    n_paths = len(schemas)
    weights: dict[Term, float] = {}
    for term in sample:
        tf = sum(1 for s in own if term in s)
        if tf == 0 or n_paths == 0:
            continue
        df = sum(1 for group in schemas.values() if any(term in s for s in group))
        idf = (math.log(n_paths / df) if df else 0.0) if n_paths > 1 else 1.0
        weight = tf * idf
        if weight > 0.0:
            weights[term] = weight
    return TermWeights(sample, weights, sum(weights.values()))


def strongsim(sample_url: str, url: str, paths: LinkPaths, sample_path: str) -> float:
    """strongsim_url(ip, sp, url) (Definition 11), the weights computed from `paths` (see
    `term_weights`). Compute `term_weights` once when comparing many URLs with one sample."""
    return term_weights(sample_url, paths, sample_path).strongsim(url)


def candidate_weight(sample_url: str, paths: LinkPaths, sample_path: str) -> float:
    """W_ci(p, sp) (Definition 14): Σ strongsim(p, sp, l) over the distinct URLs l that the
    candidate index page p links to through `sample_path` (the sample page itself included)."""
    weights = term_weights(sample_url, paths, sample_path)
    return sum(weights.strongsim(u) for u in sorted(set(paths.get(sample_path, ()))))


def spread(urls: Sequence[str], k: int) -> tuple[str, ...]:
    """`k` URLs spread evenly over `urls`, first and last included (all of them when there are
    no more than `k`)."""
    if len(urls) <= k:
        return tuple(urls)
    if k <= 1:
        return (urls[0],)
    step = (len(urls) - 1) / (k - 1)
    return tuple(dict.fromkeys(urls[math.floor(i * step + 0.5)] for i in range(k)))
