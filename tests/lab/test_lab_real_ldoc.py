"""real-ldoc: Penlight's Lua API reference built by LDoc (Debian's lua-penlight, lua-ldoc).

The fast test names modules from Lua sources written here (nothing installed). The slow ones
install the application (one Debian package downloaded and unpacked, LDoc installed with
apt-get when it is missing, the reference built: seconds) and serve it: the truth, from the Lua
sources, is held against the index and the module pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urljoin

import pytest
from lab_http import get_text, page_links

from siteseer.crawler import canonical_url
from siteseer.lab.real.ldoc import SEED, LdocApp, LuaModule, read_module
from siteseer.lab.server import LabServer, running_lab

APP = "real-ldoc"


def test_a_module_is_named_by_its_first_doc_comment_else_by_its_path() -> None:
    tagged = "--- Strings.\n-- See the Guide.\n--\n-- @module pl.stringx\nlocal x = 1\n"
    assert read_module(tagged, "stringx.lua") == LuaModule("pl.stringx", False)
    classmod = "--- Dates.\n-- @classmod pl.Date\n-- @class function\n"
    assert read_module(classmod, "Date.lua") == LuaModule("pl.Date", True)
    luadoc = "--- Balanced.\n-- @class module\n-- @name pl.luabalanced\nlocal M = {}\n"
    assert read_module(luadoc, "luabalanced.lua") == LuaModule("pl.luabalanced", False)
    # a tag in a comment after the first doc comment names nothing: the path does
    apart = "---- Types.\n\n-- Dependencies\n-- @module pl.types\n"
    assert read_module(apart, "types.lua") == LuaModule("types", False)
    assert read_module("local x = 1\n", "sub/init.lua") == LuaModule("sub", False)


@pytest.fixture(scope="module")
def reference() -> Iterator[LabServer]:
    LdocApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_index_lists_the_modules_in_order_then_the_classes(reference: LabServer) -> None:
    truth = reference.truth(APP)
    ((index,),) = truth.index_levels
    assert len(truth.target_entities) > 30
    html = get_text(index)
    modules = html.partition("<h2>Modules</h2>")[2].partition("</ul>")[0]
    classes = html.partition("<h2>Classes</h2>")[2].partition("</ul>")[0]
    listed = [canonical_url(urljoin(index, h)) for h in re.findall(r'href="([^"]+)"', modules)]
    assert listed == list(truth.target_entities)
    class_pages = [u for u, t in truth.templates.items() if t == "class"]
    assert len(class_pages) >= 5
    listed_classes = [urljoin(index, h) for h in re.findall(r'href="([^"]+)"', classes)]
    assert listed_classes == class_pages


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_module_pages_name_their_module_and_list_the_others(reference: LabServer) -> None:
    truth = reference.truth(APP)
    assert truth.seed_entity == f"{truth.base_url}/modules/{SEED}.html"
    for url in [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 8]]:
        name = url.rsplit("/", 1)[1].removesuffix(".html")
        html = get_text(url)
        assert f"<h1>Module <code>{name}</code></h1>" in html, url
        # the sidebar lists every module, the page's own in bold (not a link)
        assert set(truth.target_entities) - {url} <= set(page_links(url)), url
        assert f"<strong>{name}</strong>" in html, url
    for url in (u for u, t in truth.templates.items() if t == "class"):
        assert "<h1>Class <code>" in get_text(url), url
