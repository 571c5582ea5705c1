"""Ajax facets read off a page's controls (`control_facets`): checkboxes, radios, links and
buttons with a group label, and selects outside forms, each value one `Facet` of the model.
Pure, as model.py is."""

from __future__ import annotations

from collections import Counter

from siteseer.algorithms.querycentric.labels import clean_label, label_count
from siteseer.algorithms.querycentric.listing import is_page_size
from siteseer.algorithms.querycentric.model import SORT_WORDS, Facet, words_match
from siteseer.algorithms.querycentric.rows import element_at
from siteseer.algorithms.querycentric.safety import unsafe_reason
from siteseer.algorithms.querycentric.views import (
    in_table_cell,
    is_all_value,
    is_builder_tool,
    is_pager_text,
)
from siteseer.render import Snapshot

__all__ = ["control_facets"]

_FACET_KINDS = frozenset({"checkbox", "radio", "link", "button"})


def control_facets(snapshot: Snapshot) -> tuple[Facet, ...]:
    """Ajax facets: checkbox, radio and link controls with a group label, and buttons that also
    show a result count, that do not belong to a form with a submit button (those are form
    fields, see `forms_of`), are not ordering, paging or load-more controls, and are safe to
    click. Row controls are none: a control in a table's cell, or one label repeated down a
    group (a row's selection box; views.py). Selects outside forms give one facet per option;
    a value standing for every value ("All") is none. Sorted by (attribute, value, selector)."""
    submit_forms = {c.form for c in snapshot.controls if c.kind == "submit" and c.form}
    # one label repeated down a group is a control of every row ("Select item"), not a value
    repeated = Counter((c.group, c.label) for c in snapshot.controls if c.kind in _FACET_KINDS)
    out: list[Facet] = []
    for control in snapshot.controls:
        if control.form and control.form in submit_forms:
            continue
        if unsafe_reason(control) or not control.group:
            continue
        labels = [o.label for o in control.options]
        if is_builder_tool(control.kind, control.form, control.name, control.group, labels):
            continue  # an operator, a form's nameless tool, a view's columns or grouping
        if control.kind in _FACET_KINDS and repeated[(control.group, control.label)] > 2:
            continue
        group = clean_label(control.group)
        if words_match(group, SORT_WORDS) or "per page" in group.lower():
            continue
        if is_page_size(control, submit_forms):
            continue  # an ordering or a page size: a view of the list, never a facet
        if control.kind in _FACET_KINDS and in_table_cell(element_at(snapshot, control.selector)):
            continue  # a row's selection box, "Select all" in a header: acts on rows
        if control.kind in _FACET_KINDS:
            value = clean_label(control.label)
            if not value or (control.kind in ("link", "button") and is_pager_text(value)):
                continue
            if is_all_value(value):
                continue
            if control.kind == "button" and label_count(control.label) is None:
                continue  # a facet button shows its count; others (quick view …) are not facets
            out.append(
                Facet(
                    group,
                    value,
                    label_count(control.label),
                    control=control,
                    selected=control.checked,
                )
            )
        elif control.kind == "select":
            for option in control.options:
                value = clean_label(option.label)
                if option.value == "" or not value or is_all_value(value):
                    continue
                out.append(
                    Facet(
                        group,
                        value,
                        label_count(option.label),
                        control=control,
                        selected=option.selected,
                    )
                )
    return tuple(
        sorted(out, key=lambda f: (f.attribute, f.value, f.control.selector if f.control else ""))
    )
