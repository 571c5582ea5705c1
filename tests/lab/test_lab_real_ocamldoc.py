"""real-ocamldoc: OCaml's standard library reference built by ocamldoc (Debian's ocaml).

The fast test names modules from interface file names (nothing installed). The slow ones
install the application (OCaml installed with apt-get when it is missing, the interfaces
copied and built: about a minute) and serve it: the truth, from the interface files, is held
against the index and the module pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urljoin

import pytest
from lab_http import get_text, page_links

from siteseer.crawler import canonical_url
from siteseer.lab.real.ocamldoc import SEED, OcamldocApp, module_name
from siteseer.lab.server import LabServer, running_lab

APP = "real-ocamldoc"


def test_an_interface_file_names_its_module_with_a_capital() -> None:
    assert module_name("list.mli") == "List"
    assert module_name("arrayLabels.mli") == "ArrayLabels"
    assert module_name("camlinternalOO.mli") == "CamlinternalOO"
    assert module_name("int32.mli") == "Int32"


@pytest.fixture(scope="module")
def reference() -> Iterator[LabServer]:
    OcamldocApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_index_lists_every_module_in_order(reference: LabServer) -> None:
    truth = reference.truth(APP)
    ((index,),) = truth.index_levels
    assert len(truth.target_entities) > 60
    table = get_text(index).partition('<table class="indextable module-list">')[2]
    listed = [canonical_url(urljoin(index, h)) for h in re.findall(r'href="([^"]+)"', table)]
    assert listed == list(truth.target_entities)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_module_pages_name_their_module_and_link_their_neighbours(reference: LabServer) -> None:
    truth = reference.truth(APP)
    assert truth.seed_entity == f"{truth.base_url}/{SEED}.html"
    modules = list(truth.target_entities)
    for i in range(0, len(modules), 7):
        url = modules[i]
        name = url.rsplit("/", 1)[1].removesuffix(".html")
        html = get_text(url)
        assert f'<h1>Module <a href="type_{name}.html">{name}</a></h1>' in html, url
        links = set(page_links(url))
        # Previous and Next follow the index's order; Up is the index
        assert truth.index_levels[0][0] in links, url
        assert i == 0 or modules[i - 1] in links, url
        assert i == len(modules) - 1 or modules[i + 1] in links, url
        assert f"{truth.base_url}/type_{name}.html" in links, url
