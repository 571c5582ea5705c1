"""SSUP's climb downloads against the lab's truth: a wiki whose sitemap is one nested list, the
site's top pages at its first depth and the namespace of the page it is opened from expanded
below its entry; each page's sitemap, recent changes and actions (edit, revisions, backlinks)
are the page's URL with an action added."""

from __future__ import annotations

from urllib.parse import quote

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

PAGES = 12
TOP = ("about", "bugs", "copyright", "glossary", "license")
NAMESPACES = ("lib", "faq", "howto")
PAGE_ACTIONS = ("edit", "revisions", "backlink")


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body><h1>{title}</h1>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _SitemapWiki(Site):
    """`/doku?id=<ns>:<page>` pages; each page's tools link its sitemap `/doku?do=index&id=…`
    and its recent changes, naming the page. The sitemap is one nested list: the top pages
    (``/doku?id=about``, …), then each namespace (``/doku?id=…&idx=<ns>``), the namespace of
    the page named expanded below its entry (its pages one depth down)."""

    id = "sitemap-wiki"
    kind = "entity-tree"

    def _page(self, title: str, name: str, body: str) -> web.Response:
        q = quote(name)
        tools = (
            '<div id="tools"><ul>'
            '<li><a href="/doku?id=start">Home</a></li>'
            f'<li><a href="/doku?do=index&id={q}">Sitemap</a></li>'
            f'<li><a href="/doku?do=recent&id={q}">Recent changes</a></li>'
            "</ul></div>"
        )
        actions = "".join(f'<li><a href="/doku?do={a}&id={q}">{a}</a></li>' for a in PAGE_ACTIONS)
        page_tools = f'<div id="pagetools"><ul class="actions">{actions}</ul></div>'
        return _html(title, f'{tools}<div id="main">{body}</div>{page_tools}')

    def _sitemap(self, name: str, open_ns: str) -> web.Response:
        items = "".join(
            f'<li class="level1"><div class="li"><a href="/doku?id={t}">{t}</a></div></li>'
            for t in TOP
        )
        for ns in NAMESPACES:
            inner = ""
            if ns == open_ns:
                pages = "".join(
                    f'<li class="level2"><div class="li"><a href="/doku?id={ns}%3Ap{i}">'
                    f"{ns} {i}</a></div></li>"
                    for i in range(1, PAGES + 1)
                )
                inner = f'<ul class="idx">{pages}</ul>'
            href = f"/doku?id={quote(name)}&idx={ns}"
            items += (
                f'<li class="closed"><div class="li"><a href="{href}">{ns}</a></div>{inner}</li>'
            )
        return self._page(
            "Sitemap", name, f'<div id="index__tree"><ul class="idx">{items}</ul></div>'
        )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path != "/doku":
            return web.Response(status=404, text="not found")
        name = request.query.get("id", "")
        ns, _, page = name.partition(":")
        if request.query.get("do") == "index":
            return self._sitemap(name, request.query.get("idx", ns))
        if request.query.get("do") == "recent":
            return self._page("Recent changes", name, "<p>Nothing changed.</p>")
        if request.query.get("do") == "backlink":
            links = "".join(f'<li><a href="/doku?id={ns}%3Ap{i}">{ns} {i}</a></li>' for i in (2, 3))
            return self._page("Backlinks", name, f'<ul class="backlinks">{links}</ul>')
        if request.query.get("do") in PAGE_ACTIONS:
            return self._page(request.query["do"], name, "<form><textarea></textarea></form>")
        if request.query.get("idx") in NAMESPACES:
            return self._sitemap(name, request.query["idx"])
        if name == "start" or name in TOP:
            return self._page(name, name, "<p>A page of the site.</p>")
        if ns in NAMESPACES and page[1:].isdigit() and 1 <= int(page[1:]) <= PAGES:
            return self._page(name, name, f"<p>The text of {name}.</p>")
        return web.Response(status=404, text="no such page")

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}/doku?id=lib%3Ap{i}" for i in range(1, PAGES + 1))
        index = f"{base_url}/doku?do=index&id=lib%3Ap1"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": pages},
            target_type="page",
            seed_entity=pages[0],
            seed_path=(index, pages[0]),
            index_levels=((index,),),
        )


