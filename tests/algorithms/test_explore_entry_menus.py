"""Where `explore` starts from a home page that is no list, against the lab's truth: an admin's
home page linking each table's list in a short menu, a source browser's folders each listing
its files (one folder holding folders only), and a wiki whose pages only its sitemap lists."""

from __future__ import annotations

from aiohttp import web
from explore_runs import serve_and_explore_from_entry

from siteseer.algorithms import explore, find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

ZONES = 34
PER_PAGE = 10


def _page(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


class _Admin(Site):
    """An admin: its root redirects to a home page linking each table's list and create view
    (four links alike in one menu); a list is a table of ten rows a page (``?page=N``), each
    row linking its record as ``detail?pk=N&_origin=<the list page>``."""

    id = "admin-menu"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            raise web.HTTPFound("/admin/")
        if path == "/admin/":
            menu = "".join(
                f'<li><a href="/admin/{t}/{v}">{v.title()} {t}</a></li>'
                for t in ("zone", "country")
                for v in ("list", "create")
            )
            return _page(f'<nav><ul class="menu">{menu}</ul></nav><h1>Admin</h1>')
        if path == "/admin/zone/list":
            page = int(request.query.get("page", "1"))
            origin = "%2Fadmin%2Fzone%2Flist" + (f"%3Fpage%3D{page}" if page > 1 else "")
            rows = "".join(
                f'<tr><td><a href="/admin/zone/detail?pk={n}&amp;_origin={origin}">{n}</a></td>'
                f"<td>Zone {n}</td><td>Region {n % 3}</td></tr>"
                for n in range((page - 1) * PER_PAGE + 1, min(page * PER_PAGE, ZONES) + 1)
            )
            pages = -(-ZONES // PER_PAGE)
            pager = "".join(
                f'<li><a href="/admin/zone/list?page={k}">{k}</a></li>'
                for k in range(1, pages + 1)
                if k != page
            )
            table = f"<table><tr><th>Id</th><th>Name</th><th>Region</th></tr>{rows}</table>"
            return _page(f'<h1>Zones</h1>{table}<ul class="pagination">{pager}</ul>')
        if path == "/admin/country/list":
            return _page("<h1>Countries</h1><table><tr><th>Code</th></tr></table>")
        if path == "/admin/zone/detail" and 1 <= int(request.query.get("pk", "0")) <= ZONES:
            return _page(f"<h1>Zone {request.query['pk']}</h1>")
        return web.Response(status=403 if path.endswith("/create") else 404)

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/admin/zone/detail?pk={n}" for n in range(1, ZONES + 1))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"zone": urls},
            target_type="zone",
            seed_entity=urls[0],
        )


async def test_a_short_menu_is_no_entity_list_and_its_list_is_found() -> None:
    truth, entry, result = await serve_and_explore_from_entry(_Admin())
    assert entry.url == truth.base_url + "/admin/zone/list"
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0


FOLDERS = {1: ("common", 12), 2: ("dec", 8), 3: ("enc", 20), 4: ("include", 0), 6: ("tools", 1)}
NESTED = {4: (5, "brotli", 5)}  # folder 4 holds only folder 5, of 5 files


class _Sources(Site):
    """A source browser: its home page links each folder's page (``/files/<n>.html``) in one
    table; a folder's page lists its files' pages (``/S/<id>.html``), and a file's page links
    the files it includes. The folder `include` holds the folder `brotli` only."""

    id = "source-folders"
    kind = "entity-tree"

    @staticmethod
    def _files() -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        first = 1
        for folder, (_, count) in {**FOLDERS, 5: ("brotli", 5)}.items():
            out[folder] = list(range(first, first + count))
            first += count
        return out

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        files = self._files()
        if path in ("/", "/index.html"):
            cells = "".join(
                f'<td><a href="/files/{n}.html">{name}/</a></td>'
                for n, (name, _) in FOLDERS.items()
            )
            letters = "".join(f'<a href="/defines/{c}.html">[{c}]</a> ' for c in "ABCDEFGH")
            main = '<pre><a href="/S/50.html#L10">main</a> tools/main.c</pre>'
            return _page(
                f"<h1>Sources</h1>{main}<h2>DEFINITIONS</h2>{letters}"
                f"<h2>FILES</h2><table><tr>{cells}</tr></table>"
            )
        if path.startswith("/files/"):
            folder = int(path.rsplit("/", 1)[1].split(".")[0])
            if folder in NESTED:
                inner, name, _ = NESTED[folder]
                rows = f'<tr><td><a href="/files/{inner}.html">{name}/</a></td></tr>'
            else:
                rows = "".join(
                    f'<tr><td><a href="/S/{f}.html">file{f}.c</a></td></tr>' for f in files[folder]
                )
            return _page(f'<h1>Folder {folder}</h1><table class="flist">{rows}</table>')
        if path.startswith("/S/"):
            fid = int(path.rsplit("/", 1)[1].split(".")[0])
            includes = "".join(f'<a href="/S/{f}.html">#include</a> ' for f in (1, 2, 3))
            return _page(f"<h1>file{fid}.c</h1><pre>{includes}</pre>")
        if path.startswith("/defines/"):
            return _page("<h1>Definitions</h1>")
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        every = [f for fs in self._files().values() for f in fs]
        urls = tuple(f"{base_url}/S/{f}.html" for f in every)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"file": urls},
            target_type="file",
            seed_entity=f"{base_url}/S/{self._files()[2][3]}.html",
        )


