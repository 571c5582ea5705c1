"""The states an exploration saw, and the entities their lists showed.

A run stopped early (its time limit, its budget, Ctrl-C) reports what it has found so far, and
that is more than the entities of the queries it finished: a stop can come before the start
query is made (while the start page's tab views are clicked in turn, or its list is grown) or
while a level of drill-downs is visited. Every state loaded or reached by an action is read
once, as it is seen, for the result entities it lists (an entity page is no list: the links it
shows are not results); a state seen before the entities and their result list are learned
(the start page, the sample entity page) is read once they are. `Explorer.result` adds those the queries do not hold, only when the run is
incomplete: a complete run's entities are its queries'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.algorithms.querycentric.core import Explorer

__all__ = ["Sightings"]


class Sightings:
    """The keys of the states `ex` saw and the entities they listed, in the order seen."""

    def __init__(self, ex: Explorer) -> None:
        self.ex = ex
        self.keys: set[str] = set()
        self._entities: dict[str, None] = {}
        self._unread: list[Snapshot] = []
        self.learned = False  # set once the entities and their result list are learned

    def __len__(self) -> int:
        return len(self.keys)

    def add(self, snap: Snapshot) -> None:
        """`snap` seen: its listed entities noted (later, when none are learned yet)."""
        self.keys.add(snap.key)
        self._unread.append(snap)
        if self.learned:
            self._read()

    def entities(self) -> list[str]:
        """Every entity a state seen listed, in the order first seen."""
        if self.learned or self.ex.rows is not None or self.ex.pattern is not None:
            self._read()
        return list(self._entities)

    def _read(self) -> None:
        ex = self.ex
        for snap in self._unread:
            if ex.rows is None and ex.kind(snap) == "entity":
                continue
            self._entities.update(dict.fromkeys(ex.entities(snap)))
        self._unread.clear()
