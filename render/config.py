"""The renderer's settings (`playwright.config.toml`) and the Chromium it launches.

`load_render_config()` reads the TOML file once, applies keyword overrides, and resolves the
browser binary in this order:

1. an explicit ``executable_path`` override, the ``SITESEER_CHROMIUM`` environment variable, or
   ``[browser] executable_path`` in the file (in that order of precedence);
2. a headless shell on ``PATH`` (Debian's ``chromium-headless-shell``) — headless runs only;
3. a browser Playwright downloaded itself (``python -m playwright install chromium``), its
   headless shell first for headless runs;
4. a full Chromium or Chrome on ``PATH``.

Headed runs (``headless=False``) skip the headless shells. The choice is recorded on the config
(`browser_kind`, `browser_description`) so callers can say which browser was used.
"""

from __future__ import annotations

import os
import shutil
import tomllib
from dataclasses import dataclass, field, fields, replace
from datetime import timedelta
from pathlib import Path
from typing import Any, Literal

from siteseer.render.errors import BrowserNotFound
from siteseer.render.http import NEVER_RESOLVED

__all__ = [
    "CONFIG_FILENAME",
    "ENV_EXECUTABLE",
    "BrowserKind",
    "RenderConfig",
    "find_config_file",
    "load_render_config",
    "resolve_browser",
]

CONFIG_FILENAME = "playwright.config.toml"
ENV_EXECUTABLE = "SITESEER_CHROMIUM"

BrowserKind = Literal["headless-shell", "chromium", "chrome", "unknown"]
BrowserSource = Literal["configured", "environment", "path", "playwright"]
ResourceType = Literal["image", "media", "font"]

INSTALL_HINT = (
    "install one with `python -m siteseer.render.install` (or `python -m playwright install chromium`, "
    "or `apt-get install chromium-headless-shell` on Debian), or point SITESEER_CHROMIUM at a "
    "Chromium binary"
)

# Chromium draws every page it loads (paint, raster, the GPU process's software compositor):
# about a third of a render's CPU on the bench pages (`python -m bench.throughput --by-process`).
# The switches that stop drawing (--enable-begin-frame-control, --deterministic-mode,
# --disable-threaded-compositing in the headless shell) also stop requestAnimationFrame,
# IntersectionObserver and screenshots, which pages and Playwright's clicks rely on; the others
# tried (--disable-gpu-compositing, --disable-threaded-animation, --disable-checker-imaging,
# --in-process-gpu, --enable-low-end-device-mode, raster and /dev/shm settings, blink's
# imagesEnabled=false) were not measurably faster. None of them is passed.
_DEFAULT_ARGS: tuple[str, ...] = (
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-gpu",
    "--disable-quic",
    "--disable-dev-shm-usage",
)
_HEADLESS_SHELLS = ("chromium-headless-shell", "headless_shell")
_FULL_BROWSERS = (
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
    "chrome",
)


