"""Scores for lab runs: set precision/recall/F1, entity-attribute pairs, clusterings, cost rows.

Every function here is pure. The empty-set conventions are explicit, because a lab site can
legitimately have nothing to find (a trap site) and a method can legitimately report nothing:

========================  =========  ======  ====
found / relevant          precision  recall  F1
========================  =========  ======  ====
both empty                1          1       1
nothing found, some true  1          0       0
some found, nothing true  0          1       0
========================  =========  ======  ====

A method that reports nothing made no false claim (precision 1) and missed everything (recall 0);
a method that reports pages where there is nothing to find missed nothing (recall 1) and was
wrong every time (precision 0). F1 is the harmonic mean, 0 when either side is 0.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from siteseer.crawler import Cost, CrawlError, canonical_url
from siteseer.lab.truth import SiteTruth

__all__ = [
    "ClusterScores",
    "Pair",
    "SetScores",
    "adjusted_rand_index",
    "align_unlabelled",
    "attribute_pairs",
    "cluster_scores",
    "cost_row",
    "pair_scores",
    "purity",
    "set_scores",
    "url_key",
    "url_scores",
]

Pair = tuple[str, str, str]
"""An entity-attribute pair with its value: (entity URL, attribute, value)."""


@dataclass(frozen=True, slots=True)
class SetScores:
    """Precision, recall and F1 of a reported set against the relevant set, with the counts."""

    precision: float
    recall: float
    f1: float
    found: int  # size of the reported set
    relevant: int  # size of the true set
    correct: int  # size of their intersection


def set_scores(found: Iterable[Hashable], relevant: Iterable[Hashable]) -> SetScores:
    """Score the set `found` against the set `relevant` (duplicates count once).

    See the module docstring for the empty-set conventions.
    """
    got = set(found)
    want = set(relevant)
    correct = len(got & want)
    precision = correct / len(got) if got else 1.0
    recall = correct / len(want) if want else 1.0
    total = precision + recall
    f1 = 2 * precision * recall / total if total else 0.0
    return SetScores(precision, recall, f1, len(got), len(want), correct)


def url_key(url: str) -> str:
    """`url` in `canonical_url`'s spelling (its fragment kept), or as it is when not an http(s)
    URL: what a reported entity URL and a truth URL are compared by."""
    try:
        return canonical_url(url, keep_fragment=True)
    except CrawlError:
        return url


def url_scores(found: Iterable[str], relevant: Iterable[str]) -> SetScores:
    """`set_scores` of entity URLs, both sides compared in one spelling (`url_key`): a truth
    written as the site spells its links and a run's report of the URLs it requested agree
    wherever the two name one request."""
    return set_scores(map(url_key, found), map(url_key, relevant))


def _norm(value: str) -> str:
    return " ".join(value.split()).casefold()


def _singular(name: str) -> str:
    """`name`'s last word in the singular ("categories" → "category", "tags" → "tag")."""
    if name.endswith("ies"):
        return name[:-3] + "y"
    return name[:-1] if name.endswith("s") and not name.endswith("ss") else name


def _name(attribute: str, spelled: Collection[str] | None) -> str:
    """An attribute's name as compared: `_norm`, spelled as the one name of `spelled` it is
    the singular or plural of when it is none of them itself (a site's ``/tag/<value>/``
    lists name the attribute "tag" that an entity's "tags" hold); a name `spelled` holds is
    itself, so two attributes told apart by their number ("engines", "engine") stay two."""
    name = _norm(attribute)
    if spelled is None or name in spelled:
        return name
    alike = [k for k in spelled if _singular(k) == _singular(name)]
    return alike[0] if len(alike) == 1 else name


