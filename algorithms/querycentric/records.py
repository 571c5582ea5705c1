"""The fields of an exploration's entities beyond the facets' attributes: those its result
tables show (`listed_of`; on a hand-written index, the heading of the section listing each:
outline.py, or the bold line heading its block of a plain-text index: preformatted.py) and those only entity pages show (`read_records`): a seam of core.py's
`Explorer`, whose `listed` and `records` these fill.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from siteseer.algorithms.features.outline import section_heading, section_level
from siteseer.algorithms.querycentric.beside import SECTION, item_fields, link_fields
from siteseer.algorithms.querycentric.items import result_container
from siteseer.algorithms.querycentric.model import anchor_urls, entity_url
from siteseer.algorithms.querycentric.preformatted import pre_sections
from siteseer.algorithms.querycentric.rows import (
    FieldValue,
    listed_fields,
    opened_elements,
    record_fields,
)
from siteseer.algorithms.querycentric.views import dated_column, names_a_period

if TYPE_CHECKING:
    from siteseer.algorithms.querycentric.core import Explorer, Query
    from siteseer.algorithms.querycentric.model import FacetLabel
    from siteseer.render import Snapshot

__all__ = [
    "column_groups",
    "grouped_columns",
    "listed_attributes",
    "listed_of",
    "page_fields",
    "read_records",
    "table_fields",
]


def listed_of(ex: Explorer) -> dict[str, dict[str, FieldValue]]:
    """entity → the fields the result tables of the queries' pages show of it (rows.py
    `listed_fields`), or else the lists its item links to (beside.py `item_fields`: a post's
    category and tags); the first page listing an entity gives them. Nothing when entities
    are rows themselves. Read once, when the queries are done (`read_records`, `result`)."""
    if ex.listed is not None:
        return ex.listed
    out: dict[str, dict[str, FieldValue]] = {}
    ex.listed = out
    if ex.rows is not None or ex.pattern is None:
        return out
    for q in ex.queries:
        for page in q.pages:
            for entity, fields in page_fields(ex, page).items():
                out.setdefault(entity, dict(fields))
    return out


def page_fields(ex: Explorer, page: Snapshot) -> Mapping[str, Mapping[str, FieldValue]]:
    """entity → the fields `page`'s result table shows of it, or else the lists its item
    links to (see `listed_of`); nothing when entities are rows themselves."""
    table: Mapping[str, Mapping[str, FieldValue]] = table_fields(ex, page)
    entities = set(ex.entities(page)) if ex.rows is None and ex.pattern is not None else set()
    if not table and entities and ex.containers:
        table = (
            _section_fields(ex, page, entities)
            or _pre_fields(page, entities)
            or _item_fields(ex, page, entities)
        )
    return table


def table_fields(ex: Explorer, page: Snapshot) -> dict[str, dict[str, str]]:
    """entity → the fields `page`'s result table shows of it (rows.py `listed_fields`);
    nothing when entities are rows themselves or the page shows no such table."""
    entities = set(ex.entities(page)) if ex.rows is None and ex.pattern is not None else set()
    if not entities:
        return {}
    urls = {a: entity_url(u) for a, u in anchor_urls(page, ex.canonical)}
    urls.update((e, entity_url(u)) for e, u in opened_elements(page))  # rows opened by a click
    return listed_fields(page, urls, entities)


def grouped_columns(table: Mapping[str, Mapping[str, str]]) -> list[str]:
    """The columns of a result table (entity → its fields, in the rows' order) that group its
    rows: written on a group's first row only, the rows after it blank (a family tree's people
    by surname under a "Group as" column), each value once and in sorted order. The column
    shows its groups' values, but names them no attribute: a page indexing them may."""
    rows = list(table.values())
    out = []
    for name in dict.fromkeys(k for fields in rows for k in fields):
        cells = [fields.get(name) for fields in rows]
        values = [v.casefold() for v in cells if v is not None]
        if (
            cells[0] is not None
            and len(values) < len(cells)
            and len(values) >= 2
            and len(set(values)) == len(values)
            and values == sorted(values)
        ):
            out.append(name)
    return out


def column_groups(table: Mapping[str, Mapping[str, str]], name: str) -> dict[str, list[str]]:
    """The groups of rows a grouping column (`grouped_columns`) draws: its value (case-folded)
    → the entities of the rows from the one that writes it to the next that writes another."""
    groups: dict[str, list[str]] = {}
    current = None
    for entity, fields in table.items():
        current = fields[name].casefold() if fields.get(name) else current
        if current is not None:
            groups.setdefault(current, []).append(entity)
    return groups


