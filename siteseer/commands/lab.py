"""`siteseer lab list|install|serve|truth|bench`: the lab's sites (synthetic, and real applications)
listed, installed, served, their truth, the bench.

`lab_site_ids` is the one check of lab site ids given on a command line (repeated or
comma-separated; `real` for every real application), shared with `demo` and `describe`;
`install_needed` installs the real applications among built sites before they are served.
"""

from __future__ import annotations

import asyncio
import json
import signal
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from siteseer.crawler import Halt
from siteseer.crawler.progress import progress as progress_line
from siteseer.errors import BadInput, BadOption, RunFailed, run_failures
from siteseer.lab import (
    SITE_IDS,
    ColdScore,
    LabServer,
    SiteTruth,
    Size,
    current_commit,
    default_cold_dir,
    read_cold,
    record_cold,
)
from siteseer.lab.bench import (
    BenchConfig,
    BenchOutputs,
    BenchRun,
    Progress,
    markdown_table,
    run_bench,
    write_outputs,
)
from siteseer.lab.errors import BenchError
from siteseer.lab.real import (
    REAL_IDS,
    LabEntry,
    RealAppError,
    ensure_installed,
    entries,
    resolve_site_ids,
)
from siteseer.lab.server import LabSite, build_sites
from siteseer.sessions import TERMINATING, interruptible

__all__ = [
    "BenchOptions",
    "BenchOutcome",
    "InstallOptions",
    "Notes",
    "ServeOptions",
    "SitesReady",
    "TruthOptions",
    "bench",
    "install",
    "install_needed",
    "lab_site_ids",
    "list_sites",
    "serve",
    "split_names",
    "truth",
]

SitesReady = Callable[[Sequence[tuple[str, str]]], None]
"""Receives ``(site id, root URL)`` for every served site once they all answer."""

Notes = Callable[[str], None]
"""Receives one line of what a long step (a real application's install) is doing."""


def _quiet(_line: str) -> None:
    pass


def split_names(values: Sequence[str]) -> list[str]:
    """Names given repeated or comma-separated, stripped, empty ones dropped, in order."""
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


def lab_site_ids(values: Sequence[str]) -> list[str]:
    """The lab site ids in `values` (repeated or comma-separated; `real`: every real
    application), each once, in order.

    Raises BadOption naming the unknown ids and listing the known ones.
    """
    try:
        return resolve_site_ids(values)
    except KeyError as e:
        raise BadOption(str(e.args[0])) from None


def install_needed(sites: Sequence[LabSite], notes: Notes = _quiet) -> None:
    """Install the real applications among `sites` that are not installed yet, saying what it
    does through `notes`; a failed install is a RunFailed with its one-line reason."""
    try:
        ensure_installed(sites, notes)
    except RealAppError as e:
        raise RunFailed(" ".join(str(e).split())) from None


# --- list, install ----------------------------------------------------------------------------


def list_sites(size: Size = "small") -> list[LabEntry]:
    """Every lab site: id, tier, kind, what it needs installed and whether it is (for `size`)."""
    return entries(size)


@dataclass(frozen=True)
class InstallOptions:
    """`lab install`: real application ids as given (empty: every one), for the data of `size`."""

    sites: tuple[str, ...] = ()
    size: Size = "small"


def install(options: InstallOptions, notes: Notes = _quiet) -> list[str]:
    """Install the chosen real applications and their data (idempotent); their ids."""
    ids = lab_site_ids(options.sites) or list(REAL_IDS)
    synthetic = [i for i in ids if i not in REAL_IDS]
    if synthetic:
        raise BadOption(
            f"nothing to install for synthetic sites ({', '.join(synthetic)}); give real-… ids"
        )
    install_needed(build_sites(ids, options.size), notes)
    return ids


# --- serve ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ServeOptions:
    """`lab serve`: `sites` as given (empty: all); the i-th site on port ``port_base + i``
    (None: free ports)."""

    sites: tuple[str, ...] = ()
    size: Size = "small"
    seed: int = 0
    port_base: int | None = None


async def serve(options: ServeOptions, on_ready: SitesReady, notes: Notes = _quiet) -> None:
    """Serve the chosen sites on 127.0.0.1 until SIGINT, SIGTERM or SIGHUP, then shut down cleanly
    (real applications: installed first if need be, run as child processes, stopped on exit).

    `on_ready` gets every site's id and root URL once they all answer. A port that cannot be
    bound (or any other OSError while serving), or a real application that fails, is a
    RunFailed.
    """
    ids = lab_site_ids(options.sites) or list(SITE_IDS)
    ports = None
    if options.port_base is not None:
        ports = [options.port_base + i for i in range(len(ids))]
        if not (ports[0] > 0 and ports[-1] < 65536):
            raise BadOption(
                f"--port-base {options.port_base} leaves ports outside 1–65535 for {len(ids)} sites"
            )
    built = build_sites(ids, options.size, options.seed)
    await asyncio.to_thread(install_needed, built, notes)
    try:
        await _serve_until_stopped(built, ports, on_ready)
    except RealAppError as e:
        raise RunFailed(" ".join(str(e).split())) from None
    except OSError as e:
        raise RunFailed(f"{e}; choose another --port-base or leave it out for free ports") from None


