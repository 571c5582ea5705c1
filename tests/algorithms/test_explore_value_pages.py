"""`explore` on sites whose attribute values are pages, each listing the entities that hold it,
against the lab's truth (lab/real/app.py `value_pages_truth` builds such a truth for a real
wiki):

- a wiki whose home page shows a tag cloud under a "Tags" heading (no counts: the links' sizes
  are classes) beside a link to its map of every page; each tag's page lists its pages as an
  archive, drawn otherwise than the map's nested list, and each page links its tag;
- a blog whose list shows each post's author and whose menu links a "Tags and Categories" page:
  two groups of links alike (one DOM path, one address shape), each under its heading; a post
  links its tags, not its category.
"""

from __future__ import annotations

import pytest
from aiohttp import web

from siteseer.algorithms import explore, find_list_page
from siteseer.algorithms.querycentric.indexes import value_folders, value_indexes
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, pair_scores, set_scores
from siteseer.render import snapshot_from_html

# (folder, name, tag): 24 pages in three folders, four tags
DOCS = [
    (folder, f"{folder}-{n}", ("text", "netdata", "howto", "tutorial")[(n + i) % 4])
    for i, (folder, size) in enumerate((("library", 12), ("howto", 6), ("tutorial", 6)))
    for n in range(size)
]


def _html(body: str) -> web.Response:
    return web.Response(
        text=f'<html><body><div id="content">{body}</div></body></html>',
        content_type="text/html",
    )


class _Wiki(Site):
    id = "wiki-tags"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        tags = sorted({t for *_, t in DOCS})
        if path in ("/", "/index.html"):
            cloud = "".join(
                f'<span class="small"><a href="/tags/{t}.html">{t}</a></span>' for t in tags
            )
            return _html(
                '<p>Every page: <a href="/sitemap.html">sitemap</a></p>'
                f'<h2>Tags</h2><div class="pagecloud">{cloud}</div>'
            )
        if path == "/sitemap.html":
            folders = "".join(
                f"<li>{folder}<ul>"
                + "".join(
                    f'<li><a href="/{f}/{n}.html">{n}</a></li>' for f, n, _ in DOCS if f == folder
                )
                + "</ul></li>"
                for folder in dict.fromkeys(f for f, _, _ in DOCS)
            )
            return _html(f'<a href="/index.html">home</a><div class="map"><ul>{folders}</ul></div>')
        for tag in tags:
            if path == f"/tags/{tag}.html":
                listed = "".join(
                    f'<div class="archivepage"><a href="/{f}/{n}.html">{n}</a><br/>'
                    "<span>Posted today</span></div>"
                    for f, n, t in DOCS
                    if t == tag
                )
                return _html(f"<h1>Pages tagged {tag}</h1>{listed}")
        for folder, name, tag in DOCS:
            if path == f"/{folder}/{name}.html":
                return _html(
                    f'<h1>{name}</h1><p>Text.</p><div class="tags">Tags: '
                    f'<a href="/tags/{tag}.html" rel="tag">{tag}</a></div>'
                )
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        urls = {n: f"{base_url}/{f}/{n}.html" for f, n, _ in DOCS}
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": tuple(urls.values())},
            target_type="page",
            seed_entity=urls["library-1"],
            attributes={urls[n]: {"tag": (t,)} for _, n, t in DOCS},
            facet_values={"tag": tuple(sorted({t for *_, t in DOCS}))},
        )


async def test_a_wikis_tag_cloud_on_the_page_its_map_was_found_on_gives_each_page_its_tag() -> None:
    async with LabServer([_Wiki()]) as server:
        truth = server.truth("wiki-tags")
        loaded: list[str] = []
        async with Session(SessionConfig(render="never", cache=None)) as session:
            session.events.on(
                "page", lambda snap, cached: None if cached else loaded.append(snap.url)
            )
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
            assert entry.url == truth.base_url + "/sitemap.html"
            hub = entry.start if entry.url != entry.start else None
            result = await explore(session, entry.url, entity_sample=truth.seed_entity, hub=hub)
    entities = set_scores(result.entities, truth.target_entities)
    assert entities.precision == entities.recall == 1.0
    pairs = pair_scores(result.entities, truth)
    assert pairs.precision == pairs.recall == 1.0
    # each tag's page once, no page of a document but the sample's
    tag_pages = [u for u in loaded if "/tags/" in u]
    assert sorted(tag_pages) == sorted(set(tag_pages)) and len(tag_pages) == 4
    assert [u for u in loaded if u in truth.target_entities] == [truth.seed_entity]