def _section_fields(
    ex: Explorer, page: Snapshot, entities: set[str]
) -> dict[str, dict[str, tuple[str, ...]]]:
    """entity → its "section" on a hand-written index (outline.py; the entity pattern it taught
    names the entities' last segment): the heading of the first section listing it. An item's
    other links there (a page's text source) are no fields."""
    assert ex.pattern is not None and ex.containers is not None
    level = section_level(ex.containers) if ex.pattern.suffix else None
    if level is None:
        return {}
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for link in page.links:
        url = entity_url(link.url)
        container = result_container(link)
        if url in out or url not in entities or container not in ex.containers:
            continue
        heading = section_heading(page, container, level)
        if heading:
            out[url] = {SECTION: (heading,)}
    return out


def _pre_fields(page: Snapshot, entities: set[str]) -> dict[str, dict[str, tuple[str, ...]]]:
    """entity → its "section" on a plain-text index (preformatted.py): the bold heading of the
    first block of lines it leads."""
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for url, heading in pre_sections(page, lambda u: entity_url(u) in entities).items():
        out.setdefault(entity_url(url), {SECTION: (heading,)})
    return out


def _item_fields(
    ex: Explorer, page: Snapshot, entities: set[str]
) -> dict[str, dict[str, tuple[str, ...]]]:
    assert ex.pattern is not None and ex.containers is not None
    return item_fields(page, ex.containers, ex.pattern.matches, entities)


def listed_attributes(ex: Explorer, q0: Query, offered: Iterable[FacetLabel]) -> set[str]:
    """The attributes of `offered` (attribute, value) drill-downs (case-folded) whose value
    the start query's list table shows for every entity it lists, or else its items link
    every entity's value of (`page_fields`: a post's /category/<slug>/), spelled as the values
    offered, the names matched in the singular ("Categories": category), or a date drill-down's
    years and months over a column holding a date in every row: their drill-downs would add no
    entity (the list was paged to its end) and no pair, so they are not followed. Read once per
    start query page set."""
    if ex.rows is not None or not q0.entities:
        return set()
    shown: dict[str, dict[str, tuple[str, ...]]] = {}
    for page in q0.pages:
        for entity, fields in page_fields(ex, page).items():
            shown.setdefault(entity, {_name(k): _values(v) for k, v in fields.items()})
    values: dict[str, set[str]] = {}
    for attribute, value in offered:
        values.setdefault(attribute.casefold(), set()).add(value.casefold())
    given: set[str] = set()
    for attribute, wanted in values.items():
        column = [shown.get(e, {}).get(_name(attribute)) for e in q0.entities]
        cells = {v.casefold() for vs in column if vs is not None for v in vs}
        if None in column:
            continue
        # a date drill-down (its years, months, ranges such as "Today") over a date the list
        # shows for every entity narrows that value: no pair of its own
        period = any(names_a_period(v) for v in wanted) and dated_column(sorted(cells))
        if wanted <= cells or period:
            given.add(attribute)
    if given:
        ex.run.note(
            "listed",
            "skip",
            q0.id,
            values={"entities": float(len(q0.entities))},
            note=", ".join(sorted(given)) + ": every entity's value is a column of the list",
        )
    return given


def _name(attribute: str) -> str:
    """An attribute's name as a list's facets and its items' fields are matched: case-folded,
    its last word in the singular (a sidebar's "Categories", an item's /category/<slug>/)."""
    name = attribute.casefold()
    if name.endswith("ies"):
        return name[:-3] + "y"
    return name[:-1] if name.endswith("s") and not name.endswith("ss") else name


def _values(value: FieldValue) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else value


