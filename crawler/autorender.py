"""render="auto": does a host need a browser? Decided once per host from its first page.

`decide(http, rendered)` compares the same page fetched over HTTP and rendered in a browser;
`without_scripts(http)` settles it without a render when the raw HTML runs no script (none at all,
or only data such as JSON-LD).
The host needs a browser when the rendered page shows more than the raw HTML — links that only
scripts add (at least `NEW_LINKS_MIN` of them and `NEW_LINKS_SHARE` of the rendered page's
links), much more text, many more controls — or when the raw HTML is an empty application shell
(a ``<div id="app"></div>``) or carries a ``<noscript>`` plea to enable JavaScript. A pure function
over two Snapshots.

`AutoRender` is the Session's side of it: the decisions by host (made, or read from the store),
the one page per host that decides (the others wait for it), and the loading that takes.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import asdict, dataclass
from typing import Any, TypeVar
from urllib.parse import urljoin

from siteseer.crawler.dedup import InFlight
from siteseer.crawler.errors import BrowserUnavailable, CrawlError
from siteseer.crawler.loads import SessionLoads
from siteseer.crawler.urls import host_of
from siteseer.render import Snapshot, State

__all__ = [
    "AutoRender",
    "RenderDecision",
    "decide",
    "drawn_as_served",
    "page_scripts",
    "undecided",
    "visible_text_length",
    "without_scripts",
]

log = logging.getLogger(__name__)

T = TypeVar("T")

# Links only the rendered page has: enough of them, and a fair share of its links (a widget
# adding a link or two to a large static page does not make the host a browser host).
NEW_LINKS_MIN = 3
NEW_LINKS_SHARE = 0.2
# "Much more": rendered ≥ http × RATIO + MARGIN (the margin keeps tiny pages from flapping).
RATIO = 1.5
TEXT_MARGIN = 200  # characters of visible text
CONTROL_MARGIN = 3
APP_ROOT_IDS = ("app", "root", "__next", "__nuxt", "svelte", "main-app")
_NOSCRIPT_PLEA = re.compile(r"javascript|enable\s+js|js\s+(?:is\s+)?(?:required|disabled)", re.I)
_VISIBLE_TEXT = (
    "//body//text()[not(ancestor::script) and not(ancestor::style)"
    " and not(ancestor::noscript) and not(ancestor::template)]"
)


@dataclass(frozen=True, slots=True)
class RenderDecision:
    """Whether `host` needs a browser, and the figures that decided it (from `url`)."""

    host: str
    needs_browser: bool
    reason: str
    url: str
    http_links: int
    rendered_links: int
    new_links: int  # distinct link URLs only the rendered page has
    http_text: int
    rendered_text: int
    http_controls: int
    rendered_controls: int
    empty_app_root: bool
    noscript_warning: bool

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> RenderDecision:
        data: dict[str, Any] = json.loads(text)
        return cls(**data)


def visible_text_length(snapshot: Snapshot) -> int:
    """Characters of text a reader sees in the body (scripts, styles, noscript excluded)."""
    texts = snapshot.tree().xpath(_VISIBLE_TEXT)
    return len(" ".join(" ".join(texts).split()))


def _much_more(rendered: int, http: int, margin: int) -> bool:
    return rendered >= http * RATIO + margin


def empty_app_root(snapshot: Snapshot) -> bool:
    """Whether the page's HTML holds an application root element with nothing inside."""
    tree = snapshot.tree()
    for ident in APP_ROOT_IDS:
        for element in tree.xpath(f"//body//*[@id={json.dumps(ident)}]"):
            if len(element) == 0 and not (element.text or "").strip():
                return True
    return False


def noscript_warning(snapshot: Snapshot) -> bool:
    """Whether a ``<noscript>`` asks the reader to enable JavaScript."""
    for element in snapshot.tree().xpath("//noscript"):
        if _NOSCRIPT_PLEA.search(element.text_content() or ""):
            return True
    return False


