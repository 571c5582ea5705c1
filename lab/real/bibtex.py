"""A BibTeX database read as plain records: the works a real bibliography describes.

`read_bibtex(text)` parses entries (`@type{key, field = {value} | "value" | macro | number,
…}`), `@string` macros and `#` concatenation, and resolves `crossref` (a missing field is taken
from the entry it names, as biblatex inherits it). `latex_text` turns a field's LaTeX into the
text it prints (accents, `--`, `~`, the common text macros, braces). `person_names` splits a
name list (`Last, First and First Last`) into "First Last" names. Standard library only: the
data of real-calibreweb (biblatex's own example bibliography, shipped in Debian's
`texlive-bibtex-extra`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

__all__ = ["Entry", "latex_text", "person_names", "read_bibtex"]

_ACCENTS = {
    '"': "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303", "=": "\u0304",
    ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b", "c": "\u0327", "k": "\u0328",
    "r": "\u030a", "d": "\u0323", "b": "\u0331",
}  # fmt: skip
_LETTERS = {
    "i": "ı", "j": "ȷ", "l": "ł", "L": "Ł", "o": "ø", "O": "Ø", "ae": "æ", "AE": "Æ",
    "oe": "œ", "OE": "Œ", "aa": "å", "AA": "Å", "ss": "ß", "TeX": "TeX", "LaTeX": "LaTeX",
    "slash": "/", "hyphen": "-", "protect": "", " ": " ", "&": "&", "%": "%", "$": "$", "#": "#", "_": "_",
}  # fmt: skip
_QUOTED = ("enquote", "mkbibquote")  # macros whose argument prints between quotation marks
_ACCENT = re.compile(r"""\\([\"'`^~=.]|[uvHckrdb](?![A-Za-z]))\s*(\{\\?[A-Za-z]\}|\\?[A-Za-z])""")
_WORD_MACRO = re.compile(r"\\(?:([A-Za-z]+)(?:\{\})?\s?|([&%$#_ ]))")
_ARGUMENT_MACRO = re.compile(r"\\([A-Za-z]+)\*?\{([^{}]*)\}")


def _base(letter: str) -> str:
    """The letter an accent goes on: `O`, `{O}`, or a dotless `\\i`/`\\j` as plain i, j."""
    letter = letter.strip("{}")
    return letter.lstrip("\\") if letter in ("\\i", "\\j") else letter


def latex_text(value: str) -> str:
    """The text a BibTeX field's LaTeX prints: accents composed (`{\\"O}zge` → Özge), `---`,
    `--` and `~` as dashes and a space, `\\texttt{x}`-like macros as their argument, braces
    dropped, runs of white space as one space."""
    text = _ACCENT.sub(lambda m: _base(m[2]) + _ACCENTS[m[1]], value)
    while True:  # innermost first: \emph{\texttt{x}}
        text, n = _ARGUMENT_MACRO.subn(lambda m: f"“{m[2]}”" if m[1] in _QUOTED else m[2], text)
        if not n:
            break
    text = _WORD_MACRO.sub(lambda m: _LETTERS.get(m[1] or m[2], ""), text)
    text = text.replace("---", "—").replace("--", "–").replace("~", " ")
    text = text.replace("{", "").replace("}", "")
    return unicodedata.normalize("NFC", " ".join(text.split()))


def _split_top(text: str, separator: str) -> list[str]:
    """`text` split at `separator` (a word, matched case-insensitively between spaces) where
    no brace is open."""
    parts, depth, start = [], 0, 0
    pattern = re.compile(rf"\s+{separator}\s+|[{{}}]", re.IGNORECASE)
    for m in pattern.finditer(text):
        if m[0] == "{":
            depth += 1
        elif m[0] == "}":
            depth -= 1
        elif depth == 0:
            parts.append(text[start : m.start()])
            start = m.end()
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def person_names(value: str) -> list[str]:
    """The people of a BibTeX name list, each "First Last" (`Aks{\\i}n, {\\"O}zge and Knuth,
    Donald E.` → ["Özge Aksın", "Donald E. Knuth"]); `and others` is left out."""
    names = []
    for part in _split_top(value, "and"):
        if part.lower() == "others":
            continue
        pieces = [p.strip() for p in _split_commas(part)]
        if len(pieces) == 3:  # Last, Jr, First
            last, junior, first = pieces
            name = f"{first} {last}, {junior}"
        elif len(pieces) == 2:
            last, first = pieces
            name = f"{first} {last}"
        else:
            name = pieces[0]
        names.append(latex_text(name))
    return names


def _split_commas(name: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for ch in name:
        depth += ch == "{"
        depth -= ch == "}"
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    return [*parts, current]


@dataclass
class Entry:
    """One entry: its type (lower case), key and fields (names lower case, values raw LaTeX
    with macros expanded and crossref's fields inherited)."""

    type: str
    key: str
    fields: dict[str, str] = field(default_factory=dict)

    def text(self, name: str) -> str:
        """The printed text of field `name` ("" when absent)."""
        return latex_text(self.fields.get(name, ""))


def _braced(text: str, start: int) -> tuple[str, int]:
    """The text inside the braces opening at `start`, and the index past the closing one."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return text[start + 1 : i], i + 1
    raise ValueError(f"unbalanced braces from offset {start}")


def _value(text: str, i: int, macros: dict[str, str]) -> tuple[str, int]:
    """A field's value from offset `i`: parts joined by `#`; returns it and the offset after."""
    parts = []
    while True:
        while text[i].isspace():
            i += 1
        if text[i] == "{":
            part, i = _braced(text, i)
        elif text[i] == '"':
            end = i + 1
            depth = 0
            while text[end] != '"' or depth:
                depth += {"{": 1, "}": -1}.get(text[end], 0)
                end += 1
            part, i = text[i + 1 : end], end + 1
        else:
            m = re.compile(r"[^\s,#}]+").match(text, i)
            if m is None:
                raise ValueError(f"no value at offset {i}")
            part, i = macros.get(m[0].lower(), m[0]), m.end()
        parts.append(part)
        while i < len(text) and text[i].isspace():
            i += 1
        if i < len(text) and text[i] == "#":
            i += 1
            continue
        return "".join(parts), i


def _fields(body: str, macros: dict[str, str]) -> dict[str, str]:
    out: dict[str, str] = {}
    i = 0
    name = re.compile(r"\s*,?\s*([A-Za-z][\w:.+-]*)\s*=\s*")
    while m := name.match(body, i):
        value, i = _value(body, m.end(), macros)
        out[m[1].lower()] = value
    return out


def read_bibtex(text: str) -> list[Entry]:
    """The entries of a BibTeX database in their order (not `@string`, `@preamble` or
    `@comment`), each with `crossref`'s missing fields filled in."""
    macros: dict[str, str] = {}
    entries: list[Entry] = []
    for m in re.finditer(r"@(\w+)\s*\{", text):
        kind = m[1].lower()
        body, _ = _braced(text, m.end() - 1)
        if kind == "string":
            macros |= {k: v for k, v in _fields(body, macros).items()}
        elif kind not in ("preamble", "comment"):
            key, _, rest = body.partition(",")
            entries.append(Entry(kind, key.strip(), _fields(rest, macros)))
    by_key = {e.key.lower(): e for e in entries}
    for e in entries:
        parent = by_key.get(e.fields.get("crossref", "").lower())
        if parent is not None:
            e.fields = {**parent.fields, **e.fields}
    return entries
