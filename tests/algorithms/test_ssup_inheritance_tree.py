"""SSUP against the lab's truth on an API reference whose class index is an inheritance tree
(pydoctor's ``classIndex.html``): a list of the root classes, each item nesting the list of its
subclasses (``ul/li/div/code/a``, ``ul/li/ul/li/div/code/a``, …), so that each depth of the
tree takes a link DOM path of its own. The seed is a class two levels down; a class page links
its base, if any, and a diagram of its subclasses, if any, so that the pages of one kind differ
in their links by where they sit in the tree. Every class of the tree is an entity."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

# module → (class, its base or None), bases first.
_CLASSES = {
    "core": [("Shape", None), ("Polygon", "Shape")],
    "shapes": [
        ("Circle", "Shape"),
        ("Square", "Polygon"),
        ("Triangle", "Polygon"),
        ("Pentagon", "Polygon"),
    ],
    "widgets": [
        ("AbstractWidget", None),
        ("Button", "AbstractWidget"),
        ("Label", "AbstractWidget"),
        ("Slider", "AbstractWidget"),
        ("Entry", "AbstractWidget"),
        ("CheckButton", "Button"),
        ("RadioButton", "Button"),
        ("ToggleButton", "Button"),
        ("LinkLabel", "Label"),
        ("SpinEntry", "Entry"),
        ("SearchEntry", "Entry"),
    ],
}


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


def _name(module: str, cls: str) -> str:
    return f"lib.{module}.{cls}"


class _InheritanceTreeSite(Site):
    """`/classIndex.html` nests each class under its base; `/moduleIndex.html` lists the
    modules, whose pages list no class; a class page links its base and its subclasses'
    diagram."""

    id = "inheritance-tree"
    kind = "entity-tree"

    def _bases(self) -> dict[str, str | None]:
        module = {c: m for m, classes in _CLASSES.items() for c, _ in classes}
        return {
            _name(m, c): (None if b is None else _name(module[b], b))
            for m, classes in _CLASSES.items()
            for c, b in classes
        }

    def _children(self, base: str | None) -> list[str]:
        return sorted(n for n, b in self._bases().items() if b == base)

    def _tree(self, base: str | None) -> str:
        items = "".join(
            f'<li><div><code><a href="{n}.html">{n}</a></code> - the {n.rsplit(".", 1)[1]}.'
            f"</div>{self._tree(n) if self._children(n) else ''}</li>"
            for n in self._children(base)
        )
        return f"<ul>{items}</ul>" if base else f'<ul id="summaryTree">{items}</ul>'

    def _class_page(self, name: str) -> str:
        base = self._bases()[name]
        parts = [f"<h1>Class {name}</h1>"]
        if base:
            parts.append(
                f'<p class="bases">Bases: <code><a href="{base}.html">{base}</a></code></p>'
            )
        if self._children(name):
            parts.append(f'<p class="diagram"><a href="diagrams/{name}.svg">Subclasses</a></p>')
        module = name.rsplit(".", 1)[0]
        parts.append(f'<p>Part of <code><a href="{module}.html">{module}</a></code></p>')
        return "".join(parts)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        nav = (
            '<nav class="navbar"><a href="classIndex.html">Classes</a> '
            '<a href="moduleIndex.html">Modules</a> <a href="index.html">API</a></nav>'
        )
        page = request.path.lstrip("/").removesuffix(".html")
        if page in ("", "index", "moduleIndex"):
            items = "".join(
                f'<li><code><a href="lib.{m}.html">lib.{m}</a></code></li>' for m in _CLASSES
            )
            return _html("API", f'{nav}<div class="page"><ul id="modules">{items}</ul></div>')
        if page == "classIndex":
            return _html("Classes", f'{nav}<div class="page">{self._tree(None)}</div>')
        if page in (f"lib.{m}" for m in _CLASSES):
            return _html(page, f'{nav}<div class="page"><h1>Module {page}</h1></div>')
        if page not in self._bases():
            return web.Response(status=404, text="not found")
        return _html(page, f'{nav}<div class="page">{self._class_page(page)}</div>')

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}/{n}.html" for n in self._bases())
        seed = f"{base_url}/{_name('shapes', 'Square')}.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"class": pages},
            target_type="class",
            seed_entity=seed,
            seed_path=(f"{base_url}/classIndex.html", seed),
            index_levels=((f"{base_url}/classIndex.html",),),
        )


async def test_an_inheritance_trees_classes_at_every_depth_are_the_seeds_kind() -> None:
    """The classes above and beside the seed's depth, whose pages link their subclasses where
    the seed's does not, are found with it."""
    truth, result, _ = await serve_and_discover(_InheritanceTreeSite())
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
