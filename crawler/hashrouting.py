"""Hash routing: does a fragment change what a document shows? Decided once per document.

A fragment is usually an in-page anchor (``/guide#install`` scrolls to ``id="install"``): the
same page, so URLs are compared without it. A single-page application that routes by the
fragment (``/#id=7&view=full``, ``/#ListWidget``) shows a different state for each one; there
the fragment is part of the page's identity, or every state collapses into one URL.

A document loaded without a fragment that writes a route into its own (``/`` becomes
``/#/movies``: its router's redirect) is hash-routed without a probe. Otherwise
`route_candidates(page)` lists the rendered page's links to its own document whose fragment
names no element of it (an anchor names one: ``id`` or ``name``); `decide(document, probe)`
compares the document as loaded with the document loaded at such a fragment (`probe`, the
first of the shape most candidates share: `route_probe`): when what they show differs
(`content_signature`: the visible text blocks, Jaccard below `SAME_CONTENT`), or the fragment
opens a part of the document in place (`OPENED_BLOCKS` more text blocks, next to none lost),
the document is hash-routed. Pure functions over Snapshots; `Routing` is the
Session's side of them: it loads the two pages, keeps the decision per document (``host[:port]``
and path) in the Session's store and keeps fragments in the URLs of a hash-routed document only
(`keep_routed`).

Fragments are compared in one canonical form (crawler.urls `canonical_fragment`).
"""

from __future__ import annotations

import json
import logging
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, replace
from types import MappingProxyType
from typing import Any, TypeVar
from urllib.parse import urlsplit

from siteseer.crawler.dedup import InFlight
from siteseer.crawler.errors import CrawlError
from siteseer.crawler.loads import SessionLoads
from siteseer.crawler.urls import canonical_fragment, canonical_url, host_of
from siteseer.render import Snapshot, State

__all__ = [
    "OPENED_BLOCKS",
    "PROBES_PER_HOST",
    "SAME_CONTENT",
    "Routing",
    "RoutingDecision",
    "canonical_fragment",
    "content_signature",
    "decide",
    "document_key",
    "document_of",
    "fragment_of",
    "keep_routed",
    "own_fragments",
    "route_candidates",
    "route_probe",
    "with_fragment",
]

# Two loads of one document whose visible text blocks overlap at least this much (Jaccard) show
# the same content: an in-page anchor, or a page with a little changing text (a clock, an ad).
SAME_CONTENT = 0.9
# A fragment that adds at least this many text blocks to its document, losing at most one of
# its blocks for every `OPENED_RATIO` it adds, opens a part of it (a state): a clock or an ad
# changes a block or two, and replaces what it adds.
OPENED_BLOCKS = 10
OPENED_RATIO = 10
# Documents of one host probed for hash routing before the host is taken for one without it
# (each probe is one more browser load; `page(url#fragment)` still probes what it is asked).
PROBES_PER_HOST = 3

log = logging.getLogger(__name__)

T = TypeVar("T")

_VISIBLE_TEXT = (
    "//body//text()[not(ancestor::script) and not(ancestor::style)"
    " and not(ancestor::noscript) and not(ancestor::template)]"
)


def fragment_of(url: str) -> str:
    """The fragment of `url` without its ``#`` ("" for none)."""
    return url.partition("#")[2]


def document_of(url: str) -> str:
    """`url` without its fragment: the document a fragment lives in."""
    return url.partition("#")[0]


def with_fragment(url: str, fragment: str) -> str:
    """`url`'s document with `fragment` (in canonical form; none when empty)."""
    document = document_of(url)
    return f"{document}#{canonical_fragment(fragment)}" if fragment else document


def document_key(url: str) -> str:
    """The document a routing decision is about: ``host[:port]`` and path (``127.0.0.1:80/``)."""
    parts = urlsplit(url)
    return parts.netloc.rpartition("@")[2].lower() + (parts.path or "/")


@dataclass(frozen=True, slots=True)
class RoutingDecision:
    """Whether the document `document` (`document_key`) routes by its fragment, and why."""

    document: str
    hash_routed: bool
    reason: str
    url: str  # the document as loaded
    probe: str  # the same document at one fragment; "" when nothing was probed
    similarity: float  # Jaccard of the two loads' visible text blocks (1.0 without a probe)

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> RoutingDecision:
        data: dict[str, Any] = json.loads(text)
        return cls(**data)


def _anchor_names(page: Snapshot) -> frozenset[str]:
    tree = page.tree()
    names = {str(v) for v in tree.xpath("//@id | //a/@name")}
    return frozenset(canonical_fragment(n) for n in names) | frozenset(names)


def own_fragments(page: Snapshot) -> tuple[str, ...]:
    """The page's links to a fragment of its own document (other than a bare ``#``, ``#!`` or
    ``#/``), in document order, each once."""
    own = {document_of(page.final_url or page.url), document_of(page.url)}
    return tuple(
        dict.fromkeys(
            link.url
            for link in page.links
            if fragment_of(link.url).strip("!/") and document_of(link.url) in own
        )
    )


