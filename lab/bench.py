"""The method benchmark: every registered method on every lab site it applies to, scored.

`siteseer lab bench` serves the chosen sites on loopback, gives each (site, method) pair a fresh
Session with an in-memory cache (nothing carries over between runs), runs the method's runner,
times it, scores it against the site's truth and reads the Session's cost. A run that raises is
a row with its error, not the end of the bench; so is each run planned on a site that could not
be installed or served (its install failed, its server exited or never answered). Sites are
served in turn, two at most at once (`run_sites`). The rows go to ``results.json``, a markdown
table ``results.md`` and the HTML report ``report.html`` (lab/report.py).

Scoring: `MethodRun.found` against `SiteTruth.target_entities` with `lab.score.url_scores`,
unless the run brings its own metrics in `MethodRun.scores`: when it has any of precision,
recall, f1, ari or purity, those metrics come from the run alone (a clustering run's empty
`found` is not scored as an entity search).

Images: a runner may attach pictures to its run for the report by putting
``extra["image:<label>"] = <path or data URI>`` (PNG, JPEG, SVG or GIF), e.g. an annotated
screenshot. They are shown in the report's "Images" section under ``<site> · <method> · <label>``
and written next to ``results.json`` under ``images/``; the rows keep only the file names.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import json
import re
import time
import traceback
from collections.abc import AsyncGenerator, Callable, Mapping, Sequence
from contextlib import AbstractContextManager, aclosing, nullcontext
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path
from typing import Any

from siteseer.crawler import Cost, CrawlError, Halt, Session, SessionConfig, halting
from siteseer.lab.cold import ColdScore
from siteseer.lab.errors import BenchError
from siteseer.lab.method import MethodRun, MethodSpec
from siteseer.lab.real.app import ensure_installed
from siteseer.lab.real.errors import RealAppError
from siteseer.lab.real.registry import ALL_IDS, lab_site_class
from siteseer.lab.registry import methods
from siteseer.lab.report import write_report
from siteseer.lab.results import (
    TIER_GAP,
    BenchRow,
    BenchRun,
    cold_cell,
    method_means,
    tier_comparison,
)
from siteseer.lab.score import url_scores
from siteseer.lab.server import LabServer, LabSite, build_sites
from siteseer.lab.site import Size
from siteseer.lab.sites import SITE_IDS
from siteseer.lab.traces import LoadLog, slug, write_trace
from siteseer.lab.truth import SiteTruth

__all__ = [
    "IMAGE_PREFIX",
    "METRICS",
    "BenchConfig",
    "BenchOutputs",
    "Progress",
    "Watch",
    "markdown_table",
    "plan",
    "run_bench",
    "run_pairs",
    "run_sites",
    "run_time_limit",
    "score_run",
    "write_outputs",
]

IMAGE_PREFIX = "image:"
METRICS = ("precision", "recall", "f1", "ari", "purity")
# Seconds a run stopped at the bench's timeout may take to return its partial result.
UNWIND_S = 60.0
# Downloads beyond 1.5 times the lower bound a run is given time for at a site's Crawl-delay
# (robots.txt, the seed's checks, a climb's first misses).
POLITE_SLACK_DOWNLOADS = 10
UNSCORED_SITES = frozenset({"testbed", "bench"})  # served for the renderer's tests, no truth
Progress = Callable[[str], None]
"""Receives one line per finished run (and a few about the bench itself)."""
Watch = Callable[["Session", str], AbstractContextManager[object]]
"""Wraps each run with a context manager given the run's Session and a label ("site · method"),
e.g. ``crawler.progress.progress`` for a live progress line."""


@dataclass(frozen=True)
class BenchConfig:
    """What to benchmark. Empty `sites`/`methods` mean all scored sites / all methods."""

    sites: tuple[str, ...] = ()
    methods: tuple[str, ...] = ()
    size: Size = "small"
    seed: int = 0
    budget: int | None = None  # per run: network page loads plus browser actions
    timeout_s: float = 900.0  # per run


@dataclass(frozen=True)
class BenchOutputs:
    results_json: Path
    results_md: Path
    report_html: Path


# -- planning ----------------------------------------------------------------------------------


def _site_kind(site_id: str) -> str:
    try:
        return lab_site_class(site_id).kind
    except ImportError as e:
        raise BenchError(f"lab site {site_id!r} cannot be loaded: {e}") from e


def plan(
    sites: Sequence[str],
    method_names: Sequence[str],
    registry: Mapping[str, MethodSpec] | None = None,
) -> list[tuple[str, MethodSpec]]:
    """The (site id, method) pairs to run, sites in registry order, then methods by name.

    Empty `sites` means every scored synthetic site (real applications run when named: they
    are installed from package registries); empty `method_names` every registered method. A pair
    is planned when the method takes the site's kind and (if it names sites) the site, or names
    the site among those of other kinds it takes (`MethodSpec.takes`); the
    bench checks `MethodSpec.applies_to` again on the served site's truth. Raises `BenchError`
    for unknown site ids or method names.
    """
    registry = methods() if registry is None else registry
    unknown_sites = [s for s in sites if s not in ALL_IDS]
    if unknown_sites:
        raise BenchError(
            f"unknown lab site {', '.join(map(repr, unknown_sites))}; known: {', '.join(ALL_IDS)}"
        )
    unknown_methods = [m for m in method_names if m not in registry]
    if unknown_methods:
        known = ", ".join(registry) or "none (no runner module registered one)"
        raise BenchError(
            f"unknown method {', '.join(map(repr, unknown_methods))}; registered: {known}"
        )
    chosen_sites = [s for s in ALL_IDS if s in sites] if sites else list(SITE_IDS)
    if not sites:
        chosen_sites = [s for s in chosen_sites if s not in UNSCORED_SITES]
    chosen_methods = [registry[m] for m in sorted(set(method_names))] or list(registry.values())
    pairs: list[tuple[str, MethodSpec]] = []
    for site_id in chosen_sites:
        kind = _site_kind(site_id)
        pairs.extend((site_id, spec) for spec in chosen_methods if spec.takes(site_id, kind))
    return pairs


# -- running -----------------------------------------------------------------------------------


def _describe(error: BaseException) -> str:
    where = ""
    frames = traceback.extract_tb(error.__traceback__)
    if frames:
        last = frames[-1]
        where = f" (at {Path(last.filename).name}:{last.lineno} in {last.name})"
    message = str(error) or "no message"
    return f"{type(error).__name__}: {message}{where}"


def score_run(
    spec: MethodSpec,
    truth: SiteTruth,
    run: MethodRun,
    cost: Cost,
    seconds: float,
) -> BenchRow:
    """Score a finished run (see the module docstring for which metrics come from where)."""
    relevant = truth.target_entities
    own = {k: float(v) for k, v in run.scores.items()}
    metrics: dict[str, float | None]
    if any(k in own for k in METRICS):
        metrics = {k: own.get(k) for k in ("precision", "recall", "f1")}
    else:
        s = url_scores(run.found, relevant)
        metrics = {"precision": s.precision, "recall": s.recall, "f1": s.f1}
    images = tuple(
        (key.removeprefix(IMAGE_PREFIX), str(value))
        for key, value in sorted(run.extra.items())
        if key.startswith(IMAGE_PREFIX)
    )
    extra = {k: v for k, v in run.extra.items() if not k.startswith(IMAGE_PREFIX)}
    # A method whose cost model differs from the entity tree's (exploration) brings its own bound.
    own_bound = extra.pop("lower_bound_downloads", None)
    lower_bound = int(own_bound) if own_bound is not None else truth.lower_bound_downloads
    return BenchRow(
        site=truth.site,
        method=spec.name,
        precision=metrics["precision"],
        recall=metrics["recall"],
        f1=metrics["f1"],
        seconds=seconds,
        lower_bound_downloads=lower_bound,
        complete=run.complete,
        cost=cost,
        found=len(set(run.found)),
        relevant=len(set(relevant)),
        correct=len(set(run.found) & set(relevant)) if relevant else None,
        scores={k: v for k, v in own.items() if k not in ("precision", "recall", "f1")},
        extra=extra,
        images=images,
    )


def run_time_limit(timeout_s: float, crawl_delay_s: float | None, lower_bound: int) -> float:
    """The seconds one run may take: the bench's `timeout_s`, or longer where the site's
    robots.txt sets a Crawl-delay, long enough for 1.5 times the lower bound of downloads plus
    `POLITE_SLACK_DOWNLOADS` at that pace. A polite crawler cannot go faster than the site asks,
    so a limit below that scores the site's pace, not the method."""
    if not crawl_delay_s or crawl_delay_s <= 0:
        return timeout_s
    return max(timeout_s, crawl_delay_s * (1.5 * max(lower_bound, 0) + POLITE_SLACK_DOWNLOADS))


