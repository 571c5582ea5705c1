"""SSUP's climb from a seed a script names by a query (``/cgi-bin/pkg?query=name``, as
dpkg-www and info2www do) that links to the other values' records but not to the script's
own page, which lists every record: that page is probed first, against the truth of a
generated package browser."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.algorithms.ssup.probes import bare_path
from siteseer.lab import Site, SiteTruth, set_scores
from siteseer.render import Snapshot
from siteseer.render.extract import snapshot_from_html

PACKAGES = tuple(f"lib{n:02d}-perl" for n in range(30))
SECTIONS = ("perl", "libs", "net")


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body><h1>{title}</h1>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _PackageBrowser(Site):
    """`/cgi-bin/pkg` lists every installed package; a package's page
    (`/cgi-bin/pkg?query=<name>`) shows its fields and links the packages it depends on, its
    section's query, and its documentation files (not served), never the list."""

    id = "package-browser"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path != "/cgi-bin/pkg":
            return web.Response(status=404)
        query = request.query.get("query")
        if query is None:
            rows = "".join(f'<li><a href="/cgi-bin/pkg?query={p}">{p}</a></li>' for p in PACKAGES)
            return _html("Installed packages", f"<ul>{rows}</ul>")
        if query.startswith("section="):
            section = query.removeprefix("section=")
            names = [p for i, p in enumerate(PACKAGES) if SECTIONS[i % 3] == section]
            rows = "".join(f"<tr><td>{p}</td><td>ii</td></tr>" for p in names)
            return _html(f"Section {section}", f"<table>{rows}</table>")
        if query not in PACKAGES:
            return web.Response(status=404)
        i = PACKAGES.index(query)
        depends = ", ".join(
            f'<a href="/cgi-bin/pkg?query={PACKAGES[(i + k) % 30]}">{PACKAGES[(i + k) % 30]}</a>'
            for k in (1, 2, 3)
        )
        docs = "".join(
            f'<li><a href="/cgi-bin/doc?location=/usr/share/doc/{query}/{f}">{f}</a></li>'
            for f in ("changelog.gz", "copyright", "README")
        )
        fields = (
            f"<dl><dt>Package</dt><dd>{query}</dd><dt>Version</dt><dd>1.{i}</dd>"
            f'<dt>Section</dt><dd><a href="/cgi-bin/pkg?query=section%3D{SECTIONS[i % 3]}">'
            f"{SECTIONS[i % 3]}</a></dd><dt>Depends</dt><dd>{depends}</dd></dl>"
        )
        return _html(f"Package {query}", f"{fields}<ul>{docs}</ul>")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/cgi-bin/pkg?query={p}" for p in PACKAGES)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"package": urls},
            target_type="package",
            seed_entity=urls[7],
            seed_path=(f"{base_url}/cgi-bin/pkg", urls[7]),
            index_levels=((f"{base_url}/cgi-bin/pkg",),),
        )


def test_the_bare_path_of_a_query_seed() -> None:
    def page(url: str, *links: str) -> Snapshot:
        anchors = "".join(f'<a href="{u}">x</a>' for u in links)
        return snapshot_from_html(url, url, 200, f"<html><body>{anchors}</body></html>")

    assert bare_path(page("http://h/cgi-bin/pkg?query=a", "/cgi-bin/pkg?query=b")) == {
        "http://h/cgi-bin/pkg"
    }
    assert bare_path(page("http://h/cgi-bin/pkg?query=a", "/cgi-bin/pkg")) == frozenset()
    assert bare_path(page("http://h/cgi-bin/pkg?query=a", "/members.php")) == frozenset()
    assert bare_path(page("http://h/?p=repo;a=commit")) == frozenset()  # the site root
    assert bare_path(page("http://h/repo/commit/?id=f00")) == frozenset()  # a folder's route
    assert bare_path(page("http://h/docs/page.html")) == frozenset()  # no query


async def test_the_script_page_is_probed_before_the_other_records() -> None:
    truth, result, downloaded = await serve_and_discover(_PackageBrowser(), height=1)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 == 1.0, (scores, result.trace)
    assert result.sample_path == truth.seed_path
    # the seed, then the script's own page: no dependency, section or document before it
    assert downloaded == [truth.seed_entity, truth.seed_path[0]], downloaded
