"""A base for objects used as `async with` blocks that end by calling `close()`."""

from __future__ import annotations

from abc import ABC, abstractmethod
from types import TracebackType

__all__ = ["AsyncClosing"]


class AsyncClosing(ABC):
    """Leaving the `async with` block, normally or by an exception, awaits `close()`."""

    @abstractmethod
    async def close(self) -> None:
        """Release everything the object holds; calling it again does nothing."""

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()
