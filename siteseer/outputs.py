"""Writing a command's output files, written once for every command.

A command writes its files itself and returns what it wrote; what goes to the terminal
(standard output and the summaries on standard error) `cli.py` prints from the result. A file
that cannot be written ends the command with an OutputFailed naming the file and the reason.

A single-file output named ``-`` is standard output (`is_stdout`): `write_text` and
`write_bytes` write there instead, and `shown` names it "standard output" in summaries.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from siteseer.errors import OutputFailed

__all__ = ["STDOUT", "is_stdout", "shown", "write_bytes", "write_text", "writing"]

STDOUT = Path("-")


def is_stdout(path: Path | None) -> bool:
    """Whether `path` is ``-``, standard output."""
    return path is not None and str(path) == "-"


def shown(path: Path) -> str:
    """`path` as a summary names it ("standard output" for ``-``)."""
    return "standard output" if is_stdout(path) else str(path)


@contextmanager
def writing(target: str) -> Iterator[None]:
    """An OSError inside the block becomes ``OutputFailed("cannot write <target>: <reason>")``;
    `target` names what is written, e.g. ``"the entity pages to out.jsonl"``."""
    try:
        yield
    except OSError as e:
        raise OutputFailed(f"cannot write {target}: {e}") from None


def write_text(path: Path, text: str, target: str, *, newline: str | None = None) -> None:
    """Write `text` to `path` (UTF-8; `newline` as in `open`; ``-``: standard output); see
    `writing` for `target`."""
    if is_stdout(path):
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    with writing(target), path.open("w", encoding="utf-8", newline=newline) as stream:
        stream.write(text)


def write_bytes(path: Path, data: bytes, target: str, *, parents: bool = False) -> None:
    """Write `data` to `path` (``-``: standard output), creating its directory first with
    `parents`; see `writing`."""
    if is_stdout(path):
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    with writing(target):
        if parents:
            path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
