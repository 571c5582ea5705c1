"""The crawl flags every crawling command takes, defined once.

    @app.command("discover")
    @crawl_flags
    def discover(seed_url: str, *, flags: CrawlFlags) -> None:
        settings, _ = load_settings(flags)

`crawl_flags` adds the shared options (`FLAGS`: ``--delay``, ``--concurrency``, ``--retries``,
``--timeout``, ``--user-agent``, ``--ignore-robots``, ``--allow-private-addresses``,
``--allowed-hosts``, ``--header``,
``--cookie``, ``--proxy``, ``--pages``, ``--time-limit``, ``--storage-state``, ``--max-age``,
``--refresh``) to a typer command's signature and
hands the command the values given as one `flags` mapping (setting name → value; options not
given are None), ready for `siteseer.settings.load_settings`, where they take precedence over
the environment, the config file and the defaults.
"""

from __future__ import annotations

import functools
import inspect
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

__all__ = ["FLAGS", "PANEL", "CrawlFlags", "crawl_flags"]

CrawlFlags = dict[str, Any]
F = TypeVar("F", bound=Callable[..., Any])
PANEL = "Crawl settings (also SITESEER_* variables, siteseer.toml; see `siteseer config`)"


def _option(*names: str, help: str, **extra: Any) -> Any:
    return typer.Option(*names, help=help, rich_help_panel=PANEL, **extra)


# The shared options: parameter name (= the setting's name) → its annotated type.
FLAGS: dict[str, Any] = {
    "delay": Annotated[
        float | None,
        _option(
            "--delay",
            min=0.0,
            help="Seconds between two requests to one host (default: 0 on loopback, else 1; "
            "a robots.txt Crawl-delay raises it).",
        ),
    ],
    "concurrency": Annotated[
        int | None,
        _option("--concurrency", min=1, help="HTTP requests in flight per host [default: 8]."),
    ],
    "retries": Annotated[
        int | None,
        _option(
            "--retries", min=0, help="Extra attempts on 5xx, 429, timeouts, errors [default: 2]."
        ),
    ],
    "timeout": Annotated[
        float | None,
        _option(
            "--timeout",
            min=0.1,
            help="Seconds one HTTP request or browser navigation may take [default: 20].",
        ),
    ],
    "user_agent": Annotated[
        str | None,
        _option("--user-agent", help="User-Agent of every request, over HTTP and in the browser."),
    ],
    "ignore_robots": Annotated[
        bool | None,
        _option(
            "--ignore-robots/--respect-robots",
            help="Load pages robots.txt disallows [default: respect robots.txt].",
            show_default=False,
        ),
    ],
    "allow_private_addresses": Annotated[
        bool | None,
        _option(
            "--allow-private-addresses/--public-addresses-only",
            help="Follow redirects and browser navigations from a public host to loopback, "
            "private and link-local addresses [default: refused].",
            show_default=False,
        ),
    ],
    "allowed_hosts": Annotated[
        list[str] | None,
        _option(
            "--allowed-hosts",
            metavar="HOST[,HOST]",
            help="Hosts the crawl may visit, repeated or comma-separated (default: the first "
            "URL's host).",
        ),
    ],
    "headers": Annotated[
        list[str] | None,
        _option(
            "--header",
            metavar="'NAME: VALUE'",
            help='An extra request header, "Name: value" (repeatable); HTTP and browser.',
        ),
    ],
    "cookies": Annotated[
        list[str] | None,
        _option(
            "--cookie",
            metavar="NAME=VALUE",
            help='A cookie sent to every host, "name=value" (repeatable); HTTP and browser.',
        ),
    ],
    "proxy": Annotated[
        str | None,
        _option(
            "--proxy", metavar="URL", help="Proxy URL (http://host:port) for HTTP and the browser."
        ),
    ],
    "pages": Annotated[
        int | None,
        _option("--pages", "--budget", min=1, help="Page budget: page loads plus browser actions."),
    ],
    "time_limit": Annotated[
        float | None,
        _option(
            "--time-limit",
            metavar="SECONDS",
            min=0.1,
            help="Seconds the whole run may take; then it stops and writes what it found, "
            "marked incomplete (exit 1) [default: no limit].",
        ),
    ],
    "storage_state": Annotated[
        Path | None,
        _option(
            "--storage-state",
            metavar="FILE",
            help="A Playwright storage-state JSON (a logged-in browser): its cookies and local "
            "storage in the browser, its cookies over HTTP too.",
        ),
    ],
    "max_age": Annotated[
        str | None,
        _option(
            "--max-age",
            metavar="DURATION",
            help="Use cached pages stored at most this long ago (seconds, or 30m, 12h, 7d); "
            "older ones are loaded again [default: the cache never expires].",
        ),
    ],
    "refresh": Annotated[
        bool | None,
        _option(
            "--refresh",
            help="Load again every page the cache holds, and store the new copies.",
            show_default=False,
        ),
    ],
}


def _split_hosts(values: list[str] | None) -> list[str] | None:
    if values is None:
        return None
    return [host.strip() for value in values for host in value.split(",") if host.strip()]


def crawl_flags(command: F) -> F:
    """`command` with the shared crawl options added; it receives them as `flags`."""
    hints = typing.get_type_hints(command, include_extras=True)
    signature = inspect.signature(command)
    own = [
        p.replace(annotation=hints.get(p.name, p.annotation))
        for p in signature.parameters.values()
        if p.name != "flags"
    ]
    added = [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=kind)
        for name, kind in FLAGS.items()
    ]

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        flags = {name: kwargs.pop(name, None) for name in FLAGS}
        flags["allowed_hosts"] = _split_hosts(flags["allowed_hosts"])
        return command(*args, flags=flags, **kwargs)

    run.__signature__ = signature.replace(parameters=[*own, *added])  # type: ignore[attr-defined]
    run.__annotations__ = {
        **{p.name: p.annotation for p in own},
        **FLAGS,
        "return": hints.get("return"),
    }
    return typing.cast(F, run)