async def read_records(ex: Explorer) -> None:
    """Read the fields only entity pages show (rows.py `record_fields`), once per entity page.

    - When the result list is a table of entity rows, the sample entity page must be their
      record: it repeats at least half of the table's columns, or two of its own row's cells
      with their values (`_row_agrees`), and shows fields that neither the table nor a facet
      gave.
    - When the list's items link to lists of their values (a book's author, beside.py
      `item_fields`), the entity pages' own links to such lists name more (its publisher,
      series and tags: beside.py `link_fields`) of an attribute whose index the start list
      links, but for the links the start list's pages show too (the site's template: a
      menu's "Hot Books") and those the list's last entity's page links alike.
    - Any other list (links, cards) without facets (with facets, they are the entities'
      attributes, and a page load per entity would cost more than exploring them): the sample
      shows at least two label/value fields, most of them a record's (a label that is a word,
      a value no sentence: an option list's terms and their descriptions are the page's text,
      told without a second page), and a second entity page shows at least half of the same
      labels with other values (a record every entity page has, not the site's template);
      that page is loaded first.

    Every entity page is then loaded once (the pages loaded already are not loaded again), in
    one batch; `records` keeps, for each, the fields the list and the facets did not give."""
    if not ex.settings.entity_pages or ex.sample is None or ex.rows is not None:
        return
    listed = listed_of(ex)
    shown = {name.casefold() for fields in listed.values() for name in fields}
    # a facet whose query lists what another does (an "only installed" box ticked by default)
    # gives no entity an attribute
    explored = [q for q in ex.queries if q.status != "equivalent"]
    faceted = {a.casefold() for q in explored for a, _ in q.conditions}
    sample = record_fields(ex.sample)
    labels = {name.casefold() for name in sample}
    reader = _ValueLinks(ex) if shown and not _tabled(ex) else None
    links = reader.named(ex.sample) if reader is not None else {}
    # the sample's links to lists of its values, the list's own links to them too
    linking = set(reader.every(ex.sample)) if reader is not None and links else set()
    repeated, more = (labels | linking) & shown, labels - shown - faceted
    values = {"repeated": float(len(repeated)), "more": float(len(more))}
    entities = list(dict.fromkeys(e for q in ex.queries for e in q.entities))
    loaded: dict[str, Snapshot | None] = {ex.sample.url: ex.sample, ex.sample.final_url: ex.sample}
    linked = links.keys() - shown - faceted
    if not shown:
        why = await _second_record(ex, ex.sample, entities, loaded, labels, more, faceted)
        if why:
            ex.run.note("entity-pages", "skip", ex.sample.final_url, values=values, note=why)
            return
    elif (not more and not linked) or (
        2 * len(repeated) < len(shown) and not _row_agrees(ex, listed, sample)
    ):
        why = "no field beyond the list's" if not more and not linked else "not the rows' record"
        ex.run.note("entity-pages", "skip", ex.sample.final_url, values=values, note=why)
        return
    alike = set()
    if reader is not None and linked:
        alike = await _alike_links(ex, reader, links, linked, entities, loaded)
    if linked:
        linked -= alike
        if not more and not linked:
            why = "the entity pages link the same values: the site's template"
            ex.run.note("entity-pages", "skip", ex.sample.final_url, values=values, note=why)
            return
    urls = [e for e in entities if e not in loaded]
    ex.run.note(
        "entity-pages",
        "read",
        ex.sample.final_url,
        values={**values, "pages": float(len(urls))},
        note=", ".join(sorted({*(n for n in sample if n.casefold() in more), *linked})),
    )
    pages = {**loaded, **dict(zip(urls, await ex.pages(urls), strict=True))}
    given = shown | faceted | alike  # the attributes an entity page's value links add none of
    for entity in entities:
        page = pages.get(entity)
        if page is not None:
            fields = record_fields(page)
            ex.records[entity] = {
                name: value for name, value in fields.items() if name.casefold() in more
            }
            if reader is not None and links:
                record = ex.records[entity]
                record.update(
                    (name, value)
                    for name, value in reader.named(page).items()
                    if name not in given and name not in record
                )


def _tabled(ex: Explorer) -> bool:
    """Whether a page of the queries shows its entities' fields as a result table."""
    return any(table_fields(ex, page) for q in ex.queries for page in q.pages)


class _ValueLinks:
    """beside.py `link_fields` of entity pages, the attributes case-folded, read against the
    start list's pages (taken once: the first query's).

    `named`: only the attributes the start list's pages link an index of (``/publisher``,
    ``/category/``: an address of the attribute's word alone; a topic's posters, whose
    ``/user/<pk>/`` the site indexes nowhere, are no field of it), and not the links those
    pages link too (the site's template: a menu's "Hot Books", a sidebar's). `every`: all of
    them, only the entity links left out."""

    def __init__(self, ex: Explorer) -> None:
        assert ex.pattern is not None
        self.pattern = ex.pattern
        pages = ex.queries[0].pages if ex.queries else []
        self.template = frozenset(x.url for p in pages for x in p.links)
        self.indexed = frozenset(
            _name(segs[0]) for u in self.template if len(segs := _segments(u)) == 1
        )

    def named(self, page: Snapshot) -> dict[str, tuple[str, ...]]:
        fields = link_fields(page, lambda u: self.pattern.matches(u) or u in self.template)
        return {a.casefold(): v for a, v in fields.items() if _name(a) in self.indexed}

    def every(self, page: Snapshot) -> dict[str, tuple[str, ...]]:
        return {a.casefold(): v for a, v in link_fields(page, self.pattern.matches).items()}


async def _alike_links(
    ex: Explorer,
    reader: _ValueLinks,
    links: Mapping[str, tuple[str, ...]],
    linked: set[str],
    entities: list[str],
    loaded: dict[str, Snapshot | None],
) -> set[str]:
    """The attributes of `linked` that the list's last entity's page (loaded, and kept in
    `loaded`) links with the sample's values (`links`): the same people on every question
    of a forum, no field; all of them when that page does not load."""
    other = next((e for e in reversed(entities) if e not in loaded), None)
    second = await ex.page(other) if other is not None else None
    if other is not None:
        loaded[other] = second
    if second is None:
        return set(linked)
    theirs = reader.named(second)
    return {a for a in linked if theirs.get(a) == links[a]}


