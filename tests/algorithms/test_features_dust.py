"""The DUST learner (pure): parameters that leave a page's content unchanged."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from siteseer.algorithms.features.dust import DustLearner, aliases, content_words

H = "http://127.0.0.2"
ROWS = "<html><body><h1>Planes</h1><table><tr><td>{rows}</td></tr></table></body></html>"


def _page(*rows: str) -> str:
    return ROWS.format(rows=" ".join(rows))


def test_content_words_are_the_shown_text() -> None:
    html = "<html><head><script>var x = 'hidden';</script><style>p{}</style></head>"
    html += "<body><p>N101 &amp; N102</p></body></html>"
    assert content_words(html) == {"n101", "n102"}


def test_a_parameter_that_changes_nothing_is_dust() -> None:
    learner = DustLearner()
    learner.observe_all(
        [
            (f"{H}/planes/show/1", _page("N101", "Boeing")),
            (f"{H}/planes/show/1?_flt_0_type=Fixed", _page("N101", "Boeing")),
            (f"{H}/planes/show/2?utm_source=list", _page("N102", "Airbus")),
            (f"{H}/planes/show/2", _page("N102", "Airbus")),
        ]
    )
    assert learner.params == {"_flt_0_type", "utm_source"}
    assert learner.canonical(f"{H}/planes/show/7?utm_source=x&a=1") == f"{H}/planes/show/7?a=1"
    assert learner.canonical(f"{H}/planes/show/7?_flt_0_type=Fixed") == f"{H}/planes/show/7"
    assert learner.canonical(f"{H}/planes/show/7") == f"{H}/planes/show/7"


def test_one_pair_that_differs_clears_a_parameter() -> None:
    # ?page=0 shows the first page again, ?page=1 the next rows: page names pages.
    learner = DustLearner()
    learner.observe_all(
        [
            (f"{H}/planes/list/", _page("N101", "N102")),
            (f"{H}/planes/list/?page=0", _page("N101", "N102")),
            (f"{H}/planes/list/?page=1", _page("N103", "N104")),
        ]
    )
    assert learner.params == frozenset()
    assert learner.canonical(f"{H}/planes/list/?page=0") == f"{H}/planes/list/?page=0"


def test_pages_of_other_paths_or_two_changes_teach_nothing() -> None:
    learner = DustLearner()
    learner.observe_all(
        [
            (f"{H}/a?x=1", _page("same")),
            (f"{H}/b?x=2", _page("same")),
            (f"{H}/a?y=1&z=2", _page("same")),
        ]
    )
    assert learner.params == frozenset()


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="min_pairs"):
        DustLearner(min_pairs=0)


def _words(text: str) -> frozenset[str]:
    return content_words(f"<html><body><p>{text}</p></body></html>")


RELEASE = "anyio 4.16.0 metadata and description high level concurrency " + " ".join(
    f"w{i}" for i in range(200)
)


def test_an_alias_linking_to_its_page_is_named_by_the_listed_url() -> None:
    latest, release, project = f"{H}/p/anyio/latest", f"{H}/p/anyio/4.16.0", f"{H}/p/anyio"
    contents = {
        # the same release page under two URLs; a status word changed between the two loads
        latest: _words(RELEASE + " status ok"),
        release: _words(RELEASE + " status degraded"),
        project: _words("anyio versions status ok"),
    }
    links = {latest: [release, project], release: [release, project], project: [latest]}
    listed = {release: 262, latest: 1}  # the index lists every release; the project one alias
    named = aliases(contents, links, lambda u: (listed.get(u, 0),))
    assert named == {latest: release, release: release, project: project}


def test_pages_that_do_not_link_to_each_other_or_differ_stay_apart() -> None:
    a, b, c = f"{H}/a", f"{H}/b", f"{H}/c"
    contents = {
        a: _words(RELEASE),
        b: _words(RELEASE),
        c: _words(RELEASE + " " + " ".join(f"x{i}" for i in range(10))),
    }
    # a and b show the same words but neither links to the other; c links to a but differs
    named = aliases(contents, {c: [a]}, lambda u: (0,))
    assert named == {a: a, b: b, c: c}


def test_ties_go_to_the_smallest_url() -> None:
    a, b = f"{H}/b", f"{H}/a"
    contents = {a: _words(RELEASE), b: _words(RELEASE)}
    assert aliases(contents, {a: [b]}, lambda u: (1,)) == {a: b, b: b}


def test_observe_all_stops_when_told_and_keeps_what_it_learned() -> None:
    seen: list[str] = []

    def stop() -> bool:
        return len(seen) >= 3

    def pages() -> Iterator[tuple[str, str]]:
        for url in (f"{H}/a", f"{H}/a?utm=1", f"{H}/a?utm=2", f"{H}/b?x=1"):
            seen.append(url)
            yield url, _page("same")

    learner = DustLearner()
    learner.observe_all(pages(), stop=stop)
    assert seen == [f"{H}/a", f"{H}/a?utm=1", f"{H}/a?utm=2"]  # the third never observed
    assert learner.params == {"utm"} and learner.words(f"{H}/a?utm=2") is None


def test_pairs_by_index_match_every_pair_below_the_sample() -> None:
    # value changes, a parameter added or dropped, two changes (no pair), other paths
    urls = [
        (f"{H}/l?p=1&s=a", "one"),
        (f"{H}/l?p=1&s=b", "one"),
        (f"{H}/l?p=1", "one"),
        (f"{H}/l?p=2&s=a", "two"),
        (f"{H}/l?p=3&s=b&t=x", "three"),
        (f"{H}/l/?p=3&s=b", "three"),
        (f"{H}/m?p=1", "one"),
    ]
    learner = DustLearner()
    learner.observe_all((url, _page(text)) for url, text in urls)
    assert learner.params == {"s", "t"}
    assert learner.words(f"{H}/l?p=1") == _words("one") | {"planes"}
