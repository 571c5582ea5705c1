"""SSUP on a browsable API: every page (the API's root, a collection's pages, a record) is one
template showing the response's JSON in a ``pre``, its URLs as links. The root lists three
collections (countries, subdivisions naming their country, languages), each paged; the
records of a collection name their fields by its JSON keys. The countries are the entities.
Another API lists countries and currencies, whose records name three of the four fields a
country's name."""

from __future__ import annotations

import html
import json
from typing import ClassVar

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.algorithms.features.dom import label_schema, record_fields
from siteseer.lab import Site, SiteTruth, set_scores
from siteseer.render import Snapshot

PAGE = 10
COUNTRIES = [f"C{i:02d}" for i in range(34)]
SUBDIVISIONS = [f"{c}-{k}" for c in COUNTRIES for k in range(3)]
LANGUAGES = [f"l{i:02d}" for i in range(25)]
CURRENCIES = [f"K{i:02d}" for i in range(15)]
KEYS = {"countries": COUNTRIES, "subdivisions": SUBDIVISIONS, "languages": LANGUAGES}


def _record(base: str, kind: str, key: str) -> dict[str, object]:
    """The JSON of one record of `kind`, its URLs under `base`."""
    url = f"{base}/api/{kind}/{key}/"
    if kind == "countries":
        return {"url": url, "alpha_2": key, "name": f"Country {key}", "flag": "F"}
    if kind == "subdivisions":
        country = f"{base}/api/countries/{key.split('-')[0]}/"
        return {"url": url, "code": key, "subdivision_name": f"Sub {key}", "country": country}
    if kind == "currencies":
        return {"url": url, "alpha_2": key, "name": f"Currency {key}"}
    return {"url": url, "iso639": key, "endonym": f"Lang {key}", "family": "f", "script": "s"}


def _pre(value: object) -> str:
    """`value` pretty-printed as JSON, each URL a link, as a browsable API shows it."""
    text = html.escape(json.dumps(value, indent=4))
    for word in set(text.split("&quot;")):
        if word.startswith("http://"):
            text = text.replace(f"&quot;{word}&quot;", f'&quot;<a href="{word}">{word}</a>&quot;')
    return f'<pre class="prettyprint">{text}</pre>'


class _ApiSite(Site):
    """The API's root /api/, /api/<kind>/ paged by ?page=N, /api/<kind>/<key>/."""

    id = "api"
    kind = "entity-tree"
    collections: ClassVar[dict[str, list[str]]] = KEYS

    @staticmethod
    def _html(path: str, value: object) -> web.Response:
        parts = [p for p in path.split("/") if p]
        crumbs = "".join(
            f'<li><a href="/{"/".join(parts[:k])}/">{parts[k - 1]}</a></li>'
            for k in range(1, len(parts) + 1)
        )
        formats = "".join(
            f'<li><a class="format-option" href="{path}?format={f}">{f}</a></li>'
            for f in ("api", "json")
        )
        page = (
            f"<html><head><title>{path}</title></head><body><div class='navbar'>"
            "<a class='brand' href='https://api.example.org/'>API</a></div>"
            f"<ul class='breadcrumb'>{crumbs}</ul><div class='content'>"
            f"<ul class='dropdown-menu'>{formats}</ul>"
            f"<h1>{path}</h1><div class='response-info'>{_pre(value)}</div></div></body></html>"
        )
        return web.Response(text=page, content_type="text/html")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        base = f"{request.scheme}://{request.host}"
        parts = [p for p in request.path.split("/") if p]
        if parts == ["api"]:
            return self._html(request.path, {k: f"{base}/api/{k}/" for k in self.collections})
        if len(parts) == 2 and parts[1] in self.collections:
            keys = self.collections[parts[1]]
            number = int(request.query.get("page", "1"))
            last = (len(keys) + PAGE - 1) // PAGE
            chunk = keys[(number - 1) * PAGE : number * PAGE]
            if not chunk:
                return web.Response(status=404)
            link = f"{base}/api/{parts[1]}/?page="
            previous = f"{link}{number - 1}" if number > 2 else f"{base}/api/{parts[1]}/"
            return self._html(
                request.path,
                {
                    "count": len(keys),
                    "next": f"{link}{number + 1}" if number < last else None,
                    "previous": previous if number > 1 else None,
                    "results": [_record(base, parts[1], k) for k in chunk],
                },
            )
        if len(parts) == 3 and parts[2] in self.collections.get(parts[1], ()):
            return self._html(request.path, _record(base, parts[1], parts[2]))
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        seed = f"{base_url}/api/countries/C00/"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"country": tuple(f"{base_url}/api/countries/{c}/" for c in COUNTRIES)},
            target_type="country",
            seed_entity=seed,
            seed_path=(f"{base_url}/api/countries/", seed),
            index_levels=((f"{base_url}/api/countries/",),),
        )


