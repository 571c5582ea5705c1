"""Page templates: template detection and clustering pages by template (seed 002).

Two detectors return the template part of every page of a site:

- `template_hash_detect` — the DOM method: the first pass hashes every DOM node (tag,
  attributes and content; text nodes by their text) and counts each hash over the site; the
  second pass marks as *template nodes* the nodes whose count lies between a lower and an upper
  threshold and that are not inside another template node, then coalesces sibling template nodes
  (small gaps of changing content allowed) into template regions.
- `sliding_window_detect` — the text method: the detagged text (no tags, comments, scripts) is
  read through a window of W words; the first pass counts, over P sampled pages, the fragments
  whose hash is 0 modulo D; fragments seen at least F times are template fragments; the second
  pass finds them in every page and coalesces overlapping or contiguous ones.

Clustering (TEXT-MDL): each page is the set of its *essential paths* (DOM paths, with short
texts as leaves, contained in at least a minimum number of pages); a clustering is encoded as
template paths per cluster (MT), the cluster of each page (MD) and the differences between each
page and its cluster's template (Δ); its MDL cost is the sum of the three code lengths.
Clusters are merged agglomeratively, always the pair with the largest cost reduction, until no
merge reduces the cost. `method="minhash"` finds merge candidates through MinHash signatures
(datasketch LSH) instead of comparing every pair, and merges pages with equal signatures first.

Reconstructed, documented choices (the seed summarises the papers without their formulas):

- code lengths: naming one path costs log2 |P| bits (|P| distinct essential paths). MT costs,
  per cluster, a |P|-bit header (its row of the MT matrix) plus one path name per template
  path; MD costs log2 m bits per page (m clusters); Δ costs one path name per page and path
  where page and template disagree. For one cluster the best template then holds the paths
  found in more than (size + 1) / 2 of its pages, and its cost is
  ``|P| + log2|P| · Σ_p min(c_p, 1 + size − c_p)`` for the path counts c_p. Without the
  header, pages with and without an optional section (reviews, a pull quote) split into two
  clusters on the lab's sites.
- paths are tags with id and classes, digit runs read as ``0`` (numbered rows are one path),
  with texts of up to `TEXT_LEAF_CHARS` characters as leaves; essential paths are those in at
  least `MIN_SUPPORT` pages.
- pages with the same essential-path set are merged first, in both methods (such a merge always
  lowers the cost).
- MinHash: a cluster's signature is built from its template paths; the candidates of a cluster
  are its LSH neighbours (Jaccard ≥ `MINHASH_THRESHOLD`), of which the `MINHASH_CANDIDATES`
  with the highest estimated Jaccard coefficient are scored exactly. When no candidate pair
  lowers the cost any more, the clusters left are compared exhaustively (few by then), so both
  methods stop at a local optimum of the same cost.
- extension: after the MDL merges, a cluster whose distinctive template paths (those not in
  most clusters' templates) lie at least `ABSORB_CONTAINMENT` inside another cluster's is the
  same template with other optional sections, and joins it (`_absorb`).
"""

from __future__ import annotations

import hashlib
import heapq
import math
import random
import re
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

import numpy as np

from siteseer.algorithms.result import PageCluster, PageClustering, PageTemplateParts
from siteseer.algorithms.run import BUDGET_SPENT, Run, Stopped
from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.crawler import Session

__all__ = [
    "DEFAULT_WINDOW",
    "LOWER_RATIO",
    "MINHASH_CANDIDATES",
    "MINHASH_PERMUTATIONS",
    "MINHASH_THRESHOLD",
    "MIN_SUPPORT",
    "TEXT_LEAF_CHARS",
    "UPPER_PER_PAGE",
    "ClusterMethod",
    "cluster_pages",
    "crawl_pages",
    "crawl_site",
    "essential_paths",
    "mdl_cost",
    "page_paths",
    "sliding_window_detect",
    "template_hash_detect",
]

ClusterMethod = Literal["exact", "minhash"]

