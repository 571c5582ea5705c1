"""The real tier's framework without installing anything: ids, listing, venv stamps, child
processes, and the messages a missing install gives."""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from fake_app import FileServerApp

from siteseer.cli import app
from siteseer.lab.bench import plan
from siteseer.lab.real import (
    ALL_IDS,
    REAL_IDS,
    AppFailed,
    AppProcess,
    InstallFailed,
    NotInstalled,
    PyPackage,
    PythonEnv,
    debian,
    ensure_installed,
    entries,
    free_port,
    lab_site_class,
    real_app_class,
    resolve_site_ids,
)
from siteseer.lab.real.app import port_taken
from siteseer.lab.real.djangoadmin import admin_date
from siteseer.lab.real.djangoadmin import list_pages as change_list_pages
from siteseer.lab.real.gapminder import GapminderApp, entity_id
from siteseer.lab.real.planes import PlanesApp, list_pages
from siteseer.lab.real.pyenv import STAMP
from siteseer.lab.real.roundup import list_pages as roundup_pages
from siteseer.lab.registry import methods
from siteseer.lab.server import LabServer
from siteseer.lab.sites import SITE_IDS

runner = CliRunner()


def test_real_ids_start_with_real_and_follow_the_synthetic_ones() -> None:
    assert REAL_IDS == (
        "real-planes",
        "real-gapminder",
        "real-tiddlywiki",
        "real-dokuwiki",
        "real-devpi",
        "real-sqliteweb",
        "real-mkdocs",
        "real-sqladmin",
        "real-docsify",
        "real-hugo",
        "real-roundup",
        "real-cgit",
        "real-djangoadmin",
        "real-datasette",
        "real-reactadmin",
        "real-verdaccio",
        "real-mediawiki",
        "real-trac",
        "real-pelican",
        "real-gitweb",
        "real-sphinx",
        "real-jekyll",
        "real-fossil",
        "real-wordpress",
        "real-hgweb",
        "real-flaskadmin",
        "real-redmine",
        "real-loggerhead",
        "real-ikiwiki",
        "real-nikola",
        "real-pdoc",
        "real-pypiserver",
        "real-gitit",
        "real-klaus",
        "real-hexo",
        "real-man2html",
        "real-mhonarc",
        "real-doxygen",
        "real-moin",
        "real-htags",
        "real-vitepress",
        "real-kiwix",
        "real-sigal",
        "real-starletteadmin",
        "real-publicinbox",
        "real-eleventy",
        "real-drf",
        "real-otterwiki",
        "real-spirit",
        "real-phpliteadmin",
        "real-pydoctor",
        "real-oscar",
        "real-javadoc",
        "real-haddock",
        "real-mdbook",
        "real-calibreweb",
        "real-photologue",
        "real-rustdoc",
        "real-gtkdoc",
        "real-texinfo",
        "real-yard",
        "real-djangowiki",
        "real-rdoc",
        "real-handbook",
        "real-mezzanine",
        "real-askbot",
        "real-godoc",
        "real-piccoloadmin",
        "real-perlpod",
        "real-mallard",
        "real-puput",
        "real-gitdoc",
        "real-ldoc",
        "real-valadoc",
        "real-machina",
        "real-djangocms",
        "real-ocamldoc",
        "real-info2www",
        "real-rhelp",
        "real-nodedoc",
        "real-dirhtml",
        "real-docutils",
        "real-sqlitedoc",
        "real-pgdoc",
        "real-dpkgwww",
        "real-qdoc",
        "real-gramps",
        "real-vimdoc",
        "real-gidocgen",
        "real-papis",
        "real-pygeoapi",
        "real-chronicle",
        "real-swaggerui",
        "real-adminer",
        "real-lazygal",
        "real-jsdoc",
        "real-typedoc",
        "real-naturaldocs",
        "real-zim",
        "real-optunadash",
        "real-docusaurus",
        "real-coverage",
        "real-lcov",
        "real-shaarli",
        "real-ablog",
    )
    assert ALL_IDS == SITE_IDS + REAL_IDS
    assert all(i.startswith("real-") for i in REAL_IDS)
    assert not any(i.startswith("real-") for i in SITE_IDS)
    assert real_app_class("real-planes") is PlanesApp
    assert lab_site_class("real-gapminder") is GapminderApp


def test_resolve_expands_the_real_alias_and_keeps_order() -> None:
    assert resolve_site_ids(["council,real", "real-planes"]) == ["council", *REAL_IDS]
    assert resolve_site_ids([" real-gapminder , cars"]) == ["real-gapminder", "cars"]
    with pytest.raises(KeyError, match="unknown lab site nowhere; known: council"):
        resolve_site_ids(["real,nowhere"])


