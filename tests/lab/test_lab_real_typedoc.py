"""real-typedoc: TypeDoc's documentation of the npm package yaml, a page per declaration.

The fast test reads a small TypeDoc JSON model (nothing installed). The slow ones install the
application (typedoc, typescript and yaml from npm, the documentation built once: about a
minute) and serve it: the truth, from TypeDoc's JSON model, is held against the pages it wrote.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from lab_http import get_text, html_tree, page_links

from siteseer.lab.real.typedoc import Declaration, TypedocApp, read_declarations
from siteseer.lab.server import LabServer, running_lab

APP = "real-typedoc"


def test_a_namespaces_members_are_named_by_it_and_a_reexport_has_no_page() -> None:
    model = {
        "children": [
            {"kind": 128, "name": "Document"},
            {"kind": 4194304, "name": "Doc"},  # a re-export
            {
                "kind": 4,
                "name": "CST",
                "children": [
                    {"kind": 256, "name": "Token"},
                    {"kind": 4, "name": "visit", "children": [{"kind": 32, "name": "BREAK"}]},
                ],
            },
        ]
    }
    assert read_declarations(model) == [
        Declaration("classes/Document.html", "class", ""),
        Declaration("modules/CST.html", "namespace", ""),
        Declaration("interfaces/CST.Token.html", "interface", "modules/CST.html"),
        Declaration("modules/CST.visit.html", "namespace", "modules/CST.html"),
        Declaration("variables/CST.visit.BREAK.html", "variable", "modules/CST.visit.html"),
    ]


@pytest.fixture(scope="module")
def docs() -> Iterator[LabServer]:
    TypedocApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_every_declaration_is_listed_on_the_home_page_or_its_namespaces(docs: LabServer) -> None:
    truth = docs.truth(APP)
    assert len(truth.target_entities) == len(set(truth.target_entities)) > 90
    (root,), namespaces = truth.index_levels
    found = set(page_links(root))
    for page in namespaces:
        assert page in found, page  # a namespace is listed above it
        found |= set(page_links(page))
    assert set(truth.target_entities) <= found
    assert truth.seed_entity in page_links(truth.seed_path[0])


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_a_declarations_page_is_titled_by_its_name_and_kind(docs: LabServer) -> None:
    truth = docs.truth(APP)
    for url in truth.target_entities[::7]:
        page = html_tree(get_text(url))
        heading = " ".join(page.xpath("string(//h1)").split())
        name = url.rsplit("/", 1)[1].removesuffix(".html").rsplit(".", 1)[-1]
        (kind,) = truth.attributes[url]["kind"]
        # the heading: the kind, the name, then its flags run on ("Variable stringifyConst")
        assert heading.lower().startswith(f"{kind} {name}".lower()), (url, heading)
