"""The bench lab site: deterministic product pages of the promised size and link count."""

from __future__ import annotations

from siteseer.lab.sites.benchpages import PAGE_COUNTS, BenchSite
from siteseer.render import snapshot_from_html


def test_pages_are_deterministic_and_product_like() -> None:
    site = BenchSite("small", seed=0)
    assert site.count == PAGE_COUNTS["small"] == 500
    assert site.product(7) == BenchSite("small", seed=0).product(7)
    assert site.product(7) != BenchSite("small", seed=1).product(7)
    for i in (0, 1, 99, 250, 499):
        html = site.product(i)
        assert 15_000 <= len(html.encode("utf-8")) <= 40_000
        snap = snapshot_from_html(f"http://b.test/p/{i}", f"http://b.test/p/{i}", 200, html)
        assert 50 <= len(snap.links) <= 200
        assert "<script>" in html and snap.title.endswith(f" {i}")
        assert any(c.kind == "text" for c in snap.controls)  # the header's search box


def test_truth_lists_every_product() -> None:
    truth = BenchSite("medium").truth("http://b.test/")
    assert truth.kind == "bench" and len(truth.entities["product"]) == 500
    assert truth.entities["product"][3] == "http://b.test/p/3"
