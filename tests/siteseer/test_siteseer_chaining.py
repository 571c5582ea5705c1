"""Inputs read from another command's outputs: one site kept, nothing read is an error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from siteseer.chaining import input_pages, input_urls, samples_per_host, site_host
from siteseer.crawler import SQLiteStore
from siteseer.errors import BadInput
from siteseer.render import snapshot_from_html


def test_input_urls_checks_the_input(tmp_path: Path) -> None:
    listing = tmp_path / "urls.txt"
    listing.write_text("# crawl\nhttp://a.test/p/1\nhttp://b.test/p/2\n\nhttp://a.test/p/3\n")
    assert input_urls(listing, site="http://a.test/") == ["http://a.test/p/1", "http://a.test/p/3"]
    assert input_urls(listing, site="b.test") == ["http://b.test/p/2"]
    with pytest.raises(BadInput, match=r"holds URLs of 2 hosts \(a\.test, b\.test\); choose one"):
        input_urls(listing)
    with pytest.raises(BadInput, match=r"holds no URL of c\.test; its hosts: a\.test, b\.test$"):
        input_urls(listing, site="http://c.test/x")
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing yet\n")
    with pytest.raises(BadInput, match=r"empty\.txt holds no URL \(a URL list has one a line"):
        input_urls(empty)
    relative = tmp_path / "relative.txt"
    relative.write_text("/p/1\n")
    with pytest.raises(BadInput, match=r"holds no absolute http\(s\) URL \(first line: '/p/1'\)"):
        input_urls(relative)


def test_input_urls_explains_a_url_given_for_a_file(tmp_path: Path) -> None:
    with pytest.raises(BadInput) as caught:
        input_urls(Path("http://a.test/list"))
    assert "is not a file (INPUT is a file of URLs, not a URL);" in str(caught.value)
    with pytest.raises(BadInput) as missing:
        input_urls(tmp_path / "missing.txt")
    assert str(missing.value).endswith(
        "missing.txt is not a file; give a URL list, siteseer's JSON lines, a WARC file or a "
        "crawl store"
    )
    binary = tmp_path / "bad.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(BadInput, match=r"^cannot read .*bad\.txt: "):
        input_urls(binary)


def test_siteseers_own_json_lines_are_read(tmp_path: Path) -> None:
    rows = tmp_path / "rows.jsonl"
    discover_rows = [{"url": f"http://a.test/item/{i}", "method": "ssup"} for i in (1, 2)]
    cluster_row = {"cluster": 0, "pages": ["http://a.test/item/3", "http://a.test/item/1"]}
    discovery = {"method": "ssup", "entities": ["http://a.test/item/4"]}
    rows.write_text("".join(json.dumps(r) + "\n" for r in [*discover_rows, cluster_row, discovery]))
    assert input_urls(rows) == [f"http://a.test/item/{i}" for i in (1, 2, 3, 4)]
    assert input_pages(rows) == ([], [f"http://a.test/item/{i}" for i in (1, 2, 3, 4)])
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"url": "http://a.test/1"}\n{"url": \n')
    with pytest.raises(BadInput, match=r"cannot read .*broken\.jsonl: line 2 is not JSON"):
        input_urls(broken)
    nothing = tmp_path / "nothing.jsonl"
    nothing.write_text('{"cluster": 0}\n')
    with pytest.raises(BadInput, match=r'holds no URL .*siteseer\'s JSON lines a "url" each'):
        input_urls(nothing)


def test_a_crawl_store_is_narrowed_to_one_site(tmp_path: Path) -> None:
    path = tmp_path / "cache.sqlite"
    store = SQLiteStore(path)
    for url in ("http://a.test/1", "http://a.test/2", "http://b.test/1"):
        store.put(snapshot_from_html(url, url, 200, "<html><body><a href='/x'>x</a></body></html>"))
    store.close()
    with pytest.raises(BadInput, match="holds URLs of 2 hosts"):
        input_pages(path)
    snaps, urls = input_pages(path, site="a.test")
    assert sorted(s.url for s in snaps) == ["http://a.test/1", "http://a.test/2"] and urls == []
    assert samples_per_host(path) == ["http://a.test/1", "http://b.test/1"]


def test_site_host() -> None:
    assert site_host("http://127.0.0.1:8000/shop") == "127.0.0.1:8000"
    assert site_host("127.0.0.1:8000") == "127.0.0.1:8000"


def test_describe_samples_are_urls_and_the_first_page_of_each_host_of_a_file(
    tmp_path: Path,
) -> None:
    from siteseer.commands.describe import sample_urls

    rows = tmp_path / "rows.jsonl"
    urls = ["http://a.test/p/1", "http://a.test/p/2", "http://b.test/q/9", "http://b.test/q/1"]
    rows.write_text("".join(json.dumps({"url": u}) + "\n" for u in urls))
    assert sample_urls((str(rows), "http://c.test/r/1")) == [
        "http://a.test/p/1",
        "http://b.test/q/9",
        "http://c.test/r/1",
    ]
    assert sample_urls((str(rows),), per_host=False) == urls  # pages to check: all of them
    with pytest.raises(BadInput, match="neither an http\\(s\\) URL nor a file"):
        sample_urls(("nope.jsonl",))
