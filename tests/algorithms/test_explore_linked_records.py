"""`explore` on a catalogue whose list's items link each entity's author, and whose entity pages
link more lists of values (its publisher and tags): those are read off the entity pages, but for
the menu every page links, against the lab's truth."""

from __future__ import annotations

from aiohttp import web
from explore_runs import serve_and_explore

from siteseer.lab import Site, SiteTruth, pair_scores

BOOKS = 12
AUTHORS = ("Ada Byron", "Blaise Pascal", "Carl Gauss")
PUBLISHERS = ("Greenwood", "Klett", "Springer", "Wiley")
TAGS = ("book", "thesis", "article")
MENU = (
    '<ul class="nav"><li><a href="/list/hot">Hot Books</a></li>'
    '<li><a href="/list/rated">Top Rated</a></li><li><a href="/publisher?data=publisher">'
    'Publishers</a></li><li><a href="/category?data=category">Tags</a></li>'
    '<li><a href="/user">Users</a></li></ul>'
)


def _html(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{MENU}{body}</body></html>", content_type="text/html")


class _Catalogue(Site):
    """A book catalogue (a menu on every page linking its lists and the indexes of publishers
    and tags): one list of every book (its title linking the book, its author
    linking ``/author/<n>``) and a page per book linking its author, its tags
    (``/category/<n>``) and, after "Publisher:", its publisher
    (``/publisher/<n>``), and the one user who added every book (``/user/1``); the publisher
    and tags are shown on the book's page only."""

    id = "catalogue"
    kind = "entity-tree"

    def _fields(self, n: int) -> tuple[int, int, tuple[int, ...]]:
        tags = (n % 3,) if n % 2 else (n % 3, (n + 1) % 3)
        return n % 3, n % 4, tags

    def _author(self, n: int) -> str:
        a = self._fields(n)[0]
        return f'<a href="/author/{a}">{AUTHORS[a]}</a>'

    def _list(self) -> web.Response:
        items = "".join(
            f'<div class="book"><p class="title"><a href="/book/{n}">Book {n}</a></p>'
            f'<p class="author">{self._author(n)}</p></div>'
            for n in range(1, BOOKS + 1)
        )
        return _html(f'<h2>Recently added</h2><div class="books">{items}</div>')

    def _book(self, n: int) -> web.Response:
        _, publisher, tags = self._fields(n)
        links = "".join(f'<a href="/category/{t}">{TAGS[t]}</a>' for t in tags)
        return _html(
            f'<h2>Book {n}</h2><p class="author">{self._author(n)}</p>'
            f'<div class="tags"><p>{links}</p></div>'
            f'<div class="publishers"><p><span>Publisher: '
            f'<a href="/publisher/{publisher}">{PUBLISHERS[publisher]}</a></span></p></div>'
            '<p>Added by <a href="/user/1">librarian</a></p>'
        )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/":
            return self._list()
        number = request.path.removeprefix("/book/")
        if number.isdigit() and 1 <= int(number) <= BOOKS:
            return self._book(int(number))
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        books = tuple(f"{base_url}/book/{n}" for n in range(1, BOOKS + 1))
        attributes = {
            f"{base_url}/book/{n}": {
                "author": (AUTHORS[self._fields(n)[0]],),
                "publisher": (PUBLISHERS[self._fields(n)[1]],),
                "category": tuple(TAGS[t] for t in self._fields(n)[2]),
            }
            for n in range(1, BOOKS + 1)
        }
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"book": books},
            target_type="book",
            seed_entity=books[0],
            seed_path=(base_url + "/", books[0]),
            index_levels=((base_url + "/",),),
            attributes=attributes,
            facet_values={"author": AUTHORS, "publisher": PUBLISHERS, "category": TAGS},
        )


async def test_the_lists_an_entity_page_links_give_the_fields_its_list_item_lacks() -> None:
    """The list's items link each book's author; each book's page links its publisher and
    tags too (named by their addresses, which the menu's indexes name), read off it; the
    menu every page links (``/list/hot``) names no field, nor the user every page links."""
    truth, result, loaded = await serve_and_explore(_Catalogue(), "/")
    assert set(result.entities) == set(truth.target_entities)
    assert not any({"list", "user"} & fields.keys() for fields in result.entities.values())
    scores = pair_scores(result.entities, truth)
    assert scores.precision == scores.recall == 1.0
    assert len(loaded) <= BOOKS + 2  # the list, then every book page once
