"""The `council` site: one members index (height 1) → member pages that link back to it.

Built on `lab.sites.entitytree.EntityTreeSite` (routing, chrome, news and static noise pages,
truth assembly); see the class for the case it exercises.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from typing import ClassVar
from urllib.parse import parse_qsl

from siteseer.lab.site import Size
from siteseer.lab.sites import names as nm
from siteseer.lab.sites.entitytree import (
    EntityTreeSite,
    Tree,
    View,
    iso_date,
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
    InlineMenu,
    LinkList,
    LinkRow,
    Table,
    Text,
)

__all__ = ["CouncilSite"]

_COMMITTEES = (
    "Finance and Budget", "Justice and Legislation", "Health", "Education and Culture",
    "Urban Planning", "Transport and Mobility", "Environment", "Human Rights", "Public Safety",
    "Sports and Leisure", "Tourism", "Science and Technology", "Housing", "Consumer Defence",
    "Water and Sanitation",
)  # fmt: skip
_BILL_STATUS = ("Approved", "In committee", "Vetoed", "Awaiting vote", "Withdrawn", "Sanctioned")


class CouncilSite(EntityTreeSite):
    """A city council: one members index (height 1) → member pages that link back to it.

    Members are listed alphabetically in a `ul`; member pages use numeric ids in a query string
    (/member.php?id=117). Committees (/committees.php → /committee.php?id=3) list members in a
    table: a look-alike second path to some members. At `large` size the index is paginated.
    """

    id = "council"
    description = "City council: a members index (height 1) with member pages and noise pages."
    brand = Brand("Natal City Council", "The people's chamber since 1825", "#1f5f8b")
    FIRST_ID: ClassVar[int] = 101

    def __init__(self, size: Size = "small", seed: int = 0) -> None:
        super().__init__(size, seed)
        self.n_members = {"small": 40, "medium": 1500, "large": 50000}[size]
        self.per_page = {"small": 0, "medium": 0, "large": 1000}[size]
        self.n_committees = min(len(_COMMITTEES), {"small": 4, "medium": 12, "large": 15}[size])
        self.n_index_pages = n_pages_of(self.n_members, self.per_page)
        order = sorted(range(self.n_members), key=lambda i: self.name(i).sort_key)
        self.order = array("i", order)
        self.position = array("i", bytes(4 * self.n_members))
        for pos, i in enumerate(order):
            self.position[i] = pos

    def name(self, i: int) -> nm.PersonName:
        return nm.person_name(i, self.seed)

    def party(self, i: int) -> tuple[str, str]:
        return nm.PARTIES[nm.h32(self.seed, "party", i) % len(nm.PARTIES)]

    def member_path(self, i: int) -> str:
        return f"/member.php?id={self.FIRST_ID + i}"

    def index_path(self, k: int) -> str:
        return page_path("/members.php", k)

    def committee_path(self, c: int) -> str:
        return f"/committee.php?id={c + 1}"

    def committee_members(self, c: int) -> list[int]:
        return [m for m in range(c, min(self.n_members, 12 * self.n_committees), self.n_committees)]

    def index_page_of(self, i: int) -> int:
        per = self.per_page or self.n_members
        return self.position[i] // per + 1

    def nav(self) -> tuple[Anchor, ...]:
        return (
            Anchor("/", "Home"),
            Anchor("/members.php", "Council members"),
            Anchor("/committees.php", "Committees"),
            Anchor("/news", "News"),
            Anchor("/agenda", "Agenda"),
            Anchor("/about", "About"),
            Anchor("/contact", "Contact"),
        )

    def mentions(self, i: int) -> tuple[Anchor, ...]:
        ids = sorted({(i * 37) % self.n_members, (i * 53 + 5) % self.n_members})
        return tuple(Anchor(self.member_path(m), self.name(m).full) for m in ids)

    def home(self) -> View:
        leaders = tuple(self.order[j] for j in (0, 5, 10, 15) if j < self.n_members)
        blocks: tuple[Block, ...] = (
            Text(("Welcome to the council's web site: sessions, bills, members and news.",)),
            CardGrid(
                tuple(Anchor(self.member_path(i), self.name(i).full) for i in leaders),
                tuple(f"President {2020 + n}" for n in range(len(leaders))),
                title="Board of directors",
            ),
            LinkList(self.latest_news(5), title="Latest news"),
            LinkRow((Anchor("/members.php", "All council members"), Anchor("/agenda", "Agenda"))),
        )
        return View(self.brand.name, "home", blocks, (), "/")

    def route(self, path: str, query: str) -> View | None:
        if path == "/members.php":
            k = page_number(query, self.n_index_pages)
            return self.index_view(k) if k else None
        if path == "/member.php":
            i = self._id_param(query, self.FIRST_ID, self.n_members)
            return self.member_view(i) if i is not None else None
        if path == "/committees.php" and not query:
            return self.committees_view()
        if path == "/committee.php":
            c = self._id_param(query, 1, self.n_committees)
            return self.committee_view(c) if c is not None else None
        return None

    @staticmethod
    def _id_param(query: str, first: int, count: int) -> int | None:
        pairs = parse_qsl(query, keep_blank_values=True)
        if len(pairs) != 1 or pairs[0][0] != "id":
            return None
        value = pairs[0][1]
        if not (value.isascii() and value.isdigit()) or value.startswith("0"):
            return None
        i = int(value) - first
        return i if 0 <= i < count else None

    def index_view(self, k: int) -> View:
        per = self.per_page or self.n_members
        ids = self.order[(k - 1) * per : k * per]
        blocks: tuple[Block, ...] = (
            Text((f"The council has {self.n_members} members. Choose a member to see details.",)),
            LinkList(
                tuple(Anchor(self.member_path(i), self.name(i).full) for i in ids),
                notes=tuple(f"({self.party(i)[0]})" for i in ids),
            ),
            *pager(self.index_path, self.n_index_pages, k),
            InlineMenu(
                (Anchor("/committees.php", "Committees"), Anchor("/agenda", "Agenda")),
                title="See also",
            ),
        )
        title = "Council members" if k == 1 else f"Council members — page {k}"
        return View(title, "index", blocks, (self.home_crumb(),), "/members.php")

    def member_view(self, i: int) -> View:
        rng = nm.rng_for(self.seed, "member", i)
        name = self.name(i)
        code, party = self.party(i)
        facts: list[tuple[str, str | Anchor]] = [("Party", f"{code} — {party}")]
        facts.append(("Term", f"{2021 + rng.randint(0, 3)}–{2025 + rng.randint(0, 3)}"))
        if rng.random() < 0.8:
            facts.append(("Phone", f"+55 84 3232-{rng.randint(1000, 9999)}"))
        facts.append(("E-mail", f"{name.slug.replace('-', '.')}@council.example.org"))
        if rng.random() < 0.6:
            facts.append(("Office", f"Room {rng.randint(101, 420)}, annex {rng.choice('ABC')}"))
        blocks: list[Block] = [Facts(tuple(facts))]
        if rng.random() < 0.7:
            blocks.append(Text((nm.paragraph(rng), nm.paragraph(rng)), title="Biography"))
        committees = [i % self.n_committees] if i < 12 * self.n_committees else []
        if committees:
            blocks.append(
                LinkList(
                    tuple(Anchor(self.committee_path(c), _COMMITTEES[c]) for c in committees),
                    title="Committees",
                )
            )
        n_bills = rng.randint(0, 8)
        if n_bills:
            rows = tuple(
                (
                    f"PL {rng.randint(1, 999)}/{rng.randint(2019, 2024)}",
                    nm.sentence(rng, 6),
                    iso_date(rng.randrange(3360)),
                    rng.choice(_BILL_STATUS),
                )
                for _ in range(n_bills)
            )
            blocks.append(Table(("Bill", "Subject", "Date", "Status"), rows, title="Bills"))
        back = self.index_path(self.index_page_of(i))
        blocks.append(
            LinkRow((Anchor(back, "« Back to the list of members"), Anchor("/contact", "Contact")))
        )
        crumbs = (self.home_crumb(), Anchor(back, "Council members"))
        return View(name.full, "member", tuple(blocks), crumbs, "/members.php")

    def committees_view(self) -> View:
        items = tuple(
            Anchor(self.committee_path(c), _COMMITTEES[c]) for c in range(self.n_committees)
        )
        blocks = (Text(("Standing committees of the council.",)), LinkList(items))
        return View("Committees", "committees", blocks, (self.home_crumb(),), "/committees.php")

    def committee_view(self, c: int) -> View:
        rng = nm.rng_for(self.seed, "committee", c)
        members = self.committee_members(c)
        rows = tuple(
            (
                Anchor(self.member_path(m), self.name(m).full),
                self.party(m)[0],
                "Chair" if n == 0 else ("Vice-chair" if n == 1 else "Member"),
            )
            for n, m in enumerate(members)
        )
        blocks: tuple[Block, ...] = (
            Text((nm.paragraph(rng),)),
            Table(("Member", "Party", "Role"), rows, title="Composition"),
        )
        crumbs = (self.home_crumb(), Anchor("/committees.php", "Committees"))
        return View(_COMMITTEES[c], "committee", blocks, crumbs, "/committees.php")

    def site_catalog(self) -> Iterator[tuple[str, str]]:
        for k in range(1, self.n_index_pages + 1):
            yield self.index_path(k), "index"
        for i in range(self.n_members):
            yield self.member_path(i), "member"
        yield "/committees.php", "committees"
        for c in range(self.n_committees):
            yield self.committee_path(c), "committee"

    def tree(self) -> Tree:
        seed = self.order[min(2, self.n_members - 1)]
        return Tree(
            entities={
                "member": tuple(self.member_path(i) for i in range(self.n_members)),
                "committee": tuple(self.committee_path(c) for c in range(self.n_committees)),
            },
            target_type="member",
            index_levels=(tuple(self.index_path(k) for k in range(1, self.n_index_pages + 1)),),
            seed_path=(self.index_path(1), self.member_path(seed)),
            id_ranges={"member": (self.FIRST_ID, self.FIRST_ID + self.n_members - 1)},
            notes=(
                "Height 1: /members.php lists every member in a ul (paginated with ?page=n at "
                "large size) and each member page links back to the index page listing it. "
                "Noise: committee pages list some members in a table (a second, smaller tree), "
                "news articles mention members, the home page features four members in a card "
                "grid; /committees.php vs /members.php share URL style."
            ),
        )