# (slug, author, category, tags)
POSTS = [
    (f"post-{n}", ("ann", "bob")[n % 2], ("dpkg", "apt")[n % 3 == 0], (("unstable",), ("experimental", "urgency low"))[n % 2])
    for n in range(7)
]  # fmt: skip


class _Blog(Site):
    id = "blog-value-pages"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        menu = '<nav><a href="/archive.html">Archives</a><a href="/categories/">Tags</a></nav>'

        def page(body: str) -> web.Response:
            return _html(f"{menu}<main>{body}</main>")

        def posts(shown: list[tuple[str, str, str, tuple[str, ...]]]) -> str:
            return (
                '<div class="postindex">'
                + "".join(
                    f'<article><h1><a href="/posts/{s}/">{s}</a></h1>'
                    f'<p class="byline"><a href="/authors/{a}/">{a}</a></p></article>'
                    for s, a, _, _ in shown
                )
                + "</div>"
            )

        if path == "/":
            return page(posts(POSTS))
        if path == "/archive.html":
            return page('<ul><li><a href="/2023/">2023</a></li></ul>')
        categories = sorted({c for _, _, c, _ in POSTS})
        tags = sorted({t for *_, ts in POSTS for t in ts})
        if path == "/categories/":

            def group(values: list[str], prefix: str) -> str:
                return (
                    '<ul class="inline">'
                    + "".join(
                        f'<li><a class="badge" href="/categories/{prefix}{v.replace(" ", "-")}/">{v}</a></li>'
                        for v in values
                    )
                    + "</ul>"
                )

            return page(
                f"<h1>Tags and Categories</h1><h2>Categories</h2>{group(categories, 'cat_')}"
                f"<h2>Tags</h2>{group(tags, '')}"
            )
        for category in categories:
            if path == f"/categories/cat_{category}/":
                return page(posts([p for p in POSTS if p[2] == category]))
        for tag in tags:
            if path == f"/categories/{tag.replace(' ', '-')}/":
                return page(posts([p for p in POSTS if tag in p[3]]))
        for slug, author, _, ts in POSTS:
            if path == f"/posts/{slug}/":
                tagged = "".join(
                    f'<a href="/categories/{t.replace(" ", "-")}/">{t}</a>' for t in ts
                )
                return page(f'<h1>{slug}</h1><a href="/authors/{author}/">{author}</a>{tagged}')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/posts/{s}/" for s, *_ in POSTS)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"post": urls},
            target_type="post",
            seed_entity=urls[0],
            attributes={
                url: {"category": (c,), "tags": ts}
                for url, (_, _, c, ts) in zip(urls, POSTS, strict=True)
            },
            facet_values={
                "category": tuple(sorted({c for _, _, c, _ in POSTS})),
                "tags": tuple(sorted({t for *_, ts in POSTS for t in ts})),
            },
        )


async def test_a_page_indexing_two_attributes_under_their_headings_gives_each_its_values() -> None:
    async with LabServer([_Blog()]) as server:
        truth = server.truth("blog-value-pages")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(session, truth.base_url + "/", entity_sample=truth.seed_entity)
    entities = set_scores(result.entities, truth.target_entities)
    assert entities.precision == entities.recall == 1.0
    pairs = pair_scores(result.entities, truth)
    assert pairs.precision == pairs.recall == 1.0
    named = {a for attributes in result.entities.values() for a in attributes}
    assert {"Categories", "Tags"} <= named  # as the site's headings name them


def _one_value_each(
    site: Site, base_url: str, target: str, held: dict[str, str], attribute: str, seed: int = 0
) -> SiteTruth:
    """The truth of a site whose entities (`held`: URL → value) hold one value of `attribute`
    each, the `seed`-th the sample."""
    urls = tuple(held)
    return SiteTruth(
        site=site.id,
        base_url=base_url,
        kind=site.kind,
        entities={target: urls},
        target_type=target,
        seed_entity=urls[seed],
        attributes={u: {attribute: (v,)} for u, v in held.items()},
        facet_values={attribute: tuple(sorted(set(held.values())))},
    )


