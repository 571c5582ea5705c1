"""SSUP against the lab's truth on trees whose branches end at different depths.

- A gallery of albums, as Sigal draws one: the front page lists two albums, one of albums (each
  listing its images), one of images straight away; every album lists its sub-albums in one
  kind of list and its images in another. The seed is an image two albums deep: the climb's
  height stops at its album's parent, and the images of the shallow album are entities too.
  Its albums are linked as folders (``/mate-themes/``) or by their index documents
  (``/mate-themes/index.html``, as lazygal draws them).
- A topic-oriented help, as Mallard's yelp-build draws one: every page is ``/<name>.html``; the
  front page lists a few topics beside its guides, each guide its topics beside its sub-guides
  in one list, every page shows the trail of its guides ("Help » Network » Wireless"). The
  seed is a topic two guides deep; every topic of every guide is of its kind.
"""

from __future__ import annotations

import pytest
from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

# Album path -> its sub-albums, or its images.
_ALBUMS: dict[str, tuple[str, ...]] = {
    "": ("mate-themes", "ukui-themes"),
    "mate-themes": ("mate-themes/abstract", "mate-themes/nature"),
    "mate-themes/abstract": tuple(f"Arc{i}.png" for i in range(6)),
    "mate-themes/nature": tuple(f"Dune{i}.jpg" for i in range(7)),
    "ukui-themes": tuple(f"calla{i}.png" for i in range(8)),
}


def _trail(album: str, document: str = "") -> str:
    """The links to `album` and the albums above it, its trail (each folder's URL followed by
    `document`)."""
    parts = album.split("/") if album else []
    return " » ".join(
        f'<a href="/{"/".join(parts[: i + 1])}/{document}">{part}</a>'
        for i, part in enumerate(parts)
    )


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _GallerySite(Site):
    """`/<album>/` lists its sub-albums (``div#albums``) or its images (``div#gallery``);
    `/<album>/<image>.html` an image's page, with its album's trail and previous/next links."""

    kind = "entity-tree"

    def __init__(self, document: str = "") -> None:
        # `document`: the file name an album's links add to its folder (``index.html``).
        self.document = document
        self.id = "gallery-depths-documents" if document else "gallery-depths"

    @staticmethod
    def _images() -> list[str]:
        return [
            f"/{album}/{name}.html"
            for album, entries in _ALBUMS.items()
            for name in entries
            if "." in name
        ]

    async def handle(self, request: web.Request) -> web.StreamResponse:
        doc = self.document
        head = f'<header><h1><a href="/{doc}">Gallery</a></h1></header>'
        path = request.path.removesuffix(doc) if doc else request.path
        album = path.strip("/")
        if path.endswith("/") and album in _ALBUMS:
            entries = _ALBUMS[album]
            if all("." not in e for e in entries):
                cells = "".join(
                    f'<div class="thumbnail"><a href="/{e}/{doc}"><img src="/{e}/t.jpg"></a>'
                    f'<span class="title">{e}</span></div>'
                    for e in entries
                )
                body = f'<div id="albums" class="row">{cells}</div>'
            else:
                cells = "".join(
                    f'<li class="image"><a href="/{album}/{e}.html"><img src="/{album}/{e}"></a></li>'
                    for e in entries
                )
                body = f'<div id="gallery"><ul class="images">{cells}</ul></div>'
            trail = _trail(album, doc)
            return _html(album or "Gallery", f"{head}<main><h2>{trail}</h2>{body}</main>")
        album, _, name = album.rpartition("/")
        images = _ALBUMS.get(album, ())
        if name.removesuffix(".html") not in images:
            return web.Response(status=404, text="not found")
        at = images.index(name.removesuffix(".html"))
        trail = _trail(album, self.document)
        near = "".join(
            f'<a class="{rel}" href="/{album}/{images[j]}.html">{rel}</a>'
            for rel, j in (("previous", at - 1), ("next", at + 1))
            if 0 <= j < len(images)
        )
        body = (
            f'{head}<main><div class="trail">{trail} » <span>{name}</span></div>'
            f'<img src="/{album}/{name}"><div class="nav">{near}</div></main>'
        )
        return _html(name, body)

    def truth(self, base_url: str) -> SiteTruth:
        seed = f"{base_url}/mate-themes/nature/Dune3.jpg.html"
        doc = self.document
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"image": tuple(f"{base_url}{u}" for u in self._images())},
            target_type="image",
            seed_entity=seed,
            seed_path=(
                f"{base_url}/{doc}",
                f"{base_url}/mate-themes/{doc}",
                f"{base_url}/mate-themes/nature/{doc}",
                seed,
            ),
            index_levels=(
                (f"{base_url}/{doc}",),
                tuple(f"{base_url}/{a}/{doc}" for a in _ALBUMS if a),
            ),
        )


@pytest.mark.parametrize("document", ["", "index.html"])
async def test_an_album_of_images_beside_albums_of_albums(document: str) -> None:
    truth, result, downloaded = await serve_and_discover(_GallerySite(document))
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert len(downloaded) <= len(_ALBUMS) + 6, downloaded