def decide(host: str, http: Snapshot, rendered: Snapshot) -> RenderDecision:
    """Compare the HTTP and the rendered snapshot of one page of `host`."""
    http_links, rendered_links = len(http.links), len(rendered.links)
    rendered_urls = {link.url for link in rendered.links}
    new_links = len(rendered_urls - {link.url for link in http.links})
    http_text, rendered_text = visible_text_length(http), visible_text_length(rendered)
    http_controls, rendered_controls = len(http.controls), len(rendered.controls)
    shell = empty_app_root(http)
    plea = noscript_warning(http)
    reasons: list[str] = []
    if new_links >= NEW_LINKS_MIN and new_links >= NEW_LINKS_SHARE * len(rendered_urls):
        reasons.append(
            f"{new_links} of the rendered page's {len(rendered_urls)} link URLs are not in the "
            f"raw HTML ({http_links} links)"
        )
    if _much_more(rendered_text, http_text, TEXT_MARGIN):
        reasons.append(f"rendered text {rendered_text} chars, raw HTML {http_text}")
    if _much_more(rendered_controls, http_controls, CONTROL_MARGIN):
        reasons.append(f"rendered page has {rendered_controls} controls, raw HTML {http_controls}")
    if shell:
        reasons.append("raw HTML has an empty application root")
    if plea:
        reasons.append("raw HTML has a <noscript> asking for JavaScript")
    return RenderDecision(
        host=host,
        needs_browser=bool(reasons),
        reason="; ".join(reasons) or "raw HTML shows what the browser shows",
        url=http.url,
        http_links=http_links,
        rendered_links=rendered_links,
        new_links=new_links,
        http_text=http_text,
        rendered_text=rendered_text,
        http_controls=http_controls,
        rendered_controls=rendered_controls,
        empty_app_root=shell,
        noscript_warning=plea,
    )


# Script types a browser runs (the HTML standard's JavaScript MIME type essences, and modules);
# any other type (JSON-LD, JSON data, templates, import maps) is data the page never executes.
_RUN_TYPES = frozenset(
    {"", "module", "text/javascript", "application/javascript", "text/ecmascript"}
    | {"application/ecmascript", "application/x-ecmascript", "application/x-javascript"}
    | {"text/jscript", "text/livescript", "text/x-ecmascript", "text/x-javascript"}
    | {f"text/javascript1.{n}" for n in range(6)}
)


def runs_scripts(http: Snapshot) -> bool:
    """Whether the page's raw HTML holds a script the browser would run."""
    return bool(page_scripts(http))


def page_scripts(http: Snapshot) -> frozenset[str]:
    """The scripts the page's raw HTML has the browser run: each loaded one by its absolute
    URL, each inline one by its text (whitespace runs made one space)."""
    out: set[str] = set()
    for script in http.tree().iter("script"):
        kind = (script.get("type") or "").split(";")[0].strip().lower()
        if kind not in _RUN_TYPES:
            continue
        src = (script.get("src") or "").strip()
        out.add(urljoin(http.final_url, src) if src else " ".join((script.text or "").split()))
    return frozenset(out)


def drawn_as_served(
    http: Snapshot, decision: RenderDecision | None, decided: Snapshot | None
) -> bool:
    """Whether `http` (a page loaded without a browser) shows what the browser would: its
    host's `decision` was made by rendering the page `decided` (one that runs scripts) and found
    that the browser shows what its raw HTML does, and `http` runs no script `decided` does not
    (a documentation's theme script on every page: what changes none changes this one
    neither)."""
    if decision is None or decision.needs_browser or decided is None:
        return False
    theirs = page_scripts(decided)
    return bool(theirs) and page_scripts(http) <= theirs


def without_scripts(host: str, http: Snapshot) -> RenderDecision | None:
    """The decision for a page whose raw HTML has no script a browser runs (none at all, or
    only data such as JSON-LD), or None if it has one.

    Nothing can change such a page after it loads, so the host needs no browser and no render
    is spent to learn it. (Controls that need clicking still go to the browser through
    `Session.act`; that is per action, not per host.)
    """
    if runs_scripts(http):
        return None
    if http.tree().xpath("boolean(//script)"):
        why = "raw HTML has only data scripts (JSON, templates): nothing changes it after loading"
    else:
        why = "raw HTML has no scripts: nothing changes it after loading"
    return undecided(host, http, why)


