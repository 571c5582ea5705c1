"""Debian changelogs read as posts (lab/real/changelogs.py) and real-hugo's content files
(lab/real/hugo.py): parsed from hand-written changelog text, written and read back, no Hugo."""

from __future__ import annotations

import gzip
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from siteseer.lab.real.changelogs import parse_changelog, read_uploads, slug
from siteseer.lab.real.hugo import post_file, read_posts, write_content

CHANGELOG = """\
dpkg (1.21.22) unstable; urgency=medium

  [ Guillem Jover ]
  * Localization:
    - Add Portuguese scripts translations. Closes: #1032562

 -- Guillem Jover <guillem@debian.org>  Thu, 11 May 2023 04:04:01 +0200

dpkg (1.21.21~exp1) experimental frozen; urgency=HIGH

  * An entry with two distributions.

 -- Guillem Jover <guillem@debian.org>  Sat, 25 Feb 2023 04:39:29 +0100

Old free-form notes that are no entry at all.

dpkg (1.2.0) unstable; urgency=low

  * An entry whose trailer has no date.

 -- Somebody <somebody@example.org>

dpkg (1.1.0) unstable

  * No urgency field; its trailer is lost, the next entry begins.
dpkg (1.0.0) unstable; urgency=low

  * The first upload.

 -- Ian Jackson <ian@example.org>  Thu, 6 Apr 1995 12:48:13 +0100
"""


def test_every_well_formed_entry_is_an_upload_in_the_files_order() -> None:
    uploads = list(parse_changelog(CHANGELOG))
    assert [u.version for u in uploads] == ["1.21.22", "1.21.21~exp1", "1.0.0"]
    first, second, last = uploads
    assert first.title == "dpkg 1.21.22"
    assert (first.author, first.email, first.urgency) == (
        "Guillem Jover",
        "guillem@debian.org",
        "medium",
    )
    assert first.date == datetime(2023, 5, 11, 4, 4, 1, tzinfo=timezone(timedelta(hours=2)))
    assert first.changes.splitlines() == [
        "[ Guillem Jover ]",
        "* Localization:",
        "  - Add Portuguese scripts translations. Closes: #1032562",
    ]
    assert second.distributions == ("experimental", "frozen")
    assert second.urgency == "high"
    assert last.changes == "* The first upload."


def test_slugs_keep_letters_digits_and_dots() -> None:
    assert slug("dpkg 1.21.22") == "dpkg-1.21.22"
    assert slug("login 1:4.13+dfsg1-1") == "login-1-4.13-dfsg1-1"
    assert slug("gzip 1.3.5~rc1") == "gzip-1.3.5-rc1"


def test_uploads_after_the_cutoff_are_left_out_and_each_package_keeps_its_newest(
    tmp_path: Path,
) -> None:
    (tmp_path / "dpkg").mkdir()
    (tmp_path / "dpkg" / "changelog.gz").write_bytes(gzip.compress(CHANGELOG.encode()))
    cutoff = datetime(2023, 3, 1, tzinfo=UTC)
    assert [u.version for u in read_uploads(["dpkg"], cutoff, 1, tmp_path)["dpkg"]] == [
        "1.21.21~exp1"
    ]
    assert len(read_uploads(["dpkg"], cutoff, 0, tmp_path)["dpkg"]) == 2
    with pytest.raises(FileNotFoundError, match="no changelog of apt"):
        read_uploads(["apt"], cutoff, 0, tmp_path)


def test_content_files_read_back_as_the_posts_hugo_serves(tmp_path: Path) -> None:
    uploads = list(parse_changelog(CHANGELOG))
    assert post_file(uploads[0]) == "2023/05/dpkg-1.21.22.md"
    count = write_content(tmp_path, {"dpkg": uploads}, {"dpkg": "admin"})
    assert count == 3
    assert sorted(p.name for p in tmp_path.glob("*/_index.md")) == ["_index.md"] * 2
    assert (tmp_path / "2023" / "02" / "_index.md").is_file()
    assert (tmp_path / "archives.md").is_file()
    posts = read_posts(tmp_path)
    assert [p.path for p in posts] == [
        "/2023/05/dpkg-1.21.22/",
        "/2023/02/dpkg-1.21.21-exp1/",
        "/1995/04/dpkg-1.0.0/",
    ]
    assert posts[1].tags == ("dpkg", "admin")
    assert posts[1].categories == ("experimental", "frozen")
