"""real-javadoc: Javadoc's API documentation of Apache Commons Lang 3 (Debian's -doc package).

The fast tests read Javadoc's type index and build the truth from a documentation folder
written here (nothing installed). The slow ones install the application (one Debian package
downloaded and unpacked: seconds) and serve it: the truth, from Javadoc's type-search-index.js,
is held against the overview, every package's page and the type pages themselves.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from lab_http import get_text, page_links

from siteseer.crawler import canonical_url
from siteseer.lab.real.javadoc import INDEX, SEED, JavadocApp, read_types, type_path
from siteseer.lab.server import LabServer, running_lab

APP = "real-javadoc"


def _write_index(folder: Path, entries: list[dict[str, str]]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / INDEX
    path.write_text(
        f"typeSearchIndex = {json.dumps(entries)};updateSearchResults();", encoding="utf-8"
    )
    return path


def test_types_are_read_from_javadocs_search_index(tmp_path: Path) -> None:
    path = _write_index(tmp_path, [
        {"p": "org.a", "l": "Zeta"},
        {"l": "All Classes and Interfaces", "u": "allclasses-index.html"},
        {"p": "org.a.b", "l": "Outer.Inner"},
    ])  # fmt: skip
    assert read_types(path) == [("org.a", "Zeta"), ("org.a.b", "Outer.Inner")]
    assert type_path("org.a.b", "Outer.Inner") == "org/a/b/Outer.Inner.html"
    path.write_text("var x = [];", encoding="utf-8")
    with pytest.raises(ValueError, match="type search index"):
        read_types(path)


def test_the_truth_lists_each_type_on_its_packages_page(tmp_path: Path) -> None:
    app = JavadocApp("small", home=tmp_path)
    package, name = SEED.rsplit(".", 1)
    _write_index(app.served, [
        {"p": package, "l": name},
        {"p": package, "l": "ArrayUtils"},
        {"p": package, "l": "builder"},
        {"p": f"{package}.time", "l": "StopWatch"},
        {"p": package, "l": "Builder.Inner"},
        {"p": package, "l": "Builder.Hidden"},
    ])  # fmt: skip
    for package_name, type_name in [
        (package, name), (package, "ArrayUtils"), (package, "builder"),
        (f"{package}.time", "StopWatch"), (package, "Builder.Inner"), (package, "Builder.Hidden"),
    ]:  # fmt: skip
        page = app.served / type_path(package_name, type_name)
        page.parent.mkdir(parents=True, exist_ok=True)
        modifiers = "protected class " if type_name.endswith("Hidden") else "public class "
        page.write_text(
            f'<div class="type-signature"><span class="modifiers">{modifiers}</span></div>',
            encoding="utf-8",
        )
    assert not app.installed()
    (app.dir / "versions.json").write_text('{"libcommons-lang3-java-doc": "3"}', encoding="utf-8")
    assert app.installed()
    b = "http://127.0.0.1:1"
    truth = app.truth(b + "/")
    folder = f"{b}/{package.replace('.', '/')}"
    assert truth.seed_entity == f"{folder}/{name}.html"
    assert len(truth.target_entities) == 5
    assert truth.index_levels == (
        (b + "/index.html",),
        (f"{folder}/package-summary.html", f"{folder}/time/package-summary.html"),
    )
    first, second = truth.queries
    # by name without case first, a nested type after its outer's place; a protected nested
    # type is not listed
    assert [u.rsplit("/", 1)[1] for u in first.entities] == [
        "ArrayUtils.html", "builder.html", "Builder.Inner.html", f"{name}.html",
    ]  # fmt: skip
    assert second.entities == (f"{folder}/time/StopWatch.html",)
    assert truth.attributes[truth.seed_entity] == {"package": (package,)}


@pytest.fixture(scope="module")
def docs() -> Iterator[LabServer]:
    JavadocApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_package_pages_list_the_truths_types_in_order(docs: LabServer) -> None:
    truth = docs.truth(APP)
    (top,), listing = truth.index_levels
    assert len(truth.target_entities) > 200 and len(listing) > 15
    overview = page_links(top)
    assert set(listing) <= set(overview)
    entities = set(truth.target_entities)
    assert set(truth.queries[0].entities) <= entities
    for query, url in zip(truth.queries, listing, strict=True):
        ((_, package),) = query.conditions
        assert url.endswith("/" + package.replace(".", "/") + "/package-summary.html")
        # the first column of the table of its types (its description and the types'
        # summaries name other types), which also lists the related packages
        table = page_links(url, r'class="col-first[^"]*"><a href="([^"#]+)')
        listed = [u for u in table if u in entities]
        assert listed == list(query.entities), package


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_type_pages_are_titled_by_their_name_and_link_their_package(docs: LabServer) -> None:
    truth = docs.truth(APP)
    package, name = SEED.rsplit(".", 1)
    assert truth.seed_entity == canonical_url(f"{truth.base_url}/{type_path(package, name)}")
    sample = [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 8]]
    for url in sample:
        html = get_text(url)
        title = re.search(r"<title>(.*?) \(", html)
        assert title is not None and url.endswith(f"/{unescape(title.group(1))}.html"), url
        ((package,),) = truth.attributes[url].values()
        summary = truth.base_url + "/" + type_path(package, "package-summary")
        assert summary in page_links(url), url