async def _time_limit(session: Session, truth: SiteTruth, timeout_s: float) -> float:
    """`run_time_limit` for `truth`'s site, its Crawl-delay read from its robots.txt by
    `session` (read once: the run's loads use it again)."""
    try:
        delay = await session.crawl_delay(truth.seed_entity or truth.base_url + "/")
    except CrawlError:
        return timeout_s
    seconds = None if delay is None else delay.total_seconds()
    return run_time_limit(timeout_s, seconds, truth.lower_bound_downloads)


async def run_one(
    spec: MethodSpec,
    truth: SiteTruth,
    budget: int | None,
    timeout_s: float,
    watch: Watch | None = None,
    halt: Halt | None = None,
    traces: Path | None = None,
) -> BenchRun:
    """Run one method on one served site in a fresh Session (cache in memory) and score it;
    with `traces`, write the run's trace there as it ends (`lab.traces`: its page loads in
    order, the method's own trace), failed or not.

    At `timeout_s` (longer on a site whose robots.txt sets a Crawl-delay: `run_time_limit`,
    noted in the row as `time_limit_s`) the run is stopped as a time limit stops it (a `Halt`:
    every method returns the partial result it has, marked incomplete, and is scored on it); one
    that has not returned `UNWIND_S` seconds later is cancelled and counts as failed. `halt`
    (the bench's: Ctrl-C) stops the run the same way."""
    log = LoadLog()
    run = await _run_one(spec, truth, budget, timeout_s, watch, halt, log)
    if traces is not None:
        write_trace(traces, run, log)
    return run