async def test_a_nested_lists_other_depths_lead_down_the_tree() -> None:
    truth, result, downloaded = await serve_and_discover(_SitemapWiki(), height=2)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    # Above the sitemap, its top pages sit in the nested list that leads down to the seed:
    # they are the list's entries at another depth, not pages listing the sitemap.
    top = {f"{truth.base_url}/doku?id={t}" for t in TOP}
    assert not top & set(downloaded), downloaded
    skipped = [t.urls for t in result.trace if t.decision == "skip" and "links below" in t.subject]
    assert any(top <= set(urls) for urls in skipped), result.trace


async def test_a_confirmed_index_pages_one_value_variants_are_not_probed() -> None:
    truth, result, downloaded = await serve_and_discover(_SitemapWiki(), height=1)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    # The seed's sitemap (``?do=index&id=…``) is confirmed as its index page: the seed's other
    # actions vary the same query value of that URL (``?do=edit&id=…``) and are not loaded.
    seed = quote("lib:p1")
    actions = {f"{truth.base_url}/doku?do={a}&id={seed}" for a in PAGE_ACTIONS}
    assert not actions & set(downloaded), downloaded
    assert len(downloaded) <= truth.lower_bound_downloads + 3, downloaded


PACKAGES = ("Dpkg", "Apt", "Grep", "Sed", "Gzip", "Mawk")
URGENCIES = ("Urgency_low", "Urgency_medium", "Urgency_high")
SUITES = ("Uploads_to_sid", "Uploads_to_unstable")
ENTRIES = 6


class _CategoryWiki(Site):
    """`/wiki/<Package>_<n>` entries, each in three categories: its package's, its urgency's
    and its suite's (``/wiki/category/Urgency_low``, ``/wiki/category/Uploads_to_sid``): the main page
    lists every category, each category page its entries."""

    id = "category-wiki"
    kind = "entity-tree"

    @staticmethod
    def _categories(package: str, n: int) -> tuple[str, str, str]:
        return package, URGENCIES[n % len(URGENCIES)], SUITES[n % len(SUITES)]

    def _page(self, title: str, body: str) -> web.Response:
        nav = '<div id="nav"><ul><li><a href="/wiki/Main_Page">Main page</a></li></ul></div>'
        return _html(title, f'{nav}<div id="content">{body}</div>')

    def _entries(self, category: str) -> list[str]:
        return [
            f"{p}_{n}"
            for p in PACKAGES
            for n in range(1, ENTRIES + 1)
            if category in self._categories(p, n)
        ]

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path.startswith("/wiki/category/") and self._entries(request.path[15:]):
            items = "".join(
                f'<li><a href="/wiki/{e}">{e}</a></li>' for e in self._entries(request.path[15:])
            )
            return self._page(
                request.path[15:],
                f'<div id="pages"><div class="group"><ul class="entries">{items}</ul></div></div>',
            )
        title = request.path.removeprefix("/wiki/")
        if title == "Main_Page":
            cats = "".join(
                f'<li><a href="/wiki/category/{c}">{c}</a></li>'
                for c in (*PACKAGES, *URGENCIES, *SUITES)
            )
            return self._page("Main page", f'<ul class="categories">{cats}</ul>')
        package, _, n = title.rpartition("_")
        if package in PACKAGES and n.isdigit() and 1 <= int(n) <= ENTRIES:
            cats = "".join(
                f'<li><a href="/wiki/category/{c}">{c}</a></li>'
                for c in self._categories(package, int(n))
            )
            return self._page(title, f'<p>Changes.</p><div id="catlinks"><ul>{cats}</ul></div>')
        return web.Response(status=404, text="no such page")

    def truth(self, base_url: str) -> SiteTruth:
        entries = tuple(f"{base_url}/wiki/{p}_{n}" for p in PACKAGES for n in range(1, ENTRIES + 1))
        packages = tuple(f"{base_url}/wiki/category/{p}" for p in PACKAGES)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"entry": entries},
            target_type="entry",
            seed_entity=entries[0],
            seed_path=(f"{base_url}/wiki/Main_Page", packages[0], entries[0]),
            index_levels=((f"{base_url}/wiki/Main_Page",), packages),
        )


