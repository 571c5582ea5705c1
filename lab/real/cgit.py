"""real-cgit: cgit (Debian `cgit`), a git browser, over git repositories of Debian upload histories.

Packages (Debian): `cgit` (the CGI program /usr/lib/cgit/cgit.cgi and its stylesheet), `git`
(to build the repositories) and `binutils-common`, whose `changelog.Debian.gz` is the data.
cgit is served by lab/real/apps/cgi_server.py, a small CGI gateway on Python's standard
library, on 127.0.0.1 only, with the home's own `cgitrc-<size>` (`virtual-root=/`, no cache, no
snapshots, 50 commits to a log page: cgit's default `max-commit-count`, which no URL changes).

Data: the Debian changelogs of binutils 2.40-2 and git (the Debian packages' own
`/usr/share/doc/<package>/changelog.Debian.gz`, read by lab/real/changelogs.py, as real-hugo's
posts are): every upload of the package since 1996, with
its version, distribution, changes, maintainer and date. Each becomes one commit of a linear
history (oldest first), written with `git fast-import`: the commit's tree holds
`debian/changelog` as it stood after that upload, its author and committer are the upload's
maintainer and date (with its time zone), its message the upload's header line and changes,
and it is tagged `debian/<version>` (DEP-14: `:` → `%`, `~` → `_`). Entries that are not
well-formed uploads (the oldest few, without a ` -- maintainer  date` line) and the older
entry of a repeated version are left out. Nothing in a commit depends on the
time or the machine, so the same changelog gives the same commits (the same SHAs) every
install. Size small holds binutils' oldest 300 uploads; medium and large all of them (673);
git's 56 uploads at every size.

Served at cgit's URLs: `/` (the repository index), `/binutils/` (summary: the last 10 commits,
branches, tags), `/binutils/log/` (50 commits a page, `?ofs=50` …), `/binutils/commit/?id=SHA`
(a commit page), and the refs, tree, diff, patch, tag and stats views of each repository.

Truth, from git itself (`git rev-list HEAD` in each repository, never from cgit's pages): the
target type is `binutils`, its entities every commit page of the binutils repository
(`/binutils/commit/?id=SHA`); git's commits are a second type. The index is one level, the
binutils log's pages (`/binutils/log/`, then `?ofs=50` …, as its "[next]" links write them);
the seed is the 11th newest commit, past the summary's log of 10 (the summary links it all the
same, from its table of the 10 newest-dated tags: its upload is dated after the next one's).
Attributes: each commit's author name and subject.
"""

from __future__ import annotations

import gzip
import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

from siteseer.lab.real.app import RealApp, history_truth
from siteseer.lab.real.changelogs import Upload, distinct, parse_changelog
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = [
    "CGI",
    "LOG_PAGE",
    "REPOS",
    "SUMMARY_LOG",
    "TARGET",
    "CgitApp",
    "build_repository",
    "fast_import_stream",
    "git_output",
    "log_pages",
    "repository_commits",
    "tag_name",
    "uploads_of",
]

APP_ID = "real-cgit"
CGI = Path("/usr/lib/cgit/cgit.cgi")
STATIC = Path("/usr/share/cgit")
SERVER = Path(__file__).parent / "apps" / "cgi_server.py"
PACKAGES = ("cgit", "git", "binutils-common")
LOG_PAGE = 50  # cgit's max-commit-count (its default), commits per log page
SUMMARY_LOG = 10  # cgit's summary-log default: the summary page lists the newest 10 commits
TARGET = "binutils"
# repository → (its changelog, uploads kept per size: 0 is all)
REPOS: dict[str, tuple[Path, dict[Size, int]]] = {
    "binutils": (
        Path("/usr/share/doc/binutils-common/changelog.Debian.gz"),
        {"small": 300, "medium": 0, "large": 0},
    ),
    "git": (Path("/usr/share/doc/git/changelog.Debian.gz"), {"small": 0, "medium": 0, "large": 0}),
}


def uploads_of(text: str) -> list[Upload]:
    """The uploads of a Debian changelog (`changelogs.parse_changelog`: entries with a header
    and a trailer), newest first, a version repeated by an older entry left out."""
    return distinct(parse_changelog(text))


def _raw_changes(upload: Upload) -> str:
    """The entry's lines between header and trailer as the file has them, blank ends removed."""
    return "\n".join(upload.text.splitlines()[1:-1]).strip("\n")


