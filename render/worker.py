"""What BrowserPool and its collaborators share: a worker (one reusable page), what a load
reports, the pool's counts, and the few helpers that read Playwright's errors.

A `Worker` owns a browser context and one page; `state` is what the page shows now (None:
nothing reusable), `navigation` what the navigation that loaded it reported. The document guard
(render/guard.py) and the navigator (render/navigate.py) read and write a worker's fields while
one of its loads runs; the pool (render/pool.py) hands workers out and back.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, TypeAlias

from playwright.async_api import BrowserContext, CDPSession, Page
from playwright.async_api import Error as PlaywrightError

from siteseer.render.http import RawResponse
from siteseer.render.snapshot import State

__all__ = [
    "BrowserGone",
    "Count",
    "Counted",
    "Navigation",
    "PoolStats",
    "Spawn",
    "Worker",
    "cookies_of",
    "first_line",
    "is_gone",
    "plus_one",
    "prefix_of",
    "shown",
    "sibling_of",
]

_GONE = (
    "has been closed",
    "Target crashed",
    "Connection closed",
    "Browser closed",
    "browser has disconnected",
    "Target closed",
)


@dataclass(frozen=True, slots=True)
class PoolStats:
    """What a pool has done so far."""

    loads: int = 0
    navigations: int = 0
    actions: int = 0  # state changes: each click, select, submit, scroll, load-more round
    prefix_reuses: int = 0
    step_backs: int = 0  # sibling states reached by undoing the last click in the page
    contexts: int = 0
    relaunches: int = 0
    popups_closed: int = 0
    popups_refused: int = 0  # popups whose first request the check refused: never sent
    handed_over: int = 0  # navigations whose document came from the caller, not the network


Counted = Literal[
    "loads",
    "navigations",
    "actions",
    "prefix_reuses",
    "step_backs",
    "contexts",
    "relaunches",
    "popups_closed",
    "popups_refused",
    "handed_over",
]
# The pool's counter and its background-task starter, as its collaborators call them.
Count: TypeAlias = Callable[[Counted], None]
Spawn: TypeAlias = Callable[[Coroutine[Any, Any, Any], str], None]


def plus_one(stats: PoolStats, counted: Counted) -> PoolStats:
    """`stats` with its `counted` count one higher."""
    return replace(stats, **{counted: getattr(stats, counted) + 1})


@dataclass(frozen=True, slots=True)
class Navigation:
    """What loading a URL reported: HTTP status, content type, milliseconds to DOMContentLoaded;
    when its request was sent, the response's headers, the request's without credentials."""

    status: int = 0
    content_type: str = "text/html"
    fetch_ms: float = 0.0
    sent_at: float = 0.0
    headers: tuple[tuple[str, str], ...] = ()
    request_headers: tuple[tuple[str, str], ...] = ()


_Cookie: TypeAlias = tuple[tuple[str, Any], ...]


def cookies_of(cookies: Sequence[Mapping[str, Any]]) -> tuple[_Cookie, ...]:
    """A context's cookies in a comparable form (sorted items, sorted cookies)."""
    return tuple(sorted(tuple(sorted(c.items())) for c in cookies))


@dataclass
class Worker:
    """One reusable page; `state` is what it shows now (None: nothing reusable), `navigation`
    what the navigation that loaded it reported."""

    index: int
    context: BrowserContext | None = None
    page: Page | None = None
    generation: int = -1
    navigations_in_context: int = 0
    state: State | None = None
    navigation: Navigation = Navigation()
    cookie_origins: set[str] = field(default_factory=set)
    cookies: tuple[_Cookie, ...] = ()  # the context's own cookies (storage state, identity)
    cdp: CDPSession | None = None
    main_frame: str = ""  # its page's main frame (= the page's target) id
    loading: str = ""  # the URL of the load in progress (the origin of its navigations)
    refused: tuple[str, str] | None = None  # the last refused navigation: (target, reason)
    received: int = 0  # bytes the page received during the load in progress
    cut: bool = False  # its network is cut (`max_page_bytes` reached); restored on the next load
    # set when the load need not wait for its navigation's end: its network was cut, or its
    # document, received, left for a refused page while it parsed (`left`)
    halted: asyncio.Event = field(default_factory=asyncio.Event)
    left: str = ""  # the method of the refused request the document left with ("" when not)
    document: tuple[int, str] = (0, "")  # the load's document response: status, media type
    handover: RawResponse | None = None  # the document to answer the next navigation with
    handed: bool = False  # the navigation in progress was answered from `handover`
    fetching: bool = False  # its page's document requests are paused (CDP ``Fetch``)
    acting: bool = False  # our actions run on its document: every request is paused and checked
    submitting: bool = False  # the action running submits a form (its submission may POST)
    reads: set[str] = field(default_factory=set)  # endpoints its document POSTed to by itself
    effects: list[str] = field(default_factory=list)  # requests refused during this load's actions
    credited: set[str] = field(default_factory=set)  # origins the crawl loads in its page
    public: bool = False  # the page it loads or shows is on a public host
    confined: bool = False  # its page's subresources keep to the crawl's scope (all are paused)
    patterns: list[dict[str, str]] = field(default_factory=list)  # its CDP Fetch patterns
    # its page's requests of a worker's script (CDP network ids), given the worker guard
    worker_scripts: set[str] = field(default_factory=set)

    def forget_page(self) -> None:
        """Nothing of the worker's context is usable any more (dropped or abandoned)."""
        self.context, self.page, self.cdp, self.state = None, None, None, None
        self.main_frame, self.cut, self.fetching, self.acting = "", False, False, False
        self.credited, self.patterns = set(), []


def shown(worker: Worker) -> str:
    """The URL of what `worker`'s page loads or shows ("" when nothing)."""
    if worker.loading:
        return worker.loading
    if worker.state is not None:
        return worker.state.url
    return worker.page.url if worker.page is not None else ""


def prefix_of(worker: Worker, state: State, generation: int) -> int:
    """The actions of `state` the worker's page has performed already: all of its shown state
    (a strict prefix of `state`), all but the last (a sibling, see `sibling_of`), or -1."""
    seen = worker.state
    if seen is None or worker.generation != generation or seen.url != state.url:
        return -1
    n = len(seen.actions)
    if n < len(state.actions) and state.actions[:n] == seen.actions:
        return n
    return n - 1 if sibling_of(worker, state) else -1


def sibling_of(worker: Worker, state: State) -> bool:
    """The worker shows `state`'s first k actions and then a different click (k + 1 actions in
    all): a state it may step back from in the page (the pool's `_step_back`)."""
    seen = worker.state
    if seen is None or not seen.actions or len(state.actions) < len(seen.actions):
        return False
    k = len(seen.actions) - 1
    last, step = seen.actions[k], state.actions[k]
    return (
        seen.actions[:k] == state.actions[:k]
        and last.kind == step.kind == "click"
        and last.selector != step.selector
    )


class BrowserGone(Exception):
    """The page, its context or the browser died under a load."""


def is_gone(error: PlaywrightError) -> bool:
    """Whether a Playwright error says the page, its context or the browser died."""
    return any(marker in str(error) for marker in _GONE)


def first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