def route_candidates(page: Snapshot) -> tuple[str, ...]:
    """`own_fragments` whose fragment names no element of the page, in document order. Empty
    for a page with no such link (or whose links carry no fragments: a page extracted without
    them)."""
    found = own_fragments(page)
    if not found:
        return ()
    names = _anchor_names(page)
    return tuple(u for u in found if fragment_of(u) not in names)


def _skeleton(url: str) -> str:
    """A fragment's shape: its route delimiters, each run of anything else one ``a``
    (``#/Container/ContainerList`` and ``#/Image/ImageList`` are both ``/a/a``)."""
    return re.sub(r"[^/=&!?]+", "a", fragment_of(url))


def route_probe(page: Snapshot) -> str | None:
    """The `route_candidates` fragment to load to decide the page's routing: the first of the
    shape most of them share (a router's links are many and alike; a lone odd one, as a
    description's link to a heading its page never renders, says nothing of it). None for a
    page without candidates."""
    candidates = route_candidates(page)
    if not candidates:
        return None
    shapes = Counter(_skeleton(u) for u in candidates)
    common = max(shapes.values())
    return next(u for u in candidates if shapes[_skeleton(u)] == common)


def content_signature(page: Snapshot) -> frozenset[str]:
    """The page's visible text blocks (each text node, whitespace collapsed), as a set."""
    texts = page.tree().xpath(_VISIBLE_TEXT)
    return frozenset(t for t in (" ".join(str(x).split()) for x in texts) if t)


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    union = a | b
    return len(a & b) / len(union) if union else 1.0


def decide(document: Snapshot, probe: Snapshot) -> RoutingDecision:
    """Compare `document` with the same document loaded at a fragment (`probe`, whose `url`
    carries the fragment): hash-routed when their visible text differs (Jaccard below
    `SAME_CONTENT`), or when the fragment opens a part of the document in place: the probe
    shows all but a few of the document's text blocks and at least `OPENED_BLOCKS` more (an
    operation of a long reference expanded, a small share of the whole page)."""
    shown, probed = content_signature(document), content_signature(probe)
    similarity = round(_jaccard(shown, probed), 4)
    added, lost = len(probed - shown), len(shown - probed)
    opened = added >= OPENED_BLOCKS and lost * OPENED_RATIO <= added
    routed = similarity < SAME_CONTENT or opened
    fragment = fragment_of(probe.url)
    if similarity < SAME_CONTENT:
        reason = (
            f"#{fragment} shows other content than the document "
            f"(text blocks shared: {similarity:.0%}): fragments are states"
        )
    elif opened:
        reason = (
            f"#{fragment} opens {added} text blocks in the document "
            f"(text blocks shared: {similarity:.0%}): fragments are states"
        )
    else:
        reason = f"#{fragment} shows the same content (text blocks shared: {similarity:.0%})"
    return RoutingDecision(
        document_key(document.url), routed, reason, document.url, probe.url, similarity
    )


def keep_routed(page: Snapshot, routed: Callable[[str], bool]) -> Snapshot:
    """`page` with the fragment dropped from every link (and control URL) whose document is not
    hash-routed (`routed(url)`); the page itself when nothing changes."""

    def fix(url: str) -> str:
        return url if "#" not in url or routed(url) else document_of(url)

    links = tuple(
        link if fix(link.url) == link.url else replace(link, url=fix(link.url))
        for link in page.links
    )
    controls = tuple(
        replace(c, value=fix(c.value), form_action=fix(c.form_action))
        if (c.kind == "link" and fix(c.value) != c.value) or fix(c.form_action) != c.form_action
        else c
        for c in page.controls
    )
    if links == page.links and controls == page.controls:
        return page
    return replace(page, links=links, controls=controls)


