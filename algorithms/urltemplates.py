"""URL templates for hidden entity pages (Allikmaa, *Using URL Templates to Find Hidden Entity
Pages*, Tartu 2016).

From a list of crawled URLs the method builds templates with one numeric variable, the entity
index, and generates the URLs of the indices missing between the known ones:

1. **initial templates** (3.1.1): URLs split into elements (domain, separators, path elements,
   GET keys and values, parameters sorted by name); elements made only of digits are numbers;
   URLs with the same key (numbers replaced by ``{N}``) form a template.
2. **groups** (3.1.2): templates with the same elements apart from their static texts.
3. **prefixed/suffixed numbers** (3.1.3): ``yellow-keychain-1`` is split into an unused text and
   a number when swapping the text of one URL for another's shows the same page.
4. **filter**: templates without a number are dropped.
5. **unused path elements** (3.1.4): category and name elements that do not change the page are
   merged into ``{T}``, verified by comparing pages.
6. **final templates** (3.1.5): the number with the most distinct values is the variable; the
   other numbers become static text, splitting the template.
7. **unused GET parameters**: step 5 again over GET values only.
8. **URL generation** (3.3): for each gap between known indices, X continuous values at each
   edge and one value every Y inside; X doubles and Y halves while the round's success ratio
   stays above a threshold; the run halts when the overall failure ratio is too high.

Pages are compared with algorithms.pagediff (3.2). The pure steps (`initial_templates`,
`group_templates`, `split_number`, `finalize_template`, `gap_values`, `gaps`) and the parameters
live in algorithms/urlelements.py (re-exported here): they take no Session and are unit-tested
on the thesis's listings.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from siteseer.algorithms.pagediff import (
    EmptyPageModel,
    Verdict,
    exclude,
    is_redirect,
    page_diff,
    same_page,
)
from siteseer.algorithms.result import GeneratedUrl, TemplateReport, TraceEntry, UrlTemplate
from siteseer.algorithms.run import Run, Stopped
from siteseer.algorithms.urlelements import (
    CONTINUE_RATIO,
    EDGE_PROBE,
    FAILED_MINIMUM,
    FAILED_RATIO,
    INITIAL_X,
    INITIAL_Y,
    MAXIMUM_X,
    MERGE_MINIMUM_VALUES,
    MERGE_VERIFY_DEPTH,
    MINIMUM_TEMPLATE_VALUES,
    MINIMUM_Y,
    SPLIT_MINIMUM_URLS,
    UNIQUE_VALUE_RATIO,
    VERY_HIGH_VALUE,
    SlotState,
    SplitKind,
    Template,
    TemplateSlot,
    fill,
    finalize_template,
    format_number,
    gap_values,
    gaps,
    group_key,
    group_templates,
    initial_templates,
    merge_key,
    split_number,
    split_parts,
    split_template,
    template_key,
    variable_regex,
)
from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.crawler import Session

__all__ = [
    "CONTINUE_RATIO",
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
    "Template",
    "TemplateSlot",
    "finalize_template",
    "gap_values",
    "gaps",
    "group_key",
    "group_templates",
    "initial_templates",
    "split_number",
    "template_key",
    "url_templates",
]

# --- page checks (3.2) ---------------------------------------------------------------------------


@dataclass
class _Pages:
    """One run's pages and trace (`run`), and the random changes learned per URL."""

    run: Run
    random: dict[str, tuple[tuple[int, ...], ...]] = field(default_factory=dict)

    @property
    def trace(self) -> list[TraceEntry]:
        return self.run.trace

    async def load(self, urls: Iterable[str]) -> dict[str, Snapshot | None]:
        """The Snapshot of each of `urls`, whatever its status (None when it gave none)."""
        wanted = list(urls)
        loaded = await self.run.load(wanted)
        return {u: loaded.get(u) for u in wanted}

    async def random_changes(self, url: str) -> tuple[tuple[int, ...], ...] | None:
        """The changes between two loads of `url` (None when it cannot be loaded)."""
        if url in self.random:
            return self.random[url]
        first = (await self.load([url]))[url]
        if first is None:
            return None
        again = await self.run.again(url)
        self.random[url] = page_diff(first, again)
        return self.random[url]


def _replace(row: tuple[str, ...], index: int, value: str) -> str:
    return "".join((*row[:index], value, *row[index + 1 :]))


