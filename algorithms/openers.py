"""Items that open by script: the URL a click on a list's item reaches, learned once per list.

A list whose items hold no link but navigate when clicked (a row's click handler that pushes a
history state or changes the fragment; render's `Opener`) gives a method nothing to follow.
Here its items' URLs are learned. The openers of a page that share a DOM path and a container
are a group (the rows of a table, a pager's buttons, one filter list of a sidebar); two of its
items are clicked, and the rule that makes both URLs from something in the item — an
attribute's value, one of its text nodes, its position in the group, as the URL spells it —
gives every other item's URL without a click. Only the items of a group no rule fits are
clicked, each (up to `CLICKS_PER_PAGE` a page), but a group whose clicked items open the link
each holds (a forum's topic rows around their title links) is not clicked further, its links
read as anchors; an item a group's rule cannot read (a pager's
"next" arrow beside its numbers) is left, its siblings holding what it would reach. A group
whose clicks lead nowhere (the page keeps its URL) is inert and is not clicked again, nor is
any group of the same DOM path on that host (the toolbar each of a page's cards repeats: one
template, one behaviour), nor any group whose items carry the same attribute names, a ``data-``
one among them (`marks`: the toggles a script binds by ``[data-details-id]`` wherever they sit,
a heading's as a list item's: one selector, one handler). An item that names another element
of the page by its id (``aria-controls``, a ``data-`` attribute: `acts_on`) shows or hides it in
place and is never clicked. Rules are kept per host and group (its DOM path and its container's
selector), so the next page of the same list costs no click; a rule read off positions holds on
the page it was learned on only. An element whose ARIA role says it acts in place (a tab, an
option, a checkbox, a switch …) is a control, never an item that opens a page; so is a button
that shows no text (an icon named only by its aria-label or title: close, edit, fold) or
whose title says it copies to the clipboard, a command
where a list's items show what they open.

Clicks are `Run.act`s: in the browser, through the safety filter's words first (an item whose
text or attributes say delete, buy, log out … is never clicked) and the browser's own guard
(render/effects.py: no request that changes state leaves while an action runs). The URLs found
become links of the page (`Link`s at the item's DOM path, after its anchors): every method reads
them as it reads anchors, and each is replayable by loading it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal
from urllib.parse import quote, urlsplit

from siteseer.crawler import CrawlError
from siteseer.render import Action, Link, Opener, Snapshot

if TYPE_CHECKING:
    from siteseer.algorithms.run import Run

__all__ = ["CLICKS_PER_PAGE", "Openers", "Rule", "acts_on", "features", "learn_rule", "marks"]

CLICKS_PER_PAGE = 60  # clicks on the items of one page that no rule reads
LEARN_CLICKS = 3  # items of a new group clicked at most to learn its rule
MIN_GROUP = 2  # openers sharing a DOM path that make a list
# Attributes that say how an element behaves, not which item it is.
_BEHAVIOUR = frozenset(
    {"tabindex", "type", "role", "style", "draggable", "disabled", "hidden", "lang", "dir"}
)
# ARIA roles of widgets that change their own state in the page (a tab shows its panel, an
# option or a checkbox is chosen): controls, which open no page.
_IN_PLACE_ROLES = frozenset(
    {
        "tab",
        "option",
        "checkbox",
        "radio",
        "switch",
        "slider",
        "spinbutton",
        "menuitemcheckbox",
        "menuitemradio",
        "combobox",
        "textbox",
        "searchbox",
        "scrollbar",
    }
)
# Attributes that mark the item a list shows as its current one (clicking it goes nowhere).
_CURRENT = (("aria-current", ""), ("aria-selected", "true"), ("aria-pressed", "true"))

Feature = tuple[Literal["attr", "text", "position"], str]


def features(item: Opener, index: int) -> dict[Feature, str]:
    """What an item's URL may be made of, by kind (attributes, then texts, then positions)."""
    out: dict[Feature, str] = {}
    for name, value in item.attrs:
        if name not in _BEHAVIOUR and not name.startswith("aria-") and value.strip():
            out[("attr", name)] = value.strip()
    for n, text in enumerate(item.texts):
        out[("text", str(n))] = text
    out[("position", "1")] = str(index + 1)
    out[("position", "0")] = str(index)
    return out


