"""Indesit's measure of how like the seed a page is (`SeedSimilarity`): simhtml over its
html-schema without the links its running text nests (`template_schema`, choice "the text's
nesting is no schema"), and its field names (`field_labels`, choice "labels are schema"), compared
by Jaccard or by containment (`label_containment`). The crawl that uses it, and the choices'
measured effects, are in `algorithms.indesit`; `algorithms.describe` compares pages with a
sample by it too."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from siteseer.algorithms.features.dom import (
    TagFeature,
    label_schema,
    link_path,
    simhtml,
    simlabels,
)
from siteseer.render import Link, Snapshot

__all__ = ["SeedSimilarity", "field_labels", "label_containment", "template_schema"]

# A headed pair table names fields when it has this many rows, its header's included; its
# header names none from its first row on.
_PAIR_ROWS = 3

# A link in running text: its anchor in a paragraph of no attributes, through inline elements only.
_IN_TEXT = re.compile(r"/p(?:/(?:em|strong|b|i|code|tt|span|small|sub|sup)(?:\[[^\]]*\])*)*/a$")


def template_schema(page: Snapshot | Iterable[Link], mode: TagFeature = "attrs") -> frozenset[str]:
    """`page`'s html-schema without the links its running text nests below its first level
    (choice "the text's nesting is no schema"). A link in running text is one whose anchor sits
    in a paragraph that carries no attribute, through inline elements alone (``…/p/a``,
    ``…/dd/p/strong/a``); the template sets the text at one depth, and the paths of its
    shallowest such links stay (a post's line of tags, a document's references in its body),
    while those deeper in it are left out: where the text nests sections or definition lists,
    its references take paths of their own, so two documents of one template differed by how
    their text was written (a documentation site's configuration reference: simhtml 0.26-0.33
    with its plain pages, 0.50-0.62 without its nested references)."""
    links = list(page.links if isinstance(page, Snapshot) else page)
    depths = {
        link.path_attrs: link.path_attrs[: m.start()].count("/")
        for link in links
        if (m := _IN_TEXT.search(link.path_attrs))
    }
    top = min(depths.values(), default=0)
    return frozenset(
        link_path(link, mode) for link in links if depths.get(link.path_attrs, top) <= top
    )


@dataclass(frozen=True, slots=True)
class SeedSimilarity:
    """How similar a page is to the seed: simhtml (tags + the `mode` feature), and no more than
    `simlabels` when the seed has label texts the entry page does not show (choice "labels are
    schema"). One measure for Indesit's crawl and for the pages other methods compare with a
    sample (`algorithms.describe`)."""

    schema: frozenset[str]
    labels: frozenset[str]
    chrome: frozenset[str]
    mode: TagFeature = "attrs"
    contained: bool = False  # labels compared by containment (`label_containment`), not Jaccard

    @classmethod
    def of(
        cls,
        seed: Snapshot,
        entry: Snapshot | None,
        mode: TagFeature = "attrs",
        *,
        schema: frozenset[str] | None = None,
        contained: bool = False,
        labels: Callable[[Snapshot], frozenset[str]] | None = None,
    ) -> SeedSimilarity:
        """The measure for `seed` (`schema`: its html-schema, when computed otherwise than from
        all its links; `labels`: `field_labels` read otherwise, from a cache); `entry`'s labels
        (the site's chrome) are left out."""
        read = field_labels if labels is None else labels
        chrome = read(entry) if entry is not None else frozenset()
        own = template_schema(seed, mode) if schema is None else schema
        return cls(own, read(seed) - chrome, chrome, mode, contained)

    def __call__(
        self,
        page: Snapshot,
        schema: frozenset[str] | None = None,
        labels: frozenset[str] | None = None,
    ) -> float:
        """`page`'s similarity (`schema`: its html-schema under `mode`, `labels` its
        `field_labels`, when already known)."""
        sim = simhtml(self.schema, template_schema(page, self.mode) if schema is None else schema)
        if self.labels:
            own = (field_labels(page) if labels is None else labels) - self.chrome
            measure = label_containment if self.contained else simlabels
            sim = min(sim, measure(self.labels, own))
        return sim

    def markup_only(self) -> SeedSimilarity:
        """This measure without its labels: simhtml alone (a second Indesit crawl; describe's
        choice "labels no page shares")."""
        return replace(self, labels=frozenset())


def field_labels(page: Snapshot) -> frozenset[str]:
    """`page`'s field names (`label_schema`), its definition terms that are links left out
    (choice "a linked term is an entry": a manual's node with a menu of subnodes, set as a
    definition list, is a node like those without one), the key cells of its key/value tables
    in (choice "a key cell is a label": a record drawn as a two-column table names each field
    in the row's first cell, emphasised, as a definition list names it in a term; an admin
    application's country and zone records share every link path and differ by those names),
    and the first cells of its headed key/value tables in, their header out (`_headed_pairs`)."""
    labels = label_schema(page, key_cells=True, linked_terms=False)
    pairs = frozenset(_headed_pairs(page))
    if not pairs:
        return labels
    headers = frozenset(label for label in pairs if label.startswith("th:"))
    return (labels - headers) | (pairs - headers)


def _headed_pairs(page: Snapshot) -> Iterator[str]:
    """Choice "a headed pair table names fields": of a table whose header row is two ``th``
    cells and whose other rows are two cells, the first a ``td`` of plain text (no link), the
    first cells are field names (``td:<text>``) and the header (``th:<text>``) none: a record
    drawn as a "column | value" table (an admin application's details page) names each field
    in its plain first cell, template text the same on every record of a type, where a table
    of entries links each name (a package's files); its header names the table's two columns,
    the same on the records of every type. A car's record and a weather reading's share every
    link path and the header; they differ by those names. A table of one row under its header
    (a car with one specification of the lab's 0 to 9) names no field, too short to tell a
    record's fields from a list of one entry, but its header is none either: a car with one
    specification and a car with six share their fields."""
    for table in page.tree().iter("table"):
        rows = [r for r in table.iter("tr") if _table_of(r) is table]
        if len(rows) < 2:
            continue
        cells = [[c for c in r if c.tag in ("td", "th")] for r in rows]
        if len(cells[0]) != 2 or any(c.tag != "th" for c in cells[0]):
            continue
        body = cells[1:]
        if any(
            len(c) != 2 or c[0].tag != "td" or next(c[0].iter("a"), None) is not None for c in body
        ):
            continue
        yield from (f"th:{' '.join(c.text_content().split())}" for c in cells[0])
        for first, _ in body if len(rows) >= _PAIR_ROWS else ():
            text = " ".join(first.text_content().split())
            if text:
                yield f"td:{text}"


def _table_of(row: Any) -> Any:
    """The table `row` belongs to (not one nested in a cell of it)."""
    parent = row.getparent()
    while parent is not None and parent.tag != "table":
        parent = parent.getparent()
    return parent


def label_containment(a: frozenset[str], b: frozenset[str]) -> float:
    """The share of the smaller label schema found in the other (overlap coefficient): pages of
    one type whose optional fields differ (a member without a phone, a sport without a medal
    table) score 1; a page without labels scores 0 with one that has some."""
    if not a and not b:
        return 1.0
    if not a or not b:
        return 0.0
    return len(a & b) / min(len(a), len(b))