async def _can_split_merge(
    pages: _Pages, first: Template, other: Template, index: int, kind: SplitKind
) -> bool:
    """Whether the text part of element `index` is unused (3.2, prefix and suffix detector)."""
    row = first.rows[0]
    parts = split_number(row[index], kind)
    other_parts = split_number(other.rows[0][index], kind)
    if parts is None or other_parts is None:
        return False
    text, number = parts
    other_text = other_parts[0]

    def join(t: str, n: str) -> str:
        return t + n if kind == "suffix" else n + t

    original = "".join(row)
    alternative = _replace(row, index, join(other_text, number))
    empty = _replace(row, index, join(text, str(VERY_HIGH_VALUE)))
    loaded = await pages.load([original, alternative, empty])
    rnd = await pages.random_changes(original)
    orig, alt, emp = loaded[original], loaded[alternative], loaded[empty]
    if orig is None or alt is None or emp is None or rnd is None or not orig.ok:
        return False
    ok = same_page(orig, alt, rnd) and not same_page(orig, emp, rnd)
    pages.trace.append(
        TraceEntry("prefix-suffix", "same" if ok else "differs", original, urls=(alternative,))
    )
    return ok


async def _can_name_merge(pages: _Pages, first: Template, other: Template, index: int) -> bool:
    row = first.rows[0]
    original = "".join(row)
    alternative = _replace(row, index, other.rows[0][index])
    loaded = await pages.load([original, alternative])
    rnd = await pages.random_changes(original)
    orig, alt = loaded[original], loaded[alternative]
    if orig is None or alt is None or rnd is None or not orig.ok:
        return False
    ok = same_page(orig, alt, rnd)
    pages.trace.append(
        TraceEntry("unused-name", "same" if ok else "differs", original, urls=(alternative,))
    )
    return ok


async def _can_category_merge(pages: _Pages, first: Template, other: Template, index: int) -> bool:
    if first.count < 2:
        return False
    row = first.rows[0]
    original, second = "".join(row), "".join(first.rows[1])
    alternative = _replace(row, index, other.rows[0][index])
    loaded = await pages.load([original, second, alternative])
    rnd = await pages.random_changes(original)
    orig, sec, alt = loaded[original], loaded[second], loaded[alternative]
    if orig is None or sec is None or alt is None or rnd is None or not orig.ok:
        return False
    entities_differ = bool(exclude(page_diff(orig, sec), rnd)) or not same_page(orig, sec, rnd)
    ok = entities_differ and same_page(orig, alt, rnd)
    pages.trace.append(
        TraceEntry("unused-category", "same" if ok else "differs", original, urls=(alternative,))
    )
    return ok


# --- 3.1.3 prefixed and suffixed numbers ---------------------------------------------------------


def _text_slots(templates: Sequence[Template], get: bool | None) -> list[int]:
    """Indices (from the last, down to the first path element) that are static text values in
    every template; `get` restricts to GET (True) or path (False) values."""
    width = len(templates[0].slots)
    out = []
    for index in range(width - 1, 1, -1):
        ok = True
        for template in templates:
            slot = template.slots[index]
            if slot.role != "value" or slot.state != "static":
                ok = False
                break
            if get is not None and slot.get != get:
                ok = False
                break
        if ok:
            out.append(index)
    return out


async def _prefix_suffix_group(
    pages: _Pages,
    templates: list[Template],
    pending: dict[str, list[Template]],
    minimum: int,
    depth: int,
) -> list[Template]:
    index_list = _text_slots(templates, get=False)
    for index in index_list:
        if not templates or len(templates[0].slots) <= index:
            break
        if not all(t.slots[index].state == "static" for t in templates):
            continue
        buckets: dict[str, dict[SplitKind, list[Template]]] = defaultdict(
            lambda: {"prefix": [], "suffix": []}
        )
        for template in templates:
            for kind in ("prefix", "suffix"):
                if split_number(template.rows[0][index], kind) is not None:
                    buckets[merge_key(template, index)][kind].append(template)
        current = {t.key for t in templates}
        for _, pair in sorted(buckets.items()):
            numbers = {
                kind: {split_parts(t.rows[0][index], kind)[1] for t in pair[kind]}
                for kind in ("prefix", "suffix")
            }
            kind_: SplitKind = (
                "prefix" if len(numbers["prefix"]) >= len(numbers["suffix"]) else "suffix"
            )
            members = [t for t in pair[kind_] if t.key in current]
            if len(numbers[kind_]) < len(members) or len(numbers[kind_]) < minimum:
                continue
            by_text: dict[str, list[Template]] = defaultdict(list)
            for t in members:
                by_text[split_parts(t.rows[0][index], kind_)[0]].append(t)
            text_groups = sorted(by_text.items(), key=lambda kv: (-len(kv[1]), kv[0]))
            consumed: list[list[Template]] = []
            if len(text_groups) == 1:
                consumed.append(members)
            else:
                verified = True
                for _, group in text_groups[1:depth]:
                    if not await _can_split_merge(
                        pages, text_groups[0][1][0], group[0], index, kind_
                    ):
                        verified = False
                        break
                if verified:
                    consumed.append(members)
                else:
                    consumed.extend(g for _, g in text_groups if len(g) >= minimum)
            for group in consumed:
                state: SlotState = (
                    "unused" if group is members and len(text_groups) > 1 else "static"
                )
                split = split_template(group, index, kind_, state)
                pending.setdefault(group_key(split), []).append(split)
            removed = {t.key for group in consumed for t in group}
            templates = [t for t in templates if t.key not in removed]
            current -= removed
    return templates


