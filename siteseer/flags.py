"""The crawl flags every crawling command takes, derived from the settings table.

    @click.command("discover")
    @crawl_flags
    def discover(seed_url: str, *, flags: CrawlFlags) -> None:
        settings, _ = load_settings(flags)

`crawl_flags` adds one option per setting of the table (siteseer.settings.specs: ``--delay``,
``--concurrency``, …: the flag, its type, bounds and help come from the table) to a click
command and hands the command the values given as one `flags` mapping (setting name → value;
options not given are None), ready for `siteseer.settings.load_settings`, where they take
precedence over the environment, the config files and the defaults. The options are listed in
their own help section (`PANEL`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from siteseer.settings import SettingSpec, specs

__all__ = ["PANEL", "CrawlFlags", "crawl_flags", "flag_options"]

CrawlFlags = dict[str, Any]
F = TypeVar("F", bound=Callable[..., Any])
PANEL = "Crawl settings (also SITESEER_<NAME> variables and siteseer.toml; `siteseer config`)"


class CrawlOption(click.Option):
    """An option made from a setting's row: listed under `PANEL`."""

    panel = PANEL


def _type(spec: SettingSpec) -> Any:
    if spec.choices:
        return click.Choice(spec.choices)
    bounds = spec.bounds
    bound = bounds.get("ge", spec.gt)
    if spec.kind is int:
        top = None if spec.le is None else int(spec.le)
        return click.IntRange(min=None if bound is None else int(bound), max=top)
    if spec.kind is float and not spec.duration:
        return click.FloatRange(min=bound, max=spec.le, min_open=spec.gt is not None)
    if spec.kind is Path:
        return click.Path(path_type=Path)
    return str


def _help(spec: SettingSpec) -> str:
    """The row's help, and its default unless there is none to show (None, an empty list, a
    flag off) or the help says it itself ("(default: …)")."""
    default = spec.default
    if default in (None, ()) or (spec.kind is bool and not default) or "(default:" in spec.help:
        return spec.help
    shown = {True: "yes", False: "no"}.get(default, default) if spec.kind is bool else default
    return f"{spec.help} [default: {shown}]"


def _option(spec: SettingSpec) -> click.Option:
    """The flag of one setting; its value is None when not given."""
    kind: dict[str, Any] = {}
    if spec.kind is bool:
        kind = {"is_flag": True} if "/" not in spec.flags[0] else {}
    elif spec.kind is tuple:
        kind = {"multiple": True}
    else:
        kind = {"type": _type(spec)}
    return CrawlOption(
        [*spec.flags, spec.name],
        default=None,
        show_default=False,
        metavar=spec.metavar,
        help=_help(spec),
        **kind,
    )


_FLAGS: list[click.Option] = []


def flag_options() -> list[click.Option]:
    """The crawl flags, in the table's order (made once, shared by every command)."""
    if not _FLAGS:
        _FLAGS.extend(_option(spec) for spec in specs().values())
    return _FLAGS


def crawl_flags(command: F) -> F:
    """`command` with the crawl flags added; it receives them as `flags`."""
    names = tuple(specs())

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        flags = {name: kwargs.pop(name, None) for name in names}
        return command(*args, flags=flags, **kwargs)

    params: list[click.Parameter] = getattr(command, "__click_params__", [])
    run.__click_params__ = [*reversed(flag_options()), *params]  # type: ignore[attr-defined]
    return run  # type: ignore[return-value]
