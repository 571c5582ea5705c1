"""How near a linked page is to an entity sample: the folders of the sample's path its path
begins with, then whether its file name begins with the word the sample's does (the entry
search loads the nearest pages first: `entrypoint.find_list_page`); the collection the sample's
address names it in, and the pages named for it."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

__all__ = ["collection_word", "name_prefix", "names_collection", "nearness"]


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


def collection_word(sample: str) -> str:
    """The collection the sample's address names its entity in: the word before its last
    segment (``/issues/37875`` → "issues"), "" when that is no word."""
    segs = [s for s in urlsplit(sample).path.split("/") if s]
    word = segs[-2].casefold() if len(segs) > 1 else ""
    return word if word.isalpha() else ""


def names_collection(url: str, sample: str) -> bool:
    """Whether `url`'s last segment (its extension left out) begins with the word of the
    collection the `sample`'s address names it in (``/photologue/photolist/`` for
    ``/photologue/photo/yellowflower/``): a page named for the sample's kind."""
    word = collection_word(sample)
    segs = [s for s in urlsplit(url).path.split("/") if s]
    return bool(word and segs) and segs[-1].split(".", 1)[0].casefold().startswith(word)
