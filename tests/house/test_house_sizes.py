"""Small rooms: no source file over 900 lines, no class over 400, cli.py under 600, no import
circle between modules.

A file that grows past its bound wants splitting along its own seams; a class past 400 lines
wants collaborators it delegates to. The lab's site data (the synthetic sites' pages and their
records) is data, not code, and is left out of the file bound.
"""

from __future__ import annotations

from pathlib import Path

from house_sources import classes, runtime_imports

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("render", "crawler", "algorithms", "output", "lab", "bench")
SITE_DATA = ROOT / "lab" / "sites"
MAX_FILE, MAX_CLASS, MAX_CLI = 900, 400, 600


def _sources() -> list[Path]:
    found = [ROOT / "cli.py"]
    for folder in SOURCES:
        found += sorted((ROOT / folder).rglob("*.py"))
    found += [p for p in sorted((ROOT / "siteseer").rglob("*.py")) if p.resolve() == p.absolute()]
    return [p for p in found if not any(part.startswith(".") for part in p.parts)]


def _module(path: Path) -> str:
    relative = path.resolve().relative_to(ROOT).with_suffix("")
    parts = list(relative.parts)
    if parts[-1] == "__init__":
        parts.pop()
    if parts[0] == "bench":
        return ".".join(parts)
    return ".".join(["siteseer", *parts]) if parts[0] != "siteseer" else ".".join(parts)


def test_no_source_file_is_over_900_lines_and_cli_under_600() -> None:
    long = []
    for path in _sources():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        bound = MAX_CLI if path == ROOT / "cli.py" else MAX_FILE
        if lines > bound and not path.is_relative_to(SITE_DATA):
            long.append(f"{path.relative_to(ROOT)}: {lines} lines (at most {bound})")
    assert not long, "\n".join(long)


def test_no_class_is_over_400_lines() -> None:
    big = []
    for path in _sources():
        for name, first, last in classes(path):
            lines = last - first + 1
            if lines > MAX_CLASS:
                big.append(f"{path.relative_to(ROOT)}: class {name}, {lines} lines")
    assert not big, "\n".join(big)


def _imports(path: Path, module: str, known: set[str]) -> set[str]:
    """The project modules `module` imports when it runs: at its top or deferred into a
    function (a circle through a deferred import is a circle all the same), not under
    TYPE_CHECKING."""
    package = module if module in _packages else module.rpartition(".")[0]
    found: set[str] = set()
    for statement in runtime_imports(path):
        if statement.module is None:
            found.update(statement.names)
            continue
        base = statement.module
        if statement.level:
            anchor = package.split(".")
            anchor = anchor[: len(anchor) - (statement.level - 1)]
            base = ".".join([*anchor, base] if base else anchor)
        for name in statement.names:
            full = f"{base}.{name}"
            found.add(full if full in known else base)
    return {name for name in found if name in known and name != module}


_packages: set[str] = set()


def test_no_import_circle_between_modules() -> None:
    paths = {}
    for path in _sources():
        name = _module(path)
        if path.name == "__init__.py":
            _packages.add(name)
        paths[name] = path
    known = set(paths)
    graph = {name: _imports(path, name, known) for name, path in paths.items()}
    # A package's __init__ importing its own modules is its surface, not a circle: a module
    # importing a sibling through the package is what the surfaces test already forbids.
    for name in _packages:
        graph[name] = {m for m in graph[name] if not m.startswith(name + ".")}
    circles = _circles(graph)
    assert not circles, "\n".join(" -> ".join(sorted(c)) for c in circles)


def _circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module: each an import circle."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(node: str) -> None:
        order[node] = low[node] = len(order)
        stack.append(node)
        for other in graph.get(node, ()):
            if other not in order:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], order[other])
        if low[node] == order[node]:
            component = set()
            while True:
                member = stack.pop()
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(component)

    for node in sorted(graph):
        if node not in order:
            visit(node)
    return found