def undecided(host: str, http: Snapshot, reason: str) -> RenderDecision:
    """A stand-in decision when no comparison could be made (no browser): HTTP it is."""
    return RenderDecision(
        host=host,
        needs_browser=False,
        reason=reason,
        url=http.url,
        http_links=len(http.links),
        rendered_links=0,
        new_links=0,
        http_text=visible_text_length(http),
        rendered_text=0,
        http_controls=len(http.controls),
        rendered_controls=0,
        empty_app_root=empty_app_root(http),
        noscript_warning=noscript_warning(http),
    )


class AutoRender:
    """render="auto" in a Session: whether each host needs a browser, decided on its first page
    (one page per host decides; the others wait for it) and kept in the store."""

    def __init__(self, session: SessionLoads) -> None:
        self._session = session
        self.decisions: dict[str, RenderDecision] = {}
        self._deciding: InFlight[str, Snapshot | CrawlError] = InFlight()

    async def close(self) -> None:
        await self._deciding.cancel_all()

    async def mode(self, url: str) -> Snapshot | bool:
        """Whether `url`'s host needs a browser, deciding it on this page if nobody has.

        Returns the page's Snapshot instead when deciding loaded it.
        """
        session = self._session
        host = host_of(url)
        while True:
            known = self.known(host)
            if known is not None:
                return known.needs_browser
            cached = session._loads.cache.get(url, need_render=False)
            if cached is not None:
                return session._loads.cache.hit(cached)
            result, shared = await self._deciding.run(host, lambda: self._decide(host, url))
            if not shared:
                if isinstance(result, CrawlError):
                    raise result
                session.events.emit("page", result, False)
                return result
            # Another page decided the host (or failed to, and the next page tries): look again.

    def known(self, host: str) -> RenderDecision | None:
        """The decision about `host`, as made or read from the store (None: undecided)."""
        if host not in self.decisions:
            stored = self._session._loads.cache.store.get_setting(host, "render_decision")
            if stored is None:
                return None
            self.decisions[host] = RenderDecision.from_json(stored)
        return self.decisions[host]

    async def _decide(self, host: str, url: str) -> Snapshot | CrawlError:
        """Fetch `url` over HTTP and render it; record whether `host` needs a browser.

        The render is answered from the HTTP response (the page is downloaded once); one cut at
        the body limit is downloaded again in the browser, within the budget. Returns the
        Snapshot the decision asks for (or the error that prevented loading the page). The
        decision needs a 2xx HTML page and a browser; without them the HTTP snapshot is
        returned undecided and a later page of the host decides.
        """
        session = self._session
        try:
            plain, response = await session._loads.counted(url, session._loads.plain_response(url))
        except CrawlError as e:
            return e
        if not plain.ok:
            return plain
        static = without_scripts(host, plain)
        if static is not None:
            self._settle(static)
            return plain
        document = None if response.truncated else response
        if document is None and not session._loads.budget.can_spend():
            log.info("budget too small to decide whether %s needs a browser", host)
            return plain
        try:
            await session._loads.browsing.start(url)
        except BrowserUnavailable as e:
            # Without a browser the host is crawled over HTTP for the rest of this Session
            # (not remembered in the store: the next run may have a browser).
            log.warning("cannot decide whether %s needs a browser: %s", host, e)
            session._loads.record_error(e)
            self.decisions[host] = undecided(host, plain, f"no browser: {e.reason}")
            return plain
        try:
            if document is None:
                session._loads.budget.spend(url)
            rendered = await session._loads.render(State(url), screenshot=None, document=document)
        except CrawlError as e:
            log.warning("rendering %s to decide its host failed: %s", url, e)
            session._loads.record_error(e)
            return plain
        session._loads.cache.keep(rendered)
        decision = decide(host, plain, rendered)
        self._settle(decision)
        return rendered if decision.needs_browser else plain

    def _settle(self, decision: RenderDecision) -> None:
        """Remember (here and in the store) and announce how a host is loaded."""
        self.decisions[decision.host] = decision
        self._session._loads.cache.store.put_setting(
            decision.host, "render_decision", decision.to_json()
        )
        log.info(
            "%s %s a browser: %s",
            decision.host,
            "needs" if decision.needs_browser else "does not need",
            decision.reason,
        )
        self._session.events.emit("decision", decision)
