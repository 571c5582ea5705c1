"""The crawl settings every crawling command shares, from three layers and their defaults.

    settings = load_settings({"delay": 0.5})         # the flags the user gave
    settings.delay, settings.sources["delay"]        # 0.5, "flag"

One typed value (`Settings`, checked by pydantic) reads, highest precedence first:

1. the command-line flags (`--delay`, …; only those given are passed in),
2. ``SITESEER_*`` environment variables (``SITESEER_DELAY=0.5``; lists as JSON or separated:
   hosts by ``,``, cookies by ``;``, headers by a newline),
3. ``siteseer.toml`` in the working directory, then ``[tool.siteseer]`` in its
   ``pyproject.toml`` (same keys as the model's fields, e.g. ``user_agent = "…"``),
4. the defaults below.

`sources` says where each value came from (flag, env, siteseer.toml, pyproject.toml,
default): what `siteseer config` prints. `crawl_options` turns the settings into the
`CrawlOptions` a command's Session is built from.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from dataclasses import asdict, dataclass, fields
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from siteseer.crawler import SessionConfig
from siteseer.errors import BadOption

if TYPE_CHECKING:
    from siteseer.crawler import RenderMode
    from siteseer.sessions import CrawlOptions

__all__ = [
    "CONFIG_FILE",
    "ENV_PREFIX",
    "Settings",
    "crawl_options",
    "describe_settings",
    "load_settings",
    "parse_duration",
    "parse_pairs",
]

CONFIG_FILE = "siteseer.toml"
DEFAULT_USER_AGENT = SessionConfig().user_agent
ENV_PREFIX = "SITESEER_"

# What separates the items of a list given as one string (an environment variable).
_SEPARATORS = {"allowed_hosts": ",", "cookies": ";", "headers": "\n"}


@dataclass(frozen=True)
class Settings:
    """The shared crawl settings (see the module docstring for where they come from).

    Durations are seconds. `delay` None: 0 for loopback hosts, 1 s for others (raised by a
    robots.txt Crawl-delay); `pages` None: no page budget. `load_settings` reads the layers and
    checks what they give (`siteseer._settings_model`, pydantic, imported only then: a command
    run with the defaults alone does not wait for it; pydantic-settings would cost every
    crawling command's start-up more than the rest of its settings).
    """

    delay: float | None = None
    concurrency: int = 8
    retries: int = 2
    timeout: float = 20.0
    user_agent: str = DEFAULT_USER_AGENT
    ignore_robots: bool = False
    allow_private_addresses: bool = False
    allowed_hosts: tuple[str, ...] = ()
    headers: tuple[str, ...] = ()
    cookies: tuple[str, ...] = ()
    proxy: str | None = None
    pages: int | None = None
    time_limit: float | None = None
    storage_state: Path | None = None
    max_age: float | None = None
    refresh: bool = False


_FIELDS = tuple(field.name for field in fields(Settings))


def _env_values() -> dict[str, Any]:
    """The settings given as SITESEER_<NAME> variables (the name in any case), as text."""
    found = {key.lower(): value for key, value in os.environ.items()}
    prefix = ENV_PREFIX.lower()
    return {name: found[prefix + name] for name in _FIELDS if prefix + name in found}


def _toml_table(path: Path, *header: str) -> dict[str, Any]:
    """The table `header` (the whole document without one) of the TOML file at `path`; a
    missing file or table gives nothing."""
    if not path.is_file():
        return {}
    with path.open("rb") as stream:
        table: Any = tomllib.load(stream)
    for key in header:
        table = table.get(key, {})
    return dict(table)


_UNITS = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_duration(text: str) -> float:
    """Seconds from ``"90"``, ``"90s"``, ``"30m"``, ``"12h"`` or ``"7d"``; ValueError else."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d*)?)\s*([smhd]?)\s*", text.lower())
    if match is None:
        raise ValueError(f"{text!r} is not a duration: give seconds, or 30m, 12h, 7d")
    return float(match[1]) * _UNITS[match[2]]


