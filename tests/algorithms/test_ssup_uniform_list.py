"""SSUP's later groups of a list built alike throughout (algorithms/ssup/uniform.py), against the
truth of a small site: a coverage report whose index page's table lists one page per source
file, each named ``/z_<folder hash>_<file name>_py.html`` by one path segment, so that the URL
terms split the one list into a group per folder; every file's page is built as the seed's."""

from __future__ import annotations

import hashlib

from aiohttp import web
from ssup_runs import ssup_counting

from siteseer.lab import LabServer, Site, SiteTruth, set_scores

FOLDERS = ("core", "render", "crawler", "lab", "output", "algorithms", "features")
NAMES = ("session", "pool", "cache", "scores", "rows", "climb", "urlshape", "__init__")


def _page(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body><main>{body}</main></body></html>"
    return web.Response(text=html, content_type="text/html")


class _CoverageSite(Site):
    """`/index.html` holds a table of every source file, a row each linking its page; a file's
    page links back to the index and shows its numbered lines."""

    kind = "entity-tree"
    id = "coverage-report"

    @staticmethod
    def files() -> list[str]:
        out = []
        for i, folder in enumerate(FOLDERS):
            digest = hashlib.sha256(folder.encode()).hexdigest()[:16]
            for name in NAMES[: 3 + i % 5]:
                out.append(f"z_{digest}_{name}_py.html")
        return out

    async def handle(self, request: web.Request) -> web.StreamResponse:
        files = self.files()
        name = request.path.lstrip("/")
        if name in ("", "index.html"):
            rows = "".join(
                f'<tr class="region"><td class="name"><a href="/{f}">{f[19:]}</a></td>'
                f"<td>{len(f)}</td><td>{len(f) % 7}</td></tr>"
                for f in files
            )
            return _page("Coverage report", f'<table class="index">{rows}</table>')
        if name in files:
            lines = "".join(f'<p class="line"><span class="n">{n}</span>code</p>' for n in range(9))
            head = '<header><a href="index.html">Coverage report</a></header>'
            return _page(name, f"{head}<h1>{name}</h1>{lines}")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        files = tuple(f"{base_url}/{f}" for f in self.files())
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"file": files},
            target_type="file",
            seed_entity=files[0],
            seed_path=(f"{base_url}/index.html", files[0]),
            index_levels=((f"{base_url}/index.html",),),
        )


async def test_a_list_split_by_its_names_costs_one_probe_not_one_per_group() -> None:
    async with LabServer([_CoverageSite()]) as server:
        truth = server.truth("coverage-report")
        result, downloaded = await ssup_counting(truth.seed_entity, height=1)
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    free = [t for t in result.trace if t.step == "same-level" and "built as the sample" in t.note]
    assert free, "no later group kept by the group that showed the list built alike"
    # the seed, the index page, and one page of one later group
    assert len(downloaded) == 3, downloaded
