"""reStructuredText (Sphinx) sources as DokuWiki pages: the loader of real-dokuwiki's text.

The Python documentation's `_sources/**/*.rst.txt` files become one wiki page each. The
conversion is a reader's, not Sphinx's: it keeps what a wiki page shows — sections as headings,
paragraphs, lists, code and literal blocks, tables as preformatted text, Sphinx object
descriptions (`.. function:: f(x)`) as bold names with their text, admonitions as labelled
paragraphs, toctrees as lists of wiki links, `:mod:` and `:doc:` references as wiki links to the
page that documents them, external links as links — and drops what only the builder uses
(index entries, labels, comments, includes). Plain text that DokuWiki would read as markup is
wrapped in `%%…%%` (DokuWiki's no-format syntax).

`convert(doc, text, modules)` is pure: `doc` is the source's path without suffix
("library/json"), `modules` maps module names to the docs that define them (from
`modules_defined`), so `:mod:`json`` links to [[library:json]].
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping

__all__ = ["convert", "modules_defined", "page_id"]

_ADORNMENT = re.compile(r"^([!-/:-@\[-`{-~])\1{2,}\s*$")
_DIRECTIVE = re.compile(r"^\.\.\s+([\w:-]+)::\s*(.*)$")
_BULLET = re.compile(r"^([*+-]|#\.|\d+\.|[a-z]\.|\(\d+\))\s+(.*)$")
_OBJECTS = {
    "function", "method", "class", "data", "attribute", "exception", "decorator",
    "classmethod", "staticmethod", "coroutinefunction", "coroutinemethod", "decoratormethod",
    "abstractmethod", "opcode", "cmdoption", "option", "envvar", "describe", "object",
    "pdbcommand", "c:function", "c:member", "c:type", "c:var", "c:macro", "c:struct",
    "audit-event", "program", "awaitablefunction", "awaitablemethod",
}  # fmt: skip
_ADMONITIONS = {
    "note": "Note", "warning": "Warning", "seealso": "See also", "important": "Important",
    "caution": "Caution", "tip": "Tip", "hint": "Hint", "attention": "Attention",
    "danger": "Danger", "error": "Error", "impl-detail": "CPython implementation detail",
    "versionadded": "New in version", "versionchanged": "Changed in version",
    "deprecated": "Deprecated since version", "deprecated-removed": "Deprecated since version",
    "availability": "Availability", "topic": "", "sidebar": "", "rubric": "", "admonition": "",
}  # fmt: skip
_CODE = {"code-block", "sourcecode", "code", "doctest", "testcode", "testoutput", "productionlist",
         "parsed-literal", "highlight-block", "list-table", "csv-table", "table"}  # fmt: skip
_LINK_ROLES = {"mod", "doc"}
_INLINE = re.compile(
    r"``(?P<lit>.+?)``"
    r"|:(?P<role>[\w:.-]+):`(?P<rtext>[^`]+)`"
    r"|`(?P<ltext>[^`<]*?)\s*<(?P<url>[^`>]+)>`__?"
    r"|`(?P<ref>[^`]+)`_{0,2}"
    r"|\*\*(?P<strong>[^*]+?)\*\*"
    r"|(?<![\w*])\*(?P<em>[^*\s][^*]*?)\*(?!\w)"
    r"|\[#?[\w-]*\]_"
)
_RISKY = re.compile(r"//|__|''|\[\[|\]\]|\{\{|\}\}|~~|<|>|%%|\\\\|\(\(|\)\)|\*\*|\^|\||^\s*[-*]|=")


def page_id(doc: str) -> str:
    """The wiki page of a source document: "library/json" → "library:json", a directory's
    "index" → its namespace's start page, the root "contents" → "start"."""
    if doc == "contents":
        return "start"
    head, _, name = doc.rpartition("/")
    if name == "index":
        name = "start"
    return f"{head}:{name}".replace("/", ":").lower() if head else name.lower()


def modules_defined(text: str) -> list[str]:
    """The modules a source document defines (`.. module:: name`)."""
    return [m.group(1) for m in re.finditer(r"^\.\.\s+module::\s*(\S+)", text, re.M)]


def _no_format(text: str) -> str:
    if not _RISKY.search(text):
        return text
    return "%%" + text.replace("%%", "% %") + "%%"


def _link(target: str, label: str) -> str:
    label = label.replace("]]", "] ]").replace("|", "/")
    return f"[[{target}|{label}]]" if label else f"[[{target}]]"


