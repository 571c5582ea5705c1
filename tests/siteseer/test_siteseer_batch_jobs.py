"""INPUT's lines as site jobs: text and JSON lines, per-line options, bad lines, duplicates."""

from __future__ import annotations

from siteseer.batch import TaskOptions, read_jobs

DEFAULTS = TaskOptions(task="discover", budget=50)


def test_text_lines_are_jobs_with_the_command_lines_options() -> None:
    jobs = read_jobs(
        ["http://127.0.0.1:8001/a", "", "# a comment", "http://127.0.0.1:8002/"], DEFAULTS
    )
    assert [(j.line, j.host, j.failure) for j in jobs] == [
        (1, "127.0.0.1:8001", None),
        (4, "127.0.0.1:8002", None),
    ]
    assert all(j.options == DEFAULTS for j in jobs)


def test_a_json_lines_keys_override_the_command_line() -> None:
    line = '{"url": "http://127.0.0.1:8001/", "task": "explore", "max_depth": 1, "render": "never"}'
    (job,) = read_jobs([line], DEFAULTS)
    assert job.failure is None
    assert job.options == TaskOptions(task="explore", max_depth=1, render="never", budget=50)
    assert job.key == "explore http://127.0.0.1:8001/"


def test_bad_lines_fail_with_a_reason() -> None:
    lines = [
        "not a url",
        "ftp://127.0.0.1/x",
        "{not json",
        '{"task": "discover"}',
        '{"url": "http://127.0.0.1:1/", "colour": "red"}',
        '{"url": "http://127.0.0.1:2/", "task": "dance"}',
        '{"url": "http://127.0.0.1:3/", "budget": "lots"}',
    ]
    reasons = [job.failure for job in read_jobs(lines, DEFAULTS)]
    assert reasons[0] == reasons[1] == "not an http(s) URL"
    assert reasons[2] is not None and reasons[2].startswith("not a JSON object")
    assert reasons[3] == 'a JSON line needs a "url" string'
    assert reasons[4] is not None and reasons[4].startswith("unknown key 'colour'")
    assert reasons[5] == "task must be one of discover, explore, templates, not 'dance'"
    assert reasons[6] == "budget must be a int, not 'lots'"


def test_a_host_listed_twice_runs_once() -> None:
    lines = ["http://127.0.0.1:8001/a", "http://127.0.0.1:8001/b", "HTTP://127.0.0.1:8001/a"]
    jobs = read_jobs(lines, DEFAULTS)
    assert jobs[0].failure is None
    assert jobs[1].failure == jobs[2].failure == "duplicate host 127.0.0.1:8001: line 1 crawls it"
