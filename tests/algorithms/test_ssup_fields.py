"""SSUP's same-level test by field names (algorithms/ssup/levels.py `_unlike_fields`), against a
database browser's truth: two tables whose row pages share every link path and name other
columns; the seed's table's rows are the entities, the other table's are another kind."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import ssup
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

TABLES = {"us_airports": ("id", "iata", "name", "city"), "us_weather": ("date", "wind", "rain")}
ROWS = {"us_airports": 24, "us_weather": 30}


class _BrowserSite(Site):
    """`/db` lists the tables; `/db/<table>` lists its rows, each opening `/db/<table>/<n>`: a
    page of one row, its columns' names in the header cells, built alike for every table."""

    kind = "entity-tree"
    id = "db-browser"

    @staticmethod
    def _page(title: str, body: str) -> web.Response:
        crumbs = '<nav class="crumbs"><a href="/">home</a> / <a href="/db">db</a></nav>'
        html = f"<html><head><title>{title}</title></head><body>{crumbs}<h1>{title}</h1>{body}"
        return web.Response(text=html + "</body></html>", content_type="text/html")

    def _row(self, table: str, n: int) -> web.Response:
        head = "".join(f"<th>{c}</th>" for c in TABLES[table])
        cells = "".join(f"<td>{c}-{n}</td>" for c in TABLES[table])
        body = (
            f'<p><a href="/db/{table}">{table}</a></p>'
            f'<table class="rows"><thead><tr>{head}</tr></thead><tr>{cells}</tr></table>'
        )
        return self._page(f"{table}: {n}", body)

    def _table(self, table: str) -> web.Response:
        head = "".join(f"<th>{c}</th>" for c in TABLES[table])
        rows = "".join(
            f'<tr><td><a href="/db/{table}/{n}">{n}</a></td></tr>'
            for n in range(1, ROWS[table] + 1)
        )
        return self._page(table, f'<table class="rows"><tr>{head}</tr>{rows}</table>')

    async def handle(self, request: web.Request) -> web.StreamResponse:
        parts = [p for p in request.path.split("/") if p]
        if parts == ["db"]:
            tables = "".join(f'<li><a href="/db/{t}">{t}</a></li>' for t in TABLES)
            return self._page("db", f'<ul class="tables">{tables}</ul>')
        if len(parts) >= 2 and parts[0] == "db" and parts[1] in TABLES:
            if len(parts) == 2:
                return self._table(parts[1])
            if len(parts) == 3 and parts[2].isdigit() and 1 <= int(parts[2]) <= ROWS[parts[1]]:
                return self._row(parts[1], int(parts[2]))
        if not parts:
            return self._page("home", '<p><a href="/db">db</a></p>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        rows = {t: tuple(f"{base_url}/db/{t}/{n}" for n in range(1, ROWS[t] + 1)) for t in TABLES}
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities=rows,
            target_type="us_airports",
            seed_entity=rows["us_airports"][0],
            seed_path=(f"{base_url}/db", f"{base_url}/db/us_airports", rows["us_airports"][0]),
            index_levels=((f"{base_url}/db",), (f"{base_url}/db/us_airports",)),
        )


async def test_rows_of_another_table_built_alike_are_another_kind() -> None:
    async with LabServer([_BrowserSite()]) as server:
        truth = server.truth("db-browser")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await ssup(session, truth.seed_entity)
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    pruned = [t.note for t in result.trace if t.step == "same-level" and t.decision == "prune"]
    assert any("names other fields" in note for note in pruned), pruned