# --- parameters (the seed gives none; named here) ---------------------------------------------
LOWER_RATIO = 0.5  # template-hash: a template node occurs in at least this share of the pages
UPPER_PER_PAGE = 1.5  # template-hash: … and at most this many times per page on average
COALESCE_GAP = 1  # template-hash: changing siblings allowed between coalesced template nodes
DEFAULT_WINDOW = 8  # sliding window W, in words
DEFAULT_SAMPLE = 100  # P, pages sampled for the first pass
DEFAULT_DENSITY = 1  # D: fragments kept when hash % D == 0 (0 or 1: all)
FRAGMENT_RATIO = 0.5  # F defaults to this share of the P sampled pages
MIN_SUPPORT = 2  # essential paths: contained in at least this many pages
TEXT_LEAF_CHARS = 40  # texts up to this length become path leaves (labels, headings)
MINHASH_PERMUTATIONS = 64
MINHASH_THRESHOLD = 0.8  # LSH Jaccard threshold for merge candidates
MINHASH_CANDIDATES = 8  # candidates per cluster scored exactly
ABSORB_CONTAINMENT = 0.7  # extension: a cluster whose distinctive template paths lie this much
# inside another cluster's is that template without some optional sections (see `_absorb`)

_SKIP_TAGS = frozenset({"script", "style", "noscript", "template"})


class _Halted(Exception):
    """A clustering's `stop` said stop (`cluster_pages` keeps the clusters merged so far)."""


Check = Callable[[], None]


def _checker(stop: Callable[[], bool] | None) -> Check:
    """A check for the clustering's loops to call between steps: raises _Halted once `stop`
    says so."""

    def check() -> None:
        if stop is not None and stop():
            raise _Halted

    return check


_WORD = re.compile(r"\S+")


def _hash(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "big")


# --- DOM template-hash detection ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _HNode:
    path: str
    hash: int
    text: str
    children: tuple[_HNode, ...]


def _hash_tree(element: Any, path: str) -> _HNode:
    tag = element.tag.lower() if isinstance(element.tag, str) else ""
    attrs = "".join(f" {k}={v}" for k, v in sorted(element.attrib.items()))
    children: list[_HNode] = []
    parts = [f"<{tag}{attrs}>"]
    n = 0
    if element.text and element.text.strip():
        text = " ".join(element.text.split())
        children.append(_HNode(f"{path}/text()[{n}]", _hash("#" + text), text, ()))
        parts.append("#" + text)
        n += 1
    index: Counter[str] = Counter()
    for child in element:
        if isinstance(child.tag, str) and child.tag.lower() not in _SKIP_TAGS:
            index[child.tag.lower()] += 1
            node = _hash_tree(child, f"{path}/{child.tag.lower()}[{index[child.tag.lower()]}]")
            children.append(node)
            parts.append(f"@{node.hash:x}")
        if child.tail and child.tail.strip():
            text = " ".join(child.tail.split())
            children.append(_HNode(f"{path}/text()[{n}]", _hash("#" + text), text, ()))
            parts.append("#" + text)
            n += 1
    text = " ".join(c.text for c in children if c.text)
    return _HNode(path, _hash("".join(parts)), text, tuple(children))


def _walk(node: _HNode) -> Iterable[_HNode]:
    yield node
    for child in node.children:
        yield from _walk(child)


def _template_nodes(
    node: _HNode, counts: Mapping[int, int], lower: int, upper: int
) -> list[_HNode]:
    if lower <= counts.get(node.hash, 0) <= upper:
        return [node]
    out: list[_HNode] = []
    for child in node.children:
        out.extend(_template_nodes(child, counts, lower, upper))
    return out


def _parent(path: str) -> str:
    return path.rsplit("/", 1)[0]


def _coalesce(nodes: Sequence[_HNode], tree: _HNode, gap: int) -> list[list[_HNode]]:
    """Group template nodes that are siblings separated by at most `gap` other siblings."""
    position: dict[str, tuple[str, int]] = {}
    for node in _walk(tree):
        for i, child in enumerate(node.children):
            position[child.path] = (node.path, i)
    regions: list[list[_HNode]] = []
    last: tuple[str, int] | None = None
    for node in nodes:
        where = position.get(node.path, ("", 0))
        if regions and last is not None and where[0] == last[0] and where[1] - last[1] <= gap + 1:
            regions[-1].append(node)
        else:
            regions.append([node])
        last = where
    return regions


