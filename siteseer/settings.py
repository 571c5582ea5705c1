"""The crawl settings' layers: flags, ``SITESEER_*`` variables, siteseer.toml, defaults.

    settings, sources = load_settings({"delay": 0.5})   # the flags the user gave
    settings.config.delay, sources["delay"]              # timedelta(seconds=0.5), "flag"

The table is crawler.settings' `CrawlSettings`: each row one setting of the Session, its name,
type, default, bounds, help and flag, and the `SessionConfig` field of that name. The settings
the commands read themselves (`time_limit`) are the rows of `CommandSettings` below. Everything
else is derived from the rows, under the same name in every layer: the flag (``--delay``;
siteseer.flags), the variable (``SITESEER_DELAY``), the key of ``siteseer.toml`` and of
``[tool.siteseer]`` in ``pyproject.toml`` (``delay = 0.5``) and the pydantic check of what a
layer gives. A new setting is one row plus the code that uses it.

`load_settings` reads the layers, highest precedence first:

1. the command-line flags (only those given are passed in),
2. ``SITESEER_*`` environment variables (the name in any case; a list as JSON or as one string
   split by the setting's separator: hosts by ``,``, cookies by ``;``, headers by a newline;
   a ``SITESEER_*`` variable that names no setting is warned about),
3. ``siteseer.toml`` in the working directory, then ``[tool.siteseer]`` in its ``pyproject.toml``,
4. the defaults (a row's `commands` default where it has one: the page cap, the cache's age).

Each layer is checked on its own (pydantic, imported only when a layer gives a value: a command
run with the defaults alone does not wait for it), so that a bad value names where it was set
(``SITESEER_DELAY: …``, ``siteseer.toml: delay: …``) and a key that names no setting gets the
closest name. `sources` says where each value came from: what `siteseer config` prints. The
values are then the SessionConfig's (`Settings.config`; seconds as timedeltas, ``"Name: value"``
as pairs, see crawler.settings), whose own checks name the setting too.

pydantic-settings' sources were weighed for the layers: they merge the layers before checking,
which loses the source of a bad value, and split lists only as JSON.
"""

from __future__ import annotations

import json
import logging
import os
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any, Literal

from siteseer.crawler import (
    ENV_PREFIX,
    CrawlSettings,
    SettingSpec,
    parse_duration,
    parse_pairs,
    setting,
    setting_rows,
)
from siteseer.errors import BadOption

if typing.TYPE_CHECKING:
    from siteseer.crawler import SessionConfig

__all__ = [
    "CONFIG_FILE",
    "ENV_PREFIX",
    "OTHER_VARIABLES",
    "CommandSettings",
    "SettingSpec",
    "Settings",
    "describe_settings",
    "load_settings",
    "parse_duration",
    "parse_pairs",
    "session_specs",
    "specs",
]

CONFIG_FILE = "siteseer.toml"
PYPROJECT = "pyproject.toml [tool.siteseer]"
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
    """A setting in seconds as a timedelta."""
    return None if value is None else timedelta(seconds=value)


@dataclass(frozen=True)
class CommandSettings:
    """The settings the commands read themselves, rows of the table as `CrawlSettings`' are
    (crawler.settings' `setting`); the flags list them after the Session's."""

    time_limit: float | None = setting(
        None,
        "Seconds the whole run may take; then it stops and writes what it found, marked "
        "incomplete (exit 1) (default: no limit).",
        gt=0,
        metavar="SECONDS",
    )


def default_config() -> SessionConfig:
    """The SessionConfig of the settings' defaults (each row's `commands` default where it has
    one, else the Session's own)."""
    from siteseer.crawler import SessionConfig

    return SessionConfig(
        **{name: spec.value(spec.default) for name, spec in session_specs().items()}
    )


@dataclass(frozen=True)
class Settings(CommandSettings):
    """The effective settings: the commands' own (the rows of `CommandSettings`) and `config`,
    the SessionConfig the Session's rows fill (its render mode and cache are the command's)."""

    config: SessionConfig = field(default_factory=default_config)


def session_specs() -> Mapping[str, SettingSpec]:
    """The Session's settings (`CrawlSettings`' rows), by name, in the table's order."""
    return setting_rows(CrawlSettings)


_SPECS: dict[str, SettingSpec] = {}


def specs() -> Mapping[str, SettingSpec]:
    """Every setting's row, by name: the Session's, then the commands' own."""
    if not _SPECS:
        _SPECS.update(session_specs())
        _SPECS.update(setting_rows(CommandSettings))
    return _SPECS


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


def _prepared(spec: SettingSpec, value: Any) -> Any:
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
                names[name].value(value)
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

        definitions: dict[str, Any] = {}
        for name, spec in specs().items():
            definitions[name] = (_annotation(spec), Field(default=spec.default, **spec.bounds))
        # inf and nan are no durations (`--delay inf` overflowed the politeness clock)
        config = ConfigDict(extra="forbid", strict=False, allow_inf_nan=False)
        _MODEL.append(create_model("Settings", __config__=config, **definitions))
    return _MODEL[0]


def _annotation(spec: SettingSpec) -> Any:
    """The type of what a layer gives for `spec`: its `kind` (a Literal of its choices, a tuple
    of text), or None where the field takes None and no number stands for it (`off`)."""
    kind: Any = spec.kind
    if spec.choices:
        kind = Literal[spec.choices]
    elif spec.kind is tuple:
        kind = tuple[str, ...]
    return kind | None if spec.optional and spec.off is None else kind


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
    final = {name: spec.default for name, spec in specs().items()}
    final.update({k: tuple(v) if isinstance(v, list) else v for k, v in values.items()})
    from siteseer.crawler import SessionConfig

    session = {name: spec.value(final.pop(name)) for name, spec in session_specs().items()}
    try:
        config = SessionConfig(**session)
    except ValueError as e:
        raise BadOption(f"invalid settings: {e}") from None
    return Settings(config=config, **final), sources


def describe_settings(settings: Settings, sources: dict[str, str]) -> list[str]:
    """One line per setting, `name = value  (source)`, values as TOML would write them."""
    values = {}
    for name, spec in specs().items():
        if name in session_specs():
            values[name] = _as_json(spec.given(getattr(settings.config, name)))
        else:
            values[name] = _as_json(getattr(settings, name))
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
