"""URL families: the URLs of one host that differ only in their generated parts.

A spider trap is a family that never ends: a calendar's days, a grid that counts in two
positions, a diary whose days are coded in letters. `Families.member(url)` names a URL's family by
putting a placeholder in every generated part of its path segments and query values, and gives
the values it had there (its *slots*):

- every run of digits → ``#``: ``/calendar/2025/03/14`` → ``/calendar/#/#/#`` (slots 2025, 03,
  14), ``?date=2024-03-17`` → ``?date=#-#-#``;
- a month's English name, whole or in three letters, in any case → ``{month}`` (its number is
  the slot): ``/archive/march/2024`` → ``/archive/{month}/#``;
- a letter-coded counter → ``*``: a path segment or query value of letters only (one case, at
  most `MAX_CODE_LETTERS`), in a position where URLs of the same shape (the same URL, that
  position left out) have shown `CODE_SAMPLE` distinct such words that read as a run of numbers
  in base 26: their values (``a`` 1 … ``z`` 26, ``aa`` 27 …, or ``a`` 0 … ``zz`` 675, ``baa``
  676) span at most `CODE_SPREAD` times their count (`is_counter`). ``/diary/zz`` and ``/diary/baa`` are days of ``/diary/*``; the
  words of a vocabulary (slugs, tags, language codes) are spread over that space and stay as
  they are, each its own URL.

Which slots vary is a matter of the family's members, not of one URL: `FamilyCount` keeps the
first member's slots and the positions where a later one differed. ``/v2/items/7`` and
``/v2/items/8`` vary in one position (the item), a calendar's days in three, a grid's cells in
two. crawler.urls' `TrapGuard` bounds each family's distinct URLs by how many positions vary.

Pure logic on URL text (no I/O); `Families` keeps what it has seen of a crawl's URLs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

__all__ = [
    "CODE_SAMPLE",
    "CODE_SPREAD",
    "MAX_CODE_LETTERS",
    "MONTHS",
    "Families",
    "FamilyCount",
    "Member",
    "base26",
    "counter_word",
    "generalise",
    "is_counter",
]

# Distinct words one position must show before it may read as a counter, and how sparse they
# may be: an endless calendar coded in letters shows its first 30 days as a dense run, while 30
# tags or language codes lie far apart in the space of words.
CODE_SAMPLE = 30
CODE_SPREAD = 4
# Longer words are words (a counter of 7 letters names 8 billion days).
MAX_CODE_LETTERS = 6

_NAMES = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]
MONTHS: dict[str, int] = {name: n for n, name in enumerate(_NAMES, start=1)} | {
    name[:3]: n for n, name in enumerate(_NAMES, start=1)
}
_PART = re.compile(r"[0-9]+|[A-Za-z]+")
_CODE = re.compile(rf"[a-z]{{1,{MAX_CODE_LETTERS}}}|[A-Z]{{1,{MAX_CODE_LETTERS}}}")
CODED = "*"


def base26(word: str, *, zero: bool = False) -> int:
    """`word`'s value in base 26, any case: bijective (``a`` 1, ``z`` 26, ``aa`` 27, ``ba``
    53: one number per word, by length, then alphabetically), or with `zero` as digits from
    ``a`` 0 (``z`` 25, ``ba`` 26, ``baa`` 676 after ``zz``: a counter that writes no leading
    ``a``)."""
    n = 0
    for char in word.lower():
        n = n * 26 + ord(char) - ord("a") + (0 if zero else 1)
    return n


def counter_word(n: int) -> str:
    """The word a counter from ``a`` 0 writes for `n` ≥ 0 (`base26`'s `zero` numbering turned
    back): 0 ``a``, 25 ``z``, 26 ``ba``, 676 ``baa``."""
    word = ""
    while True:
        n, digit = divmod(n, 26)
        word = chr(ord("a") + digit) + word
        if n == 0:
            return word


def is_counter(words: Iterable[str]) -> bool:
    """Whether `words` (distinct, letters only) read as a run of base-26 numbers, in either
    numbering of `base26`: at least `CODE_SAMPLE` of them, their values spanning at most
    `CODE_SPREAD` times their count."""
    distinct = set(words)
    if len(distinct) < CODE_SAMPLE:
        return False
    for zero in (False, True):
        values = sorted({base26(w, zero=zero) for w in distinct})
        if values[-1] - values[0] + 1 <= CODE_SPREAD * len(values):
            return True
    return False


@dataclass(frozen=True, slots=True)
class Member:
    """A URL as a member of its family: the family (the URL with placeholders), the values in
    its slots, left to right, and which slots are letter-coded."""

    family: str
    slots: tuple[str, ...]
    coded: frozenset[int] = frozenset()


def _template(text: str, slots: list[str]) -> str:
    """`text` with its digit runs and month names as placeholders; their values go to `slots`."""

    def placeholder(match: re.Match[str]) -> str:
        part = match.group(0)
        if part[0].isdigit():
            slots.append(part)
            return "#"
        month = MONTHS.get(part.lower())
        if month is None:
            return part
        slots.append(str(month))
        return "{month}"

    return _PART.sub(placeholder, text)


@dataclass(frozen=True, slots=True)
class _Parts:
    """A URL cut into its positions (path segments, then query arguments), each as its template
    and its slot values; a position whose whole text may be a letter code is `candidates`."""

    origin: str
    path: tuple[str, ...]
    query: tuple[tuple[str, str], ...]
    slots: tuple[tuple[str, ...], ...]  # per position
    raw: tuple[str, ...]  # per position: the segment or the query value as written

    @classmethod
    def of(cls, url: str) -> _Parts:
        parts = urlsplit(url)
        path: list[str] = []
        query: list[tuple[str, str]] = []
        slots: list[tuple[str, ...]] = []
        raw: list[str] = []
        for segment in parts.path.split("/"):
            found: list[str] = []
            path.append(_template(segment, found))
            slots.append(tuple(found))
            raw.append(segment)
        for argument in parts.query.split("&") if parts.query else ():
            name, equals, value = argument.partition("=")
            name_slots: list[str] = []
            value_slots: list[str] = []
            query.append((_template(name, name_slots) + equals, _template(value, value_slots)))
            slots.append((*name_slots, *value_slots))
            raw.append(value)
        return cls(
            f"{parts.scheme}://{parts.netloc}", tuple(path), tuple(query), tuple(slots), tuple(raw)
        )

    def templates(self) -> list[str]:
        return [*self.path, *(name + value for name, value in self.query)]

    def candidates(self) -> list[int]:
        """Positions whose text is one word of letters that may be a counter's (no slot yet)."""
        return [i for i, text in enumerate(self.raw) if not self.slots[i] and _CODE.fullmatch(text)]

    def shape(self, position: int) -> str:
        """The URL's family with `position` left out: URLs of one shape differ there at most."""
        return self.render({position})

    def render(self, coded: set[int] | frozenset[int]) -> str:
        """The family: the templates, with the `coded` positions' words as placeholders."""
        texts = self.templates()
        n = len(self.path)
        for i in coded:
            texts[i] = CODED if i < n else self.query[i - n][0] + CODED
        path = "/".join(texts[:n])
        query = "&".join(texts[n:])
        return self.origin + path + ("?" + query if self.query else "")