async def _run_one(
    spec: MethodSpec,
    truth: SiteTruth,
    budget: int | None,
    timeout_s: float,
    watch: Watch | None,
    halt: Halt | None,
    log: LoadLog,
) -> BenchRun:
    cost = Cost()
    started = time.perf_counter()
    limit_s = timeout_s
    try:
        config = SessionConfig(render=spec.render, budget=budget, cache=None)
        async with Session(config) as session:
            label = f"{truth.site} · {spec.name}"
            watching = nullcontext() if watch is None else watch(session, label)
            log.session = session
            limit_s = await _time_limit(session, truth, timeout_s)
            started = time.perf_counter()
            try:
                run_halt = Halt(timedelta(seconds=limit_s), within=halt)
                async with asyncio.timeout(limit_s + UNWIND_S):
                    with watching, log, halting(run_halt):
                        run = await spec.run(session, truth)
            finally:
                seconds = time.perf_counter() - started
                cost = session.cost()
    except TimeoutError as e:
        message = (
            f"timed out after {limit_s:g} s and did not stop within {UNWIND_S:g} s more; "
            "raise the bench's timeout or give a budget"
        )
        return _failed(spec, truth, cost, time.perf_counter() - started, message, e)
    except Exception as e:
        return _failed(spec, truth, cost, time.perf_counter() - started, _describe(e), e)
    if not isinstance(run, MethodRun):
        error = TypeError(f"runner returned {type(run).__name__}, not a MethodRun")
        return _failed(spec, truth, cost, seconds, str(error), error)
    seconds = max(0.0, seconds - run.report_s)
    row = score_run(spec, truth, run, cost, seconds)
    if limit_s != timeout_s:
        row = replace(row, extra={**row.extra, "time_limit_s": round(limit_s, 1)})
    return BenchRun(row, truth, run)


def _failed(
    spec: MethodSpec,
    truth: SiteTruth,
    cost: Cost,
    seconds: float,
    message: str,
    error: BaseException,
) -> BenchRun:
    row = BenchRow(
        site=truth.site,
        method=spec.name,
        precision=None,
        recall=None,
        f1=None,
        seconds=seconds,
        lower_bound_downloads=truth.lower_bound_downloads,
        complete=False,
        cost=cost,
        relevant=len(set(truth.target_entities)),
        error=message,
    )
    return BenchRun(row, truth, None)


