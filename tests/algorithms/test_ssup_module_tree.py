"""SSUP against the lab's truth on an API reference's module index, as Haddock draws one: the
contents page lists every module in a collapsible tree, each namespace's modules in a list of
their own inside a ``details`` element under the namespace's item (``ul/li/details/ul/li``),
so that the modules of each depth sit in a link DOM path of their own. The seed is a module two
namespaces deep; the modules one and three deep are of its kind too."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

# Namespace -> its modules; a module that is itself a namespace lists its own below it.
_TREE = {
    "Data": {
        "Data.Lens": {f"Data.Lens.{n}": {} for n in ("Fold", "Getter", "Iso", "Prism", "Setter")},
        "Data.Map": {f"Data.Map.{n}": {} for n in ("Lazy", "Strict")},
        "Data.Text": {},
    },
    "Control": {
        "Control.Lens": {f"Control.Lens.{n}": {} for n in ("At", "Cons", "Each", "Empty", "Lens")},
        "Control.Monad": {},
    },
}


def _modules(tree: dict[str, dict]) -> list[str]:
    return [m for name, below in tree.items() for m in (name, *_modules(below))]


_NAMES = [m for top in _TREE.values() for m in _modules(top)]


def _page(name: str) -> str:
    return name.replace(".", "-") + ".html"


def _items(tree: dict[str, dict], depth: int) -> str:
    items = []
    for i, (name, below) in enumerate(tree.items()):
        link = f'<span class="module"><a href="{_page(name)}">{name}</a></span>'
        nested = f'<details id="n.{depth}.{i}" open><ul>{_items(below, depth + 1)}</ul></details>'
        items.append(f"<li>{link}{nested if below else ''}</li>")
    return "".join(items)


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _ModuleIndexSite(Site):
    """`/index.html` holds the tree; `/<Module>.html` a module's page, linking the contents,
    its source and its definitions' anchors."""

    id = "module-tree"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        bar = '<ul id="page-menu"><li><a href="index.html">Contents</a></li></ul>'
        if request.path in ("/", "/index.html"):
            tops = "".join(
                f'<li><span class="module">{top}</span><details id="n.{i}" open>'
                f"<ul>{_items(below, 1)}</ul></details></li>"
                for i, (top, below) in enumerate(_TREE.items())
            )
            return _html("lens", f'{bar}<div id="module-list"><ul>{tops}</ul></div>')
        name = next((m for m in _NAMES if request.path == "/" + _page(m)), None)
        if name is None:
            return web.Response(status=404, text="not found")
        defs = "".join(
            f'<p class="src"><a href="#v:{d}">{d}</a> :: a</p>' for d in ("view", "set", "over")
        )
        source = f'<a href="src/{name}.html">Source</a>'
        return _html(name, f'{bar}<div id="content"><h1>{name}</h1>{source}{defs}</div>')

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}/{_page(m)}" for m in _NAMES)
        seed = f"{base_url}/{_page('Data.Lens.Iso')}"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"module": pages},
            target_type="module",
            seed_entity=seed,
            seed_path=(f"{base_url}/index.html", seed),
            index_levels=((f"{base_url}/index.html",),),
        )


async def test_every_depth_of_a_collapsible_module_tree_is_one_list() -> None:
    truth, result, downloaded = await serve_and_discover(_ModuleIndexSite())
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert len(downloaded) <= truth.lower_bound_downloads + 8, downloaded