# (slug, gallery): 14 photos in three galleries
PHOTOS = [(f"photo-{n}", ("nature", "desktop", "abstract")[n % 3]) for n in range(14)]


class _Photos(Site):
    """A photo site: its home's menu links the photo list (5 a page) and the gallery list
    alike; the gallery list titles each gallery with a linked heading above its thumbnails;
    each photo page links its gallery, written after `label` when given."""

    kind = "entity-tree"

    def __init__(self, label: str = "") -> None:
        self.id = "photos-labelled" if label else "photos"
        self.label = label

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path, menu = (
            request.path,
            (
                '<nav><a href="/photos/gallerylist/">Galleries</a> '
                '<a href="/photos/photolist/">Photos</a></nav>'
            ),
        )

        def thumbs(shown: list[tuple[str, str]]) -> str:
            return "".join(
                f'<a href="/photos/photo/{s}/"><img src="/media/{s}.jpg" alt="{s}"/></a>'
                for s, _ in shown
            )

        if path == "/":
            return _html(f"{menu}<h1>Welcome</h1>")
        if path == "/photos/photolist/":
            n = int(request.query.get("page", "1"))
            pager = "".join(f'<a href="?page={i}">{i}</a> ' for i in (1, 2, 3) if i != n)
            shown = PHOTOS[(n - 1) * 5 : n * 5]
            return _html(f'{menu}<h1>All photos</h1><div class="grid">{thumbs(shown)}</div>{pager}')
        galleries = list(dict.fromkeys(g for _, g in PHOTOS))
        if path == "/photos/gallerylist/":
            sections = "".join(
                f'<h2><a href="/photos/gallery/{g}/">{g.title()}</a></h2>'
                f"<p>{thumbs([p for p in PHOTOS if p[1] == g][:1])}</p>"
                for g in galleries
            )
            return _html(f"{menu}<h1>All galleries</h1>{sections}")
        for gallery in galleries:
            if path == f"/photos/gallery/{gallery}/":
                shown = [p for p in PHOTOS if p[1] == gallery]
                return _html(
                    f'{menu}<h1>{gallery.title()}</h1><div class="grid">{thumbs(shown)}</div>'
                )
        for slug, gallery in PHOTOS:
            if path == f"/photos/photo/{slug}/":
                label = f"<span>{self.label}</span> " if self.label else ""
                return _html(
                    f'{menu}<h1>{slug}</h1><img src="/media/{slug}.jpg"/>'
                    f'<p>{label}<a href="/photos/gallery/{gallery}/">{gallery.title()}</a></p>'
                )
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        held = {f"{base_url}/photos/photo/{s}/": g.title() for s, g in PHOTOS}
        name = self.label.casefold() or "gallery"
        return _one_value_each(self, base_url, "photo", held, name)


@pytest.mark.parametrize("label", ["", "Album"])
async def test_a_gallery_list_of_linked_headings_beside_the_photo_list_gives_each_its_gallery(
    label: str,
) -> None:
    """The gallery list, linked beside the photo list, lists no photo of its own: it is no
    value of the menu's lists (the photo list would be a query of itself), but an index of the
    galleries, whose linked headings are its values. The attribute is the name the sample
    photo page writes before its gallery's link, else its address's ("gallery")."""
    site = _Photos(label)
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
            assert entry.url == truth.base_url + "/photos/photolist/"
            hub = entry.start if entry.url != entry.start else None
            result = await explore(session, entry.url, entity_sample=truth.seed_entity, hub=hub)
    entities = set_scores(result.entities, truth.target_entities)
    assert entities.precision == entities.recall == 1.0
    pairs = pair_scores(result.entities, truth)
    assert pairs.precision == pairs.recall == 1.0
    named = {a for attributes in result.entities.values() for a in attributes}
    assert named == {label or "gallery"}


