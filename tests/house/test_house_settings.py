"""Each crawl setting is declared once: one row of the table (crawler/settings.py's
`CrawlSettings`, or siteseer/settings.py's `CommandSettings` for what the commands read), from
which the SessionConfig field, its default and its check, the flag, the variable and the TOML
key are derived. A new setting is its row plus the code that reads it: two files."""

from __future__ import annotations

import ast
import dataclasses
from datetime import timedelta
from pathlib import Path

import pytest

from siteseer.crawler import CrawlSettings, SessionConfig, setting_rows
from siteseer.errors import BadOption
from siteseer.flags import flag_options
from siteseer.settings import CommandSettings, Settings, load_settings, specs

ROOT = Path(__file__).resolve().parents[2]


def _declared(path: Path, cls: str) -> set[str]:
    """The fields class `cls` of `path` declares itself (annotated names in its body)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls:
            return {
                item.target.id
                for item in node.body
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
            }
    raise AssertionError(f"{path}: no class {cls}")


def test_every_session_setting_is_a_session_config_field_declared_once() -> None:
    table = setting_rows(CrawlSettings)
    rows = {f.name: f for f in dataclasses.fields(CrawlSettings)}
    session = {f.name: f for f in dataclasses.fields(SessionConfig)}
    for name in table:
        # the SessionConfig field is the row itself: same name, same default, same bounds
        assert session[name] is rows[name], name
        assert getattr(SessionConfig(), name) == getattr(CrawlSettings(), name), name
    # SessionConfig, the commands' settings and the flags declare no setting again
    own = _declared(ROOT / "crawler" / "config.py", "SessionConfig")
    assert not own & set(table), own & set(table)
    assert not _declared(ROOT / "siteseer" / "sessions.py", "CrawlOptions") & set(specs())
    assert _declared(ROOT / "siteseer" / "settings.py", "Settings") == {"config"}
    assert list(specs()) == [*table, *setting_rows(CommandSettings)]
    assert [option.name for option in flag_options()] == list(specs())


@pytest.mark.parametrize("name", list(setting_rows(CrawlSettings)))
def test_a_session_setting_s_bounds_are_the_row_s_in_every_layer(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = setting_rows(CrawlSettings)[name]
    low = spec.ge if spec.ge is not None else spec.gt
    if low is None or spec.kind not in (int, float):
        return
    below = low - 1 if spec.gt is None else low
    if spec.off is not None and below == spec.off:
        below -= 1
    value = timedelta(seconds=below) if spec.seconds else int(below)
    # the SessionConfig refuses what the row's bounds refuse, naming the setting
    with pytest.raises(ValueError, match=f"invalid SessionConfig: {name} must"):
        SessionConfig(**{name: value})
    # and so does the flag (the layers' check), naming it by its flag
    monkeypatch.chdir(tmp_path)
    with pytest.raises(BadOption, match=spec.flags[0].split("/")[0]):
        load_settings({name: spec.given(value)})


def test_the_layers_defaults_are_the_session_s_unless_the_row_says_the_commands_own() -> None:
    config = Settings().config
    for name, spec in setting_rows(CrawlSettings).items():
        field = next(f for f in dataclasses.fields(CrawlSettings) if f.name == name)
        commands = field.metadata["siteseer"]["commands"]
        expected = field.default if commands is dataclasses.MISSING else commands
        assert getattr(config, name) == expected, name
        assert spec.default == spec.given(expected), name