async def test_an_attributes_values_are_loaded_last_and_by_yield() -> None:
    truth, result, downloaded = await serve_and_discover(_CategoryWiki(), height=2)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    # The categories of one attribute (their names' leading word: Urgency_…, Uploads_to_…)
    # partition the entries the packages' categories list: loaded after those, the first of
    # each not loaded yet adds nothing, and the others are not loaded.
    for names in (URGENCIES, SUITES):
        loaded = [n for n in names if f"{truth.base_url}/wiki/category/{n}" in downloaded]
        assert len(loaded) < len(names), downloaded
    stops = [t for t in result.trace if t.decision == "stop" and "partition" in t.note]
    assert len(stops) == 2, result.trace
    assert len(downloaded) <= truth.lower_bound_downloads + 3, downloaded


COMMANDS = 12
GUIDES = ("tutorial", "workflows", "glossary", "hooks", "revisions", "everyday", "cli", "faq")


class _ManualSite(Site):
    """A manual: `/share/doc/index.html` lists the commands (`/share/doc/cmd-<n>.html`) and,
    below them, the guides (`/share/guides/<guide>.html`, outside its folder), which link to no
    page of the site; each command's page links the index in its header. (Its folders lie
    below `/share/`: a folder just below the site root is not looked for in another one at
    all, `probes.other_section`.)"""

    id = "manual"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path.startswith("/share/guides/"):
            guide = request.path.removeprefix("/share/guides/").removesuffix(".html")
            if guide in GUIDES:
                return _html(guide, "<p>A guide.</p>")
            return web.Response(status=404, text="not found")
        name = request.path.removeprefix("/share/doc/").removesuffix(".html")
        if name == "index":
            commands = "".join(
                f'<dt class="cmd"><a href="cmd-{n}.html">cmd {n}</a></dt><dd>Does {n}.</dd>'
                for n in range(1, COMMANDS + 1)
            )
            guides = "".join(f'<li><a href="../guides/{g}.html">{g}</a></li>' for g in GUIDES)
            body = f'<dl class="commands">{commands}</dl><ul class="guides">{guides}</ul>'
            return _html("Manual", body)
        number = name.removeprefix("cmd-")
        if number.isdigit() and 1 <= int(number) <= COMMANDS:
            header = '<div id="header"><a href="index.html">Manual</a></div>'
            return _html(name, f"{header}<p>What cmd {number} does.</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        commands = tuple(f"{base_url}/share/doc/cmd-{n}.html" for n in range(1, COMMANDS + 1))
        index = f"{base_url}/share/doc/index.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"command": commands},
            target_type="command",
            seed_entity=commands[0],
            seed_path=(index, commands[0]),
            index_levels=((index,),),
        )


async def test_a_list_none_of_whose_pages_links_back_is_not_probed_further() -> None:
    truth, result, downloaded = await serve_and_discover(_ManualSite(), height=2)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    # Above the seed, the index's guides link back to it not at all: after three of them,
    # the others are not probed.
    guides = [g for g in GUIDES if f"{truth.base_url}/share/guides/{g}.html" in downloaded]
    assert len(guides) == 3, downloaded
    skipped = [t for t in result.trace if t.decision == "skip" and "none links back" in t.note]
    assert skipped, result.trace