def test_a_letter_or_a_link_off_the_site_names_or_breaks_no_group_of_values() -> None:
    """An alphabetical index's letters name no attribute, and a group of values under a heading
    stays one where each value's description links another site."""
    rows = "".join(
        f'<div class="row"><a href="/gallery/{g}/">{g}</a>'
        f'<div class="block">See <a href="https://other.test/{g}">{g}</a></div></div>'
        for g in ("nature", "desktop", "abstract")
    )
    lettered = "".join(
        f'<h2>{g[0].upper()}</h2><dl><dt><a href="/gallery/{g}/">{g}</a></dt></dl>'
        for g in ("abstract", "desktop")
    )
    html = f"<html><body><h2>Galleries</h2>{rows}<h1>Index</h1>{lettered}</body></html>"
    page = snapshot_from_html("http://p.test/", "http://p.test/", 200, html)
    found = value_indexes(page, lambda url: False, {"http://p.test/gallery/desktop/"})
    assert {a: sorted(v.values()) for a, v in found.items()} == {
        "Galleries": ["abstract", "desktop", "nature"],
        "gallery": ["abstract", "desktop"],
    }


# (package, class): 12 classes in three packages at three depths
TYPES = [
    (package, f"{name}{n}")
    for package, name in (("org.lib", "Lib"), ("org.lib.util", "Util"), ("org.lib.util.io", "Io"))
    for n in range(4)
]


def _folder(package: str) -> str:
    return "/" + package.replace(".", "/") + "/"


class _ApiDocs(Site):
    """An API reference: its home lists the packages in a grid under the title (each package's
    page in the package's folder, `package-summary.html`, the address naming no attribute)
    beside a link to every class; each class page names its package "Package" before its link."""

    id = "api-packages"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        packages = list(dict.fromkeys(p for p, _ in TYPES))

        def classes(shown: list[tuple[str, str]]) -> str:
            return (
                "<ul>"
                + "".join(f'<li><a href="{_folder(p)}{c}.html">{c}</a></li>' for p, c in shown)
                + "</ul>"
            )

        if path in ("/", "/index.html"):
            grid = "".join(
                f'<div class="col"><a href="{_folder(p)}package-summary.html">{p}</a></div>'
                f'<div class="block">See <a href="https://other.test/{p}">{p}</a></div>'
                for p in packages
            )
            return _html(
                '<nav><a href="/allclasses.html">All Classes</a></nav>'
                f'<h1>Lib 1.0 API</h1><div class="table-header">Package</div>{grid}'
            )
        if path == "/allclasses.html":
            return _html(f"<h1>All Classes</h1>{classes(TYPES)}")
        for package in packages:
            if path == f"{_folder(package)}package-summary.html":
                shown = [t for t in TYPES if t[0] == package]
                return _html(f"<h1>Package {package}</h1>{classes(shown)}")
        for package, name in TYPES:
            if path == f"{_folder(package)}{name}.html":
                return _html(
                    f'<div class="sub-title"><span>Package</span>&nbsp;'
                    f'<a href="package-summary.html">{package}</a></div><h1>Class {name}</h1>'
                )
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        held = {f"{base_url}{_folder(p)}{c}.html": p for p, c in TYPES}
        seed = [c for _, c in TYPES].index("Util1")  # a class of a nested package
        return _one_value_each(self, base_url, "class", held, "package", seed)


async def test_a_value_the_sample_names_by_a_label_names_its_group_whatever_its_address() -> None:
    """The packages' pages lie at three depths and their address names no attribute; the sample
    class page writes "Package" before its package's link, so the home's group holding that
    link is an index of packages, named so, over the title heading it sits under."""
    async with LabServer([_ApiDocs()]) as server:
        truth = server.truth("api-packages")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            start, hub = truth.base_url + "/allclasses.html", truth.base_url + "/"
            result = await explore(session, start, entity_sample=truth.seed_entity, hub=hub)
    entities = set_scores(result.entities, truth.target_entities)
    assert entities.precision == entities.recall == 1.0
    pairs = pair_scores(result.entities, truth)
    assert pairs.precision == pairs.recall == 1.0
    assert {a for attributes in result.entities.values() for a in attributes} == {"Package"}


