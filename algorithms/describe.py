"""Entity descriptions and isInstance (Blanco, Crescenzi, Merialdo, Papotti — Outdesit, WIDM 2008).

A page is a sequence of tokens, each a start tag or a term, with the DOM path it sits on; two
tokens are equal when their paths (value included) are equal. `template_tokens` is the paper's
TEMPLATE TOKENS (Fig. 5, after Arasu and Garcia-Molina): the tokens occurring exactly once in
every page of a same-template set belong to the template and cut every page into segments, which
are processed the same way recursively (a token repeated in a page may occur once per segment).

The *intensional description* of an entity type (section 5.1): for each sample page, the terms of
the template of its structurally similar pages (found by Indesit), minus the terms of the site
template (TEMPLATE TOKENS over the same pages plus the site's home page); the description is the
set of terms shared by the samples of the different sites. `is_instance` (Fig. 3) accepts a page
when a "light" Indesit finds pages like it and more than a share `t` of the description's terms
lie in their template.

Named choices: the tokens occurring once in every sequence are kept only in an order all
sequences agree on (each one after the previous in every sequence), so segments line up; a term
is a lower-case word of letters of at least `MIN_TERM_CHARS` characters that is not a stop word
(the paper keeps English nouns).

Choice "one similarity": a page is like a sample by Indesit's own measure
(`algorithms.indesit.SeedSimilarity`: simhtml with tag and attribute names, capped by the
Jaccard similarity of the field labels the site's home page does not show), in `describe` and in
the light Indesit alike. Indesit's result holds the pages like the sample *and* the other links
of its target collections (a council's agenda and committees pages, linked from every page's
menu); only the pages like the sample join its same-template set, `SIMILAR_PAGES` of them
spread over the sample's cluster among them (seed 002's TEXT-MDL clustering). With the agenda
and committees pages in it, the council's template held only the site's chrome and the
description was empty.
Choice "no value of one group": a term of the sample's template that fewer than `SHOWN_BY` of
the pages like the sample show (anywhere in their text; `SIMILAR_PAGES` of them spread over
those Indesit found as like it as the least like page of its cluster: a reference's file pages,
like its struct pages at 0.50-0.67 where those score 0.69-1.0, do not show a struct's "field")
is left out. Clustered by their text, the pages of one group (a package's uploads, an album's
photos) made the sample's set, and the values the group shares (its maintainer's name, its
album's name) were in the description: the entities of every other group were turned down
(real-eleventy recall 0.24, real-sigal 0.29).

Choice "another type's template": a term the template of another type's pages shows too is
left out when that template holds more than `INSTANCE_THRESHOLD` of the description (isInstance
would take those pages for the sample's). The other types are found around the sample: of the
pages the light Indesit samples from it and finds not like it, and of one target of each of
their link collections, the `OTHER_TYPES` laid out most like the sample (their DOM paths'
Jaccard similarity) that Indesit's measure finds not like it and whose own light Indesit finds
pages like them, none of them like the sample. An admin application's records share one
template whatever their model (a table of attribute and value rows, a confirmation dialog):
a zone's description held those words and the two labels a country shows too, and every
country was taken for a zone (real-starletteadmin precision 0.53).

Choice "terms isInstance reads": a term that fewer than half the templates isInstance reads on
pages like the sample show is left out (none left: the description stays). Of `READ_BY` pages
as like the sample as its cluster's least like page (those "no value of one group" counts: a
reference's file pages do not stand for its structs), spread over them, each one's light
Indesit finds pages like it, and the template of those is what isInstance would hold the
description to; a page whose light Indesit finds none is not counted (isInstance turns it down
whatever the description). TEXT-MDL's
cluster of the sample can be the pages of one optional section (a reference's classes with
signals), whose boilerplate (the generator's note on overloaded signals) then made most of the
description, and the templates of a class and the classes beside it seldom held it: every class
was turned down (real-qdoc F1 0).

Choice "a home like the sample": the site template is TEMPLATE TOKENS over the sample's pages
and the home page only when the home is not itself like the sample. A wiki's start page has the
articles' template; subtracting it left only "table of contents" (real-dokuwiki, recall 0.40).
Choice "a home of the sample's template": a home page that holds every term of the samples'
template has that template (a documentation set's pages share nothing but the site's menu and
footer, which the home shows too), so it is not subtracted; subtracting it left no term, and
isInstance, with nothing to look for, turned every page down (real-mkdocs: F1 0).

The light Indesit samples the link collections of the page and of the pages they lead to (two
hops; a third only when two found no collection of pages like the page), keeps the collections
where most samples are like the page (Indesit's majority rule), the best one by that share, then
mean similarity, then (ties are frequent when pages share their link layout) the Jaccard
similarity of their DOM paths, and returns the page with those of its targets like the page.
Choice "labels contained": in the light Indesit every page judged is a seed, with its own
optional fields, so its field labels are compared with a target's by containment
(`algorithms.indesit.label_containment`: the share of the smaller label set in the other), not
Jaccard: a sport without a medal table scored 0.375 with one that has it (olympic), a member
without a phone or bills below 0.5 too (council); release and status pages of a package index,
which share their links, still score 0. Choice "variants are no pages" (Indesit's): the light
Indesit does not sample a page's views (`is_view`) or refinements of its own URL (``do=edit``,
its history: `refines`), each a copy of a page already judged.
Choice "labels no page shares": the label measure, in `describe` and in the light Indesit alike,
is left out when it leaves no page like the sample while simhtml alone does: the sample's labels
are then its content, not its type's fields (a manual's chapter defining its own options, each
name a definition term no other chapter holds: real-sphinx's description was empty, F1 0).
Choice "the light Indesit's pages": when Indesit finds no page like the sample (a wiki's or a
manual's pages link each other in their text, not in lists), the sample's same-template set is
what the light Indesit finds like it, the pages isInstance looks at: with the sample alone the
description was empty and every page was turned down (real-gitit, real-docutils: F1 0).
Choice "links into the site": the light Indesit follows and compares only the links into the
site (as Indesit queues only those): a package page's description links out to its project's
repositories and documentation, whose paths vary with the description: two release pages of
real-devpi score simhtml 0.47 over all their links, 0.55 over the links into the site.
Choice "a list's link to itself is no target" (Indesit's): a collection's links to the page it
is on are left out. A table browser's list links itself in the cells of its rows' links; sampled
with them, the list page (its column names the rows' field labels) joined a row's similar pages,
and their template lost the row's fields (real-sqliteweb: every row turned down).
"""

