"""The pool's document guard: every document request a worker's page or a popup sends is paused
(CDP ``Fetch``, documents only) and checked before it leaves, and the bytes a load receives are
counted against `RenderConfig.max_page_bytes`.

- a main-frame navigation, each redirect hop included, passes the pool's `check_navigation` (the
  Session's scope, robots.txt and address checks) as a navigation from the URL the worker loads;
  a refused one is answered with an empty 204 (the page stays on the document it shows) and
  remembered in `Worker.refused`, which the navigator turns into a NavigationRefused;
- a navigation handed its document (`Worker.handover`) is answered from those bytes
  (``Fetch.fulfillRequest``) instead of the network;
- the first request of a popup (a page no worker owns; CDP ``Fetch`` on the browser target)
  passes the same check as a navigation of the page that opened it, and is failed and the popup
  closed when refused (`PoolStats.popups_refused`);
- while a load's actions run, every request of the page (any frame or worker) is paused and
  passed to the safety rule (render/effects.py `effect_refusal`): a refused one never leaves and
  is named in `Worker.effects`; the endpoints the page POSTed to before our actions (its read
  channel) are seen from ``Network.requestWillBeSent``;
- a subframe's document request passes `check_navigation` as a navigation of the page it is in
  (scope, robots.txt, addresses): a refused frame stays empty (204) and the page loads on;
- a document request of a page no load runs in (an idle page's timer) is refused: nothing ties
  it to a page of the crawl (in a batch's shared browser, it could be checked as another
  site's);
- a document that leaves for a refused page while it parses (an inline script, a form
  submitted on load) halts the wait for its navigation (`Worker.left`): it is extracted as it
  stands;
- with a resource check (`check_resource`: robots.txt of the crawl's hosts, the address
  policy), the subresources of the page to the origins the crawl loads and, from a public page,
  those to private or link-local address literals are paused and checked: a refused one fails
  (the page loads on); other hosts' subresources are not paused (pages need their CDNs),
  unless the page is `confined` (``--resources same-site``): then every request it sends is
  paused and checked, and the check refuses those outside the crawl's scope;
- a WebSocket the page opens (Playwright's ``route_web_socket``: CDP ``Fetch`` never sees a
  handshake) passes the same resource check, its handshake judged as the http(s) request it
  is, and while our actions run the safety rule as a GET: a refused one is closed before it
  connects (code 1008), the page sees a socket that closed;
- so does a WebSocket a worker opens: every worker script the page fetches (a request whose
  ``Sec-Fetch-Dest`` is worker, seen in ``Network.requestWillBeSentExtraInfo``, paused at its
  response) starts with the guard of render/workers.js, which asks `CHECK_URL` (answered here,
  never sent) before each socket connects; a refused one errs and closes. Workers made from a
  blob: or data: URL, or by a worker, start from their script with the guard in front
  (workers.js); SharedWorkers are switched off (render/config.py) and service workers blocked;
- speculation rules never fetch: the browser's prefetches and prerenders are sent outside
  the page's request interception, so every page is kept from declaring them (the init script
  of render/contexts.py), prerendering is switched off on its target, and a rule set its
  ``Speculation-Rules`` response header names is failed when it arrives (the page's requests
  of CDP type Other are paused at their response, and one of media type
  ``application/speculationrules+json`` never reaches the page);
- past `max_page_bytes` (decoded, the document and all it fetches, from
  ``Network.dataReceived``) a page's network is cut: offline, loading stopped.
"""

from __future__ import annotations

import base64
import logging
import re
from contextlib import suppress
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from playwright.async_api import Browser, CDPSession, Page, WebSocketRoute
from playwright.async_api import Error as PlaywrightError

from siteseer.render.config import RenderConfig
from siteseer.render.effects import effect_refusal, endpoint, is_private_host
from siteseer.render.errors import NavigationRefused
from siteseer.render.http import RawResponse
from siteseer.render.snapshot import Action, NavigationCheck, PageTest
from siteseer.render.worker import Count, Spawn, Worker, first_line, shown

