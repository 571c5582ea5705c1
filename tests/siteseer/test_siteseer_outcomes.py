"""What the commands hand the CLI to print: summaries and lines built from hand-made results."""

from __future__ import annotations

import json
from pathlib import Path

from siteseer.algorithms import (
    Discovery,
    EntityDescription,
    Exploration,
    ExploredQuery,
    PageCluster,
    PageClustering,
    QueryEdge,
    Skipped,
    TemplateReport,
    UrlTemplate,
)
from siteseer.commands.describe import DescribeOutcome
from siteseer.commands.discover import DiscoverOutcome
from siteseer.commands.explore import ExploreOutcome
from siteseer.commands.templates import ClusterOutcome, UrlTemplatesOutcome
from siteseer.crawler import Cost
from siteseer.output import OutputFiles, cluster_rows


def test_discover_summary_counts_index_pages_of_every_level() -> None:
    found = Discovery(
        "ssup",
        "http://a.test/e/1",
        ("http://a.test/e/1", "http://a.test/e/2"),
        index_pages=(("http://a.test/",), ("http://a.test/l/1", "http://a.test/l/2")),
        cost=Cost(downloads=9, renders=2, seconds=1.234),
    )
    assert DiscoverOutcome(found, "").summary == (
        "ssup: 2 entity pages, 3 index pages, 9 pages downloaded (2 rendered), "
        "none from the cache, 1.23 s"
    )
    assert DiscoverOutcome(found, "").wrote is None
    assert DiscoverOutcome(found, "", Path("x.jsonl")).wrote == "wrote 2 entity pages to x.jsonl"


def _files(note: str = "") -> OutputFiles:
    out = Path("out")
    return OutputFiles(
        out / "entities.jsonl",
        out / "queries.json",
        out / "dag.dot",
        out / "dag.svg",
        "matplotlib" if note else "graphviz",
        note,
    )


def test_explore_notes_count_queries_and_skips() -> None:
    result = Exploration(
        "query-centric",
        "http://a.test/shop",
        {"http://a.test/p/1": {"brand": ("Acme",)}},
        queries=(
            ExploredQuery("q0", (), ("http://a.test/p/1",), ("s0",), 0),
            ExploredQuery("q1", (("brand", "Acme"),), ("http://a.test/p/1",), ("s1",), 1),
            ExploredQuery("q2", (("brand", "Acme"),), (), ("s2",), 1, "equivalent", "q1"),
        ),
        edges=(QueryEdge("q0", "q1", "brand", "Acme"),),
        skipped=(
            Skipped("sort=price", "ordering"),
            Skipped("/cart", "unsafe"),
            Skipped("sort=name", "ordering"),
        ),
        cost=Cost(downloads=5, renders=1, actions=2, cache_hits=3, seconds=2.5),
        states=4,
    )
    assert ExploreOutcome(result, _files("dot is not installed")).notes == (
        "explore: 1 entities, 2 queries explored, 1 equivalent, 1 DAG edges, 4 states; "
        "5 pages loaded (1 rendered, 2 actions, 3 from the cache), 2.50 s",
        "skipped: 2 ordering, 1 unsafe",
        "dag.svg: dot is not installed",
        "wrote out/entities.jsonl, out/queries.json, out/dag.dot, out/dag.svg",
    )
    quiet = Exploration("query-centric", "http://a.test/shop", {})
    assert [line.split(":")[0] for line in ExploreOutcome(quiet, _files()).notes] == [
        "explore",
        "wrote out/entities.jsonl, out/queries.json, out/dag.dot, out/dag.svg",
    ]


def test_url_templates_notes_and_files() -> None:
    template = UrlTemplate(
        "http://a.test/item/x{N}",
        r"x(\d+)",
        (1, 2, 5),
        ((3, 4),),
        3,
        key="http://a.test/item/{T}{N}",
        tried=2,
        found=("http://a.test/item/x3",),
    )
    report = TemplateReport(
        "url-templates",
        (template,),
        ("http://a.test/item/x3",),
        stages=(("INIT", 4), ("FINAL", 1)),
        cost=Cost(downloads=6, errors=1),
    )
    outcome = UrlTemplatesOutcome(report, written=Path("out"))
    assert outcome.notes == (
        "http://a.test/item/{T}{N}  ids 1–5 (3 known, 1 gaps); tried 2, found 1",
        "url-templates: 1 templates (INIT 4, FINAL 1); 1 new entity pages from 0 generated "
        "URLs; 6 pages downloaded, none from the cache, 1 failed",
    )
    assert outcome.wrote == "wrote out/templates.jsonl, found.txt, checked.jsonl"
    assert UrlTemplatesOutcome(report).wrote is None


def test_cluster_summary_and_rows() -> None:
    clustering = PageClustering(
        "text-mdl-minhash",
        (PageCluster(("a", "b"), ("html/body/p",)), PageCluster(("c",), ())),
        mdl_bits=1234.4,
        seconds=0.5,
    )
    rows = cluster_rows(clustering)
    assert rows.splitlines() == [
        '{"cluster": 0, "size": 2, "pages": ["a", "b"], "template_paths": ["html/body/p"]}',
        '{"cluster": 1, "size": 1, "pages": ["c"], "template_paths": []}',
    ]
    assert json.loads(cluster_rows(clustering, "json")) == [
        json.loads(r) for r in rows.splitlines()
    ]
    assert cluster_rows(clustering, "csv") == "url,cluster,size\r\na,0,2\r\nb,0,2\r\nc,1,1\r\n"
    assert ClusterOutcome(clustering, 3, rows).summary == (
        "text-mdl-minhash: 3 pages in 2 clusters, MDL 1234 bits, 0.50 s"
    )


def test_describe_lines_and_notes() -> None:
    description = EntityDescription(
        ("born", "height"),
        ("http://a.test/p/1", "http://b.test/q/1"),
        per_sample=(("born", "height", "team"), ()),
    )
    outcome = DescribeOutcome(
        description, (("http://a.test/p/2", True), ("http://a.test/n", False))
    )
    assert outcome.notes == (
        "http://a.test/p/1: born, height, team",
        "http://b.test/q/1: (no template terms)",
    )
    assert outcome.lines == ("born, height", "yes\thttp://a.test/p/2", "no\thttp://a.test/n")
