"""How near a linked page is to an entity sample: the folders of the sample's path its path
begins with, then whether its file name begins with the word the sample's does (the entry
search loads the nearest pages first: `entrypoint.find_list_page`)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

__all__ = ["name_prefix", "nearness"]


def nearness(url: str, sample: str) -> tuple[int, bool]:
    """How near `url` is to the entity `sample`: the folders of the sample's path it begins
    with (``/c3ref/funclist.html`` beside ``/c3ref/open.html``: 1), then whether its file name
    begins with the word the sample's does (``sql-commands.html`` for ``sql-select.html``)."""
    mine = [s for s in urlsplit(sample).path.split("/") if s][:-1]
    theirs = [s for s in urlsplit(url).path.split("/") if s]
    shared = 0
    for a, b in zip(mine, theirs, strict=False):
        if a != b:
            break
        shared += 1
    word = name_prefix(sample)
    name = urlsplit(url).path.rsplit("/", 1)[-1].split(".", 1)[0].casefold()
    return shared, bool(word) and (name == word or name_prefix(url) == word)


def name_prefix(url: str) -> str:
    """The first word of the file name `url`'s path ends in, when that name is several words
    (``sql-select.html`` → "sql"), else ""."""
    name = urlsplit(url).path.rsplit("/", 1)[-1].split(".", 1)[0].casefold()
    words = [w for w in _WORD_BREAK.split(name) if w]
    return words[0] if len(words) > 1 and words[0].isalpha() else ""


_WORD_BREAK = re.compile(r"[-_]")
