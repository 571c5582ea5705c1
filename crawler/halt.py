"""A stop asked for from outside a crawl's methods: a time limit on the whole run, or Ctrl-C.

    with halting(Halt(timedelta(minutes=5))) as halt:
        result = await ssup(session, seed)   # result.reason == halt.reason once it fired

`halting` makes a Halt the current one for the block (a context variable, so the tasks the
block starts see it too); every method run (`algorithms.Run`) created inside watches it and
stops at its next load, or during one, with the Halt's reason, keeping what it found. Pure
asyncio and the clock: the command line arms it without loading the methods.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import timedelta
from typing import Any, TypeVar

__all__ = ["INTERRUPTED", "Halt", "current_halt", "halting", "time_limit_reason"]

INTERRUPTED = "interrupted (Ctrl-C)"

T = TypeVar("T")


def time_limit_reason(limit: timedelta) -> str:
    """The stop reason of a run that reached its time limit."""
    return f"time limit of {limit.total_seconds():g} s reached"


class Halt:
    """A stop asked for from outside the methods: the time `limit` of the whole run (None: no
    limit, counted from the Halt's creation) or a call to `halt` (Ctrl-C). `reason` is "" until
    it fires; the first reason wins. A Halt `within` another fires when that one does, with its
    reason (one run's time limit within a bench that Ctrl-C stops)."""

    def __init__(self, limit: timedelta | None = None, *, within: Halt | None = None) -> None:
        if limit is not None and limit <= timedelta(0):
            raise ValueError(f"a time limit must be positive, not {limit}")
        self.limit = limit
        self.within = within
        self._deadline = None if limit is None else time.monotonic() + limit.total_seconds()
        self._reason = ""
        self._fired: asyncio.Event | None = None

    @property
    def reason(self) -> str:
        """Why the runs were stopped ("" while the Halt has not fired)."""
        return self._reason

    def check(self) -> str:
        """`reason`, firing the Halt first when the time limit has passed or the Halt it is
        within has fired."""
        if not self._reason and self.within is not None and self.within.check():
            self.halt(self.within.reason)
        if not self._reason and self._deadline is not None and time.monotonic() >= self._deadline:
            assert self.limit is not None
            self.halt(time_limit_reason(self.limit))
        return self._reason

    @property
    def interrupted(self) -> bool:
        return self._reason == INTERRUPTED

    def mark(self, reason: str) -> None:
        """Set `reason` (the first reason given wins) without waking the Halt's waiters: safe
        from a signal handler, which may run while the event loop is in the middle of a step.
        `check` sees it at once; `halt` wakes the waiters."""
        if not self._reason:
            self._reason = reason

    def stopping(self) -> bool:
        """Whether a long computation should stop now (`check`, as a bool)."""
        return bool(self.check())

    def stop_after_now(self) -> Callable[[], bool]:
        """A `stopping` for a computation over what a run gathered: when the Halt has already
        cut the run, the computation still goes over what it gathered (never stopped by the same
        reason again); otherwise it stops when the Halt fires."""
        if self._reason:
            return lambda: False
        return self.stopping

    def halt(self, reason: str) -> None:
        """Stop every Run watching this Halt with `reason` (the first reason given wins)."""
        self.mark(reason)
        if self._fired is not None:
            self._fired.set()

    async def wait(self) -> str:
        """Return the reason once the Halt fires (at once when it has)."""
        if self._fired is None:
            self._fired = asyncio.Event()
        if self.check():
            return self._reason
        left = None if self._deadline is None else max(0.0, self._deadline - time.monotonic())
        waits: set[asyncio.Future[Any]] = {asyncio.ensure_future(self._fired.wait())}
        if self.within is not None:
            waits.add(asyncio.ensure_future(self.within.wait()))
        try:
            await asyncio.wait(waits, timeout=left, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiting in waits:
                waiting.cancel()
        return self.check()

    async def race(self, work: Awaitable[T]) -> T | None:
        """`work`'s result, or None when the Halt fired first (`work` is then cancelled)."""
        if self.check():
            if asyncio.iscoroutine(work):
                work.close()
            elif isinstance(work, asyncio.Future):
                work.cancel()
            return None
        task = asyncio.ensure_future(work)
        # retrieved however it ends: a gather whose tasks the run's shutdown cancels one by one
        # ends with an exception nobody else reads (asyncio logged it with a traceback)
        task.add_done_callback(_retrieve)
        fired = asyncio.ensure_future(self.wait())
        try:
            await asyncio.wait({task, fired}, return_when=asyncio.FIRST_COMPLETED)
        except BaseException:  # the caller was cancelled: so is the work
            task.cancel()
            raise
        finally:
            fired.cancel()
        if task.done():
            return task.result()
        task.cancel()
        await asyncio.wait({task})
        if not task.cancelled():
            task.exception()  # retrieved: a cancelled gather finishes with CancelledError
        return None


def _retrieve(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()


_CURRENT: ContextVar[Halt | None] = ContextVar("halt", default=None)


@contextmanager
def halting(halt: Halt) -> Iterator[Halt]:
    """Make `halt` the one every Run created inside the block (in this task and the tasks it
    starts) watches."""
    token = _CURRENT.set(halt)
    try:
        yield halt
    finally:
        _CURRENT.reset(token)


def current_halt() -> Halt | None:
    """The Halt `halting` made current here, if any."""
    return _CURRENT.get()
