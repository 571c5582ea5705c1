"""The page budget: network page loads plus browser actions a Session may spend."""

from __future__ import annotations

from siteseer.crawler.errors import BudgetExhausted, PageCapReached

__all__ = ["Budget"]


class Budget:
    """Counts units spent against an optional `limit` (None: unlimited) and, without a limit,
    an optional `cap` (the default bound of a crawl given no budget)."""

    def __init__(self, limit: int | None, cap: int | None = None) -> None:
        self.limit = limit
        self.cap = cap if limit is None else None
        self.used = 0

    @property
    def left(self) -> int | None:
        return None if self.limit is None else max(0, self.limit - self.used)

    @property
    def bound(self) -> int | None:
        """The limit, else the cap: what the units spent may not pass."""
        return self.limit if self.limit is not None else self.cap

    def can_spend(self, units: int = 1) -> bool:
        return self.bound is None or self.used + units <= self.bound

    def spend(self, url: str, units: int = 1) -> None:
        """Spend `units` for loading `url`, or raise BudgetExhausted (PageCapReached at the cap)
        and spend nothing."""
        if not self.can_spend(units):
            if self.limit is None:
                assert self.cap is not None
                raise PageCapReached(url, self.cap)
            raise BudgetExhausted(url, self.limit)
        self.used += units
