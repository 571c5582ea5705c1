"""SSUP on a site whose queries separate their parameters with ';' (as CGI programs such as
gitweb write them: ``/?p=repo;a=log;pg=2``): a commit log paged by ``;pg=N``, sorted three ways,
each row linking its commit and the commit's diff. Read as ';'-separated parameters, the log's
pager is one family and its sort orders views of it; read as one value (``p``), every link of
the site is one family."""

from __future__ import annotations

from urllib.parse import parse_qsl

from aiohttp import web

from siteseer.algorithms import ssup
from siteseer.algorithms.features.url import query_pairs
from siteseer.algorithms.features.urlshape import refines, seed_template
from siteseer.algorithms.ssup.yields import family_of
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

COMMITS = 45  # commits 1 (oldest) … 45 (newest)
PAGE = 10  # commits to a log page
SORTS = ("age", "author", "name")


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body><h1>{title}</h1>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _SemicolonSite(Site):
    """`/?p=repo;a=log[;o=<sort>][;pg=N]` lists the commits (newest first, or by a sort order),
    PAGE a page, each row linking `/?p=repo;a=commit;h=<n>` and its diff; a commit's page links
    the log and its parent."""

    id = "semicolons"
    kind = "entity-tree"

    @staticmethod
    def _tabs() -> str:
        return '<div class="tabs"><a href="/?p=repo;a=log">log</a> <a href="/?p=repo;a=tree">tree</a></div>'

    def _log(self, query: dict[str, str]) -> web.Response:
        order = list(range(COMMITS, 0, -1))
        sort = query.get("o", "")
        if sort:
            order.sort(key=lambda n: (hash((sort, n)) % 97, n))
        page = int(query.get("pg", "0"))
        rows = "".join(
            f'<tr><td><a href="/?p=repo;a=commit;h={n}">commit {n}</a></td>'
            f'<td class="link"><a href="/?p=repo;a=commitdiff;h={n}">diff</a></td></tr>'
            for n in order[page * PAGE : (page + 1) * PAGE]
        )
        own = f";o={sort}" if sort else ""
        sorts = "".join(f'<a href="/?p=repo;a=log;o={s}">{s}</a> ' for s in SORTS if s != sort)
        pager = ""
        if (page + 1) * PAGE < COMMITS:
            pager = f'<a href="/?p=repo;a=log{own};pg={page + 1}">next</a>'
        return _html(
            "log",
            f'{self._tabs()}<div class="sorts">{sorts}</div><table class="log">{rows}</table>'
            f'<div class="pager">{pager}</div>',
        )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path != "/":
            return web.Response(status=404, text="not found")
        query = dict(parse_qsl(request.query_string.replace(";", "&")))
        action, number = query.get("a", ""), query.get("h", "")
        if query.get("p") != "repo":
            return web.Response(status=404, text="no such project")
        if action == "log":
            return self._log(query)
        if action in ("commit", "commitdiff") and number.isdigit():
            n = int(number)
            if 1 <= n <= COMMITS:
                parent = f'<p>parent <a href="/?p=repo;a=commit;h={n - 1}">{n - 1}</a></p>'
                return _html(f"{action} {n}", self._tabs() + (parent if n > 1 else ""))
        if action == "tree":
            return _html("tree", self._tabs() + "<p>No files.</p>")
        return web.Response(status=404, text="no such action")

    def truth(self, base_url: str) -> SiteTruth:
        commits = tuple(f"{base_url}/?p=repo;a=commit;h={n}" for n in range(COMMITS, 0, -1))
        log = f"{base_url}/?p=repo;a=log"
        pages = (log, *(f"{log};pg={k}" for k in range(1, -(-COMMITS // PAGE))))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"commit": commits},
            target_type="commit",
            seed_entity=commits[0],
            seed_path=(pages[0], commits[0]),
            index_levels=(pages,),
        )


def test_a_semicolon_separated_query_is_read_as_its_parameters() -> None:
    log = "http://h/?p=repo;a=log"
    assert query_pairs("p=repo;a=log;pg=2") == [("p", "repo"), ("a", "log"), ("pg", "2")]
    assert refines(log, f"{log};pg=2")  # its page 2, not another project's page
    assert family_of(log, f"{log};pg=2") == ("http://h/?a=log&p=repo&pg=*", ("2",))
    template = seed_template("http://h/?p=repo;a=commit;h=45")
    assert template is not None and template.matches("http://h/?p=repo;a=commit;h=7")
    assert not template.matches("http://h/?p=repo;a=commitdiff;h=7")


async def test_ssup_pages_a_semicolon_separated_list_and_leaves_its_sort_orders() -> None:
    async with LabServer([_SemicolonSite()]) as server:
        truth = server.truth("semicolons")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await ssup(session, truth.seed_entity, height=1)
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    # The log's pages and the seed; its sort orders are views of the list paged to its end,
    # not loaded, and neither is a diff or a commit as a page of the list.
    assert result.cost.downloads <= truth.lower_bound_downloads + 3
    skipped = [t.subject for t in result.trace if t.step == "pagination" and "view" in t.note]
    assert any(";o=" in s or "o=*" in s for s in skipped), skipped
