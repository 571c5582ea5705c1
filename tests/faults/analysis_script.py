"""A long analysis to interrupt: `python analysis_script.py N` runs the command line's own run
plumbing (siteseer.commandline.base.run, a watched Session with a Halt, as every crawling command
has) around a method run whose DUST learning compares N generated pages pairwise (no sampling:
minutes of CPU on the event loop for N in the tens of thousands). It prints "analysing" when the
analysis starts, and exits as the command line does: 0, 1 or 130 (incomplete), 143 (SIGTERM)."""

from __future__ import annotations

import sys

import click

from siteseer.algorithms.features.dust import DustLearner
from siteseer.algorithms.run import Run
from siteseer.commandline.base import exit_if_incomplete, run
from siteseer.crawler import Halt, SessionConfig
from siteseer.sessions import watched_session


async def analyse(count: int) -> tuple[bool, str]:
    async with watched_session(SessionConfig(render="never"), "analysis", halt=Halt()) as session:
        method = Run(session)
        learner = DustLearner(per_param=count)  # every pair: the learning as it was, quadratic
        pages = (
            (f"http://127.0.0.1:9/list?page={i % 7}&view={i}", f"<p>page {i % 7}</p>")
            for i in range(count)
        )
        print("analysing", flush=True)
        learner.observe_all(pages, stop=method.stopping)
        if method.stopping():
            method.unfinished(method.halt.reason if method.halt else "")
        return method.complete, method.reason


def main() -> None:
    try:
        complete, reason = run(analyse(int(sys.argv[1])))
        exit_if_incomplete(complete, reason)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)


if __name__ == "__main__":
    main()