def test_entries_list_every_site_with_its_tier(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SITESEER_LAB_REAL", str(tmp_path))
    listed = {e.id: e for e in entries()}
    assert list(listed) == list(ALL_IDS)
    assert {listed[i].tier for i in SITE_IDS} == {"synthetic"}
    assert all(listed[i].installed for i in SITE_IDS)
    planes = listed["real-planes"]
    assert (planes.tier, planes.kind, planes.installed) == ("real", "entity-tree", False)
    assert "flask-appbuilder==5.3.0" in planes.needs[0]
    assert str(tmp_path / "real-planes" / "venv") in planes.needs[0]
    assert listed["real-gapminder"].kind == "shop"


def test_lab_list_says_what_to_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SITESEER_LAB_REAL", str(tmp_path))
    result = runner.invoke(app, ["lab", "list"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    council = next(line for line in lines if line.startswith("council "))
    assert council.split()[:4] == ["council", "synthetic", "entity-tree", "installed"]
    planes = next(line for line in lines if line.startswith("real-planes "))
    assert planes.split()[:3] == ["real-planes", "real", "entity-tree"]
    assert "not installed: `siteseer lab install --sites real-planes`" in planes
    assert any("needs PyPI dash==4.4.1" in line for line in lines)


def test_install_refuses_synthetic_sites() -> None:
    result = runner.invoke(app, ["lab", "install", "--sites", "council"])
    assert result.exit_code == 2
    assert "nothing to install for synthetic sites (council)" in result.stderr


def test_the_bench_plans_real_apps_only_when_named() -> None:
    registry = methods()
    assert not any(site.startswith("real-") for site, _ in plan([], [], registry))
    planned = plan(list(REAL_IDS), [], registry)
    by_site: dict[str, set[str]] = {}
    for site, spec in planned:
        by_site.setdefault(site, set()).add(spec.name)
    # an entity tree whose list has filters: the discovery methods and explore (`also`)
    assert {"ssup", "indesit", "follow-links", "explore"} <= by_site["real-planes"]
    # every real application lists its entities somewhere: explore is planned on each
    assert all("explore" in names for names in by_site.values()), by_site
    assert {"explore", "follow-links"} <= by_site["real-gapminder"]


async def test_serving_an_app_that_is_not_installed_says_what_to_run(tmp_path: Path) -> None:
    planes = PlanesApp("medium", home=tmp_path)
    with pytest.raises(NotInstalled) as caught:
        async with LabServer([planes]):
            pass
    assert str(caught.value) == (
        "real-planes: not installed; run `siteseer lab install --sites real-planes --size medium`"
    )
    with pytest.raises(NotInstalled):
        planes.truth("http://lab.invalid")


def test_a_venv_is_ready_only_with_the_packages_it_was_filled_with(tmp_path: Path) -> None:
    env = PythonEnv(tmp_path / "venv", (PyPackage("a==1"), PyPackage("b==2", deps=False)))
    assert not env.ready()
    (tmp_path / "venv" / "bin").mkdir(parents=True)
    env.python.write_text("")
    (env.path / STAMP).write_text(json.dumps(["a==1", "b==2 (no deps)"]))
    assert env.ready()
    assert not PythonEnv(env.path, (PyPackage("a==1"),)).ready()
    assert env.describe() == "PyPI a==1, b==2 (no deps)"


def test_list_pages_follow_flask_appbuilders_scheme() -> None:
    assert list_pages("/planes", "PlaneModelView", 51, 25) == (
        "/planes/list/",
        "/planes/list/?page_PlaneModelView=1",
        "/planes/list/?page_PlaneModelView=2",
    )
    assert list_pages("/planes", "PlaneModelView", 0) == ("/planes/list/",)


def test_roundup_pages_are_the_menus_first_page_then_the_next_links() -> None:
    first, second, third = roundup_pages("http://h:1/roundup", 101, 50)
    assert first == (
        "http://h:1/roundup/bug?%40columns=id%2Cactivity%2Ctitle%2Ccreator%2Cassignee%2Cstatus"
        "&%40dispname=Show+All&%40filter=status&%40group=priority&%40pagesize=50"
        "&%40search_text=&%40sort=-activity&%40startwith=0&status=-1%2C1%2C2%2C4"
    )
    assert second == first.replace("&%40search_text=", "").replace("startwith=0", "startwith=50")
    assert third == second.replace("startwith=50", "startwith=100")
    assert roundup_pages("http://h:1/roundup", 0) == (first,)


def test_django_change_list_pages_are_the_bare_list_then_the_paginators_links() -> None:
    first, second, last = change_list_pages("http://h:1", 101, 50)
    assert first == "http://h:1/admin/weather/day/"
    assert (second, last) == (first + "?p=2", first + "?p=3")
    assert change_list_pages("http://h:1", 0) == (first,)


def test_django_admin_dates_are_written_as_its_change_page_writes_them() -> None:
    assert admin_date("2012-01-01") == "Jan. 1, 2012"
    assert admin_date("2013-05-14") == "May 14, 2013"
    assert admin_date("2012-09-30") == "Sept. 30, 2012"


def test_gapminder_entity_ids_are_the_key_cell_under_the_page() -> None:
    assert entity_id("http://h:1/", "Côte d'Ivoire") == "http://h:1/#country=C%C3%B4te%20d%27Ivoire"
    assert entity_id("http://h:1", "Korea, Rep.") == "http://h:1/#country=Korea%2C%20Rep."


def test_free_port_never_hands_out_a_port_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel may offer a released port again before its server binds it; two sites must
    not both be given it."""
    offered = iter([41001, 41001, 41002, 41001, 41003])

    class Socket:
        def __enter__(self) -> Socket:
            return self

        def __exit__(self, *exc: object) -> None:
            return None

        def bind(self, address: tuple[str, int]) -> None:
            self.port = next(offered)

        def getsockname(self) -> tuple[str, int]:
            return ("127.0.0.1", self.port)

    monkeypatch.setattr("siteseer.lab.real.process.socket.socket", Socket)
    monkeypatch.setattr("siteseer.lab.real.process._HANDED_OUT", set())
    assert [free_port(), free_port(), free_port()] == [41001, 41002, 41003]


async def test_a_child_process_is_served_then_stopped_with_its_group(tmp_path: Path) -> None:
    port = free_port()
    argv = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)]
    process = AppProcess("test-http", argv, port, tmp_path / "serve.log", cwd=tmp_path)
    await process.start()
    pid = process.pid
    assert pid is not None
    assert os.getpgid(pid) == pid  # its own process group
    _reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.close()
    await writer.wait_closed()
    await process.stop()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert process.pid is None
    await process.stop()  # twice is harmless


async def test_a_child_is_ready_when_its_ready_page_answers_200(tmp_path: Path) -> None:
    """The root answers 200 at once, the ready page 404 until the child has written it."""
    port = free_port()
    server = f"{sys.executable} -m http.server --bind 127.0.0.1 {port}"
    # the folder appears with its page in it (renamed into place): http.server answers a folder
    # without index.html with 200 too
    write = "mkdir writing && touch writing/index.html && mv writing loaded"
    argv = ["sh", "-c", f"(sleep 1 && {write}) & exec {server}"]
    process = AppProcess(
        "test-ready", argv, port, tmp_path / "s.log", cwd=tmp_path, ready="/loaded/"
    )
    await process.start()
    try:
        assert (tmp_path / "loaded" / "index.html").is_file()
    finally:
        await process.stop()


async def test_a_child_that_exits_at_once_names_its_log(tmp_path: Path) -> None:
    argv = [sys.executable, "-c", "raise SystemExit(3)"]
    process = AppProcess("test-exit", argv, free_port(), tmp_path / "serve.log")
    with pytest.raises(AppFailed, match=r"test-exit: exited with code 3 .*serve\.log"):
        await process.start()


async def test_an_app_whose_port_is_taken_before_it_binds_it_starts_on_another(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process binds the port chosen for the app first: the app's server exits saying
    so, and the app is started again on a port chosen anew."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        taken = int(holder.getsockname()[1])
        chosen = iter([taken, free_port()])
        monkeypatch.setattr("siteseer.lab.real.app.free_port", lambda: next(chosen))
        app = FileServerApp(tmp_path)
        process = await app.start()
        try:
            assert process.port != taken
            assert port_taken(app.dir / "logs" / f"serve-{taken}.log")
            _reader, writer = await asyncio.open_connection("127.0.0.1", process.port)
            writer.close()
            await writer.wait_closed()
        finally:
            await process.stop()


async def test_an_app_that_fails_for_another_reason_is_started_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chosen: list[int] = []
    monkeypatch.setattr(
        "siteseer.lab.real.app.free_port", lambda: chosen.append(free_port()) or chosen[-1]
    )
    app = FileServerApp(tmp_path, [sys.executable, "-c", "raise SystemExit(3)"])
    with pytest.raises(AppFailed, match="exited with code 3"):
        await app.start()
    assert len(chosen) == 1


TERMINATED_SCRIPT = """
import asyncio, sys
from pathlib import Path
import click
from siteseer.commandline.base import run
from siteseer.lab.real import AppProcess, free_port

async def main():
    port = free_port()
    argv = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)]
    process = AppProcess("test-http", argv, port, Path(sys.argv[1]))
    await process.start()
    try:
        print(process.pid, flush=True)
        await asyncio.sleep(60)
    finally:
        await process.stop()

try:
    run(main())
except click.exceptions.Exit as e:
    sys.exit(e.exit_code)
"""


def test_sigterm_stops_the_applications_a_command_started(tmp_path: Path) -> None:
    """SIGTERM (as `timeout` sends) cancels the command like a second Ctrl-C: the application
    it started is stopped with its process group, and the command exits 143 with one line."""
    root = Path(__file__).resolve().parents[2]
    process = subprocess.Popen(
        [sys.executable, "-c", TERMINATED_SCRIPT, str(tmp_path / "serve.log")],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root), "NO_COLOR": "1"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        child = int(process.stdout.readline())
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 143, err
    assert "siteseer: terminated (SIGTERM)" in err and "Traceback" not in err
    with pytest.raises(ProcessLookupError):
        os.kill(child, 0)


class _SlowInstallApp(FileServerApp):
    """Installed once `install` has run; `install` holds on until a second installer has
    asked whether the application is installed (so both are under way at once)."""

    def __init__(self, home: Path) -> None:
        super().__init__(home)
        self.done = False
        self.asked = 0
        self.installs = 0
        self.others_asked = threading.Condition()

    def installed(self) -> bool:
        with self.others_asked:
            self.asked += 1
            self.others_asked.notify_all()
        return self.done

    def _install(self, progress: object) -> None:
        self.installs += 1
        with self.others_asked:  # the first installer's two questions, then the second's
            self.others_asked.wait_for(lambda: self.asked >= 3, timeout=30)
        self.done = True


def test_two_installers_of_one_application_install_it_once(tmp_path: Path) -> None:
    """A bench and `lab install` (or two benches) asking for the same application at once: the
    second waits for the first, then finds it installed, and nothing is installed twice over a
    half-made one."""
    site = _SlowInstallApp(tmp_path)
    installers = [threading.Thread(target=ensure_installed, args=([site], print)) for _ in "ab"]
    for thread in installers:
        thread.start()
    for thread in installers:
        thread.join(timeout=60)
    assert site.done and site.installs == 1


def test_apt_install_waits_for_another_apt_get_holding_dpkgs_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two applications' installs (two benches) run apt-get at once: the second waits for
    dpkg's lock instead of failing with "Could not get lock"."""
    steps: list[list[str]] = []
    monkeypatch.setattr(debian.os, "geteuid", lambda: 0)
    monkeypatch.setattr(debian, "APT_LOCK", tmp_path / "apt.lock")
    monkeypatch.setattr(debian, "run_step", lambda _id, _what, argv, *_: steps.append(argv))
    debian.apt_install("real-x", ("hello",), False, tmp_path / "install.log", print)
    assert [argv[argv.index("apt-get") + 3 :] for argv in steps] == [
        ["update"],
        ["install", "-y", "--no-install-recommends", "hello"],
    ]
    for argv in steps:
        option = argv[argv.index("-o") + 1]
        assert option == f"DPkg::Lock::Timeout={debian.LOCK_WAIT}" and debian.LOCK_WAIT >= 600


def test_apt_installs_side_by_side_take_turns(tmp_path: Path) -> None:
    """apt-get fails at once on the package lists' lock another `apt-get update` holds: an
    install waits for the other install's turn through siteseer's own lock file, and gives up
    with the file's name when the turn never comes."""
    lock_file = tmp_path / "apt.lock"
    with lock_file.open("a") as other, debian._apt_turn("real-a", lock_file):
        refused = pytest.raises(InstallFailed, match=r"apt\.lock")
        with refused, debian._apt_turn("real-b", lock_file, wait=0):
            pytest.fail("two installs ran apt-get at once")
        with pytest.raises(BlockingIOError):  # any other opener is refused too
            fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
    with debian._apt_turn("real-b", lock_file, wait=0):
        pass  # real-a's turn is over
