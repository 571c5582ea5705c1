"""Sharing work in flight: the same key is worked on once, every caller gets the result."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["InFlight"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class InFlight(Generic[K, V]):
    """Runs at most one task per key at a time; later callers await the running one.

    The work runs in its own task, so a caller that is cancelled does not cancel it for the
    others; `cancel_all` ends whatever is left (a Session closing).
    """

    def __init__(self) -> None:
        self._tasks: dict[K, asyncio.Task[V]] = {}

    def running(self, key: K) -> bool:
        return key in self._tasks

    async def join(self, key: K) -> V:
        """The result of the task running for `key` (which must be running)."""
        return await asyncio.shield(self._tasks[key])

    async def run(self, key: K, work: Callable[[], Awaitable[V]]) -> tuple[V, bool]:
        """Start `work` for `key`, or join the task already running for it.

        Returns the value and whether it came from a task another caller started.
        """
        if key in self._tasks:
            return await self.join(key), True
        task: asyncio.Task[V] = asyncio.ensure_future(work())
        self._tasks[key] = task
        task.add_done_callback(lambda done: self._finished(key, done))
        return await asyncio.shield(task), False

    def _finished(self, key: K, task: asyncio.Task[V]) -> None:
        if self._tasks.get(key) is task:
            del self._tasks[key]
        if not task.cancelled():
            task.exception()  # retrieved here; every caller still gets it from its own await

    async def cancel_all(self) -> None:
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
