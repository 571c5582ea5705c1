"""The plain data every part of siteseer exchanges: Link, Control, Action, State, Snapshot.

All types are frozen dataclasses holding only JSON-compatible values (str, int, float, bool,
None, tuples of those and of each other), so a Snapshot can be cached in SQLite, pickled to
another process, or written to disk, and read back equal. A Snapshot's two derived values are
computed from its `html` when first asked for and cached on the instance: the lxml tree
(`Snapshot.tree()`, never serialised) and the structure `Snapshot.fingerprint`.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field, fields
from functools import cached_property
from typing import Any, Literal, TypeVar, get_args

from siteseer.render.parse import parse_fast, parse_html, structure_fingerprint

__all__ = [
    "Action",
    "ActionKind",
    "Box",
    "Control",
    "ControlKind",
    "Link",
    "LinkStyle",
    "NavigationCheck",
    "Opener",
    "Option",
    "PageRequest",
    "PageTest",
    "ScreenshotMode",
    "ScrollRegion",
    "Snapshot",
    "State",
]


@dataclass(frozen=True, slots=True)
class Box:
    """A bounding box in CSS pixels, relative to the top-left of the document."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True, slots=True)
class LinkStyle:
    """The computed style of an anchor, as the browser laid it out."""

    font_size: float
    font_weight: int
    font_family: str
    color: str
    visible: bool
    text_decoration: str = ""
    background: str = ""  # background colour of the nearest opaque ancestor


@dataclass(frozen=True, slots=True)
class Link:
    """One anchor of a page.

    `path`, `path_attrs` and `path_values` are the link DOM path (root → anchor) in Indesit's three
    tag-feature modes: tags only (``html/body/div/ul/li/a``), tags with attribute names
    (``html/body/div[@id]/ul[@class]/li/a``) and tags with names and values
    (``html/body/div[@id=content]/ul[@class=list]/li/a``). Attribute names are sorted; the anchor's
    own attributes are not part of the path. `box` and `style` are None when the page was fetched
    without a browser.
    """

    url: str
    text: str
    path: str
    path_attrs: str
    path_values: str
    box: Box | None = None
    style: LinkStyle | None = None


ControlKind = Literal[
    "checkbox", "radio", "link", "button", "select", "text", "submit", "load_more"
]


@dataclass(frozen=True, slots=True)
class Option:
    """One choice of a select (or one radio of a group)."""

    value: str
    label: str
    selected: bool = False


@dataclass(frozen=True, slots=True)
class Control:
    """An interactive element that changes the results shown: a facet, a form field, load-more.

    `selector` finds the element again in a fresh load of the same state. `label` is the value
    label ("Nike (4)" stripped of counts is the caller's business), `group` the facet heading or
    form-field label it sits under ("Brand"). `form` is a selector of the enclosing form, with its
    `form_method` ("get"/"post") and absolute `form_action`; all three are empty outside forms.
    A tab (`role` "tab") is `checked` when it is the selected one (``aria-selected="true"``).
    """

    kind: ControlKind
    selector: str
    label: str = ""
    group: str = ""
    name: str = ""
    value: str = ""
    checked: bool = False
    form: str = ""
    form_method: str = ""
    form_action: str = ""
    input_type: str = ""  # the raw type attribute (e.g. "password", "search")
    options: tuple[Option, ...] = ()
    box: Box | None = None
    # ARIA, as the element says it: its `role`, `aria-expanded` ("true"/"false"; "" when absent:
    # a disclosure opens or closes a region) and `aria-haspopup` (a custom dropdown's kind)
    role: str = ""
    expanded: str = ""
    popup: str = ""


@dataclass(frozen=True, slots=True)
class Opener:
    """An element a click may open a page from though it is no link: the outermost element a
    browser draws with a pointer cursor that is not a link, a form field or a disclosure (a
    table row with a click handler, a card, a pager's button outside any form). Where it leads
    is known only by clicking it (`selector`, in a fresh load of the same state).

    `text` is its whole text (else its aria-label or title), `texts` each of its text nodes'
    in order (a row's cells), `attrs` its attributes but `class` and `style` (name, value), and
    `path`/`path_attrs`/`path_values` its DOM path in a Link's three forms (the element's own
    step included): the items of one list share them. Only a browser sees openers.
    """

    selector: str
    text: str = ""
    texts: tuple[str, ...] = ()
    attrs: tuple[tuple[str, str], ...] = ()
    path: str = ""
    path_attrs: str = ""
    path_values: str = ""
    box: Box | None = None


