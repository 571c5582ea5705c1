"""real-docusaurus: a Docusaurus (npm) site of eslint-plugin-import's Markdown documentation.

The fast tests hold Docusaurus's page paths, the config and the shipped package.json against
its lockfile (nothing installed). The slow ones install the application (`npm ci`, `npm pack`
and one `docusaurus build`: a few minutes) and serve it: the truth, from the Markdown sources
(read as real-vitepress reads them), is held against the README's page (its tables link every
rule, in order) and against the rule pages: nothing loads from off the machine.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from lab_http import get_text

from siteseer.lab.real.app import APPS_DIR
from siteseer.lab.real.docusaurus import DocusaurusApp, config, page_path
from siteseer.lab.server import LabServer, running_lab

APP = "real-docusaurus"


def test_page_paths_are_docusaurus_paths_with_a_trailing_slash() -> None:
    assert page_path("README.md") == "/"
    assert page_path("memo-parser/README.md") == "/memo-parser/"
    assert page_path("CHANGELOG.md") == "/CHANGELOG/"
    assert page_path("docs/rules/no-cycle.md") == "/docs/rules/no-cycle/"


def test_the_config_serves_the_docs_at_the_root_as_commonmark() -> None:
    site = json.loads(config("x", "y").removeprefix("module.exports = ").rstrip()[:-1])
    ((preset, options),) = site["presets"]
    assert preset == "classic" and options["docs"]["routeBasePath"] == "/"
    assert site["trailingSlash"] is True and site["markdown"]["format"] == "detect"


def test_the_shipped_package_json_pins_what_its_lockfile_holds() -> None:
    manifest = json.loads((APPS_DIR / "docusaurus.package.json").read_text(encoding="utf-8"))
    lock = json.loads((APPS_DIR / "docusaurus.package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"][""]["dependencies"] == manifest["dependencies"]
    for name, version in manifest["dependencies"].items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version


MAIN = re.compile(r"<article.*?</article>", re.DOTALL)
RULE_LINK = re.compile(r'href="(/docs/rules/[^"#]+/)"')
# another host (the canonical and alternate links name the config's `url`, the loopback's)
OFF = r"(?:https?:)?//(?!127\.0\.0\.1[/:])[^\"]*"
REMOTE = re.compile(rf'(?:src|action)="({OFF})"|<link[^>]+href="({OFF})"')


@pytest.fixture(scope="module")
def docusaurus() -> Iterator[LabServer]:
    DocusaurusApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1800)
def test_the_readme_page_links_every_rule_in_order(docusaurus: LabServer) -> None:
    truth = docusaurus.truth(APP)
    ((readme,),) = truth.index_levels
    b = truth.base_url
    (main,) = MAIN.findall(get_text(readme))
    listed = [b + path for path in dict.fromkeys(RULE_LINK.findall(main))]
    assert listed == list(truth.target_entities)
    assert len(listed) > 40 and truth.seed_entity in listed
    assert truth.seed_path == (readme, truth.seed_entity)
    assert {v for a in truth.attributes.values() for v in a["category"]} == {
        "Helpful warnings",
        "Module systems",
        "Static analysis",
        "Style guide",
    }


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1800)
def test_rule_pages_are_served_and_load_nothing_from_off_the_machine(
    docusaurus: LabServer,
) -> None:
    truth = docusaurus.truth(APP)
    for url in (truth.base_url + "/", *truth.target_entities):
        page = get_text(url)
        assert not REMOTE.findall(page), url
    assert "no-unresolved" in get_text(truth.seed_entity)