def _segments(url: str) -> list[str]:
    return [s for s in urlsplit(url).path.split("/") if s]


def _row_agrees(
    ex: Explorer,
    listed: Mapping[str, Mapping[str, FieldValue]],
    sample: Mapping[str, FieldValue],
) -> bool:
    """Whether the sample entity page shows at least two of its own row's cells under their
    column's label with the row's value (an issue page's "Status: Resolved", "Priority:
    Normal" beside a row showing them among its subject, project and dates): its record,
    though it shows fewer than half of the table's columns as fields."""
    assert ex.sample is not None
    row = listed.get(entity_url(ex.sample.final_url)) or listed.get(entity_url(ex.sample.url))
    if not row:
        return False
    cells = {name.casefold(): _texts(value) for name, value in row.items()}
    same = [n for n, v in sample.items() if cells.get(n.casefold()) == _texts(v)]
    return len(same) >= 2


def _list_names(ex: Explorer) -> set[str]:
    """What the start list's page is named by: its title and its first-level headings (a
    package's name, which its every entity's page shows as its own "Package:"), case-folded."""
    pages = ex.queries[0].pages if ex.queries else []
    if not pages:
        return set()
    tree = pages[0].tree()
    found = tree.xpath("//title") + tree.xpath("//body//h1")
    return {" ".join(e.text_content().split()).casefold() for e in found} - {""}


def _texts(value: FieldValue) -> tuple[str, ...]:
    return tuple(
        " ".join(v.split()).casefold() for v in (value if isinstance(value, tuple) else (value,))
    )


async def _second_record(
    ex: Explorer,
    sample: Snapshot,
    entities: list[str],
    loaded: dict[str, Snapshot | None],
    labels: set[str],
    more: set[str],
    faceted: set[str],
) -> str:
    """Why the entity pages of a list that is no table are not to be read ("" when they are):
    the list offers no facets (`faceted`: the attributes of the queries' conditions), and the
    sample's record and a second entity page's (loaded, and kept in `loaded`) must share
    at least half of the sample's labels, two of them at least beyond the facets', and differ
    in at least half of the values of those (label/value pairs every page shows alike are the
    site's template: a keyboard-shortcut table). Not loaded when most of the sample's pairs
    are terms of its text and their descriptions (`_described`), nor when all of them but one
    hold what names the start list's page (its title or heading, `_list_names`: the package
    whose index lists every entity, shown as each one's "Package:"): a pair left is no record."""
    if faceted:
        return "no table of rows; the facets give the entities' attributes"
    if len(more) < 2:
        return "no table of rows, and the entity page shows no record"
    mine = {name.casefold(): value for name, value in record_fields(sample).items()}
    if 2 * sum(_described(name, mine[name]) for name in more) > len(more):
        return "the entity page's pairs are terms of its text and their descriptions, no record"
    named = _list_names(ex)
    if len({name for name in more if not set(_texts(mine[name])) <= named}) < 2:
        return "the entity page's pairs but one name the list (its title), no record"
    other = next((e for e in entities if e not in loaded), None)
    if other is None:
        return "no second entity page to compare the record with"
    second = await ex.page(other)
    loaded[other] = second
    if second is None:
        return "the second entity page did not load"
    theirs = {name.casefold(): value for name, value in record_fields(second).items()}
    if len(theirs.keys() & more) < 2 or 2 * len(theirs.keys() & labels) < len(labels):
        return "the record's labels do not repeat on a second entity page"
    differ = [name for name in theirs.keys() & more if theirs[name] != mine.get(name)]
    if 2 * len(differ) < len(theirs.keys() & more):
        return "the second entity page shows the same values: the site's template, no record"
    return ""


# A field of a record is named by a word and holds a short value (a name, a number, a date); a
# term of the page's text described by a sentence (an option's, a parameter's) or a key named by
# a sign (a keyboard shortcut's "?", a range's "1..99") is none.
_WORD = re.compile(r"[^\W\d_]{2}")
_SENTENCE_WORDS = 10  # a value this long is a sentence, period or not
_CLAUSE_WORDS = 4  # a value this long ending in a period is a sentence


def _described(label: str, value: FieldValue) -> bool:
    """Whether the pair `label`: `value` is a term of the page's text and its description (a
    label without a word, or a value that is a sentence), no field of a record."""
    if not _WORD.search(label):
        return True
    return any(
        len(words := text.split()) >= _SENTENCE_WORDS
        or (len(words) >= _CLAUSE_WORDS and text.rstrip().endswith("."))
        for text in _values(value)
    )
