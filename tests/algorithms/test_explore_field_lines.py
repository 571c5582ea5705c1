"""`explore` on a package list in preformatted text, against the lab's truth: each package page
shows its control fields as "Label: value" lines of a ``<pre>`` (its section a link to the
section's list, which the list itself never links), and the list's one form box ("only
installed", ticked or not the same list) is no facet giving the packages an attribute: every
package page is read for its fields."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth

PACKAGES = {
    "bash-doc": ("doc", "5.2-2"),
    "git-doc": ("doc", "2.39-3"),
    "fonts-dejavu": ("fonts", "2.37-6"),
    "libjs-jquery": ("javascript", "3.6-1"),
    "liburi-perl": ("perl", "5.17-1"),
    "libwww-perl": ("perl", "6.68-1"),
    "netbase": ("net", "6.4"),
}


def _page(body: str) -> web.Response:
    form = '<form method="GET" action="pkgs"><input name="query" value="">'
    form += '<input name="installed" type="checkbox"> only installed packages</form>'
    html = f"<html><body><h1>Packages</h1>{form}<pre>{body}</pre></body></html>"
    return web.Response(text=html, content_type="text/html")


class _Packages(Site):
    """`/pkgs` lists the packages, one line each; `/pkgs?query=<name>` shows one's fields."""

    id = "package-fields"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path != "/pkgs":
            return web.Response(status=404, text="not found")
        name = request.query.get("query", "")
        if name in PACKAGES:
            section, version = PACKAGES[name]
            return _page(
                f"Package: {name}\nStatus: install ok installed\nPriority: optional\n"
                f'Section: <a href="pkgs?query=section%3D{section}">{section}</a>\n'
                f"Version: {version}\nDescription: {name} for the lab\n"
                " a continuation line: of the description\n"
            )
        lines = [
            f'ii  <a href="pkgs?query={n}">{n}</a>  {v}  all' for n, (_, v) in PACKAGES.items()
        ]
        return _page("Name  Version  Architecture\n" + "\n".join(lines))

    def truth(self, base_url: str) -> SiteTruth:
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"package": tuple(f"{base_url}/pkgs?query={n}" for n in PACKAGES)},
            target_type="package",
            seed_entity=f"{base_url}/pkgs?query=libwww-perl",
        )


async def test_field_lines_of_preformatted_records_are_read_past_a_facet_that_changes_nothing() -> (
    None
):
    async with LabServer([_Packages()]) as server:
        truth = server.truth("package-fields")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(
                session, truth.base_url + "/pkgs", entity_sample=truth.seed_entity
            )
    assert set(result.entities) == set(truth.target_entities)
    for name, (section, version) in PACKAGES.items():
        fields = result.entities[f"{truth.base_url}/pkgs?query={name}"]
        assert fields["Section"] == (section,) and fields["Version"] == (version,), fields
        assert fields["Description"] == (f"{name} for the lab",), fields
