"""real-kiwix: kiwix-serve over a ZIM file of Git's HTML documentation (Debian git-doc).

The fast tests hold the loaders on hand-made inputs (nothing installed): the illustration PNG
and the command pages read from git(1)'s page. The slow ones install the application (the
Debian packages and one zimwriterfs run: about a minute) and serve it: the truth, from the HTML
packed into the file, is held against the served git(1) page (it links every command page, in
order), against the command pages (each links back to git(1), carries kiwix's toolbar and loads
nothing from off the machine) and against the library's catalogue, which names the book.
"""

from __future__ import annotations

import re
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from lab_http import get_text

from siteseer.lab.real.kiwix import BOOK, KiwixApp, illustration_png, read_commands
from siteseer.lab.server import LabServer, running_lab

APP = "real-kiwix"
COMMAND_LINK = re.compile(r'href="([^"#/:]+\.html)"')
REMOTE = re.compile(
    r'(?:src|action)="((?:https?:)?//[^"]*)"|<link[^>]+href="((?:https?:)?//[^"]*)"'
)


def test_the_illustration_is_a_48_pixel_square_png() -> None:
    png = illustration_png()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width, height, depth, colour = struct.unpack(">IIBB", png[16:26])
    assert (width, height, depth, colour) == (48, 48, 8, 2)
    (length,) = struct.unpack(">I", png[33:37])
    rows = zlib.decompress(png[41 : 41 + length])
    assert len(rows) == 48 * (1 + 48 * 3)


def test_commands_are_the_existing_section_1_pages_git_links(tmp_path: Path) -> None:
    pages = {
        "git-add.html": "git-add(1)",
        "git-tools.html": "Git Tools",  # not a manual page
        "git-commit.html": "git-commit(1)",
        "gitk.html": "gitk(1)",
        "gitglossary.html": "gitglossary(7)",  # a guide
        "git.html": "git(1)",  # the list itself
    }
    for name, title in pages.items():
        (tmp_path / name).write_text(f"<html><title>{title}</title></html>")
    (tmp_path / "git.html").write_text(
        '<a href="git.html">git</a> <a href="git-commit.html">commit</a> '
        '<a href="git-add.html#x">add</a> <a href="git-add.html">add</a> '
        '<a href="git-p4.html">missing</a> <a href="git-tools.html">tools</a> '
        '<a href="gitk.html">gitk</a> <a href="gitglossary.html">glossary</a>'
    )
    assert read_commands(tmp_path) == ["git-commit.html", "git-add.html", "gitk.html"]


@pytest.fixture(scope="module")
def kiwix() -> Iterator[LabServer]:
    KiwixApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_git_1_lists_every_command_page_in_order(kiwix: LabServer) -> None:
    truth = kiwix.truth(APP)
    ((index,),) = truth.index_levels
    page = get_text(index)
    book = f"{truth.base_url}/{BOOK}/"
    linked = [book + name for name in dict.fromkeys(COMMAND_LINK.findall(page))]
    assert [u for u in linked if u in set(truth.target_entities)] == list(truth.target_entities)
    assert len(truth.target_entities) > 140 and truth.seed_entity in truth.target_entities
    assert get_text(book + "index.html").count("git-add.html") == page.count("git-add.html")


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_command_pages_link_git_1_and_carry_the_toolbar(kiwix: LabServer) -> None:
    truth = kiwix.truth(APP)
    commands = truth.target_entities
    for url in (commands[0], truth.seed_entity, commands[len(commands) // 2], commands[-1]):
        page = get_text(url)
        name = url.rsplit("/", 1)[1].removesuffix(".html")
        assert f"<title>{name}(1)</title>" in page, url
        assert 'href="git.html"' in page, url
        assert 'id="kiwixtoolbar"' in page and f'href="/{BOOK}/"' in page, url
        assert not REMOTE.findall(page), url
    library = get_text(truth.base_url + "/")
    assert "/skin/index.js" in library  # the library is drawn by script from the catalogue
    catalogue = get_text(truth.base_url + "/catalog/v2/entries")
    assert f"<name>{BOOK}</name>" in catalogue and f'href="/{BOOK}"' in catalogue
