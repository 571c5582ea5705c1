"""The commands' shared pieces: user errors, output files, a SessionConfig from options."""

from __future__ import annotations

import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest

from siteseer.errors import BadInput, OutputFailed, RunFailed, UserError, one_line, run_failures
from siteseer.outputs import write_bytes, write_text, writing
from siteseer.sessions import crawl_options, open_cache, session_config


def test_every_user_error_is_a_user_error() -> None:
    for kind in (BadInput, OutputFailed, RunFailed):
        assert issubclass(kind, UserError)


def test_run_failures_makes_one_line_and_keeps_the_cause() -> None:
    cause = ValueError("height must be\n  a number")
    with pytest.raises(RunFailed) as caught, run_failures(ValueError):
        raise cause
    assert str(caught.value) == "height must be a number"
    assert caught.value.__cause__ is cause
    assert one_line("  a \t b\n c ") == "a b c"


def test_run_failures_leaves_other_errors_alone() -> None:
    with pytest.raises(KeyError), run_failures(ValueError):
        raise KeyError("x")
    with pytest.raises(BadInput), run_failures(ValueError):
        raise BadInput("no input")


def test_writing_names_the_target_and_the_reason(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-dir" / "out.txt"
    with pytest.raises(OutputFailed) as caught, writing(f"the entity pages to {missing}"):
        missing.write_text("x")
    message = str(caught.value)
    assert message.startswith(f"cannot write the entity pages to {missing}: ")
    assert "No such file or directory" in message


def test_write_text_keeps_csv_line_ends(tmp_path: Path) -> None:
    out = tmp_path / "rows.csv"
    write_text(out, "url\r\nhttp://a/\r\n", "the rows", newline="")
    assert out.read_bytes() == b"url\r\nhttp://a/\r\n"
    with pytest.raises(OutputFailed, match=r"^cannot write the rows: "):
        write_text(tmp_path / "nope" / "rows.csv", "x", "the rows")


def test_write_bytes_creates_the_directory_when_asked(tmp_path: Path) -> None:
    out = tmp_path / "a" / "b" / "x.png"
    with pytest.raises(OutputFailed, match=f"^cannot write {out}: "):
        write_bytes(out, b"png", str(out))
    write_bytes(out, b"png", str(out), parents=True)
    assert out.read_bytes() == b"png"


def test_open_cache_creates_its_directory(tmp_path: Path) -> None:
    cache = tmp_path / "deep" / "cache.sqlite"
    assert open_cache(cache) == cache and cache.parent.is_dir()
    assert open_cache(None) is None
    blocked = tmp_path / "file"
    blocked.write_text("")
    with pytest.raises(OutputFailed, match=f"^cannot create the cache directory {blocked}: "):
        open_cache(blocked / "cache.sqlite")


def test_session_config_from_options(tmp_path: Path) -> None:
    crawl = crawl_options(render="never", budget=7, cache=tmp_path / "c" / "cache.sqlite")
    config = session_config(crawl, allowed_hosts=("a.test",))
    assert (config.render, config.budget, config.cache) == ("never", 7, crawl.config.cache)
    assert config.allowed_hosts == ("a.test",) and config.respect_robots
    assert config.timeout == timedelta(seconds=20)  # the Session's default
    assert (tmp_path / "c").is_dir()
    given = crawl_options(respect_robots=False, timeout=timedelta(seconds=1.5))
    strict = session_config(given, allowed_hosts=())
    assert strict.cache is None and not strict.respect_robots
    assert strict.timeout == timedelta(seconds=1.5)


def test_importing_the_cli_loads_no_command_module() -> None:
    # `siteseer --help` stays fast: each command imports its library module when it runs.
    code = (
        "import sys; from siteseer import cli; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('playwright', 'cv2') "
        "or m.startswith(('siteseer.algorithms', 'siteseer.crawler', 'siteseer.lab', "
        "'siteseer.render', 'siteseer.commands'))))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert loaded.strip() == "[]"
