"""`explore` on a site served by one script whose every address is its own with a query of
";"-separated parameters (as gitweb writes), against the lab's truth."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore, find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

COMMITS = 45
PER_PAGE = 20
PROJECTS = ("tools.git", "core.git")


def _html(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


def _hash(n: int) -> str:
    return f"{n * 7919:040x}"


class _ScriptSite(Site):
    """A repository browser at ``/``: the home page lists the projects, each with its summary,
    log and tree (``/?p=core.git;a=log``); a log lists twenty commits a page, newest first, each
    with its ``a=commit`` link and its ``a=commitdiff`` and ``a=tree`` links beside it, and a
    "next" link (``;pg=1``). The entities: core.git's commits."""

    id = "script-site"
    kind = "entity-tree"

    def _log(self, project: str, page: int) -> web.Response:
        shown = list(range(COMMITS, 0, -1))[page * PER_PAGE : (page + 1) * PER_PAGE]
        items = "".join(
            f'<div class="title"><a href="/?p={project};a=commit;h={_hash(n)}">Commit {n}</a>'
            f'</div><div class="log_link"><a href="/?p={project};a=commit;h={_hash(n)}">commit'
            f'</a> | <a href="/?p={project};a=commitdiff;h={_hash(n)}">commitdiff</a> | '
            f'<a href="/?p={project};a=tree;h={_hash(n)};hb={_hash(n)}">tree</a></div>'
            for n in shown
        )
        more = (page + 1) * PER_PAGE < COMMITS
        pager = f'<a href="/?p={project};a=log;pg={page + 1}">next</a>' if more else "next"
        return _html(f"<h1>{project}</h1>{items}<div class='page_nav'>{pager}</div>")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path != "/":
            return web.Response(status=404, text="not found")
        params = dict(p.split("=", 1) for p in request.query_string.split(";") if "=" in p)
        project, action = params.get("p"), params.get("a")
        if project is None:
            rows = "".join(
                f'<tr><td><a href="/?p={p};a=summary">{p}</a></td><td>'
                f'<a href="/?p={p};a=summary">summary</a> | <a href="/?p={p};a=log">log</a> | '
                f'<a href="/?p={p};a=tree">tree</a></td></tr>'
                for p in PROJECTS
            )
            return _html(f'<table class="project_list">{rows}</table>')
        if project not in PROJECTS:
            return web.Response(status=404, text="no such project")
        if action == "log":
            page = params.get("pg", "0")
            return self._log(project, int(page) if page.isdigit() else 0)
        if action in ("summary", "tree"):
            return _html(f"<h1>{project}</h1><p>Its {action}.</p>")
        if action in ("commit", "commitdiff"):
            return _html(f"<h1>{action} {params.get('h')}</h1>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        commits = tuple(
            f"{base_url}/?p=core.git;a=commit;h={_hash(n)}" for n in range(COMMITS, 0, -1)
        )
        log = f"{base_url}/?p=core.git;a=log"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"commit": commits},
            target_type="commit",
            seed_entity=commits[0],
            seed_path=(log, commits[0]),
            index_levels=((log,),),
        )


async def test_a_scripts_pages_are_lists_and_a_commits_views_are_not_commits() -> None:
    async with LabServer([_ScriptSite()]) as server:
        truth = server.truth("script-site")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            # the home page's links add a query to its address: other pages of the script
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
            assert entry.found and entry.url == truth.seed_path[0]
            result = await explore(session, entry.url, entity_sample=truth.seed_entity)
    # every page of the log; a commit's diff and tree are views of it, no commits
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0


WORDS = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa")


class _WordWiki(Site):
    """A wiki whose pages are named by words in one parameter (``/doku.php?id=lib:alpha``):
    its start page lists them all. The parameter names pages, it picks no view of one."""

    id = "word-wiki"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        page = request.query.get("id", "start")
        if request.path != "/doku.php":
            return web.Response(status=404, text="not found")
        if page == "start":
            items = "".join(f'<li><a href="/doku.php?id=lib:{w}">{w}</a></li>' for w in WORDS)
            return _html(f'<div class="page"><ul class="index">{items}</ul></div>')
        if page.startswith("lib:") and page[4:] in WORDS:
            return _html(f"<h1>{page}</h1><p>About {page[4:]}.</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}/doku.php?id=lib%3A{w}" for w in WORDS)
        start = f"{base_url}/doku.php?id=start"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": pages},
            target_type="page",
            seed_entity=pages[0],
            seed_path=(start, pages[0]),
            index_levels=((start,),),
        )


async def test_a_parameter_of_words_that_names_pages_is_no_view() -> None:
    async with LabServer([_WordWiki()]) as server:
        truth = server.truth("word-wiki")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(session, truth.seed_path[0], entity_sample=truth.seed_entity)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