@dataclass(frozen=True, slots=True)
class Rule:
    """An item's URL: `prefix`, the value of the item's `feature` (percent-encoded when
    `encoded`), `suffix`. `page` is the page a positional rule holds on ("" for any)."""

    feature: Feature
    prefix: str
    suffix: str
    encoded: bool = False
    page: str = ""

    def url(self, item: Opener, index: int) -> str | None:
        value = features(item, index).get(self.feature)
        if value is None:
            return None
        return self.prefix + (quote(value, safe="") if self.encoded else value) + self.suffix


def _candidates(values: dict[Feature, str], url: str) -> list[Rule]:
    """Every rule that makes `url` from one of an item's `values`: each place the value (as it
    is, or percent-encoded) occurs in the URL."""
    out: list[Rule] = []
    for feature, value in values.items():
        forms = [(value, False)]
        if quote(value, safe="") != value:
            forms.append((quote(value, safe=""), True))
        for form, encoded in forms:
            start = url.find(form)
            while start >= 0:
                out.append(Rule(feature, url[:start], url[start + len(form) :], encoded))
                start = url.find(form, start + 1)
    return out


def learn_rule(
    reached: Sequence[tuple[Opener, int, str]], canonical: Callable[[str], str]
) -> Rule | None:
    """The rule that makes the URL each clicked item reached ((item, index, URL), at least
    two) from that item; attributes first, then texts, then positions. None when no rule
    fits all of them. URLs are compared in their `canonical` form."""
    (first, index, url), rest = reached[0], reached[1:]
    if not rest:
        return None
    fits = [
        rule
        for rule in _candidates(features(first, index), url)
        if all(_same(rule.url(item, i), target, canonical) for item, i, target in rest)
    ]
    order = {"attr": 0, "text": 1, "position": 2}
    fits.sort(key=lambda r: order[r.feature[0]])
    return fits[0] if fits else None


def _same(predicted: str | None, url: str, canonical: Callable[[str], str]) -> bool:
    if predicted is None:
        return False
    try:
        return canonical(predicted) == url
    except CrawlError:
        return False


_INERT = "inert"  # the group's clicks lead nowhere
_EACH = "each"  # no rule fits: every item is clicked


