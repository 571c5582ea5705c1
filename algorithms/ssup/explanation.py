"""A Discovery's trace as an indented tree, for `siteseer discover --explain`."""

from __future__ import annotations

from siteseer.algorithms.result import Discovery, TraceEntry

__all__ = ["explain_discovery"]


def explain_discovery(discovery: Discovery) -> str:
    """The run's trace as an indented tree: the sample page path, then each step by level.

    Works for any Discovery (SSUP's steps are top-index, sample-path, pagination, same-level and
    index; Indesit's is collection).
    """
    lines = [f"{discovery.method} from {discovery.seed}"]
    if discovery.sample_path:
        lines.append("├─ sample page path")
        for depth, url in enumerate(discovery.sample_path):
            lines.append(f"│  {'   ' * depth}└─ {url}")
    by_level: dict[int | None, list[TraceEntry]] = {}
    for entry in discovery.trace:
        if entry.step == "fetch":
            continue
        by_level.setdefault(entry.level, []).append(entry)
    for level in sorted(by_level, key=lambda v: (v is None, v if v is not None else 0)):
        title = "run" if level is None else (f"climb {-level}" if level < 0 else f"level {level}")
        lines.append(f"├─ {title}")
        for entry in by_level[level]:
            lines.append(f"│  ├─ {entry.line()}")
            if entry.note:
                lines.append(f"│  │    {entry.note}")
    errors = sum(1 for e in discovery.trace if e.step == "fetch")
    if errors:
        lines.append(f"├─ {errors} page(s) could not be used (errors, non-2xx, not HTML)")
    state = "complete" if discovery.complete else f"incomplete: {discovery.reason}"
    lines.append(
        f"└─ {len(discovery.entities)} entities, "
        f"{sum(len(level) for level in discovery.index_pages)} index pages, {state}"
    )
    return "\n".join(lines)
