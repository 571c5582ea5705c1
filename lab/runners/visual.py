"""Visual-aware SSUP, with pictures of what it saw (GPP is a registered method:
lab/runners/discovery.py).

It starts from the truth's seed entity with one general configuration for every site, like
lab/runners/discovery.py, and attaches annotated screenshots of the index page holding the seed
for the report (``extra["image:<label>"]``, see lab.bench): it shows the page as the
URL/HTML methods see it (link DOM path groups, the sample link DOM path in red) side by side
with the visual view (visual lists). The screenshots are taken after the method ended, in a Session
of their own; the seconds they take are reported as ``image_s`` and left out of the run's seconds
(`MethodRun.report_s`), so that a run's time is the method's alone.
"""

from __future__ import annotations

import base64
import time
from dataclasses import replace

from siteseer.algorithms import Discovery, ssup
from siteseer.crawler import CrawlError, Session, SessionConfig
from siteseer.lab.method import MethodRun, MethodSpec
from siteseer.lab.runners.discovery import discovery_run
from siteseer.lab.truth import SiteTruth
from siteseer.output import AnnotationError, Layers, annotate

__all__ = ["METHODS", "run_ssup_visual"]


IMAGE_MAX_HEIGHT = 2400  # px: the report shows the top of long index pages


async def _images(
    discovery: Discovery, views: tuple[tuple[str, Layers], ...]
) -> dict[str, float | int | str]:
    """Annotated screenshots of the index page that links to the seed (the last index page
    of the run's sample path), one per view, as ``image:<label>`` data URIs for the report.

    The screenshot is taken in a Session of its own, so the run's cost counters stay the
    method's; the time it takes is reported as ``image_s`` (and left out of the run's seconds).
    A page that cannot be drawn is reported as ``image_error`` instead.
    """
    if len(discovery.sample_path) < 2:
        return {}
    page = discovery.sample_path[-2]
    started = time.perf_counter()
    out: dict[str, float | int | str] = {}
    try:
        async with Session(SessionConfig(render="always")) as session:
            snapshot = await session.page(page, screenshot="full")
        for label, layers in views:
            png = annotate(
                snapshot,
                sample_path=discovery.sample_path,
                layers=layers,
                max_height=IMAGE_MAX_HEIGHT,
            )
            out[f"image:{label}"] = "data:image/png;base64," + base64.b64encode(png).decode()
    except (CrawlError, AnnotationError) as e:
        out["image_error"] = f"{page}: {e}"
    out["image_s"] = round(time.perf_counter() - started, 3)
    return out


async def run_ssup_visual(session: Session, truth: SiteTruth) -> MethodRun:
    found = await ssup(session, truth.seed_entity, height=2, visual=True)
    run = discovery_run(found, truth)
    views: tuple[tuple[str, Layers], ...] = (
        (
            "seed index: link DOM paths (SSUP, Indesit) | visual lists (GPP, visual SSUP)",
            "side-by-side",
        ),
    )
    images = await _images(found, views)
    return replace(run, extra={**run.extra, **images}, report_s=float(images.get("image_s", 0.0)))


METHODS: tuple[MethodSpec, ...] = (
    MethodSpec(
        "ssup-visual",
        run_ssup_visual,
        kinds=("entity-tree",),
        description="SSUP, height 2, with links grouped by visual list role as well as DOM path",
    ),
)
