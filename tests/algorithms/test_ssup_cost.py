"""SSUP's downloads against the lab's truth: a wiki whose every page carries its own tools
(history, edit form, permanent link, a login link returning to it) and links to pages that do
not exist, and an issue tracker whose list is linked only from the sidebar every page carries."""

from __future__ import annotations

from urllib.parse import parse_qsl, quote

from aiohttp import web
from ssup_runs import ssup_counting

from siteseer.lab import LabServer, Site, SiteTruth, set_scores

CATEGORIES = 4
ARTICLES = 10
ISSUES = 30


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body><h1>{title}</h1>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _WikiSite(Site):
    """A wiki: `/w/Main_Page` lists the categories, each category page its articles. Every
    page's sidebar links the main page, the help page, then its own tools: through
    ``/w?title=<its title>&…`` (its history, its edit form, a permanent link to its current
    revision, a login page returning to it), what links to it
    (``/w/Special:WhatLinksHere/<its title>``, not written: 404) and its talk page (404)."""

    id = "wiki"
    kind = "entity-tree"

    @staticmethod
    def _article(k: int, i: int) -> str:
        return f"Article_{k}_{i}"

    def _page(self, title: str, body: str) -> web.Response:
        q = quote(title)
        # The sidebar: the site's pages, then the page's own tools, in one list.
        sidebar = (
            '<div id="sidebar"><ul><li><a href="/w/Main_Page">Main page</a></li>'
            '<li><a href="/w/Help">Help</a></li>'
            f'<li><a href="/w?title={q}&action=history">History</a></li>'
            f'<li><a href="/w?title={q}&action=edit">Edit</a></li>'
            f'<li><a href="/w?title={q}&oldid=7">Permanent link</a></li>'
            f'<li><a href="/w/Special:WhatLinksHere/{q}">What links here</a></li>'
            f'<li><a href="/w?title=Login&returnto={q}">Log in</a></li>'
            f'<li><a href="/w?title=Talk:{q}&action=edit&redlink=1">Discussion</a></li>'
            "</ul></div>"
        )
        return _html(title, f'<div id="content">{body}</div>{sidebar}')

    def _list(self, title: str, links: list[tuple[str, str]]) -> web.Response:
        items = "".join(f'<li><a href="/w/{u}">{t}</a></li>' for u, t in links)
        return self._page(title, f'<div class="list"><ul>{items}</ul></div>')

    def _show(self, title: str) -> web.Response | None:
        if title == "Main_Page":
            cats = [(f"Category:C{k}", f"Category C{k}") for k in range(1, CATEGORIES + 1)]
            return self._list(title, cats)
        if title.startswith("Category:C") and title[10:].isdigit():
            k = int(title[10:])
            if 1 <= k <= CATEGORIES:
                arts = [(self._article(k, i), f"Article {k}.{i}") for i in range(1, ARTICLES + 1)]
                return self._list(title, arts)
        parts = title.split("_")
        if len(parts) == 3 and parts[0] == "Article" and all(p.isdigit() for p in parts[1:]):
            k, i = int(parts[1]), int(parts[2])
            if 1 <= k <= CATEGORIES and 1 <= i <= ARTICLES:
                body = (
                    f"<p>The text of article {k}.{i}.</p>"
                    f'<div id="catlinks"><a href="/w/Category:C{k}">C{k}</a></div>'
                )
                return self._page(title, body)
        if title == "Help":
            return self._page(title, "<p>How to read this wiki.</p>")
        return None

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path.startswith("/w/"):
            shown = self._show(request.path[3:])
            return shown if shown is not None else web.Response(status=404, text="no such page")
        if request.path == "/w":
            query = dict(parse_qsl(request.query_string))
            title = query.get("title", "")
            if title == "Login":
                return self._page("Log in", "<form><input name='user'></form>")
            if query.get("oldid"):
                return self._show(title) or web.Response(status=404, text="no such page")
            if self._show(title) is None:
                return web.Response(status=404, text="no such page")
            if query.get("action") == "history":
                revs = f'<ul><li><a href="/w?title={quote(title)}&oldid=7">rev 7</a></li></ul>'
                return self._page(f"History of {title}", revs)
            if query.get("action") == "edit":
                return self._page(f"Editing {title}", "<form><textarea></textarea></form>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        articles = tuple(
            f"{base_url}/w/{self._article(k, i)}"
            for k in range(1, CATEGORIES + 1)
            for i in range(1, ARTICLES + 1)
        )
        cats = tuple(f"{base_url}/w/Category:C{k}" for k in range(1, CATEGORIES + 1))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"article": articles},
            target_type="article",
            seed_entity=articles[0],
            seed_path=(f"{base_url}/w/Main_Page", cats[0], articles[0]),
            index_levels=((f"{base_url}/w/Main_Page",), cats),
        )