def generalise(url: str, coded: Iterable[int] = ()) -> Member:
    """`url`'s family and slots, with the positions `coded` (indices into its path segments,
    then its query arguments, the empty segment before the first ``/`` counted) read as letter
    codes. Pure: `Families.member` finds which positions are coded."""
    parts = _Parts.of(url)
    return _member(parts, frozenset(coded))


def _member(parts: _Parts, coded: frozenset[int]) -> Member:
    slots: list[str] = []
    coded_slots: set[int] = set()
    for i, found in enumerate(parts.slots):
        if i in coded:
            coded_slots.add(len(slots))
            slots.append(parts.raw[i])
        else:
            slots.extend(found)
    return Member(parts.render(coded), tuple(slots), frozenset(coded_slots))


@dataclass
class _Shape:
    words: set[str] = field(default_factory=set)
    counter: bool | None = None  # None: not decided yet


class Families:
    """The families of a crawl's URLs, letter codes found as the URLs come (see the module)."""

    def __init__(self) -> None:
        self._shapes: dict[str, _Shape] = {}

    def member(self, url: str) -> Member:
        """`url` (canonical) as a member of its family; what it shows of letter-coded positions
        is remembered for the URLs after it."""
        parts = _Parts.of(url)
        coded: set[int] = set()
        for position in parts.candidates():
            shape = self._shapes.setdefault(parts.shape(position), _Shape())
            if shape.counter is None:
                shape.words.add(parts.raw[position])
                if len(shape.words) >= CODE_SAMPLE:
                    shape.counter = is_counter(shape.words)
                    shape.words = set()
            if shape.counter:
                coded.add(position)
        return _member(parts, frozenset(coded))


@dataclass
class FamilyCount:
    """The distinct URLs admitted of one family, and the positions where its slots vary (where
    a member's value differed from the first member's)."""

    first: tuple[str, ...]
    urls: int = 0
    varying: set[int] = field(default_factory=set)
    coded: set[int] = field(default_factory=set)  # varying positions that are letter codes

    def varying_with(self, member: Member) -> tuple[int, bool]:
        """(how many positions vary, whether a letter code does) once `member` is counted."""
        varying = self.varying | self._differing(member)
        return len(varying), bool(varying & (self.coded | member.coded))

    def add(self, member: Member) -> None:
        differing = self._differing(member)
        self.varying |= differing
        self.coded |= differing & member.coded
        self.urls += 1

    def _differing(self, member: Member) -> set[int]:
        return {i for i, (a, b) in enumerate(zip(self.first, member.slots, strict=False)) if a != b}