async def _prefix_suffix(
    pages: _Pages, groups: dict[str, list[Template]], minimum: int, depth: int
) -> dict[str, list[Template]]:
    pending = {k: list(v) for k, v in groups.items()}
    final: dict[str, list[Template]] = {}
    while pending:
        key = min(pending)
        templates = pending.pop(key)
        templates = _dedupe(templates)
        kept = await _prefix_suffix_group(pages, templates, pending, minimum, depth)
        if kept:
            final.setdefault(key, []).extend(kept)
    return {k: _dedupe(v) for k, v in sorted(final.items())}


def _dedupe(templates: Sequence[Template]) -> list[Template]:
    """Templates with the same key merged into one (a split can recreate an existing key)."""
    by_key: dict[str, list[Template]] = defaultdict(list)
    for t in templates:
        by_key[t.key].append(t)
    out = []
    for key in sorted(by_key):
        same = by_key[key]
        rows = tuple(sorted(set(row for t in same for row in t.rows)))
        out.append(Template(same[0].slots, rows))
    return out


# --- 3.1.4 unused elements ------------------------------------------------------------------------


def _unique_value_ratio(templates: Sequence[Template]) -> float:
    total = sum(t.count for t in templates)
    best = 0.0
    for index in templates[0].num_slots():
        distinct = len({row[index] for t in templates for row in t.rows})
        best = max(best, distinct / total)
    return best


async def _merge_unused_group(
    pages: _Pages, templates: list[Template], get: bool, minimum: int, depth: int
) -> list[Template]:
    for index in _text_slots(templates, get=get):
        buckets: dict[str, list[Template]] = defaultdict(list)
        for template in templates:
            if template.slots[index].state == "static":
                buckets[merge_key(template, index)].append(template)
        for _, members in sorted(buckets.items()):
            if len(members) < 2 or _unique_value_ratio(members) < UNIQUE_VALUE_RATIO:
                continue
            total = sum(t.count for t in members)
            members = sorted(members, key=lambda t: (-t.count, t.key))
            if len(members) >= UNIQUE_VALUE_RATIO * total:
                if len(members) < minimum:
                    continue
                check = _can_name_merge
            else:
                check = _can_category_merge
            verified = True
            for other in members[1:depth]:
                if not await check(pages, members[0], other, index):
                    verified = False
                    break
            if not verified:
                continue
            slots = tuple(
                replace(s, state="unused") if i == index else s
                for i, s in enumerate(members[0].slots)
            )
            merged = Template(slots, tuple(sorted(row for t in members for row in t.rows)))
            keys = {t.key for t in members}
            templates = [t for t in templates if t.key not in keys] + [merged]
    return _dedupe(templates)


async def _merge_unused(
    pages: _Pages, groups: dict[str, list[Template]], get: bool, minimum: int, depth: int
) -> dict[str, list[Template]]:
    out = {}
    for key, templates in sorted(groups.items()):
        out[key] = await _merge_unused_group(pages, templates, get, minimum, depth)
    return out


# --- the method ----------------------------------------------------------------------------------


def _count(groups: dict[str, list[Template]]) -> int:
    return sum(len(v) for v in groups.values())


@dataclass
class _Generation:
    checked: list[GeneratedUrl] = field(default_factory=list)
    tried: int = 0
    valid: int = 0

    def failed(self) -> bool:
        return (
            self.tried >= FAILED_MINIMUM and (self.tried - self.valid) / self.tried >= FAILED_RATIO
        )


