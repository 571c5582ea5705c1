"""real-hugo: a blog built by Hugo (Debian `hugo`) from Debian's own changelogs, with tags,
categories and date archives.

Content: each upload of a pinned list of Debian's required packages (`PACKAGES`, read from
their installed `changelog.Debian.gz`/`changelog.gz` by lab/real/changelogs.py) is a post:
title "<source package> <version>", date and author from the entry's trailer, tags the source
package and the binary package's Debian section (from dpkg's database), categories its
distributions (unstable, experimental, frozen, …), the urgency and the version as fields, the
changes as its text. Uploads dated after bookworm's release (`CUTOFF`) are left out, so point
releases adding entries change nothing; of the rest each package gives its newest
`PER_PACKAGE[size]` (small: 282 posts; medium: 774; large: every well-formed entry, 1,280).

Site: a Hugo project written at install under `.lab-real/real-hugo/site-<size>/` (config,
the minimal theme of lab/real/hugo_theme.py, `content/<yyyy>/<mm>/<slug>.md` with JSON front
matter, `content/<yyyy>/_index.md` and `…/<mm>/_index.md` making each year and month a section,
`content/archives.md`), built once by `hugo` into `public/`, and served as files by Python's
static server on 127.0.0.1. URLs: the home page lists every post newest first, ten a page
(`/`, `/page/N/`); `/tags/<tag>/` and `/categories/<category>/` (paged alike, under the
`/tags/` and `/categories/` term lists); `/archives/` (years and months), `/<yyyy>/` (its
months), `/<yyyy>/<mm>/` (its posts, paged); a post at `/<yyyy>/<mm>/<slug>/`.

Truth, from the content files' front matter (never from the built site): the entities are the
posts, at their URLs; attributes `tags` and `categories` (the facets: one query per term);
the index is one level, the home page's pages (`/`, `/page/2/`, …), which list every post at
the site's one page size; the seed is the newest dpkg upload, reached from the home page that
lists it in Hugo's order (date, newest first, then title).
"""

from __future__ import annotations

import calendar
import json
import shutil
import subprocess
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from siteseer.lab.real.app import RealApp, static_server, type_truth
from siteseer.lab.real.changelogs import Upload, read_uploads, slug
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.hugo_theme import CONFIG, LAYOUTS, PAGE_SIZE
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.site import Size
from siteseer.lab.truth import FacetQuery, SiteTruth

__all__ = ["CUTOFF", "PACKAGES", "HugoApp", "Post", "post_file", "read_posts", "write_content"]

APP_ID = "real-hugo"
HUGO = "/usr/bin/hugo"
# Debian's required packages whose changelogs go back furthest, all installed on any Debian.
PACKAGES = (
    "dpkg",
    "debianutils",
    "base-files",
    "base-passwd",
    "coreutils",
    "gzip",
    "mawk",
    "apt",
    "sysvinit-utils",
    "findutils",
    "grep",
    "sed",
    "diffutils",
    "hostname",
    "ncurses-base",
)
CUTOFF = datetime(2023, 6, 10, tzinfo=UTC)  # Debian 12 "bookworm" released
PER_PACKAGE: dict[Size, int] = {"small": 25, "medium": 100, "large": 0}  # 0: all
SEED_PACKAGE = "dpkg"


@dataclass(frozen=True)
class Post:
    """A post as its content file says: its URL path, title, date and taxonomy terms."""

    path: str  # `/2023/05/dpkg-1.21.22/`
    title: str
    date: datetime
    package: str
    tags: tuple[str, ...]
    categories: tuple[str, ...]


def post_file(upload: Upload) -> str:
    """The content file of an upload's post, relative to `content/`: `2023/05/<slug>.md`."""
    return f"{upload.date.year:04d}/{upload.date.month:02d}/{slug(upload.title)}.md"


