"""Where `explore` starts on a hash-routed reference page, against the lab's truth: one page
lists every operation collapsed, each a route (``/#/ops/<name>``) whose load opens that
operation in place; the page's description links a heading it never renders
(``#section/Auth``) before the routes, and its own headings as routes with a query
(``#/?id=intro``, as a routed documentation names them: views of the page itself, none loaded
as a candidate list). The page is the list: found with no linked page loaded (the probe that
decides its routing aside), and explored to every operation."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from aiohttp import web

from siteseer.algorithms import explore, find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

pytestmark = pytest.mark.browser

OPERATIONS = tuple(f"op{n:02d}" for n in range(24))

PAGE = """<!DOCTYPE html><html><head><title>API</title></head><body>
<p>Calls need a token: see <a href="#section/Auth">authentication</a>.</p>
<p>Read <a href="#/?id=intro">the introduction</a> and <a href="#/?id=usage">usage</a>.</p>
<div id="ops"></div>
<script>
const ops = OPS;
function show() {
  const open = decodeURIComponent(location.hash).replace(/^#\\/ops\\//, '');
  document.getElementById('ops').innerHTML = ops.map(op => {
    let html = '<div class="op"><a href="#/ops/' + op + '">GET /' + op + '</a>'
      + '<span> Summary of ' + op + '</span>';
    if (op === open) {
      for (let i = 0; i < 14; i++) html += '<p>Parameter ' + i + ' of ' + op + '</p>';
    }
    return html + '</div>';
  }).join('');
}
window.addEventListener('hashchange', show);
show();
</script></body></html>"""


class _Reference(Site):
    id = "hash-reference"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path != "/":
            return web.Response(status=404, text="not found")
        ops = "[" + ",".join(f'"{op}"' for op in OPERATIONS) + "]"
        return web.Response(text=PAGE.replace("OPS", ops), content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        items = tuple(f"{base_url}/#/ops/{op}" for op in OPERATIONS)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"operation": items},
            target_type="operation",
            seed_entity=items[3],
            seed_path=(base_url + "/", items[3]),
            index_levels=((base_url + "/",),),
        )


@pytest_asyncio.fixture
async def served() -> AsyncIterator[SiteTruth]:
    async with LabServer([_Reference()]) as server:
        yield server.truth(_Reference.id)


async def test_a_hash_routed_reference_is_its_own_list(served: SiteTruth) -> None:
    truth = served
    async with Session(SessionConfig(render="auto", cache=None)) as session:
        assert truth.seed_entity is not None
        entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
        decided = list(session.routing_decisions.values())
        assert [d.hash_routed for d in decided] == [True]
        assert decided[0].probe == f"{truth.base_url}/#/ops/{OPERATIONS[0]}"
        assert entry.found and entry.url == truth.base_url + "/"
        assert entry.cost.downloads <= 3  # the page (plain and rendered) and the probe
        scored = {t.subject for t in entry.trace if t.decision == "score"}
        assert not {u for u in scored if "?id=" in u}  # its own headings
        result = await explore(session, entry.url, entity_sample=truth.seed_entity)
    found = [u for u in result.entities if "#/ops/" in u]
    assert set_scores(found, truth.target_entities).recall == 1.0
