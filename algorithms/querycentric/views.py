"""Pure: what on a list page is a view of the same results rather than a query — pagers, sorts,
column choosers — and what is a count rather than a name (model.py's seam for both).

Pagers. A link leads to another page of the same list when its text is a page number or a pager
word with or without arrows and brackets ("Next ›", "« Previous", "[next]", "Older posts", "›",
"Next page"), when its ``rel`` says next or prev, or when its URL differs from the page's only
in a page parameter: a page number, an offset or an opaque cursor (``page``, ``p``, ``offset``,
``ofs``, ``start``, ``cursor``, ``_next``, ``@startwith``, or a compound name with such a word).
Every candidate is checked by OnlineClustering (same links as the first page) before it counts.

Views. A link that only re-orders, re-columns or re-groups the same results is a view, never a
facet and never a new entity: a parameter named for it (``sort``, ``order``, ``ordering``,
``columns``, ``group`` …), or a link in a header cell of the result table (the column sort links
of a table browser or an admin change list) that keeps the list's path.

A link labelled as an ordering ("Sort by date", "Sort title in alphabetical order", its title
when it shows icons only) is a view too, wherever its path leads.

Display toggles ("Show counts", "Hide details") are views too. The levels of a date drill-down
(``?date__year=2012`` → ``&date__month=4`` → ``&date__day=1``) are one attribute, the field the
parameters are parts of ("date"); its years and months (`names_a_period`) only narrow a date a
list's column shows for every entity (`dated_column`).

Row selection. A checkbox or button in a cell of a table (a row's selection box, "Select all" in
the header) acts on rows, not on the query: never a facet. A facet value that stands for every
value ("All", "Any", "Show all", "Clear") is no value of the attribute.

Query builders. A filter row of a form — a field select, an operator select ("=", "contains",
"starts with" …) and a value box — builds one condition from three fields: the field select's
options are attribute names and the operator's are comparisons, neither an attribute's values,
and its value box is no keyword search.

Counts. A heading that is a count ("3,500 rows", "42 results", "Showing 1–100 of 3,500",
"Total: 12") names no attribute: a facet's attribute is the nearest heading above it that is not
a count. A "By origin" / "Filter by origin" heading names the attribute "origin".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any
from urllib.parse import parse_qsl, urlsplit, urlunsplit

from siteseer.algorithms.querycentric.safety import unsafe_reason
from siteseer.render import Snapshot, form_links

__all__ = [
    "FORMAT_KEYS",
    "PAGE_KEYS",
    "VIEW_WORDS",
    "attribute_name",
    "date_field",
    "dated_column",
    "folder_form",
    "form_pager_links",
    "in_header_cell",
    "in_table_cell",
    "is_all_value",
    "is_builder_tool",
    "is_count_heading",
    "is_count_text",
    "is_display_toggle",
    "is_format_key",
    "is_number_text",
    "is_operator_menu",
    "is_pager_text",
    "names_a_pager",
    "names_a_period",
    "names_an_order",
    "narrower_view",
    "pager_words",
    "path_page",
    "points_up_or_down",
    "rel_pager_urls",
    "sets_page_size",
    "sort_fields",
]

# Parameters that select a page of the results: a page number, an offset or a cursor.
PAGE_KEYS = (
    "page",
    "p",
    "pg",
    "start",
    "offset",
    "ofs",
    "from",
    "skip",
    "pagenum",
    "page_num",
    "cursor",
    "_next",
    "startwith",
    "page_token",
    "pagetoken",
)
# Words of a parameter that re-orders, re-columns or re-groups the same results (a view).
VIEW_WORDS = (
    "sort",
    "order",
    "orderby",
    "ordering",
    "sortby",
    "sort_by",
    "order_by",
    "dir",
    "columns",
    "cols",
    "group",
    "groupby",
    "group_by",
)

# Parameters that give the same results in another format (a download, a feed): no facet.
FORMAT_KEYS = frozenset({"format", "fmt", "_format", "output", "export", "download"})


_PATH_PAGE = re.compile(r"([a-z]+)[-_:]?([1-9]\d*)", re.IGNORECASE)
# a folder's index document, or a numbered one beside it (a static gallery's ``index_1.html``)
_INDEX_PAGE = re.compile(r"index(?:[-_]?([1-9]\d*))?\.html?", re.IGNORECASE)


def path_page(segments: Sequence[str]) -> tuple[tuple[str, ...], str]:
    """A path's list and the page of it the path names: a trailing page word and number
    (``/page/2/``, ``/p/3``), a segment of both (``/page2/``, ``/page:2/``), or a trailing number of at most
    three digits without a leading zero after a word (``/list/2``; a year, ``/2023/06/``'s or
    ``/2023/12/``'s month is no page), or a numbered index document (``/album/index_1.html``:
    the folder's list, whose first page is ``index.html``); the page is "" for a path that names
    none (the list's first page)."""
    segs = tuple(segments)
    last = segs[-1] if segs else ""
    number = last.isdigit() and not last.startswith("0")
    if number and len(segs) > 1 and segs[-2].lower() in PAGE_KEYS:
        return segs[:-2], last
    if number and len(last) <= 3 and not (len(segs) > 1 and segs[-2].isdigit()):
        return segs[:-1], last
    word = _PATH_PAGE.fullmatch(last)
    if word is not None and word[1].lower() in PAGE_KEYS:
        return segs[:-1], word[2]
    index = _index_page(last)
    if index is not None:
        return segs[:-1], index
    return segs, ""


def sets_page_size(url: str, text: str) -> bool:
    """Whether a link is a page-size setting of its own address: its path's last segment names
    the size (``/links-per-page``, ``/page_size``) and its one query value is the number the link
    reads (``?nb=100`` under "100"). The site keeps the size as the visitor's preference (in a
    session a cookie names, which stateless fetches never send back): no page of a list, and
    no size a fetch can ask a list for."""
    parts = urlsplit(url)
    words = frozenset(re.split(r"[-_.]+", parts.path.rstrip("/").rpartition("/")[2].lower()))
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    named = {"per", "page"} <= words or bool(words & _SIZE_SEGMENT_WORDS)
    return named and len(pairs) == 1 and pairs[0][1] == text.strip() and text.strip().isdigit()


_SIZE_SEGMENT_WORDS = frozenset({"perpage", "pagesize", "limit"})


def _index_page(segment: str) -> str | None:
    """The page of its folder's list a path segment names when it is an index document: ""
    for ``index.html``, "1" for ``index_1.html``; None for any other segment."""
    index = _INDEX_PAGE.fullmatch(segment)
    return None if index is None else index[1] or ""


def folder_form(url: str) -> str:
    """`url` with its folder's index document (``/album/index.html``) as the folder it stands
    for (``/album/``); any other `url` as it is."""
    parts = urlsplit(url)
    head, _, last = parts.path.rpartition("/")
    if _index_page(last) != "":
        return url
    return urlunsplit(parts._replace(path=head + "/"))


def numbered_index(url: str) -> bool:
    """Whether `url` names a numbered index document of its folder (``/album/index_1.html``):
    a further page of the folder's list, never an entity, whatever the pattern it matches."""
    return bool(_index_page(urlsplit(url).path.rsplit("/", 1)[-1]))


def is_format_key(key: str) -> bool:
    """Whether the parameter `key` picks the format the results are given in (``format=csv``,
    ``format=rss``): a link changing only it downloads the same list."""
    return key.lower() in FORMAT_KEYS


_PAGER_WORDS = frozenset({"next", "prev", "previous", "more", "older", "newer", "first", "last"})
_PAGER_FILLERS = frozenset({"page", "pages", "posts", "entries", "results", "items", "rows"})
_DECORATION = re.compile(r"[‹›«»<>←→↑↓⟨⟩⟪⟫❮❯⇐⇒⇤⇥⏮⏭⏪⏩\[\](){}|:.…·\-–—\s]+")
_ELLIPSIS = re.compile(r"[.…\s]+")


def is_number_text(text: str) -> bool:
    """Whether a link's text is a number, alone or with a pager's arrows or brackets ("8",
    "[3]", "‹ 2012"): a page number, or a value of the list when its link changes no page."""
    words = _DECORATION.sub(" ", text).split()
    return len(words) == 1 and words[0].isdigit()


@lru_cache(maxsize=1 << 12)
def is_pager_text(text: str) -> bool:
    """Whether a link's text reads as a pager's: a number, arrows alone, or pager words
    ("next", "previous", "older" …, with "page", "posts" …) with or without arrows and
    brackets."""
    if not text.strip() or _ELLIPSIS.fullmatch(text.strip()):
        return False  # "…" alone shows more of something (a facet's values), no other page
    words = _DECORATION.sub(" ", text.lower()).split()
    if not words:
        return True  # arrows alone: "›", "»", "<<"
    if len(words) == 1 and words[0].isdigit():
        return True
    pager = [w for w in words if w not in _PAGER_FILLERS]
    return 0 < len(pager) <= 2 and all(w in _PAGER_WORDS for w in pager) and len(words) <= 3


@lru_cache(maxsize=1 << 12)
def pager_words(text: str) -> frozenset[str]:
    """The pager's words of a link's text that reads as a pager's ("Previous page" →
    {"previous"}, "Older posts ›" → {"older"}); none for another link, a number or arrows."""
    if not is_pager_text(text):
        return frozenset()
    return frozenset(w for w in _DECORATION.sub(" ", text.lower()).split() if w in _PAGER_WORDS)


def names_a_pager(text: str, rel: bool, url: str = "") -> bool:
    """Whether a link is a pager by its words ("Next Page", "older posts"), its ``rel`` or its
    address (a numbered index document, `numbered_index`), not by a number or arrows alone (an
    entity's link may read "2" or "→"): a link the entity pattern takes in (``/msg00000.html``
    teaches ``/*``) that is still the list's next page."""
    return rel or numbered_index(url) or (is_pager_text(text) and any(ch.isalpha() for ch in text))


def form_pager_links(page: Snapshot, canonical: Callable[[str], str]) -> list[tuple[str, str]]:
    """(URL, label) of the buttons of `page`'s GET forms of hidden fields (render.form_links:
    a pager drawn as forms, ``startRow=30`` behind "→"; a select of a site's tools is no
    pager), those whose label says it changes something left out; read only where the page
    has a GET form's submit button (no tree parsed for nothing)."""
    if not any(c.kind == "submit" and c.form_method == "get" for c in page.controls):
        return []
    forms = form_links(page, canonical, hidden_only=True)
    return [(x.url, " ".join(x.text.split())) for x in forms if not unsafe_reason(text=x.text)]


# Parameters naming the field a list is ordered by (the sort words of VIEW_WORDS), and the
# values that name a direction only.
_SORT_KEYS = frozenset({"sort", "order", "orderby", "ordering", "sortby"})
_DIRECTIONS = frozenset({"asc", "desc", "ascending", "descending", "up", "down"})


def sort_fields(page: Snapshot) -> frozenset[str]:
    """The fields the list `page` shows may be ordered by: the values of a sort parameter in
    its links to its own path (``?ordering=-alpha_2``, ``?_sort_desc=alpha_2`` → "alpha_2"; a
    descending mark and a direction word dropped). Two lists of one kind of entity offer the same orderings, so lists
    offering others (a REST API's countries by ``alpha_2`` beside its currencies by ``code``)
    list another kind; empty where the page offers none."""
    path = urlsplit(page.final_url).path
    out: set[str] = set()
    for link in page.links:
        parts = urlsplit(link.url)
        if parts.path != path:
            continue
        for key, value in parse_qsl(parts.query):
            field = value.strip().lstrip("-+").lower()
            words = set(re.split(r"[^a-z0-9]+", key.lower()))
            if words & _SORT_KEYS and field and field not in _DIRECTIONS:
                out.add(field)
    return frozenset(out)


_ORDER_OPENERS = re.compile(r"(sort|sorted|order by|ordered by)\b")


def names_an_order(text: str) -> bool:
    """Whether a link's label (its text, else its title) reads as an ordering of the same list
    ("Sort title in alphabetical order", "Sort according to date", "Order by price"): a view,
    never a value of the list's attribute."""
    return _ORDER_OPENERS.match(" ".join(text.lower().split())) is not None


def points_up_or_down(text: str) -> bool:
    """Whether a link's text is vertical arrows alone ("[↓]", "↑"): a download, a sort order
    or the top of the page, never another page of a list (a pager's arrows point across)."""
    return bool(_VERTICAL.fullmatch(text.strip()))


_VERTICAL = re.compile(r"[\[\](){}|\s]*[↑↓]+[\[\](){}|\s]*")


def rel_pager_urls(anchors: Sequence[tuple[Any, str]]) -> frozenset[str]:
    """The URLs of the anchors (element, canonical URL) whose ``rel`` says next or prev."""
    out = set()
    for anchor, url in anchors:
        rel = (anchor.get("rel") or "").lower().split()
        if "next" in rel or "prev" in rel or "previous" in rel:
            out.add(url)
    return frozenset(out)


def in_header_cell(anchor: Any) -> bool:
    """Whether an anchor sits in a table's header cell (``th`` in a ``thead`` or in a row of
    header cells only, or an ARIA column header): a column's sort link."""
    node = anchor.getparent()
    for _ in range(4):
        if node is None:
            return False
        tag = node.tag if isinstance(node.tag, str) else ""
        if node.get("role") == "columnheader":
            return True
        if tag == "th":
            row = node.getparent()
            if row is None:
                return False
            section = row.getparent()
            if section is not None and section.tag == "thead":
                return True
            return all(
                not isinstance(c.tag, str) or c.tag == "th" for c in row
            )  # a row of header cells only
        if tag in ("td", "table", "body"):
            return False
        node = node.getparent()
    return False


_COUNT_NOUNS = (
    r"(?:rows?|results?|items?|records?|entries|entry|matche?s?|hits?|found|total|pages?)"
)
_COUNT_HEADING = re.compile(
    r"^(?:(?:showing|displaying|total|results?|found|rows?|items?)\b[\s:]*)?"
    r"(?:[\d.,]+\s*(?:[-–—]|to)\s*[\d.,]+\s+of\s+)?"
    rf"\d[\d.,]*(?:\s+{_COUNT_NOUNS}\b.*|\s+[a-z]+s(?:\s+[a-z]+){{0,2}})?$",
    re.I,
)


_COUNT_TEXT = re.compile(r"^[(\[]?\s*[<>≥≤~]?\s*\d[\d.,]*\s*\+?\s*[)\]]?$")


def is_count_text(text: str) -> bool:
    """Whether a text is a bare count: "5", ">30", "1,024+", "(42)" — a heading's element that
    holds one is the count beside the name, not part of it."""
    return bool(_COUNT_TEXT.match(" ".join(text.split())))


def is_count_heading(text: str) -> bool:
    """Whether a heading is a count rather than a name: "3,500 rows", "42 results", "Showing
    1–100 of 3,500", "Total: 12", "12"."""
    value = " ".join(text.split()).strip().rstrip(".")
    return bool(value) and bool(_COUNT_HEADING.match(value))


_BY = re.compile(r"^(?:filter\s+by|browse\s+by|by)\s+(\S.*)$", re.I)


def attribute_name(heading: str) -> str:
    """The attribute a facet heading names: "By origin" / "Filter by origin" → "origin";
    any other heading as it is."""
    match = _BY.match(heading.strip())
    return match.group(1).strip() if match else heading


def in_table_cell(element: Any) -> bool:
    """Whether a control's element sits in a table's cell (``th``, or ``td`` of a table with
    a header row): a row-selection control, not a facet."""
    node = element.getparent() if element is not None else None
    while node is not None and isinstance(node.tag, str):
        if node.tag == "th" or node.get("role") in ("columnheader", "gridcell"):
            return True
        if node.tag == "td":
            table = next((a for a in node.iterancestors("table")), None)
            return table is not None and bool(table.xpath(".//th"))
        node = node.getparent()
    return False


_OPERATOR_WORDS = frozenset(
    [
        "is",
        "not",
        "no",
        "null",
        "blank",
        "empty",
        "equal",
        "equals",
        "exact",
        "contains",
        "contain",
        "does",
        "like",
        "in",
        "glob",
        "regex",
        "starts",
        "ends",
        "begins",
        "with",
        "greater",
        "less",
        "than",
        "or",
        "to",
        "between",
        "before",
        "after",
        "array",
        "any",
        "all",
    ]
)
_OPERATOR_SYMBOLS = re.compile(r"^[=!<>≠≤≥~]{1,2}$")


def is_operator(label: str) -> bool:
    """Whether an option's label is a comparison operator ("=", "!=", "≥", "contains", "starts
    with", "is not null", "array does not contain")."""
    text = " ".join(label.lower().split())
    if _OPERATOR_SYMBOLS.match(text):
        return True
    words = text.split()
    return bool(words) and all(w in _OPERATOR_WORDS for w in words)


def is_builder_tool(kind: str, form: str, name: str, group: str, options: Sequence[str]) -> bool:
    """Whether a control of a filter panel sets no condition of the query: a query builder's
    operator menu, a form's field without a name (the form sends nothing of it: a script's
    tool, as the select of a builder's "Add filter" that adds a row), or a view's choice (a
    group named for columns or grouping: "Selected Columns", "Group results by")."""
    if kind == "select" and is_operator_menu(options):
        return True
    if form and not name and kind in ("select", "checkbox", "radio"):
        return True
    words = set(re.split(r"[^a-z]+", group.lower()))
    return any(w in words for w in ("columns", "group", "groupby"))


def is_operator_menu(labels: Sequence[str]) -> bool:
    """Whether a select's options (three or more, at least half of them operators) choose a
    comparison: a query builder's operator, never an attribute's values."""
    named = [x for x in labels if x.strip()]
    return len(named) >= 3 and 2 * sum(map(is_operator, named)) >= len(named)


_TOGGLES = frozenset({"show", "hide", "display", "toggle", "expand", "collapse"})


def is_display_toggle(value: str) -> bool:
    """Whether a link's label switches what the page displays ("Show counts", "Hide
    details"): a view of the same results, no value of an attribute."""
    words = value.lower().split()
    return len(words) >= 2 and words[0] in _TOGGLES


_DATE_PART = re.compile(r"^(.*?)(?:__|_|-|\[)?(year|month|day|week|quarter)\]?$", re.I)


def date_field(keys: Sequence[str] | set[str]) -> str:
    """The field a date drill-down's parameters are parts of (``date__year``, ``date__month``
    → "date"; ``year`` alone → "date"), or "" when they are not all parts of one field: the
    levels of a date hierarchy (year → month → day) are one attribute."""
    stems = set()
    for key in keys:
        match = _DATE_PART.match(key)
        if match is None:
            return ""
        stems.add(match.group(1).strip("_-[") or "date")
    return stems.pop() if len(stems) == 1 else ""


_YEAR = re.compile(r"(?<![\d.])(1[5-9]|2[0-9])\d\d(?![\d.])")
_MONTHS = (
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
)  # fmt: skip


def names_a_period(value: str) -> bool:
    """Whether a facet value is a year or a month of a year ("2012", "April 2012",
    "2012-04"): a level of a date drill-down."""
    words = value.casefold().replace("-", " ").replace("/", " ").split()
    if not words or not all(_YEAR.fullmatch(w) or w.isdigit() or w[:3] in _MONTHS for w in words):
        return False
    return any(_YEAR.fullmatch(w) for w in words)


def dated_column(cells: Sequence[str]) -> bool:
    """Whether every cell of a list's column holds a date (a year among its words: "Jan. 1,
    2012", "2012-01-01"): the column shows each entity's date, which a date drill-down's
    years, months and ranges only narrow."""
    return bool(cells) and all(_YEAR.search(cell) for cell in cells)


_ALL_VALUES = frozenset({"all", "any", "show all", "all items", "clear", "reset", "everything"})


def is_all_value(value: str) -> bool:
    """Whether a facet value's label stands for every value ("All", "Any", "Show all")."""
    return " ".join(value.lower().split()) in _ALL_VALUES


def narrower_view(start: str, url: str) -> bool:
    """Whether `url` is `start` with query conditions added (a filtered view of it), in its
    hash route too (``#/?id=welcome`` of ``#/``: a heading of the routed document)."""
    here, there = urlsplit(start), urlsplit(url)
    if (here.netloc, here.path) != (there.netloc, there.path):
        return False
    if there.fragment.startswith("/") and here.query == there.query:
        here, there = urlsplit(here.fragment or "/"), urlsplit(there.fragment)
        if here.path != there.path:
            return False
    mine = set(parse_qsl(here.query, keep_blank_values=True))
    return mine < set(parse_qsl(there.query, keep_blank_values=True))
