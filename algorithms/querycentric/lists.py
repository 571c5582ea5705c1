"""The result list of an Ajax state grown to its end and paged: load-more and Ajax pagers.

When a state has a load-more control it is used in the same visit until the list stops
growing. The first list with one is grown by two clicks only: when the two requests they sent
are plain GETs differing in one counter (listing.py) and the second, asked directly, names the
very rows the click added, every further chunk of that list and of every list after it (shown
by its facet click) is asked for directly over HTTP — downloads, not clicks, at the largest
page size the request's own size parameter takes. Otherwise load-more is clicked to the end.
An Ajax pager's next control is clicked until it is gone or disabled or the rows stop changing.
`ListGrower` keeps what it learned (the list's request, the most rows an answer brought) for
every list of one exploration (ajax.py's `AjaxFacets` owns one).
"""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import urljoin, urlsplit

from siteseer.algorithms.querycentric.exploring import Exploring
from siteseer.algorithms.querycentric.listing import (
    ListRequest,
    answer_rows,
    continuation,
    learn_list_request,
    next_url,
)
from siteseer.algorithms.querycentric.model import load_more_control, unsafe_reason
from siteseer.algorithms.run import Stopped
from siteseer.algorithms.scriptpager import page_through
from siteseer.render import Action, Control, Snapshot, State

__all__ = ["DIRECT_PAGE_SIZE", "ListGrower"]

# Rows asked for per answer where a list request has a page-size parameter (the server may give
# fewer: paging then goes on by what each answer brought).
DIRECT_PAGE_SIZE = 1000


