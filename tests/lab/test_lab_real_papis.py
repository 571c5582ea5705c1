"""real-papis: Papis' web interface over a library of biblatex's example bibliography.

The fast test reads documents as Papis describes them (nothing installed). The slow ones
install the application (Papis in its venv, texlive-bibtex-extra downloaded and unpacked for
the bibliography, the entries added to a new library: about a minute) and serve it: the truth,
from the library's documents, is held against the list of every document and the documents'
pages `papis serve` writes.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from lab_http import get_text, html_tree, page_links

from siteseer.lab.real.papisweb import SEED, PapisApp, document_attributes
from siteseer.lab.server import LabServer, running_lab

APP = "real-papis"


def test_a_documents_type_year_and_authors() -> None:
    article = {
        "type": "article",
        "date": "2006-04",
        "author_list": [{"family": "Aksın", "given": "Özge"}, {"family": "Ni"}, "odd"],
        "papis_id": "f85c",
    }
    assert document_attributes(article) == {
        "type": ("article",),
        "year": ("2006",),
        "author": ("Aksın, Özge", "Ni"),
    }
    assert document_attributes({"type": "online", "year": "n.d."}) == {"type": ("online",)}
    assert document_attributes({"type": "book", "year": 1999}) == {
        "type": ("book",),
        "year": ("1999",),
    }


@pytest.fixture(scope="module")
def library() -> Iterator[LabServer]:
    PapisApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_list_of_every_document_links_each_document(library: LabServer) -> None:
    truth = library.truth(APP)
    assert len(truth.target_entities) == len(set(truth.target_entities)) > 80
    ((every,),) = truth.index_levels
    documents = {u for u in page_links(every) if "/document/" in u}
    assert documents == set(truth.target_entities)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_document_pages_show_the_authors_and_type_of_the_library(library: LabServer) -> None:
    truth = library.truth(APP)
    assert truth.attributes[truth.seed_entity]["type"] == ("article",)
    assert f"ref: {SEED}\n" in html_tree(get_text(truth.seed_entity)).text_content()
    sample = [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 10]]
    for url in sample:
        page = html_tree(get_text(url))
        heading = " ".join(page.xpath("string(//h5)").split())
        text = page.text_content()  # the info.yaml form holds every field
        attrs = truth.attributes[url]
        families = [a.split(",")[0] for a in attrs.get("author", ())]
        assert not families or heading.startswith(families[0]), (url, heading)
        assert all(f"family: {f}" in text for f in families), url
        assert f"type: {attrs['type'][0]}\n" in text, url
