"""`siteseer render`: one page loaded the way every method sees it, and described.

`describe_snapshot` is the summary's prose, a pure function of the Snapshot, the host's render
decision, the render mode and the browser: whether the page needed a browser and why.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from siteseer.crawler import (
    Cost,
    CrawlError,
    RenderDecision,
    RenderMode,
    Session,
    canonical_url,
    host_of,
)
from siteseer.errors import BadInput, BadOption, RunFailed, run_failures
from siteseer.outputs import shown, write_bytes
from siteseer.render import Snapshot
from siteseer.sessions import CrawlOptions, session_config, watched_session

__all__ = ["RenderOptions", "RenderOutcome", "describe_snapshot", "render_page", "rendered_because"]


@dataclass(frozen=True)
class RenderOptions:
    """`render`: the page, the crawl, a full-page PNG to write (renders the page) and whether
    to return the whole Snapshot as JSON instead of the summary."""

    url: str
    crawl: CrawlOptions
    screenshot: Path | None = None
    as_json: bool = False


@dataclass(frozen=True)
class RenderOutcome:
    """The page loaded, what to print for it and what the load cost.

    `text` is the summary lines, or the Snapshot as JSON (without the PNG) when asked for;
    `screenshot` the PNG file written, if any.
    """

    snapshot: Snapshot
    text: str
    cost: Cost
    screenshot: Path | None = None

    @property
    def wrote(self) -> str | None:
        """The line saying where the screenshot went (None without one)."""
        if self.screenshot is None:
            return None
        return f"wrote {shown(self.screenshot)} ({len(self.snapshot.screenshot or b'')} bytes)"


def rendered_because(snap: Snapshot, decision: RenderDecision | None, mode: RenderMode) -> str:
    """Whether `snap` was rendered in a browser, and why: the host's render `decision` (None
    when none was made in this Session) under the Session's render `mode`."""
    if snap.rendered:
        if mode == "always" or decision is None:
            return "yes (asked for)"
        if decision.needs_browser:
            return f"yes ({decision.reason})"
        return "yes"
    if decision is not None:
        return f"no ({decision.reason})"
    if mode == "never":
        return "no (--render never)"
    return "no"


def describe_snapshot(
    snap: Snapshot, decision: RenderDecision | None, mode: RenderMode, browser: str | None
) -> list[str]:
    """The `render` summary: status, final URL, title, links, controls, settle time, whether
    it was rendered (see `rendered_because`) and, when it was, the browser (None: the Snapshot
    came from the cache and no browser was started)."""
    settle = f"{snap.settle_ms:.0f} ms" + (
        " (capped: the page never went quiet)" if snap.settle_capped else ""
    )
    rows = [
        ("status", str(snap.status)),
        ("final URL", snap.final_url),
        ("title", snap.title),
        ("links", str(len(snap.links))),
        ("controls", str(len(snap.controls))),
        ("settle", settle if snap.rendered else "- (not rendered)"),
        ("rendered", rendered_because(snap, decision, mode)),
    ]
    if snap.rendered:
        rows.append(("browser", "from the cache" if browser is None else browser))
    return [f"{name:<10} {value}" for name, value in rows]


async def render_page(options: RenderOptions) -> RenderOutcome:
    """Load `options.url` (a full-page screenshot with `options.screenshot`) and describe it.

    An invalid URL is a BadInput; a crawl error (unreachable, not HTML, robots.txt, timeout, no
    browser) a RunFailed; a screenshot that cannot be written an OutputFailed.
    """
    try:
        target = canonical_url(options.url, keep_fragment=True)  # the Session keeps it or not
    except CrawlError as e:
        raise BadInput(str(e)) from None
    try:
        config = session_config(options.crawl)
    except ValueError as e:
        raise BadOption(str(e)) from None
    with run_failures(CrawlError, OSError, ValueError):
        async with watched_session(config, "render") as session:
            snap = await session.page(target, screenshot="full" if options.screenshot else None)
            lines = _describe(snap, session)
            cost = session.cost()
    if options.screenshot is not None:
        if snap.screenshot is None:
            raise RunFailed(f"the browser took no screenshot of {snap.url}")
        write_bytes(options.screenshot, snap.screenshot, f"the screenshot to {options.screenshot}")
    text = replace(snap, screenshot=None).to_json() if options.as_json else "\n".join(lines)
    return RenderOutcome(snap, text, cost, options.screenshot)


def _describe(snap: Snapshot, session: Session) -> list[str]:
    """`describe_snapshot` with the Session's decision for the page's host, mode and browser."""
    decision = session.render_decisions.get(host_of(snap.url))
    config = session.render_config
    browser = config.browser_description if config else None
    return describe_snapshot(snap, decision, session.config.render, browser)
