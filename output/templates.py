"""A URL-templates run's outputs (`siteseer templates urls --out DIR`).

`write_template_report(report, directory)` writes templates.jsonl (one template a line: its key,
pattern, known ids, gaps and what generation tried and found), found.txt (the new entity URLs,
one a line) and checked.jsonl (every generated URL loaded, with its verdict); the JSON lines of
an incomplete run carry ``"complete": false`` and the reason (`output.partial`).
"""

from __future__ import annotations

import json
from pathlib import Path

from siteseer.algorithms import TemplateReport
from siteseer.output.partial import marked

__all__ = ["write_template_report"]


def write_template_report(report: TemplateReport, directory: Path) -> None:
    """Write templates.jsonl, found.txt and checked.jsonl into `directory` (created)."""
    directory.mkdir(parents=True, exist_ok=True)
    with (directory / "templates.jsonl").open("w", encoding="utf-8") as stream:
        for template in report.templates:
            row = {
                "key": template.key,
                "pattern": template.pattern,
                "variable": "{N}",
                "values": list(template.values),
                "gaps": [list(g) for g in template.gaps],
                "urls": template.urls,
                "tried": template.tried,
                "found": list(template.found),
            }
            stream.write(json.dumps(marked(row, report.complete, report.reason)) + "\n")
    (directory / "found.txt").write_text("".join(u + "\n" for u in report.found), encoding="utf-8")
    with (directory / "checked.jsonl").open("w", encoding="utf-8") as stream:
        for checked in report.checked:
            row = {
                "url": checked.url,
                "template": checked.template,
                "verdict": checked.verdict,
                "final_url": checked.final_url,
                "status": checked.status,
            }
            stream.write(json.dumps(marked(row, report.complete, report.reason)) + "\n")
