"""The DUST learner (pure): parameters that leave a page's content unchanged."""

from __future__ import annotations

import pytest

from algorithms.features.dust import DustLearner, content_words

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
