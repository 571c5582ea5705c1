"""The safety rule for requests sent while our actions run (render/effects.py), as pure functions."""

from __future__ import annotations

import pytest

from siteseer.render.effects import destructive_word, effect_refusal, endpoint

READS = {"http://h/graphql", "http://h/_dash-update-component"}


@pytest.mark.parametrize("method", ["PUT", "PATCH", "DELETE", "put"])
def test_state_changing_methods_are_always_refused(method: str) -> None:
    assert effect_refusal(method, "http://h/graphql", "XHR", READS, form_post=True)


def test_beacons_are_refused_whatever_their_endpoint() -> None:
    assert effect_refusal("POST", "http://h/graphql", "Ping", READS)


def test_a_post_goes_only_to_the_pages_own_read_channel() -> None:
    assert effect_refusal("POST", "http://h/graphql?op=q", "Fetch", READS) is None
    assert effect_refusal("POST", "http://h/_dash-update-component", "XHR", READS) is None
    assert effect_refusal("POST", "http://h/settings", "XHR", READS)
    assert effect_refusal("POST", "http://other/graphql", "XHR", READS)


def test_a_form_submission_of_our_fill_submit_may_post() -> None:
    assert effect_refusal("POST", "http://h/search", "Document", set(), form_post=True) is None
    assert effect_refusal("POST", "http://h/search", "Document", set())
    assert effect_refusal("POST", "http://h/search", "XHR", set(), form_post=True)


@pytest.mark.parametrize(
    "url",
    [
        "http://h/items/7/delete",
        "http://h/items?action=delete",
        "http://h/items?do=destroy",
        "http://h/x?op=Purge",
        "http://h/x?deleteItem=3",
        "http://h/tags/REMOVE",
        "http://h/x?cmd=drop_table",
        "http://h/library/lab/clear_cache",
        "http://h/admin/cache/flush",
        "http://h/x?do=ResetSession",
    ],
)
def test_gets_whose_address_says_delete_are_refused(url: str) -> None:
    assert destructive_word(url)
    assert effect_refusal("GET", url, "Document", set())


@pytest.mark.parametrize(
    "url",
    [
        "http://h/shop?colour=red",
        "http://h/ui/dropdown",
        "http://h/backdrop.css",
        "http://h/tags/clear-sky",
        "http://h/docs/cache.html",
        "http://h/docs/cache/index.html",
    ],
)
def test_other_gets_go_on(url: str) -> None:
    assert effect_refusal("GET", url, "Script", set()) is None


def test_an_endpoint_is_the_url_without_query() -> None:
    assert endpoint("http://h:8/a/b?x=1#f") == "http://h:8/a/b"
    assert endpoint("http://h") == "http://h/"
