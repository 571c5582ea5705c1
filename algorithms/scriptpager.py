"""Lists paged by script: a pager whose next control changes the list in place, each page a
state of one URL.

A list's pager may offer no link to a further address but a control a script answers: a "Next"
button, or an arrow drawn as a link that goes nowhere (``href="#"``, ``javascript:``, which
render's extraction keeps as a link to the document itself, no control). The page's URL never
changes: its pages are states of one document, reached by clicks. `pager_next` finds the control
that shows the page after the current one (a button, a link control, or such an anchor, clicked
by the selector its place in the document gives); `in_place` says whether a page's pager is one
of these; `page_through` clicks it until it is gone or disabled or a page adds no item the pages
before it did not show, each page a state of its own, each click an action of the run. Explore
pages a result list with it (querycentric/lists.py), SSUP a candidate index page whose items are
the seed's group (ssup/climb.py): one pager for every method.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from siteseer.render import Action, Control, Snapshot, element_selector

__all__ = ["element_at", "in_place", "is_disabled", "page_through", "pager_next"]

_NEXT_TEXT = re.compile(r"^(next|next page|›|»|>|→|>>|next ›|next »|next →)$", re.I)
_NEXT_WORDS = frozenset({"next"})
_ARROW_WORDS = frozenset({"angle", "chevron", "arrow", "caret"})
_END_WORDS = frozenset({"double", "last", "end", "prev", "previous", "left"})
_STEP = re.compile(r"\s*(?:>|\s)\s*")


def element_at(snapshot: Snapshot, selector: str) -> Any | None:
    """The element a control selector (as render's extraction writes them: ``#id``,
    ``tag[name="n"][value="v"]`` and ``#id > div:nth-of-type(3) > button:nth-of-type(1)``
    paths) names in the Snapshot's tree; None for other forms or when nothing matches."""
    tree = snapshot.tree()
    steps = [s for s in _STEP.split(selector.strip()) if s]
    if not steps:
        return None
    node: Any | None = None
    for n, step in enumerate(steps):
        if step.startswith("#"):
            if n:
                return None
            found = tree.xpath("//*[@id=$id]", id=step[1:])
            node = found[0] if len(found) == 1 else None
        elif n == 0 and step in ("html", "body"):
            node = tree if step == "html" else tree.find(".//body")
        elif step in ("body", "head"):
            node = None if node is None else node.find(step)
        else:
            match = re.fullmatch(r"([a-z0-9-]+):nth-of-type\((\d+)\)", step)
            if match is None or node is None:
                return None
            tag, index = match.group(1), int(match.group(2))
            children = [c for c in node if isinstance(c.tag, str)]
            sections = ("tbody", "thead", "tfoot")
            # a control's selector skips tbody, an opener's names it
            if tag not in sections and (tag == "tr" or node.tag == "table"):
                children = [
                    g
                    for c in children
                    for g in (c if c.tag in sections else [c])
                    if isinstance(g.tag, str)
                ]
            same = [c for c in children if c.tag == tag]
            node = same[index - 1] if 0 < index <= len(same) else None
        if node is None:
            return None
    return node


def _hint_words(element: Any) -> set[str]:
    """Words of an element's class, title, ARIA label, rel and its icons' names."""
    words: set[str] = set()
    for el in element.iter():
        if not isinstance(el.tag, str):
            continue
        for attr in ("class", "title", "aria-label", "rel", "data-icon", "name"):
            value = el.get(attr)
            if value:
                words |= set(re.split(r"[^a-z]+", value.lower()))
    words.discard("")
    return words


def _looks_next(control: Control, element: Any | None) -> bool:
    if _NEXT_TEXT.match(" ".join(control.label.split())):
        return True
    if element is None:
        return False
    words = _hint_words(element)
    if words & _END_WORDS:
        return False
    return bool(words & _NEXT_WORDS) or ("right" in words and bool(words & _ARROW_WORDS))


