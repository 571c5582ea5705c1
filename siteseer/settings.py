"""The crawl settings, declared once: `Settings` is the table, each field one setting.

    settings, sources = load_settings({"delay": 0.5})   # the flags the user gave
    settings.delay, sources["delay"]                     # 0.5, "flag"

A setting is one field of `Settings`: its name, its type, its default, and (`setting(...)`) its
bounds, its help and its flag. Everything else is derived from it, under the same name in every
layer: the flag (``--delay``; siteseer.flags), the variable (``SITESEER_DELAY``), the key of
``siteseer.toml`` and of ``[tool.siteseer]`` in ``pyproject.toml`` (``delay = 0.5``), the
pydantic check of what a layer gives, and the `SessionConfig` field it fills
(`siteseer.sessions.session_config`; a setting with ``config=False`` is used by the commands
themselves, as `time_limit` is). A new setting is one field here plus the code that uses it.

`load_settings` reads the layers, highest precedence first:

1. the command-line flags (only those given are passed in),
2. ``SITESEER_*`` environment variables (the name in any case; a list as JSON or as one string
   split by the setting's separator: hosts by ``,``, cookies by ``;``, headers by a newline;
   a ``SITESEER_*`` variable that names no setting is warned about),
3. ``siteseer.toml`` in the working directory, then ``[tool.siteseer]`` in its ``pyproject.toml``,
4. the defaults.

Each layer is checked on its own (pydantic, imported only when a layer gives a value: a command
run with the defaults alone does not wait for it), so that a bad value names where it was set
(``SITESEER_DELAY: …``, ``siteseer.toml: delay: …``) and a key that names no setting gets the
closest name. `sources` says where each value came from: what `siteseer config` prints.

pydantic-settings' sources were weighed for the layers: they merge the layers before checking,
which loses the source of a bad value, and split lists only as JSON.
"""

from __future__ import annotations

import json
import logging
import os
import re
import typing
from collections.abc import Callable, Mapping
from dataclasses import Field, asdict, dataclass, field, fields
from datetime import timedelta
from pathlib import Path
from typing import Any, Literal

from siteseer.errors import BadOption

if typing.TYPE_CHECKING:
    pass

__all__ = [
    "CONFIG_FILE",
    "ENV_PREFIX",
    "OTHER_VARIABLES",
    "Settings",
    "Spec",
    "config_values",
    "describe_settings",
    "load_settings",
    "parse_duration",
    "parse_pairs",
    "specs",
]

CONFIG_FILE = "siteseer.toml"
PYPROJECT = "pyproject.toml [tool.siteseer]"
ENV_PREFIX = "SITESEER_"
# SITESEER_* variables that are not crawl settings (read elsewhere): not warned about.
OTHER_VARIABLES = frozenset({"CHROMIUM", "LAB_REAL", "BASE_URL", "FAULT_TABLE"})
# Names a setting had before: a key or variable spelt so is told the new name.
RENAMED = {
    "ignore_robots": "respect_robots (inverted: ignore_robots = true is respect_robots = false)",
    "pages": "budget",
    "per_host_concurrency": "concurrency",
}

log = logging.getLogger("siteseer.settings")


def seconds(value: float | None) -> timedelta | None:
    """A setting in seconds as the timedelta SessionConfig takes."""
    return None if value is None else timedelta(seconds=value)


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


