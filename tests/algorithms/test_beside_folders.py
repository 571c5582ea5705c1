"""The folders beside a list's folder (`algorithms.besidefolders`), for SSUP and explore: a wiki whose pages
sit in folders, each folder's listing ``/<folder>/`` listing its pages, and whose index of the
folders and category pages robots.txt disallows (``Disallow: /_``). The climb finds the seed's
own folder listing and nothing above it; the other folders, named by the links of the pages
loaded (one folder's pages linking the next folder's), are listed by their own listings, built
alike. A folder of another kind of page (a media folder whose pages are bare file views) is no
page of the level. Explore, started at the list page found from the front page, takes the
folders as the lists beside its start list, one section each.
"""

from __future__ import annotations

from aiohttp import web
from explore_runs import serve_and_explore_from_entry, tree_truth
from ssup_runs import serve_and_discover

from siteseer.algorithms.besidefolders import folder_of
from siteseer.lab import Site, SiteTruth, set_scores

_FOLDERS = {
    "lib": ("json", "pickle", "marshal", "os", "sys", "re", "time", "math"),
    "api": ("abstract", "buffer", "bytes", "call", "dict"),
    "guide": ("intro", "setup", "usage", "faq"),
    "news": ("v1", "v2", "v3", "v4"),
}
_ORDER = tuple(_FOLDERS)
_MEDIA = ("logo.png", "chart.png", "map.png")


_SIDEBAR = "".join(
    f'<li><a href="{href}">{text}</a></li>'
    for href, text in (
        ("/", "Front"),
        ("/_index", "All"),
        ("/_categories", "Tags"),
        ("/_random", "Any"),
    )
)
_LAYOUT = (
    '<html><head><title>{title}</title></head><body><div id="sidebar"><ul>{sidebar}</ul></div>'
    '<div id="content"><h1>{title}</h1>{body}</div></body></html>'
)


def _page(title: str, body: str) -> web.Response:
    html = _LAYOUT.format(title=title, sidebar=_SIDEBAR, body=body)
    return web.Response(text=html, content_type="text/html")


def _listing(folder: str) -> web.Response:
    names = _FOLDERS.get(folder, _MEDIA)
    rows = "".join(f'<li class="page"><a href="/{folder}/{p}">{p}</a></li>' for p in names)
    return _page(
        folder,
        f'<a class="updir" href="/_index">/</a><a class="updir" href="/{folder}/">{folder}/</a>'
        f'<ul class="index">{rows}</ul>',
    )


def _wiki_page(folder: str, name: str) -> web.Response:
    """A page: its text links two pages of its folder, the first page of the next folder and
    a media file; its category below it."""
    pages = _FOLDERS[folder]
    i = pages.index(name)
    mates = [pages[(i + k) % len(pages)] for k in (1, 2)]
    nxt = _ORDER[(_ORDER.index(folder) + 1) % len(_ORDER)]
    text = "".join(f'<p>See <a href="/{folder}/{m}">{m}</a>.</p>' for m in mates)
    text += f'<p>Also <a href="/{nxt}/{_FOLDERS[nxt][0]}">{nxt}</a>.</p>'
    text += f'<p><img src="x"><a href="/media/{_MEDIA[i % len(_MEDIA)]}">figure</a></p>'
    cats = f'<div class="categories"><a href="/_category/{folder}">{folder}</a></div>'
    return _page(f"{folder}/{name}", f"<div class='text'>{text}</div>{cats}")


class _FolderWiki(Site):
    """A wiki of pages in four folders (see the module docstring)."""

    id = "folder-wiki"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        segments = path.strip("/").split("/")
        fixed = {
            "/robots.txt": lambda: web.Response(text="User-agent: *\nDisallow: /_\n"),
            "/": lambda: _page("Front page", '<p><a href="/_index">All pages</a></p>'),
            "/media/": lambda: _listing("media"),
        }
        if path in fixed:
            return fixed[path]()
        if path.startswith("/_"):  # the index of folders, the categories: robots.txt's
            folders = "".join(f'<li><a href="/{f}/">{f}</a></li>' for f in _ORDER)
            return _page("Index", f'<ul class="index">{folders}</ul>')
        if segments[0] == "media" and segments[-1] in _MEDIA:  # a bare file view
            html = f'<html><body><img src="/raw/{segments[1]}"><a href="/">back</a></body></html>'
            return web.Response(text=html, content_type="text/html")
        if path == f"/{segments[0]}/" and segments[0] in _FOLDERS:
            return _listing(segments[0])
        if len(segments) == 2 and segments[1] in _FOLDERS.get(segments[0], ()):
            return _wiki_page(*segments)
        return web.Response(status=404, text="no such page")

    def truth(self, base_url: str) -> SiteTruth:
        pages = [f"{base_url}/{f}/{p}" for f in _ORDER for p in _FOLDERS[f]]
        return tree_truth(self, base_url, "page", pages, f"{base_url}/lib/json")


def test_a_folder_is_a_path_ending_in_a_slash_below_the_root() -> None:
    base = "http://127.0.0.1:8000"
    assert folder_of(f"{base}/lib/") == ("127.0.0.1:8000", ("lib",))
    assert folder_of(f"{base}/lib/json") is None
    assert folder_of(f"{base}/") is None
    assert folder_of(f"{base}/lib/?sort=name") is None


async def test_the_folders_beside_the_seeds_list_the_rest_of_the_wiki() -> None:
    truth, result, downloaded = await serve_and_discover(_FolderWiki(), height=2)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    b = truth.base_url
    assert set(result.index_pages[-1]) == {f"{b}/{f}/" for f in _ORDER}
    # the media folder was judged by one of its pages and left out; nothing under /_ loaded
    assert f"{b}/media/" in downloaded
    assert not [u for u in downloaded if u.startswith(f"{b}/_")], downloaded


async def test_explore_takes_the_folders_beside_its_start_list_as_sections() -> None:
    truth, entry, result = await serve_and_explore_from_entry(_FolderWiki())
    b = truth.base_url
    assert entry.url == f"{b}/lib/"
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    sections = {q.conditions: set(q.entities) for q in result.queries if q.conditions}
    for folder in _ORDER:
        listed = {f"{b}/{folder}/{p}" for p in _FOLDERS[folder]}
        assert sections[(("section", folder),)] == listed, folder
