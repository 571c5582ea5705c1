"""A tree of lists of one template (treelists.py): a topic-oriented help whose guides each list
topics beside the guides below them, every page named alike (``/net-wireless.html``). The
truth: every topic page; the guides are lists, no entities. The start list is the sample's own
guide, two guides below the front page."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

# guide → (its sub-guides, its topics)
GUIDES = {
    "index": (["net", "media", "prefs"], ["shell-intro"]),
    "net": (["net-wireless", "net-wired"], ["net-general", "net-proxy"]),
    "net-wireless": ([], ["net-wireless-connect", "net-wireless-hidden", "net-wireless-find"]),
    "net-wired": ([], ["net-wired-connect", "net-wired-static"]),
    "media": ([], ["media-music", "media-photos", "media-video"]),
    "prefs": (["prefs-display"], ["prefs-language", "prefs-clock"]),
    "prefs-display": ([], ["prefs-display-dual", "prefs-display-brightness"]),
}
SEED = "net-wireless-connect"


def _parents() -> dict[str, str]:
    return {p: g for g, (subs, topics) in GUIDES.items() for p in (*subs, *topics)}


def _trail(name: str) -> list[str]:
    up, out = _parents(), []
    while name in up:
        name = up[name]
        out.insert(0, name)
    return out


def _page(name: str, content: str) -> web.Response:
    trail = "".join(f'<a class="trail" href="{g}.html">{g}</a> » ' for g in _trail(name))
    up = _parents().get(name)
    more = (
        f'<section class="links"><h2>More Information</h2><ul><li class="links">'
        f'<a href="{up}.html">{up}</a></li></ul></section>'
        if up
        else ""
    )
    body = (
        f'<header><div class="trails"><div class="trail">{trail}</div></div></header>'
        f'<article><h1 class="title">{name}</h1>{content}{more}</article>'
    )
    return web.Response(
        text=f"<html><body><main>{body}</main></body></html>", content_type="text/html"
    )


class _Help(Site):
    id = "help"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.strip("/").removesuffix(".html") or "index"
        if name in GUIDES:
            subs, topics = GUIDES[name]
            items = "".join(
                f'<div class="linkdiv"><a class="linkdiv" href="{p}.html">'
                f'<span class="title">{p}</span><span class="desc">About {p}.</span></a></div>'
                for p in sorted([*subs, *topics])
            )
            return _page(name, f'<div class="region"><div class="links-divs">{items}</div></div>')
        if name in _parents():
            text = "".join(f"<p>Step {i} of {name}: do this, then that.</p>" for i in range(3))
            return _page(name, f'<div class="region"><div class="contents">{text}</div></div>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        topics = sorted(t for _, ts in GUIDES.values() for t in ts)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"topic": tuple(f"{base_url}/{t}.html" for t in topics)},
            target_type="topic",
            seed_entity=f"{base_url}/{SEED}.html",
        )


async def test_a_list_goes_on_in_the_tree_of_lists_of_its_template() -> None:
    async with LabServer([_Help()]) as server:
        truth = server.truth("help")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            start = truth.base_url + "/net-wireless.html"  # the sample's own guide
            result = await explore(session, start, entity_sample=truth.seed_entity)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.recall == 1.0, sorted(set(truth.target_entities) - set(result.entities))
    assert scores.precision == 1.0, sorted(set(result.entities) - set(truth.target_entities))
