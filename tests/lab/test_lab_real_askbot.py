"""real-askbot: an Askbot forum (PyPI) of the Python FAQ's questions and answers.

The fast tests hold how an FAQ page becomes questions and the question list's pages (nothing
installed but the FAQ's HTML, which they write themselves). The slow ones install the
application (a venv from PyPI, the project Askbot makes, migrated, the questions loaded: many
minutes) and serve it: the truth, from the application's SQLite database, is held against the
question list's pages, each tag's list and the questions' pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from lab_http import get_text

from siteseer.lab.real.askbot import PER_PAGE, AskbotApp, faq_questions, question_list
from siteseer.lab.server import LabServer, running_lab

APP = "real-askbot"
QUESTION = re.compile(r'href="(/question/\d+/[^"]*)"')
FAQ = """<html><body><section id="faq"><h1>Design FAQ<a class="headerlink" href="#faq">¶</a></h1>
<section id="general"><h2>General<a class="headerlink" href="#general">¶</a></h2>
<section id="why"><h3>Why indentation?<a class="headerlink" href="#why">¶</a></h3>
<p>Because   it is
clear.</p><div class="highlight-python3"><div class="highlight"><pre>if x:
    y()
</pre></div></div><ul><li><p>one</p></li><li><p>two</p></li></ul></section>
<section id="empty"><h3>Nothing below</h3></section></section>
<section id="top"><span id="anchor"></span><h2>A question at the top?</h2><p>Yes.</p></section>
</section></body></html>"""


def test_the_question_list_follows_the_pagination() -> None:
    url = "http://h/questions/scope:all/sort:activity-desc/page:{n}/"
    assert question_list("http://h", 61) == tuple(url.format(n=n) for n in (1, 2, 3))
    assert question_list("http://h", PER_PAGE) == (url.format(n=1),)


def test_an_faq_page_gives_each_innermost_section_with_text_as_a_question(tmp_path: Path) -> None:
    page = tmp_path / "design.html"
    page.write_text(FAQ, encoding="utf-8")
    assert faq_questions(page) == [
        {"title": "Why indentation?", "section": "General",
         "answer": "Because it is clear.\n\n    if x:\n        y()\n\n* one\n* two"},
        {"title": "A question at the top?", "section": "", "answer": "Yes."},
    ]  # fmt: skip


@pytest.fixture(scope="module")
def site() -> Iterator[LabServer]:
    AskbotApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _questions(url: str) -> list[str]:
    return list(dict.fromkeys(QUESTION.findall(get_text(url))))


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1800)
def test_the_question_list_pages_list_every_question_of_the_truth(site: LabServer) -> None:
    truth = site.truth(APP)
    (level,) = truth.index_levels
    found: list[str] = []
    for n, page in enumerate(level, start=1):
        text = get_text(page)
        following = page.removeprefix(truth.base_url).replace(f"page:{n}/", f"page:{n + 1}/")
        assert n == len(level) or f'href="{following}"' in text, page
        found.extend(truth.base_url + href for href in dict.fromkeys(QUESTION.findall(text)))
    assert found == list(truth.entities["question"])  # latest activity first
    assert len(found) > 150
    assert truth.seed_path == (level[0], found[0])


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1800)
def test_each_tag_list_holds_the_questions_of_its_tag(site: LabServer) -> None:
    truth = site.truth(APP)
    b = truth.base_url
    for query in truth.queries:
        ((_, tag),) = query.conditions
        pages = -(-len(query.entities) // PER_PAGE)
        found = [
            b + path
            for n in range(1, pages + 1)
            for path in _questions(
                f"{b}/questions/scope:all/sort:activity-desc/tags:{tag}/page:{n}/"
            )
        ]
        assert found == list(query.entities), tag


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1800)
def test_question_pages_show_their_tag_and_answer(site: LabServer) -> None:
    truth = site.truth(APP)
    for url in truth.entities["question"][::15]:
        text = unescape(get_text(url))
        (tag,) = truth.attributes[url]["tag"]
        assert f'data-tag-name="{tag}"' in text, url
        assert 'href="/users/2/python-docs/"' in text, url  # the answer's author
