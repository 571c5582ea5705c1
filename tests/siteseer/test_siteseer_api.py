"""`import siteseer`: the documented public names, exactly, and the API's calls on lab sites."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import siteseer
from siteseer.lab import LabServer, set_scores

Lab = Callable[[str], LabServer]

# The README's "Python API" section documents exactly these names.
DOCUMENTED = {
    "Action",
    "Control",
    "Cost",
    "CrawlError",
    "Discovery",
    "EntityDescription",
    "Exploration",
    "Link",
    "PageClustering",
    "Session",
    "SessionConfig",
    "Snapshot",
    "State",
    "TemplateReport",
    "UserError",
    "__version__",
    "cluster_pages",
    "cluster_pages_sync",
    "describe",
    "describe_sync",
    "discover",
    "discover_sync",
    "explore",
    "explore_sync",
    "gpp",
    "indesit",
    "input_urls",
    "is_instance",
    "load_config",
    "ssup",
    "url_templates",
    "url_templates_sync",
}
README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_exported_names_are_exactly_the_documented_ones() -> None:
    assert set(siteseer.__all__) == DOCUMENTED
    assert len(siteseer.__all__) == len(DOCUMENTED)  # no name listed twice
    for name in siteseer.__all__:
        assert getattr(siteseer, name) is not None, name
    section = README.read_text(encoding="utf-8").split("## Python API", 1)[1].split("\n## ", 1)[0]
    undocumented = [n for n in DOCUMENTED if f"`{n}" not in section]
    assert not undocumented, f"README's Python API section lacks {undocumented}"
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        _ = siteseer.nope  # type: ignore[attr-defined]


def test_importing_siteseer_loads_no_method() -> None:
    code = "import sys, siteseer; print(sorted(m for m in ('siteseer.algorithms', 'siteseer.crawler', 'siteseer.render') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_sync_twins_carry_their_names_and_refuse_a_session() -> None:
    assert siteseer.discover_sync.__name__ == "discover_sync"
    assert siteseer.discover_sync.__doc__ == siteseer.discover.__doc__
    with pytest.raises(ValueError, match="discover_sync opens its own Session; pass config="):
        siteseer.discover_sync("http://127.0.0.1:1/x", session=object())  # type: ignore[arg-type]


async def test_async_calls_share_a_session_and_agree_with_the_truth(lab: Lab) -> None:
    truth = lab("cars").truth("cars")
    async with siteseer.Session(siteseer.SessionConfig(render="never")) as session:
        found = await siteseer.ssup(truth.seed_entity, height="auto", session=session)
        again = await siteseer.discover(truth.seed_entity, height="auto", session=session)
        with pytest.raises(ValueError, match="a session or a config, not both"):
            await siteseer.gpp(truth.seed_entity, session=session, config=siteseer.SessionConfig())
    assert isinstance(found, siteseer.Discovery)
    assert set_scores(found.entities, truth.target_entities).f1 >= 0.95
    assert again.entities == found.entities
    assert again.cost.downloads == 0  # the shared Session answered every page


async def test_discover_takes_a_methods_own_parameters_and_names_the_known_methods(
    lab: Lab,
) -> None:
    from siteseer.algorithms import IndesitParams

    truth = lab("council").truth("council")
    async with siteseer.Session(siteseer.SessionConfig(render="never")) as session:
        own = await siteseer.discover(
            truth.seed_entity, method="indesit", params=IndesitParams(0.9), session=session
        )
        keywords = await siteseer.discover(
            truth.seed_entity, method="indesit", threshold=0.9, session=session
        )
        with pytest.raises(ValueError, match="unknown method 'nope'; use ssup, indesit, gpp"):
            await siteseer.discover(truth.seed_entity, method="nope", session=session)  # type: ignore[arg-type]
    assert own.entities == keywords.entities and dict(own.params)["threshold"] == 0.9


async def test_discover_with_sitemaps_reads_the_sites_sitemap(lab: Lab) -> None:
    truth = lab("cars-sitemap-gz").truth("cars-sitemap-gz")
    config = siteseer.SessionConfig(render="never")
    found = await siteseer.discover(truth.seed_entity, sitemaps=True, config=config)
    plain = await siteseer.discover(truth.seed_entity, config=config)
    assert set(found.entities) == set(plain.entities) == set(truth.target_entities)
    assert found.cost.downloads < plain.cost.downloads
    assert {found.source_of(u) for u in found.entities} <= {"sitemap", "both"}
    assert plain.sources == ()


async def test_a_sync_twin_runs_inside_a_running_event_loop(lab: Lab) -> None:
    # As in a notebook cell: the loop is running, so the call gets its own loop in a thread.
    truth = lab("council").truth("council")
    found = siteseer.discover_sync(
        truth.seed_entity,
        method="indesit",
        threshold=0.9,
        config=siteseer.SessionConfig(render="never"),
    )
    assert set_scores(found.entities, truth.target_entities).f1 >= 0.9


def test_load_config_reads_the_command_lines_layers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "siteseer.toml").write_text('user_agent = "FileBot/1"\nretries = 5\n')
    monkeypatch.setenv("SITESEER_RETRIES", "4")
    config = siteseer.load_config(delay=0.25)
    assert config.user_agent == "FileBot/1"
    assert config.retries == 4  # env over file
    assert config.delay is not None and config.delay.total_seconds() == 0.25
    assert config.cache is None
    with pytest.raises(siteseer.UserError, match="invalid settings: retries"):
        siteseer.load_config(retries=-1)


def test_url_templates_reads_what_discover_wrote(lab: Lab, tmp_path: Path) -> None:
    truth = lab("catalog-ids").truth("catalog-ids")
    hidden = set(truth.hidden)
    linked = [u for u in truth.target_entities if u not in hidden]
    rows = tmp_path / "items.jsonl"
    rows.write_text("".join(f'{{"url": "{u}", "method": "ssup"}}\n' for u in linked))
    assert siteseer.input_urls(rows) == linked
    report = siteseer.url_templates_sync(
        rows, min_values=20, config=siteseer.SessionConfig(render="never")
    )
    assert [t.urls for t in report.templates] == [len(linked)]
    assert set(report.found) == hidden
