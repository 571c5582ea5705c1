"""Forms as pure values: the forms of a page, their single-field choices (select options,
radios and checkboxes as attribute values) and the URL a GET submission loads (seed 004's form
enumeration; a seam of model.py). The URL is made canonical by the caller's `Canonical`.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit, urlunsplit

from siteseer.algorithms.querycentric.model import (
    PAGE_SIZE_WORDS,
    SORT_WORDS,
    Canonical,
    clean_label,
    words_match,
)
from siteseer.algorithms.querycentric.views import VIEW_WORDS, is_operator_menu
from siteseer.render import Control, Snapshot

__all__ = ["FormChoice", "FormSpec", "form_choices", "form_defaults", "forms_of", "get_submission"]


@dataclass(frozen=True)
class FormSpec:
    """One form of a page: its selector, method, action, fields and submit control."""

    selector: str
    method: str
    action: str
    fields: tuple[Control, ...]
    submit: Control | None
    has_password: bool

    @property
    def keyword_fields(self) -> tuple[Control, ...]:
        row = self.filter_row
        return tuple(
            c
            for c in self.fields
            if c.kind == "text" and c.input_type != "password" and c.selector not in row
        )

    @property
    def filter_row(self) -> frozenset[str]:
        """The selectors of the form's query-builder rows (views.py): each operator select, the
        select just before it (the field) and the text box just after it (the value)."""
        row: set[str] = set()
        for i, control in enumerate(self.fields):
            if control.kind != "select" or not is_operator_menu([o.label for o in control.options]):
                continue
            row.add(control.selector)
            before = [c for c in self.fields[:i] if c.kind == "select"]
            after = [c for c in self.fields[i + 1 :] if c.kind == "text"]
            row.update(c.selector for c in (before[-1:] + after[:1]))
        return frozenset(row)


@dataclass(frozen=True, slots=True)
class FormChoice:
    """Setting one enumerable form field to one value: attribute = the field's label."""

    attribute: str
    value: str
    name: str
    field_value: str
    control: Control = field(compare=False)


def forms_of(snapshot: Snapshot) -> tuple[FormSpec, ...]:
    """The forms of a page, from its controls (sorted by selector)."""
    grouped: dict[str, list[Control]] = defaultdict(list)
    for control in snapshot.controls:
        if control.form:
            grouped[control.form].append(control)
    out = []
    for selector, controls in sorted(grouped.items()):
        submits = [c for c in controls if c.kind == "submit"]
        fields_ = tuple(c for c in controls if c.kind != "submit")
        first = controls[0]
        out.append(
            FormSpec(
                selector,
                (first.form_method or "get").lower(),
                first.form_action,
                fields_,
                submits[0] if submits else None,
                any(c.input_type == "password" for c in controls),
            )
        )
    return tuple(out)


def _field_attribute(control: Control) -> str:
    return clean_label(control.group) or control.name


def form_choices(form: FormSpec) -> tuple[FormChoice, ...]:
    """Every single-field setting of a form: each non-empty option of each select, each radio,
    each checkbox. Ordering and page-size selects are left out. Sorted by (attribute, value)."""
    out: list[FormChoice] = []
    row = form.filter_row
    for control in form.fields:
        attribute = _field_attribute(control)
        if words_match(attribute, SORT_WORDS) or words_match(control.name, VIEW_WORDS):
            continue  # a sort, column or grouping choice: a view of the same results
        if control.selector in row or _ordering_direction(control):
            continue
        if control.name.lower() in PAGE_SIZE_WORDS or "per page" in attribute.lower():
            continue
        if control.kind == "select":
            for option in control.options:
                value = clean_label(option.label)
                if option.value and value:
                    out.append(FormChoice(attribute, value, control.name, option.value, control))
        elif control.kind in ("radio", "checkbox"):
            value = clean_label(control.label) or control.value
            if not clean_label(control.label) and control.value == "on":
                continue  # no label and the HTML default value: nothing names a value
            if control.value and value and control.name:
                out.append(FormChoice(attribute, value, control.name, control.value, control))
    return tuple(sorted(out, key=lambda c: (c.attribute, c.value, c.name, c.field_value)))


_DIRECTION = frozenset({"asc", "desc", "ascending", "descending"})


def _ordering_direction(control: Control) -> bool:
    """Whether a field chooses a sort direction ("descending", ``sort_desc``)."""
    words = set(re.split(r"[^a-z0-9]+", f"{control.name} {control.label}".lower()))
    return bool(words & _DIRECTION)


def form_defaults(form: FormSpec) -> list[tuple[str, str]]:
    """The name/value pairs the form submits untouched (HTML's form data set, in field order)."""
    pairs: list[tuple[str, str]] = []
    for control in form.fields:
        if not control.name:
            continue
        if control.kind == "select":
            chosen = [o for o in control.options if o.selected] or list(control.options[:1])
            pairs.extend((control.name, o.value) for o in chosen)
        elif control.kind in ("radio", "checkbox"):
            if control.checked:
                pairs.append((control.name, control.value))
        elif control.kind == "text":
            pairs.append((control.name, control.value))
    return pairs


def get_submission(
    form: FormSpec,
    overrides: Mapping[str, str],
    canonical: Canonical,
    *,
    exclusive: Sequence[str] = (),
) -> str:
    """The URL a GET submission of `form` loads, with `overrides` (name → value) applied, made
    canonical by `canonical` (ValueError when the form's action is no http(s) URL).

    A radio or select name in `overrides` replaces its default; a checkbox name adds its value.
    Names in `exclusive` lose their defaults (a checkbox group set to exactly the override).
    """
    pairs = [(n, v) for n, v in form_defaults(form) if n not in overrides and n not in exclusive]
    kinds = {c.name: c.kind for c in form.fields}
    for name, value in overrides.items():
        if kinds.get(name) == "checkbox":
            pairs = [(n, v) for n, v in pairs if not (n == name and v == value)]
        pairs.append((name, value))
    action = form.action
    parts = urlsplit(action)
    query = urlencode(pairs)
    return canonical(urlunsplit((parts.scheme, parts.netloc, parts.path, query, "")))
