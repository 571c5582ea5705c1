"""`explore` on a shop whose only product type is offered as a facet value counted as every
product the list shows ('car (30)' beside 30 cars): the value holds every entity of the start
list, paged to its end, so its query is made without loading its pages again; the brands are
explored as ever, against the site's truth."""

from __future__ import annotations

import math

from aiohttp import web

from siteseer.lab import Site, SiteTruth, pair_scores, set_scores
from tests.algorithms.explore_runs import serve_and_explore

PER_PAGE = 10
# (slug, brand): 30 cars over three brands
CARS = [(f"car-{n}", ("audi", "fiat", "opel")[n % 3]) for n in range(30)]


def _html(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


def _facet(heading: str, values: list[tuple[str, str, int]]) -> str:
    rows = "".join(f'<dd><a href="{url}">{name}</a> ({count})</dd>' for name, url, count in values)
    return f"<dl><dt>{heading}</dt>{rows}</dl>"


class _Shop(Site):
    id = "shop-counted-all"
    kind = "exploratory"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path.startswith("/car/"):
            return _html(f"<h1>{request.path.split('/')[2]}</h1><p>A car.</p>")
        if request.path != "/catalogue/":
            return web.Response(status=404, text="not found")
        brand = request.query.get("brand", "")
        shown = [c for c in CARS if not brand or c[1] == brand]
        pages = math.ceil(len(shown) / PER_PAGE)
        page = int(request.query.get("page", "1"))
        items = "".join(
            f'<li class="product"><h3><a href="/car/{s}/">{s}</a></h3><p>A car</p></li>'
            for s, _ in shown[(page - 1) * PER_PAGE : page * PER_PAGE]
        )
        keep = f"brand={brand}&" if brand else ""
        pager = "".join(
            f'<a href="/catalogue/?{keep}page={n}">{n}</a> ' for n in range(1, pages + 1)
        )
        side = ""
        if not brand:
            brands = sorted({b for _, b in CARS})
            side = _facet(
                "Brand",
                [(b, f"/catalogue/?brand={b}", sum(1 for c in CARS if c[1] == b)) for b in brands],
            ) + _facet("Type", [("car", "/catalogue/?type=car", len(CARS))])
        return _html(
            f'<aside>{side}</aside><main><p>{len(shown)} results</p><ol class="row">{items}</ol>'
            f'<div class="pager">{pager}</div></main>'
        )

    def truth(self, base_url: str) -> SiteTruth:
        urls = {s: f"{base_url}/car/{s}/" for s, _ in CARS}
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"car": tuple(urls.values())},
            target_type="car",
            seed_entity=urls["car-0"],
            attributes={urls[s]: {"brand": (b,)} for s, b in CARS},
            facet_values={"brand": tuple(sorted({b for _, b in CARS}))},
        )


async def test_a_value_counted_as_every_listed_entity_is_made_a_query_without_a_load() -> None:
    truth, result, loaded = await serve_and_explore(_Shop(), "/catalogue/")
    entities = set_scores(result.entities, truth.target_entities)
    assert entities.precision == entities.recall == 1.0
    pairs = pair_scores(result.entities, truth)
    assert pairs.precision == pairs.recall == 1.0
    assert not [u for u in loaded if "type=car" in u]
    # the value's query holds every car, as its pages would have listed them
    typed = [q for q in result.queries if q.conditions == (("Type", "car"),)]
    assert [len(q.entities) for q in typed] == [len(CARS)]
