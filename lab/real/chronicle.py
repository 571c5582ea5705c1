"""real-chronicle: a blog compiled by Chronicle (Debian `chronicle`, Steve Kemp's Perl blog
compiler) from Debian's own changelogs, with tags and month archives.

Content: each upload of real-hugo's Debian packages (`PACKAGES`, read from their installed
changelogs by lab/real/changelogs.py, dated up to bookworm's release, `CUTOFF`) is an entry,
the newest `PER_PACKAGE[size]` of each package (small: 132 entries; medium: 282; large: 478):
a text file in Chronicle's format, headers `Title:` ("<source package> <version>"), `Date:`
(the trailer's time in UTC) and `Tags:` (the source package, then the upload's distributions),
then the changes as preformatted HTML.

Site: the entries written at install under `.lab-real/real-chronicle/site-<size>/blog/`,
compiled once by `chronicle` (its `default` theme, no comments, no memcached, in UTC) into
`output/`, served as files by Python's static server on 127.0.0.1. URLs are Chronicle's own:
the home page `/` (the ten newest entries, in full); an entry `/<title>.html` (its title with
every character but letters and digits as `_`: `/dpkg_1_21_22.html`); a page per tag
`/tags/<tag>/` (every entry of the tag, in full; entries link it as `tags/<tag>`, which the
server redirects to the folder) and a page per month `/archive/<yyyy>/<mm>/` (every entry of
the month, in full), both listed in the sidebar of every page; an RSS feed per page.

Truth, from the entry files (never from the compiled site): the entities are the entries'
pages; attributes `tags` (the facet: one query per tag, its tag page); the index is one level,
the month archive pages (every entry is on exactly one) in the sidebar's order (years newest
first, each year's months in the calendar's); the seed is the newest dpkg upload, reached from
its month's page.
"""

from __future__ import annotations

import json
import re
import shutil
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from html import escape
from pathlib import Path

from siteseer.lab.real.app import RealApp, facet_queries, facet_values, static_server, type_truth
from siteseer.lab.real.changelogs import Upload, app_uploads, distinct, slug
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.hugo import CUTOFF, PACKAGES
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["ChronicleApp", "Entry", "entry_text", "read_entries"]

CHRONICLE = "/usr/bin/chronicle"
PER_PACKAGE: dict[Size, int] = {"small": 10, "medium": 25, "large": 50}
SEED_PACKAGE = "dpkg"
DATE_FORMAT = "%d %B %Y %H:%M:%S"  # the C locale's month names, as Chronicle reads them


@dataclass(frozen=True)
class Entry:
    """An entry as its file says: its title, date (UTC) and tags."""

    title: str
    date: datetime
    tags: tuple[str, ...]

    @property
    def path(self) -> str:
        """Its page, as Chronicle names it from the title."""
        return "/" + re.sub(r"[^a-z0-9]", "_", self.title, flags=re.I) + ".html"

    @property
    def month(self) -> str:
        """Its month's archive page."""
        return f"/archive/{self.date:%Y}/{self.date:%m}/"

    @property
    def package(self) -> str:
        return self.tags[0]


def entry_text(upload: Upload) -> str:
    """An upload as a Chronicle entry: its headers, a blank line, the changes as HTML."""
    date = upload.date.astimezone(UTC).strftime(DATE_FORMAT)
    tags = ", ".join((upload.package, *upload.distributions))
    changes = escape(upload.changes, quote=False)
    return f"Title: {upload.title}\nDate: {date}\nTags: {tags}\n\n<pre>{changes}</pre>\n"


def read_entries(blog: Path) -> list[Entry]:
    """Every entry file of `blog`, from its headers, newest first (then by title)."""
    entries = []
    for file in sorted(blog.glob("*.txt")):
        head = file.read_text(encoding="utf-8").split("\n\n", 1)[0]
        fields = dict(line.split(": ", 1) for line in head.splitlines())
        entries.append(
            Entry(
                title=fields["Title"],
                date=datetime.strptime(fields["Date"], DATE_FORMAT).replace(tzinfo=UTC),
                tags=tuple(t.strip() for t in fields["Tags"].split(",")),
            )
        )
    return sorted(entries, key=lambda e: (-e.date.timestamp(), e.title))


