"""SSUP's pagination judges a view once: a coverage report's folder pages each link a sorted
rendering of their own list (``index-sort-l.html`` beside ``index.html``), listing the same
files in another order. The first one loaded adds no entity link (a view); the same rendering
beside the other folders' pages changes each as it changed its own, and is not loaded."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import ssup
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

FOLDERS = ("alpha", "beta", "gamma", "delta")
FILES = 6


class _ReportSite(Site):
    """`/index.html` lists the folders, each `/src/<folder>/index.html` its files
    (`/src/<folder>/file<n>.c.html`), each page under the top linking back up through a trail; every
    list page links its sorted rendering `index-sort-l.html`, the same links in reverse
    order."""

    kind = "entity-tree"
    id = "coverage-report"

    @staticmethod
    def _page(
        title: str, rows: list[tuple[str, str]], sort: bool, crumbs: list[tuple[str, str]]
    ) -> web.Response:
        table = "".join(f'<tr><td class="file"><a href="{h}">{t}</a></td></tr>' for h, t in rows)
        bar = '<p class="sort"><a href="index-sort-l.html">lines</a></p>' if sort else ""
        trail = " / ".join(f'<a href="{h}">{t}</a>' for h, t in crumbs)
        html = (
            f'<html><head><title>{title}</title></head><body><p class="crumbs">{trail}</p>'
            f'<h1>{title}</h1>{bar}<table class="report">{table}</table></body></html>'
        )
        return web.Response(text=html, content_type="text/html")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        parts = request.path.strip("/").split("/")
        if len(parts) == 1 and parts[0] in ("index.html", "index-sort-l.html", ""):
            rows = [(f"src/{f}/index.html", f) for f in FOLDERS]
            return self._page("report", rows[::-1] if "sort" in parts[0] else rows, True, [])
        if len(parts) == 3 and parts[0] == "src" and parts[1] in FOLDERS:
            _, folder, name = parts
            base = FOLDERS.index(folder) * FILES
            rows = [(f"file{base + n}.c.html", f"file{base + n}.c") for n in range(1, FILES + 1)]
            top = [("/index.html", "top")]
            if name in ("index.html", "index-sort-l.html"):
                return self._page(folder, rows[::-1] if "sort" in name else rows, True, top)
            number = name.removeprefix("file").removesuffix(".c.html")
            if number.isdigit() and 0 < int(number) - base <= FILES:
                lines = [(f"#l{n}", f"line {n}") for n in range(1, 4)]
                crumbs = [*top, (f"/src/{folder}/index.html", folder)]
                return self._page(f"{folder}/{name}", lines, False, crumbs)
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        files = tuple(
            f"{base_url}/src/{f}/file{i * FILES + n}.c.html"
            for i, f in enumerate(FOLDERS)
            for n in range(1, FILES + 1)
        )
        folders = tuple(f"{base_url}/src/{f}/index.html" for f in FOLDERS)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"file": files},
            target_type="file",
            seed_entity=files[0],
            seed_path=(f"{base_url}/index.html", folders[0], files[0]),
            index_levels=((f"{base_url}/index.html",), folders),
        )


async def test_a_view_found_beside_one_list_page_is_not_loaded_beside_the_others() -> None:
    async with LabServer([_ReportSite()]) as server:
        truth = server.truth("coverage-report")
        downloaded: list[str] = []
        async with Session(SessionConfig(render="never", cache=None)) as session:
            session.events.on(
                "page", lambda snap, cached: None if cached else downloaded.append(snap.url)
            )
            result = await ssup(session, truth.seed_entity)
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    sorted_pages = [u for u in downloaded if "index-sort-l" in u]
    assert len(sorted_pages) <= 1, sorted_pages
    skips = [t for t in result.trace if t.step == "pagination" and "a view there" in t.note]
    assert len(skips) >= len(FOLDERS) - 2, [t.note for t in result.trace]
