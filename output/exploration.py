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

from siteseer.algorithms import Exploration
from siteseer.output.partial import marked

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
    """A DOT string: backslashes and quotes escaped, each line break as DOT's ``\\n``."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def to_dot(result: Exploration) -> str:
    """The query DAG in Graphviz DOT: one node per query (its last condition and entity count),
    equivalent queries dashed, drill-down edges labelled attribute = value."""
    lines = ["digraph queries {", "  rankdir=LR;", '  node [shape=box, fontname="Helvetica"];']
    for q in result.queries:
        last = f"{q.conditions[-1][0]} = {q.conditions[-1][1]}" if q.conditions else "start"
        label = f"{q.id}: {last}\n{len(q.entities)} entities"
        style = ', style="dashed"' if q.status == "equivalent" else ""
        lines.append(f"  {q.id} [label={_quote(label)}{style}];")
    for e in result.edges:
        lines.append(f"  {e.parent} -> {e.child} [label={_quote(f'{e.attribute} = {e.value}')}];")
    for q in result.queries:
        if q.equivalent_to:
            lines.append(f'  {q.id} -> {q.equivalent_to} [style="dotted", dir="both"];')
    lines.append("}")
    return "\n".join(lines) + "\n"


# The matplotlib fallback's layout: at most this many nodes side by side; a level with more
# wraps onto further rows. Sizes in inches and points, so a label reads at 100 %.
DAG_COLUMNS = 8
_CELL_W, _CELL_H, _LABEL_PT, _LABEL_CHARS = 1.9, 0.95, 8, 22


def dag_layout(result: Exploration) -> dict[str, tuple[float, float]]:
    """Each query's (column, row) in the fallback drawing: levels top down (the start query
    alone on the first row), each level's queries in rows of at most DAG_COLUMNS, centred."""
    levels: dict[int, list[str]] = defaultdict(list)
    for q in result.queries:
        levels[q.depth].append(q.id)
    pos: dict[str, tuple[float, float]] = {}
    row = 0
    for depth in sorted(levels):
        ids = levels[depth]
        for start in range(0, len(ids), DAG_COLUMNS):
            chunk = ids[start : start + DAG_COLUMNS]
            offset = (DAG_COLUMNS - len(chunk)) / 2
            for i, qid in enumerate(chunk):
                pos[qid] = (offset + i + 0.5, float(row))
            row += 1
    return pos


def _short(text: str) -> str:
    return text if len(text) <= _LABEL_CHARS else text[: _LABEL_CHARS - 1] + "…"


def _svg_matplotlib(result: Exploration, path: Path) -> None:
    """The DAG without Graphviz: a layered layout (`dag_layout`), horizontal labels at a fixed
    size, the figure sized to hold every node."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    pos = dag_layout(result)
    rows = int(max((y for _x, y in pos.values()), default=0)) + 1
    fig, ax = plt.subplots(figsize=(DAG_COLUMNS * _CELL_W, 0.8 + rows * _CELL_H))
    for e in result.edges:
        if e.parent in pos and e.child in pos:
            (x0, y0), (x1, y1) = pos[e.parent], pos[e.child]
            ax.plot([x0, x1], [y0, y1], color="#b8c4d0", linewidth=0.6, zorder=1)
    by_id = {q.id: q for q in result.queries}
    for qid, (x, y) in pos.items():
        q = by_id[qid]
        text = f"{q.conditions[-1][0]} = {q.conditions[-1][1]}" if q.conditions else "start"
        ax.text(
            x,
            y,
            f"{_short(text)}\n{len(q.entities)} entities",
            ha="center",
            va="center",
            fontsize=_LABEL_PT,
            bbox={
                "boxstyle": "round,pad=0.3",
                "facecolor": "#eef3f8" if q.status == "explored" else "#ffffff",
                "edgecolor": "#6b7f95",
                "linestyle": "--" if q.status == "equivalent" else "-",
            },
            zorder=2,
        )
    ax.set_xlim(0, DAG_COLUMNS)
    ax.set_ylim(rows - 0.5, -0.5)
    ax.axis("off")
    ax.set_title(f"Query DAG of {result.start} ({len(pos)} queries)", fontsize=10)
    fig.subplots_adjust(left=0.01, right=0.99, top=1 - 0.5 / (0.8 + rows * _CELL_H), bottom=0.01)
    # Text stays text (not glyph paths): the file is smaller, searchable, and written ~5× faster.
    with matplotlib.rc_context({"svg.fonttype": "none"}):
        fig.savefig(path, format="svg")
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
