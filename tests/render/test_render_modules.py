"""render's modules import one another at the top only, and without a cycle.

One import is deferred on purpose: render.http loads aiohttp on its first fetch (its import costs
more than a small page's fetch, and a crawl answered from its cache never needs it).
"""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

from siteseer import render

PACKAGE = Path(render.__file__).parent


def _modules() -> dict[str, ast.Module]:
    return {
        f"siteseer.render.{path.stem}": ast.parse(path.read_text("utf-8"))
        for path in sorted(PACKAGE.glob("*.py"))
        if path.stem != "__init__"
    }


DEFERRED = {("siteseer.render.http", "aiohttp")}


def test_no_imports_inside_functions_or_classes() -> None:
    for name, tree in _modules().items():
        top = {id(node) for node in tree.body}
        for node in tree.body:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                top.update(id(inner) for inner in node.body)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                imported = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                imported = [node.module or ""]
            else:
                continue
            below = id(node) not in top and any((name, m) not in DEFERRED for m in imported)
            assert not below, f"{name}:{node.lineno} imports below the module top"


def test_modules_import_siblings_not_the_package() -> None:
    for name, tree in _modules().items():
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                assert node.module != "siteseer.render", f"{name}:{node.lineno} imports from render"


def test_module_imports_have_no_cycle() -> None:
    graph = {
        name: {
            node.module
            for node in tree.body
            if isinstance(node, ast.ImportFrom)
            and node.module is not None
            and node.module.startswith("siteseer.render.")
        }
        for name, tree in _modules().items()
    }
    order = list(graphlib.TopologicalSorter(graph).static_order())  # raises CycleError
    assert order.index("siteseer.render.parse") < order.index("siteseer.render.snapshot")
    assert order.index("siteseer.render.snapshot") < order.index("siteseer.render.extract")
    assert order.index("siteseer.render.extract") < order.index("siteseer.render.extract_json")
