"""What SSUP's climb leaves unprobed on generated documentation (`algorithms.ssup.probes`):

- a reference manual of one flat folder whose page names share its library's prefix
  (``/glib-Arrays.html`` beside ``/glib-Basic-Types.html``): the other pages of the folder are
  the seed's siblings, not pages above it, so the contents ``/index.html`` is probed after
  one of them;
  the links to symbol indexes of releases the site does not serve (``/api-index-2-64.html``)
  stop after two that fail (gtk-doc);
- an API reference whose module page ``/std/<m>/index.html`` lists its items below its own
  folder, each linking back to it: the items are the page's contents, never probed (rustdoc);
- a manual whose chapter lists its sections, each linking back to it through its Up link
  alone: once three weigh nothing beside the contents' list, the others are left out
  (makeinfo);
- a crate page ``/std/index.html`` whose description cites the book's chapters and links its
  sources (``/book/…``, ``/src/std/…``), each linking back to it: climbing above it, the other
  sections' documents are not probed (rustdoc).
"""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover
from test_ssup_doc_browsers import _CHAPTERS, _page, _Reference
from test_ssup_doc_browsers import _Manual as _Texinfo

from siteseer.algorithms.ssup.probes import DRY_ENTRIES, ancestry, below_folder, other_section
from siteseer.lab import Site, SiteTruth, set_scores

_PARTS = {
    "data-types": ("Arrays", "Basic-Types", "Byte-Arrays", "Hash-Tables", "Queues", "Trees"),
    "utilities": ("Base64", "Checksums", "Date-Time", "Random-Numbers", "Timers", "URI"),
    "core": ("Main-Loop", "Threads", "Memory", "Warnings", "Version", "Quarks"),
}
_RELEASES = (4, 22, 32, 62, 64, 68)


class _Manual(Site):
    """A reference page per entry ``/lib-<Name>.html`` (a Home/Up/Prev/Next bar, links to other
    entries and to the symbol index of the release that added each function, none served), a
    page per part ``/lib-<part>.html`` listing its entries, the contents ``/index.html``
    listing every part and, nested, every entry."""

    id = "flat-reference"
    kind = "entity-tree"

    @staticmethod
    def entries() -> list[str]:
        return [f"lib-{n}" for names in _PARTS.values() for n in names]

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.lstrip("/").removesuffix(".html")
        if name in ("", "index"):
            toc = "".join(
                f'<dt><a href="lib-{part}.html">{part}</a></dt><dd><dl>'
                + "".join(f'<dt><a href="lib-{n}.html">{n}</a></dt>' for n in names)
                + "</dl></dd>"
                for part, names in _PARTS.items()
            )
            return _page("Manual", f'<div class="toc"><dl>{toc}</dl></div>')
        for part, names in _PARTS.items():
            if name == f"lib-{part}":
                rows = "".join(f'<dt><a href="lib-{n}.html">{n}</a></dt>' for n in names)
                return _page(part, f'<div class="toc"><dl>{rows}</dl></div>')
        entries = self.entries()
        if name not in entries:
            return web.Response(status=404)
        k = entries.index(name)
        part = next(p for p, names in _PARTS.items() if name.removeprefix("lib-") in names)
        bar = "".join(
            f'<td><a href="{u}.html">{label}</a></td>'
            for label, u in (
                ("Home", "index"),
                ("Up", f"lib-{part}"),
                ("Prev", entries[k - 1]),
                ("Next", entries[(k + 1) % len(entries)]),
            )
        )
        refs = "".join(
            f'<p>See <a href="{entries[(k + j) % len(entries)]}.html">more</a>.</p>'
            for j in (3, 7, 11)
        )
        since = "".join(
            f'<p>Since: <a href="api-index-2-{r}.html">2.{r}</a></p>' for r in _RELEASES
        )
        return _page(name, f'<table class="navigation"><tr>{bar}</tr></table>{refs}{since}')

    def truth(self, base_url: str) -> SiteTruth:
        seed = base_url + "/lib-Hash-Tables.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"reference": tuple(f"{base_url}/{e}.html" for e in self.entries())},
            target_type="reference",
            seed_entity=seed,
            seed_path=(base_url + "/index.html", seed),
            index_levels=((base_url + "/index.html",),),
        )


def test_a_file_of_the_pages_folder_is_its_sibling() -> None:
    assert ancestry("http://h/glib-Basic-Types.html", "http://h/glib-Arrays.html") == -1
    assert ancestry("http://h/index.html", "http://h/glib-Arrays.html") == 0
    assert ancestry("http://h/glib-Arrays.html", "http://h/glib-Arrays.html") == 1
    # A query's parameter names its values' common list, as before.
    assert ancestry("http://h/w?title=Special", "http://h/w?title=Page") == 2