class Openers:
    """The script-opened items of a Run's pages, resolved into links (see the module)."""

    def __init__(self, run: Run) -> None:
        self.run = run
        self._rules: dict[tuple[str, str], Rule | str] = {}
        self._inert_paths: set[tuple[str, str]] = set()  # (host, DOM path) of inert groups
        self._inert_marks: set[tuple[str, frozenset[str]]] = set()  # (host, `marks`) of those

    async def opened(self, page: Snapshot) -> Snapshot:
        """`page` with a link for every script-opened item it shows (itself when none)."""
        if not page.rendered or not page.ok or not page.openers:
            return page
        here = self._canonical(page.final_url or page.url)
        if here is None:
            return page
        host = urlsplit(here).netloc
        budget = [CLICKS_PER_PAGE]
        links: list[Link] = []
        for group, items in _groups(page.openers, _element_ids(page)).items():
            key = (host, group)
            rule = self._rules.get(key)
            mark = marks(items[0])
            if rule is None and (
                (host, items[0].path_attrs) in self._inert_paths
                or (mark and (host, mark) in self._inert_marks)
            ):
                rule = self._rules[key] = _INERT
            if rule is None or (isinstance(rule, Rule) and rule.page not in ("", here)):
                rule = await self._learn(page, here, items, budget)
                self._rules[key] = rule
            if rule == _INERT:
                self._inert_paths.add((host, items[0].path_attrs))
                if mark:
                    self._inert_marks.add((host, mark))
                continue
            for index, item in enumerate(items):
                if isinstance(rule, Rule):
                    url = rule.url(item, index)
                    url = None if url is None else self._canonical(url)
                else:
                    url = await self._click(page, here, item, budget)
                if url is not None and url != here:
                    links.append(
                        Link(url, item.text, item.path, item.path_attrs, item.path_values, item.box)
                    )
        if not links:
            return page
        return replace(page, links=page.links + tuple(dict.fromkeys(links)))

    async def _learn(
        self, page: Snapshot, here: str, items: list[Opener], budget: list[int]
    ) -> Rule | str:
        """Click up to `LEARN_CLICKS` items of a new group (not the one marked current) and
        learn its rule from the first two that lead somewhere."""
        order = sorted(range(len(items)), key=lambda i: (_current(items[i]), i == 0, i))
        reached: list[tuple[Opener, int, str]] = []
        for index in order[:LEARN_CLICKS]:
            url = await self._click(page, here, items[index], budget)
            if url is not None and url != here:
                reached.append((items[index], index, url))
            if len(reached) == 2:
                break
        if not reached:
            self.run.note("openers", "inert", items[0].path_attrs, urls=(here,))
            return _INERT
        rule = learn_rule(reached, self._canonical_strict)
        if rule is None and all(
            _holds_link(page, item, url, self._canonical) for item, _, url in reached
        ):
            self.run.note(
                "openers",
                "own links",
                items[0].path_attrs,
                urls=[u for _, _, u in reached],
                note="a click on an item opens the link it holds: its items are not clicked",
            )
            return _INERT
        if rule is None:
            self.run.note(
                "openers", "click each", items[0].path_attrs, urls=[u for _, _, u in reached]
            )
            return _EACH
        if rule.feature[0] == "position":
            rule = replace(rule, page=here)
        self.run.note(
            "openers",
            "learn",
            items[0].path_attrs,
            urls=[u for _, _, u in reached],
            note=f"an item's URL is {rule.prefix}<{':'.join(rule.feature)}>{rule.suffix}",
        )
        return rule

    async def _click(
        self, page: Snapshot, here: str, item: Opener, budget: list[int]
    ) -> str | None:
        """Where a click on `item` leads (canonical), or None: not clicked (unsafe, no
        clicks left), failed, or the page kept its URL."""
        if budget[0] <= 0 or _unsafe(item):
            return None
        budget[0] -= 1
        action = Action("click", item.selector, label=f"open {item.text[:60]}")
        reached = await self.run.act(page, action, step="openers", open_items=False)
        if reached is None:
            return None
        url = self._canonical(reached.final_url)
        return None if url is None or url == here else url

    def _canonical(self, url: str) -> str | None:
        try:
            return self._canonical_strict(url)
        except CrawlError:
            return None

    def _canonical_strict(self, url: str) -> str:
        return self.run.session.canonical(url)


def _groups(
    openers: Sequence[Opener], ids: frozenset[str] = frozenset()
) -> dict[str, list[Opener]]:
    """The page's lists of openers, in page order, each by a key that names it on every page of
    the same template: openers that share a DOM path (tags and attribute names) and sit in the
    same container — their selectors differ in the deepest step where any two of them differ
    (an item's place in its list), and only there. Two lists of the same shape (two filter
    lists of a sidebar) are two groups; fewer than `MIN_GROUP` items make no list. Controls
    and commands are left out (`_command`), and so are the items that name an element of the
    page by one of its `ids` (`acts_on`)."""
    by_path: dict[str, list[Opener]] = defaultdict(list)
    for item in openers:
        if not _command(item) and not acts_on(item, ids):
            by_path[item.path_attrs].append(item)
    groups: dict[str, list[Opener]] = {}
    for path, items in by_path.items():
        if len(items) < MIN_GROUP:
            continue
        steps = [item.selector.split(" > ") for item in items]
        depth = min(len(s) for s in steps)
        varying = [i for i in range(depth) if len({s[i] for s in steps}) > 1]
        at = varying[-1] if varying else depth - 1
        lists: dict[str, list[Opener]] = defaultdict(list)
        for item, s in zip(items, steps, strict=True):
            lists[" > ".join([*s[:at], _tag(s[at]), *s[at + 1 :]])].append(item)
        for key, members in lists.items():
            if len(members) >= MIN_GROUP:
                groups[f"{path} {key}"] = members
    return groups