# (page, tag): a flat wiki's 12 pages, three tags
FLAT = [(f"{tag}-{n}", tag) for tag in ("bash", "tar", "xz") for n in range(4)]


class _FlatWiki(Site):
    """A wiki whose pages and special pages are both one segment deep (``/bash-0``,
    ``/+tags``): its history lists every page; its menu links the tags' page, which lists the
    tags under a heading qualifying them ("Global Tags"), each ``/+tags/<tag>`` listing its
    pages; a page writes its tag after its revision's line, unlabelled."""

    id = "wiki-flat-tags"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        menu = '<nav><a href="/+history">History</a> <a href="/+tags">Tags</a></nav>'

        def rows(pages: list[tuple[str, str]]) -> str:
            return (
                '<table class="history">'
                + "".join(
                    f'<tr><td><a href="/{p}">{p}</a></td><td><a href="/+diff/{p}">diff</a></td></tr>'
                    for p, _ in pages
                )
                + "</table>"
            )

        if path == "/":
            return _html(f"{menu}<h1>Home</h1><p>Welcome.</p>")
        if path == "/+history":
            return _html(f"{menu}<h1>History</h1>{rows(FLAT)}")
        tags = sorted({t for _, t in FLAT})
        if path == "/+tags":
            cloud = "".join(f'<li><a href="/+tags/{t}">{t}</a></li>' for t in tags)
            return _html(f'{menu}<h1>Global Tags</h1><ul class="tags">{cloud}</ul>')
        for tag in tags:
            if path == f"/+tags/{tag}":
                listed = "".join(f'<li><a href="/{p}">{p}</a></li>' for p, t in FLAT if t == tag)
                return _html(f"{menu}<h1>Pages tagged {tag}</h1><ul>{listed}</ul>")
        for name, tag in FLAT:
            if path == f"/{name}":
                return _html(
                    f"{menu}<h1>{name}</h1><p>Text.</p><p>{name} (rev 1), modified today by "
                    f'<span>someone</span>, tags: <a href="/+tags/{tag}">{tag}</a>.</p>'
                )
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        urls = {name: f"{base_url}/{name}" for name, _ in FLAT}
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": tuple(urls.values())},
            target_type="page",
            seed_entity=urls["bash-1"],
            attributes={urls[n]: {"tag": (t,)} for n, t in FLAT},
            facet_values={"tag": tuple(sorted({t for _, t in FLAT}))},
        )


async def test_a_tags_page_shaped_as_the_pages_is_found_above_the_tag_the_sample_links() -> None:
    # the menu's tags page is shaped as an entity (one segment deep), so no menu page: it is
    # the folder of the tag the sample page links; its heading's last word is the address's
    async with LabServer([_FlatWiki()]) as server:
        truth = server.truth("wiki-flat-tags")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            base = truth.base_url
            result = await explore(
                session, base + "/+history", entity_sample=truth.seed_entity, hub=base + "/"
            )
    pairs = pair_scores(result.entities, truth)
    assert pairs.precision == pairs.recall == 1.0
    assert {a for attributes in result.entities.values() for a in attributes} == {"Tags"}


def test_the_list_itself_is_no_folder_of_the_values_its_sample_links() -> None:
    """A value's folder that is the start list (the sample's own views in other formats,
    ``/countries/af/?format=json`` below ``/countries/``) is no candidate index: the list's own
    controls (its ordering links under "Ordering") index no attribute; another folder the list
    links (``/+tags`` above ``/+tags/bash``) is one."""
    base = "http://p.test"
    html = (
        f'<html><body><nav><a href="{base}/">Root</a> <a href="{base}/countries/">Countries</a>'
        f' <a href="{base}/+tags">Tags</a></nav><h2>Ordering</h2><ul>'
        f'<li><a href="{base}/countries/?ordering=name">name</a></li>'
        f'<li><a href="{base}/countries/?ordering=-name">-name</a></li></ul></body></html>'
    )
    page = snapshot_from_html(f"{base}/countries/", f"{base}/countries/", 200, html)
    views = [f"{base}/countries/af/?format=json", f"{base}/countries/af/?format=api"]
    assert value_folders(page, [*views, f"{base}/+tags/bash"]) == [f"{base}/+tags"]
