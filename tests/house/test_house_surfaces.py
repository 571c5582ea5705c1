"""The floors hold: each package is imported through its `__init__`, and no package reaches up.

The layers, lowest first: render → crawler → algorithms → output → lab → siteseer → cli.py. A
module may import the layers below its own, and only through their package surface, except the
modules listed in BY_NAME, which are imported by name because they pull in heavy dependencies
(rich, matplotlib) that the package surface keeps out. cli.py is the assembly point of siteseer/,
the commands' library, and imports each command module by name when its command runs.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("render", "crawler", "algorithms", "output", "lab", "siteseer", "cli")
BY_NAME = {
    "crawler.progress",  # the CLI's progress line (rich)
    "crawler.logstats",  # the periodic stats records off a terminal
    "lab.bench",  # the method benchmark (matplotlib, every runner)
    "lab.demo",
    "lab.errors",
    "lab.real",  # the real tier: a sub-package with its own surface
    "lab.server",
    "render.install",  # `python -m render.install`; batch workers find or install a browser
    "render.pool",  # BrowserPool's internals, for the throughput bench
    "siteseer.batch",  # the batch engines and their values, for the batch bench
    "siteseer.choices",
    "siteseer.commands.batch",
}


def _modules() -> list[tuple[str, Path]]:
    found = [("cli", ROOT / "cli.py")]
    for package in LAYERS[:-1]:
        found += [(package, path) for path in sorted((ROOT / package).rglob("*.py"))]
    found += [("bench", path) for path in sorted((ROOT / "bench").rglob("*.py"))]
    return found


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
    return out


def test_no_layer_imports_a_higher_one() -> None:
    rank = {name: i for i, name in enumerate(LAYERS)}
    wrong = []
    for package, path in _modules():
        if package == "bench":
            continue  # the benchmarks sit on top of everything
        for line, module in _imports(path):
            top = module.partition(".")[0]
            if top in rank and rank[top] > rank[package]:
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert not wrong, "\n".join(wrong)


def test_other_packages_are_imported_through_their_surface() -> None:
    deep = []
    for package, path in _modules():
        for line, module in _imports(path):
            top, _, rest = module.partition(".")
            own = top == package or (package, top) == ("cli", "siteseer")
            if top in LAYERS and not own and rest and module not in BY_NAME:
                deep.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert not deep, "\n".join(deep)
