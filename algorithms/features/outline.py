"""Pure: a hand-written index, a document split in sections that each list pages.

A project's documentation overview is written by hand: its body is a series of sections (one
element each, told apart by their ids: ``div.section#user``, ``div.section#ref``, or HTML5's
``section#api``), each under its own heading, each listing the documents of its part in lists of
any form (bullet lists, definition terms, bullet lists inside definitions). The sample entity
sits in one of them; the list is all of them. `section_lists` finds the sections beside the
sample's (alike but for their id, at the outermost level where they are siblings) and the links
each lists (inside ``ul``/``ol``/``dl``, not a paragraph's passing mention or a heading's
anchor) that are named like the sample: the same host, query keys and fragment, a folder where
the sample is one, else a file of the sample's extension (a section's text sources and DTDs
beside its HTML pages are none). Links the page also shows outside every section (its menu,
its header: the site's general index, its search page) are no entries of any.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from siteseer.algorithms.features.dom import path_steps, result_container
from siteseer.render import Link, Snapshot

__all__ = ["MIN_SECTIONS", "leaf_suffix", "section_lists"]

MIN_SECTIONS = 3  # the sections listing pages alike, the sample's included, that make an index
_LISTS = frozenset({"ul", "ol", "dl"})
# list and item elements and a table's: never a section of the document
_NOT_SECTIONS = _LISTS | frozenset({"li", "dt", "dd", "a", "span", "table", "tbody", "tr", "td"})


def leaf_suffix(url: str) -> str:
    """A URL's last path segment as the index names it: "/" for a folder, else its extension
    of letters ("html"; "" for none, or for a version's digits)."""
    path = urlsplit(url).path
    if path.endswith("/"):
        return "/"
    last = path.rsplit("/", 1)[-1]
    ext = last.rsplit(".", 1)[-1] if "." in last else ""
    return ext.lower() if ext.isalpha() else ""


def _name(step: str) -> str:
    """A path step without its id: what sibling sections share."""
    return "[".join(part for part in step.split("[") if not part.startswith("@id="))


def _has_id(step: str) -> bool:
    return "[@id=" in step


def _shape(url: str) -> tuple[str, tuple[str, ...], bool, str]:
    parts = urlsplit(url)
    keys = tuple(sorted({kv.split("=", 1)[0] for kv in parts.query.split("&") if kv}))
    return parts.netloc.lower(), keys, bool(parts.fragment), leaf_suffix(url)


def _in_list(path: str) -> bool:
    return any(step.split("[", 1)[0] in _LISTS for step in path_steps(path))


def section_lists(page: Snapshot, sample_url: str) -> dict[str, list[Link]] | None:
    """The sections of `page` beside the one listing `sample_url` (each by its path) and the
    links each lists named like the sample, in page order (see the module docstring); None when
    the sample sits in no such series of at least `MIN_SECTIONS` sections listing pages."""
    mine = next((x for x in page.links if x.url == sample_url), None)
    if mine is None:
        return None
    shape = _shape(sample_url)
    if shape[3] == "":
        return None
    steps = path_steps(result_container(mine))
    containers = [(x, result_container(x)) for x in page.links]
    for i, step in enumerate(steps):
        if step.split("[", 1)[0] in _NOT_SECTIONS or not _has_id(step):
            continue
        found = _siblings(containers, steps[:i], step, shape)
        if len(found) >= MIN_SECTIONS and any(
            x.url == sample_url for x in found.get("/".join(steps[: i + 1]), [])
        ):
            return found
    return None


def _siblings(
    containers: Iterable[tuple[Link, str]],
    parent: list[str],
    step: str,
    shape: tuple[str, tuple[str, ...], bool, str],
) -> dict[str, list[Link]]:
    """The sections below `parent` alike `step` but for their id, each with the links it lists
    named like the sample (`shape`); links shown outside every section are left out."""
    found: dict[str, list[Link]] = {}
    outside: set[str] = set()
    depth = len(parent)
    for link, container in containers:
        steps = path_steps(container)
        inside = (
            len(steps) > depth + 1
            and steps[:depth] == parent
            and _has_id(steps[depth])
            and _name(steps[depth]) == _name(step)
        )
        if not inside:
            outside.add(link.url)
            continue
        if _shape(link.url) == shape and _in_list("/".join(steps[depth + 1 :])):
            found.setdefault("/".join(steps[: depth + 1]), []).append(link)
    kept = {section: [x for x in links if x.url not in outside] for section, links in found.items()}
    return {section: links for section, links in kept.items() if links}


def section_level(containers: Iterable[str]) -> int | None:
    """The step of the result containers' paths that names their section, when they sit in at
    least `MIN_SECTIONS` sections alike but for their id (a hand-written index's
    `section_lists`); None otherwise."""
    paths = [path_steps(c) for c in containers]
    for i in range(max((len(p) for p in paths), default=0)):
        steps = {p[i] for p in paths if len(p) > i + 1}
        heads = {"/".join(p[:i]) for p in paths if len(p) > i + 1}
        if len(heads) != 1 or len(steps) < MIN_SECTIONS:
            continue
        if all(_has_id(s) and s.split("[", 1)[0] not in _NOT_SECTIONS for s in steps) and (
            len({_name(s) for s in steps}) == 1
        ):
            return i
        return None
    return None


def section_heading(page: Snapshot, container: str, level: int) -> str:
    """The heading text of the section a result container sits in (its step at `level`: the
    first ``h1``–``h6`` inside the element of that id); "" when it has none."""
    step = path_steps(container)[level]
    ident = step.split("[@id=", 1)[1].split("]", 1)[0]
    if ident == "*":
        return ""
    found = page.tree().xpath("//*[@id=$v]", v=ident)
    if not found:
        return ""
    heading = found[0].xpath(
        "./*[self::h1 or self::h2 or self::h3 or self::h4 or self::h5 or self::h6]"
    )
    return " ".join(heading[0].text_content().split()) if heading else ""
