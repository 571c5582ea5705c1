"""The Python documentation's HTML (Debian `python3-doc`) as wiki pages, each with one tag: the
text real-ikiwiki and real-gitit hold.

A document is one of the documentation's sources (`_sources/**/*.rst.txt`, the include
fragments left out: about 500), read from the page Sphinx built for it
(`library/json.html`): its title (the page's `<title>` without "— Python 3.11 documentation")
and its main part (`div[role=main]`), without the builder's own furniture (heading anchors "¶",
scripts, images, forms). Its links to other documents are written by the caller (`link`: a
wiki's address of a page), links to the builder's other pages (the general index, the
sources, downloads) are left as their text, links out of the documentation are kept.
`link(document, target, fragment)` gives the href of `target`'s page (with `#fragment` when it
is not empty) as the page of `document` writes it.

Its tag is the chapter of the library reference that lists it (library/index's table of
contents names chapters, "text", "netdata", …, each of which lists its modules: `json` is in
"netdata"), else its folder ("tutorial", "c-api", "library" for the library's chapters and
front matter); a document at the top (about, glossary, …) has none.

`write_repository` commits a wiki's source files to a new git repository, one commit after
another with fixed dates and author (the same history every install): `folder_commits` makes
one commit per folder of the documentation.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from lxml import html

from siteseer.lab.real.pyenv import Progress, run_step

__all__ = [
    "HTML",
    "Doc",
    "chapters",
    "doc_names",
    "folder_commits",
    "plain_html",
    "read_docs",
    "tag_of",
    "write_repository",
]

HTML = Path("/usr/share/doc/python3/html")
_TOC = (
    '//div[@role="main"]//div[contains(@class, "toctree-wrapper")]'
    '//li[contains(@class, "toctree-l1")]/a'
)
_DROP = (
    '//a[contains(concat(" ", @class, " "), " headerlink ")] | //script | //style | //img'
    " | //form | //input | //button | //iframe"
)
DATE = 1675814400  # 2023-02-08 00:00 UTC, python3.11-doc 3.11.2's release; a commit an hour later
AUTHOR = ("Python documentation import", "docs@localhost")
Commit = tuple[str, dict[str, str]]  # message, file → text
Link = Callable[[str, str, str], str]  # (document, target document, fragment) → wiki's href


@dataclass(frozen=True)
class Doc:
    """One document as a wiki page: its name ("library/json"), title, tag ("" for none) and
    the HTML of its main part with its links written by the wiki."""

    name: str
    title: str
    tag: str
    body: str


def doc_names(root: Path = HTML) -> list[str]:
    """The documents: every source's name that has its built page, sorted."""
    sources = root / "_sources"
    names = (
        str(path.relative_to(sources)).removesuffix(".rst.txt")
        for path in sorted(sources.rglob("*.rst.txt"))
    )
    return [n for n in names if not n.startswith("includes/") and (root / f"{n}.html").is_file()]


def _toc(root: Path, name: str) -> list[str]:
    """The documents the table of contents of `name`'s page lists at its first level."""
    page = _parse(root, name)
    folder = posixpath.dirname(name)
    out = []
    for a in page.xpath(_TOC):
        href = str(a.get("href", "")).split("#", 1)[0]
        if href.endswith(".html") and "://" not in href:
            out.append(posixpath.normpath(posixpath.join(folder, href)).removesuffix(".html"))
    return out


def chapters(root: Path = HTML) -> dict[str, str]:
    """document → the library chapter whose table of contents lists it ("library/json" →
    "netdata"): the chapters are what library/index lists."""
    out: dict[str, str] = {}
    for chapter in _toc(root, "library/index"):
        for member in _toc(root, chapter):
            if member.startswith("library/"):
                out.setdefault(member, posixpath.basename(chapter))
    return out


def tag_of(name: str, chapter_of: dict[str, str]) -> str:
    """A document's one tag: its library chapter, else its folder, else none ("")."""
    if name in chapter_of:
        return chapter_of[name]
    return name.split("/", 1)[0] if "/" in name else ""


def _parse(root: Path, name: str) -> html.HtmlElement:
    return html.document_fromstring((root / f"{name}.html").read_text(encoding="utf-8"))