def _signature(upload: Upload) -> str:
    """`Name <email> <epoch seconds> <±hhmm>`, the date in the trailer's own time zone."""
    offset = upload.date.utcoffset()
    minutes = int(offset.total_seconds()) // 60 if offset is not None else 0
    sign = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    when = int(upload.date.timestamp())
    return f"{upload.author} <{upload.email}> {when} {sign}{hours:02d}{rest:02d}"


def tag_name(version: str) -> str:
    """The git tag of a Debian version (DEP-14): `debian/1:2.3~rc1-1` → `debian/1%2.3_rc1-1`."""
    return "debian/" + version.replace(":", "%").replace("~", "_")


def _data(payload: bytes) -> bytes:
    return b"data %d\n%s\n" % (len(payload), payload)


def fast_import_stream(uploads: list[Upload], branch: str = "master") -> bytes:
    """`git fast-import` input: one commit per upload, oldest first (`uploads` newest first, as
    `uploads_of` returns them), each tagged; see the module docstring."""
    out: list[bytes] = []
    oldest_first = uploads[::-1]
    for n, upload in enumerate(oldest_first):
        entries = reversed(oldest_first[: n + 1])
        changelog = "".join(u.text + "\n\n" for u in entries).rstrip("\n") + "\n"
        out.append(b"blob\nmark :%d\n" % (2 * n + 1) + _data(changelog.encode()))
        who = _signature(upload).encode()
        changes = _raw_changes(upload)
        message = upload.header + ("\n\n" + changes if changes else "") + "\n"
        out.append(
            b"commit refs/heads/%s\nmark :%d\nauthor %s\ncommitter %s\n"
            % (branch.encode(), 2 * n + 2, who, who)
            + _data(message.encode())
            + (b"from :%d\n" % (2 * n) if n else b"")
            + b"M 100644 :%d debian/changelog\n\n" % (2 * n + 1)
        )
        out.append(
            b"reset refs/tags/%s\nfrom :%d\n\n" % (tag_name(upload.version).encode(), 2 * n + 2)
        )
    return b"".join(out)


def log_pages(base: str, repo: str, commits: int, page: int = LOG_PAGE) -> tuple[str, ...]:
    """A repository's log pages as cgit links them: `/repo/log/`, then `/repo/log/?ofs=N`."""
    first = f"{base}/{repo}/log/"
    pages = max(1, math.ceil(commits / page))
    return (first, *(f"{first}?ofs={n * page}" for n in range(1, pages)))


def git_output(repo: Path, *args: str) -> str:
    """What `git -C repo ARGS…` prints; ValueError with git's message when it fails."""
    done = subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise ValueError(f"git {' '.join(args)} in {repo}: {done.stderr.strip()}")
    return done.stdout


def build_repository(
    app_id: str, into: Path, name: str, changelog: Path, keep: int, log: Path, progress: Progress
) -> str:
    """Build the bare repository `into/<name>.git` from a Debian changelog, one commit per upload
    (`fast_import_stream`), of its oldest `keep` uploads (0: all); return its head's SHA."""
    if not changelog.is_file():
        raise InstallFailed(app_id, f"no changelog {changelog} (Debian package missing?)")
    uploads = uploads_of(gzip.decompress(changelog.read_bytes()).decode("utf-8"))
    if keep:
        uploads = uploads[-keep:]  # the oldest `keep`
    repo = into / f"{name}.git"
    init = ["git", "init", "--quiet", "--bare", "--initial-branch=master", str(repo)]
    run_step(app_id, f"git init {name}", init, log, progress)
    stream = into / f"{name}.fast-import"
    stream.write_bytes(fast_import_stream(uploads))
    what = f"git fast-import: {len(uploads)} uploads of {name}"
    script = f'git -C "{repo}" fast-import --quiet < "{stream}"'
    run_step(app_id, what, ["sh", "-c", script], log, progress)
    stream.unlink()
    (repo / "description").write_text(f"Debian uploads of {name}\n", encoding="utf-8")
    return git_output(repo, "rev-parse", "HEAD").strip()


def repository_commits(repo: Path) -> list[tuple[str, str, str]]:
    """(sha, author name, subject) of every commit of the repository `repo`, newest first, as
    `git rev-list HEAD` walks them."""
    out = git_output(repo, "log", "--format=%H%x00%an%x00%s", "HEAD")
    return [(sha, author, subject) for sha, author, subject in
            (line.split("\x00", 2) for line in out.splitlines())]  # fmt: skip


