"""The files of an Exploration and of a URL-templates report, from hand-built results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from siteseer.algorithms import (
    Exploration,
    ExploredQuery,
    GeneratedUrl,
    QueryEdge,
    TemplateReport,
    UrlTemplate,
)
from siteseer.output import exploration, write_exploration, write_template_report


def small_exploration() -> Exploration:
    e1, e2 = "http://s/p/1", "http://s/p/2"
    return Exploration(
        method="query-centric",
        start="http://s/shop",
        entities={e2: {"colour": ("Red",)}, e1: {"colour": ("Blue", "Red")}},
        queries=(
            ExploredQuery("q0", (), (e1, e2), ("http://s/shop",), 0),
            ExploredQuery("q1", (("colour", "Red"),), (e1, e2), ("http://s/shop?c=red",), 1),
            ExploredQuery(
                "q2",
                (("colour", "Blue"),),
                (e1,),
                ("http://s/shop?c=blue",),
                1,
                status="equivalent",
                equivalent_to="q1",
            ),
        ),
        edges=(QueryEdge("q0", "q1", "colour", "Red"), QueryEdge("q0", "q2", "colour", "Blue")),
        states=3,
    )


def test_write_exploration_without_graphviz_draws_with_matplotlib(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(exploration.shutil, "which", lambda name: None)
    files = write_exploration(small_exploration(), tmp_path / "out")
    assert files.svg_engine == "matplotlib" and "not on PATH" in files.svg_note
    rows = [json.loads(line) for line in files.entities.read_text().splitlines()]
    assert rows == [
        {"url": "http://s/p/1", "attributes": {"colour": ["Blue", "Red"]}},
        {"url": "http://s/p/2", "attributes": {"colour": ["Red"]}},
    ]
    queries = json.loads(files.queries.read_text())
    assert [(q["id"], q["entities"], q["status"]) for q in queries["queries"]] == [
        ("q0", 2, "explored"),
        ("q1", 2, "explored"),
        ("q2", 1, "equivalent"),
    ]
    assert queries["edges"][0] == {"from": "q0", "to": "q1", "attribute": "colour", "value": "Red"}
    dot = files.dot.read_text()
    assert 'q0 -> q1 [label="colour = Red"];' in dot
    (q2,) = [line for line in dot.splitlines() if line.startswith('  q2 [label="q2: colour = Blue')]
    assert q2.endswith(', style="dashed"];')
    assert 'q2 -> q1 [style="dotted", dir="both"];' in dot
    assert files.svg.read_text().lstrip().startswith(("<?xml", "<svg"))


def test_dot_labels_break_lines_once_escaped() -> None:
    dot = exploration.to_dot(small_exploration())
    assert '  q0 [label="q0: start\\n2 entities"];' in dot  # DOT's own line break: one \n
    assert "\\\\n" not in dot


def wide_exploration(children: int) -> Exploration:
    entities = tuple(f"http://s/p/{i}" for i in range(children))
    queries = [ExploredQuery("q0", (), entities, ("http://s/shop",), 0)]
    edges = []
    for i in range(children):
        value = f"Brand number {i} with a rather long name"
        queries.append(ExploredQuery(f"q{i + 1}", (("brand", value),), entities[i : i + 1], (), 1))
        edges.append(QueryEdge("q0", f"q{i + 1}", "brand", value))
    return Exploration("query-centric", "http://s/shop", {}, tuple(queries), tuple(edges))


def test_the_fallback_dag_keeps_every_node_on_a_readable_page(tmp_path: Path) -> None:
    import re

    result = wide_exploration(60)
    layout = exploration.dag_layout(result)
    assert layout["q0"] == (exploration.DAG_COLUMNS / 2, 0.0)  # the root alone, centred, on top
    assert all(0 < x < exploration.DAG_COLUMNS for x, _ in layout.values())
    rows = {y for _, y in layout.values()}
    assert rows == {float(r) for r in range(1 + -(-60 // exploration.DAG_COLUMNS))}
    svg_path = tmp_path / "dag.svg"
    exploration._svg_matplotlib(result, svg_path)
    svg = svg_path.read_text()
    width = float(re.search(r'<svg[^>]*width="([\d.]+)pt"', svg)[1])  # type: ignore[index]
    assert width <= 1200  # was 3,200 pt
    assert not re.search(r"rotate\((?!-?0 )", svg)  # horizontal labels
    assert svg.count("entities") == len(result.queries)  # every node drawn


def test_write_template_report(tmp_path: Path) -> None:
    template = UrlTemplate(
        pattern="http://s/p/{N}",
        regex=r"http://s/p/(\d+)",
        values=(1, 2, 5),
        gaps=((3, 4),),
        urls=3,
        key="http://s/p/{N}",
        tried=2,
        found=("http://s/p/3",),
    )
    checked = (
        GeneratedUrl("http://s/p/3", "http://s/p/{N}", "entity", "http://s/p/3", 200),
        GeneratedUrl("http://s/p/4", "http://s/p/{N}", "empty", "http://s/p/4", 404),
    )
    report = TemplateReport("url-templates", (template,), ("http://s/p/3",), checked)
    write_template_report(report, tmp_path / "out")
    rows = [
        json.loads(line) for line in (tmp_path / "out/templates.jsonl").read_text().splitlines()
    ]
    assert rows == [
        {
            "key": "http://s/p/{N}",
            "pattern": "http://s/p/{N}",
            "variable": "{N}",
            "values": [1, 2, 5],
            "gaps": [[3, 4]],
            "urls": 3,
            "tried": 2,
            "found": ["http://s/p/3"],
        }
    ]
    assert (tmp_path / "out/found.txt").read_text() == "http://s/p/3\n"
    lines = (tmp_path / "out/checked.jsonl").read_text().splitlines()
    assert [json.loads(line)["verdict"] for line in lines] == ["entity", "empty"]