async def _empty_model(pages: _Pages, template: Template, variable: int) -> EmptyPageModel | None:
    known = sorted(int(row[variable]) for row in template.rows)
    high = VERY_HIGH_VALUE if known[-1] < VERY_HIGH_VALUE else known[-1] * 10 + 7
    original = fill(template, variable, template.rows[0][variable])
    empty = fill(template, variable, str(high))
    empty_other = fill(template, variable, str(high + 7_919))
    loaded = await pages.load([original, empty, empty_other])
    orig, emp, emp2 = loaded[original], loaded[empty], loaded[empty_other]
    if orig is None or emp is None or emp2 is None or not orig.ok:
        pages.trace.append(TraceEntry("empty-model", "skip", original, note="pages not loaded"))
        return None
    again = await pages.run.again(original)
    return EmptyPageModel.learn(orig, again, emp, emp2, variable_regex(template, variable))


@dataclass
class _TemplateRun:
    """Generation state of one template: what was checked and found."""

    pages: _Pages
    template: Template
    variable: int
    model: EmptyPageModel
    known_urls: set[str]
    run: _Generation
    pattern: str
    processed: set[int] = field(default_factory=set)
    found: list[str] = field(default_factory=list)
    tried: int = 0

    async def check(self, values: Sequence[int]) -> int:
        """Load the URLs of `values` in one batch, judge them; the number of entity pages."""
        t, v = self.template, self.variable
        urls = {n: fill(t, v, format_number(t, v, n)) for n in values}
        loaded = await self.pages.load(urls.values())
        hits = 0
        for value in sorted(values):
            url = urls[value]
            snap = loaded[url]
            verdict: Verdict
            if snap is None:
                verdict, final, status = "error", url, 0
            else:
                verdict = self.model.classify(snap)
                final, status = snap.final_url, snap.status
                if verdict == "entity" and is_redirect(snap) and final in self.known_urls:
                    verdict = "duplicate"
            self.run.checked.append(GeneratedUrl(url, self.pattern, verdict, final, status))
            if verdict == "entity":
                hits += 1
                self.found.append(final if snap is not None and is_redirect(snap) else url)
        self.processed.update(values)
        self.tried += len(values)
        self.run.tried += len(values)
        self.run.valid += hits
        return hits


def _url_template(
    template: Template, variable: int, values: tuple[int, ...], tried: int, found: tuple[str, ...]
) -> UrlTemplate:
    return UrlTemplate(
        pattern=fill(template, variable, "{N}"),
        regex=variable_regex(template, variable),
        values=values,
        gaps=gaps(values),
        urls=template.count,
        key=template_key(template),
        tried=tried,
        found=found,
    )


def _checked_so_far(checked: Sequence[GeneratedUrl], pattern: str) -> tuple[int, tuple[str, ...]]:
    """The URLs of `pattern` generated and the entity pages among them (their final URLs), from
    what was checked before a run stopped."""
    mine = [c for c in checked if c.template == pattern]
    found = (c.final_url or c.url for c in mine if c.verdict == "entity")
    return len(mine), tuple(dict.fromkeys(found))


async def _generate(
    pages: _Pages,
    template: Template,
    known_urls: set[str],
    run: _Generation,
    max_per_template: int | None,
    rng: random.Random,
) -> tuple[int, tuple[str, ...]]:
    """Generate and check the gap URLs of one template (listing 15, ``generateFromTemplate``)."""
    variable = template.num_slots()[0]
    values = sorted({int(row[variable]) for row in template.rows})
    model = await _empty_model(pages, template, variable)
    if model is None:
        return 0, ()
    state = _TemplateRun(
        pages, template, variable, model, known_urls, run, fill(template, variable, "{N}")
    )

    def room() -> int | None:
        return None if max_per_template is None else max(0, max_per_template - state.tried)

    x, y = INITIAL_X, INITIAL_Y
    while y >= MINIMUM_Y and x <= MAXIMUM_X and room() != 0:
        current = [v for v in gap_values(values, x, y) if v not in state.processed]
        rng.shuffle(current)
        left = room()
        if left is not None:
            current = current[:left]
        if current:
            ratio = await state.check(current) / len(current)
            pages.trace.append(
                TraceEntry(
                    "generate",
                    "continue" if ratio >= CONTINUE_RATIO else "stop",
                    state.pattern,
                    values=(("x", float(x)), ("y", float(y)), ("ratio", ratio)),
                )
            )
            if ratio < CONTINUE_RATIO:
                break
        y //= 2
        x *= 2
    # Extension beyond the thesis: the ranges past the lowest and highest known index are open
    # gaps; probe them in blocks of EDGE_PROBE values while a block finds an entity page.
    for direction in (1, -1):
        edge = values[-1] if direction == 1 else values[0]
        while room() != 0:
            block = [edge + direction * k for k in range(1, EDGE_PROBE + 1)]
            block = [v for v in block if v >= 0 and v not in state.processed]
            left = room()
            if left is not None:
                block = block[:left]
            if not block:
                break
            hits = await state.check(block)
            pages.trace.append(
                TraceEntry(
                    "edge",
                    "continue" if hits else "stop",
                    state.pattern,
                    values=(("from", float(block[0])), ("hits", float(hits))),
                )
            )
            edge = block[-1]
            if not hits:
                break
    return state.tried, tuple(dict.fromkeys(state.found))