__all__ = ["CHECK_URL", "DOCUMENTS", "WORKER_GUARD", "DocumentGuard", "refused_error"]

logger = logging.getLogger("siteseer.render")

DOCUMENTS = [{"urlPattern": "*", "resourceType": "Document", "requestStage": "Request"}]
_EVERYTHING = [{"urlPattern": "*", "requestStage": "Request"}]
# Paused at their response, always: the requests of CDP type Other (a rule set named by a
# Speculation-Rules header; few others on a page).
_OTHER_RESPONSES = [{"urlPattern": "*", "resourceType": "Other", "requestStage": "Response"}]
_SPECULATION_RULES = "application/speculationrules+json"
# Where the guard of a worker asks whether a WebSocket may connect (render/workers.js): paused
# and answered, never sent (a name under .invalid never resolves).
CHECK_URL = "https://siteseer.invalid/websocket?url="
_CHECKS = [{"urlPattern": "https://siteseer.invalid/*", "requestStage": "Request"}]
WORKER_GUARD = resources.files("siteseer.render").joinpath("workers.js").read_text("utf-8")
_WORKER_DESTINATIONS = frozenset({"worker", "sharedworker"})
_NO_CONTENT = {"responseCode": 204, "responseHeaders": []}
_ANY_URL = re.compile(".*")
# Requests to private or link-local address literals (checked from a public page; the check
# decides, these only keep the others from being paused).
_PRIVATE = [
    {"urlPattern": f"{scheme}://{prefix}*", "requestStage": "Request"}
    for scheme in ("http", "https")
    for prefix in ("127.", "10.", "192.168.", "172.", "169.254.", "0.", "localhost", "[")
]
# Headers that describe how the body travelled, not the body handed over (decoded, whole).
_TRANSFER_HEADERS = frozenset({"content-encoding", "content-length", "transfer-encoding"})
_ONLINE = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
_OFFLINE = {**_ONLINE, "offline": True}


def refused_error(refused: tuple[str, str], url: str) -> NavigationRefused:
    """The NavigationRefused of a load of `url` whose navigation the guard refused."""
    target, reason = refused
    return NavigationRefused(
        f"loading {url} led to {target}, which is not followed: {reason}",
        url=url,
        target=target,
        reason=reason,
    )


def _same_document(requested: str, fetched: str) -> bool:
    """Whether the browser's request URL names the document an HTTP fetch ended on (the
    fragment aside; the two may spell escapes differently)."""
    a, b = requested.partition("#")[0], fetched.partition("#")[0]
    return a == b or unquote(a) == unquote(b)


def _fulfilment(request_id: str, response: RawResponse) -> dict[str, Any]:
    """CDP ``Fetch.fulfillRequest`` parameters answering a paused request with `response`:
    its status and headers (repeated ones such as Set-Cookie kept, those of the transfer
    dropped) and its body as received, decompressed."""
    headers = [
        {"name": name, "value": value}
        for name, value in response.headers
        if name.lower() not in _TRANSFER_HEADERS
    ]
    return {
        "requestId": request_id,
        "responseCode": response.status,
        "responseHeaders": headers,
        "body": base64.b64encode(response.body).decode("ascii"),
    }


def _on_request_sent(worker: Worker, cdp: CDPSession, event: dict[str, Any]) -> None:
    """Remember the endpoints the page POSTs to by itself, before any action of ours: its read
    channel (`effect_refusal`)."""
    request = event.get("request", {})
    if cdp is worker.cdp and not worker.acting and request.get("method") == "POST":
        worker.reads.add(endpoint(str(request.get("url", ""))))


def _on_headers_sent(worker: Worker, cdp: CDPSession, event: dict[str, Any]) -> None:
    """Remember the requests of the page that fetch a worker's script (their Sec-Fetch-Dest),
    whose response the guard is put in front of (`DocumentGuard._on_response`)."""
    if cdp is not worker.cdp:
        return
    headers = event.get("headers", {})
    dest = next((str(v) for k, v in headers.items() if k.lower() == "sec-fetch-dest"), "")
    if dest.lower() in _WORKER_DESTINATIONS:
        worker.worker_scripts.add(str(event.get("requestId", "")))


