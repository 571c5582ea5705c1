"""`explore` on a genealogy site: its people listed in one table grouped by surname (the
surname written on a group's first row only, under a "Group as" header), and a page of
surnames drawn as a table (a "Surname" column of links to each surname's page, the number of
its people in the next cell; the pages named by a hash, no word). The surnames page indexes
the surname: each person's surname is read from the surname pages (against the lab's truth:
the attribute pairs). The people table's groups are those of the surnames: once the first
surname's page lists its group's rows, the others are read off the table, not loaded. A media
gallery beside them lists photos whose pages page to each other (Previous/Next): no values."""

from __future__ import annotations

import hashlib

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, pair_scores

PEOPLE = {
    "Adams": ["Janice"],
    "Brown": ["Ann", "Carl", "Dora"],
    "Green": ["Eli"],
    "Jones": ["Finn", "Gina"],
    "Smith": ["Hal", "Ida", "Jon", "Kay"],
}
MENU = (
    '<ul class="nav"><li><a href="/people.html">People</a></li>'
    '<li><a href="/surnames.html">Surnames</a></li><li><a href="/media.html">Media</a></li></ul>'
)
# a media gallery: each photo's page shows one person, and Previous/Next lead through them all
PHOTOS = [("Brown", "Carl"), ("Smith", "Hal"), ("Jones", "Gina"), ("Green", "Eli")]


def _person(surname: str, first: str) -> str:
    return f"/p/{first[0].lower()}/{surname.lower()}-{first.lower()}.html"


def _surname(surname: str) -> str:
    digest = hashlib.md5(surname.encode()).hexdigest()
    return f"/srn/{digest[0]}/{digest}.html"


def _rows(surname: str, firsts: list[str], grouped: bool) -> str:
    return "".join(
        f"<tr><td>{surname if i == 0 or not grouped else '&nbsp;'}</td>"
        f'<td><a href="{_person(surname, f)}">{surname}, {f}</a></td><td>19{i}0</td></tr>'
        for i, f in enumerate(firsts)
    )


class _Genealogy(Site):
    """`/people.html` lists everyone; `/surnames.html` indexes the surnames."""

    id = "column-index"
    kind = "entity-tree"

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        self.asked.append(path)
        surnames = {_surname(s): s for s in PEOPLE}
        people = {_person(s, f) for s, fs in PEOPLE.items() for f in fs}
        head = "<tr><th>Group as</th><th>Name</th><th>Birth</th></tr>"
        if path == "/people.html":
            rows = "".join(_rows(s, fs, True) for s, fs in PEOPLE.items())
            body = f"<h1>People</h1><table>{head}{rows}</table>"
        elif path in {"/", "/surnames.html"}:
            rows = "".join(
                f'<tr><td><a href="{_surname(s)}">{s}</a></td><td>{len(fs)}</td></tr>'
                for s, fs in PEOPLE.items()
            )
            body = f"<table><tr><th>Surname</th><th>Number of people</th></tr>{rows}</table>"
        elif path in surnames:
            s = surnames[path]
            body = f"<h3>{s}</h3><table>{head}{_rows(s, PEOPLE[s], False)}</table>"
        elif path == "/media.html":
            rows = "".join(
                f'<tr><td>{i + 1}</td><td><a href="/img/{i}.html" title="Photo of {f}">'
                f"Photo of {f}</a></td><td>image/jpeg</td></tr>"
                for i, (_, f) in enumerate(PHOTOS)
            )
            body = f"<table><tr><th></th><th>Name</th><th>Mime Type</th></tr>{rows}</table>"
        elif path.startswith("/img/") and path[5:-5].isdigit() and int(path[5:-5]) < len(PHOTOS):
            i = int(path[5:-5])
            pager = "".join(
                f'<a href="/img/{j}.html" title="{label}">{label}</a> '
                for j, label in ((i - 1, "Previous"), (i + 1, "Next"))
                if 0 <= j < len(PHOTOS)
            )
            body = f'<h3>Photo {i}</h3>{pager}<a href="{_person(*PHOTOS[i])}">{PHOTOS[i][1]}</a>'
        elif path in people:
            photos = "".join(
                f'<a href="/img/{i}.html">Photo {i}</a>'
                for i, p in enumerate(PHOTOS)
                if _person(*p) == path
            )
            body = f"<h3>{path}</h3><p>A person.</p>{photos}"
        else:
            return web.Response(status=404)
        page = f"<html><body>{MENU}{body}</body></html>"
        return web.Response(text=page, content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        attributes = {
            base_url + _person(s, f): {"surname": (s,)} for s, fs in PEOPLE.items() for f in fs
        }
        urls = tuple(attributes)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"person": urls},
            target_type="person",
            seed_entity=urls[2],
            attributes=attributes,
            facet_values={"surname": tuple(PEOPLE)},
        )


async def test_a_surnames_table_counting_people_in_the_next_cell_indexes_the_surname() -> None:
    site = _Genealogy()
    async with LabServer([site]) as server:
        truth = server.truth("column-index")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(
                session,
                truth.base_url + "/people.html",
                entity_sample=truth.seed_entity,
                hub=truth.base_url + "/",
            )
    assert result.complete, result.reason
    assert set(result.entities) == set(truth.target_entities)
    scores = pair_scores(result.entities, truth)
    assert scores.precision == 1.0 and scores.recall == 1.0
    # the first surname's page checked against the table's groups, the others not loaded
    assert [p for p in site.asked if p.startswith("/srn/")] == [_surname("Adams")]


async def test_an_index_whose_values_page_to_each_other_is_no_attribute() -> None:
    # the media index's photos page to each other (Previous/Next): one gallery's pages, no
    # values: the first is loaded, the others are not
    site = _Genealogy()
    async with LabServer([site]) as server:
        truth = server.truth("column-index")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(
                session,
                truth.base_url + "/people.html",
                entity_sample=truth.seed_entity,
                hub=truth.base_url + "/",
            )
    assert result.complete, result.reason
    assert pair_scores(result.entities, truth).recall == 1.0
    assert [p for p in site.asked if p.startswith("/img/")] == ["/img/0.html"]
