"""Where `explore` starts from a home page that is a table of rows itself, against the lab's
truth: a family tree's home page tables its surnames (a row each, linking the surname's page,
with its count of people), and its menu links the table of its people, which links the
entity sample."""

from __future__ import annotations

from aiohttp import web
from explore_runs import serve_and_explore_from_entry

from siteseer.lab import Site, SiteTruth, set_scores

PEOPLE = 30
SURNAMES = 12


def _page(body: str) -> web.Response:
    menu = '<ul class="nav"><li><a href="/people.html">People</a></li>'
    menu += '<li><a href="/index.html">Surnames</a></li></ul>'
    return web.Response(text=f"<html><body>{menu}{body}</body></html>", content_type="text/html")


def _person(n: int) -> str:
    """A person's page, in two folders named after the characters of its id."""
    return f"/ppl/{n % 7}/{n % 3}/p{n:04d}.html"


def _table(head: tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
    th = "".join(f"<th>{h}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"


class _FamilyTree(Site):
    """The home page (`/` and `/index.html`) a table of surnames, each row linking the surname's
    page (`/srn/<k>.html`, its people) with a count; `/people.html` a table of every person,
    each row linking the person's page with a birth year."""

    id = "family-tables"
    kind = "entity-tree"

    def surname(self, n: int) -> int:
        return n % SURNAMES

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        people = range(1, PEOPLE + 1)
        if path in ("/", "/index.html"):
            rows = [
                (
                    f'<a href="/srn/{k}.html">Surname {k}</a>',
                    str(sum(1 for n in people if n % SURNAMES == k)),
                )
                for k in range(SURNAMES)
            ]
            return _page("<h1>Surnames</h1>" + _table(("Surname", "People"), rows))
        if path == "/people.html":
            rows = [(f'<a href="{_person(n)}">Person {n}</a>', str(1800 + n)) for n in people]
            return _page("<h1>People</h1>" + _table(("Name", "Birth"), rows))
        if path.startswith("/srn/"):
            k = int(path.removeprefix("/srn/").removesuffix(".html"))
            links = "".join(
                f'<li><a href="{_person(n)}">Person {n}</a></li>'
                for n in people
                if n % SURNAMES == k
            )
            return _page(f"<h1>Surname {k}</h1><ul>{links}</ul>")
        for n in people:
            if path == _person(n):
                return _page(f"<h1>Person {n}</h1><p>Born {1800 + n}</p>")
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(base_url + _person(n) for n in range(1, PEOPLE + 1))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"person": urls},
            target_type="person",
            seed_entity=urls[4],
        )


async def test_a_home_table_not_linking_the_sample_gives_way_to_the_table_that_does() -> None:
    truth, entry, result = await serve_and_explore_from_entry(_FamilyTree())
    assert entry.url == truth.base_url + "/people.html"
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.recall == 1.0 and scores.precision == 1.0
