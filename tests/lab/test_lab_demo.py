"""The demo's stages and its compact table (lab/demo.py)."""

from __future__ import annotations

from siteseer.crawler import Cost
from siteseer.lab import SITE_IDS
from siteseer.lab.demo import STAGES, format_table, stages_for
from siteseer.lab.registry import methods
from siteseer.lab.results import BenchRow


def test_demo_stages_name_registered_methods_and_lab_sites() -> None:
    registered = methods()
    for stage in STAGES:
        assert set(stage.methods) <= set(registered), stage.name
        assert set(stage.sites) <= set(SITE_IDS), stage.name
    (first,) = stages_for(["council"])[:1]
    assert first.sites == ("council",)
    assert stages_for(["shop-ajax"], STAGES[:1]) == []


def test_format_table_aligns_columns() -> None:
    rows = [
        BenchRow("council", "ssup", 1.0, 0.5, 2 / 3, 1.25, 4, True, Cost(downloads=12)),
        BenchRow("olympic", "gpp", None, None, None, 0.5, 4, False, error="boom"),
    ]
    lines = format_table(rows).splitlines()
    assert lines[0].split() == ["site", "method", "P", "R", "F1", "downloads", "seconds"]
    assert lines[2].split() == ["council", "ssup", "1.000", "0.500", "0.667", "12", "1.25"]
    assert lines[3].endswith("FAILED: boom")
    assert len({len(line) for line in lines[:3]}) == 1
