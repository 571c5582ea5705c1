"""The scaffolding every method's run shares: batch fetches, the budget, stop reasons, the trace
and the method's own cost.

    run = Run(session)                      # reads the Session's counters now
    pages = await run.fetch(urls)            # 2xx HTML pages only; failures noted in the trace
    try:
        ...                                  # the method's own work
    except Stopped as stop:                  # budget spent, or `run.stop(reason)` was called
        ...
    run.cost()                               # what this run spent (not the Session's total)
    run.complete, run.reason                 # how it ended
    run.dust().canonical(url)                # a URL without the parameters that change nothing

A method raises `Stopped` (through `run.fetch`, `run.load`, `run.seed`, `run.again` or
`run.stop`) to unwind to its entry point, which turns it into an incomplete result with
`run.reason`. Every stop reason a user reads comes from here: `BUDGET_SPENT` for a spent budget
(`spent_reason`: it goes on to name the page cap when a crawl without a budget reached it),
`INTERRUPTED` for Ctrl-C, `time_limit_reason(limit)` for a time limit, or the sentence given to
`stop`. Once a reason is set, no page is loaded any more: `fetch` and
`load` raise `Stopped` for a page not loaded yet, and `loaded` gives what a method that goes on
with what it has (GPP) may still use.

`fetch` is for methods that judge 2xx pages only (a 4xx/5xx page is a failure, noted in the
trace); `load` for those to whom a status is data (URL templates tell entity pages from empty
ones by their answers).

A run can also be stopped from outside its method: a `Halt` (crawler/halt.py: a whole-run time limit, or
`halt.halt(INTERRUPTED)` on Ctrl-C) made current with `halting(halt)` stops every Run created
inside, at its next load or while one is in flight (the loads that finished are kept; the
others are cancelled, and what was loaded is in the Session's cache). The method then unwinds
through `Stopped` as for a spent budget and returns its partial result, with the Halt's reason:
one mechanism for every method, so each one's partial result is the one it already builds for
a spent budget.

    with halting(Halt(timedelta(minutes=5))) as halt:
        result = await ssup(session, seed)   # result.reason == halt.reason once it fired
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, NoReturn, TypeVar

from siteseer.algorithms.features.dust import DustLearner
from siteseer.algorithms.openers import Openers
from siteseer.algorithms.result import TraceEntry
from siteseer.algorithms.scrolled import Scrolling
from siteseer.crawler import (
    INTERRUPTED,
    BudgetExhausted,
    Cost,
    CrawlError,
    Halt,
    NotHTML,
    PageCapReached,
    RoutingDecision,
    current_halt,
    halting,
    time_limit_reason,
)
from siteseer.render import Action, Snapshot, State

if TYPE_CHECKING:
    from siteseer.crawler import Session, TrapStop

__all__ = [
    "BUDGET_SPENT",
    "INTERRUPTED",
    "Halt",
    "Run",
    "Stopped",
    "halting",
    "spent_reason",
    "time_limit_reason",
]

# INTERRUPTED, Halt, halting and time_limit_reason live in crawler.halt (the command line arms a
# Halt without loading the methods); they are named here too, where a method run meets them.

BUDGET_SPENT = "budget spent"


def spent_reason(error: BudgetExhausted) -> str:
    """The stop reason of a spent budget: `BUDGET_SPENT`, followed by the page cap's terms when
    it was the cap of a crawl without a budget (so every such reason starts with BUDGET_SPENT)."""
    return error.reason if isinstance(error, PageCapReached) else BUDGET_SPENT


T = TypeVar("T")


class Stopped(Exception):
    """The run cannot go on (budget spent, seed unusable); `reason` says why in one sentence."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Run:
    """One method run over a Session: the pages it loaded, the trace, how it ended, its cost.

    `render` is the default for every load (visual methods load every page in the browser);
    `halt` stops the run from outside (default: the one `halting` made current, if any);
    `tidy`, when given, is applied to every page loaded before the method sees it (SSUP leaves
    out of a page's links the list state they carry back: `ssup.yields.stateless`).
    """

    def __init__(
        self,
        session: Session,
        *,
        render: bool = False,
        halt: Halt | None = None,
        tidy: Callable[[Snapshot], Snapshot] | None = None,
    ) -> None:
        self.session = session
        self.render = render
        self.tidy = tidy
        self.halt = halt if halt is not None else current_halt()
        self.pages: dict[str, Snapshot] = {}  # every Snapshot loaded, 4xx/5xx included
        self.failed: dict[str, str] = {}  # URL → why it gave no page (`fetch`: no 2xx page)
        self.files: set[str] = set()  # URLs that answered with no HTML page (NotHTML, lasting)
        self.trace: list[TraceEntry] = []
        self.reason = ""  # why the run stopped early; "" while it may still complete
        self._start = session.cost()
        self._started = time.perf_counter()
        self._routing_seen = frozenset(self._routing())
        self._traps_seen = len(self._trap_stops())
        # script-opened items: a rendered page's links include the URLs its items open
        self._openers = Openers(self)
        # virtualised lists: a rendered page's links include the rows drawn as it scrolls
        self._scrolling = Scrolling(self)

    # -- loading ---------------------------------------------------------------------------------

    async def fetch(
        self, urls: Iterable[str], *, render: bool | None = None, step: str | None = "fetch"
    ) -> dict[str, Snapshot]:
        """The 2xx HTML Snapshots of `urls`, loaded in one batch; a page already loaded (or
        already failed) is not asked for again. Failures, a 4xx/5xx answer included, are noted
        in the trace under `step` (not at all when `step` is None).

        Raises `Stopped(BUDGET_SPENT)` once the budget ran out, after keeping every page of the
        batch that did load.
        """
        wanted = list(dict.fromkeys(urls))
        await self._load(wanted, render, step, status_fails=True)
        return self.loaded(wanted)

    async def fetch_one(self, url: str, *, render: bool | None = None) -> Snapshot | None:
        """`url`'s 2xx HTML Snapshot, or None when it failed (the reason is in `failed`)."""
        return (await self.fetch([url], render=render)).get(url)

    async def load(
        self, urls: Iterable[str], *, render: bool | None = None, step: str | None = "fetch"
    ) -> dict[str, Snapshot]:
        """Every Snapshot of `urls`, whatever its HTTP status (status is data), loaded like
        `fetch`; a page that gave no Snapshot is left out, its error noted under `step`."""
        wanted = list(dict.fromkeys(urls))
        await self._load(wanted, render, step, status_fails=False)
        return {u: self.pages[u] for u in wanted if u in self.pages}

    def loaded(self, urls: Iterable[str]) -> dict[str, Snapshot]:
        """The 2xx HTML Snapshots of `urls` loaded so far (no page is asked for)."""
        return {
            u: self.pages[u] for u in dict.fromkeys(urls) if u in self.pages and self.pages[u].ok
        }

    async def _load(
        self, wanted: list[str], render: bool | None, step: str | None, *, status_fails: bool
    ) -> None:
        missing = [u for u in wanted if u not in self.pages and u not in self.failed]
        if not missing:
            return
        if self.reason:
            raise Stopped(self.reason)
        results = await self._pages(missing, self.render if render is None else render)
        self._note_routing()
        spent = ""
        for url, result in results.items():
            if isinstance(result, Snapshot):
                self.pages[url] = result
                if status_fails and not result.ok:
                    self._fail(url, f"HTTP status {result.status}", step)
            elif isinstance(result, BudgetExhausted):
                spent = spent_reason(result)
            else:
                self._fail(url, str(result), step)
                if isinstance(result, NotHTML) and not result.transient:
                    self.files.add(url)
        self._note_traps()
        if spent:
            self.stop(spent)
        for url, result in results.items():
            if isinstance(result, Snapshot):
                self.pages[url] = await self._whole(result)
        if len(results) < len(missing):
            self._halted()

    async def _pages(self, urls: list[str], render: bool) -> dict[str, Snapshot | CrawlError]:
        """`Session.pages` of `urls`, by URL; with a Halt, only the pages loaded before it
        fired (the others are cancelled)."""
        if self.halt is None:
            return dict(zip(urls, await self.session.pages(urls, render=render), strict=True))
        self._halted()
        done: dict[str, Snapshot | CrawlError] = {}

        async def one(url: str) -> None:
            try:
                done[url] = await self.session.page(url, render=render)
            except CrawlError as e:
                done[url] = e

        await self.halt.race(asyncio.gather(*(one(u) for u in urls)))
        return {u: done[u] for u in urls if u in done}

    async def _watched(self, work: Awaitable[T]) -> T:
        """`work`'s result; `Stopped` with the Halt's reason when it fires first."""
        if self.halt is None:
            return await work
        result = await self.halt.race(work)
        if result is None:
            self._halted()
        assert result is not None
        return result

    def stopping(self) -> bool:
        """Whether the current Halt fired: a long analysis asks between its steps and stops."""
        return self.halt is not None and self.halt.stopping()

    def _halted(self) -> None:
        """Stop with the Halt's reason when it has fired."""
        if self.halt is not None and self.halt.check():
            self.stop(self.halt.reason)

    def _fail(self, url: str, why: str, step: str | None) -> None:
        self.failed[url] = why
        if step is not None:
            self.note(step, "error", url, note=why)

    async def seed(self, url: str, *, render: bool | None = None) -> Snapshot:
        """The seed page a method starts from; `Stopped` saying why when it cannot serve."""
        try:
            page = await self._watched(
                self.session.page(url, render=self.render if render is None else render)
            )
        except BudgetExhausted as e:
            self.stop(spent_reason(e))
        except CrawlError as e:
            self.stop(f"cannot use the seed {url}: {e}")
        self._note_routing()
        if not page.ok:
            self.pages[page.url] = page
            self.pages.setdefault(url, page)
            self.stop(f"the seed {url} answered HTTP {page.status}; give a working page")
        page = await self._whole(page)
        self.pages[page.url] = page
        self.pages.setdefault(url, page)
        return page

    async def _whole(self, page: Snapshot) -> Snapshot:
        """`page`'s links with the rows its virtualised list draws as it scrolls, and the URLs
        its script-opened items lead to (itself when it shows neither)."""
        page = await self._scrolling.drawn(page)
        page = await self._openers.opened(page) if page.openers else page
        return page if self.tidy is None else self.tidy(page)

    async def again(self, url: str) -> Snapshot:
        """A second, independent load of `url` (`Session.page(fresh=True)`: comparing two loads
        shows a page's random content); `Stopped(BUDGET_SPENT)` once the budget ran out. Other
        CrawlErrors propagate."""
        try:
            return await self._watched(self.session.page(url, fresh=True))
        except BudgetExhausted as e:
            self.stop(spent_reason(e))

    async def rendered(self, url: str) -> Snapshot | None:
        """`url`'s 2xx Snapshot from the browser, even when a plain load of it is kept (the
        rendered one then replaces it in `pages`); None when it failed. Raises
        `Stopped(BUDGET_SPENT)` once the budget ran out."""
        kept = self.pages.get(url)
        if kept is not None and kept.rendered:
            return kept if kept.ok else None
        self.pages.pop(url, None)
        try:
            return await self.fetch_one(url, render=True)
        finally:
            if kept is not None:
                self.pages.setdefault(url, kept)

    async def data(self, urls: Iterable[str], *, step: str = "data") -> dict[str, Snapshot]:
        """The 2xx answers at `urls` whatever their content type (`Session.data`: the body as
        text in `html`), asked in one batch; failures and 4xx/5xx answers are noted in the
        trace under `step` and kept in `failed`. Raises `Stopped(BUDGET_SPENT)` once the budget
        ran out, after keeping what the batch got."""
        wanted = [u for u in dict.fromkeys(urls) if u not in self.failed]
        if wanted and self.reason:
            raise Stopped(self.reason)

        async def one(url: str) -> Snapshot | CrawlError:
            try:
                return await self.session.data(url)
            except CrawlError as e:
                return e

        answers = await self._watched(asyncio.gather(*(one(u) for u in wanted)))
        out: dict[str, Snapshot] = {}
        spent = ""
        for url, answer in zip(wanted, answers, strict=True):
            if isinstance(answer, BudgetExhausted):
                spent = spent_reason(answer)
            elif isinstance(answer, CrawlError):
                self._fail(url, str(answer), step)
            elif not answer.ok:
                self._fail(url, f"HTTP status {answer.status}", step)
            else:
                out[url] = answer
        self._note_traps()
        if spent:
            self.stop(spent)
        return out

    async def act(
        self, snapshot: Snapshot, action: Action, *, step: str = "act", open_items: bool = True
    ) -> Snapshot | None:
        """The state `action` leads to from `snapshot` (always in the browser), or None when it
        failed: why is kept in `failed` under the new state's key (`State.key()`) and noted in
        the trace under `step`; a failed state is not tried again. Raises
        `Stopped(BUDGET_SPENT)` once the budget ran out. The state's links include the URLs
        its script-opened items lead to (algorithms/openers.py) unless `open_items` is False."""
        key = (snapshot.state or State(snapshot.url)).then(action).key()
        if key in self.failed:
            return None
        if self.reason:
            raise Stopped(self.reason)
        try:
            state = await self._watched(self.session.act(snapshot, action))
        except BudgetExhausted as e:
            self.stop(spent_reason(e))
        except CrawlError as e:
            self.failed[key] = str(e)
            self.note(step, "error", action.label or action.selector, note=str(e))
            return None
        return await self._whole(state) if open_items else state

    # -- ending ----------------------------------------------------------------------------------

    def stop(self, reason: str) -> NoReturn:
        """Record why the run ends early (the first reason given wins) and raise `Stopped`."""
        if not self.reason:
            self.reason = reason
        raise Stopped(self.reason)

    def unfinished(self, reason: str) -> None:
        """Mark the run incomplete without unwinding (the method still returns what it found;
        it loads no page any more)."""
        if not self.reason:
            self.reason = reason

    @property
    def complete(self) -> bool:
        return not self.reason

    def cost(self) -> Cost:
        """What this run spent: the Session's counters now, less their reading at the start
        (seconds timed here when the Session keeps no time of its own)."""
        spent = self.session.cost().since(self._start)
        if spent.seconds > 0:
            return spent
        return replace(spent, seconds=round(time.perf_counter() - self._started, 3))

    def dust(self) -> DustLearner:
        """The site's DUST parameters, learned from the 2xx pages this run loaded (no download;
        `algorithms.features.dust`): a method reports its entities and index pages through the
        learner's `canonical`. What was learned is noted in the trace. The current Halt (Ctrl-C,
        the time limit) stops the learning where it stands; the run is then incomplete."""
        learner = DustLearner()
        pages = ((url, page.html) for url, page in self.pages.items() if page.ok)
        learner.observe_all(pages, stop=self.stopping)
        if self.stopping():
            assert self.halt is not None
            self.unfinished(self.halt.reason)
        if learner.params:
            self.note(
                "dust",
                "learn",
                ", ".join(sorted(learner.params)),
                note="pages whose URLs differ only in these query parameters show the same "
                "content: URLs are reported without them",
            )
        return learner

    # -- the trace -------------------------------------------------------------------------------

    def _routing(self) -> Mapping[str, RoutingDecision]:
        """The Session's hash-routing decisions (none from a stand-in that keeps none)."""
        decisions: Mapping[str, RoutingDecision] = getattr(self.session, "routing_decisions", {})
        return decisions

    def _note_routing(self) -> None:
        """Trace what the Session decided about documents' fragments since the last look (a
        hash-routed document's fragments are pages of their own: crawler.hashrouting)."""
        decisions = self._routing()
        if len(decisions) == len(self._routing_seen):
            return
        for document, d in decisions.items():
            if document not in self._routing_seen:
                self.note(
                    "hash-routing",
                    "routed" if d.hash_routed else "anchors",
                    d.url,
                    urls=(d.probe,) if d.probe else (),
                    values={"similarity": d.similarity},
                    note=d.reason,
                )
        self._routing_seen = frozenset(decisions)

    def _trap_stops(self) -> Mapping[str, TrapStop]:
        """The URL families the Session's trap guard stopped (none from a stand-in)."""
        stops: Mapping[str, TrapStop] = getattr(self.session, "trap_stops", {})
        return stops

    def _note_traps(self) -> None:
        """Trace each URL family the trap guard stopped since the last look: its name, the
        URLs admitted of it, the positions that vary (crawler.families)."""
        stops = self._trap_stops()
        if len(stops) == self._traps_seen:
            return
        for stop in list(stops.values())[self._traps_seen :]:
            self.note(
                "trap-guard",
                "stop",
                stop.family,
                values={"urls": stop.urls, "positions": stop.positions},
                note=f"{stop.describe()}; its other URLs are skipped ({stop.rule} {stop.limit})",
            )
        self._traps_seen = len(stops)

    def note(
        self,
        step: str,
        decision: str,
        subject: str,
        *,
        level: int | None = None,
        urls: Iterable[str] = (),
        values: Mapping[str, float] | None = None,
        note: str = "",
    ) -> None:
        """Add one entry to the trace: why a page or a group of links was kept or pruned."""
        self.trace.append(
            TraceEntry(
                step=step,
                decision=decision,
                subject=subject,
                level=level,
                urls=tuple(urls),
                values=tuple((k, round(v, 6)) for k, v in (values or {}).items()),
                note=note,
            )
        )
