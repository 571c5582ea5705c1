"""real-publicinbox: public-inbox (Debian), a mail archive kept in git and indexed with Xapian and
SQLite, its web interface served by public-inbox-httpd.

Packages (Debian): `public-inbox`, `git` and `binutils-common`, whose `changelog.Debian.gz` is the
data. Data: the mails real-mhonarc archives (lab/real/mhonarc.py `patch_mails`: binutils' 673
Debian uploads as patch mails, one series a year, each series' patches answering its first),
imported once at install into a v2 inbox (`public-inbox-init -V2 -L full`, then the library's own
mbox import, `lab/real/apps/public_inbox_import.pl`, then `public-inbox-index`). The configuration
(`config`, read through `PI_CONFIG`) lists the inbox on the home page (`wwwlisting = all`), linked
by a path (its `url`, `/binutils/`), not a host.

Served by public-inbox-httpd's default PSGI: `/` (the inboxes), the inbox `/binutils/` (the
topics of its newest 200 messages, newest first, each thread's root linked to its thread view
`<mid>/T/#t` and its newest replies to theirs, "next (older)" pages `?t=<YYYYMMDDhhmmss>`
and "prev (newer)" ones `?t=<…>-`), a thread's flat view `/binutils/<mid>/T/` (every message of
the thread, whichever message's id names it; `/t/` the nested one), a message page
`/binutils/<mid>/` (headers, body, "next"/"prev" links, the thread's overview linking the other
messages), its raw mail `<mid>/raw`, the mbox downloads, the Atom feeds, search `?q=`, help.

Truth, from the inbox itself (never from a crawl): the entities are the message pages, one per
mail of the git store (`git/0.git`, a commit per mail, its blob `m`), named by their Message-ID
as public-inbox escapes it; the attributes each mail's sender name and subject. Two index levels:
the inbox's pages, as its pager walks them over the overview database (`over.sqlite3`: 200
messages a page by date, newest first, each next page the messages up to the last one's time),
then the thread pages `<root>/T/`, a thread being the mails a root's replies chain to (In-Reply-
To). The seed is the newest thread's root; its path the inbox page, the thread, the message.
"""

from __future__ import annotations

import email.parser
import email.policy
import email.utils
import shutil
import subprocess
import time
from pathlib import Path
from urllib.parse import quote

from siteseer.lab.real.app import APPS_DIR, RealApp, read_sqlite, type_truth
from siteseer.lab.real.cgit import build_repository
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.mhonarc import CHANGELOG, patch_mails
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["Mail", "PublicInboxApp", "inbox_pages", "mid_path", "read_mails", "thread_roots"]

APP_ID = "real-publicinbox"
PACKAGES = ("public-inbox", "git", "binutils-common")
LIST = "binutils"
ADDRESS = f"{LIST}@lists.example"
PAGE = 200  # messages on an inbox page (View.pm's paginate_recent window)
_MID_SAFE = "-._~!$&'()*+,;=:@"  # MID.pm's mid_escape keeps these (and letters, digits)
_HEADERS = email.parser.BytesHeaderParser(policy=email.policy.default)

Mail = tuple[str, str, str, str]  # (Message-ID, In-Reply-To or "", sender name, subject)


def mid_path(mid: str) -> str:
    """A Message-ID (without <>) as public-inbox writes it in a URL path."""
    return quote(mid, safe=_MID_SAFE)


