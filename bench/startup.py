"""Start-up of the command line: every command's `--help`, `config`, `render URL` on a static
page and on a scripted one.

    python -m bench.startup [--repeat 5] [--only help|render] [--compile]

Runs each command line in a fresh interpreter (`python -m siteseer.cli …`, as the `siteseer` script
does) once untimed, then `--repeat` times, and prints a markdown table of the median wall and
CPU seconds (user + system of the child, from `os.wait4`) against the targets: `siteseer
--help` and every command's `--help` ≤ 0.3 s, `siteseer render URL` on a static page ≤ 0.5 s
(with `--render never`, and in auto mode, where a static page launches no browser). The static
page is the council lab site's root; the render runs use `--no-cache`, so each one downloads
the page, and then a cache, which the untimed run fills, so each one reads the page from it.

The scripted page is the spa lab site's root (an empty application shell its script fills
from a JSON endpoint): `--render always` is measured (a browser launch and one render), and
auto mode, which fetches the page over HTTP, decides that it needs a browser and renders it
from that response, has the target ≤ the `--render always` row + 0.5 s (wall and CPU). Both
sites are served on loopback by processes of their own (`siteseer lab serve`). A row over its
target is marked `over` (`config` and `--render always` are measured, with no target).

The children keep their modules' bytecode in `__pycache__` as an installed package does (the
untimed run writes it), whatever PYTHONDONTWRITEBYTECODE says; `--compile` sets it instead, so
that every start compiles the project's modules from source.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Row", "help_commands", "main", "measure"]

ROOT = Path(__file__).resolve().parents[1]
HELP_TARGET = 0.3
RENDER_TARGET = 0.5
SCRIPTED_MARGIN = 0.5  # auto mode on a scripted page: ≤ `--render always` + this


@dataclass(frozen=True)
class Row:
    args: tuple[str, ...]
    target: float | None  # None: measured, no target
    wall: float  # median seconds
    cpu: float  # median CPU seconds (user + system)

    @property
    def over(self) -> bool:
        return self.target is not None and max(self.wall, self.cpu) > self.target


def help_commands() -> list[tuple[str, ...]]:
    """`--help` of the app and of every command and command group, as argument tuples."""
    import click

    from siteseer import cli

    found: list[tuple[str, ...]] = [("--help",)]

    def walk(group: click.Command, path: tuple[str, ...]) -> None:
        if not isinstance(group, click.Group):
            return
        ctx = click.Context(group)
        for name in sorted(group.list_commands(ctx)):
            command = group.get_command(ctx, name)
            assert command is not None
            found.append((*path, name, "--help"))
            walk(command, (*path, name))

    walk(cli.app, ())
    return found


def _environment(compile_each_start: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if compile_each_start:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def _once(args: tuple[str, ...], env: dict[str, str]) -> tuple[float, float]:
    """One run of `python -m siteseer.cli ARGS`: (wall, CPU) seconds; a failed run raises."""
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "siteseer.cli", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    assert child.stderr is not None
    error = child.stderr.read().decode(errors="replace")
    child.stderr.close()
    if child.returncode != 0:
        raise RuntimeError(f"siteseer {' '.join(args)}: exit {child.returncode}: {error.strip()}")
    return wall, usage.ru_utime + usage.ru_stime


def measure(
    args: tuple[str, ...], target: float | None, repeat: int, *, compile_each_start: bool = False
) -> Row:
    """The median wall and CPU seconds of `repeat` runs of `python -m siteseer.cli ARGS`, after one
    untimed run."""
    env = _environment(compile_each_start)
    _once(args, env)
    runs = [_once(args, env) for _ in range(repeat)]
    return Row(
        args,
        target,
        statistics.median(wall for wall, _ in runs),
        statistics.median(cpu for _, cpu in runs),
    )


@contextmanager
def served_page(site: str) -> Iterator[str]:
    """A lab site's root URL, served by `siteseer lab serve` in a child process."""
    child = subprocess.Popen(
        [sys.executable, "-m", "siteseer.cli", "lab", "serve", "--sites", site],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert child.stdout is not None
        _, url = child.stdout.readline().split()  # "<site-id> <root URL>"
        yield url + "/"
    finally:
        child.terminate()
        child.wait(timeout=30)


def _table(rows: list[Row]) -> list[str]:
    lines = [
        "| command | wall s (median) | CPU s (median) | target s | |",
        "| --- | ---: | ---: | ---: | --- |",
    ]
    for row in rows:
        mark = "over" if row.over else "ok" if row.target is not None else ""
        command = "siteseer " + " ".join(row.args)
        target = "" if row.target is None else row.target
        lines.append(f"| `{command}` | {row.wall:.3f} | {row.cpu:.3f} | {target} | {mark} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.startup", description=__doc__)
    parser.add_argument("--repeat", type=int, default=5, help="runs per command (median)")
    parser.add_argument(
        "--only", choices=("help", "render"), help="run only the --help rows or only the render"
    )
    parser.add_argument(
        "--compile",
        action="store_true",
        help="compile the modules on every start (PYTHONDONTWRITEBYTECODE=1)",
    )
    options = parser.parse_args()
    if options.repeat < 1:
        parser.error("--repeat must be at least 1")
    rows: list[Row] = []
    if options.only != "render":
        for args in help_commands():
            rows.append(
                measure(args, HELP_TARGET, options.repeat, compile_each_start=options.compile)
            )
    if options.only != "help":
        rows.append(measure(("config",), None, options.repeat, compile_each_start=options.compile))
        with served_page("council") as url, tempfile.TemporaryDirectory() as scratch:
            cached = ("--cache", str(Path(scratch) / "cache.sqlite"))
            for mode, cache in (
                ("never", ("--no-cache",)),
                ("auto", ("--no-cache",)),
                ("never", cached),
            ):
                args = ("render", url, "--render", mode, *cache)
                rows.append(
                    measure(args, RENDER_TARGET, options.repeat, compile_each_start=options.compile)
                )
        with served_page("spa") as url:
            always = measure(
                ("render", url, "--render", "always", "--no-cache"),
                None,
                options.repeat,
                compile_each_start=options.compile,
            )
            target = round(always.wall + SCRIPTED_MARGIN, 3)
            auto = ("render", url, "--render", "auto", "--no-cache")
            rows.append(always)
            rows.append(measure(auto, target, options.repeat, compile_each_start=options.compile))
    bytecode = "compiled on every start" if options.compile else "bytecode cached"
    print(f"start-up, {options.repeat} runs each, {bytecode}, {os.cpu_count()} CPUs")
    print("\n".join(_table(rows)))


if __name__ == "__main__":
    main()
