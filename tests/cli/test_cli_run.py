"""The CLI's one way of running a crawl: errors and Ctrl-C end it with one line."""

from __future__ import annotations

import pytest
from click.exceptions import Exit

from siteseer.commandline.base import run


async def _interrupted() -> None:
    raise KeyboardInterrupt


async def _bad_value() -> None:
    raise ValueError("height must be\n  a number or 'auto'")


def test_ctrl_c_exits_130_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(Exit) as stopped:
        run(_interrupted())
    assert stopped.value.exit_code == 130
    assert capsys.readouterr().err == (
        "siteseer: interrupted; rerun with the same cache to continue\n"
    )


def test_expected_errors_exit_2_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(Exit) as stopped:
        run(_bad_value())
    assert stopped.value.exit_code == 2
    assert capsys.readouterr().err == "siteseer: height must be a number or 'auto'\n"