def read_mails(git_dir: Path) -> list[Mail]:
    """Every mail of a public-inbox git store (a commit per mail, the mail its blob `m`), oldest
    first, read with `git cat-file --batch`."""
    listing = subprocess.run(
        ["git", "--git-dir", str(git_dir), "log", "--reverse", "--format=%H"],
        capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    done = subprocess.run(
        ["git", "--git-dir", str(git_dir), "cat-file", "--batch"],
        input="".join(f"{sha}:m\n" for sha in listing).encode(), capture_output=True, check=True,
    )  # fmt: skip
    out, data, at = [], done.stdout, 0
    for _ in listing:
        header_end = data.index(b"\n", at)
        size = int(data[at:header_end].split()[2])
        blob = data[header_end + 1 : header_end + 1 + size]
        at = header_end + 1 + size + 1
        message = _HEADERS.parsebytes(blob)
        name, address = email.utils.parseaddr(str(message["From"] or ""))
        out.append(
            (
                str(message["Message-ID"] or "").strip().strip("<>"),
                str(message["In-Reply-To"] or "").strip().strip("<>"),
                name or address,
                " ".join(str(message["Subject"] or "").split()),
            )
        )
    return out


def thread_roots(mails: list[Mail]) -> dict[str, str]:
    """Message-ID → its thread's root: the first ancestor (In-Reply-To, followed up) that has no
    parent in the inbox."""
    parent = {mid: reply for mid, reply, _, _ in mails}
    roots: dict[str, str] = {}
    for mid in parent:
        top, seen = mid, {mid}
        while parent.get(top) in parent and parent[top] not in seen:
            top = parent[top]
            seen.add(top)
        roots[mid] = top
    return roots


def inbox_pages(times: list[int], page: int = PAGE) -> list[str]:
    """The inbox's pages' queries ("" for the first, then `?t=…`), as its pager chains them:
    `times` the messages' dates (over.sqlite3's ts); each page the newest `page` messages up to
    its time, the next page's time the last (oldest) one's."""
    ordered = sorted(times, reverse=True)
    queries, before = [""], None
    while True:
        window = [t for t in ordered if before is None or t <= before][:page]
        if len(window) < page:
            return queries
        before = window[-1]
        query = "?t=" + time.strftime("%Y%m%d%H%M%S", time.gmtime(before))
        if query in queries:  # a full page of one date: the pager would stand still
            return queries
        queries.append(query)


class PublicInboxApp(RealApp):
    """public-inbox's web interface over binutils' uploads mailed as patches."""

    id = APP_ID
    kind = "entity-tree"
    description = "public-inbox (Debian) mail archive of binutils' Debian uploads mailed as patches"

    @property
    def inbox(self) -> Path:
        return self.dir / "inbox"  # the same at every size

    @property
    def config(self) -> Path:
        return self.dir / "config"

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian {', '.join(PACKAGES)} (the inbox in {self.inbox})",
            f"data: {LIST}' Debian changelog as patch mails, one per upload",
        )

    def installed(self) -> bool:
        return _packages_present() and (self.dir / "done").is_file()

    def _install(self, progress: Progress) -> None:
        """Packages, then (once) the repository, its mailbox and the inbox built from it."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, PACKAGES, _packages_present(), log, progress)
        if (self.dir / "done").is_file():
            return
        work = self.dir / "build.partial"
        for stale in (work, self.inbox):
            if stale.exists():
                shutil.rmtree(stale)
        self.config.unlink(missing_ok=True)
        work.mkdir(parents=True)
        build_repository(self.id, work, LIST, CHANGELOG, 0, log, progress)
        mbox = work / f"{LIST}.mbox"
        progress(f"{self.id}: git format-patch: {LIST}' uploads as patch mails …")
        mbox.write_bytes(patch_mails(self.id, work / f"{LIST}.git"))
        env = ["env", f"PI_CONFIG={self.config}", f"HOME={self.dir}"]
        init = [
            *env, "public-inbox-init", "-V2", "-L", "full", LIST, str(self.inbox),
            f"http://127.0.0.1/{LIST}", ADDRESS,
        ]  # fmt: skip
        run_step(self.id, "public-inbox-init", init, log, progress)
        for key, value in (
            (f"publicinbox.{LIST}.url", f"/{LIST}/"),
            ("publicinbox.wwwlisting", "all"),
        ):
            setting = ["git", "config", "-f", str(self.config), key, value]
            run_step(self.id, f"git config {key}", setting, log, progress)
        script = str(APPS_DIR / "public_inbox_import.pl")
        run_step(self.id, "import", [*env, "perl", script, LIST, str(mbox)], log, progress)
        index = [*env, "public-inbox-index", str(self.inbox)]
        run_step(self.id, "public-inbox-index", index, log, progress)
        shutil.rmtree(work)
        (self.dir / "done").write_text("inbox built\n", encoding="utf-8")

    def environment(self) -> dict[str, str]:
        return {"PI_CONFIG": str(self.config), "HOME": str(self.dir)}

    def command(self, port: int) -> list[str]:
        """public-inbox-httpd (its default PSGI, no worker processes) on 127.0.0.1:port."""
        return ["public-inbox-httpd", "-W0", "-l", f"http://127.0.0.1:{port}"]

    def mails(self) -> list[Mail]:
        return read_mails(self.inbox / "git" / "0.git")

    def times(self) -> list[int]:
        """Every message's date in the overview database (over.sqlite3's ts)."""
        rows = read_sqlite(
            self.inbox / "xap15" / "over.sqlite3", "SELECT ts FROM over WHERE num > 0"
        )
        return [int(str(ts)) for (ts,) in rows]

    def truth(self, base_url: str) -> SiteTruth:
        """The message pages, reached through the inbox's pages and the thread pages; see the
        module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        inbox = f"{b}/{LIST}/"
        mails = self.mails()
        urls = [f"{inbox}{mid_path(mid)}/" for mid, _, _, _ in mails]
        roots = thread_roots(mails)
        threads = tuple(dict.fromkeys(f"{inbox}{mid_path(r)}/T/" for r in roots.values()))
        pages = tuple(inbox + q for q in inbox_pages(self.times()))
        newest_root = roots[mails[-1][0]]
        seed = f"{inbox}{mid_path(newest_root)}/"
        return type_truth(
            self,
            b,
            "message",
            urls,
            (pages[0], f"{seed}T/", seed),
            levels=(pages, threads),
            attributes={
                url: {"author": (author,), "subject": (subject,)}
                for url, (_, _, author, subject) in zip(urls, mails, strict=True)
            },
            templates={b + "/": "inboxes"}
            | dict.fromkeys(pages, "inbox")
            | dict.fromkeys(threads, "thread")
            | dict.fromkeys(urls, "message"),
            notes=(
                f"public-inbox {_version()}: {len(urls)} messages ({LIST}' uploads as patch "
                f"mails) in {len(threads)} threads, {len(pages)} inbox pages of {PAGE}. Not "
                "listed in templates: the newer pages (?t=…-), every message's own thread "
                "views (<mid>/T/, <mid>/t/: a thread under each of its messages' ids), raw "
                "mails, mbox downloads, Atom feeds, search, help."
            ),
        )


def _packages_present() -> bool:
    return (
        shutil.which("public-inbox-httpd") is not None
        and shutil.which("git") is not None
        and CHANGELOG.is_file()
    )


def _version() -> str:
    done = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", "public-inbox"], capture_output=True, text=True,
        check=False,
    )  # fmt: skip
    return done.stdout.strip() or "(version unknown)"
