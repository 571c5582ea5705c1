"""real-vitepress: a VitePress (npm) site of eslint-plugin-import's Markdown documentation.

The fast tests hold the loaders on hand-made inputs (nothing installed): VitePress's page paths,
the README's rule tables, remote images left out, the config, and the shipped package.json
against its lockfile. The slow ones install the application (`npm ci`, `npm pack` and one
`vitepress build`: about a minute) and serve it: the truth, from the Markdown sources, is held
against the README's page (its tables link every rule, in order), against every rule page's
sidebar (every rule, under its category), and against the pages: nothing loads from off the
machine.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from lab_http import get_text

from siteseer.lab.real.app import APPS_DIR
from siteseer.lab.real.vitepress import (
    Rule,
    VitePressApp,
    config,
    page_path,
    read_rules,
    strip_remote_images,
)
from siteseer.lab.server import LabServer, running_lab

APP = "real-vitepress"
README = """\
# eslint-plugin-x

[![build][ci-image]][ci-url]
[![npm](https://img.shields.io/npm/v/x.svg)](https://www.npmjs.com/package/x)
![logo](./logo.png)

## Rules

### Helpful warnings

| Name | Description |
| :--- | :--- |
| [export](docs/rules/export.md) | Forbid invalid exports. |

### Style guide

| Name | Description |
| :--- | :--- |
| [first](docs/rules/first.md) | Imports first. |
| [order](docs/rules/order.md) | Order imports. |

## Settings

| [not-a-rule](docs/rules/other.md) | outside the rules' section |

[ci-image]: https://example.invalid/badge.svg
[ci-url]: https://example.invalid/ci
"""


def _package(root: Path, names: tuple[str, ...]) -> Path:
    (root / "docs/rules").mkdir(parents=True)
    (root / "README.md").write_text(README, encoding="utf-8")
    for name in names:
        (root / f"docs/rules/{name}.md").write_text(f"# x/{name}\n", encoding="utf-8")
    return root


def test_page_paths_are_vitepress_html_paths() -> None:
    assert page_path("index.md") == "/"
    assert page_path("README.md") == "/README.html"
    assert page_path("docs/rules/no-cycle.md") == "/docs/rules/no-cycle.html"


def test_rules_are_read_from_the_readme_tables_with_their_category(tmp_path: Path) -> None:
    package = _package(tmp_path, ("export", "first", "order"))
    assert read_rules(package) == [
        Rule("export", "docs/rules/export.md", "Helpful warnings"),
        Rule("first", "docs/rules/first.md", "Style guide"),
        Rule("order", "docs/rules/order.md", "Style guide"),
    ]


def test_a_rule_file_no_table_lists_is_refused(tmp_path: Path) -> None:
    package = _package(tmp_path, ("export", "first", "order", "unlisted"))
    with pytest.raises(ValueError, match="unlisted"):
        read_rules(package)


def test_remote_images_are_left_out_and_local_ones_kept() -> None:
    text = strip_remote_images(README)
    assert "img.shields.io" not in text and "[![build]" not in text
    assert "![logo](./logo.png)" in text
    assert "[ci-url]: https://example.invalid/ci" in text  # a definition renders nothing
    assert "| [export](docs/rules/export.md) |" in text


def test_the_config_lists_every_rule_under_its_category() -> None:
    rules = [Rule("export", "docs/rules/export.md", "A"), Rule("order", "docs/rules/order.md", "B")]
    text = config("x", "y", rules)
    site = json.loads(text.removeprefix("export default ").rstrip().removesuffix(";"))
    groups = {g["text"]: [i["link"] for i in g["items"]] for g in site["themeConfig"]["sidebar"]}
    assert groups["A"] == ["/docs/rules/export.html"] and groups["B"] == ["/docs/rules/order.html"]
    assert groups["Guide"][0] == "/README.html"


def test_the_shipped_package_json_pins_what_its_lockfile_holds() -> None:
    manifest = json.loads((APPS_DIR / "vitepress.package.json").read_text(encoding="utf-8"))
    lock = json.loads((APPS_DIR / "vitepress.package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"][""]["dependencies"] == manifest["dependencies"]
    for name, version in manifest["dependencies"].items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version


SIDEBAR = re.compile(r'<aside class="VPSidebar".*?</aside>', re.DOTALL)
SIDEBAR_ITEM = re.compile(
    r'<h2 class="text"[^>]*>([^<]+)</h2>|<a class="VPLink[^"]*" href="([^"]+)"'
)
README_RULE = re.compile(r'href="\./docs/rules/([^"#]+)\.html"')
REMOTE = re.compile(
    r'(?:src|action)="((?:https?:)?//[^"]*)"|<link[^>]+href="((?:https?:)?//[^"]*)"'
)


@pytest.fixture(scope="module")
def vitepress() -> Iterator[LabServer]:
    VitePressApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_the_readme_page_links_every_rule_in_order(vitepress: LabServer) -> None:
    truth = vitepress.truth(APP)
    ((readme,),) = truth.index_levels
    b = truth.base_url
    page = get_text(readme)
    main = SIDEBAR.sub("", page)
    listed = [f"{b}/docs/rules/{name}.html" for name in dict.fromkeys(README_RULE.findall(main))]
    assert listed == list(truth.target_entities)
    assert len(listed) > 40 and truth.seed_entity in listed
    assert truth.seed_path == (readme, truth.seed_entity)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_every_rule_page_lists_every_rule_under_its_category(vitepress: LabServer) -> None:
    truth = vitepress.truth(APP)
    b = truth.base_url
    for url in (b + "/", *truth.templates):
        page = get_text(url)
        assert not REMOTE.findall(page), url
        if url not in truth.target_entities:
            continue
        (sidebar,) = SIDEBAR.findall(page)
        category = ""
        found: dict[str, tuple[str, ...]] = {}
        for heading, href in SIDEBAR_ITEM.findall(sidebar):
            if heading:
                category = heading
            elif href.startswith("/docs/rules/"):
                found[b + href] = (category,)
        assert found == {u: truth.attributes[u]["category"] for u in truth.target_entities}, url
    assert {v for a in truth.attributes.values() for v in a["category"]} == {
        "Helpful warnings",
        "Module systems",
        "Static analysis",
        "Style guide",
    }