def attribute_pairs(
    attributes: Mapping[str, Mapping[str, Iterable[str]]],
    only: Iterable[str] | None = None,
    spelled: Collection[str] | None = None,
) -> frozenset[Pair]:
    """Flatten entity → {attribute: values} into (entity, attribute, value) triples.

    Attribute names and values are compared case-insensitively with runs of whitespace collapsed
    (a facet labelled "Running  Shoes" names the value "running shoes"); entity URLs are kept as
    they are. `only` restricts the pairs to those attributes (compared the same way); with
    `spelled` (a site's own names, normalised), a name in the singular or plural of one of them
    is read as that one (`_name`).
    """
    keep = None if only is None else {_norm(a) for a in only}
    pairs: set[Pair] = set()
    for entity, attrs in attributes.items():
        for attribute, values in attrs.items():
            name = _name(attribute, spelled)
            if keep is not None and name not in keep:
                continue
            pairs.update((entity, name, _norm(v)) for v in values)
    return frozenset(pairs)


def pair_scores(
    extracted: Mapping[str, Mapping[str, Iterable[str]]],
    truth: SiteTruth,
    hidden: Iterable[str] | None = None,
) -> SetScores:
    """Entity-attribute pair precision and recall, the query-centric paper's Eq. 6–7.

    Precision(S) = |R(S) ∩ M(S)| / |M(S)| and Recall(S) = |R(S) ∩ M(S)| / |R(S)|, where R(S) is
    the set of hidden entity-attribute pairs of the site and M(S) the set the method extracted.
    A pair is (entity, attribute, value), so an entity with two colours contributes two pairs.

    The hidden attributes are those the site exposes only through browsing: `hidden` when given,
    else the attributes the site offers as facets (`truth.facet_values`). Both R(S) and M(S) are
    restricted to them: attributes read off entity pages are not what the metric measures, and
    count neither for nor against a method.

    The attributes the truth declares `unlabelled` (the site names them nowhere) are matched by
    their values instead of their names (`align_unlabelled`); every other one by its name.
    """
    names = list(truth.facet_values) if hidden is None else list(hidden)
    relevant = attribute_pairs(truth.attributes, names)
    spelled = {_norm(a) for attributes in truth.attributes.values() for a in attributes}
    spelled |= {_norm(a) for a in names}
    unlabelled = [a for a in truth.unlabelled if _norm(a) in {_norm(n) for n in names}]
    if unlabelled:
        extracted = align_unlabelled(extracted, truth, unlabelled, spelled)
    found = attribute_pairs(extracted, names, spelled)
    return set_scores(found, relevant)


def align_unlabelled(
    extracted: Mapping[str, Mapping[str, Iterable[str]]],
    truth: SiteTruth,
    unlabelled: Iterable[str],
    spelled: Collection[str],
) -> dict[str, dict[str, list[str]]]:
    """`extracted` with each attribute of `unlabelled` (truth attributes the site labels
    nowhere) given the name of the output attribute whose (entity, value) pairs overlap its
    own most, one to one: the pairs of largest overlap are matched first, and an output
    attribute the name of a labelled truth attribute (`spelled`, as `_name` reads it) is left
    to that attribute. An unlabelled attribute no output attribute overlaps stays unmatched;
    the output attributes matched to none keep their names."""
    targets = {_norm(a) for a in unlabelled}
    labelled = set(spelled) - targets
    want: dict[str, set[tuple[str, str]]] = {a: set() for a in targets}
    for entity, attrs in truth.attributes.items():
        for attribute, values in attrs.items():
            if (name := _norm(attribute)) in want:
                want[name].update((entity, _norm(v)) for v in values)
    have: dict[str, set[tuple[str, str]]] = {}
    for entity, output in extracted.items():
        for attribute, shown in output.items():
            if _name(attribute, spelled) not in labelled:
                have.setdefault(attribute, set()).update((entity, _norm(v)) for v in shown)
    overlaps = sorted(
        ((len(want[t] & pairs), t, o) for t in sorted(want) for o, pairs in sorted(have.items())),
        key=lambda m: -m[0],
    )
    renamed: dict[str, str] = {}
    for overlap, target, source in overlaps:
        if overlap and target not in renamed.values() and source not in renamed:
            renamed[source] = target
    aligned: dict[str, dict[str, list[str]]] = {}
    for entity, output in extracted.items():
        row = aligned.setdefault(entity, {})
        for attribute, shown in output.items():
            name = renamed.get(attribute, attribute)
            if attribute not in renamed and _name(attribute, spelled) in targets:
                name = f"{attribute} (unmatched)"
            row.setdefault(name, []).extend(shown)
    return aligned