@dataclass(frozen=True, slots=True)
class ScrollRegion:
    """A region of a rendered page that scrolls (the document, or an element whose overflow
    scrolls) with a stretch at least a view tall where nothing is drawn: the space a
    virtualised list keeps for the rows it draws only once they scroll into view.

    `selector` finds the element again ("" for the document); `height` is its scroll height,
    `view` the height of what it shows at once, `blank` the tallest stretch with nothing drawn
    (CSS pixels). Only a browser sees them."""

    selector: str
    height: float
    view: float
    blank: float


@dataclass(frozen=True, slots=True)
class PageRequest:
    """A fetch/XHR request a rendered document sent (its method and absolute URL)."""

    method: str
    url: str


ActionKind = Literal["click", "select", "fill_submit", "load_more", "scroll"]


@dataclass(frozen=True, slots=True)
class Action:
    """Something done to a page that yields a new state.

    - ``click``: click the element at `selector` (checkbox, radio, button, link).
    - ``select``: choose the option whose value is `value` in the select at `selector`.
    - ``fill_submit``: set each (selector, value) of `fields` (text boxes, selects by value,
      checkboxes/radios by "on"/"off"), then click the submit control at `selector` (or submit
      the form the fields belong to when `selector` is empty).
    - ``load_more``: click the load-more control at `selector` (or scroll to the bottom when it is
      empty) until the result list stops growing, or `rounds` times at most (None: the
      performer's default, `render.actions.DEFAULT_LOAD_MORE_ROUNDS`).
    - ``scroll``: scroll the region at `selector` (the document when empty) a view at a time
      until its end, or until two steps draw nothing new, `rounds` steps at most (None:
      `render.actions.DEFAULT_SCROLL_STEPS`); the state's links and openers are every one drawn
      along the way (a virtualised list draws only the rows in view).

    Each kind has only its own fields: `value` is set for a select and only there, `fields` only
    for fill_submit, `rounds` (≥ 1) only for load_more and scroll; anything else raises
    ValueError.
    `label` is for people (traces, reports) and does not affect identity.

    Identity: `key()` is the JSON array ``[kind, selector, value, fields]`` whose third slot is
    the select's `value`, a load_more's `rounds` as decimal text, or "". That is the layout the
    key had when one string field carried both, so `State.key()` — the cache key of acted
    states — is unchanged for every action. `to_dict`/`from_dict` round-trip (and `from_dict`
    also reads that older form, a count in `value`).
    """

    kind: ActionKind
    selector: str = ""
    value: str | None = None
    fields: tuple[tuple[str, str], ...] = ()
    rounds: int | None = None
    label: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        problems: list[str] = []
        if self.kind not in _ACTION_KINDS:
            problems.append(f"unknown kind {self.kind!r} (one of {', '.join(_ACTION_KINDS)})")
        if self.kind == "select" and self.value is None:
            problems.append("a select needs the option's value")
        if self.kind != "select" and self.value is not None:
            problems.append(f"value is only for a select, not a {self.kind}")
        if self.fields and self.kind != "fill_submit":
            problems.append(f"fields are only for fill_submit, not a {self.kind}")
        if self.rounds is not None and (
            self.kind not in ("load_more", "scroll") or self.rounds < 1
        ):
            problems.append(
                f"rounds is a count ≥ 1 for load_more and scroll only "
                f"(got {self.rounds} for a {self.kind})"
            )
        if problems:
            raise ValueError(f"invalid Action {self.selector!r}: {'; '.join(problems)}")

    def key(self) -> str:
        """A stable string identity (see the class docstring)."""
        if self.value is not None:
            slot = self.value
        else:
            slot = "" if self.rounds is None else str(self.rounds)
        return json.dumps([self.kind, self.selector, slot, [list(f) for f in self.fields]])

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        kind = data["kind"]
        value = data.get("value")
        rounds = data.get("rounds")
        if kind != "select" and value is not None:  # the older form: a count "as a string"
            text = str(value).strip()
            if kind == "load_more" and rounds is None and text.isdigit() and int(text) >= 1:
                rounds = int(text)
            value = None
        return cls(
            kind=kind,
            selector=data.get("selector", ""),
            value=None if value is None else str(value),
            fields=tuple((str(a), str(b)) for a, b in data.get("fields", ())),
            rounds=None if rounds is None else int(rounds),
            label=data.get("label", ""),
        )


_ACTION_KINDS: tuple[ActionKind, ...] = get_args(ActionKind)


