"""How the outputs of a run that stopped early say so.

Every row of a JSON-lines or CSV output written from an incomplete result (its page budget
spent, its time limit reached, Ctrl-C) carries ``"complete": false`` and the stop ``reason``, so
a single line read alone tells that the list it belongs to is partial; a complete run's rows
are unchanged. Whole-document outputs (queries.json, the Discovery JSON) carry both fields
always.
"""

from __future__ import annotations

from typing import Any

__all__ = ["marked", "marked_fields"]

_STATUS_FIELDS = ("complete", "reason")


def marked(row: dict[str, Any], complete: bool, reason: str) -> dict[str, Any]:
    """`row`, with ``complete`` and ``reason`` added when the run is incomplete."""
    if complete:
        return row
    return {**row, "complete": False, "reason": reason}


def marked_fields(fields: tuple[str, ...], complete: bool) -> tuple[str, ...]:
    """A CSV output's columns: `fields`, then ``complete`` and ``reason`` when incomplete."""
    return fields if complete else (*fields, *_STATUS_FIELDS)
