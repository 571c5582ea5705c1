"""The page budget: network page loads plus browser actions a Session may spend."""

from __future__ import annotations

from siteseer.crawler.errors import BudgetExhausted

__all__ = ["Budget"]


class Budget:
    """Counts units spent against an optional `limit` (None: unlimited)."""

    def __init__(self, limit: int | None) -> None:
        self.limit = limit
        self.used = 0

    @property
    def left(self) -> int | None:
        return None if self.limit is None else max(0, self.limit - self.used)

    def can_spend(self, units: int = 1) -> bool:
        return self.limit is None or self.used + units <= self.limit

    def spend(self, url: str, units: int = 1) -> None:
        """Spend `units` for loading `url`, or raise BudgetExhausted and spend nothing."""
        if not self.can_spend(units):
            assert self.limit is not None
            raise BudgetExhausted(url, self.limit)
        self.used += units
