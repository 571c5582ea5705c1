"""`siteseer --help` starts fast: importing the command line loads none of the heavy modules.

Each heavy dependency is imported where it is used (a command's library module, a method, the
bench report), never by `import siteseer.cli`; every command's `--help` is answered by typer alone (no
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


def test_every_command_help_is_answered_by_typer_alone() -> None:
    # typer checks option values through pydantic; the options a group parses before its
    # command's --help keep their declared defaults, which are not checked again (cli._Group).
    code = (
        "import sys, typer.main\nfrom siteseer import cli\n"
        "def walk(group, path):\n"
        "    for name, command in getattr(group, 'commands', {}).items():\n"
        "        yield (*path, name)\n"
        "        yield from walk(command, (*path, name))\n"
        "commands = [(), *walk(typer.main.get_command(cli.app), ())]\n"
        "for args in commands:\n"
        "    try:\n"
        "        cli.app([*args, '--help'])\n"
        "    except SystemExit as e:\n"
        "        assert e.code == 0, (args, e.code)\n"
        "heavy = ('pydantic', 'aiohttp', 'rich', 'siteseer.crawler', 'siteseer.render', 'siteseer.lab', 'siteseer.algorithms')\n"
        "print(len(commands), *(m for m in heavy if m in sys.modules), file=sys.stderr)\n"
    )
    done = _python(code)
    count, *loaded = done.stderr.split()
    assert int(count) > 20  # the app, its groups and their commands
    assert loaded == []


def test_the_crawl_stack_loads_its_http_client_and_rich_when_used() -> None:
    # A page answered from the cache needs no HTTP client; a run off a terminal draws nothing.
    statement = (
        "import siteseer.crawler, siteseer.crawler.progress, siteseer.sessions, "
        "siteseer.commands.render"
    )
    assert _modules_after(statement, ("aiohttp", "rich", "warcio")) == []


def test_a_command_checks_only_the_option_values_given() -> None:
    # typer checks an option's value through a pydantic validator it builds for that option;
    # `siteseer render URL --render never` builds none: the twenty options left at their
    # declared defaults are not checked again, the URL (a str) and --render (a choice spelled
    # exactly) are converted by cli._plain_value (cli._Group.get_command).
    code = (
        "import sys, typer.main\nfrom siteseer import cli\n"
        "group = typer.main.get_command(cli.app)\n"
        "try:\n"
        "    group(['render', 'no-such-scheme://x', '--render', 'never'], standalone_mode=False)\n"
        "except Exception:\n"
        "    pass\n"
        "params = group.commands['render'].params\n"
        "built = [p.name for p in params if getattr(p, '_runtime_param', None) is not None]\n"
        "print('checked', len(params), *built)\n"
    )
    done = _python(code)
    _, count, *built = done.stdout.splitlines()[-1].split()
    assert int(count) > 10
    assert built == []


# What a start of `siteseer render URL --render never` from the cache and `siteseer config` must
# not load: the HTTP client, pydantic (typer's checks, the settings model), the browser, the
# methods' numerics.
START_UP_HEAVY = (*HEAVY, "aiohttp", "pydantic", "typer._adapters", "rich")


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