def template_hash_detect(
    pages: Sequence[Snapshot],
    *,
    lower: int | None = None,
    upper: int | None = None,
    gap: int = COALESCE_GAP,
) -> list[PageTemplateParts]:
    """The template part of every page by the DOM template-hash method (two passes).

    `lower`/`upper` bound a template node's occurrence count over the site (defaults:
    `LOWER_RATIO` of the pages, at least 2, and `UPPER_PER_PAGE` times the page count).
    """
    trees = [_hash_tree(p.tree(), "/html") for p in pages]
    counts: Counter[int] = Counter()
    for tree in trees:
        counts.update(n.hash for n in _walk(tree))
    n = len(pages)
    lo = lower if lower is not None else max(2, math.ceil(LOWER_RATIO * n))
    hi = upper if upper is not None else max(lo, math.ceil(UPPER_PER_PAGE * n))
    out = []
    for page, tree in zip(pages, trees, strict=True):
        nodes = []
        for child in tree.children:
            nodes.extend(_template_nodes(child, counts, lo, hi))
        regions = _coalesce(nodes, tree, gap)
        text = " ".join(n.text for region in regions for n in region if n.text)
        out.append(
            PageTemplateParts(
                page.url, text, tuple(tuple(n.path for n in region) for region in regions)
            )
        )
    return out


# --- text-based sliding window --------------------------------------------------------------------


def detag(snapshot: Snapshot) -> list[str]:
    """The words of a page without tags, comments, scripts and styles."""
    words: list[str] = []

    def visit(element: Any) -> None:
        if not isinstance(element.tag, str) or element.tag.lower() in _SKIP_TAGS:
            if element.tail:
                words.extend(_WORD.findall(element.tail))
            return
        if element.text:
            words.extend(_WORD.findall(element.text))
        for child in element:
            visit(child)
        if element.tail:
            words.extend(_WORD.findall(element.tail))

    root = snapshot.tree()
    visit(root)
    if root.tail:
        words.extend(_WORD.findall(root.tail))
    return words


def sliding_window_detect(
    pages: Sequence[Snapshot],
    *,
    window: int = DEFAULT_WINDOW,
    frequency: int | None = None,
    density: int = DEFAULT_DENSITY,
    sample: int = DEFAULT_SAMPLE,
    seed: int = 0,
) -> list[PageTemplateParts]:
    """The template part of every page by the sliding-window method (W, F, D, P).

    `window` W words; `frequency` F, the count a fragment needs in the sample (default
    `FRAGMENT_RATIO` of the sampled pages, at least 2); `density` D, fragments are counted only
    when their hash is 0 modulo D (0 or 1 counts all); `sample` P pages, drawn uniformly with
    `seed`. Regions are ``"start:end"`` word ranges.
    """
    texts = {p.url: detag(p) for p in pages}
    urls = sorted(texts)
    chosen = random.Random(seed).sample(urls, min(sample, len(urls)))
    f = frequency if frequency is not None else max(2, math.ceil(FRAGMENT_RATIO * len(chosen)))

    def fragments(words: Sequence[str]) -> Iterable[tuple[int, int]]:
        for i in range(max(0, len(words) - window + 1)):
            h = _hash(" ".join(words[i : i + window]))
            if density <= 1 or h % density == 0:
                yield i, h

    counts: Counter[int] = Counter()
    for url in chosen:
        counts.update(h for _, h in fragments(texts[url]))
    frequent = {h for h, c in counts.items() if c >= f}
    out = []
    for page in pages:
        words = texts[page.url]
        spans: list[list[int]] = []
        for i, h in fragments(words):
            if h not in frequent:
                continue
            if spans and i <= spans[-1][1]:
                spans[-1][1] = max(spans[-1][1], i + window)
            else:
                spans.append([i, i + window])
        text = " ".join(" ".join(words[a:b]) for a, b in spans)
        out.append(PageTemplateParts(page.url, text, tuple((f"{a}:{b}",) for a, b in spans)))
    return out


# --- essential paths -------------------------------------------------------------------------------


_DIGIT_RUN = re.compile(r"[0-9]+")


