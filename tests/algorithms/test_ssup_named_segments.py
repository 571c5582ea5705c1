"""SSUP on a question list whose state is spelled in its path, a segment per parameter
(``/questions/scope:all/sort:votes-desc/tags:gui/page:2/``), as a forum writes its scopes,
sort orders, tag filters and pages: the list's first page ``/questions/`` leaves them to
defaults its links spell out, and its pager is the family that varies ``page:`` alone."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.algorithms.ssup.yields import family_of, spelled_defaults
from siteseer.lab import Site, SiteTruth, set_scores

QUESTIONS = 100  # question k (1 = oldest) tagged TAGS[k % 4]
TAGS = ("general", "library", "gui", "windows")
SORTS = ("activity-desc", "activity-asc", "age-desc", "votes-desc", "answers-desc")
PAGE = 15  # questions to a page of the list


def _question(k: int) -> str:
    return f"/question/{k}/how-to-{k}/"


def _list(sort: str = "activity-desc", page: int = 1, tag: str = "", scope: str = "all") -> str:
    tags = f"tags:{tag}/" if tag else ""
    return f"/questions/scope:{scope}/sort:{sort}/{tags}page:{page}/"


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _QuestionList(Site):
    """`QUESTIONS` questions; the list shows `PAGE` a page, in each sort order, scope and tag
    filter; every list page links the sort orders, the scopes, the tags and its pager."""

    id = "named-segments"
    kind = "entity-tree"

    @staticmethod
    def _order(sort: str, tag: str, scope: str) -> list[int]:
        numbers = [k for k in range(1, QUESTIONS + 1) if not tag or TAGS[k % 4] == tag]
        if scope == "unanswered":
            numbers = [k for k in numbers if k % 5 == 0]
        keys = {
            "activity-desc": lambda k: -k,
            "activity-asc": lambda k: k,
            "age-desc": lambda k: -k,
            "votes-desc": lambda k: (k * 7) % QUESTIONS,
            "answers-desc": lambda k: (k * 11) % QUESTIONS,
        }
        return sorted(numbers, key=keys[sort])

    def _list_page(self, sort: str, page: int, tag: str, scope: str) -> web.Response:
        numbers = self._order(sort, tag, scope)
        last = max(1, -(-len(numbers) // PAGE))
        if not 1 <= page <= last:
            return web.Response(status=404)
        shown = numbers[(page - 1) * PAGE : page * PAGE]
        rows = "".join(
            f'<div class="q"><h2><a href="{_question(k)}">How to {k}?</a></h2>'
            f'<ul class="tags"><li><a href="{_list(tag=TAGS[k % 4])}">{TAGS[k % 4]}</a></li>'
            "</ul></div>"
            for k in shown
        )
        sorts = "".join(
            f'<li><a href="{_list(s, 1, tag, scope)}">{s}</a></li>' for s in SORTS if s != sort
        )
        scopes = "".join(
            f'<li><a href="{_list(sort, 1, tag, s)}">{s}</a></li>'
            for s in ("all", "unanswered")
            if s != scope
        )
        tags = "".join(f'<li><a href="{_list(sort, 1, t, scope)}">{t}</a></li>' for t in TAGS)
        pager = "".join(
            f'<li><a href="{_list(sort, n, tag, scope)}">{n}</a></li>'
            for n in range(1, last + 1)
            if n != page
        )
        if page < last:
            pager += f'<li><a href="{_list(sort, page + 1, tag, scope)}">next</a></li>'
        body = (
            f'<ul class="sorts">{sorts}</ul><ul class="scopes">{scopes}</ul>'
            f'<div class="list">{rows}</div><ul class="pager">{pager}</ul>'
            f'<ul class="tagcloud">{tags}</ul>'
        )
        return _html("Questions", self._menu() + body)

    @staticmethod
    def _menu() -> str:
        return '<div class="menu"><a href="/questions/">Questions</a> <a href="/about/">About</a></div>'

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/questions/":
            return self._list_page("activity-desc", 1, "", "all")
        if path.startswith("/questions/"):
            named = dict(s.split(":", 1) for s in path.split("/")[2:] if s and ":" in s)
            sort, scope = named.get("sort", "activity-desc"), named.get("scope", "all")
            tag, page = named.get("tags", ""), named.get("page", "1")
            if sort not in SORTS or (tag and tag not in TAGS) or not page.isdigit():
                return web.Response(status=404)
            return self._list_page(sort, int(page), tag, scope)
        if path == "/about/":
            return _html("About", self._menu() + "<p>A forum.</p>")
        parts = [p for p in path.split("/") if p]
        if len(parts) == 3 and parts[0] == "question" and parts[1].isdigit():
            k = int(parts[1])
            if 1 <= k <= QUESTIONS and path == _question(k):
                tag = TAGS[k % 4]
                body = (
                    f'<h1>How to {k}?</h1><ul class="tags"><li><a href="{_list(tag=tag)}">'
                    f"{tag}</a></li></ul><p>The answer {k}.</p>"
                )
                return _html(f"How to {k}?", self._menu() + body)
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        last = -(-QUESTIONS // PAGE)
        pages = [
            f"{base_url}/questions/",
            *(f"{base_url}{_list(page=n)}" for n in range(2, last + 1)),
        ]
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={
                "question": tuple(f"{base_url}{_question(k)}" for k in range(QUESTIONS, 0, -1))
            },
            target_type="question",
            seed_entity=f"{base_url}{_question(QUESTIONS - 3)}",
            index_levels=(tuple(pages),),
        )


async def test_a_list_state_spelled_in_path_segments_is_paged_by_its_pager() -> None:
    # From /questions/, every link spells scope, sort and page in segments of its path: read
    # as a path, each varies everything after /questions/, one family of sorts, scopes, tags
    # and pages. Read as parameters, the pager varies page: alone and pages the list to its
    # end; the sort orders, scopes and tags are views, tried and stopped.
    truth, result, downloaded = await serve_and_discover(_QuestionList())
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0, scores
    # the climb (the seed, the list, the about page, a tag's list) and the list's 7 pages,
    # with a view or two stopped
    assert len(downloaded) <= len(truth.index_levels[0]) + 6, downloaded


def test_named_path_segments_vary_as_parameters() -> None:
    page = "http://h/questions/"
    links = [f"http://h{_list(page=n)}" for n in range(2, 5)]
    links += [f"http://h{_list(s)}" for s in SORTS[1:]]
    defaults = spelled_defaults(page, links)
    assert defaults == {"scope:": "all", "sort:": "activity-desc", "page:": "1"}
    pager = {family_of(page, u, defaults) for u in links[:3]}
    assert {f for f, _ in pager} == {"http://h/questions/page:*/scope:all/sort:activity-desc/"}
    sorts = {family_of(page, u, defaults) for u in links[3:]}
    assert {f for f, _ in sorts} == {"http://h/questions/page:1/scope:all/sort:*/"}
    # A single segment naming a value is a page's name (a wiki's category), a path segment.
    assert family_of("http://h/wiki/Category:A", "http://h/wiki/Category:B") == (
        "http://h/wiki/*",
        ("Category:B",),
    )
