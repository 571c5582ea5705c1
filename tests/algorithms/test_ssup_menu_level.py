"""SSUP above an index page that the pages above link to through the site menu only.

A page-tree CMS as django CMS renders one: every page carries a menu of the site's sections
(and an "About" page); a section's page lists its documents below its text, the home page's own
list of children is empty, and a document shows its text under a breadcrumb. The seed's section
is the index page the climb confirms; the level above is the menu, whose other sections list
their documents in the same list. A site whose menu lists nothing like the section (a blog's
"About" and "Contact" beside its one list of posts) keeps its one level."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.algorithms.ssup.menus import named_below
from siteseer.lab import Site, SiteTruth, set_scores

SECTIONS = {"intro": 7, "topics": 12, "howto": 9, "ref": 15, "faq": 5}
_TOOLS = (("/about/", "About"), ("/contact/", "Contact"))


def _html(title: str, menu: str, crumbs: str, body: str) -> web.Response:
    html = (
        f'<!DOCTYPE html><html lang="en"><head><title>{title}</title></head><body>'
        f'<nav class="site-menu"><ul>{menu}</ul></nav>'
        f'<nav class="breadcrumb"><ul>{crumbs}</ul></nav><main>{body}</main></body></html>'
    )
    return web.Response(text=html, content_type="text/html")


def _item(href: str, text: str, mark: str = "sibling") -> str:
    return f'<li class="child {mark}"><a href="{href}">{text}</a></li>'


def _doc(section: str, k: int) -> str:
    return f"/{section}/{section}-guide-{k}/"


class _Cms(Site):
    """The sections of `SECTIONS` in the site menu (see the module docstring); `sections`:
    whether the menu lists them (else only the seed's, beside the tools)."""

    kind = "entity-tree"
    id = "menu-cms"
    sections: tuple[str, ...] = tuple(SECTIONS)

    def _menu(self, here: str) -> str:
        entries = [("/", "Documentation"), *((f"/{s}/", s.title()) for s in self.sections)]
        return "".join(
            _item(href, text, "selected" if href == here else "sibling")
            for href, text in (*entries, *_TOOLS)
        )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        home = _item("/", "Documentation")
        if path == "/":
            body = '<h1>Documentation</h1><p>Start here.</p><ul class="children"></ul>'
            return _html("Documentation", self._menu(path), home, body)
        if path in {href for href, _ in _TOOLS}:
            return _html("About", self._menu(path), home, "<h1>About</h1><p>Who we are.</p>")
        parts = [p for p in path.split("/") if p]
        if not parts or parts[0] not in self.sections:
            return web.Response(status=404)
        section = parts[0]
        crumbs = home + _item(f"/{section}/", section.title())
        if len(parts) == 1:
            items = "".join(
                _item(_doc(section, k), f"{section} guide {k}", "descendant")
                for k in range(SECTIONS[section])
            )
            body = f'<h1>{section.title()}</h1><p>The {section} guides.</p><ul class="children">{items}</ul>'
            return _html(section.title(), self._menu(path), crumbs, body)
        docs = {_doc(section, k) for k in range(SECTIONS[section])}
        if path not in docs:
            return web.Response(status=404)
        body = f"<h1>{parts[1]}</h1><p>The text of {parts[1]}.</p><p>More of it.</p>"
        return _html(parts[1], self._menu(f"/{section}/"), crumbs, body)

    def truth(self, base_url: str) -> SiteTruth:
        docs = tuple(base_url + _doc(s, k) for s in self.sections for k in range(SECTIONS[s]))
        seed = base_url + _doc(self.sections[0], 0)
        section = base_url + f"/{self.sections[0]}/"
        levels: tuple[tuple[str, ...], ...] = (
            (base_url + "/",),
            tuple(base_url + f"/{s}/" for s in self.sections),
        )
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"doc": docs},
            target_type="doc",
            seed_entity=seed,
            seed_path=(base_url + "/", section, seed),
            index_levels=levels if len(self.sections) > 1 else ((section,),),
        )


