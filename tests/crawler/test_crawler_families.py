"""URL families and the trap guard's counts per family: pure functions on hand-written URLs."""

from __future__ import annotations

from collections import Counter
from datetime import date, timedelta

import pytest
from crawler_fakes import FakeFetcher, fast_config, html_page

from siteseer.crawler import (
    BudgetExhausted,
    PageCapReached,
    Session,
    SessionConfig,
    SpiderTrap,
    TrapStop,
)
from siteseer.crawler.families import (
    CODE_SAMPLE,
    Families,
    FamilyCount,
    base26,
    counter_word,
    generalise,
    is_counter,
)
from siteseer.crawler.urls import (
    DEFAULT_MAX_URLS_PER_MULTI_PATTERN,
    DEFAULT_MAX_URLS_PER_PATTERN,
    TrapGuard,
    TrapLimits,
)
from siteseer.render import Snapshot
from siteseer.settings import Settings, load_settings


def admit_all(guard: TrapGuard, urls: list[str]) -> Counter[str]:
    """How many of `urls` the guard admitted ("ok") and refused, by rule."""
    seen: Counter[str] = Counter()
    for url in urls:
        try:
            guard.admit(url)
            seen["ok"] += 1
        except SpiderTrap as e:
            seen[e.rule] += 1
    return seen


# -- families -------------------------------------------------------------------------------------


def test_every_digit_run_is_a_slot() -> None:
    member = generalise("http://h.com:8080/calendar/2025/03/14?date=2024-03-17&page=2")
    assert member.family == "http://h.com:8080/calendar/#/#/#?date=#-#-#&page=#"
    assert member.slots == ("2025", "03", "14", "2024", "03", "17", "2")
    assert generalise("http://h.com/about").family == "http://h.com/about"
    assert generalise("http://h.com/").slots == ()


def test_month_names_are_slots_in_any_spelling() -> None:
    march = generalise("http://h.com/archive/march/2024")
    april = generalise("http://h.com/archive/Apr/2023")
    assert march.family == april.family == "http://h.com/archive/{month}/#"
    assert (march.slots, april.slots) == (("3", "2024"), ("4", "2023"))
    assert generalise("http://h.com/p?month=DEC").family == "http://h.com/p?month={month}"
    # Words that only start like a month stay words.
    assert generalise("http://h.com/marching/band").family == "http://h.com/marching/band"


def test_base26_orders_words_by_length_then_letters() -> None:
    assert [base26(w) for w in ("a", "z", "aa", "az", "ba", "zz", "aaa")] == [
        1,
        26,
        27,
        52,
        53,
        702,
        703,
    ]
    assert base26("ABC") == base26("abc")
    assert [base26(w, zero=True) for w in ("a", "z", "ba", "zz", "baa")] == [0, 25, 26, 675, 676]


def test_a_run_of_letter_codes_is_a_counter_a_vocabulary_is_not() -> None:
    assert is_counter(counter_word(n) for n in range(CODE_SAMPLE))
    assert is_counter(counter_word(n) for n in range(676, 676 + 60))  # baa, bab, …
    assert is_counter(counter_word(n) for n in range(660, 660 + 30))  # … zy, zz, baa, bab: a carry
    assert is_counter(f"{chr(96 + n)}" for n in range(1, 27)) is False  # a … z: too few
    assert not is_counter(counter_word(n) for n in range(CODE_SAMPLE - 1))  # too few to tell
    languages = "en de fr es it pt nl sv da fi no pl cs sk hu ro bg el tr ru uk et lv lt sl hr sr"
    languages += " ja zh ko is ga"
    assert len(languages.split()) >= CODE_SAMPLE and not is_counter(languages.split())
    words = "apple pear plum fig lime kiwi date grape mango peach melon berry cherry"
    words += " lemon guava papaya quince olive nut bean corn rice wheat oat rye barley"
    words += " millet sorghum hemp flax"
    assert len(words.split()) >= CODE_SAMPLE and not is_counter(words.split())


