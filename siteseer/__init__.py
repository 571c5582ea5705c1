"""siteseer: find the entity pages of JavaScript-heavy, exploratory web sites.

The Python API (README, "Python API")::

    import siteseer

    found = siteseer.discover_sync("http://127.0.0.1:8000/player/7", method="ssup")
    print(len(found.entities), found.cost.downloads)

    async with siteseer.Session(siteseer.SessionConfig(budget=300)) as session:
        found = await siteseer.discover(seed, session=session)
        shape = await siteseer.explore(start, session=session)

The methods (`discover`, `ssup`, `indesit`, `gpp`, `explore`, `url_templates`, `cluster_pages`,
`describe`, `is_instance`) are async, each with a blocking `<name>_sync` twin where a script
wants one; they are in `siteseer.api`. Their results (`Discovery`, `Exploration`, …), the
`Session` and its `SessionConfig`, the page types (`Snapshot`, `Link`, …) and the errors
(`CrawlError`, `UserError`) are re-exported here. The names are loaded on first use, so the
command line's own modules (`siteseer.commands`, `siteseer.errors`, `siteseer.sessions`,
`siteseer.outputs`) import nothing heavy through this package.

The command line's library lives beside the API: `siteseer.commands` holds one module per
command family, each taking a frozen options value and returning a typed result that `cli.py`
prints; `siteseer.errors` (the user errors the CLI turns into exit code 2), `siteseer.sessions`
(a Session from the command's options), `siteseer.chaining` (inputs read from another
command's outputs) and `siteseer.outputs` (writing output files) are shared by them. The
pytest plugin (`siteseer.pytest_plugin`) is registered through the ``pytest11`` entry point.
"""

from __future__ import annotations

import importlib
import typing

if typing.TYPE_CHECKING:
    from siteseer.algorithms import (
        Discovery,
        EntityDescription,
        Exploration,
        PageClustering,
        TemplateReport,
    )
    from siteseer.api import (
        cluster_pages,
        cluster_pages_sync,
        describe,
        describe_sync,
        discover,
        discover_sync,
        explore,
        explore_sync,
        gpp,
        indesit,
        is_instance,
        load_config,
        ssup,
        url_templates,
        url_templates_sync,
    )
    from siteseer.chaining import input_urls
    from siteseer.crawler import Cost, CrawlError, Session, SessionConfig
    from siteseer.errors import UserError
    from siteseer.render import Action, Control, Link, Snapshot, State

__all__ = [
    "Action",
    "Control",
    "Cost",
    "CrawlError",
    "Discovery",
    "EntityDescription",
    "Exploration",
    "Link",
    "PageClustering",
    "Session",
    "SessionConfig",
    "Snapshot",
    "State",
    "TemplateReport",
    "UserError",
    "__version__",
    "cluster_pages",
    "cluster_pages_sync",
    "describe",
    "describe_sync",
    "discover",
    "discover_sync",
    "explore",
    "explore_sync",
    "gpp",
    "indesit",
    "input_urls",
    "is_instance",
    "load_config",
    "ssup",
    "url_templates",
    "url_templates_sync",
]

_FROM = {
    "algorithms": (
        "Discovery",
        "EntityDescription",
        "Exploration",
        "PageClustering",
        "TemplateReport",
    ),
    "crawler": ("Cost", "CrawlError", "Session", "SessionConfig"),
    "render": ("Action", "Control", "Link", "Snapshot", "State"),
    "siteseer.api": (
        "cluster_pages",
        "cluster_pages_sync",
        "describe",
        "describe_sync",
        "discover",
        "discover_sync",
        "explore",
        "explore_sync",
        "gpp",
        "indesit",
        "is_instance",
        "load_config",
        "ssup",
        "url_templates",
        "url_templates_sync",
    ),
    "siteseer.chaining": ("input_urls",),
    "siteseer.errors": ("UserError",),
}
_LAZY = {name: module for module, names in _FROM.items() for name in names}


def __getattr__(name: str) -> object:
    if name == "__version__":
        from importlib import metadata  # here: `siteseer --help` does not wait for it

        try:
            return metadata.version("siteseer")
        except metadata.PackageNotFoundError:
            return "unknown"
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'siteseer' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
