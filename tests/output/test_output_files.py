"""The files of an Exploration and of a URL-templates report, from hand-built results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from algorithms import (
    Exploration,
    ExploredQuery,
    GeneratedUrl,
    QueryEdge,
    TemplateReport,
    UrlTemplate,
)
from output import exploration, write_exploration, write_template_report


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
