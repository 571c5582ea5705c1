"""Session-id stripping and the spider-trap guards: pure functions on hand-written URLs."""

from __future__ import annotations

from typing import Any

import pytest

from siteseer.crawler import SessionConfig, SpiderTrap, canonical_url
from siteseer.crawler.urls import (
    DEFAULT_MAX_PATH_DEPTH,
    DEFAULT_MAX_SEGMENT_REPEATS,
    DEFAULT_MAX_URL_LENGTH,
    DEFAULT_MAX_URLS_PER_PATTERN,
    SESSION_PARAMS,
    TrapGuard,
    TrapLimits,
    is_session_param,
    static_trap,
    strip_session_ids,
)

OFF = TrapLimits(None, None, None, None)

# -- session ids ----------------------------------------------------------------------------


def test_jsessionid_path_parameter_dropped_other_path_parameters_kept() -> None:
    assert canonical_url("http://h.com/Articles/X;jsessionid=AB12CD?page=2") == (
        "http://h.com/Articles/X?page=2"
    )
    assert canonical_url("http://h.com/a;JSessionID=1/b;v=2;sid=3") == "http://h.com/a/b;v=2"
    assert canonical_url("http://h.com/p;jsessionid") == "http://h.com/p"
    assert canonical_url("http://h.com/p;version=2") == "http://h.com/p;version=2"


@pytest.mark.parametrize(
    "name",
    ["sid", "SID", "sessionid", "SessionId", "session_id", "PHPSESSID", "jsessionid", "sessid"],
)
def test_session_query_parameters_dropped_case_insensitively(name: str) -> None:
    url = f"http://h.com/Search?Q=Shoes&{name}=9f8e&page=2"
    assert canonical_url(url) == "http://h.com/Search?Q=Shoes&page=2"


def test_asp_session_ids_match_by_prefix() -> None:
    assert is_session_param("ASPSESSIONIDQASDTRCB")
    assert canonical_url("http://h.com/p?ASPSESSIONIDSQAB=KL&id=7") == "http://h.com/p?id=7"


def test_other_parameters_untouched() -> None:
    # Names that merely contain a session name, and values that look like ids, stay.
    url = "http://h.com/p?sidebar=1&side=L&user_sid_hint=x&q=sid%3D4&Tab=Open"
    assert (
        canonical_url(url) == "http://h.com/p?Tab=Open&q=sid%3D4&side=L&sidebar=1&user_sid_hint=x"
    )
    assert not is_session_param("sidebar") and not is_session_param("")


def test_only_session_arguments_gives_no_query() -> None:
    assert (
        canonical_url("http://h.com/calendar/2025/03?sid=0a1b") == "http://h.com/calendar/2025/03"
    )
    assert canonical_url("http://h.com/?sid=1&SID=2") == "http://h.com/"


def test_strip_session_ids_keeps_order_and_encoding() -> None:
    assert strip_session_ids("/a%20b;jsessionid=Z", "b=2&sid=1&a=%41") == ("/a%20b", "b=2&a=%41")
    assert strip_session_ids("/x;sid=1", "sid=1", ()) == ("/x;sid=1", "sid=1")


def test_session_params_configurable() -> None:
    assert canonical_url("http://h.com/p?sid=1&tok=2", session_params=("tok",)) == (
        "http://h.com/p?sid=1"
    )
    assert canonical_url("http://h.com/p;jsessionid=1?sid=2", session_params=()) == (
        "http://h.com/p;jsessionid=1?sid=2"
    )
    assert SessionConfig().session_params == SESSION_PARAMS
    assert SessionConfig(session_params=["tok"]).session_params == ("tok",)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="session_params"):
        SessionConfig(session_params="sid")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="session_params"):
        SessionConfig(session_params=("*",))


def test_relative_links_with_session_ids_resolve_to_one_url() -> None:
    base = "http://h.com/articles;jsessionid=AAA"
    assert canonical_url("/articles/x;jsessionid=BBB", base) == "http://h.com/articles/x"
    assert canonical_url("x;jsessionid=CCC", base) == "http://h.com/x"


# -- guards ---------------------------------------------------------------------------------


