"""The errors a user can fix, as the command library raises them.

::

    UserError           a problem the user can fix; the CLI prints it on one line, exit code 2
    ├── BadOption       an option's value cannot be used (--height two, an unknown lab site,
    │                   --base-url ftp://x, ports outside 1–65535)
    ├── BadInput        an input cannot be used (an invalid URL, a missing or unreadable file,
    │                   a URL list of several hosts, nothing to work on)
    ├── OutputFailed    an output (a file, a directory, the cache directory) cannot be written
    └── RunFailed       the run stopped on an error the user can act on (the host is down,
                        robots.txt disallows the page, no browser, a port in use)

Every message is the whole line the user reads (after ``siteseer: ``): what is wrong and, where
there is one, what to do. Errors of the layers below (crawler, methods, lab) that the user can
act on are translated where the command meets them, with `run_failures`; anything else is a
bug and keeps its traceback.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

__all__ = [
    "BadInput",
    "BadOption",
    "OutputFailed",
    "RunFailed",
    "UserError",
    "one_line",
    "run_failures",
]


class UserError(Exception):
    """Base of the errors a user can fix; `str(error)` is the one line to print."""


class BadOption(UserError):
    """An option's value cannot be used; the message names the option."""


class BadInput(UserError):
    """An input (a URL, a file) cannot be used; the message names it and what was expected."""


class OutputFailed(UserError):
    """An output cannot be written; the message names the file and the system's reason."""


class RunFailed(UserError):
    """The run stopped on an error the user can act on (see the message)."""


def one_line(text: str) -> str:
    """`text` with every run of whitespace (newlines too) made one space."""
    return " ".join(text.split())


@contextmanager
def run_failures(*kinds: type[Exception]) -> Iterator[None]:
    """Turn an error of `kinds` raised inside the block into a RunFailed with its one-line
    message (the cause is kept as ``__cause__``)."""
    try:
        yield
    except kinds as e:
        raise RunFailed(one_line(str(e))) from e