def _progress_line(index: int, total: int, row: BenchRow) -> str:
    head = f"[{index}/{total}] {row.site} · {row.method}:"
    if row.error is not None:
        return f"{head} FAILED {row.error}"
    parts = [f"{k} {_fmt(getattr(row, k))}" for k in ("precision", "recall", "f1")]
    parts += [f"{k} {_fmt(v)}" for k, v in row.scores.items()]
    parts += [f"{row.cost.downloads} downloads", f"{row.cost.renders} renders"]
    parts.append(f"{row.seconds:.1f} s" + ("" if row.complete else " (incomplete)"))
    return f"{head} " + ", ".join(parts)


async def run_pairs(
    server: LabServer,
    pairs: Sequence[tuple[str, MethodSpec]],
    *,
    budget: int | None = None,
    timeout_s: float = 900.0,
    progress: Progress | None = None,
    watch: Watch | None = None,
    halt: Halt | None = None,
    numbering: tuple[int, int] | None = None,
    traces: Path | None = None,
) -> list[BenchRun]:
    """Run each (site, method) pair on `server` one after the other, in order.

    Runs are sequential on purpose: they share the machine, and concurrent runs would distort
    each other's times. A pair whose method does not apply to the served truth is left out; a
    pair on a site the server could not serve (`LabServer.failed`) is a failed row saying why.
    Once `halt` fires (Ctrl-C), the run under way stops and is scored on what it found, and the
    pairs after it are not run. Progress lines count the runs from 1 of however many are to
    run, or from `numbering`'s (first, total) when these pairs are part of a larger bench.
    With `traces`, each run's trace is written to that directory as the run ends (`run_one`).
    """
    todo: list[tuple[MethodSpec, SiteTruth]] = []
    for site_id, spec in pairs:
        if site_id in server.failed:
            todo.append((spec, server.unserved_truth(site_id)))
            continue
        truth = server.truth(site_id)
        if spec.applies_to(truth):
            todo.append((spec, truth))
    first, total = numbering or (1, len(todo))
    runs: list[BenchRun] = []
    for index, (spec, truth) in enumerate(todo, first):
        if halt is not None and halt.check():
            break
        if reason := server.failed.get(truth.site):
            message = f"not served: {reason}"
            result = _failed(spec, truth, Cost(), 0.0, message, BenchError(message))
        else:
            result = await run_one(spec, truth, budget, timeout_s, watch, halt, traces)
        runs.append(result)
        if progress is not None:
            progress(_progress_line(index, total, result.row))
    return runs


async def run_bench(
    config: BenchConfig,
    progress: Progress | None = None,
    watch: Watch | None = None,
    halt: Halt | None = None,
    traces: Path | None = None,
) -> list[BenchRun]:
    """Serve the sites `config` selects and run every applicable method on each, until `halt`
    fires (`run_pairs`).

    Every site is served by a process of its own (`LabServer(apart=True)`): a run's seconds are
    the crawler's, not the crawler's plus the server's. Sites are served one at a time, in plan
    order, the next one starting while the runs of the one before go on (`_served_in_turn`): a
    tier of a hundred applications never has more than two of them up. A site whose install or
    start fails is a failed row per planned run, and the bench goes on."""
    pairs = plan(config.sites, config.methods)
    if not pairs:
        raise BenchError(
            "nothing to run: no registered method applies to the chosen sites "
            f"(sites: {', '.join(config.sites) or 'all'}; methods: {', '.join(methods()) or 'none'})"
        )
    site_ids = list(dict.fromkeys(site for site, _ in pairs))
    sites = build_sites(site_ids, config.size, config.seed)
    if progress is not None:
        progress(f"{len(site_ids)} lab sites to serve in turn ({config.size}, seed {config.seed})")
    return await run_sites(
        sites,
        pairs,
        budget=config.budget,
        timeout_s=config.timeout_s,
        progress=progress,
        watch=watch,
        halt=halt,
        traces=traces,
    )


