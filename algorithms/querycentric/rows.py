"""Result lists without links: table rows as entities, and the Ajax pager that pages them.

Pure functions over Snapshots, like model.py; the I/O is ajax.py's.

Row entities. A result table whose rows carry no entity links (an Ajax data table, a grid) lists
its entities by a *key column*. A row's entity id is the page it is listed on plus that key::

    <list page URL without fragment>#<key>=<key cell text, percent-encoded>

where ``<key>`` is the key column's header as a slug (lower case, runs of other characters than
letters and digits made one "_"): a table headed "Country" listing "Côte d'Ivoire" on
``http://host/`` gives ``http://host/#country=C%C3%B4te%20d%27Ivoire``. The fragment is an
identity only (nothing loads it); the key is what stays the same across the states that list a
row, whatever its other cells show. The key column is the one an entity sample names (a sample
``…/#country=Chad`` names "country"), else the first column whose cells on the page are all
non-empty, distinct and not numbers. The result table is the page's ``<table>`` (or ARIA grid)
with the most body rows.

Fields of entities. A result table with a header row whose rows link to entity pages (a CRUD
list view), or whose rows open them by a click (a data grid's), shows fields of each entity it links to: `listed_fields` reads each row with one entity
link as {column header: cell text}; a header row led by a data cell (a "check all" box) names
that column nothing. An entity's own page may show more as a record, a two-column table of header
and data cells (or an edit form's: the values its controls show, read from the page, never
submitted) or a description list: `record_fields` reads those label → value pairs. A cell's
text is what a reader sees: not its scripts, nor what it hides (``hidden``). Empty cells and nulls printed as text (`NO_VALUE`: "", "None", "null", "N/A", dashes) are
no value.

Ajax pagers. A pager control replaces the result rows in place (no URL change): a "Next"
button or link, recognised by its text ("Next", "›", "»", ">", "→"), its ARIA label or title,
or its class and icon names ("next-page", "angle-right", "chevron-right"; not "double" or
"last", which jump to the end), or else the numbered button of the following page. A pager
control that is ``disabled`` (or ``aria-disabled``) is the end of the list.

Custom dropdowns. A button or box that opens a popup (``aria-haspopup``, ``role="combobox"``)
and has a label is a dropdown whose options exist only once it is open: the controls that
appear when it is clicked are its options, its label their attribute.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import parse_qsl, quote, urlsplit, urlunsplit

from siteseer.algorithms.scriptpager import element_at, is_disabled, pager_next
from siteseer.render import Control, Snapshot

__all__ = [
    "NO_VALUE",
    "FieldValue",
    "RowKey",
    "element_at",
    "guess_row_key",
    "is_disabled",
    "listed_fields",
    "opened_elements",
    "pager_next",
    "popup_openers",
    "popup_options",
    "record_fields",
    "result_table",
    "row_key_from_sample",
    "slug",
]

_NOT_SLUG = re.compile(r"[^0-9a-z]+")
_NUMBER = re.compile(r"^[+-]?[\d.,\s%]+$")
# Cell texts that say a field has no value (an empty cell, a null printed as text).
NO_VALUE = frozenset({"", "none", "null", "n/a", "-", "\u2013", "\u2014"})


# The marks a sorted column's header shows beside its name ("id ▼"): no part of the name.
_SORT_MARKS = re.compile(r"\s*[▲▼△▽↑↓⇅⬆⬇▴▾]+\s*$")


def slug(text: str) -> str:
    """A column header as a key name: "Country" → "country", "ISO code" → "iso_code"."""
    return _NOT_SLUG.sub("_", text.strip().casefold()).strip("_")


def _text(element: Any) -> str:
    """An element's text as a reader sees it: not its scripts' and styles' code, nor what it
    hides (`_unseen`: a header's search and sort tools shown on hover)."""
    if not any(_unseen(d) for d in element.iterdescendants()):
        return " ".join(element.text_content().split())
    parts: list[str] = []
    _seen_text(element, parts)
    return " ".join(" ".join(parts).split())


# Elements whose text no reader sees: code, and a ``<template>``'s contents.
_CODE = frozenset({"script", "style", "template", "noscript"})


def _unseen(el: Any) -> bool:
    """Whether `el` shows no text: code (`_CODE`), an element with the ``hidden`` attribute, or
    one whose class is ``hidden`` (a stylesheet's convention), no breakpoint's variant beside
    it (``hidden md:block`` shows on a wide screen)."""
    if not isinstance(el.tag, str):
        return True
    if el.tag in _CODE or el.get("hidden") is not None:
        return True
    classes = (el.get("class") or "").split()
    return "hidden" in classes and not any(":" in c for c in classes)


def _seen_text(el: Any, parts: list[str], skip: tuple[str, ...] = ()) -> None:
    parts.append(el.text or "")
    for child in el:
        if not _unseen(child) and child.tag not in skip:
            _seen_text(child, parts, skip)
        parts.append(child.tail or "")


def _cells(row: Any, tags: tuple[str, ...], roles: tuple[str, ...]) -> list[Any]:
    return [
        c
        for c in row
        if isinstance(c.tag, str) and (c.tag in tags or (c.get("role") or "") in roles)
    ]


def _rows(table: Any) -> list[Any]:
    """The rows of a table or grid, not those of tables nested in its cells."""
    if table.tag == "table":
        out = []
        for child in table:
            if not isinstance(child.tag, str):
                continue
            if child.tag == "tr":
                out.append(child)
            elif child.tag in ("thead", "tbody", "tfoot"):
                out.extend(r for r in child if isinstance(r.tag, str) and r.tag == "tr")
        return out
    return [r for r in table.iter() if isinstance(r.tag, str) and r.get("role") == "row"]


def _result_rows(snapshot: Snapshot) -> tuple[tuple[str, ...], list[tuple[Any, tuple[str, ...]]]]:
    """The result table's header texts and its body rows, each with its cell texts (see
    `result_table`); ((), []) when no table has a body row."""
    tree = snapshot.tree()
    best: tuple[tuple[str, ...], list[tuple[Any, tuple[str, ...]]]] = ((), [])
    tables = [
        t
        for t in tree.iter()
        if isinstance(t.tag, str) and (t.tag == "table" or t.get("role") in ("grid", "table"))
    ]
    for table in tables:
        header: tuple[str, ...] = ()
        body: list[tuple[Any, tuple[str, ...]]] = []
        for row in _rows(table):
            heads = _cells(row, ("th",), ("columnheader",))
            data = _cells(row, ("td",), ("cell", "gridcell"))
            if heads and not header and _heading(row, heads, data):
                header = tuple(
                    _SORT_MARKS.sub("", _text(c)) if c in heads else "" for c in (*data, *heads)
                )
            elif data:
                cells = _cells(row, ("th", "td"), ("cell", "gridcell", "rowheader"))
                body.append((row, tuple(_text(c) for c in cells)))
        if len(body) > len(best[1]):
            best = (header, body)
    return best


def _heading(row: Any, heads: list[Any], data: list[Any]) -> bool:
    """Whether a table's row of header cells `heads` and data cells `data` is its header: no
    data cell, or two header cells at least after the data cells (a row-selection column's
    "check all" box leading the column names), which are then unnamed columns."""
    if not data:
        return True
    cells = [c for c in row if c in heads or c in data]
    return len(heads) >= 2 and cells == [*data, *heads]


def result_table(snapshot: Snapshot) -> tuple[tuple[str, ...], list[tuple[str, ...]]] | None:
    """The page's result table: (header texts, body rows' cell texts); the table or ARIA grid
    with the most body rows (rows of data cells), None when no table has a body row."""
    header, body = _result_rows(snapshot)
    if not body:
        return None
    return header, [cells for _, cells in body]


def _is_value(text: str) -> bool:
    return text.casefold() not in NO_VALUE


def listed_fields(
    snapshot: Snapshot, urls: Mapping[Any, str], entities: Collection[str]
) -> dict[str, dict[str, str]]:
    """The fields the result table shows of each entity it links to: entity → {column header:
    cell text}, read from the rows with one entity link (`urls` gives an anchor element's
    canonical URL, or a row's that opens its entity by a click: `opened_elements`; `entities`
    are the page's result entities). Columns without a header and
    empty cells (`NO_VALUE`) are left out; a row whose cells do not line up with the header
    (spanning cells) is too. {} when the table has fewer than two named columns."""
    header, body = _result_rows(snapshot)
    if sum(1 for name in header if name) < 2:
        return {}
    out: dict[str, dict[str, str]] = {}
    for row, cells in body:
        if len(cells) != len(header):
            continue
        linked = {u for a in row.iter() if (u := urls.get(a)) is not None and u in entities}
        if len(linked) != 1:
            continue
        fields = {
            name: value
            for name, value in zip(header, cells, strict=True)
            if name and _is_value(value)
        }
        out.setdefault(linked.pop(), fields)
    return out


def opened_elements(snapshot: Snapshot) -> list[tuple[Any, str]]:
    """The elements of `snapshot` a click opened a page from (its openers: a data grid's rows
    with a click handler and no link), each with the URL the click reached, as the run added it
    to the page's links (openers.py: the link of the opener's text, DOM path and box); those no
    link was added for are left out."""
    if not snapshot.openers:
        return []
    reached = {(x.text, x.path_values, x.box): x.url for x in snapshot.links}
    out: list[tuple[Any, str]] = []
    for item in snapshot.openers:
        url = reached.get((item.text, item.path_values, item.box))
        if url is not None and (element := element_at(snapshot, item.selector)) is not None:
            out.append((element, url))
    return out


FieldValue = str | tuple[str, ...]
"""A field's value as an entity page shows it: one text, or the texts of several links."""


def _value(element: Any, skip: Any = None) -> FieldValue:
    """An element's text as a field's value (without `skip`, its label element): the texts of
    its links when it holds two or more (tags, authors), else its text."""
    links = [a for a in element.iter("a") if skip is None or a not in set(skip.iter("a"))]
    texts = [t for a in links if (t := _text(a))]
    if len(texts) >= 2:
        return tuple(dict.fromkeys(texts))
    text = _text(element)
    if skip is not None:
        head = _text(skip)
        text = text[len(head) :].strip() if text.startswith(head) else ""
    return text


def _has_value(value: FieldValue) -> bool:
    return bool(value) if isinstance(value, tuple) else _is_value(value)


def record_fields(snapshot: Snapshot) -> dict[str, FieldValue]:
    """The label → value pairs an entity's own page shows as a record: the rows of a two-column
    table whose first cell is a header cell (``<tr><th>Label</th><td>value</td></tr>``; on an
    edit form, the one data cell after it whose controls show a value: `_row_value`), the
    rows of a two-column table of data cells whose first column holds distinct labels (a
    "Column | Value" table, `_label_value_rows`), the terms of a description list
    (``<dt>Label</dt><dd>value</dd>``), "Label: value" lines (a bold or label element ending in
    a colon, then the value: `_colon_lines`) and "Label: <link>" runs of a block's own text
    (a node's header: `_link_runs`); first label seen kept, empty values (`NO_VALUE`) left
    out."""
    out: dict[str, FieldValue] = {}
    for el in snapshot.tree().iter("table", "dl"):
        if el.tag == "table":
            for row in _rows(el):
                cells = _cells(row, ("th", "td"), ())
                if len(cells) >= 2 and cells[0].tag == "th":
                    label, value = _text(cells[0]), _row_value(cells[1:])
                    if label and _has_value(value):
                        out.setdefault(label, value)
            for label, value in _label_value_rows(el):
                out.setdefault(label, value)
            continue
        label = ""
        for child in el:
            if not isinstance(child.tag, str):
                continue
            if child.tag == "dt":
                label = _text(child)
            elif child.tag == "dd" and label:
                value = _value(child)
                if _has_value(value):
                    out.setdefault(label, value)
                label = ""
    for label, value in [*_colon_lines(snapshot), *_field_lines(snapshot), *_link_runs(snapshot)]:
        out.setdefault(label, value)
    return out


# The input types whose value shows as a field's (no button, box, file or secret).
_SHOWN_INPUTS = frozenset(
    {"", "text", "number", "email", "url", "tel", "search", "date", "time", "datetime-local",
     "month", "week", "color"}
)  # fmt: skip
_CONTROLS = ("input", "textarea", "select")


def _row_value(cells: Sequence[Any]) -> FieldValue:
    """The value of a record's row after its header cell: its one data cell's (`_value`), or,
    on an edit form, the one of its data cells whose controls show a value (`_control_value`:
    an input's value, a textarea's text, a select's chosen option), the others holding only
    controls that show none (a per-field function menu left at its blank default). "" when
    none or several do, or a cell is a header cell."""
    if any(c.tag != "td" for c in cells):
        return ""
    if not any(True for c in cells for _ in c.iter(*_CONTROLS)):
        return _value(cells[0]) if len(cells) == 1 else ""
    values = [v for c in cells if (v := _control_value(c))]
    return values[0] if len(values) == 1 else ""


def _control_value(cell: Any) -> str:
    """The value the form controls of `cell` show, read as a page shows them (nothing is
    submitted): an input's value (a shown type: `_SHOWN_INPUTS`), a textarea's text, a
    select's selected option; else its text but its controls' (a menu's options). "" when
    none shows one."""
    for control in cell.iter(*_CONTROLS):
        if control.tag == "input":
            shown = (control.get("type") or "").casefold() in _SHOWN_INPUTS
            value = (control.get("value") or "").strip() if shown else ""
        elif control.tag == "textarea":
            value = _text(control)
        else:
            chosen = [o for o in control.iter("option") if o.get("selected") is not None]
            value = _text(chosen[0]) if chosen else ""
        if _is_value(value):
            return value
    parts: list[str] = []
    _seen_text(cell, parts, _CONTROLS)
    text = " ".join(" ".join(parts).split())
    return text if _is_value(text) else ""


def _field_lines(snapshot: Snapshot) -> list[tuple[str, FieldValue]]:
    """The "Label: value" lines of preformatted text holding at least two of them, each label
    one word starting a line (a package's control fields, a message's headers); continuation
    lines, indented, are left out."""
    out: list[tuple[str, FieldValue]] = []
    for el in snapshot.tree().iter("pre"):
        lines = [_FIELD_LINE.match(line) for line in el.text_content().splitlines()]
        fields = [(m[1], " ".join(m[2].split())) for m in lines if m]
        fields = [(label, value) for label, value in fields if _has_value(value)]
        if len(fields) >= 2:
            out += [(label, value) for label, value in fields if len(value) <= 200]
    return out


_FIELD_LINE = re.compile(r"([A-Za-z][\w-]{0,40}):[ \t]+(\S.*)")


def _link_runs(snapshot: Snapshot) -> list[tuple[str, FieldValue]]:
    """The "Label: <link>" runs of a block's own text holding at least two of them, each
    label one word ending the text right before an element that is or holds one link, the
    value that link's text (a manual node's header: ``Next: <strong><a>dir invocation</a>
    </strong>  Up: <strong><a>Directory listing</a></strong>``, its chapter the "Up" link);
    a block repeating a label is no record (a list of links each after the same word), nor
    is a link whose ``rel`` names it the page's neighbour in a reading order (``rel="next"``,
    ``"prev"``, ``"up"``: a manual's own navigation, every page linking its neighbours)."""
    out: list[tuple[str, FieldValue]] = []
    for el in snapshot.tree().iter():
        if not isinstance(el.tag, str) or el.tag in _CODE or len(el) < 2:
            continue
        runs: list[tuple[str, FieldValue]] = []
        before = el.text or ""
        for child in el:
            label = _RUN_LABEL.search(before) if isinstance(child.tag, str) else None
            links = [a for a in child.iter("a") if a.get("href")] if label else []
            if (
                label
                and len(links) == 1
                and not _NAVIGATION & set((links[0].get("rel") or "").casefold().split())
                and _has_value(text := _text(links[0]))
            ):
                runs.append((label[1], text))
            before = child.tail or ""
        if len(runs) >= 2 and len({label for label, _ in runs}) == len(runs):
            out += runs
    return out


_NAVIGATION = frozenset({"next", "prev", "previous", "up", "start", "contents", "index"})
_RUN_LABEL = re.compile(r"(?:^|[\s,;|])([A-Za-z][\w-]{0,30}):\s*$")


_MAX_LABEL = 60


def _is_label(text: str) -> bool:
    return bool(text) and len(text) <= _MAX_LABEL and not _NUMBER.match(text)


def _label_value_rows(table: Any) -> list[tuple[str, FieldValue]]:
    """A table of two data cells a row, at least two rows, whose first cells are distinct
    labels (not numbers): its rows as label → value (a header row, if any, is left out)."""
    pairs: list[tuple[str, FieldValue]] = []
    for row in _rows(table):
        data = _cells(row, ("td",), ())
        if not data:
            continue
        if len(data) != 2 or len(_cells(row, ("th", "td"), ())) != 2:
            return []
        label, value = _text(data[0]), _value(data[1])
        if not _is_label(label):
            return []
        pairs.append((label, value))
    if len(pairs) < 2 or len({label for label, _ in pairs}) != len(pairs):
        return []
    return [(label, value) for label, value in pairs if _has_value(value)]


_LABEL_TAGS = ("b", "strong", "label", "span", "th", "dt")
# a block whose class says it holds a label (an issue tracker's
# ``<div class="label">Status:</div><div class="value">…``)
_LABEL_CLASS = re.compile(r"(^|[\s_-])(label|key)($|[\s_-])", re.I)


def _is_label_element(el: Any) -> bool:
    if el.tag in _LABEL_TAGS:
        return True
    return el.tag in ("div", "p") and bool(_LABEL_CLASS.search(el.get("class") or ""))


def _colon_lines(snapshot: Snapshot) -> list[tuple[str, FieldValue]]:
    """ "Label: value" lines: a list item, paragraph or block whose first element is a bold or
    label element (or a block whose class names it a label) reading "Label:", followed by the
    value's text (or its links' texts)."""
    out: list[tuple[str, FieldValue]] = []
    for el in snapshot.tree().iter("li", "p", "div"):
        first = next((c for c in el if isinstance(c.tag, str)), None)
        if first is None or not _is_label_element(first) or (el.text or "").strip():
            continue
        head = _text(first)
        if not head.endswith(":"):
            continue
        label = head[:-1].strip()
        value = _value(el, skip=first)
        if _is_label(label) and _has_value(value) and len(value) <= 200:
            out.append((label, value))
    return out


@dataclass(frozen=True, slots=True)
class RowKey:
    """Entities that are rows of the result table, named by the column whose header slug is
    `key` (see the module docstring for the id)."""

    key: str

    def column(self, header: Sequence[str]) -> int | None:
        for i, name in enumerate(header):
            if slug(name) == self.key:
                return i
        return None

    def entities(self, snapshot: Snapshot) -> tuple[str, ...]:
        """The entity ids of the page's result rows, in page order, without repeats."""
        table = result_table(snapshot)
        if table is None:
            return ()
        header, body = table
        i = self.column(header)
        if i is None:
            return ()
        base = _without_fragment(snapshot.final_url)
        keys = (row[i] for row in body if i < len(row) and row[i])
        return tuple(dict.fromkeys(f"{base}#{self.key}={quote(k, safe='')}" for k in keys))

    def describe(self) -> str:
        return f"rows of the result table, key column {self.key!r}"


def _without_fragment(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, parts.query, ""))