class _Context:
    def __init__(self, doc: str, modules: Mapping[str, str]) -> None:
        self.doc = doc
        self.modules = modules

    def doc_link(self, target: str, label: str) -> str:
        target = target.strip()
        path = (
            target.lstrip("/")
            if target.startswith("/")
            else posixpath.normpath(posixpath.join(posixpath.dirname(self.doc), target))
        )
        path = re.sub(r"\.rst$", "", path)
        return _link(page_id(path), label)

    def role(self, role: str, text: str) -> str:
        label, _, target = text.partition(" <")
        if target:
            target = target.rstrip(">")
        else:
            label, target = text, text
        label = label.lstrip("~!")
        target = target.lstrip("~!")
        if role == "doc":
            return self.doc_link(target, label if label != target else "")
        if role == "mod" and target in self.modules:
            return _link(self.modules[target], label)
        if role == "pep":
            number = re.match(r"\d+", target)
            if number:
                return _link(
                    f"https://peps.python.org/pep-{int(number.group()):04d}/", f"PEP {label}"
                )
        if role == "rfc":
            number = re.match(r"\d+", target)
            if number:
                return _link(
                    f"https://datatracker.ietf.org/doc/html/rfc{number.group()}", f"RFC {label}"
                )
        if role in ("ref", "term", "dfn", "abbr", "title-reference", "emphasis"):
            return _no_format(label)
        return f"''{_no_format(label)}''" if label else ""

    def inline(self, text: str) -> str:
        out: list[str] = []
        pos = 0
        for m in _INLINE.finditer(text):
            out.append(_no_format(text[pos : m.start()]))
            pos = m.end()
            if m.group("lit") is not None:
                out.append(f"''%%{m.group('lit').replace('%%', '% %')}%%''")
            elif m.group("role") is not None:
                out.append(self.role(m.group("role").removeprefix("py:"), m.group("rtext")))
            elif m.group("url") is not None:
                url = m.group("url").strip()
                label = m.group("ltext") or url
                if "://" in url or url.startswith("mailto:"):
                    out.append(_link(url, label))
                else:
                    out.append(_no_format(label))
            elif m.group("ref") is not None:
                out.append(_no_format(m.group("ref")))
            elif m.group("strong") is not None:
                out.append(f"**{_no_format(m.group('strong'))}**")
            elif m.group("em") is not None:
                out.append(f"//{_no_format(m.group('em'))}//")
        out.append(_no_format(text[pos:]))
        return "".join(out)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _block(lines: list[str], start: int, min_indent: int) -> tuple[list[str], int]:
    """The lines from `start` indented deeper than `min_indent` (blank lines inside), dedented."""
    end = start
    while end < len(lines) and (not lines[end].strip() or _indent(lines[end]) > min_indent):
        end += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    chunk = lines[start:end]
    cut = min((_indent(line) for line in chunk if line.strip()), default=0)
    return [line[cut:] for line in chunk], end


def _code(body: list[str]) -> list[str]:
    text = "\n".join(body).strip("\n").replace("</code>", "</ code>")
    return ["<code>", text, "</code>", ""] if text else []