def _step(element: Any) -> str:
    tag = element.tag.lower()
    classes = " ".join(sorted(_DIGIT_RUN.sub("0", str(element.get("class", ""))).split()))
    ident = _DIGIT_RUN.sub("0", str(element.get("id", "")))
    out = tag
    if ident:
        out += f"#{ident}"
    if classes:
        out += f".{classes.replace(' ', '.')}"
    return out


def page_paths(snapshot: Snapshot) -> frozenset[str]:
    """The DOM paths of a page: root → element (tags with id and classes), with texts of up to
    `TEXT_LEAF_CHARS` characters as leaves (labels such as ``Weight``).

    Digit runs in ids, classes and texts read as ``0``: repeated rows numbered ``post-1``,
    ``post-2`` … are one path, however many rows a page has.
    """
    paths: set[str] = set()

    def visit(element: Any, prefix: str) -> None:
        if not isinstance(element.tag, str) or element.tag.lower() in _SKIP_TAGS:
            return
        path = f"{prefix}/{_step(element)}"
        paths.add(path)
        texts = [element.text or ""] + [c.tail or "" for c in element]
        for text in texts:
            clean = _DIGIT_RUN.sub("0", " ".join(text.split()))
            if clean and len(clean) <= TEXT_LEAF_CHARS:
                paths.add(f"{path}/'{clean.lower()}'")
        for child in element:
            visit(child, path)

    visit(snapshot.tree(), "")
    return frozenset(paths)


def essential_paths(
    documents: Mapping[str, frozenset[str]], min_support: int = MIN_SUPPORT
) -> dict[str, frozenset[str]]:
    """Each document's paths contained in at least `min_support` documents."""
    support: Counter[str] = Counter()
    for paths in documents.values():
        support.update(paths)
    return {
        doc: frozenset(p for p in paths if support[p] >= min_support)
        for doc, paths in documents.items()
    }


# --- MDL -----------------------------------------------------------------------------------------


def _cluster_bits(counts: np.ndarray, size: int | np.ndarray) -> Any:
    """Σ_p min(c_p, 1 + size − c_p) over the last axis (in path names)."""
    if isinstance(size, np.ndarray):
        return np.minimum(counts, (1 + size)[:, None] - counts).sum(axis=-1)
    return int(np.minimum(counts, 1 + size - counts).sum())


def mdl_cost(documents: Mapping[str, frozenset[str]], clusters: Sequence[Sequence[str]]) -> float:
    """The MDL cost in bits of a clustering of `documents` (sets of essential paths)."""
    vocab = sorted({p for paths in documents.values() for p in paths})
    index = {p: i for i, p in enumerate(vocab)}
    name_bits = math.log2(max(2, len(vocab)))
    n = sum(len(c) for c in clusters)
    total = n * math.log2(len(clusters)) if len(clusters) > 1 else 0.0
    for members in clusters:
        counts = np.zeros(len(vocab), dtype=np.int64)
        for doc in members:
            for p in documents[doc]:
                counts[index[p]] += 1
        total += len(vocab) + name_bits * _cluster_bits(counts, len(members))
    return float(total)