from __future__ import annotations

import re
from collections import Counter, OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import urlsplit, urlunsplit

from siteseer.algorithms.features.dom import TagFeature, link_collections
from siteseer.algorithms.features.urlshape import is_view, refines
from siteseer.algorithms.indesit import (
    SeedSimilarity,
    field_labels,
    indesit,
    template_schema,
)
from siteseer.algorithms.pagetemplates import cluster_pages, page_paths
from siteseer.algorithms.result import EntityDescription
from siteseer.algorithms.run import Run, Stopped, spent_reason
from siteseer.crawler import BudgetExhausted, CrawlError
from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.crawler import Session

__all__ = [
    "INSTANCE_THRESHOLD",
    "LIGHT_SAMPLES",
    "LIGHT_TARGETS",
    "MIN_TERM_CHARS",
    "FeatureCache",
    "Token",
    "describe",
    "description_terms",
    "is_instance",
    "light_indesit",
    "page_tokens",
    "template_terms",
    "template_tokens",
]

INSTANCE_THRESHOLD = 0.5  # t: the paper reports 50% (recall) and 75% (precision 100%)
MIN_TERM_CHARS = 3
LIGHT_SAMPLES = 2  # light Indesit: targets sampled from each link collection
LIGHT_TARGETS = 3  # light Indesit: similar pages returned at most (besides the page)
LIGHT_COLLECTIONS = 24  # light Indesit: largest link collections sampled per page
LIGHT_EXPAND = 8  # light Indesit: pages of a hop whose collections are sampled too
LIGHT_HOPS = 3  # light Indesit: hops from the page at most (the third only when two found none)
TOKENS_KEPT = 256  # pages whose token sequences a FeatureCache keeps
SIMILAR_PAGES = 25  # pages of Indesit's result used for a sample's template
SHOWN_BY = 0.5  # share of the pages like the sample a description term must show
OTHER_TYPES = 3  # pages not like the sample whose types' templates the description is held to
READ_BY = 6  # pages like the sample whose light Indesit templates the description is held to
LIGHT_MAJORITY = 0.5  # light Indesit: share of a collection's samples like the page (Indesit's)
LIGHT_THRESHOLD = 0.5  # simhtml T of the light Indesit (the SSUP paper's best general T)