class _OneList(_Cms):
    """The menu lists the seed's section beside the tools only: nothing like it."""

    id = "menu-one-list"
    sections = ("topics",)


async def test_the_menu_listing_the_section_among_sections_is_the_level_above() -> None:
    truth, result, downloaded = await serve_and_discover(_Cms())
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.trace
    assert result.sample_path == truth.seed_path, result.trace
    assert set(result.index_pages[1]) == set(truth.index_levels[1])
    # The sections, the home page and the seed; a probe of a later group of documents at most.
    assert len(downloaded) <= truth.lower_bound_downloads + 2, downloaded


async def test_a_menu_of_pages_unlike_the_section_is_no_level() -> None:
    truth, result, downloaded = await serve_and_discover(_OneList())
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.trace
    assert len(result.sample_path) == 2, result.trace
    # The two tools probed for their yield at most.
    assert len(downloaded) <= truth.lower_bound_downloads + 3, downloaded


MODELS = {
    "cars": ("Name", "Cylinders", "Origin"),
    "owners": ("Owner", "City"),
    "garages": ("Garage", "Street", "Opened"),
}


class _Models(Site):
    """An admin of three models: every page carries a menu of their lists, each list a table
    under its own column headers listing its records straight below it (``/cars/car-3/``), a
    record showing its fields under their names. The menu lists the seed's list among lists of
    other kinds of records."""

    kind = "entity-tree"
    id = "menu-models"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        menu = "".join(_item(f"/{m}/", m.title()) for m in MODELS)
        parts = [p for p in path.split("/") if p]
        if not parts:
            return _html("Admin", menu, "", "<h1>Admin</h1><p>Pick a model.</p>")
        if parts[0] not in MODELS or len(parts) > 2:
            return web.Response(status=404)
        model, fields = parts[0], MODELS[parts[0]]
        crumbs = _item("/", "Admin") + _item(f"/{model}/", model.title())
        if len(parts) == 1:
            head = "".join(f"<th>{f}</th>" for f in fields)
            rows = "".join(
                f'<tr><td><a href="/{model}/{model[:-1]}-{k}/">{model} {k}</a></td>'
                + "<td>x</td>" * (len(fields) - 1)
                + "</tr>"
                for k in range(8)
            )
            body = f"<h1>{model.title()}</h1><table><tr>{head}</tr>{rows}</table>"
            return _html(model.title(), menu, crumbs, body)
        values = "".join(f"<dt>{f}</dt><dd>{parts[1]}</dd>" for f in fields)
        return _html(parts[1], menu, crumbs, f"<h1>{parts[1]}</h1><dl>{values}</dl>")

    def truth(self, base_url: str) -> SiteTruth:
        cars = tuple(f"{base_url}/cars/car-{k}/" for k in range(8))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"car": cars},
            target_type="car",
            seed_entity=cars[0],
            seed_path=(base_url + "/cars/", cars[0]),
            index_levels=((base_url + "/cars/",),),
        )


async def test_a_menu_of_other_kinds_of_records_is_no_level() -> None:
    truth, result, downloaded = await serve_and_discover(_Models())
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.trace
    assert result.sample_path == truth.seed_path, result.trace
    # The other models' lists list records named as the seed is, under other column headers:
    # one of them probed, no more.
    assert len(downloaded) <= truth.lower_bound_downloads + 1, downloaded


def test_a_record_behind_a_route_word_is_not_named_below_its_list() -> None:
    assert named_below("http://h/intro/", "http://h/intro/contributing/")
    assert not named_below("http://h/admin/car/list", "http://h/admin/car/details/1")
    assert not named_below("http://h/admin/flight/", "http://h/admin/flight/details/?id=1")
    assert not named_below("http://h/flights/flight/", "http://h/flights/flight/7/change/")