@dataclass(frozen=True, slots=True)
class State:
    """A page state: a URL plus the actions that lead from its load to this state.

    A state with no actions is just the page at `url`. Any state is replayable: load `url`, then
    perform `actions` in order.
    """

    url: str
    actions: tuple[Action, ...] = ()

    def key(self) -> str:
        """A stable string identity (cache key): the URL, then the actions' `Action.key()`
        arrays as one JSON list."""
        if not self.actions:
            return self.url
        return self.url + " " + json.dumps([json.loads(a.key()) for a in self.actions])

    def then(self, action: Action) -> State:
        return State(self.url, (*self.actions, action))


ScreenshotMode = Literal["viewport", "full"]  # what `Snapshot.screenshot` shows
# Why a navigation from a load of the first URL to the second may not happen (None: it may).
NavigationCheck = Callable[[str, str], Awaitable[str | None]]
PageTest = Callable[[str], bool]
"""Something true or false of a page's URL (`BrowserPool`'s `confined`: whether the page keeps
every subresource to the crawl's scope)."""


@dataclass(frozen=True)
class Snapshot:
    """Everything siteseer knows about one page state after loading (and maybe rendering) it.

    `url` is the requested (canonical) URL, `final_url` where redirects ended. `rendered` says
    whether a browser produced it; boxes and styles exist only then. `settle_ms` is how long the
    page took to settle and `settle_capped` whether the settle cap cut the wait short.
    `screenshot` holds PNG bytes only when one was asked for. `truncated` says the body was cut
    at the size limit (methods may ignore such a page); `redirects` are the URLs the load passed
    through before `final_url`, each checked like the first. `requests` are the fetch/XHR
    requests a rendered document sent from its load to this state, in order (the last 200): what
    its actions asked of the server. `fingerprint` (derived from `html`) is equal for states that
    differ only in text. `refused` names the requests its page sent while our actions ran that
    the browser refused ("METHOD URL: why", render/effects.py): none of them reached a server.
    `openers` are the elements a click may open a page from though they are no link (`Opener`;
    rendered pages only). `scroll_regions` are the regions it scrolls in where a stretch at
    least a view tall is drawn empty (`ScrollRegion`: a virtualised list's rows not in view;
    rendered pages only): a ``scroll`` action draws them.

    What the capture was, for a WARC file: `fetched_at` is when the request of its document was
    sent (seconds since the epoch; 0: unknown, a page stored before it was kept), `headers` the
    response's headers as received (in order, repetitions kept; a browser reports them with
    lowercased names and without its cookie headers), `request_headers` the request's as sent,
    without credentials (`render.http.sent_headers`). They are not part of a Snapshot's equality.
    """

    url: str
    final_url: str
    status: int
    html: str
    links: tuple[Link, ...] = ()
    controls: tuple[Control, ...] = ()
    state: State | None = None
    rendered: bool = False
    content_type: str = "text/html"
    title: str = ""
    settle_ms: float = 0.0
    settle_capped: bool = False
    fetch_ms: float = 0.0
    screenshot: bytes | None = field(default=None, repr=False)
    viewport: tuple[int, int] | None = None
    truncated: bool = False
    redirects: tuple[str, ...] = ()
    requests: tuple[PageRequest, ...] = ()
    refused: tuple[str, ...] = ()
    openers: tuple[Opener, ...] = ()
    scroll_regions: tuple[ScrollRegion, ...] = ()
    fetched_at: float = field(default=0.0, compare=False)
    headers: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    request_headers: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    # -- derived -------------------------------------------------------------------------------

    def tree(self) -> Any:
        """The page parsed by lxml (an ``lxml.html.HtmlElement``), parsed once and cached."""
        return self._tree

    @cached_property
    def _tree(self) -> Any:
        return parse_html(self.html, self.final_url)

    @cached_property
    def fingerprint(self) -> str:
        """A hash of the page's structure (render.parse.structure_fingerprint), equal for states
        that differ only in text; computed from `html` when first asked for (most pages never
        are: only Ajax states are known by it)."""
        tree = self.__dict__.get("_tree")
        return structure_fingerprint(tree if tree is not None else parse_fast(self.html))

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    @property
    def key(self) -> str:
        return (self.state or State(self.url)).key()

    # -- serialisation -------------------------------------------------------------------------

    def to_dict(self, *, include_html: bool = True, derived: bool = True) -> dict[str, Any]:
        """The Snapshot as JSON-compatible values. `derived`: with the `fingerprint` (else it is
        computed again from `html` by whoever reads it back and asks for it)."""
        data: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "screenshot":
                value = None if value is None else value.hex()
            elif f.name == "html" and not include_html:
                continue
            elif f.name in {"links", "controls", "requests", "openers", "scroll_regions"}:
                value = [asdict(v) for v in value]
            elif f.name == "state":
                value = None if value is None else asdict(value)
            data[f.name] = value
        if derived or not include_html:
            data["fingerprint"] = self.fingerprint
        return data

    def to_json(self, *, include_html: bool = True, derived: bool = True) -> str:
        return json.dumps(
            self.to_dict(include_html=include_html, derived=derived), ensure_ascii=False
        )

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Snapshot:
        links = tuple(_link_from(d) for d in data.get("links", ()))
        controls = tuple(_control_from(d) for d in data.get("controls", ()))
        state = data.get("state")
        shot = data.get("screenshot")
        viewport = data.get("viewport")
        plain = {
            f.name: data[f.name]
            for f in fields(cls)
            if f.name in data and f.name not in _STRUCTURED
        }
        snapshot = cls(
            **plain,
            links=links,
            controls=controls,
            state=None if state is None else _state_from(state),
            screenshot=None if shot is None else bytes.fromhex(shot),
            viewport=None if viewport is None else (int(viewport[0]), int(viewport[1])),
            redirects=tuple(str(u) for u in data.get("redirects", ())),
            requests=tuple(_plain(PageRequest, r) for r in data.get("requests", ())),
            refused=tuple(str(r) for r in data.get("refused", ())),
            openers=tuple(_opener_from(o) for o in data.get("openers", ())),
            scroll_regions=tuple(_plain(ScrollRegion, r) for r in data.get("scroll_regions", ())),
            headers=_pairs(data.get("headers", ())),
            request_headers=_pairs(data.get("request_headers", ())),
        )
        fingerprint = data.get("fingerprint")
        if isinstance(fingerprint, str) and fingerprint:
            snapshot.__dict__["fingerprint"] = fingerprint  # what `fingerprint` caches
        return snapshot

    @classmethod
    def from_json(cls, text: str) -> Snapshot:
        return cls.from_dict(json.loads(text))

    def __getstate__(self) -> dict[str, Any]:
        # Drop the cached lxml tree: it is neither picklable nor worth shipping.
        state = dict(self.__dict__)
        state.pop("_tree", None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)


