"""Many sites, one task: `siteseer batch`'s engines and their plain-data values.

    jobs.py       INPUT's lines → SiteJob (one host each; duplicates and bad lines failed)
    site.py       run_site: one SiteJob in its own Session over a SharedBrowser → SiteResult
    manifest.py   DIR/manifest.jsonl and the result files, written as results arrive; resume
    local.py      the local engine: N sites at a time in this process, one browser
    ray_engine.py the Ray engine (the optional extra `ray`): one actor per worker
    usage.py      a worker's CPU seconds and resident memory, its browser included
    progress.py   the bar on a terminal and a line per finished site

The command itself is siteseer.commands.batch. ray_engine is not imported here: Ray is
optional, and loaded only by `--engine ray`.
"""

from siteseer.batch.jobs import BatchTask, SiteJob, TaskOptions, read_jobs
from siteseer.batch.local import run_local
from siteseer.batch.manifest import MANIFEST, Manifest
from siteseer.batch.progress import BatchProgress
from siteseer.batch.site import SharedBrowser, SiteResult, failed_result, run_site
from siteseer.batch.usage import Usage, worker_usage

__all__ = [
    "MANIFEST",
    "BatchProgress",
    "BatchTask",
    "Manifest",
    "SharedBrowser",
    "SiteJob",
    "SiteResult",
    "TaskOptions",
    "Usage",
    "failed_result",
    "read_jobs",
    "run_local",
    "run_site",
    "worker_usage",
]
