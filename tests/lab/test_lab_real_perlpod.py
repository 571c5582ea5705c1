"""real-perlpod: Perl's manual pages (Debian's perl-doc) by Pod::Simple::HTMLBatch.

The fast test reads the sections of an overview written here (nothing installed). The slow ones
install the application (one Debian package downloaded and unpacked, its POD folder converted:
about a minute) and serve it: the truth, from the POD files and perl.pod's overview, is held
against the contents page and the pages themselves.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urljoin

import pytest
from lab_http import get_text, page_links

from siteseer.crawler import canonical_url
from siteseer.lab.real.perlpod import SEED, PerlPodApp, read_sections
from siteseer.lab.server import LabServer, running_lab

APP = "real-perlpod"

OVERVIEW = """=head1 NAME

perl - The Perl 5 language interpreter

=head1 GETTING HELP

The manpages are:

=head2 Overview

    perl		Perl overview (this section)
    perlintro		Perl introduction for beginners

=head2 Reference Manual

    perlsyn		Perl syntax
    perlintro		listed twice: its first heading holds
    perlos2		Perl notes for OS/2

=head1 DESCRIPTION

    perlother		not in the list
"""


def test_sections_are_the_overviews_headings() -> None:
    assert read_sections(OVERVIEW) == {
        "perl": "Overview",
        "perlintro": "Overview",
        "perlsyn": "Reference Manual",
        "perlos2": "Reference Manual",
    }
    with pytest.raises(ValueError, match=r"perl\.pod"):
        read_sections("=head1 NAME\n\nperlsyn - Perl syntax\n")


@pytest.fixture(scope="module")
def pods() -> Iterator[LabServer]:
    PerlPodApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_contents_page_lists_every_page(pods: LabServer) -> None:
    truth = pods.truth(APP)
    ((contents,),) = truth.index_levels
    assert len(truth.target_entities) > 200
    listed = [canonical_url(urljoin(contents, h)) for h in re.findall(
        r'<a href="(\./perl[^"#]+)">', get_text(contents)
    )]  # fmt: skip
    assert sorted(listed) == sorted(truth.target_entities)
    assert truth.attributes[truth.seed_entity] == {"section": ("Reference Manual",)}
    sections = {v for a in truth.attributes.values() for v in a.get("section", ())}
    assert {"Tutorials", "History", "Platform-Specific"} <= sections


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_pages_are_titled_by_their_pod_and_link_the_contents(pods: LabServer) -> None:
    truth = pods.truth(APP)
    ((contents,),) = truth.index_levels
    assert truth.seed_entity == f"{truth.base_url}/{SEED}.html"
    assert "<title>perlsyn</title>" in get_text(truth.seed_entity)
    for url in [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 10]]:
        assert re.search(r"<title>perl\w*</title>", get_text(url)), url
        assert contents in page_links(url), url
    # a page names the others it refers to by their file
    assert f"{truth.base_url}/perlop.html" in page_links(truth.seed_entity)
