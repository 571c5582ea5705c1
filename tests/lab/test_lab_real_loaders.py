"""The real tier's loaders and truth readers on hand-made inputs (nothing installed): TiddlyWiki
lists and permalinks, the reStructuredText → DokuWiki conversion, DokuWiki page files, devpi's
register form and export."""

from __future__ import annotations

import json
from pathlib import Path

from siteseer.lab.real.devpi import INDEX, Release, normalize_name, read_releases, submit_form
from siteseer.lab.real.dokuwiki import page_links, page_title, page_url, read_pages
from siteseer.lab.real.rst_dokuwiki import convert, modules_defined, page_id
from siteseer.lab.real.tiddlywiki import parse_string_list, permalink, read_tiddlers


def test_tiddlywiki_lists_split_like_parse_string_array() -> None:
    assert parse_string_list("Widgets Lists") == ("Widgets", "Lists")
    assert parse_string_list("[[Core Widgets]] Concepts [[Core Widgets]]") == (
        "Core Widgets",
        "Concepts",
    )
    assert parse_string_list("$:/tags/Macro [[a]]b") == ("$:/tags/Macro", "[[a]]b")
    assert parse_string_list(["x", "y", "x"]) == ("x", "y")
    assert parse_string_list(None) == ()


def test_tiddlywiki_permalinks_use_encode_uri_component() -> None:
    assert permalink("http://h:1", "ListWidget") == "http://h:1/#ListWidget"
    # encodeURIComponent leaves !'()* alone and escapes everything else but -_.~
    assert permalink("http://h:1", "abs Operator (Examples)") == (
        "http://h:1/#abs%20Operator%20(Examples)"
    )
    assert permalink("http://h:1", "Deutsch (Österreich) #1/2") == (
        "http://h:1/#Deutsch%20(%C3%96sterreich)%20%231%2F2"
    )


def test_tiddlywiki_export_is_read_with_tags_and_type(tmp_path: Path) -> None:
    export = tmp_path / "tiddlers.json"
    records = [
        {"title": "A", "tags": "[[Core Widgets]] Lists", "type": "text/vnd.tiddlywiki"},
        {"title": "B"},
    ]
    export.write_text(json.dumps(records))
    a, b = read_tiddlers(export)
    assert (a.title, a.tags) == ("A", ("Core Widgets", "Lists"))
    assert (b.title, b.tags, b.type) == ("B", (), "text/vnd.tiddlywiki")


def test_rst_documents_map_to_wiki_pages() -> None:
    assert page_id("library/json") == "library:json"
    assert page_id("library/index") == "library:start"
    assert page_id("contents") == "start"
    assert page_id("glossary") == "glossary"
    assert modules_defined(".. module:: os.path\n   :synopsis: x\n") == ["os.path"]


RST = """\
:mod:`json` --- JSON encoder
============================

.. module:: json

See :mod:`os` and `JSON <https://json.org>`_, or ``a // b`` and *this*.

Section
-------

Example::

    >>> json.dumps(1)
    '1'

.. function:: dumps(obj, **kw)

   Serialize *obj*.

.. note::
   Mind the gap.

.. toctree::
   :maxdepth: 1

   other.rst
   Tutorial <../tutorial/index>

* one
* two
"""


def test_rst_converts_to_dokuwiki_markup() -> None:
    text = convert("library/json", RST, {"json": "library:json", "os": "library:os"})
    lines = text.splitlines()
    assert lines[0] == "====== json --- JSON encoder ======"
    assert (
        "See [[library:os|os]] and [[https://json.org|JSON]], or ''%%a // b%%'' and //this//."
        in lines
    )
    assert "===== Section =====" in lines
    assert "<code>\n>>> json.dumps(1)\n'1'\n</code>" in text
    assert "**function** ''%%dumps(obj, **kw)%%''" in lines
    assert "Serialize //obj//." in lines
    assert "**Note**" in lines and "Mind the gap." in lines
    assert "  * [[library:other]]" in lines
    assert "  * [[tutorial:start|Tutorial]]" in lines
    assert "  * one" in lines and "  * two" in lines


def test_dokuwiki_pages_are_read_from_the_data_directory(tmp_path: Path) -> None:
    pages = tmp_path / "data" / "pages"
    (pages / "library").mkdir(parents=True)
    (pages / "start.txt").write_text("====== Contents ======\n  * [[library:start]]\n")
    (pages / "library" / "json.txt").write_text("====== json ======\nsee [[library:os|os]]\n")
    read = read_pages(tmp_path)
    assert sorted(read) == ["library:json", "start"]
    assert page_title(read["library:json"]) == "json"
    assert page_links(read["library:json"] + "[[https://x.org|x]]") == ["library:os"]
    assert page_url("http://h:1", "library:os.path") == "http://h:1/doku.php?id=library%3Aos.path"


def test_devpi_register_form_carries_the_metadata() -> None:
    metadata = {
        "name": "Foo_Bar",
        "version": "1.0",
        "summary": "A foo",
        "classifier": ["A :: B", "C :: D"],
        "requires_dist": ["x>=1"],
        "keywords": "",
    }
    form = submit_form(metadata)
    assert form[:3] == [(":action", "submit"), ("name", "Foo_Bar"), ("version", "1.0")]
    assert ("summary", "A foo") in form
    assert [v for k, v in form if k == "classifiers"] == ["A :: B", "C :: D"]
    assert ("requires_dist", "x>=1") in form
    assert not any(k == "keywords" for k, _ in form)
    assert normalize_name("Foo_Bar.baz--x") == "foo-bar-baz-x"


def test_devpi_export_lists_the_index_releases(tmp_path: Path) -> None:
    data = {"indexes": {INDEX: {"projects": {"Foo_Bar": {"2.0": {"name": "Foo_Bar"}}}}}}
    (tmp_path / "dataindex.json").write_text(json.dumps(data))
    assert read_releases(tmp_path) == [Release("foo-bar", "2.0", "Foo_Bar")]
