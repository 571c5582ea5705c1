"""Disclosure facets: buttons that open a popup listing the entities with one value, and the tab
views of a page where such buttons sit.

A disclosure is an element marked with ``aria-expanded`` (ARIA's "this control shows or hides a
region"); one closed (``aria-expanded="false"``) that is not a custom dropdown of options
(``aria-haspopup``, see rows.py `popup_openers`) and that sits in a group of at least
`MIN_DISCLOSURES` labelled alike is taken as a facet value: its label is the value, its group
label the attribute (a heading, or the selected tab of the tab panel it sits in). Opening it
shows a popup; the entities of that query are the entity links the popup added to the page
(`revealed_entities`), not the page's result list, and a link to the value itself (a popup's
header naming its own subject) is not one of them.

Tabs (``role="tab"``, not selected) are views of one page, not filters: `tab_views` clicks each
tab of the start page, and each tab a tab's panel adds, once, and the caller keeps the view
offering the most facets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from siteseer.algorithms.querycentric.model import EntityPattern, Facet, clean_label, unsafe_reason
from siteseer.render import Box, Control, Snapshot

__all__ = [
    "MIN_DISCLOSURES",
    "TAB_LEVELS",
    "disclosure_facets",
    "is_disclosure",
    "revealed_entities",
    "seen_links",
    "tab_controls",
]

# The fewest disclosures one group label must gather to be taken as a facet's values (a lone
# "menu" or "more actions" button is not a facet).
MIN_DISCLOSURES = 2
# Tabs within tabs: how many levels of tab panels `tab_views` opens.
TAB_LEVELS = 2

_POPUP_KINDS = frozenset({"listbox", "menu", "tree", "grid", "dialog"})


def is_disclosure(control: Control) -> bool:
    """A closed disclosure button (``aria-expanded="false"``) that is no custom dropdown."""
    return control.kind == "button" and control.expanded == "false" and not _dropdown(control)


def _dropdown(control: Control) -> bool:
    return control.popup in _POPUP_KINDS or control.role == "combobox"


def disclosure_facets(snapshot: Snapshot) -> tuple[Facet, ...]:
    """The closed disclosures of `snapshot` grouped under a label shared by at least
    `MIN_DISCLOSURES` of them, as facets (one per distinct value and group, first kept). A group
    some of whose disclosures are drawn around a link is a list whose items open in place (an
    API reference's operations, each row a button around its route): its items, no facet."""
    found: dict[tuple[str, str], Facet] = {}
    items = {
        clean_label(c.group)
        for c in snapshot.controls
        if is_disclosure(c) and c.box is not None and _around_a_link(c.box, snapshot)
    }
    for control in snapshot.controls:
        group = clean_label(control.group)
        value = clean_label(control.label)
        if not group or not value or unsafe_reason(control):
            continue
        if (group, value.casefold()) in found or not is_disclosure(control) or group in items:
            continue
        found[(group, value.casefold())] = Facet(group, value, None, control=control)
    sizes = Counter(group for group, _ in found)
    return tuple(
        sorted(
            (f for (group, _), f in found.items() if sizes[group] >= MIN_DISCLOSURES),
            key=lambda f: (f.attribute, f.value),
        )
    )


def _around_a_link(box: Box, snapshot: Snapshot) -> bool:
    """Whether a link of `snapshot` is drawn inside `box`."""
    return any(
        link.box is not None
        and link.box.w > 0
        and box.x <= link.box.x
        and link.box.x + link.box.w <= box.x + box.w
        and box.y <= link.box.y
        and link.box.y + link.box.h <= box.y + box.h
        for link in snapshot.links
    )


def tab_controls(snapshot: Snapshot, known: Iterable[str] = ()) -> tuple[Control, ...]:
    """The tabs of `snapshot` not selected (``role="tab"``, ``aria-selected`` not "true"),
    safe to click, whose selectors are not in `known`."""
    skip = set(known)
    out = []
    for control in snapshot.controls:
        if control.kind != "button" or control.selector in skip or unsafe_reason(control):
            continue
        if control.role == "tab" and not control.checked:
            out.append(control)
    return tuple(out)


def seen_links(snapshot: Snapshot) -> frozenset[tuple[str, str]]:
    """The (URL, DOM path) of every link of `snapshot`: what `revealed_entities` compares with."""
    return frozenset((link.url, link.path_values) for link in snapshot.links)


def revealed_entities(
    opened: Snapshot, pattern: EntityPattern, before: frozenset[tuple[str, str]], value: str
) -> tuple[str, ...]:
    """The entity links `opened` shows that the state before it (`before`, `seen_links`) did
    not, in page order, without a link to the value itself (text equal to `value`)."""
    own = clean_label(value).casefold()
    return tuple(
        dict.fromkeys(
            link.url
            for link in opened.links
            if pattern.matches(link.url)
            and (link.url, link.path_values) not in before
            and clean_label(link.text).casefold() != own
        )
    )
