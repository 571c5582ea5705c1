"""real-askbot: Askbot (PyPI `askbot`), a question-and-answer forum, holding the questions and
answers of the Python FAQ, each question tagged with its FAQ.

The application (lab/real/apps/askbot_qa.py, run in its own venv) is Askbot 0.13 on Django
5.2, a project made by Askbot's own `askbot-setup` (SQLite, its default settings and theme),
served by Django's threaded server to anonymous visitors: nobody can log in (the two users
have no password) and asking or answering asks for a log-in.

Data: the Python FAQ as Debian ships it in the Python documentation (`python3-doc`, the
`faq/*.html` pages of /usr/share/doc/python3/html), the same at every size: a question per
innermost section of each FAQ page (its title the section's heading, its text the FAQ and section it is
from), answered once with the text below the heading (paragraphs, lists and code blocks as
Markdown), tagged with its FAQ (`general`, `programming`, `design`, `library`, `extending`,
`windows`, `gui`, `installed`). The FAQ names no people: every question is asked by the user
"faq-reader" and answered by "python-docs"; questions are asked a minute apart in the FAQ's
order, each answered a second later.

Served at Askbot's URLs: `/questions/` (the questions, latest activity first, 30 a page),
its other scopes and sort orders and tag filters as path segments
(`/questions/scope:all/sort:votes-desc/tags:gui/page:2/`), `/question/<id>/<slug>/` (a
question and its answers, its tags linked), `/tags/` (every tag), `/users/`, `/users/<id>/
<name>/`, `/badges/`, feeds, help, the log-in and ask forms; `/` redirects to `/questions/`.

Truth, from the application's SQLite database (never a crawl): the entities are the questions'
pages (at the addresses Askbot gave them, which the load wrote down); the index is one level, the question list in its default order as its pagination links
it (`/questions/scope:all/sort:activity-desc/page:N/`); the seed is its first question.
Attribute: each question's tag; `facet_values` the tags, one query each (the tag's list).
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import ClassVar

from lxml import html

from siteseer.lab.real.app import PythonApp, paged_list_truth, read_sqlite
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.pydoc_html import HTML
from siteseer.lab.real.pyenv import Progress, PyPackage
from siteseer.lab.truth import SiteTruth

__all__ = ["FAQS", "PER_PAGE", "AskbotApp", "faq_questions", "question_list"]

FAQS = ("general", "programming", "design", "library", "extending", "windows", "gui", "installed")
PER_PAGE = 30  # Askbot's DEFAULT_QUESTIONS_PAGE_SIZE
LIST = "/questions/scope:all/sort:activity-desc/page:{n}/"
_SPACE = re.compile(r"\s+")


def question_list(base: str, questions: int) -> tuple[str, ...]:
    """The question list in its default order, as its pagination links each page."""
    pages = max(1, math.ceil(questions / PER_PAGE))
    return tuple(base + LIST.format(n=n) for n in range(1, pages + 1))


def _text(element: html.HtmlElement) -> str:
    return _SPACE.sub(" ", element.text_content()).strip()


def _markdown(element: html.HtmlElement) -> str:
    """An answer's block as Markdown: code blocks indented, list items starred, else text."""
    if element.tag == "div" and "highlight" in (element.get("class") or ""):
        return "\n".join("    " + line for line in element.text_content().rstrip().split("\n"))
    if element.tag in ("ul", "ol"):
        return "\n".join(f"* {_text(item)}" for item in element.findall("li"))
    return _text(element)


def faq_questions(page: Path) -> list[dict[str, str]]:
    """The questions of an FAQ page: each innermost section's heading (one with text below) with the heading of the
    section around it, unless that is the page's title (its section), and the blocks below it
    (its answer, as Markdown)."""
    root = html.parse(str(page)).getroot()
    for link in root.iterfind(".//a[@class='headerlink']"):
        link.drop_tree()
    out = []
    for section in root.iterfind(".//section"):
        children = list(section)
        heads = [n for n, c in enumerate(children) if c.tag in ("h2", "h3", "h4")]
        if section.find("section") is not None or not heads:
            continue
        parent = section.getparent()
        above = parent.find("h2") if parent is not None and parent.tag == "section" else None
        blocks = [_markdown(b) for b in children[heads[0] + 1 :]]
        if not any(blocks):
            continue  # a heading with nothing below it
        out.append({
            "title": _text(children[heads[0]]),
            "section": _text(above) if above is not None else "",
            "answer": "\n\n".join(b for b in blocks if b),
        })  # fmt: skip
    return out


class AskbotApp(PythonApp):
    """Askbot's question and answer pages over the Python FAQ."""

    id = "real-askbot"
    kind = "entity-tree"
    description = (
        "Askbot (PyPI) question-and-answer forum over the Python FAQ: paged question lists in "
        "several orders and scopes, tag filters, a page per question and its answer"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("askbot==0.13.0"),
        PyPackage("Django==5.2.19"),
    )
    script = "askbot_qa.py"
    data_description = "the Python FAQ of Debian's python3-doc, a question per FAQ entry"

    @property
    def data_file(self) -> Path:
        return self.dir / "qa.sqlite"  # the same at every size

    @property
    def urls_file(self) -> Path:
        """Each question's path as Askbot gives it (question id → path), written by the load."""
        return self.data_file.with_suffix(".urls.json")

    def installed(self) -> bool:
        return super().installed() and self.urls_file.is_file()

    def _install(self, progress: Progress) -> None:
        if not self.data_file.exists():
            log = self.dir / "logs" / "install.log"
            pages = [HTML / "faq" / f"{name}.html" for name in FAQS]
            apt_install(self.id, ("python3-doc",), all(p.is_file() for p in pages), log, progress)
            questions = [
                q | {"tag": name}
                for name, page in zip(FAQS, pages, strict=True)
                for q in faq_questions(page)
            ]
            self.dir.mkdir(parents=True, exist_ok=True)
            self.data_file.with_suffix(".json").write_text(json.dumps(questions), encoding="utf-8")
        super()._install(progress)

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        rows = read_sqlite(
            self.data_file,
            "SELECT p.id, t.title, t.tagnames FROM askbot_thread t "
            "JOIN askbot_post p ON p.thread_id = t.id AND p.post_type = 'question' "
            "WHERE NOT t.deleted ORDER BY t.last_activity_at DESC, t.id DESC",
        )
        paths = json.loads(self.urls_file.read_text(encoding="utf-8"))
        urls = [b + paths[str(pk)] for pk, _, _ in rows]
        attributes = {
            url: {"tag": tuple(str(tags).split())}
            for url, (_, _, tags) in zip(urls, rows, strict=True)
        }
        level = question_list(b, len(urls))
        notes = (
            f"Askbot's question list in its default order (latest activity), {len(level)} pages "
            f"of {len(urls)} questions at {PER_PAGE} a page. Not listed in templates: the other "
            "scopes (unanswered, followed) and sort orders (age, activity ascending, answers, "
            "votes) of the list, each with its pages, the tag filters of each, /questions/ "
            "itself (the first page), /tags/, the users' and badges' pages, the feeds, help, "
            "the ask and log-in forms."
        )
        return paged_list_truth(
            self, b, ("question list", "question"), urls, level, attributes, ("tag",), notes
        )