_SKIP = frozenset({"script", "style", "noscript", "template"})
_TERM = re.compile(r"[^\W\d_]+", re.UNICODE)
STOP_WORDS = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "all",
        "also",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "did",
        "do",
        "does",
        "doing",
        "down",
        "during",
        "each",
        "few",
        "for",
        "from",
        "further",
        "had",
        "has",
        "have",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "him",
        "his",
        "how",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "itself",
        "just",
        "me",
        "more",
        "most",
        "my",
        "no",
        "nor",
        "not",
        "now",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "our",
        "out",
        "over",
        "own",
        "same",
        "she",
        "should",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "very",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "you",
        "your",
        "yours",
    ]
)


@dataclass(frozen=True, slots=True)
class Token:
    """A start tag (``<td>``) or a term on its DOM path (tags from the root, then the value)."""

    path: str
    value: str

    @property
    def is_term(self) -> bool:
        return not self.value.startswith("<")


def page_tokens(snapshot: Snapshot) -> list[Token]:
    """The page as a sequence of tokens in document order (scripts and styles left out)."""
    out: list[Token] = []

    def words(text: str | None, path: str) -> None:
        if text:
            for word in _TERM.findall(text):
                out.append(Token(path, word.lower()))

    def visit(element: Any, prefix: str) -> None:
        if not isinstance(element.tag, str):
            return
        tag = element.tag.lower()
        if tag in _SKIP:
            return
        path = f"{prefix}/{tag}"
        out.append(Token(prefix, f"<{tag}>"))
        words(element.text, path)
        for child in element:
            visit(child, path)
            words(child.tail, path)

    visit(snapshot.tree(), "")
    return out


def _ordered_once(sequences: Sequence[Sequence[int]]) -> list[int]:
    """Tokens occurring exactly once in every sequence, in an order all sequences agree on."""
    counts = [Counter(s) for s in sequences]
    once = {t for t, c in counts[0].items() if c == 1}
    for c in counts[1:]:
        once = {t for t in once if c.get(t) == 1}
    positions = [{t: i for i, t in enumerate(s) if t in once} for s in sequences]
    kept: list[int] = []
    last = [-1] * len(sequences)
    for token in sorted(once, key=lambda t: positions[0][t]):
        where = [pos[token] for pos in positions]
        if all(now > before for now, before in zip(where, last, strict=True)):
            kept.append(token)
            last = where
    return kept


def _template_ids(sequences: Sequence[Sequence[int]]) -> set[int]:
    """TEMPLATE TOKENS over token numbers (`template_tokens`)."""
    if not sequences or any(len(s) == 0 for s in sequences):
        return set()
    marks = _ordered_once(sequences)
    if not marks:
        return set()
    found = set(marks)
    cuts = [[-1] for _ in sequences]
    for n, seq in enumerate(sequences):
        index = {t: i for i, t in enumerate(seq) if t in found}
        cuts[n].extend(index[t] for t in marks)
        cuts[n].append(len(seq))
    for k in range(len(marks) + 1):
        segments = [seq[cuts[n][k] + 1 : cuts[n][k + 1]] for n, seq in enumerate(sequences)]
        if all(segments):
            found |= _template_ids(segments)
    return found


