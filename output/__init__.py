"""What siteseer writes and draws from a method's result: files and pictures, no crawling.

    from siteseer.output import annotate, write_exploration, write_template_report

`output.exploration` writes an Exploration (entities.jsonl, queries.json, the query DAG as
dag.dot and dag.svg through Graphviz's `dot` or matplotlib); `output.templates` a URL-templates
report (templates.jsonl, found.txt, checked.jsonl); `output.explain` draws a page's link
collections on its screenshot with OpenCV; `output.warc` writes pages as a WARC file;
`output.rows` the entity pages of a Discovery and the clusters of a page clustering as JSON
lines, a JSON array or CSV; `output.partial` marks the rows of an incomplete run's outputs
(``"complete": false`` and the reason). The results come from algorithms/, which writes
nothing itself.

`annotate` (and its `Layers`, `AnnotationError`) load with their first use: OpenCV and numpy,
which they draw with, stay out of a command that writes rows or files only.
"""

import importlib
import typing

from siteseer.output.exploration import OutputFiles, write_exploration
from siteseer.output.partial import marked, marked_fields
from siteseer.output.rows import (
    EntityRecord,
    RowFormat,
    cluster_rows,
    entity_records,
    entity_rows,
    pages_answered,
    rows_text,
)
from siteseer.output.templates import write_template_report
from siteseer.output.warc import write_warc

if typing.TYPE_CHECKING:
    from siteseer.output.explain import AnnotationError, Layers, annotate

__all__ = [
    "AnnotationError",
    "EntityRecord",
    "Layers",
    "OutputFiles",
    "RowFormat",
    "annotate",
    "cluster_rows",
    "entity_records",
    "entity_rows",
    "marked",
    "marked_fields",
    "pages_answered",
    "rows_text",
    "write_exploration",
    "write_template_report",
    "write_warc",
]

_LAZY = {"AnnotationError", "Layers", "annotate"}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        return getattr(importlib.import_module("siteseer.output.explain"), name)
    raise AttributeError(f"module 'siteseer.output' has no attribute {name!r}")
