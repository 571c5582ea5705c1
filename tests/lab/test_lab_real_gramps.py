"""real-gramps: Gramps' Narrated Web Site of its example family tree.

The fast test reads a Gramps XML file written here (nothing installed). The slow ones install
the application (Gramps from Debian with apt-get when missing, the `gramps` package downloaded
and unpacked for its example tree, a tree created, the example imported and the report written:
about a minute) and serve it: the truth, from the tree's XML file, is held against the
individuals page, the surnames' pages and the people's pages the report wrote.
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from lab_http import get_text, html_tree, page_links

from siteseer.lab.real.gramps import SEED, GrampsApp, person_page, read_people
from siteseer.lab.server import LabServer, running_lab

APP = "real-gramps"

TREE = """<?xml version="1.0" encoding="UTF-8"?>
<database xmlns="http://gramps-project.org/xml/1.7.1/">
  <people home="_AB12">
    <person handle="_AB12" change="1" id="I0001">
      <gender>F</gender>
      <name type="Birth Name"><first>Anna</first><surname> Smith </surname></name>
      <name type="Married Name"><first>Anna</first><surname>Jones</surname></name>
    </person>
    <person handle="_CD34" change="1" id="I0002" priv="1">
      <gender>M</gender><name type="Birth Name"><surname>Hidden</surname></name>
    </person>
    <person handle="_EF56" change="1" id="I0003">
      <gender>U</gender><name type="Birth Name"><first>Nobody</first></name>
    </person>
  </people>
</database>
"""


def test_people_not_private_with_their_primary_surname(tmp_path: Path) -> None:
    plain = tmp_path / "tree.gramps"
    plain.write_text(TREE, encoding="utf-8")
    packed = tmp_path / "packed.gramps"
    packed.write_bytes(gzip.compress(TREE.encode()))
    expected = [("AB12", "I0001", "Smith", "female"), ("EF56", "I0003", "", "unknown")]
    assert read_people(plain) == read_people(packed) == expected
    assert person_page("3XMT6DJVLX4BSJ8T9B") == "ppl/b/9/3XMT6DJVLX4BSJ8T9B.html"
    assert person_page("bd7523ecb0767f5ad53") == "ppl/3/5/bd7523ecb0767f5ad53.html"
    (tmp_path / "empty.gramps").write_text("<database><people/></database>", encoding="utf-8")
    with pytest.raises(ValueError, match="no person"):
        read_people(tmp_path / "empty.gramps")


@pytest.fixture(scope="module")
def family_site() -> Iterator[LabServer]:
    GrampsApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def people_linked(url: str) -> set[str]:
    """The people's pages a page of the report links to."""
    return {u for u in page_links(url) if re.search(r"/ppl/\w/\w/\w+\.html$", u)}


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_individuals_page_lists_every_person_and_surname_pages_their_queries(
    family_site: LabServer,
) -> None:
    truth = family_site.truth(APP)
    people = set(truth.target_entities)
    assert len(people) == 59
    ((individuals,),) = truth.index_levels
    assert people_linked(individuals) == people
    surname_pages = {u for u in page_links(truth.base_url + "/index.html") if "/srn/" in u}
    by_page = {page: people_linked(page) for page in surname_pages}
    assert {q.conditions[0][1] for q in truth.queries} == set(truth.facet_values["surname"])
    for query in truth.queries:
        assert set(query.entities) in by_page.values(), query.conditions


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_person_pages_show_the_name_and_gender_of_the_tree(family_site: LabServer) -> None:
    truth = family_site.truth(APP)
    seed = truth.attributes[truth.seed_entity]
    assert seed == {"surname": ("Hansdotter",), "gender": ("female",)}
    assert SEED == "I0038"
    for url in truth.target_entities:
        page = html_tree(get_text(url))
        heading = " ".join(page.xpath("string(//h3)").split())
        cells = [
            [" ".join(row.xpath(f"string(td[{i}])").split()) for i in (1, 2)]
            for row in page.xpath('//div[@id="summaryarea"]//tr')
        ]
        rows = dict(cells)
        attrs = truth.attributes[url]
        assert rows.get("Gender") == attrs["gender"][0], url
        assert heading.startswith(attrs["surname"][0] + ","), (url, heading)