def template_tokens(sequences: Sequence[Sequence[Token]]) -> set[Token]:
    """TEMPLATE TOKENS (Fig. 5): the tokens of the template shared by `sequences`.

    Each token is numbered once (equal tokens, equal numbers) and the recursion compares
    numbers: hashing a token's path and value again at every level of the recursion took most
    of a describe run on pages of thousands of tokens."""
    numbers: dict[Token, int] = {}
    numbered = [[numbers.setdefault(t, len(numbers)) for t in s] for s in sequences]
    tokens = list(numbers)
    return {tokens[i] for i in _template_ids(numbered)}


def _is_term(word: str) -> bool:
    return len(word) >= MIN_TERM_CHARS and word not in STOP_WORDS


def template_terms(pages: Sequence[Snapshot], cache: FeatureCache | None = None) -> set[str]:
    """The terms of the template of `pages` (TEMPLATE TOKENS, terms only); each page's tokens
    from `cache` when given (judging a site's pages tokenizes the same pages again and again)."""
    read = cache.page_tokens if cache is not None else page_tokens
    tokens = template_tokens([read(p) for p in pages])
    return {t.value for t in tokens if t.is_term and _is_term(t.value)}


def description_terms(pages: Sequence[Snapshot], home: Snapshot | None) -> set[str]:
    """The template terms of same-template `pages` without the site template's terms (those
    still found when the site's home page joins the set), unless the home page holds all of
    them (choice "a home of the sample's template")."""
    cache = FeatureCache()  # each page tokenized once for both templates
    terms = template_terms(pages, cache)
    if home is not None and all(home.url != p.url for p in pages):
        own = terms - template_terms([*pages, home], cache)
        if own:
            return own
    return terms


# --- Indesit, light -------------------------------------------------------------------------------


@dataclass
class FeatureCache:
    """Per-page features computed once for many `light_indesit`/`is_instance` calls (one run's
    pages: judging every page of a site looks at the same pages again and again)."""

    schemas: dict[tuple[str, str], frozenset[str]] = field(default_factory=dict)
    paths: dict[str, frozenset[str]] = field(default_factory=dict)
    labels: dict[str, frozenset[str]] = field(default_factory=dict)
    collections: dict[tuple[str, str], dict[str, tuple[str, ...]]] = field(default_factory=dict)
    targets: dict[tuple[str, str], dict[str, tuple[str, ...]]] = field(default_factory=dict)
    homes: dict[str, Snapshot | None] = field(default_factory=dict)
    tokens: OrderedDict[str, list[Token]] = field(default_factory=OrderedDict)

    def page_tokens(self, page: Snapshot) -> list[Token]:
        """`page_tokens` of `page`, kept for the `TOKENS_KEPT` pages used last (a site's
        pages of thousands of tokens each would not all fit in memory)."""
        if page.url in self.tokens:
            self.tokens.move_to_end(page.url)
        else:
            self.tokens[page.url] = page_tokens(page)
            if len(self.tokens) > TOKENS_KEPT:
                self.tokens.popitem(last=False)
        return self.tokens[page.url]

    def schema(self, page: Snapshot, mode: TagFeature, session: Session) -> frozenset[str]:
        """`page`'s html-schema over its links into the site (choice "links into the site"),
        as Indesit reads it (`algorithms.indesit.template_schema`)."""
        key = (page.url, mode)
        if key not in self.schemas:
            links = [link for link in page.links if session.in_scope(link.url)]
            self.schemas[key] = template_schema(links, mode)
        return self.schemas[key]

    def page_paths(self, page: Snapshot) -> frozenset[str]:
        if page.url not in self.paths:
            self.paths[page.url] = page_paths(page)
        return self.paths[page.url]

    def link_collections(self, page: Snapshot, mode: TagFeature) -> dict[str, tuple[str, ...]]:
        key = (page.url, mode)
        if key not in self.collections:
            self.collections[key] = link_collections(page, mode)
        return self.collections[key]

    def field_labels(self, page: Snapshot) -> frozenset[str]:
        """`page`'s field labels as Indesit's measure reads them (its linked definition terms
        left out), read once per page: every light Indesit compares them again."""
        if page.url not in self.labels:
            self.labels[page.url] = field_labels(page)
        return self.labels[page.url]

    def targets_of(
        self, source: Snapshot, mode: TagFeature, session: Session
    ) -> dict[str, tuple[str, ...]]:
        """`source`'s link collections with only the links the light Indesit may sample: into
        the site, neither a view nor a refinement of `source`, not `source` itself (choice "a
        list's link to itself is no target"); read once per page, as the page is a hop of
        many judged pages."""
        key = (source.url, mode)
        if key not in self.targets:
            here = {source.url, source.final_url}
            kept = {
                path: tuple(
                    u
                    for u in urls
                    if u not in here
                    and session.in_scope(u)
                    and not is_view(source.url, u)
                    and not refines(source.url, u)
                )
                for path, urls in self.link_collections(source, mode).items()
            }
            self.targets[key] = {p: u for p, u in kept.items() if u}
        return self.targets[key]

    def measure(
        self, page: Snapshot, home: Snapshot | None, mode: TagFeature, session: Session
    ) -> SeedSimilarity:
        """Indesit's measure for `page` with its labels compared by containment (choice "labels
        contained"), from the schema and labels read once per page."""
        schema = self.schema(page, mode, session)
        return SeedSimilarity.of(
            page, home, mode, schema=schema, contained=True, labels=self.field_labels
        )

    def similarity(self, like: SeedSimilarity, other: Snapshot, session: Session) -> float:
        """`like(other)`, `other`'s schema and labels read once per page."""
        return like(other, self.schema(other, like.mode, session), self.field_labels(other))


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    union = a | b
    return len(a & b) / len(union) if union else 0.0