@dataclass(frozen=True)
class RenderConfig:
    """Browser launch, page pool, timeouts and resource blocking, validated once.

    Durations are `timedelta`; they become Playwright's milliseconds only at the call.
    `executable_path` is always resolved (an existing executable file).
    """

    executable_path: str
    headless: bool = True
    # A Playwright browser channel ("chrome", "msedge", "chromium"): launched instead of
    # `executable_path` when set (pytest-playwright's --browser-channel, `[browser] channel`).
    channel: str = ""
    args: tuple[str, ...] = _DEFAULT_ARGS
    viewport: tuple[int, int] = (1280, 900)
    pages: int = 2
    recycle_context_every: int = 100
    navigation_timeout: timedelta = timedelta(seconds=20)
    settle_quiet: timedelta = timedelta(milliseconds=400)
    settle_cap: timedelta = timedelta(seconds=8)
    # The quiet window for a page where nothing happened after DOMContentLoaded (static pages).
    settle_fast: timedelta = timedelta(milliseconds=10)
    action_timeout: timedelta = timedelta(seconds=10)
    # A scroll action's whole loop (a virtualised list drawn a view at a time), and what it adds
    # to its load's deadline instead of `action_timeout + settle_cap`.
    scroll_timeout: timedelta = timedelta(seconds=120)
    # One load from outside the page: navigation, settle and extraction, plus, for each action
    # replayed, `action_timeout + settle_cap`. Past it the page is closed and its context replaced.
    page_deadline: timedelta = timedelta(seconds=45)
    # A page's HTML beyond this many characters is cut (the Snapshot says `truncated`).
    max_html_chars: int = 10 * 1024 * 1024
    # The bytes one load may receive in the browser, the document and everything it fetches
    # (scripts, stylesheets, XHR; decoded): past them the page's network is cut and what it
    # shows is extracted (the Snapshot says `truncated`).
    max_page_bytes: int = 50 * 1024 * 1024
    blocked_resource_types: tuple[ResourceType, ...] = ("image", "media", "font")
    browser_kind: BrowserKind = "unknown"
    browser_source: BrowserSource = "configured"
    config_file: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if self.pages < 1:
            raise ValueError(f"pool.pages must be at least 1, got {self.pages}")
        if self.recycle_context_every < 1:
            raise ValueError(
                f"pool.recycle_context_every must be at least 1, got {self.recycle_context_every}"
            )
        if self.viewport[0] < 1 or self.viewport[1] < 1:
            raise ValueError(f"viewport must be positive, got {self.viewport}")
        for name in (
            "navigation_timeout",
            "settle_quiet",
            "settle_cap",
            "settle_fast",
            "action_timeout",
            "scroll_timeout",
            "page_deadline",
        ):
            if getattr(self, name) <= timedelta(0):
                raise ValueError(f"timeouts.{name} must be positive")
        if self.max_html_chars < 1:
            raise ValueError(f"limits.page_chars must be at least 1, got {self.max_html_chars}")
        if self.max_page_bytes < 1:
            raise ValueError(f"limits.page_bytes must be at least 1, got {self.max_page_bytes}")
        unknown = set(self.blocked_resource_types) - {"image", "media", "font"}
        if unknown:
            raise ValueError(
                f"blocking.resource_types may hold image, media, font (never stylesheets); "
                f"got {sorted(unknown)}"
            )

    @property
    def browser_description(self) -> str:
        """One phrase naming the browser, e.g. "headless shell /usr/bin/chromium-headless-shell"."""
        kind = {
            "headless-shell": "Chromium headless shell",
            "chromium": "Chromium",
            "chrome": "Chrome",
            "unknown": "browser",
        }[self.browser_kind]
        origin = {
            "configured": "configured",
            "environment": f"from {ENV_EXECUTABLE}",
            "path": "on PATH",
            "playwright": "installed by Playwright",
        }[self.browser_source]
        return f"{kind} {self.executable_path} ({origin})"

    def launch_options(self) -> dict[str, Any]:
        """Keyword arguments for Playwright's ``chromium.launch(...)``.

        The browser resolves names as the HTTP fetcher does: one that never resolves
        (render.http `never_resolves`) fails at once, no query sent (unless the configured
        arguments set resolver rules of their own). SharedWorkers are switched off: one
        outlives the page that starts it and its requests pass no page's interception (the
        guard, render/guard.py, sees a dedicated worker's)."""
        args = list(self.args)
        if "--disable-shared-workers" not in args:
            args.append("--disable-shared-workers")
        # a worker's script answered with the worker guard in front (render/guard.py) has no
        # address it came from, so the browser counts it public and would refuse its requests to
        # a loopback or private host (its own, in a lab); the address policy is the guard's
        args.append("--disable-features=LocalNetworkAccessChecks")
        if _running_as_root() and "--no-sandbox" not in args:
            args.append("--no-sandbox")
        if not any(arg.startswith("--host-resolver-rules") for arg in args):
            rules = ", ".join(f"MAP *.{domain} ~NOTFOUND" for domain in sorted(NEVER_RESOLVED))
            args.append(f"--host-resolver-rules={rules}")
        browser = {"channel": self.channel} if self.channel else {}
        return {
            **(browser or {"executable_path": self.executable_path}),
            "headless": self.headless,
            "args": args,
        }


def _running_as_root() -> bool:
    geteuid = getattr(os, "geteuid", None)
    return geteuid is not None and geteuid() == 0


