"""Retry policy and the retrying loop, with scripted attempts and a recorded sleep."""

from __future__ import annotations

from datetime import timedelta

import pytest

from siteseer.crawler.retry import Attempt, RetryPolicy, parse_retry_after, retrying
from siteseer.render import NavigationFailed, NavigationTimeout


class Script:
    """Attempts that return statuses or raise, in order; sleeps are recorded, not slept."""

    def __init__(self, *outcomes: int | BaseException) -> None:
        self.outcomes = list(outcomes)
        self.calls = 0
        self.slept: list[float] = []
        self.attempts: list[Attempt] = []

    async def attempt(self) -> int:
        outcome = self.outcomes[self.calls]
        self.calls += 1
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)

    async def run(self, policy: RetryPolicy) -> int:
        return await retrying(
            self.attempt,
            policy,
            status_of=lambda s: s,
            retry_on=(NavigationFailed, NavigationTimeout),
            on_attempt=self.attempts.append,
            sleep=self.sleep,
            draw=lambda: 0.5,  # the middle of the jitter: the plain backoff
        )


def test_backoff_doubles() -> None:
    policy = RetryPolicy(retries=3, backoff=timedelta(seconds=0.2))
    assert [policy.delay(n) for n in range(3)] == [
        timedelta(seconds=0.2),
        timedelta(seconds=0.4),
        timedelta(seconds=0.8),
    ]


@pytest.mark.parametrize(
    ("status", "retry"),
    [(500, True), (503, True), (429, True), (404, False), (200, False), (301, False)],
)
def test_which_statuses_are_retried(status: int, retry: bool) -> None:
    assert RetryPolicy.retry_status(status) is retry


async def test_500_then_200_is_retried_once() -> None:
    script = Script(500, 200)
    assert await script.run(RetryPolicy(retries=2)) == 200
    assert script.calls == 2
    assert script.slept == [0.2]
    assert [a.status for a in script.attempts] == [500, 200]


async def test_persistent_500_returns_the_last_response() -> None:
    script = Script(500, 502, 503)
    assert await script.run(RetryPolicy(retries=2)) == 503
    assert script.calls == 3
    assert script.slept == [0.2, 0.4]


async def test_404_is_not_retried() -> None:
    script = Script(404, 200)
    assert await script.run(RetryPolicy(retries=2)) == 404
    assert script.calls == 1 and script.slept == []


async def test_connection_errors_are_retried_then_raised() -> None:
    script = Script(NavigationFailed("refused"), NavigationTimeout("slow"), NavigationFailed("x"))
    with pytest.raises(NavigationFailed, match="x"):
        await script.run(RetryPolicy(retries=2))
    assert script.calls == 3
    assert [type(a.error) for a in script.attempts] == [
        NavigationFailed,
        NavigationTimeout,
        NavigationFailed,
    ]


async def test_timeout_then_success() -> None:
    script = Script(NavigationTimeout("slow"), 200)
    assert await script.run(RetryPolicy(retries=1)) == 200


async def test_other_exceptions_are_not_retried() -> None:
    script = Script(KeyError("bug"), 200)
    with pytest.raises(KeyError):
        await script.run(RetryPolicy(retries=2))
    assert script.calls == 1


async def test_zero_retries_means_one_attempt() -> None:
    script = Script(500, 200)
    assert await script.run(RetryPolicy(retries=0)) == 500
    assert script.calls == 1


def test_jitter_spreads_the_wait_around_the_backoff() -> None:
    policy = RetryPolicy(backoff=timedelta(seconds=1), jitter=0.5)
    assert policy.wait(0, draw=0.0) == 0.5
    assert policy.wait(0, draw=0.5) == 1.0
    assert policy.wait(1, draw=0.999) == pytest.approx(2.998)


def test_retry_after_is_honoured_up_to_its_cap() -> None:
    policy = RetryPolicy(backoff=timedelta(seconds=0.2), max_retry_after=timedelta(seconds=30))
    assert policy.wait(0, retry_after=5.0) == 5.0
    assert policy.wait(0, retry_after=3600.0) == 30.0
    assert policy.wait(0, retry_after=0.0) == pytest.approx(0.2)


@pytest.mark.parametrize(
    ("header", "seconds"),
    [
        ("5", 5.0),
        (" 12 ", 12.0),
        ("Thu, 01 Jan 1970 00:01:40 GMT", 60.0),
        ("soon", None),
        ("", None),
    ],
)
def test_retry_after_header_forms(header: str, seconds: float | None) -> None:
    assert parse_retry_after(header, now=40.0) == seconds


async def test_a_429_waits_what_its_retry_after_says() -> None:
    slept: list[float] = []
    answers = iter([429, 200])

    async def attempt() -> int:
        return next(answers)

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    status = await retrying(
        attempt,
        RetryPolicy(retries=2),
        status_of=lambda s: s,
        retry_on=(),
        sleep=sleep,
        retry_after_of=lambda s: 5.0 if s == 429 else None,
    )
    assert status == 200 and slept == [5.0]
