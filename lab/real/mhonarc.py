"""real-mhonarc: MHonArc (Debian), a mail-to-HTML converter, building the archive of a patch
mailing list, served as static files.

Packages (Debian): `mhonarc`, `git` and `binutils-common`, whose `changelog.Debian.gz` is the
data. The archive is built once at install and served by Python's static file server.

Data: binutils' Debian upload history as real-cgit builds it (lab/real/cgit.py
`build_repository`: one commit per upload, every upload, 673), mailed as a patch list does:
`git format-patch --stdout --thread=shallow --numbered`, one series per year of uploads (each
year's patches `[PATCH n/N]` answering its first, as `git send-email` threads a series), the
upload's maintainer as sender and its date as the mail's. MHonArc reads the mailbox with a
resource file of its own (`archive.mrc`): multi-page indexes of 100 messages (`MULTIPG`,
`IDXSIZE`), everything else its defaults. An `index.html` beside the archive (the list's own
page, as an archive's web server shows one) links its two indexes.

Served: `/` (the list's page), the date index (`/maillist.html`, then `/mail2.html` …, oldest
first, "Prev"/"Next" page links), the thread index (`/threads.html`, `/thrd2.html` …), a page
per message (`/msg00000.html` …) with its headers, body, links to the previous and next message
by date and by thread, to the thread's root, and to its place in both indexes.

Truth, from MHonArc's own database (`.mhonarc.db`, the Perl hashes it keeps of every message:
number, date, sender, subject; never from a crawl): the entities are the message pages, in the
date index's order (date, then number); the index is one level, the date index's pages; the
seed is the first message on its first page. Attributes: each message's sender name and subject.
"""

from __future__ import annotations

import math
import os
import re
import shutil
import subprocess
from pathlib import Path

from siteseer.lab.real.app import RealApp, static_server, type_truth
from siteseer.lab.real.cgit import build_repository, git_output
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["PAGE", "MhonarcApp", "date_pages", "patch_mails", "read_database", "year_runs"]

APP_ID = "real-mhonarc"
PACKAGES = ("mhonarc", "git", "binutils-common")
CHANGELOG = Path("/usr/share/doc/binutils-common/changelog.Debian.gz")
LIST = "binutils"
PAGE = 100  # messages on an index page (IDXSIZE)
_RESOURCES = f"""\
<!-- MHonArc's resources for siteseer's lab (see lab/real/mhonarc.py) -->
<MULTIPG>
<IDXSIZE>
{PAGE}
</IDXSIZE>
<TITLE>
Debian {LIST} uploads, by date
</TITLE>
<TTITLE>
Debian {LIST} uploads, by thread
</TTITLE>
"""
_HOME = f"""\
<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Debian {LIST} uploads</title></head>
<body><h1>Debian {LIST} uploads</h1>
<p>Every Debian upload of {LIST}, mailed as a patch of its changelog, one series a year.</p>
<ul><li><a href="maillist.html">Messages by date</a></li>
<li><a href="threads.html">Messages by thread</a></li></ul>
</body></html>
"""
_ENTRY = re.compile(r"^'((?:[^'\\]|\\.)*)','((?:[^'\\]|\\.)*)',$")


def year_runs(commits: list[tuple[str, str]]) -> list[list[str]]:
    """The commits (sha, year), oldest first, cut into runs of one year each."""
    runs: list[tuple[str, list[str]]] = []
    for sha, year in commits:
        if runs and runs[-1][0] == year:
            runs[-1][1].append(sha)
        else:
            runs.append((year, [sha]))
    return [shas for _, shas in runs]


def patch_mails(app_id: str, repo: Path) -> bytes:
    """The repository's commits as one mailbox of patch mails (`git format-patch --stdout
    --thread=shallow --numbered`), a series per year of commits, each series' patches answering
    its first."""
    listing = git_output(repo, "log", "--reverse", "--format=%H %ad", "--date=format:%Y")
    runs = year_runs([(sha, year) for sha, year in (ln.split() for ln in listing.splitlines())])
    env = {**os.environ, "GIT_COMMITTER_NAME": "lab", "GIT_COMMITTER_EMAIL": "lab@localhost"}
    out: list[bytes] = []
    previous = ""
    for run in runs:
        span = [f"{previous}..{run[-1]}"] if previous else ["--root", run[-1]]
        done = subprocess.run(
            ["git", "-C", str(repo), "format-patch", "--stdout", "--thread=shallow",
             "--numbered", *span],
            capture_output=True, env=env, check=False,
        )  # fmt: skip
        if done.returncode != 0:
            raise InstallFailed(app_id, f"git format-patch: {done.stderr.decode()[-300:]}")
        out.append(done.stdout)
        previous = run[-1]
    return b"".join(out)