def parse_pairs(
    items: tuple[str, ...], sep: str, what: str, form: str
) -> tuple[tuple[str, str], ...]:
    """``"Name: value"`` / ``"name=value"`` items as (name, value) pairs; ValueError otherwise."""
    pairs: list[tuple[str, str]] = []
    for item in items:
        name, found, value = item.partition(sep)
        if not found or not name.strip():
            raise ValueError(f"a {what} must read {form!r}, not {item!r}")
        pairs.append((name.strip(), value.strip()))
    return tuple(pairs)


def _layers() -> list[tuple[str, dict[str, Any]]]:
    """(name, the values it gives) for the environment and the file layer, highest first:
    SITESEER_* variables, siteseer.toml, then pyproject.toml's [tool.siteseer]."""
    return [
        ("env", _env_values()),
        (CONFIG_FILE, _toml_table(Path(CONFIG_FILE))),
        ("pyproject.toml [tool.siteseer]", _toml_table(Path("pyproject.toml"), "tool", "siteseer")),
    ]


def _checked(values: dict[str, Any]) -> Settings:
    """The Settings `values` give over the defaults, checked (pydantic, imported only when
    some value is given); a value the check refuses is a ValueError naming each problem."""
    if not values:
        return Settings()
    from pydantic import ValidationError

    from siteseer._settings_model import SettingsModel

    try:
        model = SettingsModel(**values)
    except ValidationError as e:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in e.errors()
        )
        raise ValueError(problems) from None
    return Settings(**{name: getattr(model, name) for name in _FIELDS})


def load_settings(flags: dict[str, Any] | None = None) -> tuple[Settings, dict[str, str]]:
    """The effective settings for `flags` (the options given, None values dropped) and where
    each came from; a value no layer accepts is a BadOption naming the setting."""
    given = {k: v for k, v in (flags or {}).items() if v is not None and v != () and v != []}
    try:
        layers = _layers()
        values: dict[str, Any] = {}
        for _, layer in reversed(layers):
            values.update(layer)
        settings = _checked(values | given)
    except ValueError as e:
        raise BadOption(f"invalid settings: {e}") from None
    sources = {name: "default" for name in _FIELDS}
    for name_of_layer, layer in reversed(layers):
        for name in layer:
            if name in sources:
                sources[name] = name_of_layer
    for name in given:
        sources[name] = "flag"
    return settings, sources


def describe_settings(settings: Settings, sources: dict[str, str]) -> list[str]:
    """One line per setting, `name = value  (source)`, values as TOML would write them."""
    values = {name: _as_json(value) for name, value in asdict(settings).items()}
    width = max(len(name) for name in values)
    lines = []
    for name, value in values.items():
        shown = "(unset)" if value is None else json.dumps(value, ensure_ascii=False)
        lines.append(f"{name:<{width}} = {shown}  ({sources[name]})")
    return lines


def _as_json(value: Any) -> Any:
    """A setting's value as JSON has it: lists for tuples, text for a Path."""
    if isinstance(value, tuple):
        return [_as_json(item) for item in value]
    if isinstance(value, Path):
        return str(value)
    return value


def crawl_options(
    settings: Settings,
    *,
    render: RenderMode = "auto",
    cache: Path | None = None,
    pages: int | None = None,
) -> CrawlOptions:
    """The CrawlOptions of a command run with `settings`; `pages` is the command's own page
    budget when the settings set none."""
    from siteseer.sessions import CrawlOptions  # the Session's side: loaded by a crawl only

    return CrawlOptions(
        render=render,
        budget=settings.pages if settings.pages is not None else pages,
        cache=cache,
        respect_robots=not settings.ignore_robots,
        allow_private_addresses=settings.allow_private_addresses,
        timeout=timedelta(seconds=settings.timeout),
        time_limit=None if settings.time_limit is None else timedelta(seconds=settings.time_limit),
        delay=None if settings.delay is None else timedelta(seconds=settings.delay),
        concurrency=settings.concurrency,
        retries=settings.retries,
        user_agent=settings.user_agent,
        allowed_hosts=settings.allowed_hosts,
        headers=parse_pairs(settings.headers, ":", "header", "Name: value"),
        cookies=parse_pairs(settings.cookies, "=", "cookie", "name=value"),
        proxy=settings.proxy,
        storage_state=settings.storage_state,
        max_age=None if settings.max_age is None else timedelta(seconds=settings.max_age),
        refresh=settings.refresh,
    )
