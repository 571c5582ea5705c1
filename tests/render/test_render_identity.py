"""render.identity: which cookies a request carries, what a browser context is opened with."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from siteseer.render import Identity
from siteseer.render.identity import StoredCookie


def test_stored_cookies_match_domain_path_scheme_and_expiry() -> None:
    cookie = StoredCookie("s", "1", ".shop.test", path="/account", secure=True, expires=100.0)
    assert cookie.matches("https://www.shop.test/account/orders", now=50)
    assert cookie.matches("https://shop.test/account", now=50)
    assert not cookie.matches("https://shop.test/accounting", now=50)
    assert not cookie.matches("http://shop.test/account", now=50)  # secure: https only
    assert not cookie.matches("https://evilshop.test/account", now=50)
    assert not cookie.matches("https://shop.test/account", now=150)  # expired


def test_request_headers_and_context_options(tmp_path: Path) -> None:
    state = tmp_path / "state.json"
    state.write_text(
        json.dumps({"cookies": [{"name": "sid", "value": "x", "domain": "127.0.0.1"}]}), "utf-8"
    )
    identity = Identity.load(
        user_agent="Bot/2",
        headers=(("X-A", "1"),),
        cookies=(("lang", "et"),),
        proxy="http://127.0.0.1:3128",
        storage_state=state,
    )
    assert identity.request_headers("http://127.0.0.1:8000/p") == {
        "X-A": "1",
        "Cookie": "sid=x; lang=et",
    }
    assert identity.request_headers("http://localhost:8000/p")["Cookie"] == "lang=et"
    assert identity.context_options() == {
        "user_agent": "Bot/2",
        "proxy": {"server": "http://127.0.0.1:3128"},
        "storage_state": str(state),
    }
    assert identity.browser_cookies("http://127.0.0.1:8000/p?q=1") == [
        {"name": "lang", "value": "et", "url": "http://127.0.0.1:8000"}
    ]
    assert Identity().request_headers("http://127.0.0.1/") == {}


@pytest.mark.parametrize("text", ["not json", '{"origins": []}', '{"cookies": [{"name": "a"}]}'])
def test_a_bad_storage_state_is_a_value_error(tmp_path: Path, text: str) -> None:
    state = tmp_path / "state.json"
    state.write_text(text, "utf-8")
    with pytest.raises(ValueError, match=r"storage state|cookie"):
        Identity.load(storage_state=state)