def _title(page: html.HtmlElement) -> str:
    title = " ".join((page.findtext(".//title") or "").split())
    head, sep, _ = title.rpartition(" — Python ")
    return head if sep else title


def _body(name: str, page: html.HtmlElement, known: set[str], link: Link) -> str:
    (main,) = page.xpath('//div[@role="main"]')
    for element in main.xpath(_DROP):
        element.drop_tree()
    folder = posixpath.dirname(name)
    for a in main.xpath(".//a[@href]"):
        href = str(a.get("href"))
        if href.startswith("#") or "://" in href or href.startswith("mailto:"):
            continue
        path, _, fragment = href.partition("#")
        target = posixpath.normpath(posixpath.join(folder, path)).removesuffix(".html")
        if path.endswith(".html") and target in known:
            a.set("href", link(name, target, fragment))
        else:
            a.drop_tag()  # the builder's own pages (indexes, sources, downloads): text only
    inner = "".join(html.tostring(child, encoding="unicode") for child in main)
    return ((main.text or "") + inner).strip() + "\n"


def plain_html(body: str) -> str:
    """`body` without Sphinx's inline markup: its spans unwrapped, every attribute but `href`
    and `id` dropped (the same text, links and anchors)."""
    root = html.fragment_fromstring(body, create_parent="div")
    for span in root.xpath(".//span"):
        span.drop_tag()
    for element in root.iter():
        for name in [n for n in element.attrib if n not in ("href", "id")]:
            del element.attrib[name]
    inner = "".join(html.tostring(child, encoding="unicode") for child in root)
    return ((root.text or "") + inner).strip() + "\n"


def read_docs(link: Link, root: Path = HTML) -> list[Doc]:
    """Every document as a wiki page (in `doc_names`' order), its links written by `link`."""
    names = doc_names(root)
    known = set(names)
    chapter_of = chapters(root)
    docs = []
    for name in names:
        page = _parse(root, name)
        docs.append(
            Doc(name, _title(page), tag_of(name, chapter_of), _body(name, page, known, link))
        )
    return docs


def folder_commits(
    docs: Sequence[Doc], page_file: Callable[[Doc], tuple[str, str]]
) -> list[Commit]:
    """One commit per folder of the documentation (the top's documents first), each adding
    its documents' files: `page_file(doc)` is (path, text)."""
    folders: dict[str, list[Doc]] = {}
    for doc in docs:
        folders.setdefault(doc.name.split("/", 1)[0] if "/" in doc.name else "", []).append(doc)
    return [
        (f"Import the documentation's {folder or 'front'} pages", dict(map(page_file, members)))
        for folder, members in sorted(folders.items())
    ]


def _git(repo: Path, *args: str, date: int = DATE, author: tuple[str, str] = AUTHOR) -> list[str]:
    stamp = f"@{date} +0000"
    name, email = author
    return [
        "env", f"GIT_AUTHOR_DATE={stamp}", f"GIT_COMMITTER_DATE={stamp}",
        f"GIT_AUTHOR_NAME={name}", f"GIT_AUTHOR_EMAIL={email}",
        f"GIT_COMMITTER_NAME={name}", f"GIT_COMMITTER_EMAIL={email}",
        "git", "-C", str(repo), *args,
    ]  # fmt: skip


def write_repository(
    app_id: str,
    repo: Path,
    commits: Sequence[Commit],
    log: Path,
    progress: Progress,
    author: tuple[str, str] = AUTHOR,
    date: int = DATE,
) -> None:
    """A new git repository `repo` (branch master) of `commits` in order, an hour apart from
    `date`, by `author` (name, e-mail)."""
    repo.mkdir(parents=True)
    run_step(app_id, "git init", _git(repo, "init", "--quiet", "-b", "master"), log, progress)
    for k, (message, files) in enumerate(commits):
        for name, text in files.items():
            path = repo / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        run_step(app_id, f"git add ({message})", _git(repo, "add", "-A"), log, progress)
        stamp = date + 3600 * k
        commit = _git(repo, "commit", "--quiet", "-m", message, date=stamp, author=author)
        run_step(app_id, f"git commit: {message}", commit, log, progress)
