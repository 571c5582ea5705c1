"""The crawler stands on render's surface: `from render import …`, each type defined once."""

from __future__ import annotations

import ast
from pathlib import Path

from siteseer import crawler, render

PACKAGES = {
    "render": Path(render.__file__).parent,
    "crawler": Path(crawler.__file__).parent,
}


def _modules(package: str) -> dict[str, ast.Module]:
    return {
        f"siteseer.{package}.{path.stem}": ast.parse(path.read_text("utf-8"))
        for path in sorted(PACKAGES[package].glob("*.py"))
    }


def _top(module: str) -> str:
    """The package a module name is of: "rich" for rich.console, "render" for siteseer.render.x."""
    parts = module.split(".")
    return parts[1] if parts[0] == "siteseer" and len(parts) > 1 else parts[0]


def _types(tree: ast.Module) -> set[str]:
    """Public classes and type aliases (``Name = Literal[…]``, ``Callable[…]``) defined at the top."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Subscript):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return {n for n in names if not n.startswith("_")}


def test_each_type_is_defined_in_one_module() -> None:
    where: dict[str, str] = {}
    for package in PACKAGES:
        for module, tree in _modules(package).items():
            for name in _types(tree):
                assert name not in where, f"{name} is defined in {where[name]} and {module}"
                where[name] = module


def test_crawler_imports_render_through_its_surface() -> None:
    for module, tree in _modules("crawler").items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("siteseer.render."), f"{module}:{node.lineno}"
            elif isinstance(node, ast.Import):
                assert all(_top(a.name) != "render" for a in node.names), module


def test_the_only_deferred_imports_are_the_browser_rich_and_warcio() -> None:
    """Imports sit at the module top; the Session defers Playwright's loading to first need,
    the progress line rich's to where a line may be drawn, the inputs warcio's to an archive."""
    deferred: set[tuple[str, str]] = set()
    for module, tree in _modules("crawler").items():
        top = {id(node) for node in tree.body}
        for node in tree.body:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                top.update(id(inner) for inner in node.body)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and id(node) not in top and node.module:
                deferred.add((module, _top(node.module)))
            elif isinstance(node, ast.Import) and id(node) not in top:
                deferred.update((module, _top(a.name)) for a in node.names)
    assert deferred == {
        ("siteseer.crawler.session", "render"),  # `from render import BrowserPool`
        ("siteseer.crawler.progress", "rich"),
        ("siteseer.crawler.inputs", "warcio"),
    }
