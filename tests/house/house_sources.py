"""The house tests' reading of the sources: each file parsed once per test process, whichever
house tests ask (`from house_sources import classes, imports, runtime_imports`), and only what
they read kept: a file's imports and its classes' spans, not its syntax tree. (The trees of the
~470 files, kept for the rest of a test process, held about a million objects that every full
garbage collection of that process walked again.)"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path


@dataclass(frozen=True, slots=True)
class RuntimeImport:
    """An import statement that runs when its module does (at the top or deferred into a
    function, not under ``if TYPE_CHECKING:``): ``from <module> import <names>`` with its
    relative `level`, or ``import <names>`` (`module` None)."""

    module: str | None
    level: int
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Read:
    imports: tuple[tuple[int, str], ...]
    runtime: tuple[RuntimeImport, ...]
    classes: tuple[tuple[str, int, int], ...]


def _runtime_nodes(tree: ast.Module) -> list[ast.AST]:
    """Every node of `tree` outside `if TYPE_CHECKING:` blocks (imports there never run): the
    body of such a block is not walked into, its test and its else branch are."""
    found: list[ast.AST] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        found.append(node)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            todo += [node.test, *node.orelse]
        else:
            todo.extend(ast.iter_child_nodes(node))
    return found


@cache
def _read(path: Path) -> _Read:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imports: list[tuple[int, str]] = []
    classes: list[tuple[str, int, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            imports.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            imports += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ClassDef) and node.end_lineno is not None:
            classes.append((node.name, node.lineno, node.end_lineno))
    runtime: list[RuntimeImport] = []
    for node in _runtime_nodes(tree):
        if isinstance(node, ast.ImportFrom):
            names = tuple(alias.name for alias in node.names)
            runtime.append(RuntimeImport(node.module or "", node.level, names))
        elif isinstance(node, ast.Import):
            runtime.append(RuntimeImport(None, 0, tuple(alias.name for alias in node.names)))
    return _Read(tuple(imports), tuple(runtime), tuple(classes))


def imports(path: Path) -> tuple[tuple[int, str], ...]:
    """The absolute imports of `path`'s module, wherever they sit: (line, module name)."""
    return _read(path).imports


def runtime_imports(path: Path) -> tuple[RuntimeImport, ...]:
    """The import statements of `path`'s module that run (see `RuntimeImport`)."""
    return _read(path).runtime


def classes(path: Path) -> tuple[tuple[str, int, int], ...]:
    """The classes of `path`'s module, nested ones too: (name, first line, last line)."""
    return _read(path).classes
