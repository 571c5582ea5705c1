"""`siteseer demo`: the lab's sites, the methods run on them, compact tables and a report.

The demo is a list of stages, each a set of methods run on a set of sites and shown as one
table. Stages are plain data in `STAGES` below: a method family adds its stage there (one
`DemoStage` entry) once its runner is listed in lab/runners/ (see lab.registry). Every method a stage names must
be registered; the demo refuses to start otherwise rather than silently showing less.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from siteseer.lab.bench import Progress, Watch, plan, run_pairs
from siteseer.lab.errors import BenchError
from siteseer.lab.method import MethodSpec
from siteseer.lab.registry import methods
from siteseer.lab.results import BenchRow, BenchRun
from siteseer.lab.server import LabServer, build_sites
from siteseer.lab.site import Size

__all__ = [
    "OUT_DIR",
    "STAGES",
    "DemoStage",
    "StageResult",
    "format_table",
    "run_demo",
    "stages_for",
]

OUT_DIR = Path("out/demo")  # where `siteseer demo` writes, under the working directory
ENTITY_TREE_SITES = ("council", "drivers", "cars", "olympic", "people", "spa")


@dataclass(frozen=True)
class DemoStage:
    """One step of the demo: `methods` on `sites`, shown as one table titled `title`."""

    name: str
    title: str
    methods: tuple[str, ...]
    sites: tuple[str, ...]
    budget: int | None = None  # per run
    note: str = ""  # one line printed under the title


# The demo's stages, in order. A method family adds its entry here.
STAGES: tuple[DemoStage, ...] = (
    DemoStage(
        name="entity-discovery",
        title="Entity pages from one sample page: URL/HTML methods against visual ones",
        methods=("ssup", "indesit", "gpp", "ssup-visual"),
        sites=ENTITY_TREE_SITES,
        note="SSUP judges links by URL before downloading; Indesit downloads to judge; GPP "
        "renders every page it reads. people puts faculty and students under different DOM "
        "paths (SSUP's failure case ii), which visual lists repair.",
    ),
    DemoStage(
        name="exploration",
        title="Queries and hidden attributes of exploratory shops (links, Ajax, form)",
        methods=("explore",),
        sites=("shop-links", "shop-ajax", "shop-form"),
        note="P/R/F1 over hidden entity-attribute pairs (Eq. 6–7); cost_ratio = downloads / "
        "lower bound.",
    ),
    DemoStage(
        name="url-templates",
        title="Hidden entity pages from URL templates (a crawl's URLs → gap ids)",
        methods=("url-templates",),
        sites=("catalog-ids",),
        note="P/R over the unlinked items; requests_per_hidden, template_precision and "
        "empty_accuracy (soft 404s included) in the extra columns.",
    ),
    DemoStage(
        name="page-clusters",
        title="Pages clustered by template (TEXT-MDL, exact and MinHash)",
        methods=("page-clusters", "page-clusters-exact"),
        sites=("mixed-templates",),
        note="ARI and purity against the truth's template ids.",
    ),
    DemoStage(
        name="describe",
        title="Entity description (TEMPLATE TOKENS) and isInstance",
        methods=("describe",),
        sites=("drivers",),
        note="P/R of isInstance over every page of the site; the description is in the extra columns.",
    ),
)


@dataclass(frozen=True)
class StageResult:
    stage: DemoStage
    runs: tuple[BenchRun, ...]


def stages_for(
    sites: Sequence[str] = (),
    stages: Sequence[DemoStage] = STAGES,
) -> list[DemoStage]:
    """The stages restricted to `sites` (all when empty); stages left with no site are dropped."""
    chosen = []
    for stage in stages:
        keep = tuple(s for s in stage.sites if not sites or s in sites)
        if keep:
            chosen.append(
                DemoStage(stage.name, stage.title, stage.methods, keep, stage.budget, stage.note)
            )
    return chosen


def _pairs(stage: DemoStage, registry: Mapping[str, MethodSpec]) -> list[tuple[str, MethodSpec]]:
    missing = [m for m in stage.methods if m not in registry]
    if missing:
        raise BenchError(
            f"demo stage {stage.name!r} names unregistered method(s) {', '.join(missing)}; "
            f"registered: {', '.join(registry) or 'none'}"
        )
    return plan(stage.sites, stage.methods, registry)


async def run_demo(
    size: Size = "small",
    seed: int = 0,
    sites: Sequence[str] = (),
    stages: Sequence[DemoStage] = STAGES,
    progress: Progress | None = None,
    watch: Watch | None = None,
    timeout_s: float = 600.0,
) -> list[StageResult]:
    """Serve every site the chosen stages need once, then run the stages in order."""
    registry = methods()
    chosen = stages_for(sites, stages)
    if not chosen:
        raise BenchError(
            f"no demo stage uses the sites {', '.join(sites)}; stages use: "
            + ", ".join(sorted({s for st in stages for s in st.sites}))
        )
    planned = [(stage, _pairs(stage, registry)) for stage in chosen]
    site_ids = list(dict.fromkeys(site for _, pairs in planned for site, _ in pairs))
    results: list[StageResult] = []
    async with LabServer(build_sites(site_ids, size, seed)) as server:
        for stage, pairs in planned:
            if progress is not None:
                progress(f"stage {stage.name}: {len(pairs)} runs")
            runs = await run_pairs(
                server,
                pairs,
                budget=stage.budget,
                timeout_s=timeout_s,
                progress=progress,
                watch=watch,
            )
            results.append(StageResult(stage, tuple(runs)))
    return results


def _cell(value: float | None, digits: int = 3) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def _remarks(row: BenchRow) -> str:
    """A failure, an incomplete run, or the method's own scores (e.g. ARI and purity)."""
    if row.error is not None:
        return f"FAILED: {row.error}"
    own = "  ".join(f"{name} {value:.3f}" for name, value in sorted(row.scores.items()))
    return own if row.complete else f"incomplete  {own}".rstrip()


def format_table(rows: Sequence[BenchRow]) -> str:
    """A compact fixed-width table: site, method, P, R, F1, downloads, seconds (and errors)."""
    head = ("site", "method", "P", "R", "F1", "downloads", "seconds", "")
    body = [
        (
            r.site,
            r.method,
            _cell(r.precision),
            _cell(r.recall),
            _cell(r.f1),
            str(r.cost.downloads),
            f"{r.seconds:.2f}",
            _remarks(r),
        )
        for r in rows
    ]
    widths = [max(len(line[i]) for line in (head, *body)) for i in range(len(head) - 1)]

    def line(cells: Sequence[str]) -> str:
        parts = [
            c.ljust(w) if i < 2 else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells[:-1], widths, strict=True))
        ]
        return "  ".join(parts) + (f"  {cells[-1]}" if cells[-1] else "")

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(head), rule, *(line(b) for b in body)])
