"""Template detection and TEXT-MDL clustering: hand-built pages, then the mixed-templates site."""

from __future__ import annotations

from siteseer.algorithms.pagetemplates import (
    cluster_pages,
    essential_paths,
    mdl_cost,
    page_paths,
    sliding_window_detect,
    template_hash_detect,
)
from siteseer.render import Snapshot

CHROME_TOP = (
    "<header><a href='/'>Acme portal</a><ul class='menu'><li>News</li><li>Shop</li></ul></header>"
)
CHROME_END = "<footer><p>Copyright Acme portal, all rights reserved</p></footer>"


def page(n: int, body: str) -> Snapshot:
    html = f"<html><body>{CHROME_TOP}<main>{body}</main>{CHROME_END}</body></html>"
    return Snapshot(f"http://a.test/{n}", f"http://a.test/{n}", 200, html)


def product(n: int, reviews: bool = False) -> Snapshot:
    extra = "<div class='reviews'><h3>Reviews</h3><p>Great</p></div>" if reviews else ""
    return page(
        n,
        f"<h1>Lamp model {n * 7919 % 1000}</h1><dl class='specs'><dt>Weight</dt><dd>{n} kg</dd><dt>Colour</dt><dd>red {n}</dd></dl>{extra}",
    )


def article(n: int) -> Snapshot:
    return page(
        n,
        f"<article><h2>Story {n * 31 % 97}</h2><p class='byline'>By Ann {n}</p><p>Text {n * 13}</p></article>",
    )


def test_template_hash_detect_keeps_chrome_and_drops_content() -> None:
    pages = [product(n) for n in range(6)]
    parts = template_hash_detect(pages)
    for part in parts:
        assert "Acme portal" in part.text and "Copyright" in part.text
        assert "Lamp model" not in part.text
        # Labels repeated on every page belong to the template, values do not.
        assert "Weight" in part.text and " kg" not in part.text
    # header and footer are not siblings of each other's coalesced region: ≥ 2 regions.
    assert len(parts[0].regions) >= 2


def test_template_hash_upper_threshold_drops_frequent_small_nodes() -> None:
    pages = [page(n, "<br>" * 5 + f"<p>{n}</p>") for n in range(4)]
    parts = template_hash_detect(pages)
    assert all(
        not any(path.endswith("br[1]") for region in p.regions for path in region) for p in parts
    )


def test_sliding_window_finds_the_repeated_text() -> None:
    pages = [article(n) for n in range(10)]
    parts = sliding_window_detect(pages, window=3, frequency=5, sample=10)
    for n, part in enumerate(parts):
        assert "Copyright Acme portal" in part.text
        assert f"By Ann {n}" not in part.text
    # D = 2 keeps only fragments whose hash is even, the same ones on every page.
    sparse = sliding_window_detect(pages, window=3, frequency=5, density=2, sample=10)
    assert len({p.text for p in sparse}) == 1


def test_essential_paths_drop_rare_paths() -> None:
    docs = {"a": frozenset({"x", "y"}), "b": frozenset({"x", "z"}), "c": frozenset({"x", "y"})}
    assert essential_paths(docs, 2) == {
        "a": frozenset({"x", "y"}),
        "b": frozenset({"x"}),
        "c": frozenset({"x", "y"}),
    }


def test_page_paths_number_free() -> None:
    a = page_paths(page(1, "<div id='post-1'><b>#1</b></div>"))
    b = page_paths(page(2, "<div id='post-2'><b>#2</b></div>"))
    assert a == b


def test_mdl_prefers_the_true_clustering() -> None:
    pages = [product(n, reviews=n % 2 == 0) for n in range(8)] + [article(n) for n in range(8, 16)]
    docs = essential_paths({p.url: page_paths(p) for p in pages})
    truth = [[p.url for p in pages[:8]], [p.url for p in pages[8:]]]
    mixed = [[p.url for p in pages[::2]], [p.url for p in pages[1::2]]]
    assert mdl_cost(docs, truth) < mdl_cost(docs, mixed)
    assert mdl_cost(docs, truth) < mdl_cost(docs, [[p.url for p in pages]])


def test_clustering_exact_and_minhash_find_the_templates() -> None:
    pages = [product(n, reviews=n % 3 == 0) for n in range(12)] + [
        article(n) for n in range(12, 24)
    ]
    for method in ("exact", "minhash"):
        clustering = cluster_pages(pages, method=method)  # type: ignore[arg-type]
        groups = sorted(sorted(c.pages) for c in clustering.clusters)
        assert groups == sorted(
            [sorted(p.url for p in pages[:12]), sorted(p.url for p in pages[12:])]
        )
        product_cluster = next(c for c in clustering.clusters if pages[0].url in c.pages)
        assert any("'weight'" in path for path in product_cluster.paths)


# --- on the lab ------------------------------------------------------------------------------


async def test_clustering_matches_the_mixed_templates_truth(lab) -> None:  # type: ignore[no-untyped-def]
    from siteseer.algorithms import crawl_pages
    from siteseer.crawler import Session, SessionConfig
    from siteseer.lab import cluster_scores

    truth = lab("mixed-templates").truth("mixed-templates")
    async with Session(SessionConfig(render="never")) as session:
        pages = await crawl_pages(session, truth.base_url + "/", 5_000)
    assert len(pages) >= 0.95 * len(truth.templates)
    for method in ("exact", "minhash"):
        clustering = cluster_pages(pages, method=method)  # type: ignore[arg-type]
        predicted = {url: str(n) for url, n in clustering.labels().items()}
        scores = cluster_scores(
            {u: t for u, t in truth.templates.items() if u in predicted}, predicted
        )
        assert scores.ari >= 0.95, (method, scores)
        assert scores.purity >= 0.95, (method, scores)


async def test_template_detection_on_mixed_templates(lab) -> None:  # type: ignore[no-untyped-def]
    from siteseer.algorithms import crawl_pages
    from siteseer.crawler import Session, SessionConfig
    from siteseer.lab.sites.mixed import MixedTemplatesSite

    truth = lab("mixed-templates").truth("mixed-templates")
    async with Session(SessionConfig(render="never")) as session:
        pages = await crawl_pages(session, truth.base_url + "/", 5_000)
    brand = MixedTemplatesSite.brand.name
    articles = [p for p in pages if truth.templates.get(p.url) == "article"]
    assert articles
    for parts in (template_hash_detect(pages), sliding_window_detect(pages)):
        by_url = {p.url: p for p in parts}
        # The site's chrome is template on every page; an article's own headline is not.
        assert all(brand in by_url[p.url].text for p in pages)
        for snap in articles:
            headline = snap.tree().findtext(".//h1") or ""
            assert headline.strip() and headline.strip() not in by_url[snap.url].text


def test_reported_cost_is_the_mdl_cost_of_the_clusters() -> None:
    pages = [product(n, reviews=n % 2 == 0) for n in range(6)] + [article(n) for n in range(6, 12)]
    docs = {p.url: page_paths(p) for p in pages}
    clustering = cluster_pages(docs, method="exact", absorb=None)
    cost = mdl_cost(essential_paths(docs), [c.pages for c in clustering.clusters])
    assert abs(clustering.mdl_bits - cost) < 1e-6
    # Every further merge would cost more: the agglomeration stopped at a local optimum.
    clusters = [list(c.pages) for c in clustering.clusters]
    for i in range(len(clusters)):
        for j in range(i + 1, len(clusters)):
            merged = [c for k, c in enumerate(clusters) if k not in (i, j)] + [
                clusters[i] + clusters[j]
            ]
            assert mdl_cost(essential_paths(docs), merged) >= cost
