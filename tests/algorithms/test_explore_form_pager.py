"""`explore` on a table browser whose pager is drawn as GET forms, against the lab's truth:
the rows page (``?table=birds&action=row_view``, 6 rows a page) links each row's edit page and
shows its fields in columns; its next pages are forms of hidden fields (the list's address and
``startRow``) with a "→" and a "→→" button, beside a form choosing how many rows to show from
which row ("Show: [6] rows from [6]"), a POST form acting on the rows (never submitted) and
a "[↓]" link downloading the database (no page of the list)."""

from __future__ import annotations

from aiohttp import web
from explore_runs import serve_and_explore

from siteseer.lab import Site, SiteTruth, set_scores

PER_PAGE = 6
ISLANDS = ("Torgersen", "Biscoe", "Dream")
ROWS = [(n, ("Adelie", "Gentoo")[n % 2], ISLANDS[n % 3]) for n in range(1, 21)]
LIST = {"table": "birds", "action": "row_view"}


def _hidden(params: dict[str, str]) -> str:
    return "".join(f'<input type="hidden" name="{k}" value="{v}" />' for k, v in params.items())


def _form(start: int, label: str) -> str:
    fields = _hidden(LIST) + _hidden({"startRow": str(start)})
    return f"<form action='' method='get'>{fields}<input type='submit' value='{label}'/></form>"


def _rows_page(start: int) -> str:
    last = (len(ROWS) - 1) // PER_PAGE * PER_PAGE
    pager = ""
    if start > 0:
        pager += _form(0, "&larr;&larr;") + _form(max(0, start - PER_PAGE), "&larr;")
    nxt = start + PER_PAGE
    pager += (
        f"<form action='' method='get'>{_hidden(LIST)}"
        "<input type='submit' value='Show : ' name='show' class='btn'/>"
        f"<input type='text' name='numRows' value='{PER_PAGE}'/> rows starting from "
        f"<input type='text' name='startRow' value='{nxt if nxt < len(ROWS) else 0}'/></form>"
    )
    if nxt < len(ROWS):
        pager += _form(nxt, "&rarr;") + _form(last, "&rarr;&rarr;")
    rows = "".join(
        f"<tr><td><input type='checkbox' name='check[]' value='{n}'/></td>"
        f"<td><a href='?table=birds&amp;action=row_edit&amp;pk={n}'>edit</a></td>"
        f"<td>{n}</td><td>{species}</td><td>{island}</td></tr>"
        for n, species, island in ROWS[start : start + PER_PAGE]
    )
    table = (
        "<form action='?action=row_editordelete' method='post'><table>"
        "<tr><td></td><td></td><td><a href='?table=birds&amp;action=row_view&amp;sort=id'>id</a>"
        "</td><td><a href='?table=birds&amp;action=row_view&amp;sort=species'>species</a></td>"
        "<td><a href='?table=birds&amp;action=row_view&amp;sort=island'>island</a></td></tr>"
        f"{rows}</table><input type='submit' value='Go' name='massGo'/></form>"
    )
    # the database's download, behind a token each page draws anew
    backup = f"<a href='?download=birds.sqlite&amp;token=t{start}' title='Backup'>[&darr;]</a>"
    return f"{backup}<div>{pager}</div><p>Showing rows {start} - {start + PER_PAGE - 1}</p>{table}"


class _TableBrowser(Site):
    id = "table-browser"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.method != "GET":
            return web.Response(status=405, text="read-only")
        q = request.query
        if q.get("action") == "row_view":
            body = _rows_page(int(q.get("startRow", "0")))
        elif q.get("action") == "row_edit" and q.get("pk", "").isdigit():
            n, species, island = ROWS[int(q["pk"]) - 1]
            body = (
                "<form action='?action=row_save' method='post'><table>"
                f"<tr><td>id</td><td><input name='id' value='{n}'/></td></tr>"
                f"<tr><td>species</td><td><input name='species' value='{species}'/></td></tr>"
                f"<tr><td>island</td><td><input name='island' value='{island}'/></td></tr>"
                "</table><input type='submit' value='Save changes'/></form>"
            )
        else:
            body = "<a href='?table=birds&amp;action=row_view'>Browse birds</a>"
        html = f"<html><body><h1>birds</h1>{body}</body></html>"
        return web.Response(text=html, content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/?action=row_edit&pk={n}&table=birds" for n, _, _ in ROWS)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"row": urls},
            target_type="row",
            seed_entity=urls[0],
            attributes={
                url: {"species": (s,), "island": (i,)}
                for url, (_, s, i) in zip(urls, ROWS, strict=True)
            },
        )


async def test_a_pager_of_get_forms_is_followed_to_the_lists_last_page() -> None:
    truth, result, loaded = await serve_and_explore(
        _TableBrowser(), "/?action=row_view&table=birds"
    )
    entities = set_scores(result.entities, truth.target_entities)
    assert entities.precision == entities.recall == 1.0
    # each rows page once (startRow 6, 12, 18: the "→" and "→→" forms; not the "Show" form,
    # which sets how many rows), no row's edit page beyond the sample, no POST
    rows = [u for u in loaded if "row_view" in u]
    assert len(rows) == len(set(rows)) == 4
    assert not [u for u in rows if "numRows" in u or "show" in u]
    assert not [u for u in loaded if "download" in u]  # "[↓]" points down, at no page
    assert not [u for u in loaded if "row_edit" in u and u != truth.seed_entity]
