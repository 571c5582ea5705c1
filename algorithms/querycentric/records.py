"""The fields of an exploration's entities beyond the facets' attributes: those its result
tables show (`listed_of`) and those only entity pages show (`read_records`): a seam of core.py's
`Explorer`, whose `listed` and `records` these fill.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from siteseer.algorithms.querycentric.model import anchor_urls
from siteseer.algorithms.querycentric.rows import listed_fields, record_fields

if TYPE_CHECKING:
    from siteseer.algorithms.querycentric.core import Explorer

__all__ = ["listed_of", "read_records"]


def listed_of(ex: Explorer) -> dict[str, dict[str, str]]:
    """entity → the fields the result tables of the queries' pages show of it (rows.py
    `listed_fields`; the first page listing an entity gives them). Nothing when entities
    are rows themselves. Read once, when the queries are done (`read_records`, `result`)."""
    if ex.listed is not None:
        return ex.listed
    out: dict[str, dict[str, str]] = {}
    ex.listed = out
    if ex.rows is not None:
        return out
    for q in ex.queries:
        for page in q.pages:
            entities = set(ex.entities(page))
            if not entities:
                continue
            urls = dict(anchor_urls(page, ex.canonical))
            for entity, fields in listed_fields(page, urls, entities).items():
                out.setdefault(entity, fields)
    return out


async def read_records(ex: Explorer) -> None:
    """Read the fields only entity pages show (rows.py `record_fields`), when the result list
    is a table of entity rows and the sample entity page is their record: it repeats at least
    half of the table's columns and shows fields that neither the table nor a facet gave.
    Every entity page is then loaded once (the sample is not loaded again), in one batch;
    `records` keeps, for each, the fields the list and the facets did not give."""
    if not ex.settings.entity_pages or ex.sample is None or ex.rows is not None:
        return
    listed = listed_of(ex)
    shown = {name.casefold() for fields in listed.values() for name in fields}
    if not shown:
        ex.run.note("entity-pages", "skip", ex.sample.final_url, note="no table of rows")
        return
    faceted = {a.casefold() for q in ex.queries for a, _ in q.conditions}
    sample = record_fields(ex.sample)
    labels = {name.casefold() for name in sample}
    repeated, more = labels & shown, labels - shown - faceted
    values = {"repeated": float(len(repeated)), "more": float(len(more))}
    if not more or 2 * len(repeated) < len(shown):
        why = "no field beyond the list's" if not more else "not the rows' record"
        ex.run.note("entity-pages", "skip", ex.sample.final_url, values=values, note=why)
        return
    entities = list(dict.fromkeys(e for q in ex.queries for e in q.entities))
    loaded = {ex.sample.url, ex.sample.final_url}
    urls = [e for e in entities if e not in loaded]
    ex.run.note(
        "entity-pages",
        "read",
        ex.sample.final_url,
        values={**values, "pages": float(len(urls))},
        note=", ".join(sorted(name for name in sample if name.casefold() in more)),
    )
    pages = dict(zip(urls, await ex.pages(urls), strict=True))
    for entity in entities:
        page = ex.sample if entity in loaded else pages.get(entity)
        if page is not None:
            fields = record_fields(page)
            ex.records[entity] = {
                name: value for name, value in fields.items() if name.casefold() in more
            }