class ChronicleApp(RealApp):
    """A Chronicle blog of Debian uploads, compiled once, served as static files."""

    id = "real-chronicle"
    kind = "entity-tree"
    description = "Chronicle (Debian) blog of Debian's changelogs: tags and month archives"

    @property
    def site(self) -> Path:
        return self.dir / f"site-{self.size}"

    @property
    def output(self) -> Path:
        return self.site / "output"

    @property
    def stamp(self) -> Path:
        return self.site / "built.json"

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian chronicle (site in {self.site})",
            f"data: the changelogs of {len(PACKAGES)} required Debian packages (/usr/share/doc)",
        )

    def installed(self) -> bool:
        return Path(CHRONICLE).is_file() and self.stamp.is_file()

    def _install(self, progress: Progress) -> None:
        """The package, then the entries written and compiled once (its stamp: the count)."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, ("chronicle",), Path(CHRONICLE).is_file(), log, progress)
        if self.stamp.is_file():
            return
        if self.site.exists():
            shutil.rmtree(self.site)
        blog = self.site / "blog"
        blog.mkdir(parents=True)
        uploads = app_uploads(self.id, PACKAGES, CUTOFF, PER_PACKAGE[self.size])
        for upload in (u for entries in uploads.values() for u in distinct(entries)):
            file = blog / f"{slug(upload.title)}.txt"
            if file.exists():
                raise InstallFailed(self.id, f"two uploads would be the same entry {file}")
            file.write_text(entry_text(upload), encoding="utf-8")
        entries = read_entries(blog)
        if len({e.path for e in entries}) != len(entries):
            raise InstallFailed(self.id, "two entries' titles give one page name")
        started = time.perf_counter()
        build = [
            "env", "TZ=UTC", CHRONICLE, "--input", str(blog), "--output", str(self.output),
            "--theme", "default", "--no-comments", "--no-cache",
        ]  # fmt: skip
        what = f"compiling the blog with chronicle ({len(entries)} entries)"
        run_step(self.id, what, build, log, progress)
        missing = [e.path for e in entries if not (self.output / e.path[1:]).is_file()]
        if missing:
            raise InstallFailed(self.id, f"chronicle wrote no {missing[0]} (and {len(missing)})")
        seconds = round(time.perf_counter() - started, 2)
        stamp = {"entries": len(entries), "build_seconds": seconds}
        self.stamp.write_text(json.dumps(stamp), encoding="utf-8")

    def command(self, port: int) -> list[str]:
        """Python's static file server over the compiled blog on 127.0.0.1:port."""
        return static_server(self.output, port)

    def truth(self, base_url: str) -> SiteTruth:
        """The entries, on their month pages, tags as the facet; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        entries = read_entries(self.site / "blog")
        seed = next(e for e in entries if e.package == SEED_PACKAGE)
        ordered = [seed, *(e for e in entries if e is not seed)]
        urls = [b + e.path for e in ordered]
        # the sidebar's order: years newest first, each year's months in the calendar's
        by_year = sorted({e.month for e in entries}, key=lambda m: (-int(m[9:13]), m))
        months = [b + m for m in by_year]
        attributes = {url: {"tags": e.tags} for url, e in zip(urls, ordered, strict=True)}
        values = facet_values(attributes, ("tags",))
        tags = [f"{b}/tags/{t}/" for t in values["tags"]]
        return type_truth(
            self,
            b,
            "entry",
            urls,
            (b + seed.month, urls[0]),
            levels=(months,),
            attributes=attributes,
            queries=facet_queries(attributes, values),
            facet_values=values,
            templates={f"{b}/": "home"}
            | dict.fromkeys(months, "month")
            | dict.fromkeys(tags, "tag")
            | dict.fromkeys(urls, "entry"),
            notes=(
                f"{len(urls)} entries of Chronicle's blog of Debian uploads, from the entry "
                "files. Not listed in templates: the RSS feeds, the tag links without a "
                "trailing slash (redirected), the theme's files."
            ),
        )