def _perl_string(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def read_database(db: Path) -> dict[str, dict[str, str]]:
    """MHonArc's database (Perl source: `%Name=( 'key','value', … );`) as hash name → key →
    value, for the hashes of one string per message key."""
    hashes: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    for line in db.read_text(encoding="utf-8", errors="replace").split("\n"):  # keys hold \x1c
        if line.startswith("%") and line.endswith("=("):
            current = hashes.setdefault(line[1:-2], {})
        elif line == ");":
            current = None
        elif current is not None and (match := _ENTRY.match(line)):
            current[_perl_string(match[1])] = _perl_string(match[2])
    return hashes


def date_pages(base: str, messages: int, page: int = PAGE) -> tuple[str, ...]:
    """The date index's pages as MHonArc names them: `maillist.html`, then `mail2.html` …"""
    pages = max(1, math.ceil(messages / page))
    return (f"{base}/maillist.html", *(f"{base}/mail{n}.html" for n in range(2, pages + 1)))


class MhonarcApp(RealApp):
    """MHonArc's archive of binutils' uploads mailed as patches, served as static files."""

    id = APP_ID
    kind = "entity-tree"
    description = "MHonArc (Debian) mail archive of binutils' Debian uploads mailed as patches"

    @property
    def archive(self) -> Path:
        return self.dir / "archive"  # the same at every size

    @property
    def database(self) -> Path:
        return self.archive / ".mhonarc.db"

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian {', '.join(PACKAGES)} (the archive in {self.archive})",
            f"data: {LIST}' Debian changelog as patch mails, one per upload",
        )

    def installed(self) -> bool:
        return _packages_present() and (self.archive / "index.html").is_file()

    def _install(self, progress: Progress) -> None:
        """Packages, then (once) the repository, its mailbox and MHonArc's archive of it."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, PACKAGES, _packages_present(), log, progress)
        if (self.archive / "index.html").is_file():
            return
        work = self.dir / "build.partial"
        if work.exists():
            shutil.rmtree(work)
        work.mkdir(parents=True)
        build_repository(self.id, work, LIST, CHANGELOG, 0, log, progress)
        mbox = work / f"{LIST}.mbox"
        progress(f"{self.id}: git format-patch: {LIST}' uploads as patch mails …")
        mbox.write_bytes(patch_mails(self.id, work / f"{LIST}.git"))
        resources = work / "archive.mrc"
        resources.write_text(_RESOURCES, encoding="utf-8")
        out = work / "archive"
        out.mkdir()
        command = ["mhonarc", "-quiet", "-rcfile", str(resources), "-outdir", str(out), str(mbox)]
        run_step(self.id, "mhonarc: the archive", command, log, progress)
        (out / "index.html").write_text(_HOME, encoding="utf-8")
        if self.archive.exists():
            shutil.rmtree(self.archive)
        out.replace(self.archive)
        shutil.rmtree(work)

    def command(self, port: int) -> list[str]:
        """Python's static file server over the archive on 127.0.0.1:port."""
        return static_server(self.archive, port)

    def messages(self) -> list[tuple[int, str, str]]:
        """(number, sender name, subject) of every message, in the date index's order."""
        db = read_database(self.database)
        keys = sorted(db["IndexNum"], key=lambda k: (int(db["Time"][k]), int(db["IndexNum"][k])))
        return [(int(db["IndexNum"][k]), db["FromName"][k], db["Subject"][k]) for k in keys]

    def truth(self, base_url: str) -> SiteTruth:
        """The message pages, listed by the date index's pages; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        messages = self.messages()
        urls = [f"{b}/msg{number:05d}.html" for number, _, _ in messages]
        level = date_pages(b, len(urls))
        threads = (f"{b}/threads.html", *(f"{b}/thrd{n}.html" for n in range(2, len(level) + 1)))
        return type_truth(
            self,
            b,
            "message",
            urls,
            (level[0], urls[0]),
            levels=(level,),
            attributes={
                url: {"author": (author,), "subject": (subject,)}
                for url, (_, author, subject) in zip(urls, messages, strict=True)
            },
            templates={b + "/": "home"}
            | dict.fromkeys(level, "date index")
            | dict.fromkeys(threads, "thread index")
            | dict.fromkeys(urls, "message"),
            notes=(
                f"MHonArc {_version()}: {len(urls)} messages ({LIST}' uploads as patch mails), "
                f"{len(level)} date index pages and as many thread index pages of {PAGE}. Not "
                "listed in templates: the index pages' anchors (mail2.html#00100), mailto: links."
            ),
        )


def _packages_present() -> bool:
    return (
        shutil.which("mhonarc") is not None
        and shutil.which("git") is not None
        and CHANGELOG.is_file()
    )


def _version() -> str:
    done = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", "mhonarc"], capture_output=True, text=True,
        check=False,
    )  # fmt: skip
    return done.stdout.strip() or "(version unknown)"
