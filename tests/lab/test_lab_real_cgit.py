"""real-cgit: cgit (Debian) over git repositories built from Debian changelogs, one commit per
upload.

The fast tests build a repository from a hand-made changelog (git only, nothing installed) and
hold its commits to fixed SHAs. The slow ones install the application (the Debian packages if
missing, then the repositories: seconds) and serve it through its CGI gateway: the truth is
held against the changelog and git, and cgit's log and commit pages against the truth.
"""

from __future__ import annotations

import gzip
import re
import subprocess
import urllib.error
import urllib.request
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest

from siteseer.lab import set_scores
from siteseer.lab.bench import run_one
from siteseer.lab.real.cgit import (
    LOG_PAGE,
    REPOS,
    SUMMARY_LOG,
    TARGET,
    CgitApp,
    fast_import_stream,
    log_pages,
    tag_name,
    uploads_of,
)
from siteseer.lab.registry import methods
from siteseer.lab.server import LabServer, running_lab

APP = "real-cgit"
COMMIT = re.compile(r"href='(/binutils/commit/\?id=[0-9a-f]{40})'")
PAGER = re.compile(r"href='(/binutils/log/(?:\?ofs=\d+)?)'")

CHANGELOG = """\
demo (1:1.1~rc1-1) unstable; urgency=medium

  * New upstream release candidate.
  * Refresh patches.

 -- Ada Lovelace <ada@example.org>  Sat, 14 Jan 2023 18:24:22 +0100

demo (1.0-2) unstable; urgency=low

  * Fix the build on arm64.

 -- Alan Turing <alan@example.org>  Tue, 10 Jan 2023 06:17:01 -0500

demo (1.0-1) unstable; urgency=low

  * Initial release.

 -- Ada Lovelace <ada@example.org>  Wed, 04 Jan 2023 08:44:08 +0000

demo (0.9-1):

An entry of the oldest style, without a maintainer line.
"""


def _import(repo: Path, stream: bytes) -> str:
    subprocess.run(
        ["git", "init", "-q", "--bare", "--initial-branch=master", str(repo)], check=True
    )
    subprocess.run(["git", "-C", str(repo), "fast-import", "--quiet"], input=stream, check=True)
    done = subprocess.run(
        ["git", "-C", str(repo), "rev-list", "HEAD"], capture_output=True, text=True, check=True
    )
    return done.stdout


def test_a_changelog_is_read_upload_by_upload_newest_first() -> None:
    repeated = "\ndemo (1.0-1) unstable; urgency=low\n\n  * Again.\n\n -- A <a@b.org>  Tue, 03 Jan 2023 08:44:08 +0000\n"
    uploads = uploads_of(CHANGELOG + repeated)  # the older entry of a repeated version is left out
    assert [u.version for u in uploads] == ["1:1.1~rc1-1", "1.0-2", "1.0-1"]  # 0.9-1: no trailer
    first = uploads[0]
    assert first.header == "demo (1:1.1~rc1-1) unstable; urgency=medium"
    assert first.text.splitlines()[1:3] == ["", "  * New upstream release candidate."]
    assert (first.author, first.email) == ("Ada Lovelace", "ada@example.org")
    assert first.date.timestamp() == 1673717062
    assert tag_name("1:1.1~rc1-1") == "debian/1%1.1_rc1-1"


def test_the_same_changelog_gives_the_same_commits(tmp_path: Path) -> None:
    stream = fast_import_stream(uploads_of(CHANGELOG))
    assert stream == fast_import_stream(uploads_of(CHANGELOG))
    shas = _import(tmp_path / "a.git", stream)
    assert shas == _import(tmp_path / "b.git", stream)
    assert len(shas.split()) == 3
    # fixed by the changelog alone: no clock, user or machine goes into a commit
    assert shas.split()[0] == "9413a437646a7f87b97e314dcd8aaa5759cc8641"
    repo = ["git", "-C", str(tmp_path / "a.git")]
    head = subprocess.run(
        [*repo, "show", "HEAD:debian/changelog"], capture_output=True, text=True, check=True
    ).stdout
    assert head == CHANGELOG[: CHANGELOG.index("demo (0.9-1)")].rstrip("\n") + "\n"
    tags = subprocess.run([*repo, "tag"], capture_output=True, text=True, check=True).stdout
    assert tags.split() == ["debian/1%1.1_rc1-1", "debian/1.0-1", "debian/1.0-2"]


def test_log_pages_follow_cgits_pager() -> None:
    assert log_pages("http://h", "r", 120, 50) == (
        "http://h/r/log/",
        "http://h/r/log/?ofs=50",
        "http://h/r/log/?ofs=100",
    )
    assert log_pages("http://h", "r", 0) == ("http://h/r/log/",)


