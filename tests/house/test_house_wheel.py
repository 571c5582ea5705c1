"""The wheel installs one name: `siteseer`, typed, and a user's own modules do not shadow it.

The repository keeps the design's top-level folders (render/, crawler/, algorithms/, output/,
lab/, cli.py); siteseer/ links them in, so the wheel built from this tree holds them as
siteseer.render, siteseer.crawler, … and siteseer.cli. The wheel is built from a copy of the
tracked files with the project's own build back-end (no network), installed without its
dependencies into a fresh virtual environment, and used from a script that sits beside a
`render.py` of its own, the dependencies coming from this environment.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FLOORS = ("render", "crawler", "algorithms", "output", "lab")


def _run(*argv: str | Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [str(a) for a in argv],
        capture_output=True,
        text=True,
        check=False,
        **kwargs,  # type: ignore[call-overload]
    )
    assert done.returncode == 0, f"{argv} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done


def _tracked_copy(target: Path) -> Path:
    """The tracked files of the working tree, links kept as links, under `target`."""
    listed = _run("git", "ls-files", "-z", cwd=ROOT).stdout.split("\0")
    for name in filter(None, listed):
        source, copy = ROOT / name, target / name
        if not source.exists() and not source.is_symlink():
            continue  # deleted in the working tree, not yet committed
        copy.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            copy.symlink_to(os.readlink(source))
        else:
            shutil.copy2(source, copy)
    return target


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("wheel")
    source = _tracked_copy(tmp / "source")
    _run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--quiet",
        "--no-deps",
        "--no-build-isolation",
        "--wheel-dir",
        tmp / "dist",
        source,
    )
    (built,) = (tmp / "dist").glob("siteseer-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, set[str]]:
    """A fresh environment with the wheel alone installed: its interpreter, and the names the
    wheel added to its site-packages."""
    env = tmp_path_factory.mktemp("env")
    venv.create(env, with_pip=False)
    python = env / "bin" / "python"
    purelib = Path(
        _run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))").stdout.strip()
    )
    before = set(os.listdir(purelib))
    _run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps", wheel)
    added = {name for name in set(os.listdir(purelib)) - before if name != "__pycache__"}
    return python, added


def test_the_wheel_holds_one_top_level_package_with_its_floors_and_py_typed(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/")[0] for name in names}
    assert {t for t in tops if not t.endswith((".dist-info", ".data"))} == {"siteseer"}
    for floor in FLOORS:
        assert f"siteseer/{floor}/__init__.py" in names, floor
    assert "siteseer/cli.py" in names
    assert "siteseer/py.typed" in names
    assert "siteseer/render/extract.js" in names  # the page-side scripts travel with the code


def test_installing_adds_one_name_and_a_users_render_py_does_not_shadow_it(
    installed: tuple[Path, set[str]], tmp_path: Path
) -> None:
    python, added = installed
    assert {name for name in added if not name.endswith(".dist-info")} == {"siteseer"}

    (tmp_path / "render.py").write_text("raise ImportError('the user\\'s own render.py')\n")
    (tmp_path / "cli.py").write_text("raise ImportError('the user\\'s own cli.py')\n")
    (tmp_path / "script.py").write_text(
        "import siteseer\n"
        "from siteseer.render import Link\n"
        "from siteseer.cli import app\n"
        "import siteseer.render\n"
        "print(Link.__module__, siteseer.render.__file__)\n"
    )
    # The dependencies come from this environment; siteseer itself only from the wheel (this
    # environment's editable siteseer is a path hook its site-packages' .pth files install, and
    # a PYTHONPATH entry's .pth files are not read).
    deps = sysconfig.get_path("purelib")
    done = _run(python, "script.py", cwd=tmp_path, env={**os.environ, "PYTHONPATH": deps})
    module, file = done.stdout.split()
    assert module == "siteseer.render.snapshot"
    assert Path(file).is_relative_to(python.parents[1])  # the installed copy, not the repository

    help_ = _run(
        python.parent / "siteseer", "--help", cwd=tmp_path, env={**os.environ, "PYTHONPATH": deps}
    )
    assert "discover" in help_.stdout


def test_mypy_strict_finds_the_installed_package_typed(
    installed: tuple[Path, set[str]], tmp_path: Path
) -> None:
    python, _ = installed
    (tmp_path / "user.py").write_text(
        "from siteseer.render import Link\n\n\n"
        "def first_url(links: list[Link]) -> str:\n"
        "    return links[0].url\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--python-executable", str(python), "user.py"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert "Cannot find implementation or library stub" not in done.stdout, done.stdout
    assert "missing library stubs or py.typed marker" not in done.stdout, done.stdout
    assert done.returncode == 0, done.stdout
