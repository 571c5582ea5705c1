"""Pure: what makes two addresses or two link containers the same kind for an exploration.

- A wiki's namespaces: the name a URL's last path segment gives before a colon
  (``/index.php/Category:Dpkg``, ``Special:RecentChanges``) makes it another kind of page than
  the articles beside it (``/index.php/Dpkg_1.21.22``); the entity pattern keeps it.
- A list drawn with a modifier class more or less: a container path whose steps are the same
  tags and attributes but where one step's classes are a subset of the other's
  (``div[@class=mw-category]`` beside ``div[@class=mw-category mw-category-columns]``: a
  wiki's short category is not drawn in columns), or where one step has an attribute holding
  a number that the other has not (``ol[@start=11]``: a blog's second page numbers its posts
  on from 11), holds the same list; so does a path under other ``section`` elements (the
  document outline a table of contents is drawn under: its headings split one list), or under
  a ``body`` of other classes (they name the page: a blog's ``paged-2``), or under one
  wrapping ``div`` more or less (a blog's home page wraps the post list its archives draw).
- A reference's kinds: the word a file name gives before its name (``class.TabView.html``,
  ``enum.Easing.html``, ``func.init.html``: `kind_of`) may name the page's kind; the entity
  pattern keeps it where the index lists each kind apart (entities.py `_narrow_to_kind`).
- A reference's members: a page of an entry's folder named by the entry's file name and dotted
  parts more (``Float.Array.html`` below ``Float.html``: a submodule) is a member of it
  (`members_only`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from urllib.parse import parse_qsl, unquote, urlsplit

__all__ = [
    "alike_container",
    "kind_of",
    "members_only",
    "namespace",
    "outline_free",
    "query_pairs",
    "spelled_namespace",
]

_NAMESPACE = re.compile(r"^([A-Za-z][A-Za-z_ -]*):(?![/:])")  # "a::b" is a name of its own


@lru_cache(maxsize=1 << 16)
def spelled_namespace(url: str) -> str:
    """The namespace a URL's last path segment names before a colon, as spelled: "" for
    none (a colon after digits, a time or an address, names none)."""
    segs = [s for s in urlsplit(url).path.split("/") if s]
    found = _NAMESPACE.match(unquote(segs[-1])) if segs else None
    return found.group(1) if found else ""


def namespace(url: str) -> str:
    """`spelled_namespace`, case-folded."""
    return spelled_namespace(url).casefold()


_KIND_WORD = re.compile(r"^([a-z]+)\.[^./]+\.[a-z]{2,5}$")


def kind_of(url: str) -> str:
    """The lower-case word a URL's last path segment gives before the name of a file of three
    dotted parts (``class.TabView.html`` → "class"); "" for any other segment (``index.html``,
    ``docutils.core.py.html``: four parts, ``Gtk.Widget.html``: a capital)."""
    segs = [s for s in urlsplit(url).path.split("/") if s]
    found = _KIND_WORD.match(unquote(segs[-1])) if segs else None
    return found.group(1) if found else ""


_STEP = re.compile(r"[^/\[]+(?:\[[^\]]*\])*")
_ATTR = re.compile(r"\[@([^=\]]+)(?:=([^\]]*))?\]")

_Step = tuple[str, tuple[tuple[str, str], ...]]


@lru_cache(maxsize=1 << 12)
def _steps(path: str) -> tuple[_Step, ...]:
    out: list[_Step] = []
    for step in _STEP.findall(path):
        tag = step.split("[", 1)[0]
        out.append((tag, tuple((m.group(1), m.group(2) or "") for m in _ATTR.finditer(step))))
    return tuple(out)


def _alike_step(a: _Step, b: _Step) -> bool:
    if a == b:
        return True
    # a number on one side only (wildcarded: an ordered list's `start=11` on its second page)
    a, b = (a[0], _but_numbers(a[1], b[1])), (b[0], _but_numbers(b[1], a[1]))
    if a[0] != b[0] or [k for k, _ in a[1]] != [k for k, _ in b[1]]:
        return False
    for (key, x), (_, y) in zip(a[1], b[1], strict=True):
        if x == y:
            continue
        mine, theirs = set(x.split()), set(y.split())
        if key != "class" or not mine & theirs or not (mine <= theirs or theirs <= mine):
            return False
    return True


def _but_numbers(
    attrs: tuple[tuple[str, str], ...], other: tuple[tuple[str, str], ...]
) -> tuple[tuple[str, str], ...]:
    """`attrs` without those holding a number (wildcarded) that `other` has not."""
    theirs = {k for k, _ in other}
    return tuple((k, v) for k, v in attrs if v != "*" or k in theirs)


def alike_container(container: str, containers: Iterable[str]) -> bool:
    """Whether `container` is one of `containers` but for a modifier class at some steps, or
    for the sections of the document outline it sits in (see the module docstring)."""
    mine = _outlined(container)
    return any(
        (len(theirs) == len(mine) and all(map(_alike_step, mine, theirs)))
        or _but_a_wrapper(mine, theirs)
        for theirs in map(_outlined, containers)
    )


def _but_a_wrapper(a: tuple[_Step, ...], b: tuple[_Step, ...]) -> bool:
    """Whether `a` and `b` are alike but for one ``div`` more in one of them, above the list
    element (its last three steps and more the same): a blog's home page wraps its post list
    in ``div[@class=home]``, its category pages draw the same list without it."""
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    if len(longer) != len(shorter) + 1 or len(shorter) < 4:
        return False
    return any(
        longer[i][0] == "div" and all(map(_alike_step, longer[:i] + longer[i + 1 :], shorter))
        for i in range(len(longer) - 3)
    )


@lru_cache(maxsize=1 << 12)
def _outlined(path: str) -> tuple[_Step, ...]:
    """`path`'s steps without its ``section`` elements: the outline a document divides its
    text into (a documentation page's table of contents under its "Get started" heading, or
    under a section page's own title one level up) is no part of a list's place; nor are the
    attributes of the document's ``html`` and ``body``, which name the page (a blog's
    ``body[@class=home blog]`` on its first page, ``blog paged paged-2`` on the second)."""
    return tuple(
        (tag, () if tag in _PAGE_ELEMENTS else attrs)
        for tag, attrs in _steps(path)
        if tag != "section"
    )


_PAGE_ELEMENTS = frozenset({"html", "body"})


def outline_free(path: str) -> str:
    """`path` without its ``section`` steps (`_outlined`), as a path."""
    return "/".join(step for step in _STEP.findall(path) if step.split("[", 1)[0] != "section")


def query_pairs(query: str) -> list[tuple[str, str]]:
    """A query's pairs; a keyless query (``?3+printf``, ISINDEX) is one value of no key: the
    pages of one script so named are one kind, not each a kind of its own key."""
    return parse_qsl(query, keep_blank_values=True) if "=" in query or not query else [("", "")]


def _stem(url: str) -> tuple[str, str]:
    """A URL's host and folder, and its file name without the extension."""
    parts = urlsplit(url)
    folder, _, name = parts.path.rpartition("/")
    return f"{parts.netloc}{folder}", name.rsplit(".", 1)[0] if "." in name else name


def members_only(urls: Iterable[str], entries: Iterable[str]) -> bool:
    """Whether `urls` holds some URL and each is a member of one of `entries`: in its folder,
    named by its file name and dotted parts more (``Float.Array.html`` of ``Float.html``)."""
    names = {_stem(u) for u in entries}
    stems = [_stem(u) for u in urls]
    return bool(stems) and all(
        any((folder, ".".join(name.split(".")[:k])) in names for k in range(1, name.count(".") + 1))
        for folder, name in stems
    )