def _front_matter(data: Mapping[str, object]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _post_text(upload: Upload, section: str) -> str:
    front = {
        "title": upload.title,
        "date": upload.date.isoformat(),
        "type": "post",
        "package": upload.package,
        "version": upload.version,
        "author": upload.author,
        "urgency": upload.urgency,
        "tags": [upload.package, section],
        "categories": list(upload.distributions),
    }
    fence = "~" * 8
    return f"{_front_matter(front)}\n{fence}text\n{upload.changes}\n{fence}\n"


def write_content(content: Path, uploads: dict[str, list[Upload]], sections: dict[str, str]) -> int:
    """Write every upload's post, each year's and month's section page and the archives page
    under `content` (binary package → its uploads; binary package → Debian section); returns
    the number of posts."""
    months: set[tuple[int, int]] = set()
    count = 0
    for binary, entries in uploads.items():
        for upload in entries:
            file = content / post_file(upload)
            if file.exists():
                raise InstallFailed(APP_ID, f"two uploads would be the same post {file}")
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_text(_post_text(upload, sections[binary]), encoding="utf-8")
            months.add((upload.date.year, upload.date.month))
            count += 1
    for year in {y for y, _ in months}:
        front = {"title": str(year), "type": "archive", "weight": 10000 - year}
        (content / f"{year:04d}" / "_index.md").write_text(_front_matter(front), encoding="utf-8")
    for year, month in months:
        title = f"{calendar.month_name[month]} {year}"  # the C locale's names
        front = {"title": title, "type": "archive", "weight": 13 - month}
        index = content / f"{year:04d}" / f"{month:02d}" / "_index.md"
        index.write_text(_front_matter(front), encoding="utf-8")
    archives = {"title": "Archives", "type": "page", "layout": "archives"}
    (content / "archives.md").write_text(_front_matter(archives), encoding="utf-8")
    return count


def read_posts(content: Path) -> list[Post]:
    """Every post under `content`, from its file's path and JSON front matter, in the home
    page's order: newest first, then by title."""
    posts = []
    for file in sorted(content.glob("[0-9]*/[0-9]*/*.md")):
        if file.name == "_index.md":
            continue
        front, _ = json.JSONDecoder().raw_decode(file.read_text(encoding="utf-8"))
        parts = file.relative_to(content).with_suffix("").parts
        posts.append(
            Post(
                path="/" + "".join(f"{p}/" for p in parts),
                title=front["title"],
                date=datetime.fromisoformat(front["date"]),
                package=front["package"],
                tags=tuple(front["tags"]),
                categories=tuple(front["categories"]),
            )
        )
    return sorted(posts, key=lambda p: (-p.date.timestamp(), p.title))


def home_page(number: int) -> str:
    """The path of the home list's page `number` (1-based): `/`, `/page/2/`, …"""
    return "/" if number == 1 else f"/page/{number}/"


def debian_sections(packages: tuple[str, ...]) -> dict[str, str]:
    """Binary package → its Debian section, from dpkg's database."""
    argv = ["dpkg-query", "-W", "-f", "${Package}\t${Section}\n", *packages]
    out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    return dict(line.split("\t", 1) for line in out.splitlines() if "\t" in line)


class HugoApp(RealApp):
    """A Hugo blog of Debian uploads, built once, served as static files."""

    id = APP_ID
    kind = "entity-tree"
    description = (
        "Hugo (Debian) blog of Debian's changelogs: paged lists, tags, categories, "
        "year/month archives"
    )

    @property
    def site(self) -> Path:
        return self.dir / f"site-{self.size}"

    @property
    def public(self) -> Path:
        return self.site / "public"

    @property
    def stamp(self) -> Path:
        return self.site / "built.json"

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian hugo (site in {self.site})",
            f"data: the changelogs of {len(PACKAGES)} required Debian packages (/usr/share/doc)",
        )

    def installed(self) -> bool:
        return Path(HUGO).is_file() and self.stamp.is_file()

    def _install(self, progress: Progress) -> None:
        """The package, then the site written and built once (its stamp: the post count)."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, ("hugo",), Path(HUGO).is_file(), log, progress)
        if self.stamp.is_file():
            return
        if self.site.exists():
            shutil.rmtree(self.site)
        try:
            uploads = read_uploads(PACKAGES, CUTOFF, PER_PACKAGE[self.size])
        except FileNotFoundError as e:
            raise InstallFailed(self.id, f"{e} (is the package's /usr/share/doc excluded?)") from e
        for path, text in LAYOUTS.items():
            (self.site / "layouts" / path).parent.mkdir(parents=True, exist_ok=True)
            (self.site / "layouts" / path).write_text(text, encoding="utf-8")
        (self.site / "config.toml").write_text(CONFIG, encoding="utf-8")
        posts = write_content(self.site / "content", uploads, debian_sections(PACKAGES))
        progress(
            f"{self.id}: {posts} posts written from the changelogs of {len(PACKAGES)} packages"
        )
        started = time.perf_counter()
        build = [HUGO, "--source", str(self.site), "--destination", str(self.public)]
        run_step(self.id, f"building the site with hugo ({posts} posts)", build, log, progress)
        seconds = round(time.perf_counter() - started, 2)
        stamp = {"posts": posts, "build_seconds": seconds}
        self.stamp.write_text(json.dumps(stamp), encoding="utf-8")

    def command(self, port: int) -> list[str]:
        """Python's static file server over the built site on 127.0.0.1:port."""
        return static_server(self.public, port)

    def truth(self, base_url: str) -> SiteTruth:
        """The posts as entities, tags and categories as facets; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        posts = read_posts(self.site / "content")
        urls = [b + p.path for p in posts]
        seed_at = next(i for i, p in enumerate(posts) if p.package == SEED_PACKAGE)
        pages = tuple(b + home_page(n + 1) for n in range(-(-len(posts) // PAGE_SIZE)))
        seed_page = pages[seed_at // PAGE_SIZE]
        attributes = {
            url: {"tags": p.tags, "categories": p.categories}
            for url, p in zip(urls, posts, strict=True)
        }
        queries: list[FacetQuery] = []
        facet_values: dict[str, tuple[str, ...]] = {}
        for facet in ("tags", "categories"):
            members: dict[str, list[str]] = {}
            for url, attrs in attributes.items():
                for value in attrs[facet]:
                    members.setdefault(value, []).append(url)
            facet_values[facet] = tuple(sorted(members))
            queries += [FacetQuery(((facet, v),), tuple(members[v])) for v in sorted(members)]
        built = json.loads(self.stamp.read_text(encoding="utf-8"))
        return type_truth(
            self,
            b,
            "post",
            urls,
            tuple(dict.fromkeys((pages[0], seed_page, urls[seed_at]))),
            levels=(pages,),
            attributes=attributes,
            queries=tuple(queries),
            facet_values=facet_values,
            templates=dict.fromkeys(pages, "list") | dict.fromkeys(urls, "post"),
            notes=(
                f"{len(posts)} posts (Debian uploads), {PAGE_SIZE} a page on the home list "
                f"({len(pages)} pages); built by hugo in {built['build_seconds']} s. Not listed "
                "in templates: /tags/…, /categories/… (term lists and paged term pages), "
                "/archives/, /<yyyy>/ and paged /<yyyy>/<mm>/ archives, /page/1/ (a redirect)."
            ),
        )
