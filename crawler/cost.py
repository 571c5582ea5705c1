"""What a crawl cost: the Session's counters, read at one moment.

A method reports its own spend as the difference of two readings (`Cost.since`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["Cost", "Counters"]


@dataclass(frozen=True, slots=True)
class Cost:
    """What a run cost, read off the Session's counters when the method finished."""

    downloads: int = 0  # page loads over the network (HTTP fetches and browser navigations)
    renders: int = 0  # of which went through the browser
    actions: int = 0  # state changes in the browser: clicks, selects, submits, scrolls
    cache_hits: int = 0
    bytes: int = 0
    seconds: float = 0.0
    errors: int = 0
    # When the oldest page answered from the cache was stored there (seconds since the epoch;
    # 0: no page came from the cache).
    oldest_cached: float = 0.0

    @property
    def state_changes(self) -> int:
        """Every state change the run paid for: page loads plus browser actions."""
        return self.downloads + self.actions

    def since(self, start: Cost) -> Cost:
        """What was spent between `start` and this reading of the same counters."""
        return Cost(
            downloads=self.downloads - start.downloads,
            renders=self.renders - start.renders,
            actions=self.actions - start.actions,
            cache_hits=self.cache_hits - start.cache_hits,
            bytes=self.bytes - start.bytes,
            seconds=self.seconds - start.seconds,
            errors=self.errors - start.errors,
            oldest_cached=self.oldest_cached if self.cache_hits > start.cache_hits else 0.0,
        )

    def cache_note(self, now: float | None = None) -> str:
        """How many pages came from the cache and how old the oldest was: "12 from the cache
        (the oldest stored 3 days ago)", "none from the cache"."""
        if not self.cache_hits:
            return "none from the cache"
        note = f"{self.cache_hits} from the cache"
        if self.oldest_cached:
            age = max(0.0, (time.time() if now is None else now) - self.oldest_cached)
            note += f" (the oldest stored {_age(age)} ago)"
        return note


def _age(seconds: float) -> str:
    """``42 s``, ``5 min``, ``3 h``, ``2 days``: an age in its largest whole unit."""
    for unit, size in (("days", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            count = int(seconds // size)
            return f"{count} {'day' if unit == 'days' and count == 1 else unit}"
    return f"{int(seconds)} s"


@dataclass(slots=True)
class Counters:
    """The Session's running counts, which `Session.cost` reads (with the renderer's own)."""

    http_fetches: int = 0  # HTTP page fetches, retries included (robots.txt is not a page)
    render_loads: int = 0  # browser loads asked of the renderer, retries included
    handed_over: int = 0  # of which were handed their document fetched already
    actions: int = 0
    cache_hits: int = 0
    bytes: int = 0
    errors: int = 0
    oldest_cached: float = 0.0  # stored time of the oldest page answered from the cache

    def cached(self, stored_at: float | None) -> None:
        """Count a page answered from the cache (`stored_at`: when it was stored there; None
        for one shared from a load of this run)."""
        self.cache_hits += 1
        if stored_at and (not self.oldest_cached or stored_at < self.oldest_cached):
            self.oldest_cached = stored_at

    def cost(self, renderer: Callable[[str, int], int], seconds: float) -> Cost:
        """A reading of these counts, with the renderer's own where it keeps them
        (`renderer(name, fallback)`: the browser pool reuses a page already showing a state's
        prefix and counts each load-more round as an action).

        `downloads` are page loads over the network: HTTP page fetches (each retry too) plus
        browser navigations, except those answered from a document fetched already (render="auto"
        renders the page it decides a host on from its HTTP response: one download, one render);
        robots.txt is not a page, so only its bytes count. `renders` are the browser
        navigations, `actions` the state changes made in the browser (each click, select,
        submit, scroll and load-more round), `errors` the failed loads.
        """
        navigations = renderer("navigations", self.render_loads)
        return Cost(
            downloads=self.http_fetches + navigations - renderer("handed_over", self.handed_over),
            renders=navigations,
            actions=renderer("actions", self.actions),
            cache_hits=self.cache_hits,
            bytes=self.bytes,
            seconds=seconds,
            errors=self.errors,
            oldest_cached=self.oldest_cached,
        )
