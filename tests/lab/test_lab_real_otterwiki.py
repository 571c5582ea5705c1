"""real-otterwiki: An Otter Wiki (PyPI) holding Git's release notes, a folder per series.

The fast tests hold the page files and the repository's round trip (git only, no venv). The
slow ones install the application (its venv and the repository: a minute) and serve it: the
truth, from the repository's page files, is held against the page index, each series' folder
page and the release pages themselves.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from urllib.parse import urljoin

import pytest
from lab_http import get_text, labels

from siteseer.crawler import canonical_url
from siteseer.lab.real.otterwiki import (
    OtterWikiApp,
    page_file,
    release_notes,
    release_pages,
    series_commits,
)
from siteseer.lab.real.pydoc_html import write_repository
from siteseer.lab.server import LabServer, running_lab

APP = "real-otterwiki"


def test_page_files_are_named_by_series_and_version_without_dots() -> None:
    name, text = page_file("2.39.5", "Git v2.39.5 Release Notes\n====\n\n * fixed\n")
    assert name == "2-39/2-39-5.md"
    assert text.startswith("# Git 2.39.5 release notes\n\n```text\nGit v2.39.5 Release Notes")
    assert page_file("1.5.0.1", "x")[0] == "1-5/1-5-0-1.md"
    with pytest.raises(ValueError, match="preformatted"):
        page_file("2.0.0", "```")


def test_repository_round_trip_lists_the_release_pages(tmp_path: Path) -> None:
    notes = {"1.5.0": "a", "1.5.0.1": "b", "2.3.1": "c", "2.3.10": "d", "2.3.2": "e"}
    commits = series_commits(notes)
    assert [m for m, _ in commits] == [
        "Add the release notes of Git 1.5",
        "Add the release notes of Git 2.3",
    ]
    commits.append(("Add the home page", {"home.md": "# Home\n"}))
    repo = tmp_path / "repo"
    write_repository(APP, repo, commits, tmp_path / "log", lambda line: None)
    assert sorted(release_pages(repo)) == [
        "1-5/1-5-0",
        "1-5/1-5-0-1",
        "2-3/2-3-1",
        "2-3/2-3-10",
        "2-3/2-3-2",
    ]


def test_release_notes_are_read_in_version_order(tmp_path: Path) -> None:
    # Named as Debian's git package names them (RelNotes/<version>.txt); other files are not notes.
    for name in ("2.4.0.txt", "2.3.10.txt", "1.5.0.1.txt", "2.3.2.txt", "README", "2.x.txt"):
        (tmp_path / name).write_text(f"notes of {name}\n", encoding="utf-8")
    notes = release_notes(tmp_path)
    assert list(notes) == ["1.5.0.1", "2.3.2", "2.3.10", "2.4.0"]
    assert notes["2.3.10"] == "notes of 2.3.10.txt\n"


@pytest.fixture(scope="module")
def wiki() -> Iterator[LabServer]:
    OtterWikiApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _content_links(url: str, base: str) -> list[str]:
    """The links of a page's content (below Otter Wiki's sidebar), resolved and canonical."""
    html = get_text(url)
    content = html.split('id="content-wrapper"', 1)[1]
    hrefs = (urljoin(url, unescape(h.strip())) for h in re.findall(r'href="([^"#]+)"', content))
    return [canonical_url(h) for h in hrefs if h.startswith(base)]


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_folder_pages_list_the_truths_pages(wiki: LabServer) -> None:
    truth = wiki.truth(APP)
    b = truth.base_url
    (top,), listing = truth.index_levels
    assert len(truth.target_entities) == len(release_notes()) > 400 and len(listing) > 40
    assert set(listing) <= set(_content_links(top, b))
    entities = set(truth.target_entities)
    for query, url in zip(truth.queries, listing, strict=True):
        ((_, series),) = query.conditions
        assert url == canonical_url(f"{b}/{series}")
        listed = [u for u in _content_links(url, b) if u in entities]
        assert listed == list(query.entities), series


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_release_pages_show_their_notes(wiki: LabServer) -> None:
    truth = wiki.truth(APP)
    b = truth.base_url
    notes = release_notes()
    assert truth.seed_entity == canonical_url(f"{b}/{'-'.join(list(notes)[-1].split('.')[:2])}/"
                                              f"{list(notes)[-1].replace('.', '-')}")  # fmt: skip
    sample = [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 6]]
    by_url = {canonical_url(f"{b}/{page_file(v, '')[0].removesuffix('.md')}"): v for v in notes}
    for url in sample:
        version = by_url[url]
        html = get_text(url)
        title = re.search(r"<title>(.*?)</title>", html, re.S)
        assert title is not None and unescape(title.group(1)).startswith(f"Git {version} "), url
        first = notes[version].strip().splitlines()[0]
        assert unescape(first) in unescape(html), url
        ((series,),) = truth.attributes[url].values()
        assert canonical_url(f"{b}/{series}") in _content_links(url, b), url


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_series_is_unlabelled_a_release_shows_it_as_its_breadcrumbs_folder(
    wiki: LabServer,
) -> None:
    truth = wiki.truth(APP)
    assert truth.unlabelled == ("series",)
    b = truth.base_url
    for url in (*truth.index_levels[1][::10], *truth.target_entities[::40]):
        assert not labels(get_text(url), "series"), url
    for url in truth.target_entities[::40]:
        ((series,),) = truth.attributes[url].values()
        assert f'<li class="breadcrumb-item"><a href="/{series}">{series}</a></li>' in get_text(
            url
        ), url
        assert canonical_url(f"{b}/{series}") in _content_links(url, b), url
