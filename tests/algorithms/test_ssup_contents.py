"""SSUP against the lab's truth on a manual browser, as man2html draws one: a page links only
to the main contents (``/cgi/man``) and to a few pages it names (SEE ALSO); the contents list
the sections (``/cgi/sec?3``), each section its pages (``/cgi/man?3+printf``, an isindex query
with no ``=``). No page the seed links to lists it: its section's page is two hops away, and
its URL is the one the seed's continues."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.algorithms.ssup.probes import DRY_ENTRIES
from siteseer.lab import Site, SiteTruth, set_scores

SECTIONS = 4
PAGES = 12


_WORDS = ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india")


def _name(section: int, i: int) -> str:
    """A page's name: a word of its own, as a manual's pages are named, a few of them a
    variant of another (``printf``, ``printf_l``)."""
    return _WORDS[i] if i < len(_WORDS) else f"{_WORDS[i - 5]}_l"


def _wrapped(html: str, tag: str) -> str:
    return f"<{tag}>{html}</{tag}>" if tag else html


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body><h1>{title}</h1>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _ManualSite(Site):
    """`/cgi/man` lists the sections, `/cgi/sec?<n>` a section's pages (with a bar linking
    itself and the contents), `/cgi/man?<n>+<name>` a page linking the contents and the next
    two pages of its section."""

    id = "manual"
    kind = "entity-tree"

    def __init__(self, see: int = 2, cited: int | None = None) -> None:
        super().__init__()
        self.see = see  # the pages of its section a page names in SEE ALSO
        self.cited = cited  # the page of its section every other page cites in its text,
        # which names three times as many in SEE ALSO

    async def handle(self, request: web.Request) -> web.StreamResponse:
        query = request.rel_url.raw_query_string
        contents = '<a href="/cgi/man">Return to Main Contents</a><hr>'
        if request.path == "/cgi/man" and not query:
            items = "".join(
                f'<li><a href="/cgi/sec?{n}">Section {n}</a></li>' for n in range(1, SECTIONS + 1)
            )
            return _html("Manual", f"<ul>{items}</ul>")
        if request.path == "/cgi/sec" and query.isdigit() and 1 <= int(query) <= SECTIONS:
            n = int(query)
            bar = f'<center><a href="/cgi/sec?{n}">Section {n}</a> <a href="/cgi/man">Contents</a>'
            pages = "".join(
                f'<a href="/cgi/man?{n}+{_name(n, i)}">{_name(n, i)}</a><br>' for i in range(PAGES)
            )
            return _html(f"Section {n}", f"{bar}</center>{pages}")
        section, _, name = query.partition("+")
        names = {_name(int(section), i) for i in range(PAGES)} if section.isdigit() else set()
        if request.path == "/cgi/man" and name in names and 1 <= int(section) <= SECTIONS:
            i = next(j for j in range(PAGES) if _name(int(section), j) == name)
            # With a page cited, the SEE ALSO names run in the text, each in a tag of its own.
            tags = ("i", "b", "em") if self.cited is not None else ("",)
            see = "".join(
                _wrapped(
                    f'<a href="/cgi/man?{section}+{_name(int(section), j % PAGES)}">see</a> ',
                    tags[j % len(tags)],
                )
                for j in range(i + 1, i + 1 + self.see * (3 if i == self.cited else 1))
            )
            text = f"<p>What {name} does.</p>"
            if self.cited is not None and i != self.cited:
                cited = _name(int(section), self.cited)
                text += f'<p>As <tt><a href="/cgi/man?{section}+{cited}">{cited}</a></tt> does.</p>'
            return _html(name, f"{contents}{text}<h2>SEE ALSO</h2>{see}")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(
            f"{base_url}/cgi/man?{n}+{_name(n, i)}"
            for n in range(1, SECTIONS + 1)
            for i in range(PAGES)
        )
        sections = tuple(f"{base_url}/cgi/sec?{n}" for n in range(1, SECTIONS + 1))
        seed = f"{base_url}/cgi/man?3+{_name(3, 5)}"  # foxtrot, beside foxtrot_l
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": pages},
            target_type="page",
            seed_entity=seed,
            seed_path=(f"{base_url}/cgi/man", sections[2], seed),
            index_levels=((f"{base_url}/cgi/man",), sections),
        )


async def test_a_section_two_hops_away_through_the_contents_is_the_index_page() -> None:
    truth, result, downloaded = await serve_and_discover(_ManualSite())
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    # The seed's section, reached from the contents the seed links to, is its index page.
    assert result.sample_path[-2] == f"{truth.base_url}/cgi/sec?3", result.sample_path
    assert len(downloaded) <= truth.lower_bound_downloads + 6, downloaded


async def test_the_seeds_see_also_pages_stop_once_three_list_nothing() -> None:
    # Pages of the seed's own URL template link to it as related pages, not from a list of it:
    # three probed, the others are left out and the contents above it are tried.
    truth, result, downloaded = await serve_and_discover(_ManualSite(see=9))
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert result.sample_path[-2] == f"{truth.base_url}/cgi/sec?3", result.sample_path
    mates = [u for u in downloaded if "+" in u and u != truth.seed_entity]
    assert len(mates) <= DRY_ENTRIES + 2, downloaded  # two compared by the level below
    assert len(downloaded) <= truth.lower_bound_downloads + 6, downloaded


async def test_see_also_pages_citing_the_seed_stop_once_three_list_nothing_like_it() -> None:
    # Every page of the seed's section cites it in its text (a library's printf): its SEE ALSO
    # pages link back to it, each in a list of one link. Three of its own URL template
    # probed, none a list of it, the others are its related pages, left out before the
    # contents above it are tried.
    truth, result, downloaded = await serve_and_discover(_ManualSite(see=2, cited=5))
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert result.sample_path[-2] == f"{truth.base_url}/cgi/sec?3", result.sample_path
    mates = [u for u in downloaded if "+" in u and u != truth.seed_entity]
    assert len(mates) <= DRY_ENTRIES + 2, downloaded  # two compared by the level below
    assert len(downloaded) <= truth.lower_bound_downloads + 6, downloaded


async def test_the_contents_loaded_name_the_section_before_the_folders_above_are_tried() -> None:
    # The script's own page (`/cgi/man`), which the seed links to, lists the sections: the one
    # the seed's URL names is its index page, tried before the folders its URL names above it
    # (`/cgi/`, the site root), which list nothing of it.
    truth, result, _ = await serve_and_discover(_ManualSite())
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert result.sample_path[-2] == f"{truth.base_url}/cgi/sec?3", result.sample_path
    tried = [e.subject for e in result.trace if (e.step, e.decision) == ("sample-path", "ancestor")]
    assert tried == [], tried
