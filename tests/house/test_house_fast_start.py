"""`siteseer --help` starts fast: importing the command line loads none of the heavy modules.

Each heavy dependency is imported where it is used (a command's library module, a method, the
bench report), never by `import siteseer.cli`; every command's `--help` is answered by click alone (no
pydantic, no crawler); the crawl stack loads its HTTP client (aiohttp) on the first fetch, rich
only where a progress line may be drawn, warcio only for an archive. Checked in a fresh
interpreter, on `sys.modules`, not by timing (bench/startup.py times them).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from siteseer.lab import LabServer

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("cv2", "matplotlib", "numpy", "playwright", "datasketch", "ray", "pandas", "scipy")


def _python(code: str) -> subprocess.CompletedProcess[str]:
    """`code` run in a fresh interpreter in the project's root (it must succeed)."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )


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
    assert _loaded_after("import siteseer.cli") == []


def test_the_render_command_loads_no_heavy_module_before_it_needs_a_browser() -> None:
    # `siteseer render URL` on a static page is answered over HTTP: no browser, no numpy.
    assert _loaded_after("import siteseer.cli; import siteseer.commands.render") == []


def test_the_discover_and_explore_commands_load_no_heavy_module_before_they_draw() -> None:
    # They write rows and files: OpenCV and numpy load where a screenshot is cut (the visual
    # lists' blocks) or drawn on (`siteseer explain`), not with the methods' modules.
    assert (
        _loaded_after("import siteseer.commands.discover; import siteseer.commands.explore") == []
    )


def _modules_after(statement: str, names: tuple[str, ...]) -> list[str]:
    code = f"import sys; {statement}; print(' '.join(m for m in {names!r} if m in sys.modules))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    return out.split()


def test_the_logging_setup_loads_no_crawler() -> None:
    # Every command's callback configures logging first (`siteseer.logs`): `siteseer CMD --help`
    # and a bad option are answered before the crawler and its HTTP client (aiohttp) load.
    assert (
        _modules_after("import siteseer.cli; import siteseer.logs", ("siteseer.crawler", "aiohttp"))
        == []
    )


def test_every_command_help_is_answered_by_click_alone() -> None:
    # Each command's declaration is loaded when it is asked for (cli.LazyGroup); its --help
    # loads neither pydantic nor the crawler, and of the algorithms only the method registry
    # (discover's and batch's --method choices), which imports no method. The crawl flags come
    # from the settings table (crawler.settings), which imports the standard library and
    # render's user agent (render.identity) alone, through the two floors' lazy surfaces.
    code = (
        "import sys, click\nfrom siteseer import cli\n"
        "def walk(group, path):\n"
        "    if not isinstance(group, click.Group):\n"
        "        return\n"
        "    ctx = click.Context(group)\n"
        "    for name in group.list_commands(ctx):\n"
        "        yield (*path, name)\n"
        "        yield from walk(group.get_command(ctx, name), (*path, name))\n"
        "commands = [(), *walk(cli.app, ())]\n"
        "for args in commands:\n"
        "    try:\n"
        "        cli.app([*args, '--help'])\n"
        "    except SystemExit as e:\n"
        "        assert e.code == 0, (args, e.code)\n"
        "heavy = ('pydantic', 'typer', 'aiohttp', 'rich', 'lxml', 'siteseer.lab')\n"
        "registry = ('siteseer.algorithms', 'siteseer.algorithms.methods')\n"
        "table = ('siteseer.crawler', 'siteseer.crawler.settings', 'siteseer.render', 'siteseer.render.identity')\n"
        "floors = ('siteseer.algorithms', 'siteseer.crawler', 'siteseer.render')\n"
        "methods = [m for m in sys.modules if m.startswith(floors) and m not in registry + table]\n"
        "print(len(commands), *(m for m in heavy if m in sys.modules), *methods, file=sys.stderr)\n"
    )
    done = _python(code)
    count, *loaded = done.stderr.split()
    assert int(count) > 20  # the app, its groups and their commands
    assert loaded == []


