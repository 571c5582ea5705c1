"""SSUP's climb does not take a section of the seed for its index page.

A manual's node pages (a CGI answering ``/doc?(m)<node>``) carry a bar of "Next" and "Up" links
and a menu of their own sections; each section's bar links its neighbour and, "Up", the node.
A section links to the seed beside one other page, both of which the seed lists in its menu:
it reads as an entry of the seed's list, not a list of the seed. The directory the URL's path
names above the seed (``/doc``) lists every program node: the index page, probed first as the
script's own page (`probes.bare_path`). Where the node list is elsewhere (the site's root, the
script's own page missing), `DRY_ENTRIES` sections are judged, each linking back and none an
index page, and the others are not probed."""

from __future__ import annotations

from dataclasses import replace

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.algorithms.ssup.probes import DRY_ENTRIES
from siteseer.lab import Site, SiteTruth, set_scores

PROGRAMS = 12
SECTIONS = ("Options", "Output", "Examples")


def _node(name: str) -> str:
    return "/doc?%28m%29" + name.replace(" ", "+")


def _html(title: str, bar: str, body: str) -> web.Response:
    return web.Response(
        text=f"<html><head><title>{title}</title></head><body><h1>{title}</h1>"
        f"<form action='/doc'><hr>{bar}<hr><input name='query'></form>{body}</body></html>",
        content_type="text/html",
    )


def _bar(**links: str) -> str:
    return "".join(f'{k}: <strong><a href="{_node(v)}">{v}</a></strong> ' for k, v in links.items())


def _menu(names: list[str]) -> str:
    return (
        "<dl>" + "".join(f'<dt><a href="{_node(n)}">{n}</a></dt><dd></dd>' for n in names) + "</dl>"
    )


def _prog(k: int) -> str:
    return f"p{k} invocation"


class _Manual(Site):
    kind = "entity-tree"
    id = "manual-nodes"
    sections: tuple[str, ...] = SECTIONS

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path != "/doc":
            return web.Response(status=404)
        node = request.query_string.replace("%28", "(").replace("%29", ")").replace("+", " ")
        programs = [_prog(k) for k in range(1, PROGRAMS + 1)]
        if not node:
            return _html("dir", "", _menu(programs))
        for k in range(1, PROGRAMS + 1):
            name = _prog(k)
            sections = [f"{name} {s}" for s in self.sections]
            if node == f"(m){name}":
                after = {"Next": _prog(k + 1)} if k < PROGRAMS else {}
                text = f"<pre>{name} prints things.</pre>"
                return _html(name, _bar(**after, Up="Top"), text + _menu(sections))
            for i, section in enumerate(sections):
                if node == f"(m){section}":
                    near = {"Next": sections[i + 1]} if i + 1 < len(sections) else {}
                    near |= {"Prev": sections[i - 1]} if i else {}
                    return _html(section, _bar(**near, Up=name), "<pre>details</pre>")
        if node == "(m)Top":
            return _html("Top", "", "<p>The manual.</p>")
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        nodes = tuple(f"{base_url}{_node(_prog(k))}" for k in range(1, PROGRAMS + 1))
        index = f"{base_url}/doc"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"program": nodes},
            target_type="program",
            seed_entity=nodes[4],
            seed_path=(index, nodes[4]),
            index_levels=((index,),),
        )


async def test_a_section_linking_up_to_the_seed_is_not_its_index_page() -> None:
    truth, result, _ = await serve_and_discover(_Manual())
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert result.index_pages[-1] == (truth.index_levels[0][0],), result.index_pages


class _LongManual(_Manual):
    """The node list is the site's root page; the script's own page (``/doc`` with no node)
    answers 404, so the climb judges the seed's sections before it climbs to the root."""

    id = "manual-long-nodes"
    sections = (*SECTIONS, "Sorting", "Colors", "Exit status", "Environment")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/":
            return _html("dir", "", _menu([_prog(k) for k in range(1, PROGRAMS + 1)]))
        if not request.query_string:
            return web.Response(status=404)
        return await super().handle(request)

    def truth(self, base_url: str) -> SiteTruth:
        index = f"{base_url}/"
        truth = super().truth(base_url)
        return replace(truth, seed_path=(index, truth.seed_entity), index_levels=((index,),))


async def test_a_seeds_sections_stop_once_they_all_link_back_and_none_lists_it() -> None:
    truth, result, downloaded = await serve_and_discover(_LongManual())
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert result.index_pages[-1] == (truth.index_levels[0][0],), result.index_pages
    seed = truth.seed_entity.removeprefix(truth.base_url + _node(""))
    sections = [u for u in downloaded if u.startswith(truth.base_url + _node(seed + " "))]
    # the other pages of the seed's URL template probed before them count too (`fullprobe.related`)
    assert 1 <= len(set(sections)) <= DRY_ENTRIES, downloaded


async def test_a_script_seed_probes_the_scripts_own_page_first() -> None:
    truth, result, downloaded = await serve_and_discover(_Manual())
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    # the script's own page, which the seed does not link, first (`probes.bare_path`)
    assert downloaded[:2] == [truth.seed_entity, truth.seed_path[0]], downloaded