def _holds_link(
    page: Snapshot, item: Opener, url: str, canonical: Callable[[str], str | None]
) -> bool:
    """Whether `item` holds a link of `page` to `url` (below it in the DOM, inside its box):
    a clickable row or card around its own link opens nothing the link does not."""
    if item.box is None or not item.path_attrs:
        return False
    box = item.box
    for link in page.links:
        inside = link.box is not None and (
            box.x <= link.box.x + 1
            and box.y <= link.box.y + 1
            and link.box.x + link.box.w <= box.x + box.w + 1
            and link.box.y + link.box.h <= box.y + box.h + 1
        )
        below = link.path_attrs.startswith(item.path_attrs + "/")
        if inside and below and canonical(link.url) == url:
            return True
    return False


def marks(item: Opener) -> frozenset[str]:
    """The names of the attributes that select `item` for a script (those that say what it is,
    not how it behaves), when a ``data-`` attribute is among them; else none: a script binds a
    click handler to every element such a selector finds, so items carrying the same names
    behave alike wherever they sit."""
    names = frozenset(
        name for name, _ in item.attrs if name not in _BEHAVIOUR and not name.startswith("aria-")
    )
    return names if any(n.startswith("data-") for n in names) else frozenset()


def _element_ids(page: Snapshot) -> frozenset[str]:
    """The ids of `page`'s elements (none when it has no HTML)."""
    if not page.html:
        return frozenset()
    return frozenset(str(v) for v in page.tree().xpath("//@id"))


def acts_on(item: Opener, ids: frozenset[str]) -> bool:
    """Whether `item` names another element of the page by its id (one of `ids`) in
    ``aria-controls`` or a ``data-`` attribute (``aria-controls="panel"``,
    ``data-target="#panel"``, a script's ``data-details-id="i:Context"`` beside
    ``<details id="i:Context">``): a control that shows, hides or fills that element in place,
    no item of a list that opens a page.

    Choice: ARIA says so of ``aria-controls``; a ``data-`` attribute holding a page element's
    id is the same wiring done by a script (the collapse toggles of Bootstrap and of
    documentation generators). Clicking such items only proves them inert, one page load a
    click (three on every page of a reference manual whose sections fold)."""
    own = dict(item.attrs).get("id", "")
    for name, value in item.attrs:
        if name != "aria-controls" and not name.startswith("data-"):
            continue
        target = value.strip().removeprefix("#")
        if target and target != own and target in ids:
            return True
    return False


def _command(item: Opener) -> bool:
    """A widget that acts in place (`_IN_PLACE_ROLES`: a tab, an option …), a button that
    shows no text (an icon named by its aria-label or title), or one whose name says it copies
    to the clipboard: no item of a list.

    Choice: the "Copy" button a documentation generator's script adds to every code block
    (titled "Copy code to clipboard") is one per block, a group by its DOM path, each click a
    page load that copies a text and goes nowhere."""
    attrs = dict(item.attrs)
    role = attrs.get("role", "").strip().lower()
    named = f"{attrs.get('title', '')} {attrs.get('aria-label', '')}".lower()
    return (
        role in _IN_PLACE_ROLES
        or (not item.texts and item.path.endswith("button"))
        or "clipboard" in named
    )


def _tag(step: str) -> str:
    """A selector step without its position (`li:nth-of-type(3)` → `li`)."""
    return step.partition(":")[0]


def _current(item: Opener) -> bool:
    attrs = dict(item.attrs)
    return any(
        name in attrs and (not value or attrs[name].lower() == value) for name, value in _CURRENT
    )


def _unsafe(item: Opener) -> bool:
    """Whether the item's text or attributes say a click could change something (the
    explorer's safety filter; imported here, since the explorer's package loads Run)."""
    from siteseer.algorithms.querycentric.safety import unsafe_reason

    words = " ".join([item.text, *(v for _, v in item.attrs)])
    return bool(unsafe_reason(text=words))
