"""SSUP on a documentation whose menu is a tree built of ``div`` blocks (Natural Docs' HTML).

Every page carries the menu: an entry is ``div.MEntry > div.MFile > a``; a group of entries is
an entry ``div.MEntry > div.MGroup`` holding a toggle and ``div.MGroupContent``, whose own
entries are built like the top ones (``div.MEntry > div.MFile > a``), and a group of index
entries (``div.MIndex``) closes it. Modules live at ``/files/Pkg/<Name>-pm.html`` and their
sub-modules at ``/files/Pkg/<Name>/<Sub>-pm.html``; a module's summary cross-links a few
others in a table, and a sub-module links back to its parent there. The file index
``/index/Files.html`` lists every module in a table, and the site root is a refresh to the
first module.

The menu lists the seed among pages like it, its groups' entries and all: no page's summary
table, which the menu holds whole, is the seed's index page.
"""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

_TOP = ("Builder", "Config", "Error", "File", "Languages", "Menu", "Parser", "Project", "Settings")
_GROUPS = {
    "Builder": ("Base", "Framed", "Plain"),
    "Languages": ("Ada", "Pascal", "Perl", "Python", "Tcl"),
    "Parser": ("JavaDoc", "Native", "ParsedTopic"),
}
_INDEXES = ("Classes", "Files", "Functions", "General")


def _modules() -> list[str]:
    top = [f"/files/Pkg/{n}-pm.html" for n in _TOP]
    return top + [f"/files/Pkg/{g}/{s}-pm.html" for g, subs in _GROUPS.items() for s in subs]


def _entry(link: str, text: str, kind: str = "MFile") -> str:
    return f'<div class=MEntry><div class={kind}><a href="{link}">{text}</a></div></div>'


def _menu() -> str:
    entries, group = [], 0
    for name in _TOP:
        entries.append(_entry(f"/files/Pkg/{name}-pm.html", name))
        if name in _GROUPS:
            group += 1
            inner = "".join(_entry(f"/files/Pkg/{name}/{s}-pm.html", s) for s in _GROUPS[name])
            entries.append(
                f"<div class=MEntry><div class=MGroup><a href=\"javascript:ToggleMenu('G{group}')\">"
                f"{name}</a><div class=MGroupContent id=G{group}>{inner}</div></div></div>"
            )
    index = "".join(_entry(f"/index/{n}.html", n, "MIndex") for n in _INDEXES)
    entries.append(
        "<div class=MEntry><div class=MGroup><a href=\"javascript:ToggleMenu('GI')\">Index</a>"
        f"<div class=MGroupContent id=GI>{index}</div></div></div>"
    )
    return f"<div id=Menu>{''.join(entries)}</div>"


def _page(title: str, body_class: str, content: str) -> web.Response:
    html = (
        f"<html><head><title>{title}</title></head><body class={body_class}>"
        f"{content}{_menu()}</body></html>"
    )
    return web.Response(text=html, content_type="text/html")


def _module(path: str) -> web.Response:
    modules = _modules()
    k = modules.index(path)
    name = path.rsplit("/", 1)[1].removesuffix("-pm.html")
    see = [modules[(k + d) % len(modules)] for d in (3, 7)]
    parent = path.rsplit("/", 1)[0] + "-pm.html"
    if parent in modules:  # a sub-module names its parent in its summary
        see.append(parent)
    rows = "".join(
        f'<tr class=SMain><td class=SEntry><a href="#{name}.f{j}">f{j}</a></td>'
        f'<td class=SDescription>Uses <a href="{u}">{u}</a>.</td></tr>'
        for j, u in enumerate(see)
    )
    summary = f"<div class=Summary><table class=STable>{rows}</table></div>"
    topics = "".join(
        f"<div class=CTopic><h3 id={name}.f{j}>f{j}</h3>"
        f'<div class=CBody><p>Called by <a href="{see[0]}#f{j}">f{j}</a>.</p></div></div>'
        for j in range(3)
    )
    return _page(name, "ContentPage", f"<div id=Content><h1>{name}</h1>{summary}{topics}</div>")


def _index(kind: str, whole: bool) -> web.Response:
    # an index of the topics of its kind, each at its module's anchor; a whole one lists
    # every module as well
    rows = "".join(
        f'<tr><td class=IEntry><a href="{u}#{kind}.{j}" class=ISymbol>{kind}.{j}</a></td></tr>'
        for j, u in enumerate(_modules()[1:4])
    )
    if whole:
        rows += "".join(f'<tr><td class=IEntry><a href="{u}">{u}</a></td></tr>' for u in _modules())
    return _page(
        kind, "IndexPage", f"<div id=Index><h1>{kind} Index</h1><table>{rows}</table></div>"
    )


class _NaturalDocs(Site):
    id = "block-menu"
    kind = "entity-tree"
    whole = False  # the file index lists every module

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            refresh = f'<meta http-equiv="Refresh" content="0; URL={_modules()[0][1:]}">'
            return web.Response(
                text=f"<html><head>{refresh}</head></html>", content_type="text/html"
            )
        if path in _modules():
            return _module(path)
        if path.startswith("/index/") and path[7:].removesuffix(".html") in _INDEXES:
            return _index(path[7:].removesuffix(".html"), self.whole and "Files" in path)
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        modules = tuple(base_url + m for m in _modules())
        seed = base_url + "/files/Pkg/Parser-pm.html"
        index = base_url + "/index/Files.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"module": modules},
            target_type="module",
            seed_entity=seed,
            seed_path=(index, seed),
            index_levels=((index,),),
        )


class _WholeIndex(_NaturalDocs):
    whole = True


async def test_a_menu_of_nested_blocks_is_the_seed_s_level() -> None:
    truth, result, downloaded = await serve_and_discover(_NaturalDocs())
    scores = set_scores(result.entities, truth.target_entities)
    # every module, the groups' too, and none of the indexes the menu lists beside them
    assert scores.recall == 1.0, sorted(set(truth.target_entities) - set(result.entities))
    assert scores.f1 == 1.0, sorted(set(result.entities) - set(truth.target_entities))
    # the index entry before the file index in the menu is no root of a trail above it
    assert f"{truth.base_url}/index/Classes.html" not in downloaded, downloaded


async def test_a_file_index_of_every_module_beside_the_menu_keeps_the_groups() -> None:
    truth, result, _ = await serve_and_discover(_WholeIndex())
    scores = set_scores(result.entities, truth.target_entities)
    # the sub-modules the seed links to through the menu alone are no menu entries: the menu
    # lists the seed's own group too
    assert scores.f1 == 1.0, sorted(set(truth.target_entities) ^ set(result.entities))
