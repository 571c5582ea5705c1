"""The order in which SSUP's same-level test tries a group's pages (`algorithms.ssup.levels`),
on hand-built pages: the page judged ahead from the level above is tried first (it measures the
group at no cost), the others in the list's order, a page the climb loaded among them. The climb
loads the pages nearest the seed (its siblings), the most alike of a group: tried first, one of
them would pass the group on its own and hide how far the group's pages vary, and minsim_html
would stay too high for the later groups (a class index's third group of classes, pruned)."""

from __future__ import annotations

from types import SimpleNamespace

from siteseer.algorithms.features.dom import html_schema
from siteseer.algorithms.ssup.levels import _probe
from siteseer.render import Snapshot, snapshot_from_html

_BASE = "http://docs.test/"


def _page(name: str, links: int) -> Snapshot:
    items = "".join(f'<li><a href="/{name}/{n}.html">{n}</a></li>' for n in range(links))
    extra = "".join(f'<div class="d{n}"><a href="/x{n}.html">x</a></div>' for n in range(links))
    html = f'<html><body><ul class="toc">{items}</ul>{extra}</body></html>'
    return snapshot_from_html(_BASE + name, _BASE + name, 200, html)


class _Run:
    """The part of a `Run` a probe uses: the pages loaded already (`loaded` of the `site`'s),
    and the URLs asked for, in order."""

    def __init__(self, site: dict[str, Snapshot], loaded: str) -> None:
        self.site = site
        self.pages = {loaded: site[loaded]}
        self.failed: dict[str, str] = {}
        self.files: set[str] = set()
        self.asked: list[str] = []

    async def fetch_one(self, url: str) -> Snapshot | None:
        self.asked.append(url)
        self.pages[url] = self.site[url]
        return self.site[url]


async def test_the_page_judged_ahead_is_tried_first_and_the_climbs_pages_in_list_order() -> None:
    sample = _page("sample", 3)
    pages = {_BASE + n: _page(n, size) for n, size in (("a", 3), ("b", 1), ("c", 2))}
    urls = tuple(pages)
    schema = html_schema(sample)
    # b, loaded by the climb, keeps its place: the first page of the list is tried first.
    run = _Run(pages, _BASE + "b")
    same = SimpleNamespace(run=run, mode="tags", probe=1, ahead=set())
    passed, best = await _probe(same, urls, schema, 0.5, sample.url)  # type: ignore[arg-type]
    assert run.asked == [_BASE + "a"] and passed and best == 1.0
    # c, judged ahead from the level above, is tried before them.
    run = _Run(pages, _BASE + "b")
    same = SimpleNamespace(run=run, mode="tags", probe=1, ahead={_BASE + "c"})
    await _probe(same, urls, schema, 0.5, sample.url)  # type: ignore[arg-type]
    assert run.asked == [_BASE + "c"]