def is_disabled(element: Any | None) -> bool:
    """A control the page marks as not usable now (``disabled``, ``aria-disabled``, a
    "disabled" class)."""
    if element is None:
        return False
    if element.get("disabled") is not None or element.get("aria-disabled") == "true":
        return True
    return "disabled" in (element.get("class") or "").lower().split()


def pager_next(snapshot: Snapshot, page: int = 1) -> tuple[Control, bool] | None:
    """The control that shows the page after `page` (1-based) of the current result list, and
    whether it is disabled: a "Next" button or link control (its text, or the words of its
    class, title, ARIA label and icons), else an anchor going nowhere that reads so, else the
    numbered button or link of page `page` + 1. None when the page has none."""
    numbered: Control | None = None
    for control in snapshot.controls:
        if control.kind not in ("button", "link"):
            continue
        element = element_at(snapshot, control.selector)
        if _looks_next(control, element):
            return control, is_disabled(element)
        if numbered is None and control.label.strip() == str(page + 1):
            numbered = control
    anchor = _anchor_next(snapshot)
    if anchor is not None or numbered is None:
        return anchor
    return numbered, is_disabled(element_at(snapshot, numbered.selector))


def _nowhere(href: str) -> bool:
    """Whether an anchor's `href` goes nowhere: a script answers its click (``#``,
    ``javascript:``)."""
    href = href.strip()
    return href == "#" or href.lower().startswith("javascript:")


def _anchor_next(snapshot: Snapshot) -> tuple[Control, bool] | None:
    """The anchor going nowhere (`_nowhere`) that reads as the pager's next control (an icon
    alone, or a next word or arrow as its text, holding no other link: an arrow beside a name,
    "▸ Columns", discloses), as a button clicked by its place in the document (`render.element_selector`),
    and whether it is disabled."""
    if not snapshot.rendered:
        return None
    for anchor in snapshot.tree().iter("a"):
        if not _nowhere(anchor.get("href") or "x"):
            continue
        label = " ".join(anchor.text_content().split())
        if (label and not _NEXT_TEXT.match(label)) or len(anchor.findall(".//a")):
            continue  # a disclosure's arrow beside its name, a menu: no pager's arrow
        if _looks_next(Control("button", "", label=label), anchor):
            selector = element_selector(snapshot.tree(), anchor)
            return Control("button", selector, label=label), is_disabled(anchor)
    return None


def in_place(snapshot: Snapshot) -> bool:
    """Whether `snapshot` has a pager that changes its list in place: a Next button or a link
    that goes nowhere (``#``, a script) and is not disabled; a pager link to another address
    is followed as a link."""
    found = pager_next(snapshot)
    if found is None or found[1]:
        return False
    element = element_at(snapshot, found[0].selector)
    href = "" if element is None else (element.get("href") or "").strip()
    return found[0].kind == "button" or not href or _nowhere(href) or href.startswith("#")


async def page_through(
    first: Snapshot,
    act: Callable[[Snapshot, Action], Awaitable[Snapshot | None]],
    items: Callable[[Snapshot], Iterable[str]],
    *,
    rounds: int,
    allowed: Callable[[Control], bool] = lambda _: True,
) -> list[Snapshot]:
    """The pages of `first`'s list, `first` first: its pager's next control (`pager_next`,
    when `allowed`) is clicked by `act` until it is gone or disabled, a click fails, or the
    page it shows adds no item (`items`: the entries that count, a method's entity links) the
    pages before it did not show; at most `rounds` clicks."""
    pages = [first]
    seen = set(items(first))
    current = first
    while seen and len(pages) <= rounds:
        found = pager_next(current, len(pages))
        if found is None or found[1] or not allowed(found[0]):
            break
        action = Action("click", found[0].selector, label=f"page {len(pages) + 1}")
        shown = await act(current, action)
        rows = set(items(shown)) if shown is not None else set()
        if shown is None or not rows or rows <= seen:
            break
        seen |= rows
        pages.append(shown)
        current = shown
    return pages
