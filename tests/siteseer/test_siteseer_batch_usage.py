"""A batch worker's CPU and memory: /proc/PID/stat parsed, the process tree summed."""

from __future__ import annotations

import subprocess
import sys
import time

from siteseer.batch import worker_usage
from siteseer.batch.usage import child_pids, parse_stat

# utime 150 + stime 50 + reaped children's 7 + 3 ticks, rss 2560 pages; the name holds a
# space and parentheses
STAT = "4242 (Web Content (x)) S 17 4242 4242 0 -1 4194560 900 0 0 0 150 50 7 3 20 0 9 0 " + (
    "1234 123456789 2560 18446744073709551615 1 1 0 0 0 0 0 4096 0 0 0 0 17 1 0 0 0 0 0"
)


def test_a_stat_line_gives_parent_cpu_ticks_and_resident_pages() -> None:
    assert parse_stat(STAT) == (17, 210, 2560)
    assert parse_stat("12 (cut short) S") is None


def test_a_workers_usage_counts_the_processes_it_started() -> None:
    alone = worker_usage()
    hog = "b = bytearray(200 * 2**20); import time; time.sleep(30)"  # 200 MB resident
    child = subprocess.Popen([sys.executable, "-c", hog])
    try:
        deadline = time.monotonic() + 20
        while (grown := worker_usage()).rss_mb < alone.rss_mb + 150:
            assert time.monotonic() < deadline, f"the child's memory was not counted: {grown}"
            time.sleep(0.1)
        # a child that ends, waited for, leaves its time to its parent: the figure only grows
        burn = "import time; t = time.process_time() + 0.3\nwhile time.process_time() < t: pass"
        subprocess.run([sys.executable, "-c", burn], check=True)
        assert worker_usage().cpu_seconds >= grown.cpu_seconds + 0.25
    finally:
        child.kill()
        child.wait()
    assert grown.cpu_seconds >= alone.cpu_seconds > 0


def test_children_left_out_are_not_counted() -> None:
    hog = "b = bytearray(200 * 2**20); import time; time.sleep(30)"  # 200 MB resident
    child = subprocess.Popen([sys.executable, "-c", hog])
    try:
        deadline = time.monotonic() + 20
        while worker_usage().rss_mb < worker_usage(leave_out={child.pid}).rss_mb + 150:
            assert time.monotonic() < deadline, "the child's memory was never counted"
            time.sleep(0.1)
        assert child.pid in child_pids()
        assert worker_usage(leave_out=child_pids()).rss_mb < worker_usage().rss_mb - 150
    finally:
        child.kill()
        child.wait()