def test_a_record_shown_as_json_names_its_fields_by_its_keys() -> None:
    body = f"<html><body>{_pre(_record('http://x', 'countries', 'C01'))}</body></html>"
    url = "http://x/api/countries/C01/"
    page = Snapshot(url=url, final_url=url, status=200, html=body)
    assert {"pre:url", "pre:alpha_2", "pre:name", "pre:flag"} <= label_schema(page, key_cells=True)
    assert not any(label.startswith("pre:") for label in label_schema(page))
    nested = f"<html><body>{_pre({'url': url, 'owner': {'id': 1, 'name': 'n'}})}</body></html>"
    page = Snapshot(url=url, final_url=url, status=200, html=nested)
    assert record_fields(page) == {"url", "owner"}


async def test_the_other_collections_of_an_api_are_records_of_other_kinds() -> None:
    # The root lists three collections built alike; subdivisions link their country. Their
    # three names widened the countries' URL template over every collection, a list with one
    # country link per record passed for countries, and no field told the records apart: the
    # first page of each other list was kept (F1 0.76). Each is now judged by its first
    # record's keys, and left out of the level: the first of the other collections loaded
    # settles the others' family, which are not loaded (`ssup.ahead`).
    truth, result, downloaded = await serve_and_discover(_ApiSite(), height=2)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 == 1.0, (scores, sorted(set(result.entities) - set(truth.target_entities)))
    notes = [e for e in result.trace if e.step == "pagination" and "another kind" in e.note]
    judged = {e.subject.rsplit("/api/", 1)[-1] for e in notes}
    assert len(judged) == 1 and judged < {"subdivisions/", "languages/"}, judged
    left = [e for e in result.trace if e.step == "same-level" and e.decision == "stop"]
    assert [u.rsplit("/api/", 1)[-1] for e in left for u in e.urls] == list(
        {"subdivisions/", "languages/"} - judged
    )
    assert not set(left[0].urls) & set(downloaded), downloaded


class _CurrenciesSite(_ApiSite):
    """The API's root lists countries and currencies only."""

    id = "api-currencies"
    collections: ClassVar[dict[str, list[str]]] = {
        "countries": COUNTRIES,
        "currencies": CURRENCIES,
    }


async def test_records_naming_a_part_of_the_fields_of_the_samples_are_of_another_kind() -> None:
    # A currency names three of the four fields a country names: its records share more than
    # half the country's field names and passed for countries (F1 0.74). The countries loaded
    # all name the same four: a record naming others is of another kind. Its first record
    # tells so before the currencies' list is paged (each of its pages was loaded, then pruned).
    truth, result, downloaded = await serve_and_discover(_CurrenciesSite(), height=2)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 == 1.0, (scores, sorted(set(result.entities) - set(truth.target_entities)))
    notes = [e for e in result.trace if e.step == "pagination" and "another kind" in e.note]
    assert [e.subject.rsplit("/api/", 1)[-1] for e in notes] == ["currencies/"]
    assert not [u for u in downloaded if "/api/currencies/?page=" in u], downloaded