async def run_sites(
    sites: Sequence[LabSite],
    pairs: Sequence[tuple[str, MethodSpec]],
    *,
    budget: int | None = None,
    timeout_s: float = 900.0,
    progress: Progress | None = None,
    watch: Watch | None = None,
    halt: Halt | None = None,
    apart: bool = True,
    traces: Path | None = None,
) -> list[BenchRun]:
    """Install what `sites` lack, then serve them in turn and run `pairs` (site-major, as `plan`
    orders them) on each (`run_pairs`): a site whose install or start fails is a failed row for
    each of its pairs, and the bench goes on."""
    say = progress or _quiet
    # Real applications not installed yet are installed first (registries, once).
    unready: dict[str, str] = {}
    await asyncio.to_thread(ensure_installed, sites, say, unready)
    runs: list[BenchRun] = []
    done = 0  # planned pairs behind us, run or left out as not applying
    try:
        async with aclosing(_served_in_turn(sites, unready, apart=apart)) as served:
            async for server in served:
                (site_id,) = server.site_ids or server.failed
                if reason := server.failed.get(site_id):
                    say(f"{site_id}: not served, its runs fail: {reason}")
                site_pairs = [pair for pair in pairs if pair[0] == site_id]
                runs += await run_pairs(
                    server,
                    site_pairs,
                    budget=budget,
                    timeout_s=timeout_s,
                    progress=progress,
                    watch=watch,
                    halt=halt,
                    numbering=(done + 1, len(pairs)),
                    traces=traces,
                )
                done += len(site_pairs)
                if halt is not None and halt.check():
                    break
    except RealAppError as e:
        raise BenchError(str(e)) from e
    return runs


async def _served_in_turn(
    sites: Sequence[LabSite], unready: Mapping[str, str], *, apart: bool = True
) -> AsyncGenerator[LabServer, None]:
    """Each of `sites` served alone (`LabServer(keep_going=True)`), in order, the next
    one starting while the one before is in use and each stopped once the caller moves on.
    A site in `unready` (id → reason) is not started: its server is failed with that reason."""

    def start(site: LabSite) -> asyncio.Task[LabServer]:
        server = LabServer([site], apart=apart, keep_going=True)
        if reason := unready.get(site.id):
            server.failed[site.id] = reason
        return asyncio.ensure_future(server.__aenter__())

    ahead = start(sites[0]) if sites else None
    try:
        for index in range(len(sites)):
            assert ahead is not None
            server = await ahead
            ahead = start(sites[index + 1]) if index + 1 < len(sites) else None
            try:
                yield server
            finally:
                await server.close()
    finally:
        if ahead is not None:
            ahead.cancel()
            (left,) = await asyncio.gather(ahead, return_exceptions=True)
            if isinstance(left, LabServer):
                await left.close()


def _quiet(line: str) -> None:
    """A progress callback that prints nothing."""


# -- outputs -----------------------------------------------------------------------------------


def _fmt(value: object) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def _num1(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f}"


