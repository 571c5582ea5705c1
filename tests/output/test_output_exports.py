"""The output package's public surface is exactly its `__all__`."""

from __future__ import annotations

from siteseer import output


def test_output_exports_exactly_its_surface() -> None:
    assert output.__all__ == sorted(output.__all__)
    assert set(output.__all__) == {
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
    }
    for name in set(output.__all__) - {"Layers", "RowFormat"}:  # Literal aliases: no module
        assert getattr(output, name).__module__.startswith("siteseer.output."), name