def _headers(items: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    return parse_pairs(items, ":", "header", "Name: value")


def _cookies(items: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    return parse_pairs(items, "=", "cookie", "name=value")


def _no_cap(value: int) -> int | None:
    """A page cap as SessionConfig takes it: 0 is no cap (None)."""
    return value or None


_UNITS = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_duration(text: str) -> float:
    """Seconds from ``"90"``, ``"90s"``, ``"30m"``, ``"12h"`` or ``"7d"``; ValueError else."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d*)?)\s*([smhd]?)\s*", text.lower())
    if match is None:
        raise ValueError(f"{text!r} is not a duration: give seconds, or 30m, 12h, 7d")
    return float(match[1]) * _UNITS[match[2]]


def setting(
    default: Any,
    help: str,
    *,
    ge: float | None = None,
    gt: float | None = None,
    le: float | None = None,
    min_length: int | None = None,
    flag: str | None = None,
    aliases: tuple[str, ...] = (),
    metavar: str | None = None,
    separator: str | None = None,
    duration: bool = False,
    to_config: Callable[[Any], Any] | None = None,
    config: bool = True,
) -> Any:
    """One row of the table (a field of `Settings`):

    - `default`, `help` (one sentence; the flag's help and `siteseer config --help`);
    - `ge`/`gt`/`le`, `min_length`: the bounds every layer's value is checked against;
    - `flag`: the flag, when it is not ``--`` + the name with dashes (a bool's ``--on/--off``
      pair, a list's singular); `aliases`: other spellings of the same flag;
    - `separator`: a list given as one string (a variable) is split by it;
    - `duration`: text such as ``30m``, ``12h``, ``7d`` is read as seconds;
    - `to_config`: the value as its `SessionConfig` field takes it (seconds → timedelta,
      ``"Name: value"`` → pairs; it may raise ValueError, reported as the setting's);
      `config=False`: no SessionConfig field, the commands use it (`time_limit`).
    """
    spec = {
        "help": help,
        "ge": ge,
        "gt": gt,
        "le": le,
        "min_length": min_length,
        "flag": flag,
        "aliases": aliases,
        "metavar": metavar,
        "separator": separator,
        "duration": duration,
        "to_config": to_config,
        "config": config,
    }
    return field(default=default, metadata={"siteseer": spec})


@dataclass(frozen=True)
class Settings:
    """The crawl settings every crawling command shares (see the module docstring). Durations
    are seconds; None is "the Session's default", said in each help."""

    delay: float | None = setting(
        None,
        "Seconds between two requests to one host (default: 0 on loopback, else 1; a "
        "robots.txt Crawl-delay raises it).",
        ge=0,
        metavar="SECONDS",
        to_config=seconds,
    )
    concurrency: int = setting(8, "HTTP requests in flight per host.", ge=1)
    retries: int = setting(2, "Extra attempts on 5xx, 429, timeouts, errors.", ge=0)
    timeout: float = setting(
        20.0,
        "Seconds one HTTP request or browser navigation may take.",
        gt=0,
        metavar="SECONDS",
        to_config=seconds,
    )
    user_agent: str | None = setting(
        None,
        "User-Agent of every request, over HTTP and in the browser (default: siteseer's own; "
        "`siteseer config` shows it).",
        min_length=1,
    )
    respect_robots: bool = setting(
        True,
        "Obey robots.txt (--ignore-robots: load the pages it disallows too).",
        flag="--respect-robots/--ignore-robots",
    )
    allow_private_addresses: bool = setting(
        False,
        "Follow redirects and browser navigations from a public host to loopback, private and "
        "link-local addresses.",
        flag="--allow-private-addresses/--public-addresses-only",
    )
    resources: Literal["any", "same-site"] = setting(
        "any",
        "Where a page's subresources (scripts, styles, XHR, beacons, WebSockets, prefetches) "
        "may come from: any host (a page's CDNs), or same-site: only the crawl's scope, no "
        "request leaves it. Either way never a robots-disallowed path, nor a private address "
        "from a public page.",
    )
    allowed_hosts: tuple[str, ...] = setting(
        (),
        "Hosts the crawl may visit, repeated or comma-separated (default: the first URL's host).",
        metavar="HOST[,HOST]",
        separator=",",
    )
    headers: tuple[str, ...] = setting(
        (),
        'An extra request header, "Name: value" (repeatable); HTTP and browser, only to the '
        "hosts the crawl loads, never with a page's requests elsewhere.",
        flag="--header",
        metavar="'NAME: VALUE'",
        separator="\n",
        to_config=_headers,
    )
    cookies: tuple[str, ...] = setting(
        (),
        'A cookie sent to every host, "name=value" (repeatable); HTTP and browser.',
        flag="--cookie",
        metavar="NAME=VALUE",
        separator=";",
        to_config=_cookies,
    )
    proxy: str | None = setting(
        None, "Proxy URL (http://host:port) for HTTP and the browser.", metavar="URL"
    )
    budget: int | None = setting(
        None,
        "Page budget: page loads plus browser actions (default: no limit, or the command's own).",
        ge=1,
        aliases=("--pages",),
        metavar="PAGES",
    )
    page_cap: int = setting(
        # Well past a crawl of the lab's medium sites or its real tier (a few thousand pages),
        # and about five and a half hours of a remote site at its 1 s delay: a bound on a crawl
        # the trap guards cannot see the end of, not on a site's size.
        20_000,
        "Page loads plus browser actions of a crawl given no --pages; there it stops and "
        "writes what it found, marked incomplete (exit 1) (0: no cap).",
        ge=0,
        metavar="PAGES",
        to_config=_no_cap,
    )
    max_urls_per_pattern: int = setting(
        # crawler.urls' DEFAULT_MAX_URLS_PER_PATTERN and DEFAULT_MAX_URLS_PER_MULTI_PATTERN
        # (a test holds them equal; the crawler is not imported to read a setting).
        10_000,
        "Spider-trap guard: distinct URLs of one family varying in one number (numbered "
        "entities, pages of a list) a crawl visits (0: no limit).",
        ge=0,
        metavar="URLS",
        to_config=_no_cap,
    )
    max_urls_per_multi_pattern: int = setting(
        1_000,
        "Spider-trap guard: distinct URLs of one family varying in two positions or more (a "
        "grid, a calendar's days) or in a letter-coded counter (0: no limit).",
        ge=0,
        metavar="URLS",
        to_config=_no_cap,
    )
    time_limit: float | None = setting(
        None,
        "Seconds the whole run may take; then it stops and writes what it found, marked "
        "incomplete (exit 1) (default: no limit).",
        gt=0,
        metavar="SECONDS",
        config=False,
    )
    storage_state: Path | None = setting(
        None,
        "A Playwright storage-state JSON (a logged-in browser): its cookies and local storage "
        "in the browser, its cookies over HTTP too.",
        metavar="FILE",
    )
    max_age: float | None = setting(
        # A week. A rerun, or a crawl resumed after Ctrl-C or a time limit, within the week
        # costs the site nothing; a site's lists and pages change within weeks, so a result is
        # never more than a week behind it (Scrapy's HTTPCACHE_EXPIRATION_SECS never expires).
        7 * 86400.0,
        "Use cached pages stored at most this long ago (seconds, or 30m, 12h, 7d; never: the "
        "cache never expires, the Session's own default); older ones are loaded again "
        "(default: 7d).",
        ge=0,
        metavar="DURATION",
        duration=True,
        to_config=seconds,
    )
    refresh: bool = setting(
        False, "Load again every page the cache holds, and store the new copies.", flag="--refresh"
    )


@dataclass(frozen=True)
class Spec:
    """A setting as the table declares it (see `setting`); `kind` is its type without None:
    bool, int, float, str, Path, or tuple for a list of strings; `choices` the values a
    ``Literal`` setting takes (its `kind` is str)."""

    name: str
    kind: type
    optional: bool
    default: Any
    help: str
    ge: float | None
    gt: float | None
    le: float | None
    min_length: int | None
    flag: str | None
    aliases: tuple[str, ...]
    metavar: str | None
    separator: str | None
    duration: bool
    to_config: Callable[[Any], Any] | None
    config: bool
    choices: tuple[str, ...] = ()

    @property
    def variable(self) -> str:
        return ENV_PREFIX + self.name.upper()

    @property
    def flags(self) -> tuple[str, ...]:
        """The flag's spellings: ``--name`` (or the declared flag), then its aliases."""
        return (self.flag or "--" + self.name.replace("_", "-"), *self.aliases)


_SPECS: dict[str, Spec] = {}


def specs() -> Mapping[str, Spec]:
    """Every setting's row, by name, in the table's order."""
    if not _SPECS:
        hints = typing.get_type_hints(Settings)
        for f in fields(Settings):
            _SPECS[f.name] = _spec(f, hints[f.name])
    return _SPECS


def _spec(f: Field[Any], annotation: Any) -> Spec:
    args = typing.get_args(annotation)
    optional = type(None) in args
    kind = next((a for a in args if a is not type(None)), annotation) if optional else annotation
    choices: tuple[str, ...] = ()
    if typing.get_origin(kind) is tuple:
        kind = tuple
    elif typing.get_origin(kind) is Literal:
        kind, choices = str, tuple(typing.get_args(kind))
    return Spec(
        name=f.name,
        kind=kind,
        optional=optional,
        default=f.default,
        choices=choices,
        **f.metadata["siteseer"],
    )


# --- the layers ----------------------------------------------------------------------------------


def _env_values() -> tuple[dict[str, Any], dict[str, str]]:
    """The settings given as SITESEER_<NAME> variables (the name in any case), as text, and
    the variable each came from; a SITESEER_* variable that names nothing is warned about."""
    names = specs()
    values: dict[str, Any] = {}
    variables: dict[str, str] = {}
    for variable, value in os.environ.items():
        if not variable.upper().startswith(ENV_PREFIX):
            continue
        key = variable[len(ENV_PREFIX) :].lower()
        if key in names:
            values[key] = value
            variables[key] = variable
        elif key.upper() not in OTHER_VARIABLES:
            log.warning("%s is not a siteseer variable%s", variable, _hint(key, variable=True))
    return values, variables


def _toml_table(path: Path, *header: str) -> dict[str, Any]:
    """The table `header` (the whole document without one) of the TOML file at `path`; a
    missing file or table gives nothing, a file that is not TOML a ValueError naming it."""
    if not path.is_file():
        return {}
    import tomllib

    try:
        with path.open("rb") as stream:
            table: Any = tomllib.load(stream)
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"{path}: not TOML: {e}") from None
    for key in header:
        table = table.get(key, {})
    return dict(table)


def _hint(key: str, *, variable: bool = False) -> str:
    """ "; did you mean X?" for a key (or SITESEER_ variable) close to a setting's name."""
    import difflib

    names = list(specs())
    if key in RENAMED:
        new = RENAMED[key]
        return f"; it is now {ENV_PREFIX + new.upper() if variable else new}"
    close = difflib.get_close_matches(key, names, n=1, cutoff=0.6)
    if not close:
        return ""
    return f"; did you mean {ENV_PREFIX + close[0].upper() if variable else close[0]}?"


@dataclass(frozen=True)
class _Layer:
    """What one layer gives: `source` as `siteseer config` names it, and how a problem with a
    setting names where it was set (`where(name)`)."""

    source: str
    values: dict[str, Any]
    where: Callable[[str], str]


def _flag(name: str) -> str:
    """How a problem names a setting given as a flag: its flag (the first of a pair)."""
    spec = specs().get(name)
    return name if spec is None else spec.flags[0].split("/")[0]


def _layers(given: dict[str, Any], source: str) -> list[_Layer]:
    """The layers, highest precedence first: the values given (flags, or the API's keyword
    arguments), SITESEER_* variables, siteseer.toml, pyproject.toml's [tool.siteseer]."""
    env, variables = _env_values()
    return [
        _Layer(source, given, _flag if source == "flag" else str),
        _Layer("env", env, lambda name: variables[name]),
        _Layer(CONFIG_FILE, _toml_table(Path(CONFIG_FILE)), lambda name: f"{CONFIG_FILE}: {name}"),
        _Layer(
            PYPROJECT,
            _toml_table(Path("pyproject.toml"), "tool", "siteseer"),
            lambda name: f"pyproject.toml [tool.siteseer]: {name}",
        ),
    ]


def _prepared(spec: Spec, value: Any) -> Any:
    """A value as given (text from a variable, a list from TOML or flags) in the form the
    check takes: lists split, durations in seconds."""
    if spec.kind is tuple:
        items = [value] if isinstance(value, str) else value
        if isinstance(value, str) and value.strip().startswith("["):
            try:
                items = json.loads(value)
            except RecursionError:
                raise ValueError("a JSON list nested too deeply") from None
        if isinstance(items, (list, tuple)) and spec.separator is not None:
            split = (s.split(spec.separator) if isinstance(s, str) else [s] for s in items)
            items = [part.strip() for parts in split for part in parts if str(part).strip()]
        return items
    if spec.duration and isinstance(value, str):
        return None if value.strip().lower() == "never" else parse_duration(value)
    return value


def _checked(layer: _Layer) -> dict[str, Any]:
    """The values `layer` gives, checked against the table (pydantic, imported only here);
    a problem is a ValueError naming where each bad value was set."""
    names = specs()
    problems: list[str] = []
    given: dict[str, Any] = {}
    for key, value in layer.values.items():
        if key not in names:
            problems.append(f"{layer.where(key)} is not a setting{_hint(key)}")
            continue
        try:
            given[key] = _prepared(names[key], value)
        except ValueError as e:
            problems.append(f"{layer.where(key)}: {e}")
    checked: dict[str, Any] = {}
    if given:
        from pydantic import ValidationError

        try:
            checked = _model().model_validate(given).model_dump(include=set(given))
        except ValidationError as e:
            for error in e.errors():
                name = str(error["loc"][0])
                problems.append(f"{layer.where(name)}: {error['msg']} (given {given[name]!r})")
        for name, value in checked.items():
            try:
                _converted(names[name], value)
            except ValueError as e:
                problems.append(f"{layer.where(name)}: {e}")
    if problems:
        raise ValueError("; ".join(problems))
    return checked


_MODEL: list[Any] = []


def _model() -> Any:
    """The pydantic model of the table: each setting optional, with its bounds."""
    if not _MODEL:
        from pydantic import ConfigDict, Field, create_model

        hints = typing.get_type_hints(Settings)
        definitions: dict[str, Any] = {}
        for name, spec in specs().items():
            bounds = {"ge": spec.ge, "gt": spec.gt, "le": spec.le, "min_length": spec.min_length}
            kept: dict[str, Any] = {k: v for k, v in bounds.items() if v is not None}
            definitions[name] = (hints[name], Field(default=spec.default, **kept))
        # inf and nan are no durations (`--delay inf` overflowed the politeness clock)
        config = ConfigDict(extra="forbid", strict=False, allow_inf_nan=False)
        _MODEL.append(create_model("Settings", __config__=config, **definitions))
    return _MODEL[0]


def _converted(spec: Spec, value: Any) -> Any:
    """`value` as the setting's SessionConfig field takes it."""
    return value if spec.to_config is None else spec.to_config(value)


def load_settings(
    flags: dict[str, Any] | None = None, *, source: str = "flag"
) -> tuple[Settings, dict[str, str]]:
    """The effective settings for `flags` (the options given, None values dropped; `source`
    names them: "flag", or "argument" for the Python API) and where each came from; a value a
    layer gives that the table refuses is a BadOption naming where it was set."""
    given = {k: v for k, v in (flags or {}).items() if v is not None and v != () and v != []}
    try:
        layers = _layers(given, source)
        values: dict[str, Any] = {}
        sources = {name: "default" for name in specs()}
        problems: list[str] = []
        for layer in reversed(layers):
            try:
                checked = _checked(layer)
            except ValueError as e:
                problems.append(str(e))
                continue
            values.update(checked)
            sources.update(dict.fromkeys(checked, layer.source))
        if problems:
            raise ValueError("; ".join(reversed(problems)))
    except ValueError as e:
        raise BadOption(f"invalid settings: {e}") from None
    final: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in values.items()}
    return Settings(**final), sources


def describe_settings(settings: Settings, sources: dict[str, str]) -> list[str]:
    """One line per setting, `name = value  (source)`, values as TOML would write them; a
    setting left at None shows the Session's own default where it has one."""
    from siteseer.crawler import SessionConfig

    session = SessionConfig()
    values = {}
    for name, value in asdict(settings).items():
        if value is None and specs()[name].config:
            value = getattr(session, name, None)
        values[name] = _as_json(value)
    width = max(len(name) for name in values)
    lines = []
    for name, value in values.items():
        shown = "(unset)" if value is None else json.dumps(value, ensure_ascii=False)
        lines.append(f"{name:<{width}} = {shown}  ({sources[name]})")
    return lines


def _as_json(value: Any) -> Any:
    """A setting's value as JSON has it: lists for tuples, text for a Path, seconds for a
    timedelta."""
    if isinstance(value, tuple):
        return [_as_json(item) for item in value]
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, timedelta):
        return value.total_seconds()
    return value


def config_values(settings: Settings) -> dict[str, Any]:
    """The SessionConfig fields `settings` fill (each under its own name), converted; a
    setting left at None is left out (the Session's default)."""
    found = {}
    for name, spec in specs().items():
        value = getattr(settings, name)
        if spec.config and value is not None:
            found[name] = _converted(spec, value)
    return found
