"""`siteseer explain`: a page's link collections drawn on its full-page screenshot.

The drawing is `output.annotate`; this module loads the page in the browser, reads
the optional sample page path (a Discovery, a JSON list or one URL a line) and writes the PNG.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from siteseer.algorithms import read_sample_path
from siteseer.crawler import CrawlError, canonical_url
from siteseer.errors import BadInput, RunFailed, run_failures
from siteseer.output import AnnotationError, annotate
from siteseer.outputs import shown, write_bytes
from siteseer.render import Snapshot
from siteseer.sessions import CrawlOptions, crawl_options, session_config, watched_session

__all__ = ["ExplainOptions", "ExplainOutcome", "explain_page", "sample_path_of"]


_RENDERED = crawl_options(render="always")  # explain's crawl by default


@dataclass(frozen=True)
class ExplainOptions:
    """`explain`: the page, the PNG to write, the sample page path's file (outlined in red),
    and the crawl (cache, timeout, identity; the page is always rendered)."""

    url: str
    out: Path = Path("explain.png")
    seed_path: Path | None = None
    crawl: CrawlOptions = _RENDERED


@dataclass(frozen=True)
class ExplainOutcome:
    """The page drawn and the PNG written (`png_bytes` long)."""

    snapshot: Snapshot
    out: Path
    png_bytes: int

    @property
    def wrote(self) -> str:
        """The line saying what was written."""
        return f"wrote {shown(self.out)} ({self.png_bytes} bytes, {len(self.snapshot.links)} links)"


def sample_path_of(path: Path) -> tuple[str, ...]:
    """The sample page path in the file `path` (see `read_sample_path`); BadInput if none."""
    try:
        return read_sample_path(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise BadInput(f"cannot read a sample path from {path}: {e}") from None


async def explain_page(options: ExplainOptions) -> ExplainOutcome:
    """Render `options.url`, draw its link collections and write the PNG to `options.out`.

    An invalid URL or unreadable sample path is a BadInput; a page that cannot be loaded, that
    answers an HTTP error or cannot be drawn a RunFailed; an unwritable PNG an OutputFailed.
    """
    try:
        target = canonical_url(options.url, keep_fragment=True)  # the Session keeps it or not
    except CrawlError as e:
        raise BadInput(str(e)) from None
    sample_path = sample_path_of(options.seed_path) if options.seed_path is not None else ()
    config = session_config(options.crawl.with_config(render="always"))
    with run_failures(CrawlError, OSError):
        async with watched_session(config, "explain") as session:
            snap = await session.page(target, screenshot="full")
    if not snap.ok:
        raise RunFailed(f"{snap.url} answered HTTP {snap.status}; give a page that loads")
    with run_failures(CrawlError, AnnotationError, OSError):
        png = annotate(snap, sample_path=[canonical_url(u) for u in sample_path])
    write_bytes(options.out, png, str(options.out), parents=True)
    return ExplainOutcome(snap, options.out, len(png))