def _header(headers: list[dict[str, Any]], name: str) -> str:
    """The value of the response header `name` ("" when absent)."""
    return next((str(h.get("value", "")) for h in headers if h.get("name", "").lower() == name), "")


def _on_response(worker: Worker, cdp: CDPSession, event: dict[str, Any]) -> None:
    """Remember the status and media type of the load's own document (a cut load has no
    navigation response to read them from)."""
    frame = event.get("frameId")
    if cdp is worker.cdp and event.get("type") == "Document" and frame == worker.main_frame:
        response = event.get("response", {})
        worker.document = (int(response.get("status", 0)), str(response.get("mimeType", "")))


async def _guard_worker(cdp: CDPSession, event: dict[str, Any]) -> None:
    """Answer a worker's script with the guard of render/workers.js in front of it."""
    request_id = event["requestId"]
    try:
        got = await cdp.send("Fetch.getResponseBody", {"requestId": request_id})
        body = got.get("body", "")
        raw = base64.b64decode(body) if got.get("base64Encoded") else body.encode("utf-8")
        headers = [
            {"name": str(h.get("name", "")), "value": str(h.get("value", ""))}
            for h in event.get("responseHeaders") or []
            if str(h.get("name", "")).lower() not in _TRANSFER_HEADERS
        ]
        await cdp.send(
            "Fetch.fulfillRequest",
            {
                "requestId": request_id,
                "responseCode": int(event.get("responseStatusCode") or 200),
                "responseHeaders": headers,
                "body": base64.b64encode(WORKER_GUARD.encode("utf-8") + raw).decode("ascii"),
            },
        )
    except PlaywrightError as e:  # the page or its context closed, or no body to read
        logger.debug("guarding a worker's script: %s", first_line(e))
        with suppress(PlaywrightError):  # unguarded, it never runs
            failed = {"requestId": request_id, "errorReason": "BlockedByClient"}
            await cdp.send("Fetch.failRequest", failed)