def row_key_from_sample(sample: str, start: str) -> RowKey | None:
    """The row key an entity sample names: a sample that is the start page's own URL with a
    ``#<key>=<value>`` fragment; None for any other sample (an entity page of its own)."""
    parts = urlsplit(sample)
    if not parts.fragment or _without_fragment(sample) != _without_fragment(start):
        return None
    pairs = parse_qsl(parts.fragment, keep_blank_values=True)
    if len(pairs) != 1 or not pairs[0][1]:
        return None
    key = slug(pairs[0][0])
    return RowKey(key) if key else None


def guess_row_key(snapshot: Snapshot) -> RowKey | None:
    """The key column of the page's result table: the first whose cells are all non-empty,
    distinct and not numbers (with a header to name it, and at least two rows); None without."""
    table = result_table(snapshot)
    if table is None:
        return None
    header, body = table
    if len(body) < 2:
        return None
    for i, name in enumerate(header):
        column = [row[i] if i < len(row) else "" for row in body]
        if not slug(name) or any(not c or _NUMBER.match(c) for c in column):
            continue
        if len(set(column)) == len(column):
            return RowKey(slug(name))
    return None


# -- custom dropdowns -------------------------------------------------------------------------

_POPUPS = frozenset({"listbox", "menu", "true", "tree", "grid", "dialog"})