_T = TypeVar("_T")

# Snapshot fields that JSON does not give back as they are (built by `Snapshot.from_dict`).
_STRUCTURED = frozenset(
    {
        "links",
        "controls",
        "state",
        "screenshot",
        "viewport",
        "redirects",
        "requests",
        "refused",
        "openers",
        "scroll_regions",
        "headers",
        "request_headers",
    }
)


def _pairs(data: Any) -> tuple[tuple[str, str], ...]:
    """Header pairs from their JSON form (lists of two strings)."""
    return tuple((str(name), str(value)) for name, value in data)


def _plain(cls: type[_T], data: dict[str, Any]) -> _T:
    return cls(**{f.name: data[f.name] for f in fields(cls) if f.name in data})  # type: ignore[arg-type]


def _box(data: dict[str, Any] | None) -> Box | None:
    return None if data is None else _plain(Box, data)


def _link_from(data: dict[str, Any]) -> Link:
    style = data.get("style")
    return Link(
        url=data["url"],
        text=data.get("text", ""),
        path=data.get("path", ""),
        path_attrs=data.get("path_attrs", ""),
        path_values=data.get("path_values", ""),
        box=_box(data.get("box")),
        style=None if style is None else _plain(LinkStyle, style),
    )


def _control_from(data: dict[str, Any]) -> Control:
    plain = {
        k: v for k, v in data.items() if k not in {"options", "box"} and k in Control.__slots__
    }
    return Control(
        **plain,
        options=tuple(_plain(Option, o) for o in data.get("options", ())),
        box=_box(data.get("box")),
    )


def _opener_from(data: dict[str, Any]) -> Opener:
    return Opener(
        selector=data["selector"],
        text=data.get("text", ""),
        texts=tuple(str(t) for t in data.get("texts", ())),
        attrs=_pairs(data.get("attrs", ())),
        path=data.get("path", ""),
        path_attrs=data.get("path_attrs", ""),
        path_values=data.get("path_values", ""),
        box=_box(data.get("box")),
    )


def _state_from(data: dict[str, Any]) -> State:
    return State(
        url=data["url"], actions=tuple(Action.from_dict(a) for a in data.get("actions", ()))
    )