def _spread(urls: Sequence[str], k: int) -> list[str]:
    if len(urls) <= k:
        return list(urls)
    step = len(urls) / k
    return [urls[int(i * step)] for i in range(k)]


class _Scored(NamedTuple):
    """A link collection the light Indesit sampled, with what ranks it."""

    share: float  # of its samples like the page
    mean: float  # their mean similarity to the page
    dom: float  # their mean DOM-path Jaccard with the page
    size: int  # its links
    where: str  # the page and link DOM path it was found on
    urls: list[str]


async def light_indesit(
    session: Session,
    page: Snapshot,
    *,
    threshold: float = LIGHT_THRESHOLD,
    tag_feature: TagFeature = "attrs",
    limit: int = LIGHT_TARGETS,
    cache: FeatureCache | None = None,
) -> list[Snapshot]:
    """A small set of pages structurally similar to `page`, `page` first (`_light`)."""
    found = await _light(session, page, threshold, tag_feature, limit, cache)
    return found.similar


class _Light(NamedTuple):
    """What the light Indesit found: the pages like the page, and the pages it sampled that
    are not, those laid out most like the page first."""

    similar: list[Snapshot]
    unlike: list[Snapshot]


async def _light(
    session: Session,
    page: Snapshot,
    threshold: float,
    tag_feature: TagFeature,
    limit: int,
    cache: FeatureCache | None,
) -> _Light:
    """A small set of pages structurally similar to `page`, `page` first.

    Looks at the link collections into the site of `page` and of the pages they lead to (two
    hops, as Indesit reaches entity pages through their index pages; a third only when two
    found no collection of pages like `page`), samples a few targets of each (one batch per
    page), keeps the collections where most samples are like `page` (Indesit's measure, at least
    `threshold`), the best by that share, then the mean similarity, then — ties are frequent
    where pages share their link layout — the mean Jaccard similarity of the pages' DOM paths,
    then the larger collection, and returns `page` with up to `limit` of that collection's
    targets like it.
    """
    features = cache if cache is not None else FeatureCache()
    home_url = _home(page.url)
    if home_url not in features.homes:
        features.homes[home_url] = (await _load(session, [home_url])).get(home_url)
    # Indesit's measure, its labels compared by containment (choice "labels contained").
    like = features.measure(page, features.homes[home_url], tag_feature, session)
    layout = features.page_paths(page)
    own = {page.url, page.final_url}
    loaded: dict[str, Snapshot] = {page.url: page}
    sampled: list[tuple[str, list[str], list[Snapshot]]] = []  # where, its links, samples

    measured: dict[tuple[str, bool], float] = {}  # by URL and whether labels count

    def link_similarity(other: Snapshot) -> float:
        key = (other.url, bool(like.labels))
        if key not in measured:
            measured[key] = features.similarity(like, other, session)
        return measured[key]

    laid: dict[str, float] = {}

    def dom_similarity(other: Snapshot) -> float:
        if other.url not in laid:
            laid[other.url] = _jaccard(layout, features.page_paths(other))
        return laid[other.url]

    def like_page() -> list[_Scored]:
        """The collections sampled so far where most samples are like `page`."""
        scored: list[_Scored] = []
        for where, urls, got in sampled:
            sims = [link_similarity(g) for g in got]
            share = sum(sim >= threshold for sim in sims) / len(sims)
            dom = sum(dom_similarity(g) for g in got) / len(got)
            mean = sum(sims) / len(sims)
            scored.append(_Scored(share, mean, dom, len(urls), where, urls))
        return [entry for entry in scored if entry.share >= LIGHT_MAJORITY]

    async def score(source: Snapshot) -> list[str]:
        collections = {
            path: [u for u in urls if u not in own]
            for path, urls in features.targets_of(source, tag_feature, session).items()
        }
        collections = {p: u for p, u in collections.items() if u}
        chosen = sorted(collections, key=lambda p: (-len(collections[p]), p))[:LIGHT_COLLECTIONS]
        samples = {p: _spread(collections[p], LIGHT_SAMPLES) for p in chosen}
        wanted = [
            u for u in dict.fromkeys(u for v in samples.values() for u in v) if u not in loaded
        ]
        loaded.update(await _load(session, wanted))
        for path in chosen:
            got = [loaded[u] for u in samples[path] if u in loaded]
            if got:
                sampled.append((f"{source.url} {path}", collections[path], got))
        return [u for v in samples.values() for u in v if u in loaded]

    hop = await score(page)
    good: list[_Scored] = []
    for _ in range(LIGHT_HOPS - 1):
        reached: list[str] = []
        for url in dict.fromkeys(hop[:LIGHT_EXPAND]):
            reached += await score(loaded[url])
        good = like_page()
        if good:
            break  # one hop further only while no collection of pages like `page` is found
        hop = [u for u in dict.fromkeys(reached) if u not in own]
    if not good and like.labels:
        like = like.markup_only()  # choice "labels no page shares"
        good = like_page()
    sampled_pages = {g.url: g for _, _, got in sampled for g in got}
    unlike = sorted(
        (g for g in sampled_pages.values() if link_similarity(g) < threshold),
        key=lambda g: (-dom_similarity(g), g.url),
    )
    if not good:
        return _Light([page], unlike)
    best = max(good, key=lambda e: (e.share, e.mean, e.dom, e.size, e.where))
    targets = _spread(best.urls, limit)
    loaded.update(await _load(session, [u for u in targets if u not in loaded]))
    similar = [
        u
        for u in dict.fromkeys([*(u for u in best.urls if u in loaded), *targets])
        if u in loaded and link_similarity(loaded[u]) >= threshold
    ]
    return _Light([page, *(loaded[u] for u in similar[:limit])], unlike)


