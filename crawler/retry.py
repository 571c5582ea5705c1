"""Retries with exponential backoff, independent of what is being retried.

`RetryPolicy` says which outcomes deserve another attempt (5xx, 429, timeouts, connection
errors) and how long to wait; `retrying` runs an attempt function under a policy and reports
each attempt to an optional callback (the Session counts them as downloads).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import TypeVar

__all__ = ["Attempt", "RetryPolicy", "retrying"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """Up to `retries` extra attempts, waiting ``backoff * 2**n`` before retry n."""

    retries: int = 2
    backoff: timedelta = timedelta(seconds=0.2)

    def delay(self, retry: int) -> timedelta:
        """The wait before retry number `retry` (0-based)."""
        return self.backoff * (2**retry)

    @staticmethod
    def retry_status(status: int) -> bool:
        """Whether a response with this status is worth another attempt."""
        return status == 429 or 500 <= status < 600


@dataclass(frozen=True, slots=True)
class Attempt:
    """What one attempt ended with: a `status` (a response came) or an `error` (none did)."""

    number: int  # 1-based
    status: int | None = None
    error: BaseException | None = None


async def retrying(
    attempt: Callable[[], Awaitable[T]],
    policy: RetryPolicy,
    *,
    status_of: Callable[[T], int],
    retry_on: tuple[type[BaseException], ...],
    on_attempt: Callable[[Attempt], None] | None = None,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> T:
    """Run `attempt` until it returns a status not worth retrying or the retries are spent.

    A result whose ``status_of(result)`` is retryable is returned as is once the retries are
    spent (status is data). An exception of a `retry_on` type is retried and re-raised after the
    last attempt; any other exception propagates at once.
    """
    total = policy.retries + 1
    for number in range(1, total + 1):
        last = number == total
        try:
            result = await attempt()
        except retry_on as e:
            if on_attempt is not None:
                on_attempt(Attempt(number, error=e))
            if last:
                raise
        else:
            status = status_of(result)
            if on_attempt is not None:
                on_attempt(Attempt(number, status=status))
            if last or not policy.retry_status(status):
                return result
        await sleep(policy.delay(number - 1).total_seconds())
    raise AssertionError("unreachable: the last attempt returns or raises")
