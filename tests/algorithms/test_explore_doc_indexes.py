"""`explore` on documentation indexes, against the lab's truth: a module tree whose sublists
open in disclosures, found from its home page beside module pages that look like small lists
with a facet; a crate's index of modules each named by its folder (``/std/<m>/index.html``),
some marked by a modifier class; a manual's sections whose pages are named by a keyless query
(``?3+printf``); a book's table of contents nested in definition lists."""

from __future__ import annotations

from aiohttp import web
from explore_runs import serve_and_explore_from_entry, tree_truth

from siteseer.algorithms import explore, find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores


def _page(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


# -- a module tree (its sublists in ``details``), each module page a small list with a form ----

TREE = {
    "Data": ["Data-List", "Data-Map", "Data-Set", "Data-Char", "Data-Bits"],
    "Control": ["Control-Monad", "Control-Arrow", "Control-Category"],
}
DEEP = {"Data-Map": ["Data-Map-Strict", "Data-Map-Lazy", "Data-Map-Internal", "Data-Map-Merge"]}


def _modules() -> list[str]:
    out = []
    for children in TREE.values():
        for child in children:
            out += [child, *DEEP.get(child, [])]
    return out


def _module(name: str, sub: str = "") -> str:
    span = f'<span class="module"><a href="{name}.html">{name.replace("-", ".")}</a></span>'
    return f"<li>{span}{sub}</li>"


def _tree() -> str:
    items = []
    for top, children in TREE.items():
        inner = []
        for child in children:
            deep = DEEP.get(child)
            sub = ""
            if deep:
                sub = '<details open="open"><ul>' + "".join(map(_module, deep)) + "</ul></details>"
            inner.append(_module(child, sub))
        details = f'<details open="open"><ul>{"".join(inner)}</ul></details>'
        items.append(f'<li><span class="module">{top}</span>{details}</li>')
    return f'<div id="module-list"><ul>{"".join(items)}</ul></div>'


class _ModuleTree(Site):
    """The home page is the index; a module page links three modules in a "see also" list and
    offers a form choosing the declarations' order (a facet, to the entry point's eyes)."""

    id = "module-tree"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.strip("/").removesuffix(".html")
        if name in ("", "index"):
            return _page(f"<h1>Package</h1><p>Intro.</p>{_tree()}")
        if name not in _modules():
            return web.Response(status=404, text="not found")
        also = "".join(f'<li><a href="/{m}.html">{m}</a></li>' for m in _modules()[:3])
        form = '<form action=""><select name="order"><option>name</option>'
        form += "<option>kind</option></select></form>"
        return _page(f"<h1>{name}</h1>{form}<ul class='also'>{also}</ul><p>Declarations.</p>")

    def truth(self, base_url: str) -> SiteTruth:
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"module": tuple(f"{base_url}/{m}.html" for m in _modules())},
            target_type="module",
            seed_entity=f"{base_url}/Data-Set.html",
        )


async def test_a_module_tree_in_disclosures_is_the_list_beside_module_pages() -> None:
    truth, entry, result = await serve_and_explore_from_entry(_ModuleTree())
    # the index lists every module; a module page's three links and its form do not
    # make it the wider list
    assert entry.found and entry.url == truth.base_url + "/"
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0


# -- a crate's index: each module its folder's index document, some marked unstable -----------

CRATE = ["alloc", "cell", "collections", "fmt", "io", "iter", "mem", "net", "ops", "ptr", "simd"]
UNSTABLE = {"simd", "ptr"}


class _Crate(Site):
    """`/` links the crate's index and a book; `/std/index.html` lists the modules in rows,
    `/std/<m>/index.html` each (an unstable one's cell marked by a class more)."""

    id = "crate-index"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            links = '<li><a href="/std/index.html">std</a></li><li><a href="/book/index.html">'
            return _page(f"<ul>{links}Book</a></li></ul>")
        if path == "/book/index.html":
            return _page("<h1>Book</h1><p>Chapters.</p>")
        if path == "/std/index.html":
            rows = []
            for m in CRATE:
                mark = (
                    "item-left unstable module-item" if m in UNSTABLE else "item-left module-item"
                )
                rows.append(
                    f'<div class="item-row"><div class="{mark}"><a href="{m}/index.html">{m}</a>'
                    f'</div><div class="item-right">About {m}.</div></div>'
                )
            return _page(f'<h1>Crate std</h1><div class="item-table">{"".join(rows)}</div>')
        parts = path.strip("/").split("/")
        if len(parts) == 3 and parts[0] == "std" and parts[1] in CRATE:
            return _page(f"<h1>Module {parts[1]}</h1><p>Items.</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"module": tuple(f"{base_url}/std/{m}/index.html" for m in CRATE)},
            target_type="module",
            seed_entity=f"{base_url}/std/collections/index.html",
        )


