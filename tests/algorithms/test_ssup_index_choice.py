"""SSUP's choice of index page and level on sites shaped like real applications: a git browser
whose repository summary mixes a few commits with its branches and tags (the commit log lists
them all, linked from the commit page's tabs alone), and a blog whose posts are listed by the
paged home page and by a page per tag (each entry links back to its tags)."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.algorithms import gpp
from siteseer.algorithms.ssup.verdicts import value_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores
from siteseer.render import Link, Snapshot

COMMITS = 40  # commits 1 (oldest) … 40 (newest) of the repository "alpha"
OTHER = 6  # commits of the repository "beta", another type
LOG_PAGE = 15  # commits to a log page
SUMMARY = 6  # the summary's tags and last commits


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body><h1>{title}</h1>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _GitSite(Site):
    """Repositories `alpha` and `beta`, at cgit's URLs: a summary (/alpha/: one table holding
    the branch, the newest tags with their commits and the last commits), a log (/alpha/log/,
    paged by ?ofs=), commit pages (/alpha/commit/?id=N) and their tree and diff views. Every
    page of a repository carries its tabs (summary, log, tree, commit, diff), the views with the
    commit's id."""

    id = "git"
    kind = "entity-tree"

    @staticmethod
    def _tabs(repo: str, sha: str = "") -> str:
        q = f"?id={sha}" if sha else ""
        tabs = [("summary", f"/{repo}/"), ("log", f"/{repo}/log/")]
        tabs += [(t, f"/{repo}/{t}/{q}") for t in ("tree", "commit", "diff")]
        return (
            '<table class="tabs"><tr>'
            + "".join(f'<td><a href="{href}">{name}</a></td>' for name, href in tabs)
            + "</tr></table>"
        )

    @staticmethod
    def _count(repo: str) -> int:
        return COMMITS if repo == "alpha" else OTHER

    def _summary(self, repo: str) -> str:
        newest = range(self._count(repo), max(0, self._count(repo) - SUMMARY), -1)
        # The tags' table lists the seed (the commit tagged 3rd newest by date, 10th by history).
        tagged = [self._count(repo) - 9, *newest][:SUMMARY]
        rows = [f'<tr><td><a href="/{repo}/log/">master</a></td><td>branch</td></tr>']
        rows += [
            f'<tr><td><a href="/{repo}/tag/?h=v{n}">v{n}</a></td>'
            f'<td><a href="/{repo}/commit/?id={n}">commit {n}</a></td></tr>'
            for n in tagged
        ]
        rows += [
            f'<tr><td><a href="/{repo}/commit/?id={n}">change {n}</a></td></tr>' for n in newest
        ]
        return (
            f'<div class="content"><table class="list" summary="info">{"".join(rows)}</table></div>'
        )

    def _log(self, repo: str, offset: int) -> str:
        first = self._count(repo) - offset
        numbers = range(first, max(0, first - LOG_PAGE), -1)
        rows = "".join(
            f'<tr><td><a href="/{repo}/commit/?id={n}">change {n}</a></td></tr>' for n in numbers
        )
        pager = ""
        if offset + LOG_PAGE < self._count(repo):
            pager = f'<ul class="pager"><li><a href="/{repo}/log/?ofs={offset + LOG_PAGE}">next</a></li></ul>'
        return f'<div class="content"><table class="list">{rows}</table>{pager}</div>'

    async def handle(self, request: web.Request) -> web.StreamResponse:
        parts = [p for p in request.path.split("/") if p]
        if not parts:
            items = "".join(f'<li><a href="/{r}/">{r}</a></li>' for r in ("alpha", "beta"))
            return _html("Repositories", f'<ul class="repos">{items}</ul>')
        repo, view = parts[0], parts[1] if len(parts) > 1 else ""
        if repo not in ("alpha", "beta") or len(parts) > 2:
            return web.Response(status=404)
        sha = request.query.get("id", "")
        crumbs = f'<p class="crumbs"><a href="/">index</a> <a href="/{repo}/">{repo}</a></p>'
        head = crumbs + self._tabs(repo, sha)
        if view == "":
            return _html(repo, head + self._summary(repo))
        if view == "log":
            return _html(f"{repo} log", head + self._log(repo, int(request.query.get("ofs", "0"))))
        if view == "tag":
            return _html(request.query.get("h", ""), head + "<p>A tag.</p>")
        n = int(sha) if sha.isdigit() else self._count(repo)
        if not 1 <= n <= self._count(repo):
            return web.Response(status=404)
        if view == "commit":
            parent = f'<a href="/{repo}/commit/?id={n - 1}">parent {n - 1}</a>' if n > 1 else ""
            views = (
                f'<a href="/{repo}/tree/?id={n}">tree</a> <a href="/{repo}/diff/?id={n}">diff</a>'
            )
            body = (
                f'<div class="commit"><p>{views}</p><p>{parent}</p><pre>The change {n}.</pre></div>'
            )
            return _html(f"{repo} commit {n}", head + body)
        if view in ("tree", "diff"):
            return _html(f"{repo} {view} {n}", head + f"<pre>The {view} of {n}.</pre>")
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        def commits(repo: str) -> tuple[str, ...]:
            return tuple(
                f"{base_url}/{repo}/commit/?id={n}" for n in range(self._count(repo), 0, -1)
            )

        alpha = commits("alpha")
        pages = [f"{base_url}/alpha/log/"]
        pages += [f"{base_url}/alpha/log/?ofs={k}" for k in range(LOG_PAGE, COMMITS, LOG_PAGE)]
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"alpha": alpha, "beta": commits("beta")},
            target_type="alpha",
            seed_entity=f"{base_url}/alpha/commit/?id={COMMITS - 9}",
            index_levels=(tuple(pages),),
        )


