"""The queries of an exploration, as pure values: their index by equivalence key and by
condition set, an Ajax state's identity, and the attributes the queries give their entities
(seed 004, Section 4.3; a seam of model.py).

- `QueryIndex`: equivalent queries (same entities and same drill-downs, Section 4.3) looked up by
  hash, and the same condition set reached twice (Algorithm 2, line 15).
- `state_key`: an Ajax state's identity, structure fingerprint plus result entity set.
- `infer_attributes`: entity → {attribute: values} from the queries that list it.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from siteseer.algorithms.querycentric.model import Condition

__all__ = ["QueryIndex", "QueryKey", "infer_attributes", "state_key"]


def state_key(fingerprint: str, entities: Iterable[str]) -> str:
    """The identity of an Ajax state: its structure fingerprint plus its result entity set.

    Two states with equal keys show the same results in the same layout, whatever path of
    clicks led to them; the key is a hash, so a new state is looked up, not compared with every
    known state.
    """
    digest = hashlib.sha256()
    digest.update(fingerprint.encode())
    for url in sorted(set(entities)):
        digest.update(b"\0" + url.encode())
    return digest.hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class QueryKey:
    """What makes two queries equivalent (Section 4.3): the same entities, the same drill-downs."""

    entities: frozenset[str]
    drilldowns: frozenset[tuple[str, str, int | None]]


class QueryIndex:
    """Known queries by equivalence key and by condition set, for O(1) look-up.

    Not a module-level singleton: an exploration creates one and owns it.
    """

    def __init__(self) -> None:
        self._by_key: dict[QueryKey, str] = {}
        self._by_conditions: dict[frozenset[Condition], str] = {}

    def equivalent(self, key: QueryKey) -> str | None:
        return self._by_key.get(key)

    def with_conditions(self, conditions: Iterable[Condition]) -> str | None:
        return self._by_conditions.get(_fold(conditions))

    def add(self, query_id: str, key: QueryKey, conditions: Iterable[Condition]) -> None:
        self._by_key.setdefault(key, query_id)
        self._by_conditions.setdefault(_fold(conditions), query_id)


def _fold(conditions: Iterable[Condition]) -> frozenset[Condition]:
    return frozenset((a.casefold(), v.casefold()) for a, v in conditions)


def infer_attributes(
    queries: Iterable[tuple[Sequence[Condition], Iterable[str]]],
) -> dict[str, dict[str, tuple[str, ...]]]:
    """entity → {attribute: values} from (conditions, entities) of every query: each entity of
    E_q has every attribute/value pair of q. Attribute names are matched case-insensitively
    (a link facet "Brand" and a form's "brand" are one attribute) and, like values, keep the
    site's first spelling seen; values sorted."""
    acc: dict[str, dict[str, dict[str, str]]] = defaultdict(lambda: defaultdict(dict))
    labels: dict[str, str] = {}  # casefolded attribute name → the first label seen
    for conditions, entities in queries:
        for entity in entities:
            slot = acc[entity]
            for attribute, value in conditions:
                label = labels.setdefault(attribute.casefold(), attribute)
                slot[label].setdefault(value.casefold(), value)
            if not conditions:
                slot.setdefault("", {})
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for entity in sorted(acc):
        out[entity] = {
            a: tuple(sorted(vals.values(), key=str.casefold))
            for a, vals in sorted(acc[entity].items())
            if a
        }
    return out