_CGITRC = """\
# cgit's configuration for siteseer's lab (see lab/real/cgit.py); cgitrc(5).
css=/cgit-css/cgit.css
logo=/cgit-css/cgit.png
favicon=/cgit-css/favicon.ico
virtual-root=/
root-title=Debian upload histories
root-desc=Debian changelogs as git history: one commit per upload
cache-size=0
snapshots=
enable-http-clone=0
max-commit-count={page}
"""


class CgitApp(RealApp):
    """cgit from Debian behind a CGI gateway, over binutils' and git's Debian upload histories."""

    id = APP_ID
    kind = "entity-tree"
    description = "cgit (Debian) git browser over binutils' and git's Debian upload histories"

    @property
    def repos(self) -> Path:
        return self.dir / f"repos-{self.size}"

    @property
    def config(self) -> Path:
        return self.dir / f"cgitrc-{self.size}"

    @property
    def stamp(self) -> Path:
        return self.repos / "built.json"

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian {', '.join(PACKAGES)} (repositories and cgitrc in {self.dir})",
            "data: the Debian changelogs of binutils and git, one commit per upload",
        )

    def installed(self) -> bool:
        return _packages_present() and self.stamp.is_file() and self.config.is_file()

    def _install(self, progress: Progress) -> None:
        """Packages, then each repository from its changelog (once: the stamp lists their
        heads), then the cgitrc."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, PACKAGES, _packages_present(), log, progress)
        if not self.stamp.is_file():
            partial = self.repos.with_name(self.repos.name + ".partial")
            if partial.exists():
                shutil.rmtree(partial)
            partial.mkdir(parents=True)
            heads = {
                name: build_repository(self.id, partial, name, changelog, limits[self.size], log,
                                       progress)
                for name, (changelog, limits) in REPOS.items()
            }  # fmt: skip
            (partial / "built.json").write_text(json.dumps(heads, indent=1), encoding="utf-8")
            if self.repos.exists():
                shutil.rmtree(self.repos)
            partial.replace(self.repos)
        config = _CGITRC.format(page=LOG_PAGE)
        for name in REPOS:
            config += f"\nrepo.url={name}\nrepo.path={self.repos / (name + '.git')}\n"
            config += f"repo.desc=Debian uploads of {name}, from its changelog.Debian\n"
        if not self.config.is_file() or self.config.read_text(encoding="utf-8") != config:
            self.config.write_text(config, encoding="utf-8")

    def command(self, port: int) -> list[str]:
        """The CGI gateway on 127.0.0.1:port running cgit with the home's cgitrc."""
        return [
            sys.executable, str(SERVER), "--cgi", str(CGI), "--port", str(port),
            "--env", f"CGIT_CONFIG={self.config.resolve()}",
            "--static", str(STATIC), "--static-prefix", "/cgit-css/",
        ]  # fmt: skip

    def commits(self, name: str) -> list[tuple[str, str, str]]:
        """(sha, author name, subject) of every commit of repository `name`, newest first."""
        return repository_commits(self.repos / f"{name}.git")

    def truth(self, base_url: str) -> SiteTruth:
        """binutils' commit pages, listed by its log's pages; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        templates = {b + "/": "index"}
        logs = {name: self.commits(name) for name in REPOS}
        for name, log in logs.items():
            templates[f"{b}/{name}/"] = "summary"
            templates |= dict.fromkeys(log_pages(b, name, len(log)), "log")
        level = log_pages(b, TARGET, len(logs[TARGET]))
        counts = ", ".join(f"{len(v)} {k}" for k, v in logs.items())
        return history_truth(
            self,
            b,
            logs,
            target=TARGET,
            commit=("commit", lambda repo, sha: f"{b}/{repo}/commit/?id={sha}"),
            level=level,
            templates=templates,
            seed=min(SUMMARY_LOG, len(logs[TARGET]) - 1),
            notes=(
                f"cgit {_cgit_version()}, commits ({counts}) from git rev-list; {len(level)} log "
                f"pages of {LOG_PAGE}. Not listed in templates: /<repo>/commit/ without id "
                "(the head), the tree, diff, patch, refs, tag, stats and search views, "
                "/<repo>/log/?id=…, ?showmsg=1, ?qt=…&q=…"
            ),
        )


def _packages_present() -> bool:
    return (
        CGI.is_file()
        and shutil.which("git") is not None
        and all(path.is_file() for path, _ in REPOS.values())
    )


def _cgit_version() -> str:
    done = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", "cgit"], capture_output=True, text=True, check=False
    )
    return done.stdout.strip() or "(version unknown)"
