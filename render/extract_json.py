"""Decoding what render/extract.js returns from a live page.

extract.js runs in the browser (the pool's ONE ``page.evaluate`` per load) and returns a JSON
string in a compact form: each link is a row ``[href, text, path index, x, y, w, h, style index,
visible]`` whose three DOM path forms and computed style sit in the shared tables ``paths`` and
``styles``; controls are objects with their box. `decode_extracted` turns it into Links and
Controls canonicalised the way render/extract.py canonicalises the HTTP fast path's (hrefs
through the same `UrlResolver`), so both paths give the same links for the same page.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from siteseer.render.extract import Canonicalize, UrlResolver
from siteseer.render.snapshot import (
    Box,
    Control,
    Link,
    LinkStyle,
    Opener,
    Option,
    PageRequest,
    ScrollRegion,
)

__all__ = ["Extracted", "decode_extracted"]


@dataclass(frozen=True, slots=True)
class Extracted:
    """What extract.js saw in a live page, decoded."""

    url: str  # the document's URL (where redirects ended)
    title: str
    status: int  # the navigation's HTTP status as the page knows it; 0 when it does not
    html: str  # the document's outerHTML
    links: tuple[Link, ...]
    controls: tuple[Control, ...]
    requests: tuple[PageRequest, ...] = ()  # the fetch/XHR requests the document sent
    openers: tuple[Opener, ...] = ()  # elements a click may open a page from (no links)
    scroll_regions: tuple[ScrollRegion, ...] = ()  # regions drawn in part (virtualised lists)


def decode_extracted(raw: str, canonicalize: Canonicalize) -> Extracted:
    """extract.js's JSON string decoded, its URLs canonicalised with `canonicalize`."""
    data = json.loads(raw)
    links = _links(data, canonicalize)
    controls = tuple(_control(item, canonicalize) for item in data["controls"])
    return Extracted(
        url=data["url"],
        title=data["title"],
        status=int(data["status"]),
        html=data["html"],
        links=links,
        controls=controls,
        requests=tuple(PageRequest(str(m), str(u)) for m, u in data.get("requests", ())),
        openers=tuple(_opener(item) for item in data.get("openers", ())),
        scroll_regions=tuple(
            ScrollRegion(
                str(r["selector"]), float(r["height"]), float(r["view"]), float(r["blank"])
            )
            for r in data.get("scroll_regions", ())
        ),
    )


def _opener(item: dict[str, Any]) -> Opener:
    box = item["box"]
    return Opener(
        selector=item["selector"],
        text=item["text"],
        texts=tuple(item["texts"]),
        attrs=tuple((str(n), str(v)) for n, v in item["attrs"]),
        path=item["path"],
        path_attrs=item["path_attrs"],
        path_values=item["path_values"],
        box=Box(box["x"], box["y"], box["w"], box["h"]),
    )


def _links(data: dict[str, Any], canonicalize: Canonicalize) -> tuple[Link, ...]:
    """Links from extract.js's compact form (paths and styles are shared tables)."""
    resolve = UrlResolver(data["url"], canonicalize)
    paths: list[list[str]] = data["paths"]
    styles: list[list[Any]] = data["styles"]
    made: dict[tuple[int, bool], LinkStyle] = {}
    out: list[Link] = []
    for href, text, pi, x, y, w, h, si, visible in data["links"]:
        url = resolve(href)
        if url is None:
            continue
        style = made.get((si, visible))
        if style is None:
            size, weight, family, color, decoration, background = styles[si]
            style = LinkStyle(
                float(size), int(weight), family, color, bool(visible), decoration, background
            )
            made[(si, visible)] = style
        path, path_attrs, path_values = paths[pi]
        # Positional arguments: measurably cheaper than keywords for frozen dataclasses.
        out.append(
            Link(
                url,
                text,
                path,
                path_attrs,
                path_values,
                Box(float(x), float(y), float(w), float(h)),
                style,
            )
        )
    return tuple(out)


def _control(item: dict[str, Any], canonicalize: Canonicalize) -> Control:
    box = item.get("box")
    value = item["value"]
    if item["kind"] == "link" and value:
        value = canonicalize(value)
    action = item["form_action"]
    return Control(
        kind=item["kind"],
        selector=item["selector"],
        label=item["label"],
        group=item["group"],
        name=item["name"],
        value=value,
        checked=bool(item["checked"]),
        form=item["form"],
        form_method=item["form_method"],
        form_action=canonicalize(action) if action else "",
        input_type=item["input_type"],
        options=tuple(
            Option(value=o["value"], label=o["label"], selected=bool(o["selected"]))
            for o in item["options"]
        ),
        box=None if box is None else Box(box["x"], box["y"], box["w"], box["h"]),
        role=item.get("role", ""),
        expanded=item.get("expanded", ""),
        popup=item.get("popup", ""),
    )
