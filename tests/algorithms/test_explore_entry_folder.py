"""`explore` from the home page of a help server, against the lab's truth: the sample's list is
its folder's index document (``/library/data/html/00Index.html``), three links from the home
page and linked only from the list of packages; the folders themselves serve no list."""

from __future__ import annotations

from aiohttp import web
from explore_runs import serve_and_explore_from_entry

from siteseer.lab import Site, SiteTruth, set_scores

PACKAGES = {
    "base": ["abs", "apply", "cat", "paste", "sum"],
    "data": [
        "airmiles",
        "cars",
        "iris",
        "mtcars",
        "precip",
        "quakes",
        "rivers",
        "trees",
        "volcano",
        "women",
        "warpbreaks",
        "sleep",
    ],
}


def _page(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


class _HelpServer(Site):
    """`/` (and any unknown path) is an error page linking the manual's top; the top's tables
    link the manuals, a few files and the list of packages, whose rows link each package's
    `00Index.html`: a table of its help pages, each row the page's link and its title."""

    id = "help-server"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/doc/html/index.html":
            cells = [f'<a href="../manual/m{i}.html">Manual {i}</a>' for i in range(4)]
            cells += ['<a href="packages.html">Packages</a>', '<a href="about.html">About</a>']
            cells += [f'<a href="../{f}">{f}</a>' for f in ("AUTHORS", "COPYING", "THANKS", "NEWS")]
            rows = "".join(
                f"<tr><td>{a}</td><td>{b}</td></tr>"
                for a, b in zip(cells[::2], cells[1::2], strict=True)
            )
            return _page(f"<h1>Help</h1><table>{rows}</table>")
        if path.startswith("/doc/manual/m") or path.count("/") == 2:
            return _page("<h1>Manual</h1><p>Chapters.</p>")
        if path == "/doc/html/about.html":
            return _page("<h1>About</h1><p>Who wrote it.</p>")
        if path == "/doc/html/packages.html":
            rows = "".join(
                f'<tr><td><a href="../../library/{p}/html/00Index.html">{p}</a></td>'
                f"<td>The {p} package</td></tr>"
                for p in PACKAGES
            )
            return _page(f'<h1>Packages</h1><a href="index.html">Top</a><table>{rows}</table>')
        parts = path.strip("/").split("/")
        if len(parts) == 4 and parts[0] == "library" and parts[1] in PACKAGES:
            package, name = parts[1], parts[3].removesuffix(".html")
            if parts[3] == "00Index.html":
                rows = "".join(
                    f'<tr><td><a href="{t}.html">{t}</a></td><td>About {t}</td></tr>'
                    for t in PACKAGES[package]
                )
                top = '<a href="../../../doc/html/packages.html">Up</a>'
                return _page(f"<h1>Package {package}</h1>{top}<table>{rows}</table>")
            if name in PACKAGES[package]:
                return _page(f"<h1>{name}</h1><h3>Description</h3><p>About {name}.</p>")
        error = '<a href="/doc/html/index.html">Top</a> Only URLs under /doc and /library'
        return _page(f"<h1>error</h1>{error}")

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}/library/data/html/{t}.html" for t in PACKAGES["data"])
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": pages},
            target_type="page",
            seed_entity=f"{base_url}/library/data/html/iris.html",
        )


async def test_the_index_document_beside_the_sample_is_its_list() -> None:
    truth, entry, result = await serve_and_explore_from_entry(_HelpServer())
    # the folders above the sample serve the error page; the page beside it that the
    # list of packages links is its list
    assert entry.found and entry.url == truth.base_url + "/library/data/html/00Index.html"
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0


# -- a reference whose index of values names each module once a value --------------------------

MODULES = ["Array", "Buffer", "Bytes", "Char", "Hashtbl", "List", "Map", "Queue", "Set", "Stack"]
SUBMODULES = ["Hashtbl.Make", "Map.Make", "Set.Make"]  # in the index of values only
VALUES = [f"f{i}" for i in range(24)]


class _Reference(Site):
    """`/` is a table of the modules; `/index_values.html` a row per value of every module and
    submodule, the value's anchor in its page beside a link to the page; a module page links
    both."""

    id = "reference"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            rows = "".join(
                f'<tr><td class="module"><a href="{m}.html">{m}</a></td><td>About {m}.</td></tr>'
                for m in MODULES
            )
            return _page(f'<a href="index_values.html">Index of values</a><table>{rows}</table>')
        if path == "/index_values.html":
            rows = "".join(
                f'<tr><td><a href="{m}.html#VAL{v}">{v}</a> [<a href="{m}.html">{m}</a>]</td></tr>'
                for v in VALUES
                for m in MODULES + SUBMODULES
            )
            return _page(f'<a href="index.html">Top</a><table>{rows}</table>')
        name = path.strip("/").removesuffix(".html")
        if name in MODULES + SUBMODULES:
            up = '<a href="/">Top</a> <a href="index_values.html">Index of values</a>'
            return _page(f"{up}<h1>Module {name}</h1><p>Values.</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"module": tuple(f"{base_url}/{m}.html" for m in MODULES)},
            target_type="module",
            seed_entity=f"{base_url}/List.html",
        )


async def test_an_index_of_values_is_no_list_of_their_modules() -> None:
    truth, entry, result = await serve_and_explore_from_entry(_Reference())
    # the index of values links more pages, but each 48 times (24 values, each an
    # anchor and a link): the table of modules is the list
    assert entry.found and entry.url == truth.base_url + "/"
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
