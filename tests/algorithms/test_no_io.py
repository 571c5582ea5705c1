"""algorithms/ holds features and methods over Snapshots: no files, processes or network.

Every module under algorithms/ is parsed (not imported) and checked: it imports none of the
libraries that reach outside the process, calls no ``open()`` and no file method of a Path, and
draws nothing with OpenCV (reading screenshot pixels, as features/visual.py does for the XY-cut,
is a feature computation and allowed). Readers live in crawler/inputs.py, writers and drawing in
output/.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ALGORITHMS = Path(__file__).resolve().parents[2] / "algorithms"
MODULES = sorted(ALGORITHMS.rglob("*.py"))

FORBIDDEN_IMPORTS = {
    "aiohttp",
    "http",
    "matplotlib",
    "playwright",
    "requests",
    "shutil",
    "socket",
    "sqlite3",
    "subprocess",
    "tempfile",
    "warcio",
}
FILE_METHODS = {"open", "read_bytes", "read_text", "write_bytes", "write_text", "mkdir", "touch"}
CV2_OUTPUT = {
    "addWeighted",
    "circle",
    "drawContours",
    "getTextSize",
    "imread",
    "imshow",
    "imwrite",
    "imencode",
    "line",
    "polylines",
    "putText",
    "rectangle",
}


def io_uses(tree: ast.AST) -> list[str]:
    """What in a parsed module reaches outside the process, as ``line: what`` strings."""
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            names = []
        for name in names:
            if name.split(".")[0] in FORBIDDEN_IMPORTS or name == "urllib.request":
                found.append(f"{node.lineno}: import {name}")
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id == "open":
            found.append(f"{node.lineno}: open()")
        elif isinstance(func, ast.Attribute):
            owner = func.value.id if isinstance(func.value, ast.Name) else ""
            if owner == "cv2" and func.attr in CV2_OUTPUT:
                found.append(f"{node.lineno}: cv2.{func.attr}()")
            elif owner == "os" or (owner != "cv2" and func.attr in FILE_METHODS):
                found.append(f"{node.lineno}: {owner or '…'}.{func.attr}()")
    return found


def test_the_check_sees_io() -> None:
    source = """
import subprocess
from matplotlib import pyplot
from warcio.archiveiterator import ArchiveIterator
import cv2
def f(path, image):
    open(path)
    path.write_text("x")
    cv2.rectangle(image, (0, 0), (1, 1), (0, 0, 0))
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
"""
    assert io_uses(ast.parse(source)) == [
        "2: import subprocess",
        "3: import matplotlib",
        "4: import warcio.archiveiterator",
        "7: open()",
        "8: path.write_text()",
        "9: cv2.rectangle()",
    ]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ALGORITHMS)))
def test_algorithms_do_no_io(path: Path) -> None:
    assert io_uses(ast.parse(path.read_text(encoding="utf-8"), str(path))) == []


def test_every_module_is_checked() -> None:
    names = {p.relative_to(ALGORITHMS).as_posix() for p in MODULES}
    assert {"ssup/tree.py", "urltemplates.py", "explain.py", "features/visual.py"} <= names
