"""The crawl flags every crawling command takes, defined once.

    @click.command("discover")
    @crawl_flags
    def discover(seed_url: str, *, flags: CrawlFlags) -> None:
        settings, _ = load_settings(flags)

`crawl_flags` adds the shared options (`FLAGS`: ``--delay``, ``--concurrency``, ``--retries``,
``--timeout``, ``--user-agent``, ``--ignore-robots``, ``--allow-private-addresses``,
``--allowed-hosts``, ``--header``, ``--cookie``, ``--proxy``, ``--pages``, ``--time-limit``,
``--storage-state``, ``--max-age``, ``--refresh``) to a click command and hands the command
the values given as one `flags` mapping (setting name → value; options not given are None),
ready for `siteseer.settings.load_settings`, where they take precedence over the environment,
the config file and the defaults.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

__all__ = ["FLAGS", "PANEL", "CrawlFlags", "crawl_flags"]

CrawlFlags = dict[str, Any]
F = TypeVar("F", bound=Callable[..., Any])
PANEL = "Crawl settings (also SITESEER_* variables, siteseer.toml; see `siteseer config`)"


def _option(*names: str, help: str, **extra: Any) -> click.Option:
    return click.Option(list(names), help=help, default=None, show_default=False, **extra)


# The shared options; each parameter's name is the setting's name.
FLAGS: list[click.Option] = [
    _option(
        "--delay",
        type=click.FloatRange(min=0.0),
        help="Seconds between two requests to one host (default: 0 on loopback, else 1; "
        "a robots.txt Crawl-delay raises it).",
    ),
    _option(
        "--concurrency",
        type=click.IntRange(min=1),
        help="HTTP requests in flight per host [default: 8].",
    ),
    _option(
        "--retries",
        type=click.IntRange(min=0),
        help="Extra attempts on 5xx, 429, timeouts, errors [default: 2].",
    ),
    _option(
        "--timeout",
        type=click.FloatRange(min=0.1),
        help="Seconds one HTTP request or browser navigation may take [default: 20].",
    ),
    _option("--user-agent", help="User-Agent of every request, over HTTP and in the browser."),
    _option(
        "--ignore-robots/--respect-robots",
        help="Load pages robots.txt disallows [default: respect robots.txt].",
    ),
    _option(
        "--allow-private-addresses/--public-addresses-only",
        help="Follow redirects and browser navigations from a public host to loopback, "
        "private and link-local addresses [default: refused].",
    ),
    _option(
        "--allowed-hosts",
        multiple=True,
        metavar="HOST[,HOST]",
        help="Hosts the crawl may visit, repeated or comma-separated (default: the first "
        "URL's host).",
    ),
    _option(
        "--header",
        "headers",
        multiple=True,
        metavar="'NAME: VALUE'",
        help='An extra request header, "Name: value" (repeatable); HTTP and browser, '
        "only to the hosts the crawl loads, never with a page's requests elsewhere.",
    ),
    _option(
        "--cookie",
        "cookies",
        multiple=True,
        metavar="NAME=VALUE",
        help='A cookie sent to every host, "name=value" (repeatable); HTTP and browser.',
    ),
    _option(
        "--proxy", metavar="URL", help="Proxy URL (http://host:port) for HTTP and the browser."
    ),
    _option(
        "--pages",
        "--budget",
        "pages",
        type=click.IntRange(min=1),
        help="Page budget: page loads plus browser actions.",
    ),
    _option(
        "--time-limit",
        metavar="SECONDS",
        type=click.FloatRange(min=0.1),
        help="Seconds the whole run may take; then it stops and writes what it found, "
        "marked incomplete (exit 1) [default: no limit].",
    ),
    _option(
        "--storage-state",
        metavar="FILE",
        type=click.Path(path_type=Path),
        help="A Playwright storage-state JSON (a logged-in browser): its cookies and local "
        "storage in the browser, its cookies over HTTP too.",
    ),
    _option(
        "--max-age",
        metavar="DURATION",
        help="Use cached pages stored at most this long ago (seconds, or 30m, 12h, 7d); "
        "older ones are loaded again [default: the cache never expires].",
    ),
    _option(
        "--refresh",
        is_flag=True,
        help="Load again every page the cache holds, and store the new copies.",
    ),
]
_NAMES = tuple(str(option.name) for option in FLAGS)


def _split_hosts(values: tuple[str, ...]) -> list[str] | None:
    if not values:
        return None
    return [host.strip() for value in values for host in value.split(",") if host.strip()]


def crawl_flags(command: F) -> F:
    """`command` with the shared crawl options added; it receives them as `flags`."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        flags = {name: kwargs.pop(name, None) for name in _NAMES}
        flags["allowed_hosts"] = _split_hosts(flags["allowed_hosts"])
        flags["refresh"] = flags["refresh"] or None
        return command(*args, flags=flags, **kwargs)

    params: list[click.Parameter] = getattr(command, "__click_params__", [])
    run.__click_params__ = [*reversed(FLAGS), *params]  # type: ignore[attr-defined]
    return run  # type: ignore[return-value]
