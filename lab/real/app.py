"""The real tier's seam: a `RealApp` is a real application the lab installs, serves and reads.

A synthetic `Site` (lab/site.py) answers requests in-process; a `RealApp` is an external program
served by a child process. Both report `truth(base_url)`, and `LabServer` serves both:

    app = PlanesApp(size="small")
    app.installed()            # software and data present under .lab-real/<id>/?
    app.install(progress)      # idempotent, one installer at a time: venv, then the data
    running = await app.start(port)   # AppProcess on 127.0.0.1 (port 0: a free one)
    app.truth(running.url)     # from the application's own database or files
    await running.stop()       # SIGTERM (then SIGKILL) its process group

`start` never installs: an application that is not installed raises `NotInstalled` naming the
command that installs it (`siteseer lab install --sites <id>`); `siteseer lab serve`/`bench`/
`truth` install on demand before they serve.

`PythonApp` is the common case: a venv from PyPI (lab/real/pyenv.py), an application script from
lab/real/apps/ run with the venv's interpreter, and a data file built per size by the same
script. Everything lives in the application's directory under the lab's home
(`.lab-real/<id>/` in the repository, or `$SITESEER_LAB_REAL/<id>/`).
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any, ClassVar

from siteseer.lab.real.errors import AppFailed, NotInstalled, RealAppError
from siteseer.lab.real.process import AppProcess, free_port
from siteseer.lab.real.pyenv import Progress, PyPackage, PythonEnv, run_step
from siteseer.lab.site import Size
from siteseer.lab.truth import FacetQuery, SiteTruth

__all__ = [
    "APPS_DIR",
    "PythonApp",
    "RealApp",
    "default_home",
    "ensure_installed",
    "facet_queries",
    "facet_values",
    "history_truth",
    "install_command",
    "read_sqlite",
    "static_server",
]

APPS_DIR = Path(__file__).resolve().parent / "apps"
HOME_VARIABLE = "SITESEER_LAB_REAL"


# how many ports `RealApp.start` tries when the port it chose is taken before the app binds it
PORT_TRIES = 3
# what servers write when the port they were given is taken (Python, Node, PHP, Ruby, C)
_PORT_TAKEN = ("Address already in use", "EADDRINUSE", "Errno 98")


def default_home() -> Path:
    """Where real applications are installed: $SITESEER_LAB_REAL, else `.lab-real/` in the
    repository siteseer runs from (gitignored), else ~/.cache/siteseer/lab-real."""
    if value := os.environ.get(HOME_VARIABLE):
        return Path(value).expanduser().resolve()
    repo = Path(__file__).resolve().parents[2]
    if (repo / "pyproject.toml").exists():
        return repo / ".lab-real"
    return Path.home() / ".cache" / "siteseer" / "lab-real"


def static_server(directory: Path, port: int) -> list[str]:
    """Python's static file server over `directory` on 127.0.0.1:`port`: the command of an
    application built once into files (a generated site, an archive, a documentation tree)."""
    return [
        sys.executable, "-m", "http.server", "--bind", "127.0.0.1",
        "--directory", str(directory), str(port),
    ]  # fmt: skip


def read_sqlite(db: Path, sql: str) -> list[tuple[object, ...]]:
    """The rows `sql` selects from the SQLite database `db`, opened read-only (an application's
    own database, read for its truth while it may be serving)."""
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as connection:
        return list(connection.execute(sql))


Attributes = Mapping[str, Mapping[str, tuple[str, ...]]]  # entity URL → attribute → values


def facet_values(attributes: Attributes, names: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """The values each attribute of `names` takes over the entities, sorted: what a filter
    sidebar listing every distinct value offers."""
    return {
        name: tuple(sorted({v for attrs in attributes.values() for v in attrs.get(name, ())}))
        for name in names
    }


def facet_queries(
    attributes: Attributes, values: Mapping[str, tuple[str, ...]]
) -> tuple[FacetQuery, ...]:
    """One query per facet value: the entities (in `attributes`' order) holding that value."""
    return tuple(
        FacetQuery(
            ((name, value),),
            tuple(u for u, attrs in attributes.items() if value in attrs.get(name, ())),
        )
        for name, offered in values.items()
        for value in offered
    )


def type_truth(
    app: RealApp,
    base_url: str,
    entity: str,
    urls: Iterable[str],
    path: Sequence[str],
    *,
    levels: Sequence[Sequence[str]] | None = None,
    others: Mapping[str, tuple[str, ...]] | None = None,
    **more: Any,
) -> SiteTruth:
    """The truth of an application whose target type is `entity`, its pages `urls`, reached by
    `path` from the top index page down to the seed. `levels` holds each level's index pages,
    root first (by default the path's pages above the seed, one a level); `others` the pages of
    the site's other entity types; `more` the rest of the truth (attributes, templates,
    queries, notes, …)."""
    return SiteTruth(
        site=app.id,
        base_url=base_url,
        kind=app.kind,
        entities={entity: tuple(urls), **(others or {})},
        target_type=entity,
        seed_entity=path[-1],
        index_levels=tuple(
            tuple(level) for level in (levels if levels is not None else ([p] for p in path[:-1]))
        ),
        seed_path=tuple(path),
        **more,
    )


def paged_list_truth(
    app: RealApp,
    base_url: str,
    kind: tuple[str, str],
    urls: Sequence[str],
    pages: Sequence[str],
    attributes: dict[str, dict[str, tuple[str, ...]]],
    facets: Sequence[str],
    notes: str,
) -> SiteTruth:
    """The truth of an application whose entities (`urls`, the seed first) are all on one paged
    list (`pages`, in order), with a facet per attribute of `facets`; `kind` names the list's
    template and the entities' (a blog's ("list", "post"), a tracker's ("issue list", "issue"))."""
    listing, entity = kind
    values = facet_values(attributes, facets)
    return type_truth(
        app,
        base_url,
        entity,
        urls,
        (pages[0], urls[0]),
        levels=(pages,),
        attributes=attributes,
        queries=facet_queries(attributes, values),
        facet_values=values,
        templates=dict.fromkeys(pages, listing) | dict.fromkeys(urls, entity),
        notes=notes,
    )


def value_pages_truth(
    app: RealApp,
    base_url: str,
    *,
    top: str,
    seed: str,
    urls: Mapping[str, str],
    values: Mapping[str, str],
    order: Iterable[str],
    attribute: tuple[str, Callable[[str], str]],
    templates: Mapping[str, str],
    notes: str,
    unlabelled: bool = False,
    offered: bool = True,
) -> SiteTruth:
    """The truth of a wiki whose pages (`urls`: name → URL, `seed` among them) each hold one
    value of an attribute (`values`: name → value, "" for none) and are listed on that value's
    page, in `order` (the page names as a value's page lists them); the value pages are linked
    from `top`. `attribute` is the attribute's name and the URL of a value's page; `templates`
    names the other pages' templates (each value's page is the attribute's, each entity a
    "page"); `unlabelled` when the site names the attribute nowhere (`SiteTruth.unlabelled`);
    `offered` False when the site's robots.txt closes the value pages to a crawler: it is
    offered no facet (no `facet_values`), the attribute a field of each entity's page, which
    the pair scores leave out as they do every such field (lab/score.py `pair_scores`)."""
    name, value_url = attribute
    by_value: dict[str, list[str]] = {}
    for page in order:
        if value := values[page]:
            by_value.setdefault(value, []).append(urls[page])
    listing = {value: value_url(value) for value in sorted(by_value)}
    return SiteTruth(
        site=app.id,
        base_url=base_url,
        kind=app.kind,
        entities={"page": tuple(urls.values())},
        target_type="page",
        seed_entity=urls[seed],
        index_levels=((top,), tuple(listing.values())),
        seed_path=(top, listing[values[seed]], urls[seed]),
        attributes={urls[p]: {name: (v,)} if v else {} for p, v in values.items()},
        queries=tuple(
            FacetQuery(((name, value),), tuple(members))
            for value, members in sorted(by_value.items())
        ),
        facet_values={name: tuple(sorted(by_value))} if offered else {},
        templates=dict(templates)
        | dict.fromkeys(listing.values(), name)
        | dict.fromkeys(urls.values(), "page"),
        notes=notes,
        unlabelled=(name,) if unlabelled else (),
    )


Commit = tuple[str, str, str]  # a commit's id (SHA, node, revno), its author and its subject


def history_truth(
    app: RealApp,
    base_url: str,
    logs: Mapping[str, Sequence[Commit]],
    *,
    target: str,
    commit: tuple[str, Callable[[str, str], str]],
    level: Sequence[str],
    templates: Mapping[str, str],
    notes: str,
    seed: int = 0,
    people: str = "author",
) -> SiteTruth:
    """The truth of a code browser over repositories (`logs`: each one's commits, newest first):
    each repository's commit pages are a type, `target`'s the target; `commit` names their
    template and their URL (from the repository and the commit's id). The index is one level,
    `level` (the target's paged history); the seed is its `seed`-th newest commit. Attributes:
    each target commit's author (under the name `people`) and subject. `templates` names the
    other pages' templates."""
    template, url = commit
    entities = {name: tuple(url(name, c) for c, _, _ in log) for name, log in logs.items()}
    attributes: dict[str, dict[str, tuple[str, ...]]] = {
        url(target, c): {people: (author,), "subject": (subject,)}
        for c, author, subject in logs[target]
    }
    seed_url = entities[target][seed]
    return SiteTruth(
        site=app.id,
        base_url=base_url,
        kind=app.kind,
        entities=entities,
        target_type=target,
        seed_entity=seed_url,
        index_levels=(tuple(level),),
        seed_path=(level[0], seed_url),
        attributes=attributes,
        templates=dict(templates) | {u: template for urls in entities.values() for u in urls},
        notes=notes,
    )


def install_command(app_id: str, size: Size) -> str:
    size_option = "" if size == "small" else f" --size {size}"
    return f"siteseer lab install --sites {app_id}{size_option}"


class RealApp(ABC):
    """A real application with ground truth; see the module docstring for its life cycle.

    `size` chooses how much of the data set is loaded where an application supports it; `seed`
    is accepted for symmetry with `Site` and ignored (the data are real, not generated).
    """

    id: ClassVar[str]
    kind: ClassVar[str]
    description: ClassVar[str] = ""
    tier: ClassVar[str] = "real"
    # a page that answers 200 only once the application has loaded what it serves (None: any
    # answer of the root below 500 will do)
    ready_path: ClassVar[str | None] = None

    def __init__(self, size: Size = "small", seed: int = 0, home: Path | None = None) -> None:
        self.size = size
        self.seed = seed
        self.home = home if home is not None else default_home()

    @property
    def dir(self) -> Path:
        return self.home / self.id

    @abstractmethod
    def needs(self) -> tuple[str, ...]:
        """What the application needs installed, one line each (for `siteseer lab list`)."""

    @abstractmethod
    def installed(self) -> bool:
        """True when its software and its data for this size are in place."""

    def install(self, progress: Progress) -> None:
        """Install what is missing (`_install`); nothing when `installed()`. One installer at a
        time per application, whichever process asks (a bench, `lab install`, a test's
        fixture): a second one waits, then finds the application installed."""
        with _exclusive(self.dir / ".install.lock"):
            if not self.installed():
                self._install(progress)

    @abstractmethod
    def _install(self, progress: Progress) -> None:
        """Install what is missing, step by step (each step only when its result is missing)."""

    @abstractmethod
    def command(self, port: int) -> list[str]:
        """The command serving the application on 127.0.0.1:`port`."""

    @abstractmethod
    def truth(self, base_url: str) -> SiteTruth:
        """The ground truth under `base_url`, from the application's own data (not a crawl)."""

    def environment(self) -> dict[str, str]:
        """Variables added to siteseer's environment for the serving process (none here)."""
        return {}

    def require_installed(self) -> None:
        if not self.installed():
            raise NotInstalled(
                self.id, f"not installed; run `{install_command(self.id, self.size)}`"
            )

    async def start(self, port: int = 0) -> AppProcess:
        """Serve the application on 127.0.0.1:`port` (0: a free port) until `stop()`.

        A port chosen here is free when chosen, but another process (another bench, another
        site of this one) may bind it before the application does: the application then exits
        saying so in its log, and is started again on another port (`PORT_TRIES` in all)."""
        self.require_installed()
        tries = 1 if port else PORT_TRIES
        for attempt in range(1, tries + 1):
            chosen = port or free_port()
            log = self.dir / "logs" / f"serve-{chosen}.log"
            written = log.stat().st_size if log.exists() else 0
            env = {**os.environ, **self.environment()} if self.environment() else None
            process = AppProcess(
                self.id,
                self.command(chosen),
                chosen,
                log,
                cwd=self.dir,
                env=env,
                ready=self.ready_path,
            )
            try:
                await process.start()
            except AppFailed:
                if attempt == tries or not port_taken(log, written):
                    raise
                continue
            return process
        raise AssertionError("unreachable: the last try returns or raises")


def port_taken(log: Path, offset: int = 0) -> bool:
    """True when what a server wrote to `log` past `offset` says its port was in use."""
    with log.open("rb") as handle:
        handle.seek(offset)
        text = handle.read().decode("utf-8", "replace")
    return any(sign in text for sign in _PORT_TAKEN)


@contextmanager
def _exclusive(lock: Path) -> Iterator[None]:
    """Hold an exclusive lock on the file `lock` (created) until the block ends."""
    lock.parent.mkdir(parents=True, exist_ok=True)
    with lock.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def ensure_installed(
    sites: Iterable[object], progress: Progress, failed: dict[str, str] | None = None
) -> None:
    """Install every real application among `sites` that is not installed yet (others pass).

    An install that fails raises `RealAppError`, unless `failed` is given: then the reason is
    recorded there under the application's id and the others are installed all the same."""
    for site in sites:
        if isinstance(site, RealApp) and not site.installed():
            progress(f"{site.id}: not installed yet; installing: {'; '.join(site.needs())}")
            try:
                site.install(progress)
            except (RealAppError, OSError) as e:
                if failed is None:
                    raise
                failed[site.id] = "install failed: " + " ".join(str(e).split())
                progress(f"{site.id}: install failed; its runs fail: {e}")


class PythonApp(RealApp):
    """A real application in its own venv, run by a script of lab/real/apps/.

    The script takes `load --db PATH --limit N` (build the data file) and `serve --db PATH
    --port P`; subclasses name the packages, the script, the data and the row limit per size.
    """

    packages: ClassVar[tuple[PyPackage, ...]]
    script: ClassVar[str]  # file name in lab/real/apps/
    data_description: ClassVar[str]
    row_limits: ClassVar[dict[Size, int]] = {"small": 0, "medium": 0, "large": 0}  # 0: all

    @property
    def env(self) -> PythonEnv:
        return PythonEnv(self.dir / "venv", self.packages)

    @property
    def data_file(self) -> Path:
        return self.dir / f"data-{self.size}.sqlite"

    @property
    def limit(self) -> int:
        return self.row_limits[self.size]

    def needs(self) -> tuple[str, ...]:
        return (f"{self.env.describe()} (venv {self.env.path})", f"data: {self.data_description}")

    def installed(self) -> bool:
        return self.env.ready() and self.data_file.exists()

    def _install(self, progress: Progress) -> None:
        if not self.data_file.exists() and (data := self.load_input()) is not None:
            self.dir.mkdir(parents=True, exist_ok=True)
            self.data_file.with_suffix(".json").write_text(json.dumps(data), encoding="utf-8")
        log = self.dir / "logs" / "install.log"
        self.env.create(self.id, log, progress)
        if self.data_file.exists():
            return
        partial = self.data_file.with_suffix(".partial")
        rows = f"first {self.limit} rows per table" if self.limit else "all rows"
        run_step(
            self.id,
            f"loading the data set ({self.size}: {rows}) into {self.data_file}",
            [*self._script(), "load", "--db", str(partial), "--limit", str(self.limit)],
            log,
            progress,
        )
        partial.replace(self.data_file)

    def load_input(self) -> object | None:
        """What the load step reads, written as JSON beside the data file (its name with the
        suffix `.json`) before it runs; None (the default): the script finds its data itself."""
        return None

    def _script(self) -> list[str]:
        return [str(self.env.python), str(APPS_DIR / self.script)]

    def command(self, port: int) -> list[str]:
        return [*self._script(), "serve", "--db", str(self.data_file), "--port", str(port)]


class BuiltSiteApp(PythonApp):
    """A static site a Python generator of its venv builds once from `project` (the sources
    its `_install` writes) into `data_file` (the folder `built` of the app's directory), the
    same at every size, served as files."""

    built: ClassVar[str] = "site"

    @property
    def project(self) -> Path:
        return self.dir / "project"

    @property
    def data_file(self) -> Path:
        return self.dir / self.built
