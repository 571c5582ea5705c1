"""The lab's errors.

::

    LabError            something about the lab itself went wrong
    └── BenchError      a benchmark or demo cannot run as asked (unknown site or method, …)

A method that fails on a site is not a `BenchError`: the bench records the failure in that run's
row and goes on with the next run.
"""

from __future__ import annotations

__all__ = ["BenchError", "LabError"]


class LabError(Exception):
    """Base of the lab's errors."""


class BenchError(LabError):
    """The bench or the demo cannot run as asked; the message says what to change."""
