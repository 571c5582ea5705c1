"""URL templates' pure steps (Allikmaa 2016; a seam of urltemplates.py, the method): URLs split
into elements, initial templates and their groups, numbers split off a prefix or suffix, final
templates, the gaps between known indices and the values generated in them, and the final
template's description — with the method's parameters. No Session: each step is unit-tested on
the thesis's listings.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal
from urllib.parse import urlsplit

__all__ = [
    "CONTINUE_RATIO",
    "EDGE_PROBE",
    "FAILED_MINIMUM",
    "FAILED_RATIO",
    "INITIAL_X",
    "INITIAL_Y",
    "MAXIMUM_X",
    "MERGE_MINIMUM_VALUES",
    "MERGE_VERIFY_DEPTH",
    "MINIMUM_TEMPLATE_VALUES",
    "MINIMUM_Y",
    "SPLIT_MINIMUM_URLS",
    "UNIQUE_VALUE_RATIO",
    "VERY_HIGH_VALUE",
    "Role",
    "SlotState",
    "SplitKind",
    "Template",
    "TemplateSlot",
    "fill",
    "finalize_template",
    "format_number",
    "gap_values",
    "gaps",
    "group_key",
    "group_templates",
    "initial_templates",
    "merge_key",
    "split_number",
    "split_parts",
    "split_template",
    "split_url",
    "template_key",
    "variable_regex",
]


# --- parameters -------------------------------------------------------------------------------
# The thesis's values where it gives them; the others are named here and documented.
MINIMUM_TEMPLATE_VALUES = 100  # thesis 4.1: templates matching fewer URLs are dropped
SPLIT_MINIMUM_URLS = 10  # thesis 4.2: minimum URLs of a template created by finalising
UNIQUE_VALUE_RATIO = 0.95  # thesis listing 11: bestUniqueValueRatio and name-merge ratio
MERGE_MINIMUM_VALUES = 5  # not given: distinct numbers/templates needed before a merge
MERGE_VERIFY_DEPTH = 3  # not given: templates compared with the first before a merge
VERY_HIGH_VALUE = 999_999_937  # "a very high value unlikely to correspond to any entity"
INITIAL_X = 2  # not given: continuous values checked at each gap edge, first round
INITIAL_Y = 16  # not given: sampling interval inside a gap, first round
MAXIMUM_X = 64  # not given: rounds stop when X exceeds it
MINIMUM_Y = 1  # rounds stop when Y falls below it (Y = 1 covers the whole gap)
CONTINUE_RATIO = 0.1  # not given: a round must find at least this share of entity pages
FAILED_MINIMUM = 100  # not given: generated URLs before the failure ratio may halt the run
FAILED_RATIO = 0.9  # not given: halt when this share of all generated URLs failed
EDGE_PROBE = 8  # extension: values probed past the lowest and highest known index per block

Role = Literal["domain", "sep", "key", "value"]
SlotState = Literal["static", "num", "unused"]
SplitKind = Literal["prefix", "suffix"]

_DIGITS = re.compile(r"[0-9]+")
_PREFIX = re.compile(r"([0-9]+)([^0-9].*)", re.DOTALL)
_SUFFIX = re.compile(r"(.*[^0-9])([0-9]+)", re.DOTALL)


@dataclass(frozen=True, slots=True)
class TemplateSlot:
    """One element position of a template: what it is and whether it varies."""

    role: Role
    get: bool
    state: SlotState


@dataclass(frozen=True)
class Template:
    """A URL template while it is being built: its slots and one row of values per input URL.

    Static slots hold the same value in every row; ``num`` slots hold each URL's number and
    ``unused`` slots each URL's text (verified not to change the page).
    """

    slots: tuple[TemplateSlot, ...]
    rows: tuple[tuple[str, ...], ...]

    @property
    def count(self) -> int:
        return len(self.rows)

    @property
    def key(self) -> str:
        return template_key(self)

    def url(self, row: int = 0) -> str:
        return "".join(self.rows[row])

    def num_slots(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.slots) if s.state == "num")


def _part(template: Template, index: int) -> str:
    state = template.slots[index].state
    if state == "num":
        return "{N}"
    if state == "unused":
        return "{T}"
    return template.rows[0][index]


def template_key(template: Template) -> str:
    """Static values as they are, numbers as ``{N}``, unused texts as ``{T}``."""
    return "".join(_part(template, i) for i in range(len(template.slots)))


def group_key(template: Template) -> str:
    """The template key with every static text value replaced by ``{Y}`` (listing 7)."""
    parts = []
    for i, slot in enumerate(template.slots):
        if slot.role == "value" and slot.state == "static":
            parts.append("{Y}")
        else:
            parts.append(_part(template, i))
    return "".join(parts)


def merge_key(template: Template, index: int) -> str:
    parts = [_part(template, i) for i in range(len(template.slots))]
    parts[index] = "{T}"
    return "".join(parts)


def _merge(
    templates: Sequence[Template], slots: tuple[TemplateSlot, ...] | None = None
) -> Template:
    rows = tuple(row for t in templates for row in t.rows)
    return Template(slots or templates[0].slots, rows)


# --- 3.1.1 initial templates --------------------------------------------------------------------


def split_url(url: str) -> tuple[tuple[TemplateSlot, ...], tuple[str, ...]] | None:
    """The elements of `url` (listing 5), or None when no element starts or ends with a digit."""
    parts = urlsplit(url.strip())
    if not parts.scheme or not parts.netloc:
        return None
    slots: list[TemplateSlot] = [TemplateSlot("domain", False, "static")]
    values: list[str] = [f"{parts.scheme}://{parts.netloc}"]
    possible = False
    path = parts.path or "/"
    for segment in path.split("/")[1:]:
        slots.append(TemplateSlot("sep", False, "static"))
        values.append("/")
        slots.append(
            TemplateSlot("value", False, "num" if _DIGITS.fullmatch(segment) else "static")
        )
        values.append(segment)
        possible |= bool(segment) and (segment[0].isdigit() or segment[-1].isdigit())
    params = sorted(p for p in parts.query.split("&") if p)
    for n, param in enumerate(params):
        slots.append(TemplateSlot("sep", True, "static"))
        values.append("?" if n == 0 else "&")
        key, eq, value = param.partition("=")
        slots.append(TemplateSlot("key", True, "static"))
        values.append(key)
        if eq:
            slots.append(TemplateSlot("sep", True, "static"))
            values.append("=")
            slots.append(
                TemplateSlot("value", True, "num" if _DIGITS.fullmatch(value) else "static")
            )
            values.append(value)
            possible |= bool(value) and (value[0].isdigit() or value[-1].isdigit())
    if not possible:
        return None
    return tuple(slots), tuple(values)


def initial_templates(urls: Iterable[str]) -> list[Template]:
    """Group URLs by their template key (listing 5); URLs without digits are left out."""
    rows: dict[str, list[tuple[str, ...]]] = {}
    slots_of: dict[str, tuple[TemplateSlot, ...]] = {}
    seen: set[str] = set()
    for url in urls:
        if url in seen:
            continue
        seen.add(url)
        split = split_url(url)
        if split is None:
            continue
        slots, values = split
        key = template_key(Template(slots, (values,)))
        slots_of.setdefault(key, slots)
        rows.setdefault(key, []).append(values)
    return [Template(slots_of[k], tuple(sorted(rows[k]))) for k in sorted(rows)]


def group_templates(templates: Iterable[Template]) -> dict[str, list[Template]]:
    """Templates that could merge, by group key (listing 7), each group sorted by key."""
    groups: dict[str, list[Template]] = defaultdict(list)
    for template in templates:
        groups[group_key(template)].append(template)
    return {k: sorted(v, key=template_key) for k, v in sorted(groups.items())}


def split_number(text: str, kind: SplitKind) -> tuple[str, str] | None:
    """``(text, number)`` of a path element that is a number prefixed or suffixed by text.

    `kind` ``"suffix"`` finds ``yellow-keychain-`` + ``1``; ``"prefix"`` finds ``12`` +
    ``-blue-carpet`` (returned as ``("-blue-carpet", "12")``).
    """
    if kind == "suffix":
        m = _SUFFIX.fullmatch(text)
        return (m.group(1), m.group(2)) if m else None
    m = _PREFIX.fullmatch(text)
    return (m.group(2), m.group(1)) if m else None


def split_parts(text: str, kind: SplitKind) -> tuple[str, str]:
    parts = split_number(text, kind)
    if parts is None:
        raise ValueError(f"{text!r} is not a {kind}ed number")
    return parts


def split_template(
    templates: Sequence[Template], index: int, kind: SplitKind, text_state: SlotState
) -> Template:
    """Merge `templates` with element `index` split into a text slot and a number slot."""
    rows = []
    for template in templates:
        for row in template.rows:
            text, number = split_parts(row[index], kind)
            pair = (text, number) if kind == "suffix" else (number, text)
            rows.append((*row[:index], *pair, *row[index + 1 :]))
    old = templates[0].slots[index]
    text_slot = TemplateSlot(old.role, old.get, text_state)
    num_slot = TemplateSlot(old.role, old.get, "num")
    pair_slots = (text_slot, num_slot) if kind == "suffix" else (num_slot, text_slot)
    slots = (*templates[0].slots[:index], *pair_slots, *templates[0].slots[index + 1 :])
    return Template(slots, tuple(sorted(rows)))


# --- 3.1.5 final templates ----------------------------------------------------------------------


def finalize_template(template: Template, minimum_urls: int = SPLIT_MINIMUM_URLS) -> list[Template]:
    """Keep one number as the variable (the one with most distinct values, listing 13).

    The other numbers become static text, which splits the template by their values; templates
    with fewer than `minimum_urls` URLs are dropped.
    """
    nums = template.num_slots()
    if not nums:
        return []
    variable = max(nums, key=lambda i: (len({row[i] for row in template.rows}), i))
    others = [i for i in nums if i != variable]
    if not others:
        return [template] if template.count >= minimum_urls else []
    by_values: dict[tuple[str, ...], list[tuple[str, ...]]] = defaultdict(list)
    for row in template.rows:
        by_values[tuple(row[i] for i in others)].append(row)
    slots = tuple(
        replace(s, state="static") if i in others else s for i, s in enumerate(template.slots)
    )
    out = [Template(slots, tuple(rows)) for _, rows in sorted(by_values.items())]
    return [t for t in out if t.count >= minimum_urls]


# --- 3.3 gaps ------------------------------------------------------------------------------------


def gaps(values: Iterable[int]) -> tuple[tuple[int, int], ...]:
    """Inclusive ranges of missing values between the lowest and the highest known value."""
    ordered = sorted(set(values))
    return tuple((a + 1, b - 1) for a, b in itertools.pairwise(ordered) if b > a + 1)


def gap_values(values: Iterable[int], x: int, y: int) -> tuple[int, ...]:
    """The values one generation round checks (listing 15, ``addGapIndices``).

    In each gap: `x` continuous values from each edge, and every `y`-th value in between.
    """
    out: set[int] = set()
    step = max(1, y)
    for lo, hi in gaps(values):
        out.update(range(lo, min(hi, lo + x - 1) + 1))
        out.update(range(max(lo, hi - x + 1), hi + 1))
        inner_lo, inner_hi = lo + x, hi - x
        if inner_lo <= inner_hi:
            # Samples sit on a grid anchored at the gap's start, so halving Y refines it.
            first = lo + -(-(inner_lo - lo) // step) * step
            out.update(range(first, inner_hi + 1, step))
    return tuple(sorted(out))


# --- final template description --------------------------------------------------------------


def _representative(template: Template, index: int) -> str:
    counts = Counter(row[index] for row in template.rows)
    return min(counts, key=lambda v: (-counts[v], v))


def fill(template: Template, variable: int, value: str) -> str:
    parts = []
    for i, slot in enumerate(template.slots):
        if i == variable:
            parts.append(value)
        elif slot.state == "unused":
            parts.append(_representative(template, i))
        else:
            parts.append(template.rows[0][i])
    return "".join(parts)


def variable_regex(template: Template, variable: int) -> str:
    parts = []
    for i, slot in enumerate(template.slots):
        if i == variable:
            parts.append("[0-9]+")
        elif slot.state == "unused":
            parts.append("[^/?&#]*")
        else:
            parts.append(re.escape(template.rows[0][i]))
    return "".join(parts)


def format_number(template: Template, variable: int, value: int) -> str:
    known = [row[variable] for row in template.rows]
    widths = {len(v) for v in known}
    if len(widths) == 1 and any(v.startswith("0") and len(v) > 1 for v in known):
        return str(value).zfill(widths.pop())
    return str(value)
