"""`siteseer --help` starts fast: importing the command line loads none of the heavy modules.

Each heavy dependency is imported where it is used (a command's library module, a method, the
bench report), never by `import cli`. Checked in a fresh interpreter, on `sys.modules`, not by
timing.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("cv2", "matplotlib", "numpy", "playwright", "datasketch", "ray", "pandas", "scipy")


def _loaded_after(statement: str) -> list[str]:
    code = (
        f"import sys; {statement}; "
        f"print(' '.join(sorted(m for m in {HEAVY!r} if m in sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    return out.split()


def test_importing_the_cli_loads_no_heavy_module() -> None:
    assert _loaded_after("import cli") == []


def test_the_render_command_loads_no_heavy_module_before_it_needs_a_browser() -> None:
    # `siteseer render URL` on a static page is answered over HTTP: no browser, no numpy.
    assert _loaded_after("import cli; import siteseer.commands.render") == []


def _modules_after(statement: str, names: tuple[str, ...]) -> list[str]:
    code = f"import sys; {statement}; print(' '.join(m for m in {names!r} if m in sys.modules))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    return out.split()


def test_the_logging_setup_loads_no_crawler() -> None:
    # Every command's callback configures logging first (`siteseer.logs`): `siteseer CMD --help`
    # and a bad option are answered before the crawler and its HTTP client (aiohttp) load.
    assert _modules_after("import cli; import siteseer.logs", ("crawler", "aiohttp")) == []
