"""The follow-links reference crawl on the spider trap ends by itself and finds every article."""

from __future__ import annotations

from collections.abc import Callable

from siteseer.crawler import Session, SessionConfig, SpiderTrap
from siteseer.lab import LabServer
from siteseer.lab.runners.reference import follow_links, page_cap
from siteseer.render import Snapshot

LabFactory = Callable[[str], LabServer]

PATTERN_CAP = 25  # calendar days and calendar months each stop after this many URLs


async def test_follow_links_on_the_trap_terminates_without_a_budget(lab: LabFactory) -> None:
    server = lab("trap")
    truth = server.truth("trap")
    articles = set(truth.entities["article"])
    # Real pages (home, about, article index, articles) plus, per calendar pattern
    # (/calendar/#/# months and /calendar/#/#/# days), at most PATTERN_CAP URLs.
    bound = len(truth.templates) + 2 * PATTERN_CAP
    assert bound < page_cap(truth)  # the guards stop the crawl, not the method's own cap

    config = SessionConfig(render="never", budget=None, max_urls_per_pattern=PATTERN_CAP)
    downloaded: list[str] = []
    skips: list[tuple[str, str]] = []
    async with Session(config) as session:

        def on_page(snapshot: Snapshot, cached: bool) -> None:
            if not cached:
                downloaded.append(snapshot.url)

        session.events.on("page", on_page)
        session.events.on("skip", lambda url, reason: skips.append((url, reason)))
        run = await follow_links(session, truth)
        cost = session.cost()

    assert run.complete, run.result.reason
    assert articles <= set(run.found)
    # Every URL downloaded once, none of them under a session id.
    assert len(downloaded) == len(set(downloaded)) == cost.downloads
    assert not [u for u in downloaded if "jsessionid" in u.lower() or "sid=" in u.lower()]
    assert cost.downloads <= bound
    assert set(truth.templates) <= set(downloaded)
    calendar = [u for u in downloaded if "/calendar/" in u]
    assert len(calendar) == 2 * PATTERN_CAP
    # The calendar beyond the cap is refused by the guard and reported as skips.
    assert skips and all("pattern-cap" in reason for _, reason in skips)
    assert all("/calendar/" in url for url, _ in skips)
    assert run.extra["skipped"] == len(skips) and run.extra["failed"] == 0


async def test_trap_guard_refusal_is_a_spider_trap_error(lab: LabFactory) -> None:
    server = lab("trap")
    base = server.url("trap")
    config = SessionConfig(render="never", max_urls_per_pattern=2)
    async with Session(config) as session:
        first = await session.pages(
            [f"{base}/calendar/2025/03/14;jsessionid=AB12", f"{base}/calendar/2025/03/15?sid=ff"]
        )
        assert [s.url for s in first if isinstance(s, Snapshot)] == [
            f"{base}/calendar/2025/03/14",
            f"{base}/calendar/2025/03/15",
        ]
        again = await session.page(f"{base}/calendar/2025/03/14?sid=0123")
        assert again.url == f"{base}/calendar/2025/03/14"
        refused = await session.pages([f"{base}/calendar/2025/03/16"])
        assert isinstance(refused[0], SpiderTrap) and refused[0].rule == "pattern-cap"
        assert session.cost().downloads == 2


async def test_static_guards_skip_before_any_download(lab: LabFactory) -> None:
    base = lab("trap").url("trap")
    config = SessionConfig(render="never", max_url_length=200, max_path_depth=8)
    skips: list[tuple[str, str]] = []
    async with Session(config) as session:
        session.events.on("skip", lambda url, reason: skips.append((url, reason)))
        answers = await session.pages(
            [
                f"{base}/articles/" + "x" * 200,
                f"{base}/a/b/c/d/e/f/g/h/i",
                f"{base}/about/x/about/x/about/x/about",
                f"{base}/about;jsessionid=0F",
            ]
        )
        rules = [a.rule if isinstance(a, SpiderTrap) else a for a in answers[:3]]
        assert rules == ["url-length", "path-depth", "segment-repeats"]
        about = answers[3]
        assert isinstance(about, Snapshot) and about.url == f"{base}/about" and about.ok
        assert session.cost().downloads == 1
    assert [url for url, _ in skips] == [
        f"{base}/articles/" + "x" * 200,
        f"{base}/a/b/c/d/e/f/g/h/i",
        f"{base}/about/x/about/x/about/x/about",
    ]
    assert "max_url_length" in skips[0][1] and "likely spider trap" in skips[0][1]