async def _serve_until_stopped(
    built: Sequence[LabSite], ports: list[int] | None, on_ready: SitesReady
) -> None:
    async with LabServer(built, ports) as server:
        on_ready([(site_id, server.url(site_id)) for site_id in server.site_ids])
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, *TERMINATING):
            loop.add_signal_handler(signum, stop.set)
        try:
            await stop.wait()
        finally:
            for signum in (signal.SIGINT, *TERMINATING):
                loop.remove_signal_handler(signum)


# --- truth ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TruthOptions:
    """`lab truth`: one site, its URLs written under `base_url` (an http(s) URL)."""

    site: str
    base_url: str
    size: Size = "small"
    seed: int = 0


def truth(options: TruthOptions, notes: Notes = _quiet) -> SiteTruth:
    """The ground truth of one lab site, its URLs absolute under `options.base_url` (a real
    application: installed first if need be, its truth read from its own data)."""
    ids = lab_site_ids([options.site])
    if len(ids) != 1:
        raise BadOption(
            f"give one lab site id, e.g. `siteseer lab truth council`, not {options.site!r}"
        )
    (site_id,) = ids
    parts = urlsplit(options.base_url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query:
        raise BadOption(
            "--base-url must be an http(s) URL like http://127.0.0.1:8000, "
            f"not {options.base_url!r}"
        )
    (built,) = build_sites([site_id], options.size, options.seed)
    install_needed([built], notes)
    try:
        return built.truth(options.base_url.rstrip("/"))
    except RealAppError as e:
        raise RunFailed(" ".join(str(e).split())) from None


# --- bench ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BenchOptions:
    """`lab bench`: sites and methods as given (repeated or comma-separated; empty: all), the
    output directory, the page budget and the time limit of one run, and an earlier lab
    bench's results.json (or its directory) to show the real applications beside."""

    sites: tuple[str, ...] = ()
    methods: tuple[str, ...] = ()
    size: Size = "small"
    seed: int = 0
    out: Path = Path("out/bench")
    budget: int | None = None
    timeout_s: float = 900.0
    compare: Path | None = None
    cold: Path | None = None  # where cold scores are kept (None: `lab.cold.default_cold_dir`)


@dataclass(frozen=True)
class BenchOutcome:
    """The scored runs and the files written (results.json, results.md, report.html), with the
    real applications' cold scores ((site, method) → score at the bench's size)."""

    runs: tuple[BenchRun, ...]
    outputs: BenchOutputs
    reference: tuple[dict[str, Any], ...] = ()
    cold: Mapping[tuple[str, str], ColdScore] = field(default_factory=dict)
    stopped: str = ""  # why the bench stopped before its last run (Ctrl-C); "" when it did not

    @property
    def table(self) -> str:
        """The runs as the markdown table of results.md."""
        return markdown_table([r.row for r in self.runs], self.reference, self.cold)


async def bench(options: BenchOptions, progress: Progress) -> BenchOutcome:
    """Run every registered method on every lab site it applies to, score it, write the outputs.

    `progress` gets one line per finished run, and each run's trace is written to
    OUT/traces/ as it ends (`lab.traces`). A bench that cannot run as asked (an unknown
    method, nothing to run) is a RunFailed. A run on a real application that has no cold score
    for its method yet is kept as its cold score (`lab.cold`), unless a page budget was given:
    a cold score is the method's with its own defaults.
    """
    config = BenchConfig(
        sites=tuple(lab_site_ids(options.sites)),
        methods=tuple(dict.fromkeys(split_names(options.methods))),
        size=options.size,
        seed=options.seed,
        budget=options.budget,
        timeout_s=options.timeout_s,
    )
    reference = read_results(options.compare) if options.compare is not None else ()
    commit = current_commit()  # the methods' commit: taken before they run
    halt = Halt()
    with run_failures(BenchError), interruptible(halt):
        runs = await run_bench(
            config, progress=progress, watch=progress_line, halt=halt, traces=options.out / "traces"
        )
    cold_dir = options.cold or default_cold_dir()
    rows = [r.row for r in runs]
    if halt.reason:
        progress(
            f"bench stopped: {halt.reason}; {len(runs)} run(s) scored, the last on what it "
            "found; the rest not run, and no cold score kept"
        )
    elif options.budget is None:
        for kept in record_cold(cold_dir, rows, options.size, commit):
            f1 = "no F1" if kept.f1 is None else f"F1 {kept.f1:.3f}"
            progress(
                f"cold score kept: {kept.site} · {kept.method} {f1} at {kept.commit} "
                f"({cold_dir / kept.site}.json)"
            )
    cold = {
        (site, method): score
        for (site, method, size), score in read_cold(cold_dir, [r.site for r in rows]).items()
        if size == options.size
    }
    meta = {
        "size": options.size,
        "seed": str(options.seed),
        "budget": str(options.budget or "none"),
    }
    if halt.reason:
        meta["stopped"] = halt.reason
    outputs = write_outputs(runs, options.out, meta=meta, reference=reference, cold=cold)
    return BenchOutcome(tuple(runs), outputs, reference, cold, halt.reason)


def read_results(path: Path) -> tuple[dict[str, Any], ...]:
    """The rows of a bench's results.json (`path` is the file or its directory); BadInput
    when it cannot be read."""
    file = path / "results.json" if path.is_dir() else path
    try:
        rows = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise BadInput(f"cannot read the bench results {file}: {e}") from None
    if not isinstance(rows, list) or not all(isinstance(r, dict) and "site" in r for r in rows):
        raise BadInput(f"{file} is not a bench's results.json (a list of rows)")
    return tuple(rows)