def test_a_command_loads_its_own_declaration_only() -> None:
    # cli.LazyGroup imports a command's declaration when it is asked for: `siteseer render
    # --help` loads siteseer/commandline/pages.py (and the shared base), no other family's.
    code = (
        "import sys\nfrom siteseer import cli\n"
        "try:\n"
        "    cli.app(['render', '--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(*sorted(m for m in sys.modules if m.startswith('siteseer.commandline.')), "
        "file=sys.stderr)\n"
    )
    loaded = _python(code).stderr.split()
    assert loaded == ["siteseer.commandline.base", "siteseer.commandline.pages"]


def test_the_method_registry_imports_no_method() -> None:
    # The registry names each entry point by "module:name", imported when the method runs.
    statement = "import siteseer.algorithms.methods as m; m.discovery_method('gpp')"
    code = f"import sys; {statement}; print(*(n for n in sys.modules if n.startswith('siteseer.')))"
    loaded = _python(code).stdout.split()
    assert loaded == ["siteseer.algorithms", "siteseer.algorithms.methods"]


def test_the_crawl_stack_loads_its_http_client_and_rich_when_used() -> None:
    # A page answered from the cache needs no HTTP client; a run off a terminal draws nothing.
    statement = (
        "import siteseer.crawler, siteseer.crawler.progress, siteseer.sessions, "
        "siteseer.commands.render"
    )
    assert _modules_after(statement, ("aiohttp", "rich", "warcio")) == []


def test_a_command_checks_its_option_values_without_pydantic() -> None:
    # click converts and checks every option value itself; `siteseer render URL --render
    # never` with a bad URL ends (exit 2) before anything builds a pydantic validator.
    code = (
        "import sys\nfrom siteseer import cli\n"
        "try:\n"
        "    cli.app(['render', 'no-such-scheme://x', '--render', 'never', '--no-cache'])\n"
        "except SystemExit as e:\n"
        "    print('exit', e.code, *(m for m in ('pydantic', 'typer') if m in sys.modules))\n"
    )
    done = _python(code)
    assert done.stdout.splitlines()[-1].split() == ["exit", "2"]


# What a start of `siteseer render URL --render never` from the cache and `siteseer config` must
# not load: the HTTP client, pydantic (the settings model), the browser, the
# methods' numerics.
START_UP_HEAVY = (*HEAVY, "aiohttp", "pydantic", "typer", "rich")


def _command_loads(args: list[str], cwd: Path) -> list[str]:
    """The START_UP_HEAVY modules loaded by `siteseer ARGS` (it must succeed), run as the
    `siteseer` script does, in a fresh interpreter in `cwd`."""
    code = (
        "import sys, runpy\n"
        f"sys.argv = ['siteseer', *{args!r}]\n"
        "try:\n"
        "    runpy.run_module('siteseer.cli', run_name='__main__')\n"
        "except SystemExit as e:\n"
        "    assert not e.code, e.code\n"
        f"print(' '.join(m for m in {START_UP_HEAVY!r} if m in sys.modules), file=sys.stderr)\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.upper().startswith("SITESEER_")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd, env=env
    )
    assert done.returncode == 0, done.stderr
    return done.stderr.splitlines()[-1].split()


def test_render_from_the_cache_and_config_load_no_heavy_module(
    lab: Callable[[str], LabServer], tmp_path: Path
) -> None:
    url = lab("testbed").url("testbed") + "/static"
    cache = str(tmp_path / "cache.sqlite")
    render = ["render", url, "--render", "never", "--cache", cache]
    _command_loads(render, tmp_path)  # fills the cache (this one downloads, with aiohttp)
    assert _command_loads(render, tmp_path) == []
    assert _command_loads(["config"], tmp_path) == []


def test_the_command_line_is_assembled_not_patched() -> None:
    # cli.py assembles the commands (cli.LazyGroup); their declarations live in
    # siteseer/commandline/, and nothing patches a library's parameter classes for speed.
    assert len((ROOT / "cli.py").read_text(encoding="utf-8").splitlines()) < 600
    for path in [ROOT / "cli.py", *sorted((ROOT / "siteseer" / "commandline").glob("*.py"))]:
        text = path.read_text(encoding="utf-8")
        assert "__class__ =" not in text and "typer" not in text, path.name
