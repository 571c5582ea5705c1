"""A batch's input read into site jobs: one job per input line, one host per job.

    jobs = read_jobs(lines, defaults)      # tuple[SiteJob, ...], in input order

INPUT is a text file with one seed URL per line, or JSON lines, one object per line:
``{"url": …, "task": "discover", "method": "gpp", "budget": 50}``; a line's own keys override the
command line's (`TaskOptions`). Blank lines and lines starting with ``#`` are left out.

A host is one unit of work: politeness is per host, so no two workers ever crawl it at once.
The first line naming a host owns it; every later line of the same host is a job that is
already `failed` ("duplicate host"), as is a line that is not an http(s) URL or has an unknown
key. A failed job carries its reason and is never run; it still gets its manifest line.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields, replace
from typing import Any, get_args
from urllib.parse import urlsplit

from siteseer.algorithms import DISCOVERY_METHODS
from siteseer.choices import BatchTask
from siteseer.crawler import RenderMode

__all__ = ["BatchTask", "SiteJob", "TaskOptions", "host_file_name", "read_jobs"]

TASKS: tuple[str, ...] = get_args(BatchTask)
CHOICES: dict[str, tuple[str, ...]] = {
    "task": TASKS,
    "method": tuple(DISCOVERY_METHODS),
    "render": get_args(RenderMode),
}


@dataclass(frozen=True)
class TaskOptions:
    """One site's task and its settings (the single-site commands' options of the same name).

    - `task`: discover (from a sample entity page), explore (from a start page), templates
      (crawl up to `pages` pages and cluster them by template).
    - `method` (a name of `algorithms.DISCOVERY_METHODS`), `height`, `threshold`,
      `iterations`: discover's method and its parameters;
      `sitemaps`: with the site's sitemaps and feeds, as `siteseer discover` by default.
    - `entity_sample`, `max_depth`: explore's.
    - `render`, `budget`: the crawl (budget None: no limit).
    """

    task: BatchTask = "discover"
    method: str = "ssup"
    height: str = "2"
    threshold: float = 0.5
    iterations: int = 1
    sitemaps: bool = True
    entity_sample: str | None = None
    max_depth: int = 3
    pages: int = 200
    render: RenderMode = "auto"
    budget: int | None = None


OPTION_KEYS = frozenset(f.name for f in fields(TaskOptions))


@dataclass(frozen=True)
class SiteJob:
    """One input line: its number (from 1), the URL as given, its host (netloc), the task's
    options, and `failure` — the reason it will not run (None: it runs)."""

    line: int
    url: str
    host: str
    options: TaskOptions
    failure: str | None = None

    @property
    def key(self) -> str:
        """What resume matches a manifest line on: the task and the URL as given."""
        return f"{self.options.task} {self.url}"


def host_file_name(host: str) -> str:
    """A host as a file name: ``127.0.0.1:8001`` → ``127.0.0.1_8001``."""
    return "".join(c if c.isalnum() or c in ".-" else "_" for c in host) or "_"


def read_jobs(lines: list[str], defaults: TaskOptions) -> tuple[SiteJob, ...]:
    """The jobs of INPUT's lines (see the module docstring), duplicates of a host failed."""
    jobs: list[SiteJob] = []
    owner: dict[str, int] = {}
    for number, raw in enumerate(lines, start=1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        job = _job(number, text, defaults)
        if job.failure is None:
            first = owner.setdefault(job.host, number)
            if first != number:
                reason = f"duplicate host {job.host}: line {first} crawls it"
                job = replace(job, failure=reason)
        jobs.append(job)
    return tuple(jobs)


def _job(number: int, text: str, defaults: TaskOptions) -> SiteJob:
    if not text.startswith("{"):
        return _checked(SiteJob(number, text, "", defaults))
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        return SiteJob(number, text, "", defaults, failure=f"not a JSON object: {e}")
    except RecursionError:
        return SiteJob(number, text, "", defaults, failure="JSON nested too deeply to read")
    if not isinstance(record, dict) or not isinstance(record.get("url"), str):
        return SiteJob(number, text, "", defaults, failure='a JSON line needs a "url" string')
    url = record.pop("url")
    unknown = sorted(set(record) - OPTION_KEYS)
    if unknown:
        reason = f"unknown key {unknown[0]!r}; keys: url, {', '.join(sorted(OPTION_KEYS))}"
        return SiteJob(number, url, "", defaults, failure=reason)
    options = _override(defaults, record)
    if isinstance(options, str):
        return SiteJob(number, url, "", defaults, failure=options)
    return _checked(SiteJob(number, url, "", options))


def _override(defaults: TaskOptions, record: dict[str, Any]) -> TaskOptions | str:
    """`defaults` with the record's keys, or the reason a value cannot be used."""
    for key, choices in CHOICES.items():
        if key in record and record[key] not in choices:
            return f"{key} must be one of {', '.join(choices)}, not {record[key]!r}"
    for f in fields(TaskOptions):
        if f.name not in record:
            continue
        value, wanted = record[f.name], getattr(defaults, f.name)
        mismatch = wanted is not None and value is not None and type(value) is not type(wanted)
        if mismatch and not (isinstance(wanted, float) and isinstance(value, int)):
            return f"{f.name} must be a {type(wanted).__name__}, not {value!r}"
    return replace(defaults, **record)


def _checked(job: SiteJob) -> SiteJob:
    """`job` with its host, or failed when its URL is not an http(s) URL with a host."""
    parts = urlsplit(job.url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return replace(job, failure="not an http(s) URL")
    return replace(job, host=parts.netloc.lower())