def test_a_folders_pages_lie_below_its_index_document() -> None:
    page = "http://h/std/collections/index.html"
    assert below_folder("http://h/std/collections/struct.HashMap.html", page)
    assert below_folder("http://h/std/collections/hash_map/index.html", page)
    assert not below_folder("http://h/std/collections/", page)  # the page itself
    assert not below_folder("http://h/std/index.html", page)
    assert not below_folder("http://h/std/vec/index.html", page)
    assert not below_folder("http://h/glib-Basic-Types.html", "http://h/glib-Arrays.html")


async def test_a_flat_manuals_contents_is_probed_before_the_seeds_siblings() -> None:
    truth, result, downloaded = await serve_and_discover(_Manual(), height=1)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 == 1.0, (scores, result.trace)
    assert result.sample_path == truth.seed_path
    # the seed, one sibling (its lists tell the menu from the contents), the contents; of the
    # release indexes that fail, two.
    assert downloaded.index(truth.seed_path[0]) <= 2, downloaded
    entries = set(truth.target_entities) - {truth.seed_entity}
    assert len(entries & set(downloaded)) <= 1 + 2, downloaded  # the namesake, two compared
    assert sum("/api-index-" in u for u in downloaded) <= 2, downloaded
    assert len(downloaded) <= 7, downloaded


async def test_a_modules_items_below_its_folder_are_not_probed() -> None:
    truth, result, downloaded = await serve_and_discover(_Reference(), height=1)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 == 1.0, (scores, result.trace)
    items = [u for u in downloaded if "/std/collections/" in u and u != truth.seed_entity]
    assert not items, downloaded


async def test_a_chapters_sections_stop_once_they_weigh_nothing() -> None:
    truth, result, downloaded = await serve_and_discover(_Texinfo(), height=1)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 == 1.0, (scores, result.trace)
    sections = {f"{truth.base_url}/{s}.html" for s in _CHAPTERS["Getting-Started"]}
    assert len(sections) > DRY_ENTRIES
    # At most DRY_ENTRIES of them: the root's index, confirmed by the folder the flat-named
    # chapters are files of (`verdicts.flat_index`), may settle them sooner.
    assert len(sections & set(downloaded)) <= DRY_ENTRIES, downloaded


class _CitingReference(_Reference):
    """`_Reference` whose crate page cites chapters of a book beside it (``/book/ch<k>.html``,
    each citing the crate page back in its text) and links its source (``/src/std/lib.rs.html``,
    linking back to it)."""

    id = "citing-reference"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        cite = '<p>See <a href="/std/index.html">the standard library</a>.</p>'
        if path.startswith("/book/ch") or path == "/src/std/lib.rs.html":
            return _page(path, f"<main><h1>{path}</h1>{cite}</main>")
        response = await super().handle(request)
        if path != "/std/index.html" or not isinstance(response, web.Response):
            return response
        prose = "".join(
            f'<p>Read <a href="/book/ch{k}.html">chapter {k}</a>.</p>' for k in range(6)
        )
        source = '<p><a href="/src/std/lib.rs.html">source</a></p>'
        return _page("std", (response.text or "").replace("<main>", f"<main>{prose}{source}"))


def test_another_sections_documents_lie_outside_a_sections_folder() -> None:
    page = "http://h/std/index.html"
    assert other_section("http://h/book/ch03-02-data-types.html", page)
    assert other_section("http://h/src/std/lib.rs.html", page)
    assert not other_section("http://h/index.html", page)  # the root's files may list it
    assert not other_section("http://h/all.html", page)
    assert not other_section("http://h/std/all.html", page)  # its own folder
    assert not other_section("http://h/book/ch03.html", "http://h/std/collections/index.html")
    assert not other_section("http://h/book/ch03.html", "http://h/std/?page=2")
    assert not other_section("http://other/book/ch03.html", page)


async def test_a_sections_page_is_not_looked_for_in_other_sections() -> None:
    truth, result, downloaded = await serve_and_discover(_CitingReference(), height=2)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 == 1.0, (scores, result.trace)
    assert result.sample_path == truth.seed_path
    judged = [e.subject for e in result.trace if e.step == "top-index" and e.decision != "skip"]
    assert not [u for u in judged if "/book/" in u or "/src/" in u], judged
    # the level's pager may try one page of another family; the climb tries none of them
    assert sum("/book/" in u or "/src/" in u for u in downloaded) <= 1, downloaded