async def url_templates(
    session: Session,
    urls: Sequence[str],
    *,
    minimum_values: int = MINIMUM_TEMPLATE_VALUES,
    split_minimum: int = SPLIT_MINIMUM_URLS,
    merge_minimum: int = MERGE_MINIMUM_VALUES,
    verify_depth: int = MERGE_VERIFY_DEPTH,
    max_per_template: int | None = None,
    max_templates: int | None = None,
    generate: bool = True,
    seed: int = 0,
) -> TemplateReport:
    """Build URL templates from `urls` and find the entity pages missing from them.

    `minimum_values`: templates with fewer known values are dropped (thesis: 100).
    `max_per_template`: cap on generated URLs per template (thesis evaluation: 200).
    `max_templates`: generate for the templates with most URLs first, at most this many.
    `generate=False` stops after template generation. Verification pages and generated URLs are
    loaded through `session`; its budget bounds the run.
    """
    pages = _Pages(Run(session))
    stages: list[tuple[str, int]] = []
    url_list = [u.strip() for u in urls if u.strip()]
    known_urls = set(url_list)
    templates_out: list[UrlTemplate] = []
    dropped: list[tuple[str, int]] = []
    run = _Generation()
    try:
        initial = initial_templates(url_list)
        stages.append(("INIT", len(initial)))
        groups = group_templates(initial)
        groups = await _prefix_suffix(pages, groups, merge_minimum, verify_depth)
        stages.append(("PREFIX", _count(groups)))
        groups = {k: [t for t in v if t.num_slots()] for k, v in groups.items()}
        groups = {k: v for k, v in groups.items() if v}
        stages.append(("FILTER", _count(groups)))
        groups = await _merge_unused(pages, groups, False, merge_minimum, verify_depth)
        stages.append(("UNUSED", _count(groups)))
        finals = [
            f for ts in groups.values() for t in ts for f in finalize_template(t, split_minimum)
        ]
        stages.append(("NUM", len(finals)))
        regrouped = group_templates(_dedupe(finals))
        regrouped = await _merge_unused(pages, regrouped, True, merge_minimum, verify_depth)
        finals = [t for ts in regrouped.values() for t in ts]
        stages.append(("UNUSED2", len(finals)))
        known = [(t, len({row[t.num_slots()[0]] for row in t.rows})) for t in finals]
        finals = [t for t, ids in known if ids >= minimum_values]
        dropped = sorted(
            ((t.key, ids) for t, ids in known if ids < minimum_values),
            key=lambda item: (-item[1], item[0]),
        )
        finals.sort(key=lambda t: (-t.count, t.key))
        stages.append(("FINAL", len(finals)))
        rng = random.Random(seed)
        for n, template in enumerate(finals):
            variable = template.num_slots()[0]
            values = tuple(sorted({int(row[variable]) for row in template.rows}))
            tried, found = 0, tuple[str, ...]()
            if generate and (max_templates is None or n < max_templates) and not run.failed():
                try:
                    tried, found = await _generate(
                        pages, template, known_urls, run, max_per_template, rng
                    )
                except Stopped:  # keep what this template's generation found until then
                    pattern = fill(template, variable, "{N}")
                    so_far = _checked_so_far(run.checked, pattern)
                    templates_out.append(_url_template(template, variable, values, *so_far))
                    raise
                if run.failed():
                    pages.run.unfinished("halted: too many generated URLs failed")
            templates_out.append(_url_template(template, variable, values, tried, found))
    except Stopped:
        pass  # pages.run.reason says why
    found_all = tuple(dict.fromkeys(u for t in templates_out for u in t.found))
    return TemplateReport(
        method="url-templates",
        templates=tuple(templates_out),
        found=found_all,
        checked=tuple(run.checked),
        stages=tuple(stages),
        trace=tuple(pages.trace),
        cost=pages.run.cost(),
        complete=pages.run.complete,
        reason=pages.run.reason,
        params=(
            ("minimum_values", minimum_values),
            ("split_minimum", split_minimum),
            ("merge_minimum", merge_minimum),
            ("verify_depth", verify_depth),
            ("max_per_template", max_per_template),
        ),
        dropped=tuple(dropped),
    )