class _Clustering:
    """Clusters as rows of path counts; merge bookkeeping shared by both methods."""

    def __init__(self, docs: Sequence[str], paths: Sequence[frozenset[str]]) -> None:
        vocab = sorted({p for ps in paths for p in ps})
        self.vocab = vocab
        index = {p: i for i, p in enumerate(vocab)}
        self.name_bits = math.log2(max(2, len(vocab)))
        self.n = len(docs)
        # Pages with equal path sets start in one cluster.
        by_set: dict[frozenset[str], list[str]] = defaultdict(list)
        for doc, ps in zip(docs, paths, strict=True):
            by_set[ps].append(doc)
        groups = sorted(by_set.items(), key=lambda kv: min(kv[1]))
        self.members: list[list[str]] = [sorted(m) for _, m in groups]
        dtype = np.int16 if self.n < 16_000 else np.int32  # counts never exceed n
        self.counts = np.zeros((len(groups), len(vocab)), dtype=dtype)
        for row, (ps, members) in enumerate(groups):
            for p in ps:
                self.counts[row, index[p]] = len(members)
        self.sizes = np.array([len(m) for m in self.members], dtype=dtype)
        self.alive = np.ones(len(groups), dtype=bool)
        self.bits = np.array(
            [_cluster_bits(self.counts[i], int(self.sizes[i])) for i in range(len(groups))],
            dtype=np.int64,
        )
        self.merges = 0
        self.row_bits = float(len(vocab))

    @property
    def m(self) -> int:
        return int(self.alive.sum())

    def partition_gain(self) -> float:
        """Bits saved by having one cluster fewer (MD's log2 m per page, one MT header)."""
        m = self.m
        if m <= 1:
            return 0.0
        after = self.n * math.log2(m - 1) if m > 2 else 0.0
        return self.n * math.log2(m) - after + self.row_bits

    def gains(self, i: int, others: np.ndarray) -> np.ndarray:
        """Δ bits (MT + Δ, without MD) of merging i with each of `others`."""
        merged = self.counts[others] + self.counts[i]
        sizes = self.sizes[others] + self.sizes[i]
        after = _cluster_bits(merged, sizes)
        return np.asarray((self.bits[i] + self.bits[others] - after) * self.name_bits)

    def merge(self, i: int, j: int) -> None:
        keep, drop = (i, j) if min(self.members[i]) <= min(self.members[j]) else (j, i)
        self.counts[keep] += self.counts[drop]
        self.sizes[keep] += self.sizes[drop]
        self.members[keep] = sorted(self.members[keep] + self.members[drop])
        self.members[drop] = []
        self.alive[drop] = False
        self.bits[keep] = _cluster_bits(self.counts[keep], int(self.sizes[keep]))
        self.merges += 1

    def template(self, i: int) -> frozenset[str]:
        size = int(self.sizes[i])
        cols = np.nonzero(self.counts[i] * 2 > size + 1)[0]
        return frozenset(self.vocab[c] for c in cols)

    def total_bits(self) -> float:
        alive = np.nonzero(self.alive)[0]
        md = self.n * math.log2(len(alive)) if len(alive) > 1 else 0.0
        return float(self.bits[alive].sum() * self.name_bits + md + self.row_bits * len(alive))


def _exact(state: _Clustering, check: Check) -> None:
    """Merge the best pair until no merge lowers the cost, keeping each cluster's best partner."""
    best: dict[int, tuple[float, int]] = {}

    def refresh(i: int) -> None:
        others = np.nonzero(state.alive)[0]
        others = others[others != i]
        if len(others) == 0:
            best.pop(i, None)
            return
        gains = state.gains(i, others)
        k = int(np.argmax(gains))
        best[i] = (float(gains[k]), int(others[k]))

    for i in np.nonzero(state.alive)[0].tolist():
        check()
        refresh(i)
    while state.m > 1 and best:
        check()
        i = max(best, key=lambda c: (best[c][0], -min(c, best[c][1])))
        gain, j = best[i]
        if gain + state.partition_gain() <= 0:
            return
        state.merge(i, j)
        dead = j if not state.alive[j] else i
        kept = i if dead == j else j
        best.pop(dead, None)
        stale = [c for c, (_, partner) in best.items() if partner in (i, j)]
        refresh(kept)
        for c in stale:
            if c != kept and state.alive[c]:
                refresh(c)
        # The merged cluster may now be the best partner of others.
        others = np.nonzero(state.alive)[0]
        others = others[others != kept]
        if len(others):
            gains = state.gains(kept, others)
            for c, g in zip(others.tolist(), gains.tolist(), strict=True):
                if c in best and g > best[c][0]:
                    best[c] = (g, kept)


def _absorb(state: _Clustering, containment: float, check: Check) -> None:
    """Merge clusters that are one template with and without optional sections.

    A cluster's *distinctive* paths are its template paths that are not in the templates of at
    least half of the clusters (the site's chrome). When at least `containment` of cluster j's
    distinctive paths are distinctive paths of cluster i, j is i's template without some
    optional parts, and j joins i; the most contained pair goes first (ties: larger i, then
    lower numbers).
    """
    while state.m > 1:
        alive = [int(i) for i in np.nonzero(state.alive)[0]]
        templates = {i: state.template(i) for i in alive}
        shared: Counter[str] = Counter(p for t in templates.values() for p in t)
        site = {p for p, k in shared.items() if k * 2 >= len(alive)}
        own = {i: templates[i] - site for i in alive}
        best: tuple[float, int, int, int] | None = None
        for j in alive:
            check()
            if not own[j]:
                continue
            for i in alive:
                if i == j:
                    continue
                ratio = len(own[i] & own[j]) / len(own[j])
                if ratio < containment:
                    continue
                key = (ratio, int(state.sizes[i]), -i, -j)
                if best is None or key > best:
                    best = key
        if best is None:
            return
        state.merge(-best[2], -best[3])