class _TrackerSite(Site):
    """An issue tracker: `/t/issues?…` lists the bugs (`/t/bug<n>`); every page carries a
    sidebar linking the home page, that list, the open bugs, the tasks, the users, the help and
    the login page, and the milestones with the columns the page shows (fewer on the home page:
    an entry that differs by page); a bug's page links its first message. Nothing but the sidebar links a bug to its
    list, and the sidebar's lists share the bug list's URL terms (``/t/…?columns=…&sort=…``)."""

    id = "tracker"
    kind = "entity-tree"
    _QUERY = "?columns=id,title,status&size=50&sort=-activity"
    _SIDEBAR = (
        ("/", "Home"),
        (f"/t/issues{_QUERY}", "All bugs"),
        (f"/t/issues{_QUERY}&status=open", "Open bugs"),
        (f"/t/tasks{_QUERY}", "All tasks"),
        ("/t/users", "Users"),
        ("/t/help", "Help"),
        ("/t/login", "Log in"),
    )

    def _page(self, title: str, body: str, columns: str = "id,title,status") -> web.Response:
        # The sidebar's last entry carries the columns the page shows (the home page: fewer).
        milestones = f"/t/milestones?columns={columns}&size=50&sort=-activity"
        sidebar = (*self._SIDEBAR, (milestones, "Milestones"))
        items = "".join(f'<li><a href="{u}">{t}</a></li>' for u, t in sidebar)
        return _html(title, f'<div id="sidebar"><ul>{items}</ul></div><div id="main">{body}</div>')

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/t/issues", "/t/tasks", "/t/milestones"):
            kind = "bug" if path == "/t/issues" else path[3:-1]
            shown = range(1, ISSUES + 1, 2 if request.query.get("status") else 1)
            rows = "".join(
                f'<tr><td><a href="/t/{kind}{n}">{kind} {n}</a></td><td>open</td></tr>'
                for n in shown
            )
            return self._page(kind, f'<table class="issues">{rows}</table>')
        for kind in ("bug", "task", "milestone", "msg"):
            number = path.removeprefix(f"/t/{kind}")
            if number != path and number.isdigit() and 1 <= int(number) <= ISSUES:
                link = f'<p><a href="/t/msg{number}">First message</a></p>' if kind == "bug" else ""
                return self._page(f"{kind} {number}", link or "<p>A message.</p>")
        if path == "/":
            return self._page("Home", "<p>Welcome.</p>", "id,title")
        if path in ("/t/users", "/t/help", "/t/login"):
            return self._page(path, "<p>Nothing listed here.</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        bugs = tuple(f"{base_url}/t/bug{n}" for n in range(1, ISSUES + 1))
        index = f"{base_url}/t/issues{self._QUERY}"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"bug": bugs},
            target_type="bug",
            seed_entity=bugs[0],
            seed_path=(index, bugs[0]),
            index_levels=((index,),),
        )


async def _discover(
    truth: SiteTruth, height: int
) -> tuple[float, int, list[str], list[tuple[str, str, str, str]]]:
    result, downloaded = await ssup_counting(truth.seed_entity, height=height)
    assert result.complete, result.reason
    trace = [(t.step, t.decision, t.subject, t.note) for t in result.trace]
    f1 = set_scores(result.entities, truth.target_entities).f1
    return f1, result.cost.downloads, downloaded, trace


async def test_a_pages_own_tools_are_no_pages_of_its_list() -> None:
    async with LabServer([_WikiSite()]) as server:
        truth = server.truth("wiki")
        f1, downloads, downloaded, trace = await _discover(truth, height=2)
    assert f1 == 1.0
    # The lists, and a talk page (missing) per step at most.
    assert downloads <= 2 * truth.lower_bound_downloads, downloaded
    # No tool of a page is loaded (its history, edit form, permanent link, login page): they
    # name the page they are on; the talk pages (missing) stop their family at the first.
    assert not [u for u in downloaded if "/w?" in u and "Talk" not in u], downloaded
    skipped = [s for step, decision, s, _ in trace if decision == "skip" and "tools of" in s]
    assert skipped, trace
    unavailable = [
        s for step, _, s, note in trace if step == "pagination" and "unavailable" in note
    ]
    assert len(unavailable) <= 2, trace


async def test_the_full_probe_stops_at_the_index_page_it_confirms() -> None:
    async with LabServer([_TrackerSite()]) as server:
        truth = server.truth("tracker")
        f1, _, downloaded, trace = await _discover(truth, height=1)
    assert f1 == 1.0
    # The seed, its two candidates with a list of their own (the home page, its first message)
    # and the list: the sidebar's pages after the list are not probed, as it confirmed the
    # index page.
    assert len(downloaded) <= truth.lower_bound_downloads + 2, downloaded
    assert not {f"{truth.base_url}/t/{u}" for u in ("users", "help", "login")} & set(downloaded)
    assert any("the full probe stopped at the index page" in note for _, _, _, note in trace), trace


async def test_a_list_below_the_site_navigation_is_the_root() -> None:
    async with LabServer([_TrackerSite()]) as server:
        truth = server.truth("tracker")
        f1, _, downloaded, trace = await _discover(truth, height=2)
    assert f1 == 1.0
    # Above the list, every page links to it through the sidebar only (one entry of which
    # varies by page): the list is the root, and the sidebar's pages are not loaded to climb.
    assert len(downloaded) <= truth.lower_bound_downloads + 2, downloaded
    assert any(
        "site navigation only" in note for step, _, _, note in trace if step == "sample-path"
    ), trace
