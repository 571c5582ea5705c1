"""real-pydoctor: pydoctor (PyPI) API documentation of Pygments, served as files.

The fast test holds the reading of a Sphinx inventory (nothing installed). The slow ones
install the application (its venv, then pydoctor over Pygments: several minutes) and serve it:
the truth, from pydoctor's objects.inv, is held against the module index, each module's page
and the class pages themselves.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from urllib.parse import urljoin

import pytest
from lab_http import get_text

from siteseer.crawler import canonical_url
from siteseer.lab.real.pydoctor import SEED, PydoctorApp, read_inventory
from siteseer.lab.server import LabServer, running_lab

APP = "real-pydoctor"


def test_inventory_entries_are_read_with_their_role_and_page(tmp_path: Path) -> None:
    lines = (
        "pygments py:module -1 index.html -\n"
        "pygments.lexer py:module -1 pygments.lexer.html -\n"
        "pygments.lexer.Lexer py:class -1 pygments.lexer.Lexer.html -\n"
        "pygments.lexer.Lexer.name py:attribute -1 pygments.lexer.Lexer.html#$ -\n"
    )
    header = b"# Sphinx inventory version 2\n# Project: P\n# Version: \n# zlib\n"
    path = tmp_path / "objects.inv"
    path.write_bytes(header + zlib.compress(lines.encode()))
    assert read_inventory(path) == [
        ("pygments", "py:module", "index.html"),
        ("pygments.lexer", "py:module", "pygments.lexer.html"),
        ("pygments.lexer.Lexer", "py:class", "pygments.lexer.Lexer.html"),
        ("pygments.lexer.Lexer.name", "py:attribute", "pygments.lexer.Lexer.html#pygments.lexer.Lexer.name"),
    ]  # fmt: skip
    path.write_bytes(b"# Sphinx inventory version 1\n" + header)
    with pytest.raises(ValueError, match="version 2"):
        read_inventory(path)


@pytest.fixture(scope="module")
def docs() -> Iterator[LabServer]:
    PydoctorApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _links(url: str) -> list[str]:
    """The page's links, resolved and canonical, in order (fragments dropped)."""
    hrefs = (urljoin(url, unescape(h)) for h in re.findall(r'href="([^"#]+)', get_text(url)))
    return [canonical_url(h) for h in hrefs if h.startswith("http")]


def _name(base: str, url: str) -> str:
    return url.removeprefix(base + "/").removesuffix(".html")


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1800)
def test_module_pages_list_the_truths_classes(docs: LabServer) -> None:
    truth = docs.truth(APP)
    (top,), listing = truth.index_levels
    assert len(truth.target_entities) > 700 and len(listing) > 250
    assert set(listing) <= set(_links(top))
    b = truth.base_url
    entities = set(truth.target_entities)
    for query, url in zip(truth.queries, listing, strict=True):
        ((_, module),) = query.conditions
        # by name, the exceptions after the other classes (objects.inv does not tell them);
        # a page links other modules' classes too (its imports, its docstrings' references)
        listed = {u for u in _links(url) if u in entities}
        own = {u for u in listed if _name(b, u).rsplit(".", 1)[0] == module}
        assert own == set(query.entities), module


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1800)
def test_class_pages_are_titled_by_their_name(docs: LabServer) -> None:
    truth = docs.truth(APP)
    b = truth.base_url
    assert truth.seed_entity == canonical_url(f"{b}/{SEED}.html")
    sample = [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 8]]
    for url in sample:
        html = get_text(url)
        name = _name(b, url)
        title = re.search(r"<title>(.*?)</title>", html, re.S)
        assert title is not None and unescape(title.group(1)) == name, url
        ((module,),) = truth.attributes[url].values()
        assert module == name.rsplit(".", 1)[0]
        module_page = next(u for u in truth.index_levels[1] if u.endswith(f"/{module}.html"))
        assert module_page in _links(url), url
