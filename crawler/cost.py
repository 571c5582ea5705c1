"""What a crawl cost: the Session's counters, read at one moment.

A method reports its own spend as the difference of two readings (`Cost.since`).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Cost"]


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
        )