def test_a_letter_coded_position_becomes_a_placeholder_once_seen_as_a_counter() -> None:
    families = Families()
    # Days from zk on, across the carry from zz to baa.
    members = [families.member(f"http://h.com/diary/{counter_word(n)}") for n in range(660, 700)]
    # The first words are their own URLs until the position reads as a counter.
    assert members[0].family == "http://h.com/diary/zk"
    assert members[-1].family == "http://h.com/diary/*"
    assert members[-1].slots == (counter_word(699),) and members[-1].coded == frozenset({0})
    # Another shape (its own prefix) is judged apart; query values are positions too.
    assert families.member("http://h.com/log/baa").family == "http://h.com/log/baa"
    coded = [families.member(f"http://h.com/day?d={counter_word(n).upper()}") for n in range(40)]
    assert coded[-1].family == "http://h.com/day?d=*"


def test_words_and_mixed_case_tokens_never_become_a_family() -> None:
    families = Families()
    titles = ["Apple", "Banana", "Cherry", "Damson", "Elder", "Feijoa"] * 10
    slugs = [f"{t.lower()}{chr(ord('a') + i % 26)}" for i, t in enumerate(titles)]
    for word in titles + slugs:
        assert families.member(f"http://h.com/wiki/{word}").family == f"http://h.com/wiki/{word}"
    # base64 row keys (real-sqliteweb's) are mixed-case and carry digits: small families.
    assert families.member("http://h.com/t/row/WzFd/").family == "http://h.com/t/row/WzFd/"


def test_varying_positions_are_counted_against_the_first_member() -> None:
    first = generalise("http://h.com/v2/items/7")
    count = FamilyCount(first.slots)
    count.add(first)
    assert count.varying_with(generalise("http://h.com/v2/items/8")) == (1, False)
    count.add(generalise("http://h.com/v2/items/8"))
    assert count.varying == {1} and count.urls == 2
    day = FamilyCount(("2025", "03", "14"))
    assert day.varying_with(generalise("http://h.com/c/2025/04/01")) == (2, False)


# -- the guard's caps per family ------------------------------------------------------------------


def test_defaults_here_and_in_the_settings_table() -> None:
    settings = Settings().config
    assert settings.max_urls_per_pattern == DEFAULT_MAX_URLS_PER_PATTERN
    assert settings.max_urls_per_multi_pattern == DEFAULT_MAX_URLS_PER_MULTI_PATTERN
    assert settings.page_cap == 20_000
    values = load_settings({"page_cap": 0, "max_urls_per_pattern": 0})[0].config
    assert values.page_cap is None and values.max_urls_per_pattern is None
    assert values.max_urls_per_multi_pattern == 1_000
    limits = SessionConfig().trap_limits
    assert limits.max_urls_per_pattern == DEFAULT_MAX_URLS_PER_PATTERN == 10_000
    assert limits.max_urls_per_multi_pattern == DEFAULT_MAX_URLS_PER_MULTI_PATTERN == 1_000
    assert SessionConfig().page_cap is None
    with pytest.raises(ValueError, match="max_urls_per_multi_pattern"):
        SessionConfig(max_urls_per_multi_pattern=0)
    with pytest.raises(ValueError, match="page_cap"):
        SessionConfig(page_cap=0)


def test_a_grid_stops_per_spelling_at_the_multi_position_cap() -> None:
    guard = TrapGuard(TrapLimits(max_urls_per_pattern=None, max_urls_per_multi_pattern=50))
    urls = [
        url
        for i in range(20)
        for j in range(20)
        for url in (f"http://h.com/g/{i}/{j}", f"http://h.com/g/{i}/{j}/detail")
    ]
    seen = admit_all(guard, urls)
    assert seen == Counter({"ok": 100, "multi-pattern-cap": 700})
    stop = guard.stops["http://h.com/g/#/#"]
    assert (stop.urls, stop.positions, stop.lettered, stop.rule, stop.limit) == (
        50,
        2,
        False,
        "multi-pattern-cap",
        50,
    )
    assert stop.describe() == (
        "the URL family http://h.com/g/#/# stopped after 50 URLs (varies in 2 positions; "
        "--max-urls-per-multi-pattern lifts it)"
    )
    assert list(guard.stops) == ["http://h.com/g/#/#", "http://h.com/g/#/#/detail"]


def test_a_letter_coded_diary_stops_at_the_multi_position_cap() -> None:
    guard = TrapGuard(TrapLimits(max_urls_per_multi_pattern=100))
    seen = admit_all(guard, [f"http://h.com/diary/{counter_word(n)}" for n in range(2000)])
    # The words before the position read as a counter were admitted as URLs of their own.
    assert seen["ok"] == 100 + CODE_SAMPLE - 1
    stop = guard.stops["http://h.com/diary/*"]
    assert stop.lettered and stop.positions == 1
    assert "one a letter-coded counter" in stop.describe()