def popup_openers(snapshot: Snapshot) -> tuple[Control, ...]:
    """The labelled buttons and boxes of a page that open a popup of options (custom
    dropdowns), outside forms with a submit button (those are form fields)."""
    submit_forms = {c.form for c in snapshot.controls if c.kind == "submit" and c.form}
    out = []
    for control in snapshot.controls:
        if control.kind not in ("button", "text") or not control.group.strip():
            continue
        if control.form and control.form in submit_forms:
            continue
        element = element_at(snapshot, control.selector)
        if element is None:
            continue
        popup = (element.get("aria-haspopup") or "").strip().lower()
        if popup in _POPUPS or element.get("role") == "combobox":
            out.append(control)
    return tuple(out)


def popup_options(closed: Snapshot, opened: Snapshot) -> tuple[Control, ...]:
    """The option controls a dropdown showed once opened: the labelled radios, checkboxes,
    buttons and links of `opened` that `closed` did not have."""
    before = {c.selector for c in closed.controls}
    return tuple(
        replace(c, selector=_through_label(c))
        for c in opened.controls
        if c.selector not in before
        and c.kind in ("radio", "checkbox", "button", "link")
        and c.label.strip()
    )


_LABEL_STEP = re.compile(r"^(.*\blabel:nth-of-type\(\d+\))(?:\s*>\s*[^>]+)+$")


def _through_label(control: Control) -> str:
    """The selector to click a radio or checkbox of a popup by: its wrapping label's when its
    selector is a path through one (as a person clicks it; popups often draw the label over a
    hidden input), else its own."""
    if control.kind not in ("radio", "checkbox"):
        return control.selector
    match = _LABEL_STEP.match(control.selector)
    return match.group(1) if match else control.selector