async def test_a_crates_modules_named_by_their_folders_are_one_list() -> None:
    truth, entry, result = await serve_and_explore_from_entry(_Crate())
    assert entry.found and entry.url == truth.base_url + "/std/index.html"
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0


# -- a manual: sections of pages named by a keyless query ---------------------------------------

SECTIONS = {
    "1": ["ls", "cat", "cp"],
    "2": ["read", "write", "open", "close", "stat", "pipe", "dup", "fork", "kill", "wait", "exit"],
    "3": ["printf"],
}


class _Manual(Site):
    """`/manual/` links each section's list `/manual/sec?N`; a page is `/manual/page?N+name`
    (no key); every page links the manual's home."""

    id = "keyless-manual"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        query = request.rel_url.raw_query_string
        home = '<p><a href="/manual/">Manual</a></p>'
        if request.path == "/manual/":
            links = "".join(f'<li><a href="sec?{n}">Section {n}</a></li>' for n in SECTIONS)
            return _page(f"<h1>Manual</h1><ul>{links}</ul>")
        if request.path == "/manual/sec" and query in SECTIONS:
            terms = "".join(
                f'<dt><a href="page?{query}+{p}">{p}</a></dt><dd>About {p}.</dd>'
                for p in SECTIONS[query]
            )
            return _page(f"{home}<h1>Section {query}</h1><dl>{terms}</dl>")
        section, _, name = query.partition("+")
        if request.path == "/manual/page" and name in SECTIONS.get(section, []):
            return _page(f"<h1>{name}({section})</h1>{home}")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        pages = [f"{base_url}/manual/page?{n}+{p}" for n, ps in SECTIONS.items() for p in ps]
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": tuple(pages)},
            target_type="page",
            seed_entity=f"{base_url}/manual/page?2+write",
        )


async def test_pages_named_by_a_keyless_query_are_listed_by_every_section() -> None:
    async with LabServer([_Manual()]) as server:
        truth = server.truth("keyless-manual")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, truth.base_url + "/manual/", truth.seed_entity)
            assert entry.found and entry.url == truth.base_url + "/manual/sec?2"
            loaded: list[str] = []
            session.events.on(
                "page", lambda snap, cached: None if cached else loaded.append(snap.url)
            )
            result = await explore(
                session, entry.url, entity_sample=truth.seed_entity, hub=entry.start
            )
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
    # the other sections' lists, no page of the manual but the sample loaded
    assert {url for url in loaded if "/manual/page" in url} <= {truth.seed_entity}


# -- a book's table of contents in definition lists ---------------------------------------------

BOOK = {
    "intro": {"sect.why": ["history", "goals"], "sect.how": []},
    "setup": {"sect.install": ["disk", "boot"], "sect.config": [], "sect.tuning": []},
}


class _Book(Site):
    """`/` the table of contents: a chapter a ``dt``, its sections in ``dd/dl``, a section's
    subsections (anchors of its page) one ``dd/dl`` deeper; a section without any is listed at
    its own level only."""

    id = "book-toc"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.strip("/").removesuffix(".html")
        if name in ("", "index"):
            chapters = []
            for chapter, sections in BOOK.items():
                inner = []
                for section, subs in sections.items():
                    link = f'<dt><span class="section"><a href="{section}.html">{section}</a>'
                    anchors = "".join(
                        f'<dt><span class="section"><a href="{section}.html#{s}">{s}</a>'
                        "</span></dt>"
                        for s in subs
                    )
                    inner.append(
                        link + "</span></dt>" + (f"<dd><dl>{anchors}</dl></dd>" if subs else "")
                    )
                head = (
                    f'<dt><span class="chapter"><a href="{chapter}.html">{chapter}</a></span></dt>'
                )
                chapters.append(f"{head}<dd><dl>{''.join(inner)}</dl></dd>")
            return _page(f'<div class="toc"><dl class="toc">{"".join(chapters)}</dl></div>')
        if name in BOOK or any(name in s for s in BOOK.values()):
            return _page(f'<h1>{name}</h1><p><a href="index.html">Home</a></p>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        sections = [f"{base_url}/{s}.html" for ss in BOOK.values() for s in ss]
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"section": tuple(sections)},
            target_type="section",
            seed_entity=f"{base_url}/sect.install.html",
        )


async def test_a_table_of_contents_in_definition_lists_lists_every_section() -> None:
    async with LabServer([_Book()]) as server:
        truth = server.truth("book-toc")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(session, truth.base_url + "/", entity_sample=truth.seed_entity)
    # every section, those without subsections too (the chapters are listed beside them)
    assert set_scores(result.entities, truth.target_entities).recall == 1.0