# Guide -> its entries in list order, guides and topics mixed; a topic is any other name.
_GUIDES: dict[str, tuple[str, ...]] = {
    "index": ("intro", "shell-exit", "net", "media", "prefs"),
    "net": ("net-wireless", "net-wired", "net-proxy", "net-security"),
    "net-wireless": tuple(f"net-wireless-{n}" for n in ("connect", "hidden", "adhoc", "wepwpa")),
    "net-wired": ("net-wired-connect", "net-fixed-ip", "net-manual"),
    "net-security": ("net-firewall", "net-antivirus"),
    "media": ("sound-volume", "sound", "video-dvd", "music-player"),
    "sound": ("sound-usemic", "sound-alert", "sound-crackle"),
    "prefs": ("clock", "power", "look-background", "keyboard-layouts"),
    "clock": ("clock-set", "clock-world", "clock-timezone"),
    "power": ("power-status", "power-suspend", "power-closelid", "power-lowpower"),
}
_NOTE = (
    '<div class="note"><div class="inner"><div class="region"><p>Note.</p></div></div></div>'
    '<div class="figure"><div class="inner"><div class="contents"><img src="/f.png" alt="">'
    '<div class="desc"><p>A figure.</p></div></div></div></div>'
)
_TOPICS = sorted({e for entries in _GUIDES.values() for e in entries} - set(_GUIDES))
_TITLES = {n: n.replace("-", " ").title() for n in (*_GUIDES, *_TOPICS)}


class _TopicHelpSite(Site):
    """`/<name>.html` a guide or a topic: a trail of the guides above it in the header, a guide's
    entries in one list of links with their descriptions, a topic's text, its guides under "More
    Information" and a "See also" list."""

    kind = "entity-tree"

    def __init__(self, columns: bool = False) -> None:
        # `columns`: a guide of more than three entries lists them in two columns, a shorter
        # one in one column (one wrapper less) after a line of text, as yelp-build draws them.
        self.columns = columns
        self.id = "topic-help-columns" if columns else "topic-help"

    @staticmethod
    def _guides_of(name: str) -> list[str]:
        return [g for g, entries in _GUIDES.items() if name in entries]

    def _trail(self, name: str) -> list[str]:
        up = self._guides_of(name)
        return [*self._trail(up[0]), up[0]] if up else []

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = "index" if request.path == "/" else request.path.strip("/").removesuffix(".html")
        if name not in _TITLES or (request.path != "/" and not request.path.endswith(".html")):
            return web.Response(status=404, text="not found")
        trail = " » ".join(
            f'<a class="trail" href="/{g}.html">{_TITLES[g]}</a>' for g in self._trail(name)
        )
        head = f'<header><div class="trails"><div class="trail">{trail}</div></div></header>'
        more = "".join(
            f'<li class="links"><a href="/{g}.html">{_TITLES[g]}</a></li>'
            for g in self._guides_of(name)
        )
        info = (
            f'<section class="links"><h2>More Information</h2><ul>{more}</ul></section>'
            if more
            else ""
        )
        if name in _GUIDES:
            items = "".join(
                f'<div class="linkdiv"><a class="linkdiv" href="/{e}.html"><span class="title">'
                f'{_TITLES[e]}</span><span class="desc">About {_TITLES[e].lower()}.</span></a></div>'
                for e in _GUIDES[name]
            )
            items = f'<div class="links-divs">{items}</div>' if self.columns else items
            lead = ""
            if self.columns and len(_GUIDES[name]) > 3:
                items = f'<div class="links-twocolumn">{items}</div>'
            elif self.columns:
                lead = f'<div class="p"><p>{_TITLES[name]} in short.</p></div>{_NOTE}'
            body = f'{lead}<div class="links topiclinks"><div class="region">{items}</div></div>'
        else:
            at = _TOPICS.index(name)
            see = "".join(
                f'<li class="links"><a href="/{t}.html">{_TITLES[t]}</a></li>'
                for t in (_TOPICS[at - 1], _TOPICS[(at + 1) % len(_TOPICS)])
            )
            steps = "".join(
                f"<li><p>Step {i} of {_TITLES[name].lower()}.</p></li>" for i in range(3)
            )
            body = (
                f'<div class="p"><p>How to {_TITLES[name].lower()}.</p></div><ol class="steps">{steps}</ol>'
                f"{_NOTE if self.columns else ''}"
                f'<section class="links"><h2>See Also</h2><ul>{see}</ul></section>'
            )
        page = f'<main>{head}<article><h1>{_TITLES[name]}</h1><div class="region">{body}</div>{info}</article></main>'
        return _html(_TITLES[name], page)

    def truth(self, base_url: str) -> SiteTruth:
        seed = f"{base_url}/net-wireless-connect.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"topic": tuple(f"{base_url}/{t}.html" for t in _TOPICS)},
            target_type="topic",
            seed_entity=seed,
            seed_path=(
                f"{base_url}/index.html",
                f"{base_url}/net.html",
                f"{base_url}/net-wireless.html",
                seed,
            ),
            index_levels=(
                (f"{base_url}/index.html",),
                tuple(f"{base_url}/{g}.html" for g in _GUIDES if g != "index"),
            ),
        )


@pytest.mark.parametrize("columns", [False, True])
async def test_topics_of_guides_nested_at_every_depth(columns: bool) -> None:
    """With `columns`, the short guides, listing their topics in one column where the path's
    guides take two, are built more like a topic than like those: they are guides all the
    same, as they list pages of the tree in a list built as the path's."""
    truth, result, downloaded = await serve_and_discover(_TopicHelpSite(columns))
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 >= 0.95, result.entities
    assert len(downloaded) <= len(_GUIDES) + len(_TOPICS) + 4, downloaded