class Routing:
    """Hash routing in a Session: the decisions by document (made, or read from the store once
    per host), the probes that make them, and the fragments kept in loaded pages' links."""

    def __init__(self, session: SessionLoads) -> None:
        self._session = session
        self._hosts: dict[str, dict[str, RoutingDecision]] = {}  # host → document → decision
        self._runs: InFlight[str, RoutingDecision | None] = InFlight()

    async def close(self) -> None:
        await self._runs.cancel_all()

    @property
    def decisions(self) -> Mapping[str, RoutingDecision]:
        """The decisions by document (``host[:port]/path``), as made or read from the store."""
        return MappingProxyType({k: v for by in self._hosts.values() for k, v in by.items()})

    def _host(self, host: str) -> dict[str, RoutingDecision]:
        """The routing decisions about `host`'s documents, read from the store once."""
        known = self._hosts.get(host)
        if known is None:
            stored = self._session._loads.cache.store.get_setting(host, "hash_routing")
            known = {} if stored is None else _decisions_of(stored)
            self._hosts[host] = known
        return known

    def of(self, url: str) -> RoutingDecision | None:
        """The hash-routing decision about `url`'s document, as made or read from the store."""
        return self._host(host_of(url)).get(document_key(url))

    def routed(self, url: str) -> bool:
        """Whether `url`'s document is known to be hash-routed (its fragments are states)."""
        decision = self.of(url)
        return decision is not None and decision.hash_routed

    async def routes(self, snapshot: Snapshot, state: State) -> Snapshot:
        """A loaded `snapshot` with fragments only in the links of hash-routed documents.

        A rendered document nobody has decided yet, linking to fragments of itself that name
        none of its elements, is decided here first: loaded at the first such fragment and
        compared (`decide`). Links to fragments that all name elements leave it undecided
        (in-page anchors: dropped); so does a host whose first `PROBES_PER_HOST` probes all
        found documents not hash-routed (no more probes there).
        """
        undecided = (
            snapshot.rendered
            and snapshot.ok
            and not state.actions
            and "#" not in state.url
            and any("#" in x.url for x in snapshot.links)
            and self.of(state.url) is None
        )
        landed = fragment_of(snapshot.final_url)
        if undecided and landed.startswith(("/", "!")) and landed.strip("!/"):
            # loaded without a fragment, the document wrote a route into its own: it routes
            self._settle(
                RoutingDecision(
                    document_key(state.url),
                    True,
                    f"the document routed itself to #{landed}: fragments are states",
                    state.url,
                    "",
                    1.0,
                )
            )
        elif undecided and not self._probed_enough(state.url):
            probe = route_probe(snapshot)
            if probe is not None:
                await self._runs.run(document_key(state.url), lambda: self._decide(snapshot, probe))
        routed = keep_routed(snapshot, self.routed)
        if "#" in routed.final_url:
            try:
                final = self._session.canonical(routed.final_url)
            except CrawlError:
                final = document_of(routed.final_url)
            routed = replace(routed, final_url=final)
        return routed

    def _probed_enough(self, url: str) -> bool:
        """Whether `url`'s host had `PROBES_PER_HOST` documents probed, none hash-routed."""
        probed = [d for d in self._host(host_of(url)).values() if d.probe]
        return len(probed) >= PROBES_PER_HOST and not any(d.hash_routed for d in probed)

    async def _decide(self, page: Snapshot, probe_url: str) -> RoutingDecision | None:
        """Load `page`'s document at a fragment (`probe_url`) and decide whether it is
        hash-routed; None when the budget or the browser did not allow the probe."""
        session = self._session
        if not session._loads.budget.can_spend():
            log.info("budget too small to decide whether %s routes by fragment", page.url)
            return None
        try:
            session._loads.budget.spend(probe_url)
            probe = await session._loads.render(State(probe_url), screenshot=None, routes=False)
        except CrawlError as e:
            log.warning("loading %s to decide its document's routing failed: %s", probe_url, e)
            session._loads.record_error(e)
            return None
        decision = decide(page, probe)
        self._settle(decision)
        if decision.hash_routed:  # the probe is a state of its own: loading it again is free
            session._loads.cache.put(keep_routed(probe, self.routed))
        return decision

    def _settle(self, decision: RoutingDecision) -> None:
        """Remember (here and in the store) and announce a document's routing."""
        host = host_of(decision.url)
        known = self._host(host)
        known[decision.document] = decision
        text = json.dumps({k: v.to_json() for k, v in sorted(known.items())})
        self._session._loads.cache.store.put_setting(host, "hash_routing", text)
        log.info(
            "%s %s: %s",
            decision.document,
            "is hash-routed" if decision.hash_routed else "is not hash-routed",
            decision.reason,
        )
        self._session.events.emit("routing", decision)

    async def fragment_state(self, document: str, url: str) -> str | None:
        """The state `url` asks for when its fragment is one of its hash-routed `document`'s
        (its canonical URL, fragment kept), else None (a page without fragment, an anchor)."""
        if not fragment_of(url).strip("!/") or not await self.fragment_routed(document, url):
            return None
        return canonical_url(
            url, session_params=self._session.config.session_params, keep_fragment=True
        )

    async def fragment_routed(self, document: str, url: str) -> bool:
        """Whether `url`'s fragment is a state of its `document` (hash-routed), deciding it on
        the document rendered and, when its own links did not settle it, on this fragment."""
        session = self._session
        if session.config.render == "never":
            return False
        decision = self.of(document)
        if decision is None or (not decision.hash_routed and not decision.probe):
            page = await session._loads.get(document, render=True, screenshot=None)
            decision = self.of(document)
            if decision is None or (not decision.hash_routed and not decision.probe):
                probe = canonical_url(
                    url, session_params=session.config.session_params, keep_fragment=True
                )
                decision, _ = await self._runs.run(
                    document_key(document), lambda: self._decide(page, probe)
                )
                if decision is not None and decision.hash_routed:
                    # The document was kept without its fragment links: load it again.
                    await session._loads.counted(document, session._loads.rendered(document, None))
        return decision is not None and decision.hash_routed


def _decisions_of(stored: str) -> dict[str, RoutingDecision]:
    """A host's stored routing decisions (the "hash_routing" setting) by document."""
    return {k: RoutingDecision.from_json(v) for k, v in json.loads(stored).items()}