# -- a menu of nested div groups, each group opened by a script link ---------------------------

FILES = {
    "": ["Builder", "Config", "Error", "Parser", "Project", "Settings"],
    "Builder": ["Base", "HTML"],
    "Languages": ["Ada", "Perl", "Advanced"],
    "Languages/Advanced": ["Scope", "Change"],
}


def _entry(body: str) -> str:
    return f'<div class="MEntry">{body}</div>'


def _group(folder: str, n: int) -> str:
    files = "".join(
        _entry(f'<div class="MFile"><a href="/files/{folder}/{f}.html">{f}</a></div>')
        for f in FILES[folder]
    )
    inner = "".join(_group(sub, n + 1) for sub in FILES if sub.rpartition("/")[0] == folder)
    head = f"<a href=\"javascript:ToggleMenu('G{n}')\">{folder}</a>"
    body = f'<div class="MGroupContent" id="G{n}">{files}{inner}</div>'
    return _entry(f'<div class="MGroup">{head}{body}</div>')


def _menu() -> str:
    top = "".join(
        _entry(f'<div class="MFile"><a href="/files/{f}.html">{f}</a></div>') for f in FILES[""]
    )
    groups = "".join(_group(f, i) for i, f in enumerate(["Builder", "Languages"]))
    return f'<div id="Menu">{top}{groups}</div>'


class _GroupMenu(Site):
    """Every page is a file's and shows the menu: top-level files, then groups (a folder's
    files, a group inside a group) each hidden until a script link opens it."""

    id = "group-menu"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/" or path.removeprefix("/files/").removesuffix(".html") in _names():
            return _page(f'{_menu()}<div id="Content"><h1>{path}</h1><p>Text.</p></div>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        urls = [f"{base_url}/files/{n}.html" for n in _names()]
        return tree_truth(self, base_url, "file", urls, f"{base_url}/files/Parser.html")


def _names() -> list[str]:
    return [f"{d}/{f}".strip("/") for d, files in FILES.items() for f in files]


async def _scores_from_root(site: Site) -> tuple[float, float]:
    """Precision and recall of `explore` from `site`'s root, its seed entity the sample."""
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(session, truth.base_url + "/", entity_sample=truth.seed_entity)
    scores = set_scores(result.entities, truth.target_entities)
    return scores.precision, scores.recall


async def test_a_menu_of_nested_div_groups_is_one_list_at_every_depth() -> None:
    # the groups' files (two and three folders deep) too, not only the top level's
    assert await _scores_from_root(_GroupMenu()) == (1.0, 1.0)


# -- a reference's navigation tree beside its index table of top-level declarations ------------

TOP = ["classes/Document", "classes/Parser", "functions/parse", "types/Node", "variables/BREAK"]
SPACES = {"CST": ["interfaces/CST.Token", "functions/CST.visit", "variables/CST.SCALAR"]}


def _nav() -> str:
    items = [f'<li><a href="/{d}.html">{d}</a></li>' for d in TOP]
    for ns, members in SPACES.items():
        inner = "".join(f'<li><a href="/{m}.html">{m}</a></li>' for m in members)
        items.append(
            f'<li><details><summary><a href="/modules/{ns}.html">{ns}</a></summary>'
            f'<div class="accordion-details"><ul class="nested">{inner}</ul></div></details></li>'
        )
    return f'<nav><ul id="nav-container">{"".join(items)}</ul></nav>'


def _index(names: list[str]) -> str:
    rows = "".join(f'<dt id="{n}"><span><a href="/{n}.html">{n}</a></span></dt>' for n in names)
    return f'<div class="content"><dl class="summaries">{rows}</dl></div>'


class _Reference(Site):
    """The home page's content lists the top-level declarations and the namespaces (pages of
    their own listing their members); its navigation tree lists every declaration, each
    namespace's members in a disclosure below the namespace."""

    id = "reference-tree"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.strip("/").removesuffix(".html")
        if name in ("", "index"):
            return _page(_nav() + _index([*TOP, *(f"modules/{ns}" for ns in SPACES)]))
        if name.startswith("modules/") and name[8:] in SPACES:
            return _page(_nav() + _index(SPACES[name[8:]]))
        if name in TOP or any(name in m for m in SPACES.values()):
            return _page(f"{_nav()}<h1>{name}</h1><p>Signature.</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        urls = [f"{base_url}/{n}.html" for n in [*TOP, *(m for ms in SPACES.values() for m in ms)]]
        return tree_truth(self, base_url, "declaration", urls, f"{base_url}/classes/Document.html")


async def test_a_navigation_tree_listing_more_than_the_index_is_the_list() -> None:
    # the namespace's members too (in its disclosure); the namespace itself is a list, no entity
    assert await _scores_from_root(_Reference()) == (1.0, 1.0)
