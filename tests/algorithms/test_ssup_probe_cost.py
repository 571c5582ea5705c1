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
  (makeinfo).
"""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover
from test_ssup_doc_browsers import _CHAPTERS, _page, _Reference
from test_ssup_doc_browsers import _Manual as _Texinfo

from siteseer.algorithms.ssup.probes import DRY_ENTRIES, ancestry, below_folder
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
    assert len(sections & set(downloaded)) == DRY_ENTRIES, downloaded
