"""Canonicalisation and scope: pure functions on hand-written URLs."""

from __future__ import annotations

import pytest

from siteseer.crawler import InvalidURL, Scope, canonical_url, host_of
from siteseer.crawler.urls import is_loopback


def test_path_and_query_keep_their_case() -> None:
    assert canonical_url("http://h.com/Drivers/Hamilton?Team=McLaren") == (
        "http://h.com/Drivers/Hamilton?Team=McLaren"
    )
    assert canonical_url("http://h.com/a") != canonical_url("http://h.com/A")


def test_scheme_and_host_lowercased_default_port_dropped() -> None:
    assert canonical_url("HTTP://Example.COM:80/P") == "http://example.com/P"
    assert canonical_url("https://Example.com:443/") == "https://example.com/"
    assert canonical_url("http://example.com:8080/") == "http://example.com:8080/"
    assert canonical_url("https://example.com:80/") == "https://example.com:80/"


def test_fragment_dropped_and_query_sorted() -> None:
    assert canonical_url("http://h.com/p?b=2&a=1#top") == "http://h.com/p?a=1&b=2"
    assert canonical_url("http://h.com/p?a=1&b=2") == canonical_url("http://h.com/p?b=2&a=1")
    # Sorting is by the exact key: case is kept, so "Z" sorts before "a".
    assert canonical_url("http://h.com/p?a=1&Z=2") == "http://h.com/p?Z=2&a=1"


def test_semicolon_separated_query_keeps_its_separators_and_order() -> None:
    # gitweb writes p=…;a=…;h=… and answers 404 to the same query with its ";" escaped.
    url = "http://127.0.0.1:8/gitweb.cgi?p=dpkg.git;a=commit;h=0a1b"
    assert canonical_url(url) == url
    assert canonical_url(url + "#top") == url
    # each segment is canonicalised as an "&" query of its own
    assert canonical_url("http://h/x?b=2&a=1;c=%7e;d=a b") == "http://h/x?a=1&b=2;c=~;d=a+b"
    assert canonical_url("/x?p=a;a=tree", "http://h/p") == "http://h/x?p=a;a=tree"


def test_an_argument_written_without_equals_keeps_that_spelling() -> None:
    # An isindex query: a CGI program reads the whole query string, so "?3+printf=" would ask
    # for the name "printf=" (man2html's 404); the canonical URL is the one requested.
    url = "http://127.0.0.1:8/cgi-bin/man/man2html?3+printf"
    assert canonical_url(url) == url
    assert canonical_url(url + "#top") == url
    assert canonical_url(url + "=") == url + "="  # another request, another key
    assert canonical_url("man2html?3+printf", "http://h/cgi-bin/man/mansec?3") == (
        "http://h/cgi-bin/man/man2html?3+printf"
    )
    # mixed with key=value arguments: sorted, escapes unified, the bare key still bare
    assert canonical_url("http://h/p?b=1&a&&%7ec=2") == "http://h/p?a&b=1&~c=2"
    assert canonical_url("http://h/p?x&sid=F00") == "http://h/p?x"
    assert canonical_url("http://h/p?a;b=1") == "http://h/p?a;b=1"
    # every argument with "=" is canonicalised as before
    assert canonical_url("http://h/p?b=&a=1") == "http://h/p?a=1&b="


def test_empty_path_and_percent_encoding() -> None:
    assert canonical_url("http://h.com") == "http://h.com/"
    assert canonical_url("http://h.com/a b") == "http://h.com/a%20b"
    assert canonical_url("http://h.com/a%7eb") == "http://h.com/a~b"


def test_relative_urls_resolve_against_base() -> None:
    assert canonical_url("../x?b=1&a=2#f", "http://h.com/a/b/c") == "http://h.com/a/x?a=2&b=1"
    assert canonical_url("/top", "http://h.com:81/a/") == "http://h.com:81/top"


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("/relative", "no scheme"),
        ("ftp://h.com/file", "scheme 'ftp'"),
        ("http:///nohost", "no host"),
        ("http://h.com:99999/", "out of range"),
        ("not a url", "no scheme"),
    ],
)
def test_invalid_urls_raise_with_a_reason(url: str, reason: str) -> None:
    with pytest.raises(InvalidURL) as info:
        canonical_url(url)
    assert reason in str(info.value)
    assert info.value.url == url


def test_host_of_and_loopback() -> None:
    assert host_of("http://127.0.0.1:8000/x") == "127.0.0.1:8000"
    assert host_of("http://user:pw@h.com/x") == "h.com"
    assert is_loopback("127.0.0.1:8000") and is_loopback("localhost") and is_loopback("[::1]:9")
    assert not is_loopback("example.com:8000")


def test_host_scope_matches_port_when_given() -> None:
    scope = Scope(("127.0.0.1:8000",))
    assert scope.admits("http://127.0.0.1:8000/a")
    assert not scope.admits("http://127.0.0.1:8001/a")
    anyport = Scope(("example.com",))
    assert anyport.admits("http://example.com:8080/") and anyport.admits("https://example.com/")
    assert not anyport.admits("http://shop.example.com/")


def test_domain_scope_admits_subdomains() -> None:
    scope = Scope(("www.example.com",), "domain")
    assert scope.admits("http://example.com/")
    assert scope.admits("http://shop.example.com/")
    assert not scope.admits("http://example.org/")
    assert not scope.admits("http://badexample.com/")


def test_empty_scope_admits_nothing() -> None:
    assert not Scope().admits("http://h.com/")