PACKAGES = ("dpkg", "apt", "sed", "grep")
POSTS = 40  # post k (1 = oldest) is of year 2004 + (k - 1) // 8, tagged PACKAGES[k % 4]
HOME_PAGE = 5  # posts to a page of the home list
OLD = 2006  # posts of the years before have neither tags nor an "older" link


def _year(k: int) -> int:
    return 2004 + (k - 1) // 8


def _post(k: int) -> str:
    return f"/{_year(k)}/{(k - 1) % 8 + 1:02d}/upload-{k}/"


class _BlogSite(Site):
    """A blog of `POSTS` posts at /<year>/<month>/<slug>/, eight a year, the newest first on the
    home page, `HOME_PAGE` a page (/page/2/ …, the pager's items built like the entries');
    each post has a tag (a package), whose page /tags/<package>/ lists its posts, each entry
    with its tag's link. The posts of the years before `OLD` are built otherwise."""

    id = "blog"
    kind = "entity-tree"

    @staticmethod
    def _entries(numbers: list[int]) -> str:
        return "".join(
            f'<li class="post"><a class="title" href="{_post(k)}">post {k}</a>'
            f'<span class="tags"><a href="/tags/{PACKAGES[k % 4]}/">{PACKAGES[k % 4]}</a>'
            "</span></li>"
            for k in numbers
        )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        menu = '<header><nav><a href="/">Home</a> <a href="/tags/">Tags</a></nav></header>'
        path = request.path
        newest = list(range(POSTS, 0, -1))
        if path == "/" or (path.startswith("/page/") and path[6:].rstrip("/").isdigit()):
            page = 1 if path == "/" else int(path[6:].rstrip("/"))
            last = -(-POSTS // HOME_PAGE)
            if not 1 <= page <= last:
                return web.Response(status=404)
            shown = newest[(page - 1) * HOME_PAGE : page * HOME_PAGE]
            pager = "".join(
                f'<li class="item"><a href="{"/" if n == 1 else f"/page/{n}/"}">{n}</a></li>'
                for n in range(1, last + 1)
                if n != page
            )
            body = f'<main><ul class="posts">{self._entries(shown)}</ul>'
            body += f'<ul class="pager">{pager}</ul></main>'
            return _html("Posts", menu + body)
        if path == "/tags/":
            items = "".join(f'<li><a href="/tags/{p}/">{p}</a></li>' for p in PACKAGES)
            return _html("Tags", menu + f'<main><ul class="terms">{items}</ul></main>')
        if path.startswith("/tags/") and path[6:].rstrip("/") in PACKAGES:
            term = path[6:].rstrip("/")
            shown = [k for k in newest if PACKAGES[k % 4] == term]
            return _html(term, menu + f'<main><ul class="posts">{self._entries(shown)}</ul></main>')
        for k in newest:
            if path == _post(k):
                tag = PACKAGES[k % 4]
                body = f"<p>The upload {k}.</p>"
                if _year(k) >= OLD:
                    body = f'<p class="tags"><a href="/tags/{tag}/">{tag}</a></p>{body}'
                    body += f'<nav class="older"><a href="{_post(k - 1)}">older</a></nav>'
                return _html(f"post {k}", menu + f"<article>{body}</article>")
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        pages = [f"{base_url}/"]
        pages += [f"{base_url}/page/{n}/" for n in range(2, -(-POSTS // HOME_PAGE) + 1)]
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"post": tuple(base_url + _post(k) for k in range(POSTS, 0, -1))},
            target_type="post",
            seed_entity=base_url + _post(POSTS - 1),
            index_levels=(tuple(pages),),
        )


async def test_a_summary_mixing_the_entities_with_other_kinds_confirms_no_index_page() -> None:
    truth, result, _ = await serve_and_discover(_GitSite(), height=2)
    scores = set_scores(result.entities, truth.target_entities)
    # Without the rule the summary (/alpha/, an ancestor by URL) was confirmed and settled the
    # rest: 7 commits of 40, and the climb above it grouped both repositories (F1 0.2).
    assert scores.f1 == 1.0, scores
    assert result.sample_path == (truth.index_levels[0][0], truth.seed_entity)
    assert {u for level in result.index_pages for u in level} == set(truth.index_levels[0])
    fallback = [e for e in result.trace if e.step == "top-index" and e.decision == "fallback"]
    assert fallback and "mostly of other URL templates" in fallback[0].note
    assert truth.index_levels[0][0] in fallback[0].urls  # the log, linked from the tabs alone


async def test_a_page_of_a_value_the_entries_share_is_taken_after_the_list_of_all() -> None:
    truth, result, _ = await serve_and_discover(_BlogSite(), height=2)
    scores = set_scores(result.entities, truth.target_entities)
    # The tag page lists the seed's tag's 10 posts on one page, the home page 5: it weighs more.
    # Without the rule the climb took it, then /tags/ above it (F1 0.4).
    assert scores.f1 == 1.0, scores
    assert result.sample_path == (truth.base_url + "/", truth.seed_entity)
    tag = truth.base_url + "/tags/grep/"
    noted = [e for e in result.trace if e.step == "top-index" and e.subject == tag]
    assert noted and "a page of a value its entries share" in noted[0].note
    home = next(e for e in result.trace if e.decision == "keep" and e.step == "top-index")
    assert home.subject == truth.base_url + "/"
    assert dict(noted[0].values)["weight"] > dict(home.values)["weight"]


async def test_a_pager_built_like_the_entries_pages_the_home_page() -> None:
    # The home page's pager items are <li> as its entries are (one link DOM path), and the home
    # page's URL has no term to share with /page/2/: without the rule the level was its first
    # page alone (F1 0.22).
    truth, result, _ = await serve_and_discover(_BlogSite(), height=2)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    assert set(result.index_pages[0]) == set(truth.index_levels[0])
    kept = [e for e in result.trace if e.step == "pagination" and e.decision == "keep"]
    assert kept and kept[0].subject == truth.base_url + "/page/2/"


async def test_a_number_the_best_group_shares_stands_for_any_number() -> None:
    # The best group is the seed's year's posts (2008/*/…), their pages all alike (minsim_html
    # 1.0); the posts of the years before 2006 are built otherwise. Without the rule the
    # template was 2008/*/* and the first older group failed the HTML test (F1 0.33).
    truth, result, _ = await serve_and_discover(_BlogSite(), height=2)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    mates = [
        u
        for e in result.trace
        if e.step == "same-level" and "URL template" in e.subject
        for u in e.urls
    ]
    old = {u for u in truth.target_entities if int(u.split("/")[3]) < OLD}
    assert old and old <= set(mates)


def _link(url: str, text: str, path: str) -> Link:
    return Link(url, text, path, path, path)


def test_a_value_page_is_told_by_the_entries_links_back_with_the_seeds_text() -> None:
    entry, tag = "html/body/ul/li/a", "html/body/ul/li/span/a"
    posts = [f"http://h/p/{k}" for k in range(4)]
    page = Snapshot(
        url="http://h/tags/x",
        final_url="http://h/tags/x",
        status=200,
        html="",
        links=tuple(
            link for p in posts for link in (_link(p, p, entry), _link("http://h/tags/x", "x", tag))
        ),
    )
    seed = Snapshot(
        url=posts[0],
        final_url=posts[0],
        status=200,
        html="",
        links=(_link("http://h/tags/x", "x", "html/body/p/a"),),
    )
    assert value_page(page, seed, entry, "tags")
    # The same list with a "top" anchor per entry (#top: the page's own URL) is none.
    other = Snapshot(
        url=page.url,
        final_url=page.url,
        status=200,
        html="",
        links=tuple(
            link
            for p in posts
            for link in (_link(p, p, entry), _link("http://h/tags/x", "top", tag))
        ),
    )
    assert not value_page(other, seed, entry, "tags")


async def test_gpp_takes_no_summary_mixing_the_entities_with_other_kinds_as_their_list() -> None:
    # GPP's search for the seed's list stopped at the first page listing it in 10 links or more:
    # the summary's table (13 links, 7 commits). A list mostly of other URL templates counts as
    # none, so the search goes one level deeper, to the log (15 commits a page, paged by ?ofs=).
    # Growing from the repositories' index reaches the other repository's commits too.
    async with LabServer([_GitSite()]) as server:
        truth = server.truth("git")
        async with Session(SessionConfig(render="always", cache=None)) as session:
            result = await gpp(session, truth.seed_entity)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.recall == 1.0, scores
    assert truth.index_levels[0][0] in result.sample_path
    assert set(truth.index_levels[0]) <= {u for level in result.index_pages for u in level}