class DocumentGuard:
    """Checks the document requests of the pool's workers and popups (see the module docstring)."""

    def __init__(
        self,
        config: RenderConfig,
        check_navigation: NavigationCheck | None,
        workers: list[Worker],
        *,
        count: Count,
        spawn: Spawn,
        headers: tuple[tuple[str, str], ...] = (),
        check_resource: NavigationCheck | None = None,
        confined: PageTest | None = None,
        is_private: PageTest = is_private_host,
    ) -> None:
        self.config = config
        self.confined = confined
        self._is_private = is_private
        self._headers = headers
        self.check_resource = check_resource
        self.check_navigation = check_navigation
        self._workers = workers
        self._count = count
        self._spawn = spawn
        self.popups: CDPSession | None = None  # the browser's session watch_popups opened

    async def attach(self, worker: Worker, cdp: CDPSession) -> None:
        """Watch the page of `worker` through `cdp` (its Network domain enabled): its responses
        and received bytes, and, with a check, its document requests."""
        cdp.on("Network.dataReceived", lambda event: self._on_data(worker, cdp, event))
        cdp.on("Network.responseReceived", lambda event: _on_response(worker, cdp, event))
        cdp.on("Network.requestWillBeSent", lambda event: _on_request_sent(worker, cdp, event))
        cdp.on(
            "Network.requestWillBeSentExtraInfo",
            lambda event: _on_headers_sent(worker, cdp, event),
        )
        tree = await cdp.send("Page.getFrameTree")
        main_frame = str(tree["frameTree"]["frame"]["id"])
        worker.main_frame = main_frame
        cdp.on(
            "Fetch.requestPaused",
            lambda event: self._spawn(
                self._on_request(worker, cdp, main_frame, event), "checking a request"
            ),
        )
        worker.fetching = self.check_navigation is not None
        worker.cdp = cdp
        worker.credited, worker.patterns = set(), []
        await self._intercept(worker)

    async def watch_sockets(self, worker: Worker, page: Page) -> None:
        """Check every WebSocket the worker's page opens before it connects (a resource check,
        and the safety rule while our actions run: `socket_refusal`)."""
        if self.check_resource is not None:
            await page.route_web_socket(_ANY_URL, lambda ws: self._on_socket(worker, ws))

    async def socket_refusal(self, worker: Worker, url: str) -> str | None:
        """Why the worker's page may not open a WebSocket to `url` (None: it may)."""
        if worker.acting:
            why = effect_refusal("GET", url, "WebSocket", worker.reads)
            if why is not None:
                worker.effects.append(f"WebSocket {url}: {why}")
                return why
        page = worker.loading or shown(worker)
        if not page:
            return "no page of the crawl is loaded in its page"
        return await self._resource_refusal(page, url)

    async def _on_socket(self, worker: Worker, ws: WebSocketRoute) -> None:
        why = await self.socket_refusal(worker, ws.url)
        try:
            if why is None:
                ws.connect_to_server()
                return
            logger.info("WebSocket %s of %s refused: %s", ws.url, shown(worker), why)
            await ws.close(code=1008, reason="refused by the crawler")
        except PlaywrightError as e:  # the page or its context closed meanwhile
            logger.debug("answering a WebSocket: %s", first_line(e))

    async def _intercept(self, worker: Worker) -> None:
        """Pause what the worker's page must have checked or credited, and no more: everything
        while our actions run, else its documents (with a check, or a handover) and the
        requests to the origins its identity's headers go to (`credit`)."""
        if worker.cdp is None:
            return
        patterns: list[dict[str, str]] = []
        if worker.acting:
            patterns = _EVERYTHING
        else:
            patterns = list(DOCUMENTS) if worker.fetching else []
            patterns += [
                {"urlPattern": f"{o}/*", "requestStage": "Request"} for o in worker.credited
            ]
            if self.check_resource is not None and worker.confined:
                patterns = _EVERYTHING
            elif self.check_resource is not None and worker.public:
                patterns += _PRIVATE
        patterns = [*patterns, *_OTHER_RESPONSES, *_CHECKS]
        if patterns == worker.patterns:
            return
        worker.patterns = patterns
        await worker.cdp.send("Fetch.enable", {"patterns": patterns})

    async def pause_documents(self, worker: Worker) -> None:
        """Pause the document requests of the worker's page (CDP ``Fetch``), if not yet."""
        if not worker.fetching:
            worker.fetching = True
            await self._intercept(worker)

    async def credit(self, worker: Worker, url: str) -> None:
        """The worker's page goes to `url` (the crawl loads it: it is in scope): the identity's
        extra headers go with its requests to `url`'s origin from now on, and to no other
        origin; with a resource check, its subresources there (robots.txt) and, from a public
        page, those to private address literals are paused and checked (all of them, when
        the page is `confined`)."""
        if not self._headers and self.check_resource is None:
            return
        parts = urlsplit(url)
        worker.credited.add(f"{parts.scheme}://{parts.netloc}")
        worker.public = not self._is_private(parts.hostname or "")
        worker.confined = self.confined is not None and self.confined(url)
        await self._intercept(worker)

    async def act(self, worker: Worker, action: Action) -> None:
        """Before `action` runs on the worker's page: from now on until its next navigation,
        every request the page sends is paused and checked (`effect_refusal`)."""
        worker.submitting = action.kind == "fill_submit"
        if not worker.acting:
            worker.acting = True
            await self._intercept(worker)

    async def calm(self, worker: Worker) -> None:
        """Before the worker's page navigates afresh: no action runs on the new document yet,
        only document requests are paused again (when they were), and its reads start empty."""
        worker.reads.clear()
        worker.worker_scripts.clear()
        if worker.acting:
            worker.acting = False
            await self._intercept(worker)

    def _credentials(self, worker: Worker, request: dict[str, Any]) -> list[dict[str, str]] | None:
        """The headers a paused request goes on with: its own and the identity's, when it goes
        to an origin the crawl loads (None: unchanged)."""
        if not self._headers or not worker.credited:
            return None
        parts = urlsplit(str(request.get("url", "")))
        if f"{parts.scheme}://{parts.netloc}" not in worker.credited:
            return None
        mine = {name.lower() for name, _ in self._headers}
        own = dict(request.get("headers", {}))
        headers = [{"name": k, "value": str(v)} for k, v in own.items() if k.lower() not in mine]
        return headers + [{"name": k, "value": v} for k, v in self._headers]

    async def watch_popups(self, browser: Browser) -> None:
        """Pause every page's document requests (CDP ``Fetch`` on the browser target: `popups`)
        so that a popup's first request is checked before it is sent (`_on_any_document`)."""
        cdp = self.popups = await browser.new_browser_cdp_session()
        cdp.on(
            "Fetch.requestPaused",
            lambda event: self._spawn(self._on_any_document(cdp, event), "checking a popup"),
        )
        await cdp.send("Fetch.enable", {"patterns": DOCUMENTS})

    async def _resource_refusal(self, page: str, target: str) -> str | None:
        """Why `check_resource` refuses `page` fetching `target` (None: it may); a check that
        cannot decide refuses."""
        assert self.check_resource is not None
        try:
            return await self.check_resource(page, target)
        except Exception as e:
            return f"the check failed: {first_line(e)}"

    async def refusal(self, origin: str, target: str) -> str | None:
        """Why `check_navigation` refuses going from `origin` to `target` (None: it may go on).
        A check that cannot decide refuses: the paused request must end either way."""
        assert self.check_navigation is not None
        try:
            return await self.check_navigation(origin, target)
        except Exception as e:
            return f"the check failed: {first_line(e)}"

    async def _on_request(
        self, worker: Worker, cdp: CDPSession, main_frame: str, event: dict[str, Any]
    ) -> None:
        """A request of the worker's page paused (a document; any request while our actions
        run): let it go on, or refuse it when the safety rule or the check refuses it."""
        if "responseStatusCode" in event or "responseErrorReason" in event:
            await self._on_response(worker, cdp, event)
            return
        request_id = event["requestId"]
        request = event.get("request", {})
        target = str(request.get("url", ""))
        kind = str(event.get("resourceType", ""))
        if target.startswith(CHECK_URL):
            await self._answer_check(worker, cdp, request_id, target)
            return
        if worker.acting and cdp is worker.cdp:
            method = str(request.get("method", "GET"))
            why = effect_refusal(method, target, kind, worker.reads, form_post=worker.submitting)
            if why is None and method == "POST":  # our form's endpoint: its next pages may POST
                worker.reads.add(endpoint(target))
            if why is not None:
                worker.effects.append(f"{method} {target}: {why}")
                logger.info(
                    "%s %s refused while acting on %s: %s", method, target, shown(worker), why
                )
                await self._refuse(cdp, request_id, document=kind == "Document")
                return
        credentials = self._credentials(worker, request)
        if kind != "Document":
            page = worker.loading or shown(worker)
            why = None
            if self.check_resource is not None and page:
                why = await self._resource_refusal(page, target)
            elif worker.confined:
                why = "no page of the crawl is loaded in its page"
            if why is not None:
                logger.info("%s of %s refused: %s", target, page, why)
                await self._refuse(cdp, request_id, document=False)
            else:
                await self._go_on(cdp, request_id, credentials)
            return
        reason = None
        main = event.get("frameId") == main_frame
        if self.check_navigation is not None and not worker.loading:
            # no load of ours runs in the page: nothing ties this navigation to a page of the
            # crawl (an idle page's timer, in a browser shared by several sites)
            reason = "the page navigated by itself between loads"
        elif self.check_navigation is not None:
            reason = await self.refusal(worker.loading, target)
        if reason is not None and not main:  # a frame: refused, the page loads on
            logger.info("frame of %s to %s refused: %s", shown(worker), target, reason)
            await self._refuse(cdp, request_id, document=True)
            return
        try:
            handover = worker.handover if main and cdp is worker.cdp else None
            if reason is None and handover and _same_document(target, handover.final_url):
                worker.handover, worker.handed = None, True
                await cdp.send("Fetch.fulfillRequest", _fulfilment(request_id, handover))
                return
            if reason is None:
                await self._go_on(cdp, request_id, credentials)
                return
            worker.refused = (target, reason)
            logger.info("navigation from %s to %s refused: %s", worker.loading, target, reason)
            if worker.loading and worker.document[0] and not worker.halted.is_set():
                # the page's own document arrived and leaves while it parses (an inline script,
                # a form submitted on load): it is extracted as it stands, not waited for
                worker.left = str(request.get("method", "GET"))
                worker.halted.set()
            await self._refuse(cdp, request_id, document=True)
        except PlaywrightError as e:  # the page or its context closed meanwhile
            logger.debug("answering a paused navigation: %s", first_line(e))

    async def _answer_check(
        self, worker: Worker, cdp: CDPSession, request_id: str, check: str
    ) -> None:
        """Answer a worker's guard asking whether a WebSocket may connect (render/workers.js):
        204 when it may, 403 when `socket_refusal` refuses it; the request is never sent."""
        url = parse_qs(urlsplit(check).query).get("url", [""])[0]
        why = await self.socket_refusal(worker, url) if url else "no socket named"
        if why is not None:
            logger.info("WebSocket %s of a worker of %s refused: %s", url, shown(worker), why)
        answer = {
            "requestId": request_id,
            "responseCode": 403 if why else 204,
            "responseHeaders": [{"name": "Access-Control-Allow-Origin", "value": "*"}],
        }
        try:
            await cdp.send("Fetch.fulfillRequest", answer)
        except PlaywrightError as e:  # the page or its context closed meanwhile
            logger.debug("answering a worker's socket check: %s", first_line(e))

    async def _on_response(self, worker: Worker, cdp: CDPSession, event: dict[str, Any]) -> None:
        """A response of the worker's page paused (a request of CDP type Other): a speculation
        rule set (a ``Speculation-Rules`` header named it) is failed, never read; a worker's
        script gets the guard of render/workers.js in front; anything else goes on."""
        request_id = event["requestId"]
        headers = event.get("responseHeaders") or []
        media = _header(headers, "content-type").partition(";")[0].strip().lower()
        if media == _SPECULATION_RULES:
            target = str(event.get("request", {}).get("url", ""))
            logger.info("speculation rules %s of %s refused: never read", target, shown(worker))
            await self._refuse(cdp, request_id, document=False)
            return
        script = str(event.get("networkId", "")) in worker.worker_scripts
        if script and 200 <= int(event.get("responseStatusCode") or 0) < 300:
            worker.worker_scripts.discard(str(event.get("networkId", "")))
            await _guard_worker(cdp, event)
            return
        await self._go_on(cdp, request_id)

    @staticmethod
    async def _go_on(
        cdp: CDPSession, request_id: str, headers: list[dict[str, str]] | None = None
    ) -> None:
        """Let a paused request go on (with `headers` instead of its own, when given)."""
        go: dict[str, Any] = {"requestId": request_id}
        if headers is not None:
            go["headers"] = headers
        try:
            await cdp.send("Fetch.continueRequest", go)
        except PlaywrightError as e:  # the page or its context closed meanwhile
            logger.debug("letting a paused request go on: %s", first_line(e))

    @staticmethod
    async def _refuse(cdp: CDPSession, request_id: str, *, document: bool) -> None:
        """End a paused request without sending it: a document with 204 No Content (the frame
        stays on what it shows; failing it would show an error page), anything else failed."""
        try:
            if document:
                await cdp.send("Fetch.fulfillRequest", {"requestId": request_id, **_NO_CONTENT})
            else:
                failed = {"requestId": request_id, "errorReason": "BlockedByClient"}
                await cdp.send("Fetch.failRequest", failed)
        except PlaywrightError as e:  # the page or its context closed meanwhile
            logger.debug("refusing a paused request: %s", first_line(e))

    async def _on_any_document(self, cdp: CDPSession, event: dict[str, Any]) -> None:
        """A document request of any page paused (the browser-wide watch): a worker's own
        navigations and frames go on (its page checks them, `_on_request`); the first request
        of a popup — a page a worker's page opened (a ``target=_blank`` link or form, a
        ``window.open`` that slipped through) — passes the same check as a navigation of its
        opener, and is refused before it is sent when the check refuses it (the popup is then
        closed); one the check allows loads, and is closed when it appears (the pool's
        `_close_popup`)."""
        request_id = event["requestId"]
        frame = str(event.get("frameId", ""))
        target = str(event.get("request", {}).get("url", ""))
        reason = None
        opener: Worker | None = None
        popup = False
        try:
            if all(w.main_frame != frame for w in self._workers):
                popup, opener = await self._popup_of(cdp, frame)
            if popup and self.check_navigation is not None:
                origin = shown(opener) if opener is not None else ""
                if not origin:
                    reason = "a popup of no page of this crawl"
                else:
                    reason = await self.refusal(origin, target)
            if reason is None:
                await cdp.send("Fetch.continueRequest", {"requestId": request_id})
                return
            self._count("popups_refused")
            logger.info(
                "popup from %s to %s refused before it loaded: %s",
                (shown(opener) if opener is not None else "") or "an unknown page",
                target,
                reason,
            )
            await cdp.send(
                "Fetch.failRequest", {"requestId": request_id, "errorReason": "BlockedByClient"}
            )
            await cdp.send("Target.closeTarget", {"targetId": frame})
        except PlaywrightError as e:  # the page, its context or the browser closed meanwhile
            logger.debug("answering a paused document request: %s", first_line(e))

    async def _popup_of(self, cdp: CDPSession, frame: str) -> tuple[bool, Worker | None]:
        """Whether `frame` is the main frame of a page no worker owns (a popup), and the
        worker whose page opened it (None: unknown)."""
        try:
            info = (await cdp.send("Target.getTargetInfo", {"targetId": frame}))["targetInfo"]
        except PlaywrightError:  # not a target: a frame inside a page
            return False, None
        if info.get("type") != "page":
            return False, None
        opener_id = str(info.get("openerId", ""))
        return True, next(
            (w for w in self._workers if opener_id and w.main_frame == opener_id), None
        )

    def _on_data(self, worker: Worker, cdp: CDPSession, event: dict[str, Any]) -> None:
        """Count the bytes a load receives; past `max_page_bytes` cut the page's network."""
        if cdp is not worker.cdp or not worker.loading:
            return
        worker.received += int(event.get("dataLength", 0))  # decoded (encoded comes apart)
        if worker.received > self.config.max_page_bytes and not worker.cut:
            worker.cut = True
            worker.halted.set()
            logger.info(
                "%s received more than %d bytes: its network is cut, what it shows is kept",
                worker.loading,
                self.config.max_page_bytes,
            )
            self._spawn(self._cut_network(cdp), "cutting a page's network")

    @staticmethod
    async def _cut_network(cdp: CDPSession) -> None:
        """No more bytes for the page: offline, and what is loading stopped."""
        await cdp.send("Network.emulateNetworkConditions", _OFFLINE)
        await cdp.send("Page.stopLoading")

    @staticmethod
    async def restore_network(worker: Worker) -> None:
        """The network of a page cut by the last load, back for this one."""
        worker.cut, worker.state = False, None
        if worker.cdp is not None:
            await worker.cdp.send("Network.emulateNetworkConditions", _ONLINE)
