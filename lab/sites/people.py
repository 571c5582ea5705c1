"""The `people` site: SSUP's stated failure cases.

No link back to the index, two DOM paths to entities, one-token URLs for entities and noise alike.

Built on `lab.sites.entitytree.EntityTreeSite` (routing, chrome, news and static noise pages,
truth assembly); see the class for the case it exercises.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Iterator
from typing import ClassVar, Literal

from siteseer.lab.site import Size
from siteseer.lab.sites import names as nm
from siteseer.lab.sites.entitytree import (
    EntityTreeSite,
    Tree,
    View,
    n_pages_of,
    page_number,
    page_path,
    pager,
)
from siteseer.lab.sites.theme import (
    Anchor,
    Block,
    Brand,
    CardGrid,
    Facts,
    LinkList,
    LinkRow,
    Table,
    Text,
    esc,
    render_blocks,
)

__all__ = ["PeopleSite"]

_GROUPS = (
    "Databases", "Information Retrieval", "Computer Vision", "Networks", "Theory",
    "Software Engineering", "Human-Computer Interaction", "Robotics", "Security",
    "Machine Learning", "Distributed Systems", "Graphics", "Bioinformatics", "Compilers",
    "Embedded Systems", "Quantum Computing",
)  # fmt: skip
_PERSONAL_CSS = (
    "body{font-family:Georgia,serif;max-width:760px;margin:40px auto;color:#222}"
    "h1{border-bottom:3px double #444}dl.facts{display:grid;grid-template-columns:140px 1fr}"
    "table.data{border-collapse:collapse}table.data td,table.data th{border:1px solid #999;padding:3px 8px}",
    "body{font-family:Helvetica,Arial,sans-serif;margin:0;background:#101820;color:#e8e8e8}"
    ".page{max-width:900px;margin:0 auto;padding:30px;background:#1b2631}a{color:#7fc8f8}"
    "h1{font-size:40px;letter-spacing:-1px}dl.facts dt{color:#9ab}ul.list{columns:2}",
    "body{font-family:monospace;margin:20px;background:#fffff0}h1{font-size:20px}"
    "dl.facts dt{font-weight:bold}ul.list li{margin:2px 0}.foot{margin-top:40px;font-size:12px}",
)
Role = Literal["faculty", "student", "staff"]


class PeopleSite(EntityTreeSite):
    """A department directory exercising SSUP's stated failure cases.

    (i) person pages are personal homepages without the site menu: they never link to the
    directory; (ii) the directory lists faculty in a card grid and everyone else in a ul, group
    pages list members in a table, and the home page features faculty — entity links under
    different DOM paths; (iii) person URLs are one token (/ana-q-silva), like the noise pages
    (/contact, /jobs, /events) and news articles (/<headline>-<n>).
    """

    id = "people"
    description = "Department directory with SSUP's failure cases (no back links, mixed paths, one-token URLs)."
    brand = Brand("Department of Computing", "Faculty, students and staff", "#7a2e0e")
    news_words = (
        "research",
        "award",
        "paper",
        "student",
        "lab",
        "seminar",
        "grant",
        "thesis",
        "conference",
        "course",
        "robot",
        "data",
        "algorithm",
        "project",
    )
    GROUP_SPAN: ClassVar[int] = 500
    static = (
        ("/about", "About the department", "about"),
        ("/contact", "Contact", "contact"),
        ("/events", "Events", "agenda"),
        ("/jobs", "Jobs", "about"),
        ("/visit", "Visit us", "contact"),
        ("/privacy", "Privacy", "privacy"),
    )

    def __init__(self, size: Size = "small", seed: int = 0) -> None:
        super().__init__(size, seed)
        self.n_people, self.n_groups, self.per_page = {
            "small": (60, 5, 20),
            "medium": (1500, 16, 50),
            "large": (50000, 16, 100),
        }[size]
        self.slugs = tuple(nm.person_name(i, seed).slug for i in range(self.n_people))
        self.by_slug = {s: i for i, s in enumerate(self.slugs)}
        order = sorted(range(self.n_people), key=lambda i: nm.person_name(i, seed).sort_key)
        self.order = array("i", order)
        self.n_pages = n_pages_of(self.n_people, self.per_page)
        self.group_slugs = tuple(nm.slugify(g) for g in _GROUPS[: self.n_groups])
        self.group_by_slug = {s: g for g, s in enumerate(self.group_slugs)}

    def role(self, i: int) -> Role:
        r = nm.h32(self.seed, "role", i) % 10
        return "faculty" if r < 2 else ("student" if r < 7 else "staff")

    def name(self, i: int) -> str:
        return nm.person_name(i, self.seed).full

    def person_path(self, i: int) -> str:
        return f"/{self.slugs[i]}"

    def directory_path(self, k: int) -> str:
        return page_path("/people", k)

    def group_path(self, g: int) -> str:
        return f"/groups/{self.group_slugs[g]}"

    def group(self, i: int) -> int | None:
        """The group whose page lists person i (students and faculty among the first
        GROUP_SPAN ids of their group), or None."""
        if self.role(i) == "staff" or i >= self.GROUP_SPAN * self.n_groups:
            return None
        return i % self.n_groups

    def group_members(self, g: int) -> list[int]:
        stop = min(self.n_people, self.GROUP_SPAN * self.n_groups)
        return [i for i in range(g, stop, self.n_groups) if self.role(i) != "staff"]

    # ---- one-token noise URLs

    def news_path(self, i: int) -> str:
        return f"/{nm.slugify(self.news_title(i))}-{i + 1}"

    def parse_news(self, path: str) -> int | None:
        m = re.fullmatch(r"/[a-z0-9-]+-(\d+)", path)
        return self._check_news(int(m.group(1)) - 1, path) if m else None

    def nav(self) -> tuple[Anchor, ...]:
        return (
            Anchor("/", "Home"),
            Anchor("/people", "People"),
            Anchor("/groups", "Research groups"),
            Anchor("/news", "News"),
            Anchor("/events", "Events"),
            Anchor("/jobs", "Jobs"),
            Anchor("/contact", "Contact"),
        )

    def mentions(self, i: int) -> tuple[Anchor, ...]:
        p = (i * 31) % self.n_people
        return (Anchor(self.person_path(p), self.name(p)),)

    def home(self) -> View:
        featured = [i for i in self.order[: 4 * self.per_page] if self.role(i) == "faculty"][:6]
        blocks: tuple[Block, ...] = (
            Text(("Research and teaching in computing since 1971.",)),
            CardGrid(
                tuple(Anchor(self.person_path(i), self.name(i)) for i in featured),
                tuple("Professor" for _ in featured),
                title="Featured faculty",
            ),
            LinkList(self.latest_news(5), title="News"),
            LinkRow((Anchor("/people", "Directory"), Anchor("/groups", "Research groups"))),
        )
        return View(self.brand.name, "home", blocks, (), "/")

    def route(self, path: str, query: str) -> View | None:
        if path == "/people":
            k = page_number(query, self.n_pages)
            return self.directory_view(k) if k else None
        if query:
            return None
        if path == "/groups":
            return self.groups_view()
        if path.startswith("/groups/"):
            g = self.group_by_slug.get(path[len("/groups/") :])
            return self.group_view(g) if g is not None else None
        i = self.by_slug.get(path[1:])
        return self.person_view(i) if i is not None else None

    def directory_view(self, k: int) -> View:
        ids = self.order[(k - 1) * self.per_page : k * self.per_page]
        faculty = [i for i in ids if self.role(i) == "faculty"]
        others = [i for i in ids if self.role(i) != "faculty"]
        blocks: tuple[Block, ...] = (
            Text(("Faculty, students and staff, alphabetically.",)),
            CardGrid(
                tuple(Anchor(self.person_path(i), self.name(i)) for i in faculty),
                tuple("Faculty" for _ in faculty),
                title="Faculty",
            ),
            LinkList(
                tuple(Anchor(self.person_path(i), self.name(i)) for i in others),
                notes=tuple(self.role(i) for i in others),
                title="Students and staff",
            ),
            *pager(self.directory_path, self.n_pages, k),
        )
        title = "People" if k == 1 else f"People — page {k}"
        return View(title, "directory", blocks, (self.home_crumb(),), "/people")

    def groups_view(self) -> View:
        items = tuple(Anchor(self.group_path(g), _GROUPS[g]) for g in range(self.n_groups))
        blocks = (Text(("Our research groups.",)), LinkList(items))
        return View("Research groups", "groups", blocks, (self.home_crumb(),), "/groups")

    def group_view(self, g: int) -> View:
        rng = nm.rng_for(self.seed, "group", g)
        rows = tuple(
            (
                Anchor(self.person_path(i), self.name(i)),
                self.role(i).capitalize(),
                f"Room {nm.h32(self.seed, 'room', i) % 400 + 100}",
            )
            for i in self.group_members(g)
        )
        blocks: tuple[Block, ...] = (
            Text((nm.paragraph(rng),)),
            Table(("Name", "Role", "Office"), rows, title="Members"),
        )
        return View(
            _GROUPS[g],
            "group",
            blocks,
            (self.home_crumb(), Anchor("/groups", "Research groups")),
            "/groups",
        )

    def person_view(self, i: int) -> View:
        rng = nm.rng_for(self.seed, "person", i)
        role = self.role(i)
        facts: list[tuple[str, str | Anchor]] = [("Position", role.capitalize())]
        g = self.group(i)
        if g is not None:
            facts.append(("Group", Anchor(self.group_path(g), _GROUPS[g])))
        facts.append(("Office", f"Room {nm.h32(self.seed, 'room', i) % 400 + 100}"))
        if rng.random() < 0.5:
            facts.append(("Phone", f"+1 555 {rng.randint(1000, 9999)}"))
        blocks: list[Block] = [Facts(tuple(facts))]
        if rng.random() < 0.7:
            blocks.append(Text((nm.paragraph(rng),), title="About me"))
        if role != "staff" and rng.random() < 0.8:
            pubs = tuple(
                f"{nm.sentence(rng, 8)} In Proc. {rng.choice(('WWW', 'SIGIR', 'CIKM', 'WSDM', 'VLDB'))} {rng.randint(2005, 2024)}."
                for _ in range(rng.randint(1, 6))
            )
            blocks.append(Text(pubs, title="Publications"))
        if role == "faculty":
            rows = tuple(
                (f"CS{rng.randint(100, 699)}", nm.sentence(rng, 3), rng.choice(("Fall", "Spring")))
                for _ in range(rng.randint(1, 4))
            )
            blocks.append(Table(("Course", "Title", "Term"), rows, title="Teaching"))
        if role == "staff":
            links = [Anchor("/", "Department home"), Anchor("/contact", "Department contact")]
        else:
            links = [Anchor("/people", "Department directory"), Anchor("/", "Department home")]
        blocks.append(LinkRow(tuple(links)))
        return View(self.name(i), "person", tuple(blocks), (), "", sidebar=False, chrome="personal")

    def render(self, view: View) -> str:
        if view.chrome != "personal":
            return super().render(view)
        style = _PERSONAL_CSS[nm.h32(self.seed, "layout", view.title) % len(_PERSONAL_CSS)]
        return (
            '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>{esc(view.title)}</title><style>{style}</style></head>"
            f'<body><div class="page"><h1>{esc(view.title)}</h1>{render_blocks(view.blocks)}'
            '<p class="foot">Personal page hosted by the Department of Computing.</p>'
            "</div></body></html>"
        )

    def site_catalog(self) -> Iterator[tuple[str, str]]:
        for k in range(1, self.n_pages + 1):
            yield self.directory_path(k), "directory"
        yield "/groups", "groups"
        for g in range(self.n_groups):
            yield self.group_path(g), "group"
        for i in range(self.n_people):
            yield self.person_path(i), "person"

    def tree(self) -> Tree:
        first = self.order[: self.per_page]
        students = [i for i in first if self.role(i) == "student"]
        staff = [i for i in first if self.role(i) == "staff"]
        seed = students[min(2, len(students) - 1)]
        return Tree(
            entities={
                "person": tuple(self.person_path(i) for i in range(self.n_people)),
                "group": tuple(self.group_path(g) for g in range(self.n_groups)),
            },
            target_type="person",
            index_levels=(tuple(self.directory_path(k) for k in range(1, self.n_pages + 1)),),
            seed_path=(self.directory_path(1), self.person_path(seed)),
            id_ranges={},
            seeds={"no-backlink": self.person_path(staff[0])},
            notes=(
                "Height 1: /people (?page=n) is the directory; the seed is a student. Case (i): "
                "person pages are personal pages without the site menu; staff pages NEVER link "
                "to /people (only to / and /contact), so from the `no-backlink` seed (a staff "
                "member) the index cannot be found; students and faculty link to their group "
                "and to the directory. Case (ii): on the "
                "same directory pages faculty are in a card grid (div.grid/div.card/h3/a) and "
                "students/staff in a ul (ul.list/li/a); group pages (/groups/<slug>) list "
                "non-staff members in a table, the home page features faculty in a grid. "
                "Case (iii): entity URLs are one token (/first-m-last) exactly like noise pages "
                "(/contact, /jobs, /events, /visit, /people, /groups) and news articles "
                "(/<headline-slug>-<n>)."
            ),
        )
