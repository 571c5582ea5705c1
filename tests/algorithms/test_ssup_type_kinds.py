"""SSUP against the lab's truth on an API reference whose type pages name several sets of
fields, as Javadoc draws them: a class's page heads its tables "Modifier and Type", "Method",
an enum's "Enum Constant", "Description". The index lists every type of two packages
(``/api/lang/<Type>.html``, ``/api/lang/util/<Type>.html``); the seed is a class of the first,
and the second package's first type is an enum: a page naming the fields of a kind the level
already kept (an enum of the seed's package) is of the seed's type."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

# Package folder -> its types, (name, kind); each package's first type, in URL order, an enum.
_TYPES = {
    "lang": [
        (n, "enum" if i % 2 == 0 else "class")
        for i, n in enumerate(
            ("Arch", "Bits", "Chars", "Dates", "Enums", "Flags", "Glyphs", "Hashes", "Strings")
        )
    ],
    "lang/util": [
        (n, "enum" if i % 2 == 0 else "class")
        for i, n in enumerate(("Alpha", "Beta", "Gamma", "Delta", "Kappa", "Lambda", "Omega"))
    ],
}

_FIELDS = {
    "class": ("Modifier and Type", "Method", "Description"),
    "enum": ("Enum Constant", "Description"),
}


def _html(title: str, body: str) -> web.Response:
    nav = '<ul id="nav"><li><a href="/index.html">Overview</a></li></ul>'
    html = f"<html><head><title>{title}</title></head><body>{nav}{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _ApiReferenceSite(Site):
    """`/index.html` lists every type; `/api/<package>/<Type>.html` a type's page, a table
    headed by its kind's fields."""

    id = "type-kinds"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path in ("/", "/index.html"):
            items = "".join(
                f'<dt><a href="/api/{package}/{name}.html">{name}</a></dt><dd>A {kind}.</dd>'
                for package, types in _TYPES.items()
                for name, kind in types
            )
            return _html("Index", f'<main><dl class="index">{items}</dl></main>')
        for package, types in _TYPES.items():
            for name, kind in types:
                if request.path != f"/api/{package}/{name}.html":
                    continue
                head = "".join(f"<th>{f}</th>" for f in _FIELDS[kind])
                rows = "".join(
                    f'<tr><td><a href="#m{i}">m{i}</a></td><td>{kind} member</td></tr>'
                    for i in range(3)
                )
                # A class's page links its method summary from a bar of its own.
                bar = '<nav class="sub"><a href="#methods">Methods</a></nav>' * (kind == "class")
                table = f"<table><tr>{head}</tr>{rows}</table>"
                body = f"{bar}<main><h1>{kind} {name}</h1>{table}</main>"
                return _html(name, body)
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(
            f"{base_url}/api/{package}/{name}.html"
            for package, types in _TYPES.items()
            for name, _ in types
        )
        seed = f"{base_url}/api/lang/Hashes.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"type": pages},
            target_type="type",
            seed_entity=seed,
            seed_path=(f"{base_url}/index.html", seed),
            index_levels=((f"{base_url}/index.html",),),
        )


async def test_a_type_whose_pages_name_several_sets_of_fields_is_kept_whole() -> None:
    truth, result, downloaded = await serve_and_discover(_ApiReferenceSite())
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert len(downloaded) <= truth.lower_bound_downloads + 8, downloaded
