"""Indesit (Blanco, Crescenzi, Merialdo, WEBIST 2005) — the HTML-only baseline SSUP compares with.

A page is described by its *html-schema*, the set of its link DOM paths; anchors of one page that
share a path form a *link collection*; two pages are structurally similar when the Jaccard
similarity of their schemas (simhtml) reaches the threshold T. Indesit must download a page to
judge it: it has no URL features, which is the cost SSUP saves.

The crawl below is the reconstruction in ALGORITHMS.md; the steps it marks [reconstructed] are
the named choices here:

1. Fetch the seed s and the site's entry page (the root of the seed's host unless `entry` is
   given); queue each of the entry page's link collections.
2. Pop the best collection and fetch a sample of its targets (`samples`, spread evenly over the
   collection). Choice `_MAJORITY`: the collection is a *target collection* when at least half of
   the sampled pages that could be fetched are similar to s. Then all its links are entity pages,
   its page is an index page, and that page's other collections (pagination, A–Z bars) are queued
   with the highest priority. Otherwise the sampled targets' own collections are queued.
   Choice "judge the targets": the links of a target collection are downloaded too — Indesit has no
   way to judge a page but its HTML (step 4) — and their collections queued like any other, so
   the crawl does not end at the first collection of look-alike pages (on a site whose pages
   share most of their chrome, every collection of the entry page looks like a target at T=0.5).
3. Priority (`_Priority`): collections of index pages first, then collections whose link DOM path
   has led to an index page before, then the rest; within a class larger collections first;
   ties by page URL, then path. The crawl ends when the queue is empty or the budget is spent.
4. Every page fetched is judged by simhtml against s (and by its labels: choice "labels are
   schema"); pages judged similar are reported along
   with the links of the target collections.

Choice "T=0.5" (`THRESHOLD`): of the two settings SSUP's paper reports as best for Indesit (both
with tag and attribute names: T=0.5 on its multi-type sites, T=0.8 on its council sites), the
default is 0.5. At 0.8 fewer pages that share a site's chrome are judged like the seed, but a
wiki's pages, whose link paths vary with their content and which no target collection lists, are
missed (real-dokuwiki small: recall 0.80, F1 0.88 at T=0.8; F1 0.975 at T=0.5, by simhtml alone).
The pages of other types that share the seed's chrome are told apart by their field names
instead (choice "labels are schema", below).

Choice "labels are schema" (`_Crawl.sim`, beyond the reconstruction): a page's field names are
template text, the same on every page of a type, so they belong to its schema as its link paths
do. A page is similar to the seed when its simhtml reaches T *and*, when the seed has label texts
(``th``, ``dt``, ``label``: `algorithms.features.dom.label_schema`) that the entry page does not
show (those are the site's chrome, a search help's terms on every page), the Jaccard similarity
of those label texts reaches T too. Two types whose pages share every link path (an admin
application's plane and airport show pages: simhtml 1.0 under all three tag features; a package
index's project page, simhtml 0.64 with a release page) differ in their field names (plane and
airport: 0.0; project page and release page: 0.0, the project page has no files table). Measured
(``siteseer lab bench --methods indesit --size small``), F1 before → after: council 0.762 →
0.976, drivers 0.779 → 1.000, cars 0.661 → 0.878, olympic 0.594 → 1.000, people 1.000 → 1.000,
spa 0.779 → 1.000 (lab mean 0.762 → 0.976); real-planes 0.666 → 1.000, real-devpi 0.664
→ 1.000, real-dokuwiki 0.977 → 0.977. Choice "a linked term is an entry" (`_labels`): a
definition term that is all a link is an entry of a menu (a manual node's list of its
subnodes), not a field name; a node with such a menu is like the nodes without one.

Beyond the reconstruction, for real applications (named in the code): the crawl does not follow
a page's *variants* (`_Crawl._variant`: views of a list, an entity page's own URL with parameters
added, a parameter that many pages add to their own URLs — a site-wide action), and the entities
and index pages are reported without the query parameters that leave a page's content unchanged
(DUST, learned from the pages the run loaded, `Run.dust`; params: ``dust_params``). Choice
"aliases are one entity" (`_Crawl.aliases`): a found page that links to a found page showing the
same words (a "latest" alias of a versioned page; word-set Jaccard ≥ 0.98) is one entity with
it, reported under the URL that the largest link collection lists (the site's index of its
entities, rather than a single shortcut link), then the one most pages link to; params:
``aliases``. Three more keep the crawl from downloading one site many times over (a code
browser, a tracker, a wiki: each page reachable under every branch, in every order, through
every tab): choice "state is no page" (`_stateless`, SSUP's `ssup.yields.stateless` and
`carried_state`: a link's state carried back, or a parameter of the page's URL that its links
to other paths all carry, is left out of the link); choice "a list that adds nothing is a
view" (`_Crawl._view`: a target collection none of whose links is new makes no index page);
choice "a link group is worth what it yields" (`_Crawl._yields`: the collections of one link
DOM path off index pages are left once they spent `_TRIAL` downloads in a row without a new
entity). None of these adds a URL feature to the judging: a page is still similar to the
seed by its HTML alone (its link paths and its labels). Choice "a link that gives no page is
no entity page" (`_gone`): a target collection's link that answered 4xx or a file is left out
(real-qdoc: an example's text links the classes of a module the site does not serve); choice
"a sample is of pages" (`_Crawl._sample`): a sampled link that gives no page is replaced by
another of its collection; choice "a target is judged by its page" (`_another_type`): a target
collection's link whose loaded page shares no link path with the seed and is like another
such page is of another type, left out (real-htags: a source
file's cross-references link other files and symbol pages under one path). A run
stopped by its budget or a time limit returns what it found so far, marked incomplete.

Choice "the text's nesting is no schema" (`template_schema`, beyond the reconstruction): a
page's html-schema leaves out the links its running text (paragraphs of no attribute) nests
below the text's first level. The template sets the text at one depth; sections, definition
lists and loose lists nested in it are the author's, and on a documentation set whose pages
share one template a rich page's references took a dozen paths the plain pages lack (measured
``siteseer lab bench --methods indesit --size small``: F1 real-sphinx 0.316 -> 0.990,
real-kiwix 0.026 -> 0.817, real-sigal 0.944 -> 1.000; eleven other applications and the
synthetic sites unchanged).

Choice "labels that find nothing are no schema" (`_labels_found_nothing`): when no page the
crawl loaded but the seed is like it by simhtml and labels, while some is by simhtml alone, the
seed's labels were its own entries (a command's options, a module's functions), not its type's
field names; the crawl is made again without them, on the pages already loaded (real-ldoc
small: F1 0.059 -> 0.917; real-kiwix 0.013 -> 0.875). Choice "a key cell is a label"
(`field_labels`): the key cells of a record's key/value table (a bold first cell) are field
names too (real-starletteadmin: a zone's page shares every link path of a country's; F1 0.715
-> 1.000). Choice "views that leave nothing are pages" (`_views_left_everything`): when the
crawl found nothing and left variants, it is made again following them (a database browser
that addresses every page by its query at one path; real-phpliteadmin F1 0.006 -> 0.547).
Choice "an entry page that links nowhere" (`_Crawl.crawl`): when the host's root queues no
link collection (a library's front page drawn by script), the crawl starts from the seed's
folders, the topmost first.

Choice "the seed's links when the entry page leads nowhere like it" (`_Crawl.crawl`): when
the crawl from the entry page found no page like the seed and no target collection (a
manual's front page linking its other manuals, not the package whose page the seed is), it
goes on from the seed's own link collections (its link to its package's index), as from an
entry page.

Choice "a list's next page is no entity" (`_lists_like_seed`): a target collection's link
whose page was loaded, judged unlike the seed, and lists two or more pages judged like it at
the collection's own link path, where the seed has no link, is another page of that list,
not an entity: a list whose pager shares its entries' link path (a blog's home list, its tag
lists) is the target collection it mostly is, but its pager links are no posts.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import urlsplit, urlunsplit

from siteseer.algorithms.features.dom import TagFeature, link_collections, simhtml
from siteseer.algorithms.features.dust import DustLearner, aliases
from siteseer.algorithms.features.url import query_pairs, route, spread
from siteseer.algorithms.features.urlshape import is_view, query_changes, refines
from siteseer.algorithms.indesitsim import (
    SeedSimilarity,
    field_labels,
    label_containment,
    template_schema,
)
from siteseer.algorithms.result import Discovery
from siteseer.algorithms.run import Run, Stopped
from siteseer.algorithms.ssup.yields import carried_state, stateless
from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.crawler import Session

__all__ = [
    "THRESHOLD",
    "IndesitParams",
    "SeedSimilarity",
    "field_labels",
    "indesit",
    "label_containment",
    "template_schema",
]

# T, the simhtml a page needs to be similar to the seed (choice "T=0.5", module docstring).
THRESHOLD = 0.5


@dataclass(frozen=True)
class IndesitParams:
    """Indesit's parameters in the method registry (algorithms/methods.py): the simhtml
    `threshold` a page needs to be like the seed, the link DOM path form `tag_feature`."""

    threshold: float = THRESHOLD
    tag_feature: TagFeature = "attrs"


# A collection is a target collection when at least this share of its samples is similar to s.
_MAJORITY = 0.5

# A target collection lists at least this many links (choice "a list has two links").
_LIST_LINKS = 2

# A query parameter that this many pages add to their own URLs is a site-wide action or view.
_ACTION_PAGES = 3

# A link group (the collections of one link DOM path, off index pages) whose visits spent this
# many downloads in a row without a new entity is left (choice "a link group is worth what it
# yields", `_Crawl._yields`).
_TRIAL = 12

# Priority classes (smaller first).
_ON_INDEX_PAGE = 0
_PATH_LED_TO_INDEX = 1
_OTHER = 2


@dataclass(frozen=True, order=True, slots=True)
class _Priority:
    cls: int
    size: int  # negated collection size: larger collections first
    page: str
    path: str


@dataclass(frozen=True, slots=True)
class _Collection:
    page: str
    path: str
    urls: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _PageLinks:
    """A page's links as `_Crawl.read` reads them: its link collections (path → the URLs in the
    crawl's scope, the page's own excepted), the parameters each link adds to its URL, and
    those links that are views of it (`is_view`)."""

    page: Snapshot
    collections: dict[str, tuple[str, ...]]
    added: dict[str, frozenset[str]]
    views: frozenset[str]


@dataclass
class _Crawl:
    """One Indesit crawl: the queue of link collections and what it found. Pages load and the
    trace is written through `run`."""

    run: Run
    mode: TagFeature
    threshold: float
    samples: int
    similarity: SeedSimilarity = field(
        default_factory=lambda: SeedSimilarity(frozenset(), frozenset(), frozenset())
    )
    seed_url: str = ""
    queue: list[tuple[_Priority, int]] = field(default_factory=list)
    collections: list[_Collection] = field(default_factory=list)
    queued: dict[tuple[str, str], int] = field(default_factory=dict)
    visited: set[tuple[str, str]] = field(default_factory=set)
    reached_by: dict[str, str] = field(default_factory=dict)  # URL → first path queued through
    index_pages: list[str] = field(default_factory=list)
    index_paths: set[str] = field(default_factory=set)
    similar: dict[str, float] = field(default_factory=dict)
    entities: dict[str, None] = field(default_factory=dict)
    skipped: set[str] = field(default_factory=set)  # pages whose variants were noted
    adders: dict[str, set[str]] = field(default_factory=dict)  # parameter → pages adding it
    listed: dict[str, int] = field(default_factory=dict)  # URL → largest collection listing it
    linked_by: dict[str, set[str]] = field(default_factory=dict)  # URL → pages linking to it
    drought: dict[str, int] = field(default_factory=dict)  # path → downloads since an entity
    barren: set[str] = field(default_factory=set)  # link groups no more visited
    kept: set[str] = field(default_factory=set)  # paths of the target collections kept
    kept_at: dict[str, set[str]] = field(default_factory=dict)  # URL → paths of those listing it
    labels: bool = True  # the seed's labels are schema (choice "labels that find nothing")
    views: bool = True  # variants are left (choice "views that leave nothing are pages")
    entry: str = ""  # the entry page the crawl started from
    links_read: dict[str, _PageLinks] = field(default_factory=dict)  # page URL → `read`

    async def fetch(self, urls: Iterable[str]) -> dict[str, Snapshot]:
        """The 2xx pages of `urls` (failures are not traced); every page loaded is judged
        (step 4), also when the budget runs out in the batch."""
        wanted = list(dict.fromkeys(urls))
        new = [u for u in wanted if u not in self.run.pages]
        try:
            return await self.run.fetch(wanted, step=None)
        finally:
            for url in new:
                page = self.run.pages.get(url)
                if page is not None and page.ok:
                    self.judge(page)

    def sim(self, page: Snapshot) -> float:
        """How similar `page` is to the seed: simhtml, and no more than `simlabels` when the seed
        has label texts (choice "labels are schema")."""
        return self.similarity(page)

    def judge(self, page: Snapshot) -> None:
        """Step 4: every fetched page is compared with the seed."""
        sim = self.sim(page)
        if sim >= self.threshold:
            self.similar[page.url] = sim

    def push(self, page: Snapshot, cls: int) -> None:
        """Queue the link collections of `page` (again, when `cls` is a better class), without
        the links `_variant` leaves out."""
        read = self.read(page)
        skipped: dict[str, None] = {}
        for path, targets in read.collections.items():
            variants = {u for u in targets if self._variant(read, u, cls)}
            if variants:
                skipped.update(dict.fromkeys(u for u in targets if u in variants))
                targets = tuple(u for u in targets if u not in variants)
            for url in targets:
                self.listed[url] = max(self.listed.get(url, 0), len(targets))
                self.linked_by.setdefault(url, set()).add(page.url)
            key = (page.url, path)
            if not targets or key in self.visited:
                continue
            klass = cls
            if klass == _OTHER and path in self.index_paths:
                klass = _PATH_LED_TO_INDEX
            if self.queued.get(key, _OTHER + 1) <= klass:
                continue
            self.queued[key] = klass
            self.collections.append(_Collection(page.url, path, targets))
            for url in targets:
                self.reached_by.setdefault(url, path)
            priority = _Priority(klass, -len(targets), page.url, path)
            heapq.heappush(self.queue, (priority, len(self.collections) - 1))
        if skipped and page.url not in self.skipped:
            self.skipped.add(page.url)
            self.run.note(
                "collection",
                "skip",
                f"{len(skipped)} variants of {page.url}",
                urls=skipped,
                note="views of the page (two or more query parameters added or changed) or, "
                "on a page like the seed, the page's own URL with parameters added",
            )

    def read(self, page: Snapshot) -> _PageLinks:
        """`page`'s links as the crawl reads them, once per page (a page is pushed again each
        time a collection it is in is visited); the parameters its links add to its URL are
        counted then (`adders`)."""
        known = self.links_read.get(page.url)
        if known is not None and known.page is page:
            return known
        added = {link.url: _added(page.url, link.url) for link in page.links}
        for name in {n for names in added.values() for n in names}:
            self.adders.setdefault(name, set()).add(page.url)
        own = _own(page)
        # Choice: links out of the crawl's scope (another host) are no pages of the site.
        collections = {
            path: tuple(u for u in urls if u not in own and self.run.session.in_scope(u))
            for path, urls in link_collections(page, self.mode).items()
        }
        views = frozenset(u for urls in collections.values() for u in urls if is_view(page.url, u))
        read = self.links_read[page.url] = _PageLinks(page, collections, added, views)
        return read

    def _variant(self, read: _PageLinks, url: str, cls: int) -> bool:
        """Choice "variants are no pages" (beyond the reconstruction, for real applications):
        a link that is a view of `page` (`is_view`: a sort order, a page size combined with a
        page) is not followed — it shows the entries of the pages `page`'s one-parameter links
        reach, in every combination. Nor, on a page judged similar to the seed and not queued as
        an index page, a link that refines its URL with added parameters (`refines`: its edit
        form, its history, its print view): an entity page's variants of itself are no other
        entities, and each would be judged similar to the seed. An index page's refinements
        (``?page=2``) are its pagination and stay, unless many pages add the same parameter
        (below). Only which links are followed changes; pages are judged by their HTML
        alone."""
        if self.views and url in read.views:
            return True
        added = read.added[url]
        if not added:
            return False
        if self.views and cls != _ON_INDEX_PAGE and read.page.url in self.similar:
            return True
        # Choice "site-wide actions": a parameter that `_ACTION_PAGES` pages or more add to their
        # own URLs (``do=edit`` on every wiki page, a page size on every list page) names an
        # action or a view of any page, not the pagination of one list (``?page=2`` is added
        # by the list's first page alone; its other pages change it).
        return all(len(self.adders.get(n, ())) >= _ACTION_PAGES for n in added)

    def aliases(self, found: Iterable[str], dust: DustLearner) -> dict[str, str]:
        """Choice "aliases are one entity": each of `found` → the URL it is reported under. A page
        that links to a page showing the same words (as `dust` read them from the run's pages)
        is one page with it (`algorithms.features.dust.aliases`), named by the URL the largest
        link collection lists, then the one most pages link to."""
        contents = {}
        for url in found:
            words = dust.words(url)
            if words is not None:
                contents[url] = words
        links = {u: [link.url for link in self.run.pages[u].links] for u in contents}
        named = aliases(
            contents, links, lambda u: (self.listed.get(u, 0), len(self.linked_by.get(u, ())))
        )
        merged = {u: n for u, n in named.items() if u != n}
        if merged:
            self.run.note(
                "entity",
                "alias",
                f"{len(merged)} pages shown under a second URL",
                urls=tuple(merged),
                note="the same words as a page found under another URL: reported under that URL",
            )
        return named

    def _view(self, collection: _Collection) -> bool:
        """Choice "a list that adds nothing is a view" (beyond the reconstruction, for real
        applications; SSUP's pagination by yield): a target collection all of whose links are
        entities found already, on a page that is no index page yet, lists again what other
        pages listed — a sort order or filter of a list, another state of it — so its page is
        no index page, and its own collections (the view's pager, its other orders) are not
        queued as an index page's: the crawl does not page one list in every order."""
        if collection.page in self.index_pages or not set(collection.urls) <= self.entities.keys():
            return False
        self.run.note(
            "collection",
            "view",
            f"{collection.page} {collection.path}",
            urls=collection.urls,
            note="target collection listing no entity not found before: a view of a list",
        )
        return True

    async def crawl(self, seed: Snapshot, entry: str, *, folders: bool = False) -> None:
        """Crawl from `entry`; with `folders`, from the seed's folders when `entry` queues no
        link collection (choice "an entry page that links nowhere")."""
        self.seed_url = seed.url
        self.entry = entry
        # The entry page is judged once its labels (the site's chrome) are known.
        start = (await self.run.fetch([entry], step=None)).get(entry)
        if start is None:
            self.run.stop(f"cannot fetch the entry page {entry}: {self.run.failed.get(entry, '')}")
        self.similarity = SeedSimilarity.of(seed, start, self.mode)
        self.judge(start)
        if not self.labels:  # a second crawl: the pages the first loaded are judged again
            self.similarity = self.similarity.markup_only()
            for loaded in self.run.loaded(self.run.pages).values():
                self.judge(loaded)
        self.push(start, _OTHER)
        for folder in _folders(seed.url) if folders else ():
            if self.queue:
                break
            top = (await self.run.fetch([folder], step=None)).get(folder)
            if top is not None:
                self.entry = folder
                self.push(top, _OTHER)
                self.run.note(
                    "entry",
                    "folder",
                    folder,
                    note="the entry page links to no page of the site: the seed's folder instead",
                )
        await self._drain()
        if not self.entities and not self.similar.keys() - {self.seed_url, self.entry}:
            # Choice "the seed's links when the entry page leads nowhere like it".
            self.run.note(
                "entry",
                "seed",
                seed.url,
                note="nothing like the seed found from the entry page: the crawl goes on "
                "from the seed's own links",
            )
            self.push(seed, _OTHER)
            await self._drain()

    async def _drain(self) -> None:
        """Visit the queued collections, best first, until the queue is empty (step 2)."""
        while self.queue:
            _, index = heapq.heappop(self.queue)
            collection = self.collections[index]
            key = (collection.page, collection.path)
            if key in self.visited:
                continue
            self.visited.add(key)
            await self.visit(collection)

    def _yields(self, collection: _Collection) -> bool:
        """Choice "a link group is worth what it yields" (beyond the reconstruction, for real
        applications): the collections of one link DOM path met off index pages are one link
        group — pages alike share their link paths, and a path plays the same part on each of
        them (a code browser's tree, diff and stats tabs on every commit page, a wiki's history
        links). Once the group's visits spent `_TRIAL` downloads in a row without a new entity
        (a page judged like the seed, or a link of a target collection, not found before), its
        other collections are left; a group is credited too with the new links of the target
        collections on the pages it led to (a menu's lists, a category link's members). The
        collections of index pages (their pagers, A–Z bars) are never left, but for those of an
        index page judged like the seed (an entity page whose links to its neighbours, a
        parent commit and its diff, make a target collection), nor are those of a path that led
        to an index page before (a pager, whose pages' entities are found only when their
        target collections are visited, later) or of a target collection kept before (a list's
        entries on its next page, met before that page is an index page): the crawl's cost is bounded by the site's link
        groups, not its pages, and a list is still paged to its end."""
        path = collection.path
        on_index = self.queued.get((collection.page, path), _OTHER) == _ON_INDEX_PAGE
        if on_index and collection.page not in self.similar:
            return True
        if path in self.index_paths or path in self.kept:
            return True  # a list's pager or its entries elsewhere: the list is paged to its end
        if path in self.barren:
            return False
        if self.drought.get(path, 0) < _TRIAL:
            return True
        self.barren.add(path)
        self.run.note(
            "collection",
            "stop",
            f"{collection.page} {path}",
            values={"downloads": float(self.drought[path])},
            note="link group left: its last downloads added no entity",
        )
        return False

    def _found(self) -> int:
        return len(self.entities.keys() | self.similar.keys())

    async def visit(self, collection: _Collection) -> None:
        if not self._yields(collection):
            return
        loaded, found, listed = len(self.run.pages), self._found(), len(self.entities)
        try:
            await self._visit(collection)
        finally:
            path = collection.path
            parent = self.reached_by.get(collection.page)
            if self._found() > found:
                self.drought[path] = 0
            else:
                self.drought[path] = self.drought.get(path, 0) + len(self.run.pages) - loaded
            if len(self.entities) > listed and parent is not None:
                self.drought[parent] = 0  # it led to a list of new entities

    async def _sample(self, collection: _Collection) -> tuple[list[str], dict[str, Snapshot]]:
        """Step 2's sample: `samples` targets spread over `collection`, and its pages. Choice
        "a sample is of pages" (beyond the reconstruction, for real applications): a sampled
        link that gives no page (a 404, a file, a redirect off the site) is replaced by others
        of the collection, spread over those not sampled, until `samples` pages loaded or as
        many more links were tried; a collection is judged by its pages, not by the links
        that happened to fall where the spread fell."""
        sample = list(spread(collection.urls, self.samples))
        fetched = await self.fetch(sample)
        tried = 0
        while len(fetched) < self.samples and tried < self.samples:
            rest = [u for u in collection.urls if u not in sample]
            if not rest:
                break
            more = spread(rest, min(self.samples - len(fetched), self.samples - tried))
            sample += more
            tried += len(more)
            fetched.update(await self.fetch(more))
        return sample, fetched

    async def _visit(self, collection: _Collection) -> None:
        sample, fetched = await self._sample(collection)
        sims = {u: self.sim(p) for u, p in fetched.items()}
        similar = sum(1 for s in sims.values() if s >= self.threshold)
        values = {
            "samples": float(len(sims)),
            "similar": float(similar),
            "max_similarity": max(sims.values(), default=0.0),
        }
        # Choice "a list has two links": a lone link (an entity page's link back to its parent,
        # a "latest" shortcut) lists nothing, so its page is no index page; its target is still
        # judged (step 4) and its collections explored.
        if len(collection.urls) >= _LIST_LINKS and sims and similar / len(sims) >= _MAJORITY:
            if self._view(collection):
                return
            self.run.note(
                "collection",
                "keep",
                f"{collection.page} {collection.path}",
                urls=collection.urls,
                values=values,
                note="target collection: its links are entity pages",
            )
            self.entities.update(dict.fromkeys(collection.urls))
            self.kept.add(collection.path)
            for url in collection.urls:
                self.kept_at.setdefault(url, set()).add(collection.path)
            if collection.page not in self.index_pages:
                self.index_pages.append(collection.page)
            if collection.page in self.reached_by:
                self.index_paths.add(self.reached_by[collection.page])
            self.push(self.run.pages[collection.page], _ON_INDEX_PAGE)
            # Choice "judge the targets": the whole collection is downloaded and judged (step 4),
            # and the crawl goes on through its pages.
            members = await self.fetch(collection.urls)
            for url in collection.urls:
                member = members.get(url)
                if member is not None:
                    self.push(member, _OTHER)
            return
        self.run.note(
            "collection",
            "explore",
            f"{collection.page} {collection.path}",
            urls=sample,
            values=values,
            note="samples not similar to the seed: exploring their collections",
        )
        for url in sample:
            target = fetched.get(url)
            if target is not None:
                self.push(target, _OTHER)


def _added(page: str, url: str) -> frozenset[str]:
    """The query parameters `url` adds to `page`'s URL when it refines it (else none)."""
    if not refines(page, url):
        return frozenset()
    return query_changes(page, url) or frozenset()


def _own(page: Snapshot) -> set[str]:
    return {page.url, page.final_url}


def _stateless(page: Snapshot, names: frozenset[str]) -> Snapshot:
    """Choice "state is no page" (beyond the reconstruction, for real applications; SSUP's
    `stateless`): `page`'s links without the state they carry back or hand on — its own query
    or address (a list's "back to the list" state), and a parameter of its URL that its links
    to other paths all carry (`carried_state`: a code browser's branch, a session; `names`, the
    seed's own parameters, excepted). A page reached in another state is then the page the
    crawl already has, not a copy of every page of the site under each state."""
    page = stateless(page)
    carried = carried_state(page, names)
    if not carried:
        return page
    own = frozenset(n for n, _ in query_pairs(route(page.url)[1]))
    return stateless(page, own - carried)


def _folders(url: str) -> list[str]:
    """The folders of `url`'s path below its host's root, the topmost first."""
    parts = urlsplit(url)
    steps = parts.path.split("/")[1:-1]
    return [
        urlunsplit((parts.scheme, parts.netloc, "/" + "/".join(steps[: k + 1]) + "/", "", ""))
        for k in range(len(steps))
    ]


def _labels_found_nothing(crawl: _Crawl) -> bool:
    """Choice "labels that find nothing are no schema": of the pages the crawl loaded, none but
    the seed is like the seed by simhtml and labels, while some are by simhtml alone. The seed's
    labels were then its content, not its type's field names (a command's options, a module's
    functions, each named by the page's own entries): no page of the site shares them."""
    if not crawl.similarity.labels or crawl.similar.keys() - {crawl.seed_url}:
        return False
    seed = crawl.similarity.schema
    return any(
        simhtml(seed, template_schema(page, crawl.mode)) >= crawl.threshold
        for url, page in crawl.run.loaded(crawl.run.pages).items()
        if url not in (crawl.seed_url, crawl.entry)
    )


def _views_left_everything(crawl: _Crawl) -> bool:
    """Choice "views that leave nothing are pages" (beyond the reconstruction, for real
    applications): the crawl found no page like the seed but the seed and its entry page, no
    target collection, and left variants (`_Crawl._variant`: links adding two or more query
    parameters to their page's URL, or refining a page like the seed). On a site that addresses
    every page by its query at one path (a database browser's ``/?table=…&action=…``, its entry
    page like every other in its links) those links are its pages, not views of a list or of
    an entity: the crawl is made again following them (site-wide actions still left)."""
    found = crawl.similar.keys() - {crawl.seed_url, crawl.entry}
    return bool(crawl.skipped) and not crawl.entities and not found


def _gone(run: Run, url: str) -> bool:
    """Choice "a link that gives no page is no entity page" (beyond the reconstruction, for
    real applications): a target collection's link that was downloaded (choice "judge the
    targets") and answered 4xx (a page deleted or never written, a link into a part of the site
    not served) or a file, not an HTML page, is left out of the result. A link the budget or
    the time limit left unloaded, or whose load failed in transit, is still reported."""
    page = run.pages.get(url)
    return url in run.files or (page is not None and 400 <= page.status < 500)


def _another_type(crawl: _Crawl, urls: Iterable[str]) -> set[str]:
    """Choice "a target is judged by its page" (beyond the reconstruction): of `urls`, the
    links of target collections, those whose pages were loaded (choice "judge the targets")
    and are of another type than the seed's: each one's html-schema shares no link path with
    the seed's (not even the site's chrome: a part of the site another template draws), and
    is like that of another such page. A collection may list pages of two types under one
    link path (a source file's cross-references link other files and each symbol's
    definitions alike), and its sample's majority stands for the collection, not for each of
    its pages; the pages of the other type are like one another. A page that shares the
    seed's chrome (a function's page among a reference's class pages, simhtml 0.23-0.27 with
    them, all declarations alike), a page like no other, one judged unlike the seed by its
    labels alone (the seed's labels may be its content) and a link left unloaded stay."""
    seed = crawl.similarity.schema
    unlike: dict[str, frozenset[str]] = {}
    for url, page in crawl.run.loaded(u for u in urls if u not in crawl.similar).items():
        schema = template_schema(page, crawl.mode)
        if schema and not schema & seed:
            unlike[url] = schema
    schemas = Counter(unlike.values())
    kin = {
        schema
        for schema, count in schemas.items()
        if count > 1
        or any(other != schema and simhtml(other, schema) >= crawl.threshold for other in schemas)
    }
    return {url for url, schema in unlike.items() if schema in kin}


def _lists_like_seed(crawl: _Crawl, url: str, seed: dict[str, tuple[str, ...]]) -> str | None:
    """Choice "the seed's links when the entry page leads nowhere like it" (`_Crawl.crawl`): when
    the crawl from the entry page found no page like the seed and no target collection (a
    manual's front page linking its other manuals, not the package whose page the seed is), it
    goes on from the seed's own link collections (its link to its package's index), as from an
    entry page.

    Choice "a list's next page is no entity" (beyond the reconstruction, for real
        applications): the link path of a target collection that listed `url` at which `url`'s
        page itself lists `_LIST_LINKS` or more pages, most of those loaded judged like the seed,
        where the seed (`seed`: its link collections) has no link; None when there is none. The
        page is then another page of the list that listed it: a list whose pager shares its
        entries' link path (``ul/li[@class]/a``, the entries' and the pager's classes told apart
        by their values alone) is kept as the target collection it mostly is, and its pager's
        links are no entities."""
    page = crawl.run.pages.get(url)
    if page is None or not page.ok:
        return None
    collections = link_collections(page, crawl.mode)
    for path in crawl.kept_at.get(url, ()):
        if path in seed:
            continue
        loaded = crawl.run.loaded(u for u in collections.get(path, ()) if u not in _own(page))
        similar = sum(1 for u in loaded if u in crawl.similar)
        if similar >= _LIST_LINKS and similar / len(loaded) >= _MAJORITY:
            return path
    return None


def _not_lists(crawl: _Crawl, found: dict[str, None]) -> dict[str, None]:
    """`found` without the links of target collections that were loaded, judged unlike the seed,
    and are a next page of the list that listed them (`_lists_like_seed`). A page judged like
    the seed stays, and so does one that lists pages like the seed elsewhere (a class that
    lists its inner classes, a documentation page its subpages)."""
    seed = crawl.run.pages.get(crawl.seed_url)
    if seed is None:
        return found
    collections = link_collections(seed, crawl.mode)
    lists = {
        u: path
        for u in found
        if u not in crawl.similar and (path := _lists_like_seed(crawl, u, collections))
    }
    for url, path in lists.items():
        note = "unlike the seed, it lists pages like it as the list that listed it: a next page"
        crawl.run.note("entity", "list", f"{url} {path}", note=note)
    return {u: None for u in found if u not in lists}


def _site_root(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/", "", ""))


async def indesit(
    session: Session,
    seed: str,
    threshold: float = THRESHOLD,
    tag_feature: TagFeature = "attrs",
    *,
    entry: str | None = None,
    samples: int = 3,
) -> Discovery:
    """Find entity pages like `seed` by crawling from the site's entry page (Indesit).

    `threshold` is T, the simhtml a page needs to be similar to the seed; `tag_feature` the link
    DOM path form (T=0.5 with tag and attribute names by default: choice "T=0.5" in the module docstring).
    `entry` defaults to the root of the seed's host; `samples` is how many targets of a link
    collection are fetched to judge it. Never raises for a bad seed or a spent budget: the
    Discovery comes back with ``complete=False`` and a `reason`.
    """
    if not 0.0 <= threshold <= 1.0:
        raise ValueError(f"threshold must lie in [0, 1], not {threshold!r}")
    if samples < 1:
        raise ValueError("samples must be at least 1")
    names = frozenset(n for n, _ in query_pairs(route(seed)[1]))
    run = Run(session, tidy=lambda page: _stateless(page, names))
    crawl = _Crawl(run, tag_feature, threshold, samples)
    start_url = entry or _site_root(seed)
    with suppress(Stopped):  # run.reason says why
        page = await run.seed(seed)
        if not page.links:
            run.stop(
                f"the seed {seed} has no links, so it has no link collections to compare; "
                "give an entity page with the site's usual navigation"
            )
        await crawl.crawl(page, start_url, folders=entry is None)
        if _views_left_everything(crawl):
            run.note(
                "collection",
                "views",
                seed,
                note="nothing like the seed found and views were left: the crawl again through them",
            )
            crawl = _Crawl(run, tag_feature, threshold, samples, views=False)
            await crawl.crawl(page, start_url, folders=entry is None)
        if _labels_found_nothing(crawl):
            run.note(
                "labels",
                "drop",
                seed,
                note="no page shares the seed's labels: the crawl again by simhtml alone",
            )
            crawl = _Crawl(run, tag_feature, threshold, samples, labels=False, views=crawl.views)
            await crawl.crawl(page, start_url, folders=entry is None)
    other = _another_type(crawl, crawl.entities)
    found = {u: None for u in crawl.entities if not _gone(run, u) and u not in other}
    found.update(dict.fromkeys(crawl.similar))
    found = _not_lists(crawl, found)
    if crawl.seed_url:
        found[crawl.seed_url] = None
    dust = run.dust()
    named = crawl.aliases(found, dust)
    index_pages = tuple(dict.fromkeys(dust.canonical(u) for u in crawl.index_pages))
    return Discovery(
        method="indesit",
        seed=seed,
        entities=tuple(sorted({dust.canonical(named.get(u, u)) for u in found})),
        index_pages=(index_pages,) if index_pages else (),
        sample_path=(),
        trace=tuple(run.trace),
        cost=run.cost(),
        complete=run.complete,
        reason=run.reason,
        params=(
            ("threshold", threshold),
            ("tag_feature", tag_feature),
            ("entry", crawl.entry or start_url),
            ("samples", samples),
            ("dust_params", ",".join(sorted(dust.params))),
            ("aliases", sum(1 for u, n in named.items() if u != n)),
        ),
    )
