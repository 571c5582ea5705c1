"""real-vimdoc: Vim's help files as HTML (Debian's vim-doc), truth from the help files.

The fast tests read a help.txt written here and build the truth from a documentation folder
written here (nothing installed). The slow ones install the application (two Debian packages
downloaded and unpacked: seconds) and serve it: the truth, from vim-runtime's doc/help.txt, is
held against the main help file's page and the help file pages themselves.
"""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from siteseer.lab.real.vimdoc import (
    INDEX,
    SEED,
    VimdocApp,
    last_change,
    page_of,
    read_file_list,
)
from siteseer.lab.server import LabServer, running_lab

APP = "real-vimdoc"

_HELP = """*help.txt*\tFor Vim version 9.0.  Last change: 2022 Dec 03

\t\t\t  WHAT\t\t\tPREPEND    EXAMPLE\t~
|usr_99.txt| is no entry: the list has not begun
------------------------------------------------------------------------------
\t\t\t\t\t\t*doc-file-list* *Q_ct*
BASIC:
|quickref|\tOverview of the most common commands you will use

USER MANUAL: These files explain how to accomplish an editing task.

|usr_toc.txt|\tTable Of Contents

Getting Started ~
|usr_01.txt|  About the manuals
|usr_02.txt|  The first steps in Vim

REFERENCE MANUAL: These files explain every detail of Vim.\t*reference_toc*

General subjects ~
|intro.txt|\tgeneral introduction to Vim; notation used in help files
|help.txt|\toverview and quick reference (this file)
|index.txt|\talphabetical index of all commands
|help-tags|\tall the tags you can jump to (index of tags)

Advanced editing ~
|pattern.txt|\tregexp patterns and search commands
|intro.txt|\tlisted twice: the first heading stands

LOCAL ADDITIONS:\t\t\t\t*local-additions*
|mine.txt|\ta plugin's help, not Vim's
"""

_LISTED = {
    "usr_toc.txt": ("USER MANUAL", "Table Of Contents"),
    "usr_01.txt": ("Getting Started", "About the manuals"),
    "usr_02.txt": ("Getting Started", "The first steps in Vim"),
    "intro.txt": ("General subjects", "general introduction to Vim; notation used in help files"),
    "index.txt": ("General subjects", "alphabetical index of all commands"),
    "pattern.txt": ("Advanced editing", "regexp patterns and search commands"),
}


def _write_sources(root: Path) -> Path:
    doc = root / "usr/share/vim/vim90/doc"
    doc.mkdir(parents=True, exist_ok=True)
    (doc / "help.txt").write_text(_HELP, encoding="utf-8")
    (doc / "pattern.txt").write_text(
        "*pattern.txt*   For Vim version 9.0.  Last change: 2023 Feb 04\n", encoding="utf-8"
    )
    (doc / "intro.txt").write_text("*intro.txt*\tFor Vim version 9.0.\n", encoding="utf-8")
    return doc / "help.txt"


def test_the_doc_file_list_of_help_txt_is_read_with_its_headings(tmp_path: Path) -> None:
    help_txt = _write_sources(tmp_path)
    assert read_file_list(help_txt) == _LISTED
    assert list(read_file_list(help_txt)) == list(_LISTED)
    assert last_change(help_txt.with_name("pattern.txt")) == "2023 Feb 04"
    assert last_change(help_txt.with_name("intro.txt")) == ""
    assert [page_of(n) for n in ("help.txt", "index.txt", "usr_01.txt")] == [
        "index.html", "vimindex.html", "usr_01.html",
    ]  # fmt: skip
    help_txt.write_text("*help.txt* no list\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no doc-file-list"):
        read_file_list(help_txt)


def test_the_truth_holds_the_pages_of_the_listed_help_files(tmp_path: Path) -> None:
    app = VimdocApp("small", home=tmp_path)
    _write_sources(app.dir / "root")
    app.served.mkdir(parents=True)
    for name in ("help.txt", "pattern.txt", "usr_01.txt"):
        (app.served / page_of(name)).write_text("<TITLE>x</TITLE>", encoding="utf-8")
    assert not app.installed()
    (app.dir / "versions.json").write_text('{"vim-doc": "9"}', encoding="utf-8")
    assert app.installed()
    with pytest.raises(ValueError, match="most help file pages"):
        app.truth("http://127.0.0.1:1/")  # fewer than ten pages
    extra = "".join(f"|extra{n}.txt|\tmore help\n" for n in range(10))
    help_txt = app.sources / "help.txt"
    help_txt.write_text(_HELP.replace("LOCAL ADDITIONS", extra + "\nLOCAL ADDITIONS"))
    for n in range(9):  # one listed file (extra9) has no page: left out
        (app.served / f"extra{n}.html").write_text("<TITLE>x</TITLE>", encoding="utf-8")
    b = "http://127.0.0.1:1"
    truth = app.truth(b + "/")
    assert truth.seed_entity == f"{b}/pattern.html"
    assert len(truth.target_entities) == 11
    assert f"{b}/extra9.html" not in truth.target_entities
    assert f"{b}/index.html" not in truth.target_entities
    assert truth.index_levels == ((f"{b}/{INDEX}",),)
    assert truth.seed_path == (f"{b}/{INDEX}", truth.seed_entity)
    assert truth.attributes[truth.seed_entity] == {
        "section": ("Advanced editing",), "last_change": ("2023 Feb 04",),
    }  # fmt: skip
    assert truth.attributes[f"{b}/usr_01.html"] == {"section": ("Getting Started",)}
    assert truth.facet_values == {"section": ("Advanced editing", "Getting Started")}


def _page(url: str) -> str:
    """A page of the converter's HTML: it declares ISO-8859-1 (the help text is mostly UTF-8)."""
    with urllib.request.urlopen(url, timeout=120) as response:
        return str(response.read().decode("latin-1"))


@pytest.fixture(scope="module")
def docs() -> Iterator[LabServer]:
    VimdocApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_main_help_file_links_every_help_file_of_the_truth(docs: LabServer) -> None:
    truth = docs.truth(APP)
    ((index,),) = truth.index_levels
    assert len(truth.target_entities) >= 100
    # the doc-file-list's entries: |<A HREF="pattern.html">pattern.txt</A>|
    listed = re.findall(r'\|<A HREF="([\w.-]+\.html)">[\w.-]+\.txt</A>\|', _page(index))
    pages = {f"{truth.base_url}/{page}" for page in listed} - {index}  # |help.txt| is itself
    assert pages == set(truth.target_entities)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_help_file_pages_are_titled_by_the_file_and_link_the_main_help_file(
    docs: LabServer,
) -> None:
    truth = docs.truth(APP)
    app = VimdocApp("small")
    names = {f"{truth.base_url}/{page_of(n)}": n for n in read_file_list(app.sources / "help.txt")}
    assert names[truth.seed_entity] == SEED
    for url in truth.target_entities:
        html = _page(url)
        name = names[url].removesuffix(".txt")
        assert f"<TITLE>Vim documentation: {name}</TITLE>" in html, url
        assert f'<A HREF="{INDEX}">main help file</A>' in html, url
        for changed in truth.attributes[url].get("last_change", ()):
            assert re.search(r"Last change:\s+" + changed, html), url
