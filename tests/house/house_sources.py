"""The house tests' reading of the sources: each file parsed once per test process, whichever
house tests ask (`from house_sources import imports, nodes, parsed`). The trees are read, never
changed."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path


@cache
def parsed(path: Path) -> ast.Module:
    """`path`'s module, parsed."""
    return ast.parse(path.read_text(encoding="utf-8"))


@cache
def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of `path`'s module (ast.walk's order)."""
    return tuple(ast.walk(parsed(path)))


@cache
def imports(path: Path) -> tuple[tuple[int, str], ...]:
    """The absolute imports of `path`'s module, wherever they sit: (line, module name)."""
    out: list[tuple[int, str]] = []
    for node in nodes(path):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
    return tuple(out)
