"""real-gitdoc: Git's manual pages in AsciiDoc's HTML (Debian's git-doc).

The fast test reads the command lists of a git.txt written here (nothing installed). The slow
ones install the application (one Debian package of 2 MB downloaded and unpacked: seconds) and
serve it: the truth, from the AsciiDoc sources, is held against git(1)'s page and the manual
pages themselves.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from lab_http import get_text, page_links

from siteseer.lab.real.gitdoc import SEED, GitDocApp, ListedPage, read_command_lists
from siteseer.lab.server import LabServer, running_lab

APP = "real-gitdoc"

GIT_TXT = """git(1)
======

COMMANDS
--------

Main porcelain commands
~~~~~~~~~~~~~~~~~~~~~~~

include::cmds-mainporcelain.txt[]

Ancillary Commands
~~~~~~~~~~~~~~~~~~
Manipulators:

include::cmds-ancillarymanipulators.txt[]

Guides
------

include::cmds-guide.txt[]
"""


def test_pages_are_read_from_the_lists_git_txt_includes(tmp_path: Path) -> None:
    (tmp_path / "git.txt").write_text(GIT_TXT, encoding="utf-8")
    lists = {
        "mainporcelain": "linkgit:git-add[1]::\n\tAdd file contents.\n\nlinkgit:gitk[1]::\n\tx\n",
        "ancillarymanipulators": "linkgit:git-config[1]::\n\tGet options.\n\nlinkgit:git-add[1]::\n",
        "guide": "linkgit:gitglossary[7]::\n\tA Git Glossary.\n",
    }
    for name, text in lists.items():
        (tmp_path / f"cmds-{name}.txt").write_text(text, encoding="utf-8")
    assert read_command_lists(tmp_path) == [
        ListedPage("git-add", "1", "Main porcelain commands"),
        ListedPage("gitk", "1", "Main porcelain commands"),
        ListedPage("git-config", "1", "Ancillary Commands"),
        ListedPage("gitglossary", "7", "Guides"),
    ]
    (tmp_path / "git.txt").write_text("git(1)\n======\n\nNo lists.\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no command list"):
        read_command_lists(tmp_path)


@pytest.fixture(scope="module")
def manual() -> Iterator[LabServer]:
    GitDocApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_git_1_links_every_listed_page(manual: LabServer) -> None:
    truth = manual.truth(APP)
    ((command_list,),) = truth.index_levels
    assert len(truth.target_entities) >= 150
    assert get_text(truth.base_url + "/") == get_text(command_list)
    links = page_links(command_list)
    assert set(truth.target_entities) <= set(links)
    assert truth.attributes[truth.seed_entity] == {
        "category": ("Main porcelain commands",),
        "man_section": ("1",),
    }
    categories = {v for a in truth.attributes.values() for v in a["category"]}
    assert {"Interrogation commands", "Internal helper commands"} <= categories
    assert "Guides" not in categories  # section 7: listed by git(1), not commands
    assert {a["man_section"] for a in truth.attributes.values()} == {("1",)}
    guides = [u for u, kind in truth.templates.items() if kind == "manual page"]
    assert f"{truth.base_url}/gitglossary.html" in set(guides) - set(truth.target_entities)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_manual_pages_are_titled_by_name_and_section(manual: LabServer) -> None:
    truth = manual.truth(APP)
    assert truth.seed_entity == f"{truth.base_url}/{SEED}.html"
    assert f"{truth.base_url}/git-rev-list.html" in page_links(truth.seed_entity)
    for url in [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 10]]:
        name = url.rsplit("/", 1)[1].removesuffix(".html")
        (section,) = truth.attributes[url]["man_section"]
        assert f"<title>{name}({section})</title>" in get_text(url), url
