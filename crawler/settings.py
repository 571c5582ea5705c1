"""The crawl settings, declared once: `CrawlSettings` is the table, each field one setting.

    CrawlSettings().concurrency                    # 8
    setting_rows(CrawlSettings)["delay"].variable          # "SITESEER_DELAY"

A setting is one field of `CrawlSettings` (`setting(...)`: its name, its type and its default as
a Session takes them, its bounds, its help and its flag). `SessionConfig` is a CrawlSettings: each
setting is the SessionConfig field of its name, with its default, checked against its bounds
(`problems`). siteseer.settings derives the rest under the same name: the flag (``--delay``),
the variable (``SITESEER_DELAY``), the key of ``siteseer.toml`` and of ``[tool.siteseer]`` in
``pyproject.toml``, and the check of what each layer gives. A new setting is one field here plus
the code that reads it from the SessionConfig. (A setting the commands read themselves, as
`time_limit`, is a row of siteseer.settings' `CommandSettings`.)

Those layers give a value as a user writes it, which a row turns into the Session's (`SettingSpec.value`)
and back (`SettingSpec.given`), by its type: a `timedelta` is given in seconds (or, with `duration`, as
``30m``, ``12h``, ``7d``), a list of ``(name, value)`` pairs as ``"Name: value"`` text (its
`form`), and a count that can be switched off (`off`) as that number (0) for None.

This module imports no more than the standard library and render's user agent: the command line
reads the table for every command's ``--help``.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Mapping
from dataclasses import MISSING, Field, dataclass, field, fields, replace
from datetime import timedelta
from pathlib import Path
from typing import Any, Literal

from siteseer.render import DEFAULT_USER_AGENT

__all__ = [
    "DEFAULT_MAX_URLS_PER_MULTI_PATTERN",
    "DEFAULT_MAX_URLS_PER_PATTERN",
    "ENV_PREFIX",
    "CrawlSettings",
    "ResourceScope",
    "SettingSpec",
    "parse_duration",
    "parse_pairs",
    "problems",
    "setting",
    "setting_rows",
]

ENV_PREFIX = "SITESEER_"
ResourceScope = Literal["any", "same-site"]

# The spider-trap guards' family limits (crawler.urls, crawler.families).
# Distinct URLs per host that differ only in digits: calendars, endless pagination, counters.
# Numbered entity pages share one pattern too (``/member.php?id=#``), so the cap also bounds how
# many entities of one numbered family a crawl reaches: 10,000 keeps every medium lab site whole
# (the largest family, council's members, has 1,500) while an endless calendar stops after
# 10,000 days and 10,000 month views. Raise it (or set None) for larger numbered families.
DEFAULT_MAX_URLS_PER_PATTERN = 10_000

# A family varying in two positions or more (a grid's cells, a calendar's days, months in a
# year) or in a letter-coded counter is generated, not a list of entities: 1,000 is about three
# years of an endless calendar's days, and a tenth of what a family of numbered entities keeps.
DEFAULT_MAX_URLS_PER_MULTI_PATTERN = 1_000


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
    form: str | None = None,
    off: int | None = None,
    commands: Any = MISSING,
) -> Any:
    """One row of the table (a field of `CrawlSettings`, or of siteseer's `CommandSettings`):

    - `default`: the Session's (`SessionConfig()`'s); `commands`: the command line's and
      siteseer.api's default when it is not the Session's own (the page cap, the cache's age);
    - `help`: one sentence, the flag's help and `siteseer config --help`; a help that says its
      default itself (``(default: …)``) is shown without ``[default: …]``;
    - `ge`/`gt`/`le`, `min_length`: the bounds (a duration's in seconds), checked in every layer
      and by the SessionConfig;
    - `flag`: the flag, when it is not ``--`` + the name with dashes (a bool's ``--on/--off``
      pair, a list's singular); `aliases`: other spellings of the same flag;
    - `separator`: a list given as one string (a variable) is split by it;
    - `duration`: text such as ``30m``, ``12h``, ``7d`` is read as seconds;
    - `form`: a list of ``(name, value)`` pairs is given as text of this form
      (``"Name: value"``: split at the first character after the name);
    - `off`: the number that a layer gives for None (no limit), outside the bounds.
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
        "form": form,
        "off": off,
        "commands": commands,
    }
    return field(default=default, metadata={"siteseer": spec})


@dataclass(frozen=True)
class CrawlSettings:
    """The crawl settings a Session takes (see the module docstring). None is "none" or "no
    limit", said in each help; `SessionConfig` describes what each does."""

    delay: timedelta | None = setting(
        None,
        "Seconds between two requests to one host (default: 0 on loopback, else 1; a "
        "robots.txt Crawl-delay raises it).",
        ge=0,
        metavar="SECONDS",
    )
    concurrency: int = setting(8, "HTTP requests in flight per host.", ge=1)
    retries: int = setting(2, "Extra attempts on 5xx, 429, timeouts, errors.", ge=0)
    timeout: timedelta = setting(
        timedelta(seconds=20),
        "Seconds one HTTP request or browser navigation may take.",
        gt=0,
        metavar="SECONDS",
    )
    user_agent: str = setting(
        DEFAULT_USER_AGENT,
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
    resources: ResourceScope = setting(
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
    headers: tuple[tuple[str, str], ...] = setting(
        (),
        'An extra request header, "Name: value" (repeatable); HTTP and browser, only to the '
        "hosts the crawl loads, never with a page's requests elsewhere.",
        flag="--header",
        metavar="'NAME: VALUE'",
        separator="\n",
        form="Name: value",
    )
    cookies: tuple[tuple[str, str], ...] = setting(
        (),
        'A cookie sent to every host, "name=value" (repeatable); HTTP and browser.',
        flag="--cookie",
        metavar="NAME=VALUE",
        separator=";",
        form="name=value",
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
    page_cap: int | None = setting(
        None,
        "Page loads plus browser actions of a crawl given no --pages; there it stops and "
        "writes what it found, marked incomplete (exit 1) (0: no cap).",
        ge=1,
        off=0,
        metavar="PAGES",
        # Well past a crawl of the lab's medium sites or its real tier (a few thousand pages),
        # and about five and a half hours of a remote site at its 1 s delay: a bound on a crawl
        # the trap guards cannot see the end of, not on a site's size.
        commands=20_000,
    )
    max_urls_per_pattern: int | None = setting(
        DEFAULT_MAX_URLS_PER_PATTERN,
        "Spider-trap guard: distinct URLs of one family varying in one number (numbered "
        "entities, pages of a list) a crawl visits (0: no limit).",
        ge=1,
        off=0,
        metavar="URLS",
    )
    max_urls_per_multi_pattern: int | None = setting(
        DEFAULT_MAX_URLS_PER_MULTI_PATTERN,
        "Spider-trap guard: distinct URLs of one family varying in two positions or more (a "
        "grid, a calendar's days) or in a letter-coded counter (0: no limit).",
        ge=1,
        off=0,
        metavar="URLS",
    )
    storage_state: Path | None = setting(
        None,
        "A Playwright storage-state JSON (a logged-in browser): its cookies and local storage "
        "in the browser, its cookies over HTTP too.",
        metavar="FILE",
    )
    max_age: timedelta | None = setting(
        None,
        "Use cached pages stored at most this long ago (seconds, or 30m, 12h, 7d; never: the "
        "cache never expires, the Session's own default); older ones are loaded again "
        "(default: 7d).",
        ge=0,
        metavar="DURATION",
        duration=True,
        # A week. A rerun, or a crawl resumed after Ctrl-C or a time limit, within the week
        # costs the site nothing; a site's lists and pages change within weeks, so a result is
        # never more than a week behind it (Scrapy's HTTPCACHE_EXPIRATION_SECS never expires).
        commands=timedelta(days=7),
    )
    refresh: bool = setting(
        False, "Load again every page the cache holds, and store the new copies.", flag="--refresh"
    )


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


@dataclass(frozen=True)
class SettingSpec:
    """A setting as the table declares it (see `setting`). `kind` is its type in the layers
    without None: bool, int, float (seconds, for a timedelta), str, Path, or tuple for a list of
    strings; `choices` the values a ``Literal`` setting takes (its `kind` is str); `optional`:
    the field takes None; `default`: the layers' default, as they give it; `seconds`: the field
    is a timedelta."""

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
    form: str | None
    off: int | None
    choices: tuple[str, ...] = ()
    seconds: bool = False

    @property
    def variable(self) -> str:
        return ENV_PREFIX + self.name.upper()

    @property
    def flags(self) -> tuple[str, ...]:
        """The flag's spellings: ``--name`` (or the declared flag), then its aliases."""
        return (self.flag or "--" + self.name.replace("_", "-"), *self.aliases)

    @property
    def bounds(self) -> dict[str, Any]:
        """The bounds of what a layer gives (`off` included), as pydantic's Field takes them."""
        ge = self.ge if self.off is None or self.ge is None else min(self.ge, self.off)
        given = {"ge": ge, "gt": self.gt, "le": self.le, "min_length": self.min_length}
        return {key: value for key, value in given.items() if value is not None}

    def value(self, given: Any) -> Any:
        """What a layer gives (checked against `bounds`) as the setting's field takes it:
        seconds as a timedelta, ``"Name: value"`` as a pair, `off` as None; ValueError when
        a pair does not read as its form."""
        if given is None:
            return None
        if self.seconds:
            return timedelta(seconds=given)
        if self.form is not None:
            what = self.flags[0].removeprefix("--")
            return parse_pairs(tuple(given), _pair_separator(self.form), what, self.form)
        if given == self.off:
            return None
        return tuple(given) if self.kind is tuple else given

    def given(self, value: Any) -> Any:
        """The field's `value` as a layer gives it (the inverse of `value`)."""
        if value is None:
            return self.off
        if isinstance(value, timedelta):
            return value.total_seconds()
        if self.form is not None:
            joiner = self.form[len("name") : -len("value")]
            return tuple(name + joiner + text for name, text in value)
        return value


def _pair_separator(form: str) -> str:
    return form[len("name") :].strip()[0]


_ROWS: dict[type, dict[str, SettingSpec]] = {}


def setting_rows(table: type) -> Mapping[str, SettingSpec]:
    """Every setting of `table` (a dataclass whose settings are `setting` fields), by name, in
    its order."""
    if table not in _ROWS:
        hints = typing.get_type_hints(table)
        found = {f.name: _spec(f, hints[f.name]) for f in fields(table) if "siteseer" in f.metadata}
        _ROWS[table] = found
    return _ROWS[table]


def _spec(f: Field[Any], annotation: Any) -> SettingSpec:
    args = typing.get_args(annotation)
    optional = type(None) in args
    kind = next((a for a in args if a is not type(None)), annotation) if optional else annotation
    row = dict(f.metadata["siteseer"])
    commands = row.pop("commands")
    choices: tuple[str, ...] = ()
    seconds = kind is timedelta
    if seconds:
        kind = float
    elif typing.get_origin(kind) is tuple:
        kind = tuple
    elif typing.get_origin(kind) is Literal:
        kind, choices = str, tuple(typing.get_args(kind))
    spec = SettingSpec(
        name=f.name,
        kind=kind,
        optional=optional,
        default=None,
        choices=choices,
        seconds=seconds,
        **row,
    )
    return replace(spec, default=spec.given(f.default if commands is MISSING else commands))


def problems(config: Any, table: type) -> list[str]:
    """What in `config` (an instance of `table` or of a subclass) the table's types and bounds
    refuse, each naming its setting; lists given for tuples are made tuples, text for a Path a
    Path (`config` is frozen: set through object.__setattr__)."""
    found: list[str] = []
    for name, spec in setting_rows(table).items():
        value = getattr(config, name)
        if isinstance(value, list):
            value = tuple(value)
            object.__setattr__(config, name, value)
        elif spec.kind is Path and isinstance(value, str):
            value = Path(value)
            object.__setattr__(config, name, value)
        if value is None and spec.optional:
            continue
        wanted = _wanted(spec, value)
        if wanted:
            shown = str(value) if isinstance(value, timedelta) else repr(value)
            found.append(f"{name} must {wanted}, not {shown}")
    return found


def _wanted(spec: SettingSpec, value: Any) -> str:
    """What `value` must be for `spec` ("be a count ≥ 1"), or "" when it is that."""
    none = "None or " if spec.optional else ""
    if spec.choices:
        listed = [repr(choice) for choice in spec.choices]
        return "" if value in spec.choices else "be " + ", ".join(listed[:-1]) + " or " + listed[-1]
    if spec.seconds:
        if not isinstance(value, timedelta):
            return "be a datetime.timedelta"
        if spec.gt is not None and value <= timedelta(seconds=spec.gt):
            return "be positive" if spec.gt == 0 else f"be over {spec.gt:g} s"
        if spec.ge is not None and value < timedelta(seconds=spec.ge):
            return "be positive or zero" if spec.ge == 0 else f"be at least {spec.ge:g} s"
        return ""
    if spec.kind is bool:
        return "" if isinstance(value, bool) else "be True or False"
    if spec.kind is int:
        low = spec.ge if spec.ge is not None else spec.gt
        if isinstance(value, bool) or not isinstance(value, int) or not _within(spec, value):
            return f"be {none}a count" + ("" if low is None else f" ≥ {low:g}")
        return ""
    if spec.kind is str:
        if not isinstance(value, str):
            return f"be {none}text"
        return "not be empty" if spec.min_length and len(value.strip()) < spec.min_length else ""
    if spec.kind is Path:
        return "" if isinstance(value, Path) else f"be {none}a path"
    if spec.kind is tuple:
        if spec.form is not None:
            pairs = all(
                isinstance(pair, tuple) and len(pair) == 2 and str(pair[0]).strip()
                for pair in value
            )
            return "" if pairs else "be (name, value) pairs"
        return "" if all(isinstance(item, str) for item in value) else "be a tuple of text"
    return ""


def _within(spec: SettingSpec, value: float) -> bool:
    return not (
        (spec.ge is not None and value < spec.ge)
        or (spec.gt is not None and value <= spec.gt)
        or (spec.le is not None and value > spec.le)
    )