def test_default_caps_keep_a_large_family_of_one_position_whole() -> None:
    guard = TrapGuard(TrapLimits())
    urls = [
        url
        for n in range(3500)
        for url in (f"http://h.com/row/{n}/", f"http://h.com/list?page={n}", f"http://h.com/p/{n}")
    ]
    # A category id that never changes, with its pages: one position varies.
    urls += [f"http://h.com/c/7/shoes?page={n}" for n in range(1500)]
    assert admit_all(guard, urls) == Counter({"ok": len(urls)})
    assert guard.stops == {}
    assert guard.admitted("http://h.com/row/#/") == 3500


def test_a_calendar_stops_at_the_lower_of_both_caps() -> None:
    first = date(2020, 1, 1)
    days = [f"http://h.com/cal/{first + timedelta(days=d):%Y/%m/%d}" for d in range(3000)]
    default = TrapGuard(TrapLimits())
    assert admit_all(default, days)["ok"] == DEFAULT_MAX_URLS_PER_MULTI_PATTERN
    lower = TrapGuard(TrapLimits(max_urls_per_pattern=25))
    assert admit_all(lower, days) == Counter({"ok": 25, "pattern-cap": 2975})
    assert lower.stops["http://h.com/cal/#/#/#"].rule == "pattern-cap"


def test_an_admitted_url_stays_admitted_after_its_family_stopped() -> None:
    guard = TrapGuard(TrapLimits(max_urls_per_multi_pattern=2))
    guard.admit("http://h.com/g/0/0")
    guard.admit("http://h.com/g/1/1")
    with pytest.raises(SpiderTrap) as info:
        guard.admit("http://h.com/g/2/2")
    assert "max_urls_per_multi_pattern" in str(info.value)
    guard.admit("http://h.com/g/0/0")
    assert guard.admitted("http://h.com/g/#/#") == 2


# -- in a Session ---------------------------------------------------------------------------------


async def test_a_session_names_each_family_stopped_once(caplog: pytest.LogCaptureFixture) -> None:
    grid = {
        f"http://site.test/g/{i}/{j}": html_page(f"{i},{j}", ()) for i in range(4) for j in range(4)
    }
    fetcher = FakeFetcher(grid)
    config = fast_config(render="never", max_urls_per_multi_pattern=5)
    stopped: list[TrapStop] = []
    async with Session(config, fetcher=fetcher) as session:
        session.events.on("trap", stopped.append)
        answers = await session.pages(list(grid))
        assert sum(isinstance(a, Snapshot) for a in answers) == 5
        assert all(isinstance(a, SpiderTrap) for a in answers[5:])
        assert list(session.trap_stops) == ["http://site.test/g/#/#"]
    assert [(s.family, s.urls, s.positions) for s in stopped] == [("http://site.test/g/#/#", 5, 2)]
    warnings = [r.getMessage() for r in caplog.records if "spider trap" in r.getMessage()]
    assert warnings == [f"spider trap: {stopped[0].describe()}; its other URLs are skipped"]


async def test_the_page_cap_bounds_a_session_without_a_budget() -> None:
    pages = {f"http://site.test/{n}": html_page(str(n), ()) for n in range(6)}
    async with Session(fast_config(render="never", page_cap=4), fetcher=FakeFetcher(pages)) as s:
        answers = await s.pages(list(pages))
        capped = [a for a in answers if isinstance(a, PageCapReached)]
        assert len(capped) == 2 and isinstance(capped[0], BudgetExhausted)
        assert "page cap of 4 page loads" in str(capped[0]) and "--page-cap" in str(capped[0])
        assert capped[0].reason.startswith("budget spent") and s.budget_left is None
        assert s.cost().downloads == 4
    # A budget replaces the cap: the run is bounded by what it was given.
    budgeted = fast_config(render="never", page_cap=4, budget=5)
    async with Session(budgeted, fetcher=FakeFetcher(pages)) as s:
        answers = await s.pages(list(pages))
        assert [type(a).__name__ for a in answers[4:]] == ["Snapshot", "BudgetExhausted"]