def find_config_file(start: Path | None = None) -> Path | None:
    """`playwright.config.toml` in `start` (default: CWD) or a parent, else next to the project."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        candidate = folder / CONFIG_FILENAME
        if candidate.is_file():
            return candidate
    project = Path(__file__).resolve().parent.parent / CONFIG_FILENAME
    return project if project.is_file() else None


def _is_executable(path: str) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)


def _kind_of(path: str) -> BrowserKind:
    name = os.path.basename(path).lower()
    if "headless" in name:
        return "headless-shell"
    if "chrome" in name and "chromium" not in path.lower():
        return "chrome"
    if "chrom" in name:
        return "chromium"
    return "unknown"


def _playwright_browsers(headless: bool) -> list[str]:
    """Browsers Playwright installed itself, headless shell first when `headless`."""
    root_env = os.environ.get("PLAYWRIGHT_BROWSERS_PATH", "")
    roots = [Path(root_env)] if root_env and root_env != "0" else []
    roots.append(Path.home() / ".cache" / "ms-playwright")
    shells: list[str] = []
    fulls: list[str] = []
    for root in roots:
        if not root.is_dir():
            continue
        shells += sorted(str(p) for p in root.glob("chromium_headless_shell-*/*/*headless_shell"))
        fulls += sorted(str(p) for p in root.glob("chromium-*/chrome-linux*/chrome"))
    # Newest first (directories are named by build number).
    shells.sort(reverse=True)
    fulls.sort(reverse=True)
    found = (shells if headless else []) + fulls
    return [p for p in found if _is_executable(p)]


def resolve_browser(
    explicit: str = "", *, headless: bool = True
) -> tuple[str, BrowserKind, BrowserSource]:
    """Find the Chromium binary to launch: (absolute path, kind, where it came from).

    Raises BrowserNotFound when an explicitly named binary does not exist, or when none is found.
    """
    if explicit:
        if not _is_executable(explicit):
            raise BrowserNotFound(f"the configured browser {explicit!r} is not an executable file")
        return os.path.abspath(explicit), _kind_of(explicit), "configured"
    env = os.environ.get(ENV_EXECUTABLE, "")
    if env:
        if not _is_executable(env):
            raise BrowserNotFound(f"{ENV_EXECUTABLE}={env!r} is not an executable file")
        return os.path.abspath(env), _kind_of(env), "environment"
    if headless:
        for name in _HEADLESS_SHELLS:
            found = shutil.which(name)
            if found:
                return found, "headless-shell", "path"
    for found in _playwright_browsers(headless):
        return found, _kind_of(found), "playwright"
    for name in _FULL_BROWSERS:
        found = shutil.which(name)
        if found:
            return found, _kind_of(found), "path"
    raise BrowserNotFound(f"no Chromium found: {INSTALL_HINT}")


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"{path} is not valid TOML: {e}") from e


def _from_toml(data: dict[str, Any]) -> dict[str, Any]:
    """Map the TOML tables onto RenderConfig field names (missing keys keep the defaults)."""
    browser = data.get("browser", {})
    viewport = data.get("viewport", {})
    pool = data.get("pool", {})
    timeouts = data.get("timeouts", {})
    blocking = data.get("blocking", {})
    values: dict[str, Any] = {}
    if "executable_path" in browser:
        values["executable_path"] = str(browser["executable_path"])
    if "headless" in browser:
        values["headless"] = bool(browser["headless"])
    if "channel" in browser:
        values["channel"] = str(browser["channel"])
    if "args" in browser:
        values["args"] = tuple(str(a) for a in browser["args"])
    if "width" in viewport or "height" in viewport:
        values["viewport"] = (int(viewport.get("width", 1280)), int(viewport.get("height", 900)))
    if "pages" in pool:
        values["pages"] = int(pool["pages"])
    if "recycle_context_every" in pool:
        values["recycle_context_every"] = int(pool["recycle_context_every"])
    if "navigation_s" in timeouts:
        values["navigation_timeout"] = timedelta(seconds=float(timeouts["navigation_s"]))
    if "settle_quiet_ms" in timeouts:
        values["settle_quiet"] = timedelta(milliseconds=float(timeouts["settle_quiet_ms"]))
    if "settle_cap_s" in timeouts:
        values["settle_cap"] = timedelta(seconds=float(timeouts["settle_cap_s"]))
    if "settle_fast_ms" in timeouts:
        values["settle_fast"] = timedelta(milliseconds=float(timeouts["settle_fast_ms"]))
    if "action_s" in timeouts:
        values["action_timeout"] = timedelta(seconds=float(timeouts["action_s"]))
    if "scroll_s" in timeouts:
        values["scroll_timeout"] = timedelta(seconds=float(timeouts["scroll_s"]))
    if "page_s" in timeouts:
        values["page_deadline"] = timedelta(seconds=float(timeouts["page_s"]))
    if "page_chars" in data.get("limits", {}):
        values["max_html_chars"] = int(data["limits"]["page_chars"])
    if "page_bytes" in data.get("limits", {}):
        values["max_page_bytes"] = int(data["limits"]["page_bytes"])
    if "resource_types" in blocking:
        values["blocked_resource_types"] = tuple(str(t) for t in blocking["resource_types"])
    return values


def load_render_config(path: Path | None = None, **overrides: Any) -> RenderConfig:
    """Read `path` (default: the nearest playwright.config.toml), apply `overrides`, resolve
    the browser.

    Overrides use RenderConfig's field names (``pages=1``, ``settle_cap=timedelta(seconds=2)``).
    Without a config file the built-in defaults apply. Raises BrowserNotFound when no browser
    can be found, ValueError for an invalid setting.
    """
    names = {f.name for f in fields(RenderConfig)} - {"browser_kind", "browser_source"}
    unknown = set(overrides) - names
    if unknown:
        raise TypeError(f"unknown RenderConfig settings: {', '.join(sorted(unknown))}")
    config_path = path if path is not None else find_config_file()
    values: dict[str, Any] = {}
    if config_path is not None:
        if not config_path.is_file():
            raise FileNotFoundError(f"render config {config_path} does not exist")
        values = _from_toml(_read_toml(config_path))
        values["config_file"] = str(config_path)
    file_executable = values.pop("executable_path", "")
    values.update(overrides)
    explicit = str(values.pop("executable_path", ""))
    headless = bool(values.get("headless", True))
    if explicit:
        found, kind, source = resolve_browser(explicit, headless=headless)
    elif os.environ.get(ENV_EXECUTABLE):
        found, kind, source = resolve_browser("", headless=headless)
    else:
        found, kind, source = resolve_browser(file_executable, headless=headless)
    config = RenderConfig(executable_path=found, browser_kind=kind, browser_source=source)
    return replace(config, **values)
