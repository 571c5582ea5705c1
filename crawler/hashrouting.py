"""Hash routing: does a fragment change what a document shows? Decided once per document.

A fragment is usually an in-page anchor (``/guide#install`` scrolls to ``id="install"``): the
same page, so URLs are compared without it. A single-page application that routes by the
fragment (``/#id=7&view=full``, ``/#ListWidget``) shows a different state for each one; there
the fragment is part of the page's identity, or every state collapses into one URL.

`route_candidates(page)` lists the rendered page's links to its own document whose fragment
names no element of it (an anchor names one: ``id`` or ``name``); `decide(document, probe)`
compares the document as loaded with the document loaded at such a fragment (`probe`): when
what they show differs (`content_signature`: the visible text blocks, Jaccard below
`SAME_CONTENT`), the document is hash-routed. Pure functions over Snapshots: the Session loads
the two pages, keeps the decision per document (``host[:port]`` and path) in its store and keeps
fragments in the URLs of a hash-routed document only (`keep_routed`).

Fragments are compared in one canonical form (crawler.urls `canonical_fragment`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from typing import Any
from urllib.parse import urlsplit

from siteseer.crawler.urls import canonical_fragment
from siteseer.render import Snapshot

__all__ = [
    "SAME_CONTENT",
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
    "with_fragment",
]

# Two loads of one document whose visible text blocks overlap at least this much (Jaccard) show
# the same content: an in-page anchor, or a page with a little changing text (a clock, an ad).
SAME_CONTENT = 0.9

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
    `SAME_CONTENT`)."""
    similarity = round(_jaccard(content_signature(document), content_signature(probe)), 4)
    routed = similarity < SAME_CONTENT
    fragment = fragment_of(probe.url)
    if routed:
        reason = (
            f"#{fragment} shows other content than the document "
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
