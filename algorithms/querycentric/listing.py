"""Pure: a load-more list's own requests, learned from the page and asked directly.

A page that grows its result list by load-more usually asks its server for each chunk with a
plain GET whose URL differs from the previous chunk's only in a counter: an offset (rows so far)
or a page number. Seen twice in a row (`learn_list_request`, from the fetch/XHR requests a
rendered state records), the pattern gives every further chunk's URL without a click
(`next_url`); the answer's rows are the entity URLs it names (`answer_rows`: the strings of a
JSON answer, the links of an HTML fragment). Only GET requests are considered: a POST (a Dash
callback, a form) is never asked again outside the page.

A list whose page has its own page-size control (a select, radios or buttons under a "per
page" / "show" heading whose choices are numbers or "all") is first shown at its largest size
(`page_size_choice`).

Choice: the counter is an offset when another parameter of the request holds exactly its step
(the rows per answer, ``limit=12`` beside ``offset=12 → 24``); that parameter is then the page
size and the caller may ask for more rows per answer (`next_url(size=…)`), continuing from the
offset plus the rows each answer brought. A counter without such a partner counts pages and is
stepped as seen. Nothing is named: which parameters play which role is read off the requests.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from siteseer.crawler import CrawlError
from siteseer.render import Action, Control, PageRequest, Snapshot

__all__ = [
    "ListRequest",
    "answer_rows",
    "continuation",
    "is_page_size",
    "learn_list_request",
    "next_url",
    "page_size_choice",
    "shows_its_size",
]

_MAX_URL = 2048
# Words of a page-size choice meaning every result, and of a page-size control's heading.
_ALL_WORDS = frozenset({"all", "alle", "tous", "tout", "todos", "todo", "tutti", "tutto"})
_PER_PAGE = re.compile(r"\bper\s+page\b|\bpage\s+size\b|^\s*show\b|^\s*results\b", re.I)
_SIZE_NAMES = frozenset({"per_page", "perpage", "page_size", "pagesize", "limit", "size"})
# The names that set a page size on their own: a bare "size" or "limit" may be a product's.
_PAGE_SIZE_NAMES = _SIZE_NAMES - {"limit", "size"}
_NUMBER = re.compile(r"^\s*(\d{1,5})\b")
_SPACE = re.compile(r"\s")


@dataclass(frozen=True, slots=True)
class ListRequest:
    """How a page asks for the next chunk of its list: GETs to `endpoint` (scheme, host, path)
    whose parameter `counter` grows by `step` from one chunk to the next; `size` names the
    parameter holding the rows per answer ("" when the counter counts pages)."""

    endpoint: str
    counter: str
    step: int
    size: str = ""

    def describe(self) -> str:
        size = f", {self.size} rows per answer" if self.size else ""
        return f"GET {self.endpoint}: {self.counter} += {self.step}{size}"


def _endpoint(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))


def _params(url: str) -> list[tuple[str, str]]:
    return parse_qsl(urlsplit(url).query, keep_blank_values=True)


def _int(value: str) -> int | None:
    return int(value) if value.isdigit() and len(value) < 10 else None


def _counter_of(a: str, b: str) -> tuple[str, int, str] | None:
    """The one parameter in which `b` differs from `a`, with its step, and the page-size
    parameter beside it ("" for none); None unless they differ in exactly one growing number."""
    pa, pb = _params(a), _params(b)
    if len(pa) != len(pb) or [k for k, _ in pa] != [k for k, _ in pb]:
        return None
    changed = [(k, va, vb) for (k, va), (_, vb) in zip(pa, pb, strict=True) if va != vb]
    if len(changed) != 1:
        return None
    name, before, after = changed[0]
    was, now = _int(before), _int(after)
    if was is None or now is None or now <= was or [k for k, _ in pb].count(name) != 1:
        return None
    step = now - was
    sizes = [k for k, v in pb if k != name and _int(v) == step and [k for k, _ in pb].count(k) == 1]
    return name, step, sizes[0] if step > 1 and len(sizes) == 1 else ""


def learn_list_request(requests: Sequence[PageRequest]) -> ListRequest | None:
    """The pattern of the last GET request and the one to the same endpoint before it, when they
    differ only in a growing number (see the module docstring); None otherwise."""
    gets = [r.url for r in requests if r.method.upper() == "GET" and len(r.url) <= _MAX_URL]
    if len(gets) < 2:
        return None
    last = gets[-1]
    endpoint = _endpoint(last)
    before = next((u for u in reversed(gets[:-1]) if _endpoint(u) == endpoint), None)
    if before is None:
        return None
    found = _counter_of(before, last)
    if found is None:
        return None
    counter, step, size = found
    return ListRequest(endpoint, counter, step, size)


def continuation(requests: Sequence[PageRequest], pattern: ListRequest) -> str | None:
    """The last GET request of `requests` in `pattern`'s form (its endpoint, one numeric
    counter, the page size when it has one): the chunk the state's list shows last."""
    for r in reversed(requests):
        if r.method.upper() != "GET" or _endpoint(r.url) != pattern.endpoint:
            continue
        params = _params(r.url)
        names = [k for k, _ in params]
        values = dict(params)
        if names.count(pattern.counter) != 1 or _int(values[pattern.counter]) is None:
            continue
        if pattern.size and (names.count(pattern.size) != 1 or _int(values[pattern.size]) is None):
            continue
        return r.url
    return None