async def _load(session: Session, urls: Sequence[str]) -> dict[str, Snapshot]:
    """The 2xx pages of `urls`; those loaded before a spent budget or a halt stopped the load."""
    run = Run(session)
    try:
        return await run.fetch(urls, step=None)
    except Stopped:
        return run.loaded(urls)


def _home(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/", "", ""))


# --- the description and isInstance ---------------------------------------------------------------


async def describe(
    session: Session,
    samples: Sequence[str],
    *,
    similar: int = SIMILAR_PAGES,
    threshold: float = 0.5,
) -> EntityDescription:
    """The intensional description of the entity type the `samples` (one per site) show.

    For each sample, Indesit (`threshold`, tags + attribute names) finds the site's pages like
    it; they are clustered by template (`algorithms.pagetemplates.cluster_pages`), and the
    sample with `similar` pages of its cluster make its same-template set; its terms that most
    pages like the sample do not show are left out (choice "no value of one group").
    """
    run = Run(session)
    per_sample: list[tuple[str, ...]] = []
    used: list[tuple[str, ...]] = []
    stops: list[str] = []  # why a sample's Indesit run stopped early
    for sample in samples:
        if stops:
            break  # a stopped run describes the samples done until then
        try:
            page = await session.page(sample)
        except BudgetExhausted as e:
            stops.append(spent_reason(e))
            break
        except CrawlError as e:
            raise ValueError(f"cannot load the sample {sample}: {e}") from e
        if not page.ok:
            raise ValueError(
                f"the sample {sample} answered HTTP {page.status}; give an entity page"
            )
        found = await indesit(session, sample, threshold=threshold)
        if not found.complete:
            stops.append(found.reason)
        home_url = _home(sample)
        others = [u for u in found.entities if u not in (sample, page.final_url, home_url)]
        candidates = await _load(session, others)
        home = (await _load(session, [home_url])).get(home_url)
        # Indesit also reports the other links of its target collections: only the pages
        # like the sample by Indesit's own measure are kept (choice "one similarity").
        like = SeedSimilarity.of(page, home)
        scored = _like_sample(page, like, candidates.values(), threshold)
        by_url = {u: p for u, (p, _) in scored.items()}
        # The home page shows the site template only when it is not itself like the sample
        # (choice "a home like the sample"): a wiki's start page has the articles' template.
        site = home if home is not None and like(home) < threshold else None
        # The sample's template among them: the pages clustered with it by template (seed
        # 002's TEXT-MDL), `similar` of them spread over the cluster.
        clustering = cluster_pages([page, *by_url.values()])
        mates = next(c.pages for c in clustering.clusters if page.url in c.pages)
        chosen = _spread([u for u in mates if u in by_url], similar)
        pages = [page, *(by_url[u] for u in chosen)]
        if len(pages) == 1:
            # Choice "the light Indesit's pages": Indesit left the sample alone (its links lie
            # in its text, not in lists), so the pages isInstance would find like it stand in.
            pages = await light_indesit(session, page, threshold=threshold, limit=similar)
        sample_terms = description_terms(pages, site) if len(pages) > 1 else set()
        # Choice "no value of one group": the terms most pages like the sample do not show,
        # of those like it as much as its cluster's pages are.
        floor = min((scored[p.url][1] for p in pages if p.url in scored), default=1.0)
        peers = [u for u, (_, sim) in scored.items() if sim >= floor]
        sample_terms = _shown_by_most(
            sample_terms, [page, *(by_url[u] for u in _spread(peers, similar))]
        )
        sample_terms = await _without_other_types(
            session, page, sample_terms, like, {p.url for p in pages} | set(scored)
        )
        sample_terms = await _read_by_most(session, sample_terms, peers)
        per_sample.append(tuple(sorted(sample_terms)))
        used.append(tuple(p.url for p in pages))
    shared = set(per_sample[0]) if per_sample else set()
    for terms in per_sample[1:]:
        shared &= set(terms)
    return EntityDescription(
        terms=tuple(sorted(shared)),
        samples=tuple(samples[: len(per_sample)]),
        per_sample=tuple(per_sample),
        similar=tuple(used),
        cost=run.cost(),
        complete=not stops,
        reason=stops[0] if stops else "",
    )


async def _without_other_types(
    session: Session,
    page: Snapshot,
    terms: set[str],
    like: SeedSimilarity,
    like_sample: set[str],
) -> set[str]:
    """`terms` less the template terms of another type that isInstance would take for the
    sample's (choice "another type's template"): of the pages the light Indesit samples around
    `page` and finds not like it, and of one target of each of their link collections, the
    `OTHER_TYPES` laid out most like `page` that are not like it by `like` (Indesit's measure,
    its labels compared as sets) and have pages like them of their own, none of them like the
    sample (`like_sample`); `terms` when that leaves none (so a single term is kept unlooked)."""
    if len(terms) < 2:
        return terms
    cache = FeatureCache()
    around = await _light(session, page, LIGHT_THRESHOLD, "attrs", LIGHT_TARGETS, cache)
    pool = {p.url: p for p in around.unlike}
    reached = [
        u
        for other in around.unlike[:OTHER_TYPES]
        for urls in cache.targets_of(other, "attrs", session).values()
        for u in _spread(urls, 1)
    ]
    skip = {page.url, page.final_url, *like_sample, *pool}
    pool.update(await _load(session, [u for u in dict.fromkeys(reached) if u not in skip]))
    layout = cache.page_paths(page)
    others = sorted(
        (p for p in pool.values() if p.url not in like_sample),
        key=lambda p: (-_jaccard(layout, cache.page_paths(p)), p.url),
    )
    kept = set(terms)
    tried = 0
    for other in others:
        if tried == OTHER_TYPES or not kept:
            break
        if like(other) >= LIGHT_THRESHOLD:
            continue
        tried += 1
        similar = await light_indesit(session, other, cache=cache)
        if len(similar) == 1 or any(p.url in like_sample for p in similar):
            continue
        theirs = template_terms(similar, cache)
        if len(kept & theirs) / len(kept) > INSTANCE_THRESHOLD:
            kept -= theirs
    return kept or terms


async def _read_by_most(session: Session, terms: set[str], alike: Sequence[str]) -> set[str]:
    """`terms` less those fewer than half the templates isInstance reads on pages like the
    sample show (choice "terms isInstance reads"): of `READ_BY` of the pages as like the sample
    as its cluster's pages are (`alike`, spread over them), the template of the pages their
    light Indesit finds like them, of those that found some; `terms` when that leaves none, or
    with fewer than two to tell."""
    if len(terms) < 2:
        return terms
    cache = FeatureCache()
    read: list[set[str]] = []
    spread = _spread(alike, READ_BY)
    loaded = await _load(session, spread)
    for url in spread:
        page = loaded.get(url)
        similar = await light_indesit(session, page, cache=cache) if page else []
        if len(similar) > 1:
            read.append(template_terms(similar, cache))
    if len(read) < 2:
        return terms
    kept = {t for t in terms if sum(t in r for r in read) >= SHOWN_BY * len(read)}
    return kept or terms


def _shown_by_most(terms: set[str], pages: Sequence[Snapshot]) -> set[str]:
    """`terms` less those fewer than `SHOWN_BY` of `pages` show (anywhere in their text): the
    values one group of the entities shares (choice "no value of one group"); `terms` alone
    when that leaves none, or with too few pages to tell."""
    if len(pages) < 3:
        return terms
    words = [{t.value for t in page_tokens(p) if t.is_term} for p in pages]
    kept = {t for t in terms if sum(t in w for w in words) >= SHOWN_BY * len(pages)}
    return kept or terms


def _like_sample(
    page: Snapshot, like: SeedSimilarity, candidates: Iterable[Snapshot], threshold: float
) -> dict[str, tuple[Snapshot, float]]:
    """The `candidates` like the sample `page` by `like`, with their similarity, by URL; by
    simhtml alone when its labels leave none (choice "labels no page shares")."""
    others = [p for p in candidates if p.url != page.url]
    scored = {p.url: (p, like(p)) for p in others}
    found = {u: e for u, e in scored.items() if e[1] >= threshold}
    if found or not like.labels:
        return found
    markup = like.markup_only()
    scored = {p.url: (p, markup(p)) for p in others}
    return {u: e for u, e in scored.items() if e[1] >= threshold}


async def is_instance(
    session: Session,
    url: str,
    description: EntityDescription | Sequence[str],
    t: float = INSTANCE_THRESHOLD,
    *,
    cache: FeatureCache | None = None,
) -> bool:
    """isInstance(p, σE) with threshold `t` (Fig. 3): whether `url` shows an instance of the
    described entity type (more than `t` of the description's terms in its template)."""
    terms = set(description.terms if isinstance(description, EntityDescription) else description)
    if not terms:
        return False
    try:
        page = await session.page(url)
    except CrawlError:
        return False
    if not page.ok:
        return False
    similar = await light_indesit(session, page, cache=cache)
    if len(similar) == 1:
        return False
    found = template_terms(similar, cache)
    return len(terms & found) / len(terms) > t
