"""The settings table: each setting declared once, under one name in every layer; a bad value
names where it was set, a misspelt name gets the closest one."""

from __future__ import annotations

import dataclasses
import logging
import os
from datetime import timedelta
from pathlib import Path

import pytest

from siteseer.crawler import SessionConfig
from siteseer.errors import BadOption
from siteseer.flags import flag_options
from siteseer.sessions import crawl_options, session_config
from siteseer.settings import load_settings, session_specs, specs


@pytest.fixture(autouse=True)
def _no_layers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for name in [n for n in os.environ if n.upper().startswith("SITESEER_")]:
        monkeypatch.delenv(name)


def test_each_setting_has_one_name_in_every_layer() -> None:
    session = {f.name for f in dataclasses.fields(SessionConfig)}
    flags = {option.name: option.opts for option in flag_options()}
    for name, spec in specs().items():
        assert flags[name][0] == "--" + name.replace("_", "-") or spec.flag == flags[name][0]
        assert spec.variable == "SITESEER_" + name.upper()
        # a setting fills the SessionConfig field of its own name, unless the commands use it
        assert (name in session) is (name in session_specs()), name
    assert [o.name for o in flag_options()] == list(specs())


def test_every_layer_reaches_the_session_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "siteseer.toml").write_text(
        'respect_robots = false\nconcurrency = 3\nmax_age = "2h"\nheaders = ["X-A: 1"]\n'
    )
    monkeypatch.setenv("SITESEER_DELAY", "0.5")
    settings, sources = load_settings({"budget": 40})
    config = session_config(crawl_options(settings))
    assert not config.respect_robots and config.concurrency == 3
    assert config.max_age == timedelta(hours=2) and config.headers == (("X-A", "1"),)
    assert config.delay == timedelta(seconds=0.5) and config.budget == 40
    assert sources["respect_robots"] == "siteseer.toml" and sources["delay"] == "env"
    assert sources["budget"] == "flag" and sources["retries"] == "default"


def _problem(**flags: object) -> str:
    with pytest.raises(BadOption) as refused:
        load_settings(flags)
    return str(refused.value)


def test_a_bad_value_names_its_file_and_key(tmp_path: Path) -> None:
    (tmp_path / "siteseer.toml").write_text('delay = "soon"\n')
    problem = _problem()
    assert problem.startswith("invalid settings: siteseer.toml: delay: Input should be a valid")
    assert "'soon'" in problem
    (tmp_path / "siteseer.toml").unlink()
    (tmp_path / "pyproject.toml").write_text("[tool.siteseer]\nretries = -1\n")
    assert "pyproject.toml [tool.siteseer]: retries: Input should be greater" in _problem()


def test_a_bad_value_names_its_variable_or_flag(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SITESEER_MAX_AGE", "a week")
    assert "SITESEER_MAX_AGE: 'a week' is not a duration" in _problem()
    monkeypatch.delenv("SITESEER_MAX_AGE")
    assert "--header: a header must read 'Name: value'" in _problem(headers=("nocolon",))


def test_a_misspelt_key_gets_the_closest_name(tmp_path: Path) -> None:
    (tmp_path / "siteseer.toml").write_text("delai = 1\nignore_robots = true\n")
    problem = _problem()
    assert "siteseer.toml: delai is not a setting; did you mean delay?" in problem
    assert "siteseer.toml: ignore_robots is not a setting; it is now respect_robots" in problem


def test_an_unknown_variable_is_warned_about(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("SITESEER_DELAI", "2")
    monkeypatch.setenv("SITESEER_LAB_REAL", "/elsewhere")  # read elsewhere: no warning
    with caplog.at_level(logging.WARNING, "siteseer.settings"):
        settings, _ = load_settings()
    assert settings.config.delay is None
    assert [r.getMessage() for r in caplog.records] == [
        "SITESEER_DELAI is not a siteseer variable; did you mean SITESEER_DELAY?"
    ]