def _with_minhash(
    state: _Clustering, permutations: int, threshold: float, candidates: int, check: Check
) -> None:
    from datasketch import MinHash, MinHashLSH

    lsh = MinHashLSH(threshold=threshold, num_perm=permutations)
    base = MinHash(num_perm=permutations, seed=1)
    sigs: dict[int, Any] = {}
    # Signature values by cluster, for estimating many Jaccard coefficients at once.
    values = np.zeros((len(state.members), permutations), dtype=base.hashvalues.dtype)
    # The MinHash of a set is the element-wise minimum of its members' MinHashes: hash every
    # path once, then a cluster's signature is a minimum over rows.
    by_path = np.empty((max(1, len(state.vocab)), permutations), dtype=base.hashvalues.dtype)
    for n, path in enumerate(state.vocab):
        if n % 256 == 0:
            check()
        one = MinHash(
            num_perm=permutations, seed=1, permutations=base.permutations, scheme=base.scheme
        )
        one.update(path.encode("utf-8"))
        by_path[n] = one.hashvalues

    def signature(i: int) -> Any:
        size = int(state.sizes[i])
        cols = np.nonzero(state.counts[i] * 2 > size + 1)[0]
        if len(cols) == 0:
            cols = np.nonzero(state.counts[i])[0]
        row = by_path[cols].min(axis=0) if len(cols) else base.hashvalues.copy()
        values[i] = row
        return MinHash(
            num_perm=permutations,
            seed=1,
            hashvalues=row,
            permutations=base.permutations,
            scheme=base.scheme,
        )

    alive = [int(i) for i in np.nonzero(state.alive)[0]]
    # Clusters with equal signatures are merged first (GetInitBestPair).
    by_digest: dict[bytes, list[int]] = defaultdict(list)
    for i in alive:
        check()
        sigs[i] = signature(i)
        by_digest[sigs[i].digest().tobytes()].append(i)
    for group in by_digest.values():
        for other in group[1:]:
            if state.alive[group[0]] and state.alive[other]:
                state.merge(group[0], other)
    for i in [int(i) for i in np.nonzero(state.alive)[0]]:
        check()
        sigs[i] = signature(i)
        lsh.insert(str(i), sigs[i])

    # Max-heap of (−gain, i, j, version of i, version of j); an entry is stale once either
    # cluster has changed since it was scored.
    heap: list[tuple[float, int, int, int, int]] = []
    version: Counter[int] = Counter()

    def push(i: int) -> None:
        found = sorted(int(k) for k in lsh.query(sigs[i]))
        near_all = np.array([k for k in found if k != i and state.alive[k]], dtype=np.int64)
        if len(near_all) == 0:
            return
        jaccard = (values[near_all] == values[i]).mean(axis=1)
        order = np.lexsort((near_all, -jaccard))[:candidates]
        near = [int(k) for k in near_all[order]]
        gains = state.gains(i, np.array(near))
        k = int(np.argmax(gains))
        j = near[k]
        heapq.heappush(heap, (-float(gains[k]), i, j, version[i], version[j]))

    for i in [int(i) for i in np.nonzero(state.alive)[0]]:
        check()
        push(i)
    while heap and state.m > 1:
        check()
        neg, i, j, vi, vj = heapq.heappop(heap)
        if not state.alive[i] or vi != version[i]:
            continue
        if not state.alive[j] or vj != version[j]:
            push(i)
            continue
        if -neg + state.partition_gain() <= 0:
            break
        state.merge(i, j)
        kept = i if state.alive[i] else j
        version[kept] += 1
        for c in (i, j):
            lsh.remove(str(c))
        sigs[kept] = signature(kept)
        lsh.insert(str(kept), sigs[kept])
        push(kept)


