"""The commands' input checks: each bad input is a UserError that says what to change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from siteseer.commands.discover import parse_height
from siteseer.commands.explain import sample_path_of
from siteseer.commands.explore import read_keywords
from siteseer.commands.lab import ServeOptions, TruthOptions, lab_site_ids, serve, truth
from siteseer.commands.templates import PageInput, page_input
from siteseer.errors import BadInput, BadOption
from siteseer.lab import SITE_IDS
from siteseer.lab.real import REAL_IDS
from siteseer.output import EntityRecord, entity_rows


def test_height_is_a_positive_number_or_auto() -> None:
    assert parse_height("auto") == "auto"
    assert parse_height("3") == 3
    for bad in ("0", "two", "-1", "1.5", ""):
        with pytest.raises(BadOption, match=r"^--height must be a positive whole number"):
            parse_height(bad)


def test_entity_rows_as_jsonl_json_and_csv() -> None:
    records = [
        EntityRecord(
            "http://a.test/e/1", "ssup", "http://a.test/e/1", "One", 200, "run", "http://a.test/", 1
        ),
        EntityRecord("http://a.test/é/2", "ssup", "http://a.test/e/1"),
    ]
    lines = entity_rows(records, "jsonl").splitlines()
    assert [json.loads(line)["url"] for line in lines] == [r.url for r in records]
    assert "é" in lines[1]  # not escaped
    assert json.loads(lines[1])["title"] is None
    assert json.loads(entity_rows(records, "json")) == [json.loads(line) for line in lines]
    assert entity_rows(records, "csv") == (
        "url,method,seed,title,status,page_from,index_page,depth,source\r\n"
        "http://a.test/e/1,ssup,http://a.test/e/1,One,200,run,http://a.test/,1,links\r\n"
        "http://a.test/é/2,ssup,http://a.test/e/1,,,,,,links\r\n"
    )
    assert entity_rows([], "jsonl") == "" and entity_rows([], "json") == "[]\n"


def test_lab_site_ids_split_dedupe_and_refuse_unknown_ones() -> None:
    assert lab_site_ids(["council, cars", "council", " ,drivers"]) == ["council", "cars", "drivers"]
    assert lab_site_ids([]) == []
    with pytest.raises(BadOption) as caught:
        lab_site_ids(["council,nowhere,nope"])
    assert str(caught.value) == (
        f"unknown lab site nowhere, nope; known: {', '.join([*SITE_IDS, *REAL_IDS])}, "
        "real (every real-… id)"
    )
    assert lab_site_ids(["real,council"]) == [*REAL_IDS, "council"]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (TruthOptions("council,cars", "http://h:1"), "give one lab site id"),
        (TruthOptions(",", "http://h:1"), "give one lab site id"),
        (TruthOptions("council", "ftp://x"), "--base-url must be an http(s) URL"),
        (TruthOptions("council", "http://h:1/?q=1"), "--base-url must be an http(s) URL"),
        (TruthOptions("council", "/relative"), "--base-url must be an http(s) URL"),
    ],
)
def test_truth_refuses_bad_options(options: TruthOptions, message: str) -> None:
    with pytest.raises(BadOption, match=message.replace("(", r"\(").replace(")", r"\)")):
        truth(options)


def test_truth_strips_the_trailing_slash() -> None:
    found = truth(TruthOptions("council", "http://h:1/"))
    assert found.base_url == "http://h:1" and found.seed_entity.startswith("http://h:1/")


@pytest.mark.parametrize("port_base", [0, 65535])
async def test_serve_refuses_ports_outside_the_range(port_base: int) -> None:
    def never(_: object) -> None:
        raise AssertionError("nothing should be served")

    with pytest.raises(BadOption, match=f"^--port-base {port_base} leaves ports outside"):
        await serve(ServeOptions(("council", "cars"), port_base=port_base), never)


def test_page_input_is_a_site_or_a_file(tmp_path: Path) -> None:
    assert page_input("https://a.test/") == PageInput(crawl_from="https://a.test/")
    listing = tmp_path / "urls.txt"
    listing.write_text("http://a.test/1\nhttp://a.test/2\n")
    assert page_input(str(listing)) == PageInput(urls=("http://a.test/1", "http://a.test/2"))
    with pytest.raises(BadInput, match=r"is neither a site URL nor a file$"):
        page_input(str(tmp_path / "nope"))


def test_keywords_file(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("red\n\n  blue shoes \n")
    assert read_keywords(words) == ["red", "blue shoes"]
    with pytest.raises(BadInput, match=r"^cannot read the keywords file .*nope\.txt: "):
        read_keywords(tmp_path / "nope.txt")


def test_sample_path_from_a_file(tmp_path: Path) -> None:
    listed = tmp_path / "path.json"
    listed.write_text(json.dumps(["http://a.test/", "http://a.test/e/1"]))
    assert sample_path_of(listed) == ("http://a.test/", "http://a.test/e/1")
    with pytest.raises(BadInput, match=r"^cannot read a sample path from .*missing\.json: "):
        sample_path_of(tmp_path / "missing.json")
