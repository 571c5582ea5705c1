"""SSUP's tests of a later group's kind at a level (`algorithms.ssup.levels`): a group built
like the sample (it passed the HTML test) whose pages name other fields, show a record of
other fields, or open other sections than the pages of the sample's kind is of another kind;
and the files a kept group links beside its pages are no pages of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePosixPath
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from siteseer.algorithms.features.dom import (
    TagFeature,
    html_schema,
    label_schema,
    link_path,
    record_fields,
    section_headings,
    simhtml,
    simlabels,
)
from siteseer.algorithms.features.url import spread
from siteseer.algorithms.features.urlshape import widened
from siteseer.algorithms.run import Run
from siteseer.algorithms.ssup.grouping import LinkGroup
from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.algorithms.ssup.pagination import Level

__all__ = ["KIND_SIM", "other_kind", "other_list", "other_record", "pages_only"]

# A page of a list item unlike the sample's is of the sample's kind when at least this alike to
# it (simhtml; Indesit's general threshold).
KIND_SIM = 0.5
# The records of the sample's kind (the sample's among them) that must name one set of fields
# before a record naming another is of another kind (`other_record`).
_RECORDS_SEEN = 3
# The section headings every page of the sample's kind loaded must share before headings tell a
# kind, and the least share of them a page of the kind shows (`_unlike_sections`).
_SECTIONS_AGREED = 3
_KIND_SECTIONS = 0.75


async def other_kind(
    run: Run,
    sp: Snapshot,
    group: LinkGroup,
    fields: frozenset[str],
    alike: set[str],
    leaf: bool,
) -> tuple[str, float, str] | None:
    """Whether `group`, built like the sample `sp`, holds pages of another kind: the measure
    that tells it (`_unlike_fields` by field labels; at the leaves, where the sample names none,
    `_unlike_sections` by section headings), its value and why; None when none tells it."""
    labels = await _unlike_fields(run, sp, group, fields, alike)
    if labels is not None:
        return "simlabels", labels, "names other fields (header cells, terms, labels)"
    sections = await _unlike_sections(run, sp, group, alike) if leaf and not fields else None
    if sections is not None:
        why = "lacks the sections every page of the sample's kind opens and opens its own"
        return "sections", sections, why
    return None


async def _unlike_fields(
    run: Run, sp: Snapshot, group: LinkGroup, fields: frozenset[str], alike: set[str]
) -> float | None:
    """simlabels between the first page of `group` `run` loaded (the one it was probed by) and the pages of the sample's kind, when both show labels and that page shares less
    than `KIND_SIM` of them with the sample's field labels `fields` and with those of each
    page of `alike` (the groups kept so far) `run` loaded; else, at the leaves (`fields`
    given), the simlabels of a JSON record naming other fields than the sample `sp`'s kind
    (`other_record`); None otherwise.

    Choice (beyond the paper): field names are template text, the same on every page of a
    type (`features.dom.label_schema`); two tables' rows share every link path, and differ
    there. Pages without labels (a wiki's, a blog's) are not judged so. The kept pages the
    level loaded count as the sample does: a type's pages may name several sets of fields
    (an API reference's classes, interfaces and enums), and a page naming the fields of one
    of them is of the kind.

    Choice: labels tell a kind only where the kind's pages agree on them. When each page of
    `alike` `run` loaded (the sample left out; one is loaded if none was and the group would
    be pruned) shares less than `KIND_SIM` of its labels with the sample's, the labels are
    the pages' own text (a manual page's option terms), not field names, and tell nothing."""
    if not fields:
        return None
    page = next((run.pages[u] for u in group.urls if u in run.pages), None)
    labels = label_schema(page, key_cells=True) if page is not None else frozenset()
    others = sorted(alike - {sp.url})
    mates = [label_schema(run.pages[u], key_cells=True) for u in others if u in run.pages]
    if labels and max(simlabels(kind, labels) for kind in (fields, *mates)) < KIND_SIM:
        if others and not mates:
            page = await run.fetch_one(others[0])
            mates = [label_schema(page, key_cells=True)] if page is not None else []
        if not mates or max(simlabels(fields, m) for m in mates) >= KIND_SIM:
            return max(simlabels(kind, labels) for kind in (fields, *mates))
    return await other_record(run, sp, group.urls, alike)


def pages_only(run: Run, sample: str, urls: Sequence[str]) -> list[str]:
    """`urls` without those whose file extension (``.txt``, ``.pdf``), other than the `sample`
    URL's, is that of a URL of them that `run` found to be a file (`Run.files`: it answered,
    with no HTML page); one that gave no answer (a timeout, a reset, a busy server's error)
    tells nothing of its extension.

    Choice (beyond the paper): a list of documents links their sources and downloads beside
    them, in the same items; one of them found to be no HTML page shows its extension names
    files, not pages of the level, and those not loaded are left out with it."""
    own = PurePosixPath(urlsplit(sample).path).suffix
    dead = {
        suffix
        for u in urls
        if u in run.files
        and u not in run.pages
        and (suffix := PurePosixPath(urlsplit(u).path).suffix)
        and suffix != own
    }
    if not dead:
        return list(urls)
    return [u for u in urls if u in run.pages or PurePosixPath(urlsplit(u).path).suffix not in dead]


async def _unlike_sections(
    run: Run, sp: Snapshot, group: LinkGroup, alike: set[str]
) -> float | None:
    """The share of the sections of the sample's kind that the first page of `group` `run`
    loaded opens, when it is below `_KIND_SECTIONS` and that page opens sections no page of
    the kind does; None otherwise. The kind's sections are the headings (`section_headings`)
    shown by the sample `sp` and by every page of `alike` (the groups kept so far) `run` loaded
    (one is loaded if none was and the group's page opens sections the sample does not and
    lacks some of its own as a page of another kind would), when they are `_SECTIONS_AGREED`
    at least.

    Choice (beyond the paper): where pages name no fields (`_unlike_fields`), a reference's
    kinds differ in their sections: a data set's help page opens Format and Source, a
    function's Arguments and Value, on one template. Headings the kind's pages do not share are
    each page's own text and tell nothing; a page lacking some of the kind's sections but
    opening none of its own is of the kind (a package without constants)."""
    own = section_headings(sp)
    page = next((run.pages[u] for u in group.urls if u in run.pages), None)
    if len(own) < _SECTIONS_AGREED or page is None or not section_headings(page) - own:
        return None
    theirs = section_headings(page)
    if len(own & theirs) >= _KIND_SECTIONS * len(own):  # of the sample's kind, whatever its mates
        return None
    others = sorted(alike - {sp.url})
    mates = [section_headings(run.pages[u]) for u in others if u in run.pages]
    if others and not mates:
        mate = await run.fetch_one(others[0])
        mates = [section_headings(mate)] if mate is not None else []
    if not mates:
        return None
    kind = own.intersection(*mates)
    if len(kind) < _SECTIONS_AGREED or not theirs - own.union(*mates):
        return None
    share = len(kind & theirs) / len(kind)
    return share if share < _KIND_SECTIONS else None


async def other_record(
    run: Run, sp: Snapshot, urls: Sequence[str], alike: set[str]
) -> float | None:
    """simlabels between the fields of the JSON record `sp` shows
    (`features.dom.record_fields`) and those of the first page of `urls` shaped like `sp`'s
    URL (as many path segments, a query or none; loaded if need be), when that page names
    other fields and `_RECORDS_SEEN` pages of `alike` (the sample and the pages found like
    it) shaped so, those `run` loaded and, short of them, others spread over the rest, all
    name the sample's; None otherwise.

    Choice (beyond the paper): a serializer writes every field of its type, empty ones too,
    so that records of one type name the same fields, and a few of them tell the type's; a
    record naming a part of them only (a currency's code, number and name beside a
    country's) is of another type, though it shares half of them. Where the records of the
    sample's kind name fields of their own (a package's manifest), the pages of `alike`
    disagree and nothing is told so. A group's page of another shape (the next page of a
    list, linked from the record's JSON too) tells nothing of its records."""
    own = record_fields(sp)
    if not own:
        return None
    shape = _record_shape(sp.url)
    shaped = sorted(u for u in alike if _record_shape(u) == shape)
    loaded = [u for u in shaped if u in run.pages]
    if len(loaded) < _RECORDS_SEEN:
        left = [u for u in shaped if u not in run.pages]
        await run.fetch(spread(left, _RECORDS_SEEN - len(loaded)))
    seen = [fields for u in shaped if u in run.pages and (fields := record_fields(run.pages[u]))]
    if len(seen) < _RECORDS_SEEN or set(seen) != {own}:
        return None
    url = next((u for u in urls if _record_shape(u) == shape), None)
    page = None if url is None else await run.fetch_one(url)
    theirs = frozenset() if page is None else record_fields(page)
    return simlabels(own, theirs) if theirs and theirs != own else None


def _record_shape(url: str) -> tuple[int, bool]:
    """How many path segments `url` has, and whether it has a query."""
    parts = urlsplit(url)
    return len([s for s in parts.path.split("/") if s]), bool(parts.query)


async def other_list(
    run: Run,
    mode: TagFeature,
    page: Snapshot,
    level_pages: Sequence[Snapshot],
    sp_next: Snapshot,
    at: Level,
) -> bool:
    """Whether the list of `page`, a level page beside this level's sample above the
    entities, lists records of another kind: its entries have mostly not the URL template of
    the entity sample `sp_next` (`urlshape.seed_template`, widened over the other level
    pages' entries: `urlshape.widened`) and the first of those, loaded, is unlike `sp_next`
    (simhtml, or the fields both name: `features.dom.label_schema`) by less than `KIND_SIM`.
    A record linking one of the sample's kind (a subdivision its country) leaves its list
    mostly of another template; the list judged never widens the template that would take
    its entries in (three collections' names would free the type's segment).

    Choice (beyond the paper): a table browser's or an admin's other tables are level pages
    beside the seed's own, each a long list; their entries are pruned at the entity level
    as another kind, after every page of their lists was loaded. One entry, which that
    level's test loads anyway, tells so before: the list is not paged."""
    links = [
        k.url
        for k in page.links
        if at.lists(link_path(k, mode)) and (at.shaped is None or at.shaped.matches(k.url))
    ]
    if not links or at.entity is None:
        return False
    # The list judged is no evidence for the template that would take its entries in.
    entries = [
        k.url
        for p in level_pages
        if p.url != page.url
        for k in p.links
        if at.lists(link_path(k, mode))
    ]
    template = widened(at.entity, entries)
    others = [u for u in links if not template.matches(u)]
    if len(others) * 2 < len(links) or not others:
        return False
    first = await run.fetch_one(others[0])
    if first is None:
        return False
    sim = simhtml(at.schema_next, html_schema(first, mode))
    fields, labels = label_schema(sp_next, key_cells=True), label_schema(first, key_cells=True)
    named = simlabels(fields, labels) if fields and labels else 1.0
    if sim >= KIND_SIM and named >= KIND_SIM:
        # Choice: a record naming other fields than the records of the sample's kind (a
        # browsable API's currency beside its countries: `kinds.other_record`) is of another
        # kind, as the entity level would find after every page of its list was loaded.
        listed = (k.url for k in at.sp_x.links if at.lists(link_path(k, mode)))
        kind = {sp_next.url, *(u for u in listed if at.entity.matches(u))}
        record = await other_record(run, sp_next, (others[0],), kind)
        if record is None:
            return False
        named = record
    run.note(
        "pagination",
        "prune",
        page.url,
        level=at.level,
        urls=(others[0],),
        values={"simhtml": sim, "simlabels": named},
        note=f"its first entry {others[0]} is a record of another kind than {sp_next.url} "
        "(its page or the fields it names are unlike): its list is not paged, nor kept",
    )
    return True