def test_defaults_are_the_named_constants() -> None:
    limits = SessionConfig().trap_limits
    assert limits == TrapLimits(
        DEFAULT_MAX_URL_LENGTH,
        DEFAULT_MAX_PATH_DEPTH,
        DEFAULT_MAX_SEGMENT_REPEATS,
        DEFAULT_MAX_URLS_PER_PATTERN,
    )
    assert (DEFAULT_MAX_URL_LENGTH, DEFAULT_MAX_PATH_DEPTH) == (2000, 16)
    assert (DEFAULT_MAX_SEGMENT_REPEATS, DEFAULT_MAX_URLS_PER_PATTERN) == (3, 10_000)


@pytest.mark.parametrize(
    "name", ["max_url_length", "max_path_depth", "max_segment_repeats", "max_urls_per_pattern"]
)
def test_limits_validated(name: str) -> None:
    for bad in (0, -1, True, 2.5):
        bad_kwargs: dict[str, Any] = {name: bad}
        with pytest.raises(ValueError, match=name):
            SessionConfig(**bad_kwargs)
    off: dict[str, Any] = {name: None}
    assert getattr(SessionConfig(**off).trap_limits, name) is None


def test_url_length_guard() -> None:
    limits = TrapLimits(max_url_length=40, max_path_depth=None, max_segment_repeats=None)
    fits = "http://h.com/" + "a" * 27
    assert len(fits) == 40 and static_trap(fits, limits) is None
    found = static_trap(fits + "b", limits)
    assert found is not None and found[0] == "url-length" and "41 characters" in found[1]


def test_path_depth_guard_counts_non_empty_segments() -> None:
    limits = TrapLimits(max_path_depth=3, max_segment_repeats=None)
    assert static_trap("http://h.com/a/b/c/", limits) is None
    assert static_trap("http://h.com/a//b/c", limits) is None
    found = static_trap("http://h.com/a/b/c/d", limits)
    assert found is not None and found[0] == "path-depth" and "4 path segments" in found[1]


def test_segment_repeats_guard() -> None:
    limits = TrapLimits(max_segment_repeats=2)
    assert static_trap("http://h.com/a/b/a/b", limits) is None
    found = static_trap("http://h.com/a/b/a/b/a/b", limits)
    assert found == ("segment-repeats", "path segment 'b' 3 times (limit 2)")
    assert static_trap("http://h.com/x/x/x", limits) is not None
    # The query does not count, nor do dates whose parts coincide under the default limit.
    assert static_trap("http://h.com/p?a=a&a=a&a=a", limits) is None
    assert static_trap("http://h.com/calendar/2001/01/01", SessionConfig().trap_limits) is None


def test_guards_off() -> None:
    assert static_trap("http://h.com/" + "a/" * 500, OFF) is None


def test_pattern_cap_counts_distinct_urls_per_pattern_and_host() -> None:
    guard = TrapGuard(TrapLimits(max_urls_per_pattern=3))
    for day in (1, 2, 3):
        guard.admit(f"http://h.com/calendar/2025/03/{day:02d}")
    guard.admit("http://h.com/calendar/2025/03/01")  # admitted before: still admitted
    with pytest.raises(SpiderTrap) as info:
        guard.admit("http://h.com/calendar/2025/03/04")
    assert info.value.rule == "pattern-cap"
    assert "max_urls_per_pattern" in str(info.value) and "/calendar/#/#/#" in str(info.value)
    # Another pattern, another host: counted apart.
    guard.admit("http://h.com/calendar/2025/03")
    guard.admit("http://other.com/calendar/2025/03/04")
    assert guard.admitted("http://h.com/calendar/#/#/#") == 3
    assert guard.admitted("http://h.com/calendar/#/#") == 1


def test_guard_raises_for_static_rules_without_counting() -> None:
    guard = TrapGuard(TrapLimits(max_path_depth=2, max_urls_per_pattern=1))
    with pytest.raises(SpiderTrap) as info:
        guard.admit("http://h.com/1/2/3")
    assert info.value.rule == "path-depth" and "max_path_depth" in str(info.value)
    guard.admit("http://h.com/1/2")  # the refused URL took no place in its pattern
    guard_off = TrapGuard(OFF)
    for n in range(5000):
        guard_off.admit(f"http://h.com/{n}")
