"""An Exploration's outputs: entities.jsonl, queries.json, the query DAG as DOT and SVG.

`write_exploration(result, directory)` writes all of them. The DAG's SVG comes from Graphviz's
`dot` when it is on PATH; otherwise it is drawn with matplotlib (queries placed in rows by depth,
the start query on top, drill-down edges labelled with their value), so an SVG is always written.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from algorithms import Exploration
from output.partial import marked

__all__ = ["OutputFiles", "entity_lines", "queries_document", "to_dot", "write_exploration"]

SvgEngine = Literal["graphviz", "matplotlib"]


def entity_lines(result: Exploration) -> list[str]:
    """One JSON object per entity: ``{"url": …, "attributes": {name: [values]}}``, by URL
    (with ``"complete": false`` and the reason when the exploration stopped early)."""
    return [
        json.dumps(
            marked(
                {"url": url, "attributes": {a: list(v) for a, v in attrs.items()}},
                result.complete,
                result.reason,
            ),
            ensure_ascii=False,
        )
        for url, attrs in sorted(result.entities.items())
    ]


def queries_document(result: Exploration) -> dict[str, Any]:
    """The queries (conditions, entity-set size, pages, status), the DAG's edges and the
    skipped links and controls with their reasons."""
    return {
        "start": result.start,
        "complete": result.complete,
        "reason": result.reason,
        "entity_pattern": result.entity_pattern,
        "states": result.states,
        "queries": [
            {
                "id": q.id,
                "conditions": [{"attribute": a, "value": v} for a, v in q.conditions],
                "entities": len(q.entities),
                "pages": list(q.pages),
                "depth": q.depth,
                "status": q.status,
                "equivalent_to": q.equivalent_to or None,
            }
            for q in result.queries
        ],
        "edges": [
            {"from": e.parent, "to": e.child, "attribute": e.attribute, "value": e.value}
            for e in result.edges
        ],
        "skipped": [
            {"subject": s.subject, "reason": s.reason, "detail": s.detail, "query": s.query}
            for s in result.skipped
        ],
        "cost": {
            "downloads": result.cost.downloads,
            "renders": result.cost.renders,
            "actions": result.cost.actions,
            "cache_hits": result.cost.cache_hits,
            "seconds": result.cost.seconds,
        },
    }


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_dot(result: Exploration) -> str:
    """The query DAG in Graphviz DOT: one node per query (its last condition and entity count),
    equivalent queries dashed, drill-down edges labelled attribute = value."""
    lines = ["digraph queries {", "  rankdir=LR;", '  node [shape=box, fontname="Helvetica"];']
    for q in result.queries:
        last = f"{q.conditions[-1][0]} = {q.conditions[-1][1]}" if q.conditions else "start"
        label = f"{q.id}: {last}\\n{len(q.entities)} entities"
        style = ', style="dashed"' if q.status == "equivalent" else ""
        lines.append(f"  {q.id} [label={_quote(label)}{style}];")
    for e in result.edges:
        lines.append(f"  {e.parent} -> {e.child} [label={_quote(f'{e.attribute} = {e.value}')}];")
    for q in result.queries:
        if q.equivalent_to:
            lines.append(f'  {q.id} -> {q.equivalent_to} [style="dotted", dir="both"];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def _svg_matplotlib(result: Exploration, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows: dict[int, list[str]] = defaultdict(list)
    for q in result.queries:
        rows[q.depth].append(q.id)
    width = max((len(r) for r in rows.values()), default=1)
    pos: dict[str, tuple[float, float]] = {}
    for depth, ids in rows.items():
        for i, qid in enumerate(ids):
            pos[qid] = ((i + 0.5) * width / len(ids), -depth)
    by_id = {q.id: q for q in result.queries}
    fig, ax = plt.subplots(figsize=(min(4 + width * 0.9, 120), 2 + 2.2 * len(rows)))
    for e in result.edges:
        (x0, y0), (x1, y1) = pos[e.parent], pos[e.child]
        ax.plot([x0, x1], [y0, y1], color="#999", linewidth=0.6, zorder=1)
    for qid, (x, y) in pos.items():
        q = by_id[qid]
        text = q.conditions[-1][1] if q.conditions else "start"
        style = "--" if q.status == "equivalent" else "-"
        ax.text(
            x,
            y,
            f"{text}\n{len(q.entities)}",
            ha="center",
            va="center",
            fontsize=6,
            rotation=90 if q.depth and width > 20 else 0,
            bbox={"boxstyle": "round", "facecolor": "#eef3f8", "linestyle": style},
            zorder=2,
        )
    ax.set_xlim(-0.5, width + 0.5)
    ax.set_ylim(-len(rows) + 0.4, 0.6)
    ax.axis("off")
    ax.set_title(f"Query DAG of {result.start}", fontsize=9)
    fig.savefig(path, format="svg", bbox_inches="tight")
    plt.close(fig)


@dataclass(frozen=True)
class OutputFiles:
    """What `write_exploration` wrote; `svg_engine` says how the SVG was drawn."""

    entities: Path
    queries: Path
    dot: Path
    svg: Path
    svg_engine: SvgEngine
    svg_note: str = ""  # why Graphviz was not used


def write_exploration(result: Exploration, directory: Path) -> OutputFiles:
    """Write entities.jsonl, queries.json, dag.dot and dag.svg into `directory` (created)."""
    directory.mkdir(parents=True, exist_ok=True)
    entities = directory / "entities.jsonl"
    entities.write_text("".join(line + "\n" for line in entity_lines(result)), encoding="utf-8")
    queries = directory / "queries.json"
    queries.write_text(
        json.dumps(queries_document(result), ensure_ascii=False, indent=1), encoding="utf-8"
    )
    dot = directory / "dag.dot"
    dot.write_text(to_dot(result), encoding="utf-8")
    svg = directory / "dag.svg"
    graphviz = shutil.which("dot")
    engine: SvgEngine = "matplotlib"
    note = "Graphviz's dot is not on PATH; drawn with matplotlib"
    if graphviz is not None:
        done = subprocess.run(
            [graphviz, "-Tsvg", str(dot), "-o", str(svg)], capture_output=True, check=False
        )
        if done.returncode == 0:
            engine, note = "graphviz", ""
        else:
            error = done.stderr.decode(errors="replace").strip()
            note = f"dot failed ({error}); drawn with matplotlib"
    if engine == "matplotlib":
        _svg_matplotlib(result, svg)
    return OutputFiles(entities, queries, dot, svg, engine, note)
