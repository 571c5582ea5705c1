"""Debian changelogs read as blog posts: real-hugo's data set.

A Debian changelog (`/usr/share/doc/<package>/changelog.Debian.gz`, or `changelog.gz` for a
native package) is a list of uploads, newest first, each in the format Debian policy 4.4 fixes:

    dpkg (1.21.22) unstable; urgency=medium
    <blank line>
      * change details …
    <blank line>
     -- Guillem Jover <guillem@debian.org>  Thu, 11 May 2023 04:04:01 +0200

`parse_changelog` reads every well-formed entry (a header line and its trailer; anything
between two entries that is neither, such as old free-form notes, is skipped); `Upload` is one
entry. `read_uploads` reads the pinned packages' changelogs, keeps the uploads dated up to a
cutoff (so that later point releases, which add entries, change nothing) and the newest
`per_package` of each. Pure parsing, no I/O but reading the files.
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Protocol

from siteseer.lab.real.errors import InstallFailed

__all__ = [
    "DOC_ROOT",
    "Upload",
    "app_uploads",
    "changelog_file",
    "distinct",
    "parse_changelog",
    "post_attributes",
    "read_uploads",
    "slug",
]

DOC_ROOT = Path("/usr/share/doc")

_HEADER = re.compile(
    r"^(?P<package>[a-z0-9][a-z0-9.+-]*) \((?P<version>[^()\s]+)\)"
    r"(?P<dists>(?: +[A-Za-z0-9./+-]+)+) *;(?P<fields>.*)$"
)
_TRAILER = re.compile(r"^ -- (?P<name>.*?) <(?P<email>[^>]*)>  ?(?P<date>\S.*?)\s*$")
_URGENCY = re.compile(r"\burgency=(\w+)", re.I)


@dataclass(frozen=True)
class Upload:
    """One changelog entry: an upload of `package` at `version`."""

    package: str
    version: str
    distributions: tuple[str, ...]
    urgency: str
    author: str
    email: str
    date: datetime  # with the trailer's own UTC offset
    changes: str  # the entry's body, dedented by two spaces, blank lines at its ends removed
    text: str = ""  # the entry as the file has it, header line to trailer line

    @property
    def header(self) -> str:
        """The entry's header line: `dpkg (1.21.22) unstable; urgency=medium`."""
        return self.text.split("\n", 1)[0].strip()

    @property
    def title(self) -> str:
        return f"{self.package} {self.version}"


def slug(title: str) -> str:
    """A URL segment for a post titled `title`: lower case, runs of anything but letters,
    digits and dots as one hyphen (`login 1:4.13+dfsg1-1` → `login-1-4.13-dfsg1-1`)."""
    return re.sub(r"[^a-z0-9.]+", "-", title.lower()).strip("-.")


def _body(lines: list[str]) -> str:
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(line.removeprefix("  ").rstrip() for line in lines)


def _parse_date(text: str) -> datetime | None:
    try:
        date = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    return date if date.tzinfo is not None else None


def parse_changelog(text: str) -> Iterator[Upload]:
    """Every well-formed entry of a Debian changelog, in the file's order (newest first)."""
    header: re.Match[str] | None = None
    body: list[str] = []
    for line in text.splitlines():
        if header is None:
            header = _HEADER.match(line)
            body = []
            continue
        if restart := _HEADER.match(line):  # an entry without a trailer: the next one begins
            header, body = restart, []
            continue
        trailer = _TRAILER.match(line)
        if trailer is None:
            if line.startswith(" -- "):  # a malformed trailer ends the entry unread
                header = None
            else:
                body.append(line)
            continue
        date = _parse_date(trailer["date"])
        urgency = _URGENCY.search(header["fields"])
        if date is not None:
            text = "\n".join([header.string, *body, line])  # before _body trims `body`
            yield Upload(
                package=header["package"],
                version=header["version"],
                distributions=tuple(header["dists"].split()),
                urgency=urgency[1].lower() if urgency else "low",
                author=trailer["name"].strip(),
                email=trailer["email"].strip(),
                date=date,
                changes=_body(body),
                text=text,
            )
        header = None


def distinct(uploads: Iterable[Upload]) -> list[Upload]:
    """`uploads` (newest first) with the older entry of a version repeated left out."""
    seen: set[str] = set()
    out: list[Upload] = []
    for upload in uploads:
        if upload.version not in seen:
            seen.add(upload.version)
            out.append(upload)
    return out


def changelog_file(package: str, root: Path = DOC_ROOT) -> Path | None:
    """The package's Debian changelog: `changelog.Debian.gz`, else (a native package's)
    `changelog.gz`; None when neither is installed."""
    for name in ("changelog.Debian.gz", "changelog.gz"):
        path = root / package / name
        if path.is_file():
            return path
    return None


def read_uploads(
    packages: Iterable[str], cutoff: datetime, per_package: int, root: Path = DOC_ROOT
) -> dict[str, list[Upload]]:
    """Package → its uploads dated up to `cutoff`, newest first, at most `per_package` of them
    (0: all). Raises FileNotFoundError naming the first package with no changelog."""
    out: dict[str, list[Upload]] = {}
    for package in packages:
        path = changelog_file(package, root)
        if path is None:
            raise FileNotFoundError(f"no changelog of {package} in {root / package}")
        text = gzip.decompress(path.read_bytes()).decode("utf-8", errors="replace")
        uploads = [u for u in parse_changelog(text) if u.date <= cutoff]
        out[package] = uploads[:per_package] if per_package else uploads
    return out


def app_uploads(
    app_id: str, packages: Iterable[str], cutoff: datetime, per_package: int = 0
) -> dict[str, list[Upload]]:
    """`read_uploads` for the install of the app `app_id`: a missing changelog is its
    InstallFailed, which asks whether the host's image leaves /usr/share/doc out."""
    try:
        return read_uploads(packages, cutoff, per_package)
    except FileNotFoundError as e:
        raise InstallFailed(app_id, f"{e} (is /usr/share/doc excluded?)") from e


class _Post(Protocol):
    @property
    def category(self) -> str: ...
    @property
    def tags(self) -> tuple[str, ...]: ...
    @property
    def author(self) -> str: ...


def post_attributes(
    urls: Sequence[str], posts: Sequence[_Post]
) -> dict[str, dict[str, tuple[str, ...]]]:
    """A blog of uploads' attributes, post by post: its category, tags and author (the truth of
    real-pelican, real-nikola, real-jekyll and real-ablog)."""
    return {
        url: {"category": (p.category,), "tags": p.tags, "author": (p.author,)}
        for url, p in zip(urls, posts, strict=True)
    }