class ListGrower:
    """Grows and pages the result lists of one exploration's Ajax states."""

    def __init__(self, ex: Exploring) -> None:
        self.ex = ex
        # The list's own request, once learned and checked (None: not yet, or clicks only).
        self.direct: ListRequest | None = None
        self.clicks_only = False  # the direct path was tried and refused: click
        self.most_rows = 0  # the most rows one direct answer brought
        self.enlarge = True  # ask DIRECT_PAGE_SIZE rows per answer (off once refused)
        self.canonicals: dict[str, str] = {}  # an answer's URL → its canonical form

    async def load_all(self, snap: Snapshot) -> Snapshot:
        """`snap` with its result list grown by the load-more control until it stops growing."""
        control = load_more_control(snap)
        if control is None or unsafe_reason(control):
            return snap
        grown = await self.grown(snap, control)
        return grown if grown is not None else snap

    def _more(self, control: Control, rounds: int | None = None) -> Action:
        """Load more until the list stops growing (at most `load_more_rounds` clicks)."""
        rounds = self.ex.settings.load_more_rounds if rounds is None else rounds
        return Action("load_more", control.selector, rounds=rounds, label=control.label)

    async def grown(self, start: Snapshot, control: Control) -> Snapshot | None:
        """The list of `start` (a state to act on, maybe not performed yet) grown to its end:
        by clicks, or by its own request asked directly once that is learned (`_learn`)."""
        ex = self.ex
        if self.clicks_only or ex.rows is not None:
            return await ex.act(start, self._more(control))
        if self.direct is None:
            return await self._learn(start, control)
        shown = await self._shown(start)
        if shown is None or not _showing(load_more_control(shown)):
            return shown
        return await self._fetched(shown, control)

    async def _shown(self, start: Snapshot) -> Snapshot | None:
        """The state `start` names, performed (its last action done on the state before)."""
        state = start.state or State(start.url)
        if not state.actions:
            return start
        before = replace(start, state=State(state.url, state.actions[:-1]))
        return await self.ex.act(before, state.actions[-1])

    async def _learn(self, start: Snapshot, control: Control) -> Snapshot | None:
        """Grow `start`'s list by two clicks, learn the request they sent and check it (asked
        directly, it names the rows the second click added); then fetch the rest directly, or
        click on from where the two clicks stopped."""
        ex = self.ex
        probe = await ex.act(start, self._more(control, rounds=2))
        if probe is None or not _showing(load_more_control(probe)):
            return probe
        learned = learn_list_request(probe.requests)
        why = "its load-more clicks sent no GET requests differing in one counter"
        if learned is not None:
            last = continuation(probe.requests, learned)
            why = await self._check(probe, learned, last)
            if not why:
                self.direct = learned
                ex.run.note("list-request", "direct", learned.endpoint, note=learned.describe())
                return await self._fetched(probe, control)
        self.clicks_only = True
        ex.run.note("list-request", "click", probe.url, note=why)
        return await ex.act(probe, self._more(control))

    async def _check(self, probe: Snapshot, learned: ListRequest, last: str | None) -> str:
        """Why the learned request is not to be asked directly ("" when it is): the answer to
        the last request the clicks sent must name exactly the rows the page shows last."""
        if last is None or unsafe_reason(url=last):
            return f"{learned.describe()}: no safe request to check"
        try:
            answers = await self.ex.run.data([last])
        except Stopped:
            return "the budget ran out"
        answer = answers.get(last)
        rows = self._rows(answer) if answer is not None else None
        if not rows:
            return f"{last} answered no rows"
        shown = self.ex.entities(probe)
        if set(rows) != set(shown[-len(rows) :]):
            return f"{last} names other rows than its click added"
        self.most_rows = max(self.most_rows, len(rows))
        return ""

    def _rows(self, answer: Snapshot) -> tuple[str, ...] | None:
        pattern = self.ex.pattern
        if pattern is None:
            return None
        return answer_rows(answer, pattern.matches, self._canonical)

    def _canonical(self, text: str, base: str) -> str:
        """`text` resolved against `base` in the crawl's canonical form (each URL once: the
        same rows come back in many answers)."""
        if text.startswith(("http://", "https://")):
            absolute = text
        elif text.startswith("/") and not text.startswith("//"):
            absolute = _origin(base) + text
        else:
            absolute = urljoin(base, text)
        known = self.canonicals.get(absolute)
        if known is None:
            known = self.canonicals[absolute] = self.ex.canonical(absolute)
        return known

    async def _fetched(self, shown: Snapshot, control: Control) -> Snapshot | None:
        """`shown` with the rest of its list asked for directly, chunk after chunk, until an
        answer brings no new rows or fewer than the most one answer brought; clicks instead
        when the state sent no request of the learned form or an answer failed."""
        ex = self.ex
        assert self.direct is not None
        request = continuation(shown.requests, self.direct)
        if request is None:
            return await ex.act(shown, self._more(control))
        listed = list(ex.entities(shown))
        seen = set(listed)
        asked = 0
        rows: int | None = None
        while asked < ex.settings.load_more_rounds:
            size = DIRECT_PAGE_SIZE if self.enlarge else 0
            url = next_url(request, self.direct, rows=rows, size=size)
            if unsafe_reason(url=url):
                break
            try:
                answer = (await ex.run.data([url])).get(url)
            except Stopped:
                return None
            asked += 1
            got = self._rows(answer) if answer is not None else None
            if got is None and size:
                self.enlarge = False  # the server refused the larger page: ask as the page does
                continue
            if got is None:
                return await ex.act(shown, self._more(control))
            fresh = [r for r in got if r not in seen]
            seen.update(fresh)
            listed.extend(fresh)
            request, rows = url, len(got)
            if not fresh or len(got) < self.most_rows:
                break
            self.most_rows = max(self.most_rows, len(got))
        ex.run.note(
            "list-request",
            "fetch",
            shown.key,
            values={"answers": float(asked), "entities": float(len(listed))},
        )
        return _with_rows(shown, listed, ex.entities(shown))

    async def paged(self, first: Snapshot) -> list[Snapshot]:
        """The pages of `first`'s result list, `first` first: its pager's next control is
        clicked until it is gone or disabled or the rows stop changing (at most
        `load_more_rounds` clicks, each one a state of its own and counted as an action)."""
        ex = self.ex
        pages = await page_through(
            first,
            ex.act,
            ex.entities,
            rounds=ex.settings.load_more_rounds,
            allowed=lambda control: not unsafe_reason(control),
        )
        seen = {url for page in pages for url in ex.entities(page)}
        if len(pages) > 1:
            ex.run.note(
                "pager",
                "follow",
                first.key,
                values={"pages": float(len(pages)), "entities": float(len(seen))},
            )
        return pages


def _origin(url: str) -> str:
    """``scheme://host[:port]`` of an absolute URL."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def _showing(control: Control | None) -> bool:
    """A control the page shows (a hidden one has no box)."""
    return control is not None and (
        control.box is None or (control.box.w > 0 and control.box.h > 0)
    )


def _with_rows(shown: Snapshot, listed: list[str], had: tuple[str, ...]) -> Snapshot:
    """`shown` with the result rows fetched directly added as links after its own (each a copy
    of its last result link, in the same container): the state as if load-more had been
    clicked to the end."""
    extra = [url for url in listed if url not in set(had)]
    if not extra or not had:
        return shown
    template = next(link for link in reversed(shown.links) if link.url == had[-1])
    added = tuple(replace(template, url=url, text="", box=None) for url in extra)
    return replace(shown, links=(*shown.links, *added))
