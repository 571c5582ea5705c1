"""Errors of the lab's real-app tier.

::

    LabError                    (lab/errors.py)
    └── RealAppError            a real application cannot be installed, started or read
        ├── NotInstalled        its software or data are missing; the message names the command
        ├── InstallFailed       an install step (venv, pip, data load) failed
        └── AppFailed           the application did not start, or died

Every error names the application id and says, in one line, what to run or which log to read.
"""

from __future__ import annotations

from siteseer.lab.errors import LabError

__all__ = ["AppFailed", "InstallFailed", "NotInstalled", "RealAppError"]


class RealAppError(LabError):
    """A real application of the lab cannot be installed, started or read."""

    def __init__(self, app_id: str, message: str) -> None:
        super().__init__(f"{app_id}: {message}")
        self.app_id = app_id


class NotInstalled(RealAppError):
    """Its software or data are not installed; the message says which command installs them."""


class InstallFailed(RealAppError):
    """An install step failed; the message names the step and the log file with its output."""


class AppFailed(RealAppError):
    """The application did not answer in time, or exited; the message names its log file."""
