"""SSUP from a class page of an API reference whose package is a folder (``/lib/``) with its
index document (``/lib/index.htm``) listing every class: the class page links to that index
document in its trail (Packages » lib) and to a subclass of its own name
(``/lib/Net.SessionAsync.html`` beside ``/lib/Net.Session.html``) in its text. The page of the
seed's own folder is probed before that namesake: it confirms the index page, and the namesake
is never downloaded."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

CLASSES = (
    "Net.Address", "Net.Auth", "Net.AuthBasic", "Net.AuthDigest", "Net.Cache", "Net.Cookie",
    "Net.CookieJar", "Net.Logger", "Net.Message", "Net.Request", "Net.Server", "Net.Session",
    "Net.SessionAsync", "Net.SessionSync", "Net.Socket", "Net.URI",
)  # fmt: skip
SEED = "/lib/Net.Session.html"


def _page(title: str, main: str) -> web.Response:
    trail = '<div class="trail"><a href="/index.html">Packages</a> » <a href="/lib/index.htm">lib</a></div>'
    return web.Response(
        text=f"<html><head><title>{title}</title></head><body>{trail}"
        f'<div class="main"><h1>{title}</h1>{main}</div></body></html>',
        content_type="text/html",
    )


def _class(name: str) -> web.Response:
    k = CLASSES.index(name)
    members = "".join(f"<li><b>{name}.m{j}</b> <p>Does {j}.</p></li>" for j in range(4))
    text = f'<h2>Members</h2><ul class="members">{members}</ul>'
    subclasses = [c for c in CLASSES if c.startswith(name) and c != name]
    if subclasses:
        items = "".join(f'<li><a href="/lib/{c}.html">{c}</a></li>' for c in subclasses)
        text += f'<h2>Subclasses</h2><ul class="sub">{items}</ul>'
    bases = [c for c in CLASSES[:k] if name.startswith(c) and c != name]
    if bases:
        text += f'<p>Base class: <a href="/lib/{bases[-1]}.html">{bases[-1]}</a></p>'
    return _page(name, text)


class _Reference(Site):
    id = "own-folder-first"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            return _page(
                "Packages", '<ul class="packages"><li><a href="/lib/index.htm">lib</a></li></ul>'
            )
        if path == "/lib/index.htm":
            items = "".join(f'<li><a href="/lib/{c}.html">{c}</a></li>' for c in CLASSES)
            return _page("lib", f'<ul class="classes">{items}</ul>')
        name = path.removeprefix("/lib/").removesuffix(".html")
        return _class(name) if name in CLASSES else web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        index = base_url + "/lib/index.htm"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"class": tuple(f"{base_url}/lib/{c}.html" for c in CLASSES)},
            target_type="class",
            seed_entity=base_url + SEED,
            seed_path=(index, base_url + SEED),
            index_levels=((index,),),
        )


async def test_the_own_folder_page_comes_before_the_namesake() -> None:
    truth, result, downloaded = await serve_and_discover(_Reference())
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 == 1.0, (scores, sorted(result.entities))
    assert result.sample_path[-2:] == truth.seed_path, result.sample_path
    assert f"{truth.base_url}/lib/Net.SessionAsync.html" not in downloaded, downloaded