def cluster_pages(
    pages: Mapping[str, frozenset[str]] | Sequence[Snapshot],
    *,
    method: ClusterMethod = "minhash",
    min_support: int = MIN_SUPPORT,
    permutations: int = MINHASH_PERMUTATIONS,
    threshold: float = MINHASH_THRESHOLD,
    candidates: int = MINHASH_CANDIDATES,
    absorb: float | None = ABSORB_CONTAINMENT,
    stop: Callable[[], bool] | None = None,
) -> PageClustering:
    """Cluster pages by template with TEXT-MDL (``exact``) or its MinHash variant.

    `pages` are Snapshots or, already computed, URL → path set (`page_paths`). Pages are
    represented by their essential paths (support ≥ `min_support`). Clusters come sorted by
    size, then by their first URL. `stop` is asked between the steps of every loop (a
    `Halt`'s `stopping`: Ctrl-C, a time limit); once it says stop, the clustering ends with
    the clusters merged so far (of the pages read so far), and the caller says it stopped.
    """
    started = time.perf_counter()
    check = _checker(stop)
    documents: dict[str, frozenset[str]] = {}
    try:
        if isinstance(pages, Mapping):
            documents = dict(pages)
        else:
            for page in pages:
                check()
                documents[page.url] = page_paths(page)
    except _Halted:
        pass
    essential = essential_paths(documents, min_support)
    docs = sorted(essential)
    state = _Clustering(docs, [essential[d] for d in docs])
    try:
        if method == "minhash":
            _with_minhash(state, permutations, threshold, candidates, check)
        _exact(state, check)
        if absorb is not None:
            _absorb(state, absorb, check)
    except _Halted:
        pass
    alive = [int(i) for i in np.nonzero(state.alive)[0]]
    clusters = sorted(
        (PageCluster(tuple(state.members[i]), tuple(sorted(state.template(i)))) for i in alive),
        key=lambda c: (-len(c.pages), c.pages[0] if c.pages else ""),
    )
    return PageClustering(
        method=f"text-mdl-{method}",
        clusters=tuple(clusters),
        mdl_bits=state.total_bits(),
        seconds=time.perf_counter() - started,
        merges=state.merges,
        params=(
            ("min_support", min_support),
            ("permutations", permutations),
            ("threshold", threshold),
            ("candidates", candidates),
            ("absorb", absorb),
        ),
    )


# --- over a Session ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class SiteCrawl:
    """The pages a crawl of a site loaded, and the links it found and left: `left` counts the
    same-host URLs seen but not loaded when the crawl stopped (0: it saw the whole site);
    `reason` why it stopped before the end (its budget, a halt; "" when it did not)."""

    pages: list[Snapshot]
    left: int = 0
    reason: str = ""

    @property
    def complete(self) -> bool:
        return not self.reason


async def crawl_site(session: Session, start: str, budget: int) -> SiteCrawl:
    """Up to `budget` 2xx pages of `start`'s site, breadth first, in batches (same host only);
    the crawl ends early when the Session's own budget is spent or a halt stops it. A crawl
    that leaves links unloaded at `budget` pages is incomplete, `BUDGET_SPENT`."""
    run = Run(session)
    host = urlsplit(start).netloc
    seen = {start}
    frontier = [start]
    out: list[Snapshot] = []
    while frontier and len(out) < budget:
        batch, frontier = frontier[: budget - len(out)], frontier[budget - len(out) :]
        try:
            pages = await run.fetch(batch, step=None)
        except Stopped:
            loaded = run.loaded(batch)
            out.extend(loaded.values())
            left = len(frontier) + len(batch) - len(loaded)
            return SiteCrawl(out, left, run.reason)
        for page in pages.values():
            out.append(page)
            for link in page.links:
                if urlsplit(link.url).netloc == host and link.url not in seen:
                    seen.add(link.url)
                    frontier.append(link.url)
    return SiteCrawl(out, len(frontier), BUDGET_SPENT if frontier else "")


async def crawl_pages(session: Session, start: str, budget: int) -> list[Snapshot]:
    """`crawl_site`'s pages."""
    return (await crawl_site(session, start, budget)).pages
