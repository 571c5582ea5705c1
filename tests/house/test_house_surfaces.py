"""The floors hold: each package is imported through its `__init__`, and no package reaches up.

The layers, lowest first: render → crawler → algorithms → output → lab → siteseer → cli.py. A
module may import the layers below its own, and only through their package surface, except the
modules listed in BY_NAME, which are imported by name because they pull in heavy dependencies
(rich, matplotlib) that the package surface keeps out. cli.py is the assembly point of siteseer/,
the commands' library, and imports each command module by name when its command runs.
"""

from __future__ import annotations

from pathlib import Path

from house_sources import imports

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("render", "crawler", "algorithms", "output", "lab", "siteseer", "cli")
BY_NAME = {
    "siteseer.crawler.progress",  # the CLI's progress line (rich)
    "siteseer.crawler.logstats",  # the periodic stats records off a terminal
    "siteseer.lab.bench",  # the method benchmark (matplotlib, every runner)
    "siteseer.lab.demo",
    "siteseer.lab.errors",
    "siteseer.lab.real",  # the real tier: a sub-package with its own surface
    "siteseer.lab.server",
    "siteseer.render.install",  # `python -m siteseer.render.install`; batch workers find or install a browser
    "siteseer.render.pool",  # BrowserPool's internals, for the throughput bench
    "siteseer.algorithms.features.dust",  # the DUST learner, for the DUST bench
    "siteseer.algorithms.features.urlshape",  # its pair test, for the DUST bench's every-pair row
    "siteseer.algorithms.ssup.pagination",  # SSUP's pagination, for the analysis bench
    "siteseer.algorithms.querycentric.labels",  # a facet's heading, for the headings bench
    "siteseer.algorithms.features.dom",  # the link DOM path of its list's rows
    "siteseer.batch",  # the batch engines and their values, for the batch bench
    "siteseer.choices",
    "siteseer.commands.batch",
}


def _modules() -> list[tuple[str, Path]]:
    found = [("cli", ROOT / "cli.py")]
    for package in LAYERS[:-1]:
        paths = sorted((ROOT / package).rglob("*.py"))
        if package == "siteseer":  # its links to the other layers are theirs
            paths = [p for p in paths if not p.is_symlink() and _real_under(p, ROOT / "siteseer")]
        found += [(package, path) for path in paths]
    found += [("bench", path) for path in sorted((ROOT / "bench").rglob("*.py"))]
    return found


def _real_under(path: Path, folder: Path) -> bool:
    return path.resolve().is_relative_to(folder.resolve())


def _layer(module: str) -> tuple[str, str]:
    """The layer a module name belongs to, and the rest of its name under that layer:
    `siteseer.render.pool` is ("render", "pool"), `siteseer.api` is ("siteseer", "api")."""
    top, _, rest = module.partition(".")
    if top != "siteseer":
        return top, rest
    second, _, below = rest.partition(".")
    if second in LAYERS and second != "siteseer":
        return second, below
    return "siteseer", rest


def test_every_module_is_imported_under_the_one_installed_name() -> None:
    bare = []
    for _, path in _modules():
        for line, module in imports(path):
            if module.partition(".")[0] in LAYERS and not module.startswith("siteseer"):
                bare.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for line, module in imports(path):
            if module.partition(".")[0] in LAYERS and not module.startswith("siteseer"):
                bare.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert not bare, "\n".join(bare)


def test_no_layer_imports_a_higher_one() -> None:
    rank = {name: i for i, name in enumerate(LAYERS)}
    wrong = []
    for package, path in _modules():
        if package == "bench":
            continue  # the benchmarks sit on top of everything
        for line, module in imports(path):
            top = _layer(module)[0]
            if top in rank and rank[top] > rank[package]:
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert not wrong, "\n".join(wrong)


def test_other_packages_are_imported_through_their_surface() -> None:
    deep = []
    for package, path in _modules():
        for line, module in imports(path):
            top, rest = _layer(module)
            own = top == package or (package, top) == ("cli", "siteseer")
            if top in LAYERS and not own and rest and module not in BY_NAME:
                deep.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert not deep, "\n".join(deep)
