"""Per-host slots: delays between request starts and concurrency caps, on a fake clock."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from siteseer.crawler.politeness import PoliteFetcher, Politeness, Slot
from siteseer.render import RawResponse


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(round(seconds, 6))
        self.now += seconds


def test_slot_wait() -> None:
    slot = Slot(timedelta(seconds=2), 1)
    assert slot.wait_before(10.0) == 0.0
    slot.last_start = 10.0
    assert slot.wait_before(10.5) == 1.5
    assert slot.wait_before(13.0) == 0.0


async def test_delay_spaces_request_starts_per_host() -> None:
    clock = FakeClock()
    polite = Politeness(
        lambda host: timedelta(seconds=1) if host == "slow.com" else timedelta(0),
        4,
        clock=clock,
        sleep=clock.sleep,
    )
    starts: list[tuple[str, float]] = []
    for url in ["http://slow.com/a", "http://fast.com/a", "http://slow.com/b", "http://fast.com/b"]:
        async with polite.turn(url):
            starts.append((url, clock.now))
    slow = [t for u, t in starts if "slow" in u]
    assert slow[1] - slow[0] == 1.0
    assert clock.slept == [1.0]  # only the second slow.com request waited


async def test_raise_delay_only_raises() -> None:
    polite = Politeness(lambda host: timedelta(seconds=2), 1)
    polite.raise_delay("h.com", timedelta(seconds=1))
    assert polite.slot("h.com").delay == timedelta(seconds=2)
    polite.raise_delay("h.com", timedelta(seconds=5))
    assert polite.slot("h.com").delay == timedelta(seconds=5)


async def test_a_hold_delays_every_request_to_its_host_only() -> None:
    clock = FakeClock()
    polite = Politeness(lambda host: timedelta(0), 4, clock=clock, sleep=clock.sleep)
    assert polite.hold("h.com", timedelta(seconds=5)) == timedelta(seconds=5)
    polite.hold("h.com", timedelta(seconds=1))  # a shorter hold leaves the longer one
    async with polite.turn("http://other.com/a"):
        assert clock.now == 100.0
    for path in ("a", "b"):
        async with polite.turn(f"http://h.com/{path}"):
            assert clock.now == 105.0
    assert clock.slept == [5.0]


async def test_a_hold_is_capped() -> None:
    clock = FakeClock()
    polite = Politeness(
        lambda host: timedelta(0),
        1,
        max_hold=timedelta(seconds=60),
        clock=clock,
        sleep=clock.sleep,
    )
    assert polite.hold("h.com", timedelta(hours=1)) == timedelta(seconds=60)
    async with polite.turn("http://h.com/"):
        assert clock.now == 160.0


async def test_a_hold_set_while_a_request_waits_is_obeyed() -> None:
    clock = FakeClock()
    polite = Politeness(lambda host: timedelta(seconds=1), 1, clock=clock, sleep=clock.sleep)
    async with polite.turn("http://h.com/a"):
        pass

    async def sleep(seconds: float) -> None:  # the hold arrives during the delay's wait
        await clock.sleep(seconds)
        if len(clock.slept) == 1:
            polite.hold("h.com", timedelta(seconds=3))

    polite._sleep = sleep
    async with polite.turn("http://h.com/b"):
        assert clock.now == 104.0
    assert clock.slept == [1.0, 3.0]


async def test_concurrency_is_capped_per_host() -> None:
    polite = Politeness(lambda host: timedelta(0), 2)
    active = {"h.com": 0, "other.com": 0}
    peak = {"h.com": 0, "other.com": 0}

    async def request(url: str, host: str) -> None:
        async with polite.turn(url):
            active[host] += 1
            peak[host] = max(peak[host], active[host])
            await asyncio.sleep(0.01)
            active[host] -= 1

    await asyncio.gather(
        *(request(f"http://h.com/{i}", "h.com") for i in range(6)),
        *(request(f"http://other.com/{i}", "other.com") for i in range(2)),
    )
    assert peak == {"h.com": 2, "other.com": 2}
    assert polite.slot("h.com").active == 0


async def test_polite_fetcher_wraps_any_fetcher() -> None:
    clock = FakeClock()
    seen: list[tuple[str, float]] = []

    class Recording:
        async def fetch(self, url: str, *, timeout: timedelta) -> RawResponse:  # noqa: ASYNC109
            seen.append((url, clock.now))
            return RawResponse(url, url, 200, "text/html", (), b"<p>x</p>", 1.0)

    polite = PoliteFetcher(
        Recording(),
        Politeness(lambda h: timedelta(seconds=0.5), 8, clock=clock, sleep=clock.sleep),
    )
    for path in ("a", "b", "c"):
        response = await polite.fetch(f"http://h.com/{path}", timeout=timedelta(seconds=1))
        assert response.status == 200
    assert [t - seen[0][1] for _, t in seen] == [0.0, 0.5, 1.0]