def _md_escape(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown_table(
    rows: Sequence[BenchRow],
    reference: Sequence[Mapping[str, Any]] = (),
    cold: Mapping[tuple[str, str], ColdScore] | None = None,
) -> str:
    """The per-run table and the per-method means as GitHub-flavoured markdown; with runs on
    real applications, also each one beside its method's lab F1 (`tier_comparison`, the lab
    side from this bench's synthetic rows or from `reference`) and its cold score (`cold`)."""
    head = ["site", "method", "P", "R", "F1", "downloads", "actions", "lower bound", "renders"]
    head += ["s", "correct/s", "correct/download", "complete", "notes"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in rows:
        notes = [f"{k} {_fmt(v)}" for k, v in row.scores.items()]
        notes += [f"{k} {_fmt(v)}" for k, v in row.extra.items()]
        if row.error is not None:
            notes.append(f"error: {row.error}")
        cells = [
            row.site,
            row.method,
            _fmt(row.precision),
            _fmt(row.recall),
            _fmt(row.f1),
            str(row.cost.downloads),
            str(row.cost.actions),
            str(row.lower_bound_downloads),
            str(row.cost.renders),
            f"{row.seconds:.2f}",
            _fmt(row.correct_per_s),
            _fmt(row.correct_per_download),
            _fmt(row.complete),
            "; ".join(notes),
        ]
        lines.append("| " + " | ".join(_md_escape(c) for c in cells) + " |")
    lines += [
        "",
        "| method | runs | failed | mean P | mean R | mean F1 | mean downloads | mean s |",
    ]
    lines.append("|---|---|---|---|---|---|---|---|")
    for m in method_means(rows):
        cells = [m["method"], str(m["runs"]), str(m["failed"])]
        cells += [_fmt(m[k]) for k in ("precision", "recall", "f1")]
        cells += [_num1(m["downloads"]), _num1(m["seconds"])]
        lines.append("| " + " | ".join(cells) + " |")
    if tiers := tier_comparison(rows, reference, cold):
        lines += ["", *tier_table(tiers)]
    return "\n".join(lines) + "\n"


def tier_table(tiers: Sequence[Mapping[str, Any]]) -> list[str]:
    """`tier_comparison`'s entries as markdown lines."""
    lines = [
        f"Real applications beside the lab (target: F1 within {TIER_GAP} of the method's lab "
        "mean; a reference crawl, bounded by its page cap, is not judged):",
        "",
        "| method | real app | F1 | cold F1 @ commit | lab F1 (sites) | gap | within | downloads "
        "| lower bound | renders | s |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for t in tiers:
        f1 = _fmt(t["f1"]) if t["error"] is None else f"failed: {t['error']}"
        cells = [
            t["method"],
            t["site"],
            f1,
            cold_cell(t),
            f"{_fmt(t['lab_f1'])} ({t['lab_sites']})",
        ]
        cells += [_fmt(t["gap"]), t["verdict"], str(t["downloads"]), str(t["lower_bound"])]
        cells.append(str(t["renders"]))
        cells.append(f"{t['seconds']:.1f}")
        lines.append("| " + " | ".join(_md_escape(c) for c in cells) + " |")
    return lines


_DATA_URI = re.compile(r"^data:image/(?P<type>png|jpeg|gif|svg\+xml);base64,(?P<data>.*)$", re.S)
_EXTENSIONS = {"png": "png", "jpeg": "jpg", "gif": "gif", "svg+xml": "svg"}


def _materialise_images(row: BenchRow, directory: Path) -> dict[str, str]:
    """Write data-URI images to `directory`; return label → file name (or the given path)."""
    out: dict[str, str] = {}
    for label, source in row.images:
        match = _DATA_URI.match(source)
        if match is None:
            out[label] = source
            continue
        try:
            data = base64.b64decode(match["data"], validate=True)
        except binascii.Error as e:
            out[label] = f"invalid data URI: {e}"
            continue
        name = f"{slug(row.site)}--{slug(row.method)}--{slug(label, 'image')}.{_EXTENSIONS[match['type']]}"
        directory.mkdir(parents=True, exist_ok=True)
        (directory / name).write_bytes(data)
        out[label] = f"{directory.name}/{name}"
    return out


def write_outputs(
    runs: Sequence[BenchRun],
    out: Path,
    *,
    title: str = "siteseer lab bench",
    meta: Mapping[str, str] | None = None,
    reference: Sequence[Mapping[str, Any]] = (),
    cold: Mapping[tuple[str, str], ColdScore] | None = None,
) -> BenchOutputs:
    """Write ``results.json``, ``results.md`` and ``report.html`` into `out` (created);
    `reference` is an earlier lab bench's rows for the real tier to be shown beside, `cold`
    the real applications' cold scores ((site, method) → score, `lab.cold`)."""
    out.mkdir(parents=True, exist_ok=True)
    rows = [r.row for r in runs]
    data = []
    for row in rows:
        entry = row.to_dict()
        if row.images:
            entry["images"] = _materialise_images(row, out / "images")
        data.append(entry)
    results_json = out / "results.json"
    results_json.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    results_md = out / "results.md"
    results_md.write_text(f"# {title}\n\n" + markdown_table(rows, reference, cold))
    report_html = out / "report.html"
    write_report(runs, report_html, title=title, meta=meta or {}, reference=reference, cold=cold)
    return BenchOutputs(results_json, results_md, report_html)
