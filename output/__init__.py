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
"""

from siteseer.output.explain import AnnotationError, Layers, annotate
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
