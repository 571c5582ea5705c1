"""RenderConfig loading, browser resolution and `python -m siteseer.render.install`."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import pytest

from siteseer.render import BrowserNotFound, RenderConfig, load_render_config
from siteseer.render.config import find_config_file
from siteseer.render.install import main as install_main


def test_project_file_is_found_and_read() -> None:
    found = find_config_file()
    assert found is not None and found.name == "playwright.config.toml"
    config = load_render_config()
    assert config.config_file == str(found)
    assert config.viewport == (1280, 900)
    assert config.settle_quiet == timedelta(milliseconds=400)
    assert os.access(config.executable_path, os.X_OK)
    assert config.browser_kind in ("headless-shell", "chromium", "chrome")
    assert config.executable_path in config.browser_description


def test_file_values_and_overrides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SITESEER_CHROMIUM", raising=False)
    toml = tmp_path / "playwright.config.toml"
    toml.write_text(
        "[pool]\npages = 3\nrecycle_context_every = 7\n"
        "[timeouts]\nsettle_quiet_ms = 250\nsettle_cap_s = 2.5\n"
        '[blocking]\nresource_types = ["image"]\n'
    )
    config = load_render_config(toml, pages=1)
    assert (config.pages, config.recycle_context_every) == (1, 7)
    assert config.settle_quiet == timedelta(milliseconds=250)
    assert config.settle_cap == timedelta(seconds=2.5)
    assert config.blocked_resource_types == ("image",)


def test_empty_file_gives_the_defaults(tmp_path: Path) -> None:
    empty = tmp_path / "playwright.config.toml"
    empty.write_text("")
    config = load_render_config(empty)
    assert (config.pages, config.headless, config.viewport) == (2, True, (1280, 900))
    assert config.navigation_timeout == timedelta(seconds=20)
    assert config.blocked_resource_types == ("image", "media", "font")
    with pytest.raises(FileNotFoundError):
        load_render_config(tmp_path / "none.toml")


def test_config_is_found_from_a_subdirectory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "playwright.config.toml").write_text("[pool]\npages = 1\n")
    (tmp_path / "deep" / "er").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "deep" / "er")
    assert find_config_file() == tmp_path / "playwright.config.toml"
    assert load_render_config().pages == 1


def test_environment_names_the_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    real = load_render_config().executable_path
    monkeypatch.setenv("SITESEER_CHROMIUM", real)
    config = load_render_config()
    assert (config.executable_path, config.browser_source) == (real, "environment")
    monkeypatch.setenv("SITESEER_CHROMIUM", "/nonexistent/chrome")
    with pytest.raises(BrowserNotFound, match="SITESEER_CHROMIUM"):
        load_render_config()


def test_explicit_missing_browser_is_one_clear_error() -> None:
    with pytest.raises(BrowserNotFound, match="not an executable"):
        load_render_config(executable_path="/nonexistent/chrome")


def test_no_browser_anywhere_says_how_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SITESEER_CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("PLAYWRIGHT_BROWSERS_PATH", raising=False)
    with pytest.raises(BrowserNotFound, match=r"render\.install"):
        load_render_config()


def test_launch_options_add_no_sandbox_only_as_root() -> None:
    config = load_render_config()
    options = config.launch_options()
    assert options["executable_path"] == config.executable_path
    assert ("--no-sandbox" in options["args"]) == (os.geteuid() == 0)
    assert set(config.args) <= set(options["args"])


def test_the_browser_resolves_no_name_under_invalid() -> None:
    """Chromium is told, as the HTTP fetcher's resolver is, that ``.invalid`` names never
    resolve (RFC 6761): no query for them leaves the machine."""
    args = load_render_config().launch_options()["args"]
    assert "--host-resolver-rules=MAP *.invalid ~NOTFOUND" in args
    own = load_render_config(args=("--host-resolver-rules=MAP * 127.0.0.1",))
    assert own.launch_options()["args"].count("--host-resolver-rules=MAP * 127.0.0.1") == 1
    assert not any("~NOTFOUND" in a for a in own.launch_options()["args"])


def test_a_channel_is_launched_instead_of_the_executable(tmp_path: Path) -> None:
    config = load_render_config(channel="chrome")
    options = config.launch_options()
    assert options["channel"] == "chrome" and "executable_path" not in options
    toml = tmp_path / "playwright.config.toml"
    toml.write_text('[browser]\nchannel = "msedge"\n')
    assert load_render_config(toml).launch_options()["channel"] == "msedge"


def test_invalid_settings_are_rejected() -> None:
    with pytest.raises(ValueError, match="pages"):
        RenderConfig(executable_path="/x", pages=0)
    with pytest.raises(ValueError, match="never stylesheets"):
        RenderConfig(executable_path="/x", blocked_resource_types=("stylesheet",))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="unknown"):
        load_render_config(colour="blue")


def test_install_writes_the_chosen_browser(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "sub" / ".browser"
    assert install_main(["--write", str(target)]) == 0
    path = target.read_text().strip()
    assert path == load_render_config().executable_path
    assert path in capsys.readouterr().out


def test_install_fails_clearly_on_a_bad_configured_browser(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SITESEER_CHROMIUM", "/nonexistent/chrome")
    assert install_main([]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "SITESEER_CHROMIUM" in err[0]