class _Converter:
    def __init__(self, ctx: _Context) -> None:
        self.ctx = ctx
        self.levels: list[str] = []
        self.out: list[str] = []

    def heading(self, title: str, style: str) -> None:
        if style not in self.levels:
            self.levels.append(style)
        level = min(self.levels.index(style), 4)
        marks = "=" * (6 - level)
        title = title.strip().replace("=", "-")
        plain = re.sub(r"\[\[[^|\]]*\|([^\]]*)\]\]", r"\1", self.ctx.inline(title))
        self.out += [f"{marks} {plain.replace('%%', '')} {marks}", ""]

    def paragraph(self, lines: list[str], prefix: str = "") -> None:
        text = " ".join(line.strip() for line in lines if line.strip())
        if not text:
            return
        literal = text.endswith("::")
        if literal:
            text = text[:-2].rstrip() + (":" if not text[:-2].endswith(" ") else "")
        if text.strip(":").strip():
            self.out += [prefix + self.ctx.inline(text), ""]

    def toctree(self, body: list[str]) -> None:
        for entry in body:
            entry = entry.strip()
            if not entry or entry.startswith(":") or "*" in entry:
                continue
            label, _, target = entry.partition(" <")
            if target:
                self.out.append("  * " + self.ctx.doc_link(target.rstrip(">"), label))
            else:
                self.out.append("  * " + self.ctx.doc_link(entry, ""))
        self.out.append("")

    def directive(self, name: str, args: str, body: list[str]) -> None:
        options = [b for b in body if b.startswith(":")]
        content = body[len(options) :] if body[: len(options)] == options else body
        name = name.removeprefix("py:")
        if name == "toctree":
            self.toctree(body)
        elif name in _CODE:
            self.out += _code([b for b in body if not re.match(r"^:[\w-]+:", b)] or [args])
        elif name in _OBJECTS:
            self.out += [
                f"**{_no_format(name.split(':')[-1])}** ''%%{args.replace('%%', '% %')}%%''",
                "",
            ]
            self.lines(content)
        elif name in _ADMONITIONS:
            label = _ADMONITIONS[name]
            head = " ".join(x for x in (label, args.strip()) if x)
            if head:
                self.out += [f"**{_no_format(head)}**", ""]
            self.lines(content)
        elif name in ("only", "container", "centered", "hlist", "glossary", "class", "epigraph"):
            self.lines(content)

    def lines(self, lines: list[str]) -> None:
        i = 0
        para: list[str] = []

        def flush() -> None:
            nonlocal para
            self.paragraph(para)
            para = []

        while i < len(lines):
            line = lines[i]
            stripped = line.strip()
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            if not stripped:
                ends_literal = bool(para) and para[-1].rstrip().endswith("::")
                flush()
                if ends_literal:
                    j = i
                    while j < len(lines) and not lines[j].strip():
                        j += 1
                    if j < len(lines) and _indent(lines[j]) > 0:
                        body, i = _block(lines, j, 0)
                        self.out += _code(body)
                        continue
                i += 1
                continue
            if (
                _ADORNMENT.match(line)
                and nxt.strip()
                and i + 2 < len(lines)
                and _ADORNMENT.match(lines[i + 2])
            ):
                flush()
                self.heading(nxt, "over" + stripped[0])
                i += 3
                continue
            if (
                not para
                and _ADORNMENT.match(nxt)
                and len(nxt.strip()) >= len(stripped) - 1
                and _indent(line) == 0
            ):
                self.heading(stripped, stripped and nxt.strip()[0])
                i += 2
                continue
            if _ADORNMENT.match(line) and not para:
                self.out += ["----", ""]
                i += 1
                continue
            if _indent(line) == 0 and stripped.startswith(".."):
                flush()
                m = _DIRECTIVE.match(stripped)
                body, i = _block(lines, i + 1, 0)
                if m:
                    self.directive(m.group(1), m.group(2), body)
                continue
            if _indent(line) == 0 and (
                stripped.startswith("+-") or re.match(r"^=+( +=+)+$", stripped)
            ):
                flush()
                end = i
                while end < len(lines) and lines[end].strip():
                    end += 1
                if re.match(r"^=+( +=+)+$", stripped):  # a simple table runs to its last rule
                    while end < len(lines) and not re.match(r"^=+( +=+)+$", lines[end - 1].strip()):
                        end += 1
                        while end < len(lines) and lines[end].strip():
                            end += 1
                self.out += _code(lines[i:end])
                i = end
                continue
            bullet = _BULLET.match(stripped) if _indent(line) == 0 and not para else None
            if bullet:
                body, end = _block(lines, i + 1, 0)
                marker = (
                    "-"
                    if bullet.group(1)[0] in "#(0123456789" or bullet.group(1)[0].isalpha()
                    else "*"
                )
                first = [bullet.group(2)]
                rest_start = next((k for k, b in enumerate(body) if not b.strip()), len(body))
                first += body[:rest_start]
                self.out.append(
                    f"  {marker} " + self.ctx.inline(" ".join(s.strip() for s in first))
                )
                if body[rest_start:]:
                    self.out.append("")
                    self.lines(body[rest_start:])
                i = end
                if i < len(lines) and not lines[i].strip():
                    nxt_line = next(
                        (lines[k] for k in range(i, len(lines)) if lines[k].strip()), ""
                    )
                    if not _BULLET.match(nxt_line.strip()) or _indent(nxt_line):
                        self.out.append("")
                continue
            if _indent(line) > 0 and not para:
                body, i = _block(lines, i, 0)
                self.lines(body)
                continue
            if para and _indent(line) > 0 and _indent(para[0]) == 0 and len(para) == 1:
                # a definition list item or field: the term, then its indented text
                term = para[0]
                para = []
                self.paragraph([term], "")
                self.out[-2] = (
                    f"**{self.out[-2]}**" if not self.out[-2].startswith("%%") else self.out[-2]
                )
                body, i = _block(lines, i, 0)
                self.lines(body)
                continue
            para.append(line)
            i += 1
        flush()


def convert(doc: str, text: str, modules: Mapping[str, str]) -> str:
    """The DokuWiki text of one reStructuredText source document."""
    converter = _Converter(_Context(doc, modules))
    converter.lines(text.replace("\t", "    ").splitlines())
    out = "\n".join(converter.out).strip() + "\n"
    return re.sub(r"\n{3,}", "\n\n", out)