async def test_a_folder_listing_the_sample_among_folders_alike_is_one_value_of_them() -> None:
    async with LabServer([_Sources()]) as server:
        truth = server.truth("source-folders")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
            assert entry.url == truth.base_url + "/files/2.html"
            result = await explore(
                session, entry.url, entity_sample=truth.seed_entity, hub=entry.start
            )
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
    # each file's folder is its value, the nested folder's files too
    assert result.entities[truth.base_url + "/S/1.html"] == {"files": ("common/",)}
    last = truth.target_entities[-1]
    assert result.entities[last] == {"files": ("brotli/",)}


WIKI = {"guide": ["install", "config", "themes"], "library": ["string", "re", "json", "csv"]}
WIKI_ROOT = ["glossary", "about", "license"]


class _Wiki(Site):
    """A wiki: its start page links a few pages and its tools, among them "Sitemap"
    (``?do=index``); the sitemap lists each namespace as a link that opens it in place (the
    same sitemap with the namespace's pages below it). No page lists every page."""

    id = "wiki-start"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/":
            raise web.HTTPFound("/doku.php?id=start")
        tools = (
            '<div class="tools"><a href="/doku.php?do=recent">Recent Changes</a> '
            '<a href="/doku.php?do=index">Sitemap</a></div>'
        )
        if request.query.get("do") == "index":
            opened = request.query.get("idx", "")
            items = []
            for ns, pages in WIKI.items():
                nested = ""
                if ns == opened:
                    nested = (
                        "<ul>"
                        + "".join(
                            f'<li class="level2"><div class="li">'
                            f'<a href="/doku.php?id={ns}:{p}">{p}</a></div></li>'
                            for p in pages
                        )
                        + "</ul>"
                    )
                link = f'<a href="/doku.php?do=index&amp;idx={ns}" class="idx_dir">{ns}</a>'
                state = "open" if ns == opened else "closed"
                items.append(f'<li class="{state}"><div class="li">{link}</div>{nested}</li>')
            items += [
                f'<li class="level1"><div class="li"><a href="/doku.php?id={p}">{p}</a></div></li>'
                for p in WIKI_ROOT
            ]
            return _page(f'{tools}<h1>Sitemap</h1><div id="tree"><ul>{"".join(items)}</ul></div>')
        if request.query.get("do") == "recent":
            return _page(f"{tools}<h1>Recent Changes</h1>")
        page = request.query.get("id", "")
        if page == "start":
            links = "".join(f'<li><a href="/doku.php?id={ns}:start">{ns}</a></li>' for ns in WIKI)
            return _page(f"{tools}<h1>Welcome</h1><ul>{links}</ul>")
        if page in self._pages() or page.endswith(":start"):
            return _page(f"{tools}<h1>{page}</h1><p>Text.</p>")
        return web.Response(status=404)

    @staticmethod
    def _pages() -> list[str]:
        return [f"{ns}:{p}" for ns, ps in WIKI.items() for p in ps] + WIKI_ROOT

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/doku.php?id={n.replace(':', '%3A')}" for n in self._pages())
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": urls},
            target_type="page",
            seed_entity=f"{base_url}/doku.php?id=library%3Ajson",
        )


async def test_without_a_list_the_site_index_the_start_page_links_is_the_start() -> None:
    truth, entry, result = await serve_and_explore_from_entry(_Wiki())
    assert entry.url == truth.base_url + "/doku.php?do=index"
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0


TOPICS = 120
TOPICS_PER_PAGE = 20


class _Forum(Site):
    """A forum: its front page lists the latest topics 20 a page (``/?page=N``); a category's
    page lists its own 21 topics (the sample's among them), on one page."""

    id = "forum-pages"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        def topics(numbers: range) -> str:
            return "".join(f'<li><a href="/topic/{n}/t-{n}/">Topic {n}</a></li>' for n in numbers)

        if request.path == "/":
            page = int(request.query.get("page", "1"))
            first = (page - 1) * TOPICS_PER_PAGE + 1
            shown = range(first, min(first + TOPICS_PER_PAGE, TOPICS + 1))
            pages = -(-TOPICS // TOPICS_PER_PAGE)
            pager = "".join(f'<a href="?page={k}">{k}</a> ' for k in range(1, pages + 1))
            menu = '<nav><a href="/category/1/pkg/">pkg</a></nav>'
            return _page(f'{menu}<ul class="topics">{topics(shown)}</ul><p>{pager}</p>')
        if request.path == "/category/1/pkg/":
            return _page(f'<ul class="topics">{topics(range(1, 22))}</ul>')
        if request.path.startswith("/topic/"):
            return _page(f"<h1>{request.path}</h1>")
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/topic/{n}/t-{n}/" for n in range(1, TOPICS + 1))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"topic": urls},
            target_type="topic",
            seed_entity=urls[0],
        )


async def test_of_two_lists_linking_the_sample_the_one_paged_further_is_the_wider() -> None:
    truth, entry, result = await serve_and_explore_from_entry(_Forum())
    assert entry.url == truth.base_url + "/"
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