@pytest.fixture(scope="module")
def cgit() -> Iterator[LabServer]:
    CgitApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=60) as reply:
        return unescape(reply.read().decode("utf-8"))


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_truth_is_gits_history_of_the_changelogs_uploads(cgit: LabServer, tmp_path: Path) -> None:
    truth = cgit.truth(APP)
    app = CgitApp("small")
    changelog, limits = REPOS[TARGET]
    uploads = uploads_of(gzip.decompress(changelog.read_bytes()).decode("utf-8"))
    kept = uploads[-limits["small"] :]
    assert len(truth.target_entities) == limits["small"] == 300
    commits = app.commits(TARGET)
    assert [f"{truth.base_url}/{TARGET}/commit/?id={sha}" for sha, _, _ in commits] == list(
        truth.target_entities
    )
    assert [(author, subject) for _, author, subject in commits] == [
        (u.author, u.header) for u in kept
    ]
    assert len(truth.entities["git"]) == len(
        uploads_of(gzip.decompress(REPOS["git"][0].read_bytes()).decode("utf-8"))
    )
    (level,) = truth.index_levels
    assert len(level) == 300 // LOG_PAGE and truth.seed_path == (level[0], truth.seed_entity)
    # Another home builds the same commits: the history depends on the changelog alone.
    again = CgitApp("small", home=tmp_path)
    again.install(lambda line: None)
    assert again.commits(TARGET) == commits


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_the_log_pages_list_every_commit_and_link_each_other(cgit: LabServer) -> None:
    truth = cgit.truth(APP)
    base = truth.base_url
    (level,) = truth.index_levels
    listed: list[str] = []
    linked: set[str] = set()
    for url in level:
        html = _get(url)
        listed += [base + p for p in dict.fromkeys(COMMIT.findall(html))]
        linked |= {base + p for p in PAGER.findall(html)}
    assert listed == list(truth.target_entities)  # every commit once, in git's order
    assert linked == set(level)
    seed = _get(truth.seed_entity)
    attributes = truth.attributes[truth.seed_entity]
    assert attributes["author"][0] in seed and attributes["subject"][0] in seed
    index = truth.target_entities.index(truth.seed_entity)
    parent = truth.target_entities[index + 1]
    assert f"href='{parent.removeprefix(base)}'" in seed  # a commit links its parent
    with pytest.raises(urllib.error.HTTPError) as missing:
        _get(base + "/binutils/commit/?id=" + "0" * 40)
    assert missing.value.code == 404


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
async def test_follow_links_crawls_commits_of_the_served_cgit(cgit: LabServer) -> None:
    truth = cgit.truth(APP)
    result = await run_one(methods()["follow-links"], truth, budget=120, timeout_s=600)
    assert result.row.error is None, result.row.error
    assert result.run is not None
    commits = {u for u in result.run.found if "/commit/?id=" in u}
    known = {u for urls in truth.entities.values() for u in urls}
    assert commits <= known  # every commit page cgit links is one of git's commits
    assert len(commits & set(truth.target_entities)) >= SUMMARY_LOG, result.row.to_dict()


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
async def test_ssup_finds_every_commit_past_the_summarys_few(cgit: LabServer) -> None:
    # The bench's SSUP (height 2). The summary (/binutils/, an ancestor of the seed by URL)
    # lists the seed in one table with the branch, the newest tags and the last commits: a
    # candidate, not a confirmed index page (its list is mostly of other URL templates), so the
    # pages the seed's tabs alone link to are probed too, and the refs page (every tag with its
    # commit) or the log is the index. Before: the summary, 21 commits and git's (F1 0.07).
    truth = cgit.truth(APP)
    result = await run_one(methods()["ssup"], truth, budget=400, timeout_s=600)
    assert result.row.error is None, result.row.error
    assert result.run is not None
    scores = set_scores(result.run.found, truth.target_entities)
    assert scores.f1 >= 0.95, scores
    assert not any("/git/" in u for u in result.run.found)
    assert result.row.cost.downloads <= 3 * truth.lower_bound_downloads, result.row.to_dict()


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
async def test_explore_from_the_home_page_lists_every_binutils_commit(cgit: LabServer) -> None:
    # From the home page the sample's repository is the one whose summary links it, and the
    # summary's "[...]" leads to a page listing more of them; the search form's "search in"
    # menu with no words gives the same results, so no commit gets an attribute from it; once
    # one choice listed them all, a choice showing its first page again is not paged (a view).
    truth = cgit.truth(APP)
    result = await run_one(methods()["explore"], truth, budget=None, timeout_s=600)
    assert result.row.error is None, result.row.error
    extra = result.row.extra
    assert extra["entity_recall"] == 1.0 and extra["entity_precision"] == 1.0, extra
    assert result.run is not None and result.run.result is not None
    named = {a for attrs in result.run.result.entities.values() for a in attrs}
    assert not named & {"qt", "h"}, named
    views = [s.subject for s in result.run.result.skipped if s.reason == "view"]
    assert len(views) == 3, views  # "search in" committer, log msg, range: author's first page
    assert result.row.cost.downloads <= 2.5 * truth.lower_bound_downloads, result.row.to_dict()
