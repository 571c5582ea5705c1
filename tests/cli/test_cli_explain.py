"""`siteseer explain URL`: the annotated PNG of a lab page, and a one-line error."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest
from click.testing import CliRunner

from siteseer.cli import app
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer
from siteseer.output.explain import HIGHLIGHT, LEGEND_WIDTH, group_colours

runner = CliRunner()


async def _plain(url: str) -> tuple[np.ndarray, list[tuple[str, tuple[int, int]]]]:
    """The page's own screenshot and, per anchor, its link DOM path and box centre."""
    async with Session(SessionConfig(render="always")) as session:
        snap = await session.page(url, screenshot="full")
    assert snap.screenshot is not None
    image = cv2.imdecode(np.frombuffer(snap.screenshot, np.uint8), cv2.IMREAD_COLOR)
    assert image is not None
    centres = [
        (lk.path_attrs, (int(lk.box.x + lk.box.w / 2), int(lk.box.y + lk.box.h / 2)))
        for lk in snap.links
        if lk.box is not None and lk.box.w > 0 and lk.box.h > 0
    ]
    return image, centres


@pytest.mark.slow
def test_explain_writes_the_annotated_screenshot(
    lab: Callable[[str], LabServer], tmp_path: Path
) -> None:
    truth = lab("council").truth("council")
    path_file = tmp_path / "discovery.json"
    found = runner.invoke(
        app,
        [
            "discover",
            truth.seed_entity,
            "--height",
            "1",
            "--no-cache",
            "--discovery",
            str(path_file),
        ],
    )
    assert found.exit_code == 0, found.output
    sample_path = json.loads(path_file.read_text())["sample_path"]
    assert sample_path == list(truth.seed_path)
    index = sample_path[0]
    out = tmp_path / "members.png"
    result = runner.invoke(
        app, ["explain", index, "--out", str(out), "--seed-path", str(path_file), "--no-cache"]
    )
    assert result.exit_code == 0, result.output
    assert f"wrote {out}" in result.stderr
    drawn = cv2.imdecode(np.frombuffer(out.read_bytes(), np.uint8), cv2.IMREAD_COLOR)
    assert drawn is not None

    plain, centres = asyncio.run(_plain(index))
    height, width = plain.shape[:2]
    assert drawn.shape == (height, width + LEGEND_WIDTH, 3)
    colours = group_colours(path for path, _ in centres)
    matched = 0
    for path, (x, y) in centres:
        want = 0.45 * np.array(colours[path]) + 0.55 * plain[y, x].astype(float)
        got = drawn[y, x].astype(float)
        matched += bool(np.abs(got - want).max() <= 3 or tuple(drawn[y, x]) == HIGHLIGHT)
    # Anchors show their group's colour (a few may sit under a list label).
    assert matched >= 0.9 * len(centres), (matched, len(centres))
    # The sample link DOM path (the members list) carries the red outline.
    assert (np.all(drawn[:, :width] == HIGHLIGHT, axis=2)).sum() > 40 * 100


def test_explain_of_an_unreachable_url_is_one_line_and_exit_2(
    tmp_path: Path, closed_port: int
) -> None:
    url = f"http://127.0.0.1:{closed_port}/"
    args = ["-q", "explain", url, "--out", str(tmp_path / "x.png"), "--no-cache"]
    result = runner.invoke(app, args)  # -q: no periodic stats records on a slow run
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("siteseer: "), result.stderr
    assert not (tmp_path / "x.png").exists()