def _counter(url: str, pattern: ListRequest) -> int:
    value = _int(dict(_params(url)).get(pattern.counter, ""))
    if value is None:
        raise ValueError(f"{url} carries no numeric {pattern.counter!r}")
    return value


def _size(url: str, pattern: ListRequest) -> int:
    value = _int(dict(_params(url)).get(pattern.size, "")) if pattern.size else None
    return pattern.step if value is None else value


def next_url(url: str, pattern: ListRequest, *, rows: int | None = None, size: int = 0) -> str:
    """The request for the chunk after the one `url` asked for: an offset counter moves on by
    the `rows` that answer brought (its asked size when not known), a page counter by its step;
    `size` > 0 asks for that many rows per answer (offset counters only)."""
    if pattern.size:
        moved = _counter(url, pattern) + (_size(url, pattern) if rows is None else rows)
    else:
        moved = _counter(url, pattern) + pattern.step
    new = {pattern.counter: str(moved)}
    if pattern.size and size > 0:
        new[pattern.size] = str(size)
    params = [(k, new.get(k, v)) for k, v in _params(url)]
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(params), ""))


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def answer_rows(
    answer: Snapshot,
    is_entity: Callable[[str], bool],
    canonical: Callable[[str, str], str],
) -> tuple[str, ...] | None:
    """The entity URLs an answer names, in order, without repeats: the strings of a JSON
    answer, the links of an HTML one, each resolved against the answer's URL with `canonical`
    and kept when `is_entity`. None for an answer that is neither JSON nor HTML."""
    base = answer.final_url or answer.url
    kind = answer.content_type.lower()
    candidates: list[str]
    if "json" in kind:
        try:
            candidates = list(_strings(json.loads(answer.html)))
        except ValueError:
            return None
    elif "html" in kind or "xml" in kind:
        candidates = [str(h) for h in answer.tree().xpath("//a/@href")]
    else:
        return None
    rows: dict[str, None] = {}
    for text in candidates:
        text = text.strip()
        if "/" not in text or len(text) > _MAX_URL or _SPACE.search(text):
            continue
        try:
            url = canonical(text, base)
        except (CrawlError, ValueError):  # a string that is no URL
            continue
        if is_entity(url):
            rows.setdefault(url, None)
    return tuple(rows)


def _size_of(label: str) -> float | None:
    """The page size a choice's label offers: its leading number, infinity for "all"."""
    text = label.strip().lower()
    if text in _ALL_WORDS or text.split(" ")[0] in _ALL_WORDS:
        return float("inf")
    found = _NUMBER.match(text)
    return float(found.group(1)) if found else None


def _size_control(control: Control, submit_forms: set[str]) -> bool:
    if control.form and control.form in submit_forms:
        return False
    return bool(_PER_PAGE.search(control.group)) or control.name.lower() in _SIZE_NAMES


def is_page_size(control: Control, submit_forms: set[str]) -> bool:
    """Whether `control` is a list's page-size control: named or headed as one ("Page size",
    "per page", ``per_page``), every choice a number or "all" (a select's options, a radio's or
    button's own label). A view of the list, never a facet."""
    if (control.form and control.form in submit_forms) or control.kind == "checkbox":
        return False
    # a name alone ("size", "limit") may be a product's size: the heading or a page's own word
    if not _PER_PAGE.search(control.group) and control.name.lower() not in _PAGE_SIZE_NAMES:
        return False
    if control.kind == "select":
        labels = [o.label for o in control.options]
        return len(labels) >= 2 and all(_size_of(label) is not None for label in labels)
    return _size_of(control.label or control.value) is not None


def shows_its_size(control: Control, listed: int) -> bool:
    """Whether `control` is a list's page-size menu by what the page shows, whatever names or
    heads it (a "Limit:" menu under the list's own heading): a select whose every option is a
    number (or "all"), the one chosen the number of entities the page lists (`listed`). A view
    of the list, never a facet."""
    if control.kind != "select" or listed < 2:
        return False
    sizes = [_size_of(o.label) for o in control.options]
    chosen = [size for size, o in zip(sizes, control.options, strict=True) if o.selected]
    return len(sizes) >= 2 and None not in sizes and chosen == [float(listed)]


def page_size_choice(snapshot: Snapshot) -> Action | None:
    """The action that shows the page's list at the largest size its own page-size control
    offers (a select, or radios or buttons of one group; every choice a number or "all"); None
    without such a control or when the largest is chosen already. Controls of forms with a
    submit button are form fields, not this."""
    submit_forms = {c.form for c in snapshot.controls if c.kind == "submit" and c.form}
    for control in snapshot.controls:
        if control.kind != "select" or not _size_control(control, submit_forms):
            continue
        sizes = [(_size_of(o.label), o) for o in control.options]
        if len(sizes) < 2 or any(size is None for size, _ in sizes):
            continue
        _, option = max(sizes, key=lambda pair: pair[0] or 0.0)
        if option.selected:
            return None
        label = f"{control.group or control.name}: {option.label}"
        return Action("select", control.selector, option.value, label=label)
    groups: dict[str, list[tuple[float, Control]]] = {}
    for control in snapshot.controls:
        if control.kind not in ("radio", "button") or not _size_control(control, submit_forms):
            continue
        size = _size_of(control.label or control.value)
        if size is not None:
            groups.setdefault(control.group or control.name, []).append((size, control))
    for group, choices in sorted(groups.items()):
        if len(choices) < 2:
            continue
        _, best = max(choices, key=lambda pair: pair[0])
        if best.checked:
            return None
        return Action("click", best.selector, label=f"{group}: {best.label or best.value}")
    return None
