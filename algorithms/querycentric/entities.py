"""What the entities of an exploration are, learned from its start page: the entity pattern
(from the sample entity page given, else guessed and checked on one sample), or the rows of a
result table, and the container of the result list (a seam of core.py's `Explorer`, whose
`pattern`, `rows`, `sample` and `containers` these set).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from siteseer.algorithms.querycentric.model import (
    EntityPattern,
    guess_entity_pattern,
    result_container,
)
from siteseer.algorithms.querycentric.rows import RowKey, guess_row_key, row_key_from_sample
from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.algorithms.querycentric.core import Explorer

__all__ = ["learn_containers", "learn_entities"]


def _learn_rows(ex: Explorer, root: Snapshot, rows: RowKey | None, how: str) -> bool:
    """Entities are the rows of `root`'s result table, named by `rows`' key column."""
    if rows is None or not rows.entities(root):
        return False
    ex.rows = rows
    # no page is an entity page: the pattern matches no URL (no path has depth -1)
    ex.pattern = EntityPattern(_host_of(root.final_url), (), -1)
    ex.run.note(
        "entity-pattern",
        how,
        root.final_url,
        values={"rows": float(len(rows.entities(root)))},
        note=rows.describe(),
    )
    return True


async def learn_entities(ex: Explorer, root: Snapshot) -> bool:
    """Learn what the entities are from `root` (the start page): the entity pattern from the
    sample entity page given, else guessed from `root`'s largest repeated link group and checked
    on one sample, or the rows of `root`'s result table; then the result container. False when
    nothing was recognised."""
    sample_url = ex.settings.entity_sample
    if sample_url and row_key_from_sample(sample_url, root.url) is not None:
        return _learn_rows(ex, root, row_key_from_sample(sample_url, root.url), "rows")
    if sample_url:
        sample = await ex.page(sample_url)
        if sample is None:
            return False
        ex.pattern = EntityPattern.from_urls([sample.final_url])
        ex.sample = sample
        ex.run.note("entity-pattern", "sample", sample.final_url, note=ex.pattern.describe())
    else:
        guessed = guess_entity_pattern(root)
        if guessed is None and _learn_rows(ex, root, guess_row_key(root), "rows-guess"):
            return True
        if guessed is None:
            ex.run.note("entity-pattern", "none", root.final_url, note="no repeated link group")
            return False
        pattern, urls = guessed
        ex.pattern = pattern
        # Fetch one sample to learn what an entity page looks like: it must not show the
        # start page's result list (it may show related entities elsewhere).
        probe = await ex.page(urls[0])
        ok = probe is not None and not _shares_results(ex, root, probe)
        ex.sample = probe if ok else None
        ex.run.note(
            "entity-pattern",
            "guess" if ok else "guess-unverified",
            urls[0],
            values={"group_links": float(len(urls))},
            note=pattern.describe(),
        )
    learn_containers(ex, root)
    return True


def _top_container(ex: Explorer, page: Snapshot) -> tuple[str, int] | None:
    assert ex.pattern is not None
    counts = Counter(result_container(x) for x in page.links if ex.pattern.matches(x.url))
    if not counts:
        return None
    return max(counts.items(), key=lambda kv: (kv[1], kv[0]))


def learn_containers(ex: Explorer, page: Snapshot) -> None:
    """The result list is the container holding most entity links of the widest list page
    (other entity links there — featured, related — are not results)."""
    top = _top_container(ex, page)
    if top is not None:
        ex.containers = frozenset({top[0]})
        ex.run.note("result-container", "keep", top[0], values={"entity_links": float(top[1])})


def _shares_results(ex: Explorer, root: Snapshot, sample: Snapshot) -> bool:
    assert ex.pattern is not None
    top = _top_container(ex, root)
    theirs = {result_container(x) for x in sample.links if ex.pattern.matches(x.url)}
    return top is not None and top[0] in theirs


def _host_of(url: str) -> str:
    return urlsplit(url).netloc.rpartition("@")[2].lower()
