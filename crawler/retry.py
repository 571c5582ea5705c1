"""Retries with exponential backoff, independent of what is being retried.

`RetryPolicy` says which outcomes deserve another attempt (5xx, 429, timeouts, connection
errors) and how long to wait: the backoff doubles per retry and is jittered (±`jitter`, so that
many clients do not retry in step), and an answer's Retry-After (seconds or an HTTP date) is
honoured up to `max_retry_after`. `retrying` runs an attempt function under a policy — with tenacity's
`AsyncRetrying`, the policy deciding what is retried and how long to wait — and reports each
attempt to an optional callback (the Session counts them as downloads).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from email.utils import parsedate_to_datetime
from typing import TypeVar

from tenacity import (
    AsyncRetrying,
    RetryCallState,
    retry_if_exception_type,
    retry_if_not_exception_type,
    retry_if_result,
    stop_after_attempt,
)

__all__ = ["Attempt", "RetryPolicy", "parse_retry_after", "retrying"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """Up to `retries` extra attempts, waiting about ``backoff * 2**n`` before retry n."""

    retries: int = 2
    backoff: timedelta = timedelta(seconds=0.2)
    jitter: float = 0.5  # the wait is the backoff times a factor drawn in [1 - jitter, 1 + jitter)
    max_retry_after: timedelta = timedelta(seconds=60)

    def delay(self, retry: int) -> timedelta:
        """The backoff before retry number `retry` (0-based), before jitter."""
        return self.backoff * (2**retry)

    def wait(self, retry: int, retry_after: float | None = None, draw: float = 0.5) -> float:
        """Seconds to wait before retry `retry`: the jittered backoff (`draw` in [0, 1)), or
        the server's Retry-After when longer, capped at `max_retry_after`."""
        seconds = self.delay(retry).total_seconds() * (1.0 + self.jitter * (2.0 * draw - 1.0))
        if retry_after is not None:
            seconds = max(seconds, min(retry_after, self.max_retry_after.total_seconds()))
        return seconds

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


def parse_retry_after(value: str, now: float | None = None) -> float | None:
    """A Retry-After header's wait in seconds (delta-seconds or an HTTP date); None if unusable."""
    text = value.strip()
    if not text:
        return None
    if text.isdigit():
        return float(text)
    try:
        moment = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if moment.tzinfo is None:
        return None
    return max(0.0, moment.timestamp() - (time.time() if now is None else now))


async def retrying(
    attempt: Callable[[], Awaitable[T]],
    policy: RetryPolicy,
    *,
    status_of: Callable[[T], int],
    retry_on: tuple[type[BaseException], ...],
    final: tuple[type[BaseException], ...] = (),
    on_attempt: Callable[[Attempt], None] | None = None,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    retry_after_of: Callable[[T], float | None] | None = None,
    draw: Callable[[], float] = random.random,
) -> T:
    """Run `attempt` until it returns a status not worth retrying or the retries are spent.

    A result whose ``status_of(result)`` is retryable is returned as is once the retries are
    spent (status is data); before retrying it, ``retry_after_of(result)`` (the server's
    Retry-After, in seconds) is honoured. An exception of a `retry_on` type is retried and
    re-raised after the last attempt; any other exception, or one of a `final` type (a
    `retry_on` type's subclass that asking again cannot change), propagates at once.
    """
    numbers = iter(range(1, policy.retries + 2))

    async def one() -> T:
        number = next(numbers)
        try:
            result = await attempt()
        except retry_on as e:
            if on_attempt is not None:
                on_attempt(Attempt(number, error=e))
            raise
        if on_attempt is not None:
            on_attempt(Attempt(number, status=status_of(result)))
        return result

    def wait(state: RetryCallState) -> float:
        retry_after = None
        outcome = state.outcome
        if retry_after_of is not None and outcome is not None and not outcome.failed:
            retry_after = retry_after_of(outcome.result())
        return policy.wait(state.attempt_number - 1, retry_after, draw())

    def last(state: RetryCallState) -> T:
        assert state.outcome is not None
        result: T = state.outcome.result()  # the last answer, or its exception raised again
        return result

    retrier = AsyncRetrying(
        retry=(retry_if_exception_type(retry_on) & retry_if_not_exception_type(final))
        | retry_if_result(lambda result: policy.retry_status(status_of(result))),
        stop=stop_after_attempt(policy.retries + 1),
        wait=wait,
        sleep=sleep,
        retry_error_callback=last,
    )
    return await retrier(one)