def _comb2(counts: np.ndarray) -> float:
    c = counts.astype(np.float64)
    return float((c * (c - 1) / 2).sum())


def _contingency(labels_a: Sequence[Hashable], labels_b: Sequence[Hashable]) -> np.ndarray:
    if len(labels_a) != len(labels_b):
        raise ValueError(f"label sequences differ in length: {len(labels_a)} != {len(labels_b)}")
    rows = {label: i for i, label in enumerate(dict.fromkeys(labels_a))}
    cols = {label: j for j, label in enumerate(dict.fromkeys(labels_b))}
    table = np.zeros((len(rows), len(cols)), dtype=np.int64)
    for a, b in zip(labels_a, labels_b, strict=True):
        table[rows[a], cols[b]] += 1
    return table


def adjusted_rand_index(labels_true: Sequence[Hashable], labels_pred: Sequence[Hashable]) -> float:
    """Hubert and Arabie's adjusted Rand index of two labelings of the same items.

    Computed from the contingency table n_ij: with a_i and b_j its row and column sums,
    ARI = (Σ C(n_ij,2) − E) / (½(Σ C(a_i,2) + Σ C(b_j,2)) − E), E = Σ C(a_i,2) Σ C(b_j,2) / C(n,2).
    1 for identical partitions, about 0 for independent ones, negative when worse than chance.
    When the denominator vanishes (fewer than two items, or both labelings all singletons or both
    one cluster) the partitions are identical and the index is 1.
    """
    table = _contingency(labels_true, labels_pred)
    n = int(table.sum())
    if n < 2:
        return 1.0
    index = _comb2(table)
    sum_a = _comb2(table.sum(axis=1))
    sum_b = _comb2(table.sum(axis=0))
    expected = sum_a * sum_b / (n * (n - 1) / 2)
    maximum = (sum_a + sum_b) / 2
    if maximum == expected:
        return 1.0
    return (index - expected) / (maximum - expected)


def purity(labels_true: Sequence[Hashable], labels_pred: Sequence[Hashable]) -> float:
    """The share of items that belong to the majority true class of their predicted cluster.

    1 for no items. Purity rewards over-splitting (all singletons score 1); read it with the ARI.
    """
    table = _contingency(labels_true, labels_pred)
    n = int(table.sum())
    if n == 0:
        return 1.0
    return float(table.max(axis=0).sum()) / n


@dataclass(frozen=True, slots=True)
class ClusterScores:
    """Adjusted Rand index and purity of a predicted clustering, over `items` items."""

    ari: float
    purity: float
    items: int


def cluster_scores(truth: Mapping[str, str], predicted: Mapping[str, str]) -> ClusterScores:
    """Compare item → cluster maps (e.g. URL → template id), over the items of `truth`.

    An item of the truth that the prediction does not place counts as a cluster of its own
    (a method cannot score by leaving hard items out); predicted items the truth does not know
    are ignored. Items are ordered by key so the result does not depend on dict order.
    """
    items = sorted(truth)
    true_labels = [("t", truth[i]) for i in items]
    pred_labels = [("p", predicted[i]) if i in predicted else ("missing", i) for i in items]
    return ClusterScores(
        adjusted_rand_index(true_labels, pred_labels),
        purity(true_labels, pred_labels),
        len(items),
    )


def cost_row(cost: Cost, truth: SiteTruth | None = None) -> dict[str, int | float]:
    """A run's cost as flat columns, with the truth's lower bound on downloads when known.

    `download_ratio` is downloads over the lower bound (1.0 is the least any method that walks the
    entity tree can download; absent when the bound is 0 or unknown).
    """
    row: dict[str, int | float] = {
        "downloads": cost.downloads,
        "renders": cost.renders,
        "actions": cost.actions,
        "cache_hits": cost.cache_hits,
        "bytes": cost.bytes,
        "cost_seconds": round(cost.seconds, 3),
        "fetch_errors": cost.errors,
    }
    if truth is not None:
        bound = truth.lower_bound_downloads
        row["lower_bound_downloads"] = bound
        if bound > 0:
            row["download_ratio"] = round(cost.downloads / bound, 3)
    return row
