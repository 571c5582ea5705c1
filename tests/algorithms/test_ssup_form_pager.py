"""SSUP over a list whose pager is GET forms: a table browser's rows page offers its next, last,
previous and first pages as forms of hidden fields (``startRow=30``) with an arrow for a button,
and a form to show N rows from a row, its fields filled in; its column headers sort the rows.
The forms are submitted as they stand (the URL the browser builds), as links of the page."""

from __future__ import annotations

from html import escape
from urllib.parse import parse_qsl, urlencode

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.crawler import canonical_url
from siteseer.lab import Site, SiteTruth, set_scores
from siteseer.render import Snapshot, form_links

ROWS = 200
PAGE = 30  # rows a page
COMMON = {"db": "birds.sqlite", "table": "birds"}


def _url(**params: str) -> str:
    return "/?" + urlencode(COMMON | params)


def _form(params: dict[str, str], fields: str, button: str) -> str:
    hidden = "".join(
        f'<input type="hidden" name="{escape(k)}" value="{escape(v)}" /> '
        for k, v in params.items()
    )
    return f"<div style='float:left;'><form action='' method='get'>{hidden}{fields}{button}</form></div>"


def _html(title: str, body: str) -> web.Response:
    nav = f'<div id="nav"><a href="{escape(_url())}">Database</a> <a href="/help">Help</a></div>'
    html = f"<html><head><title>{title}</title></head><body>{nav}<h1>{title}</h1>{body}"
    return web.Response(text=html + "</body></html>", content_type="text/html")


class _FormPagerSite(Site):
    """`/?db=…&table=birds&action=row_view` lists PAGE rows (from `startRow`), each with its edit
    link (the entity, ``action=row_edit&pk=N``), sort links in the header, and its pager as GET
    forms; `/?db=…&table=birds` (the database) links the rows' list."""

    id = "form-pager"
    kind = "entity-tree"

    def _rows(self, query: dict[str, str]) -> web.Response:
        start = int(query.get("startRow", "0"))
        keys = list(range(1, ROWS + 1))
        if query.get("order") == "DESC":
            keys.reverse()
        rows = "".join(
            f'<tr><td class="td1"><a class="edit" href="{escape(_url(action="row_edit", pk=str(k)))}">'
            f"Edit</a></td><td>Bird {k}</td></tr>"
            for k in keys[start : start + PAGE]
        )
        header = "".join(
            f'<td class="tdheader"><a href="{escape(_url(action="row_view", sort=c, order=o))}">{c}</a></td>'
            for c, o in (("id", "DESC"), ("name", "ASC"))
        )
        view = COMMON | {"action": "row_view"}
        forms = ""
        if start > 0:
            forms += _form(
                view | {"startRow": "0"}, "", "<input type='submit' value='&larr;&larr;'/>"
            )
            back = str(max(0, start - PAGE))
            forms += _form(view | {"startRow": back}, "", "<input type='submit' value='&larr;'/>")
        shown = (
            f"<input type='text' name='numRows' value='{PAGE}'/> rows from "
            f"<input type='text' name='startRow' value='{start + PAGE if start + PAGE < ROWS else 0}'/>"
        )
        forms += _form(view, shown, "<input type='submit' name='show' value='Show : '/>")
        if start + PAGE < ROWS:
            last = str((ROWS - 1) // PAGE * PAGE)
            forms += _form(
                view | {"startRow": str(start + PAGE)}, "", "<input type='submit' value='&rarr;'/>"
            )
            forms += _form(
                view | {"startRow": last}, "", "<input type='submit' value='&rarr;&rarr;'/>"
            )
        table = f'<table class="viewTable"><tr>{header}</tr>{rows}</table>'
        return _html(f"Rows of birds from {start}", f"<div>{forms}</div>{table}")

    def _row(self, key: int) -> web.Response:
        rows_link = escape(_url(action="row_view"))
        fields = f"<form method='post' action='{escape(_url(action='row_save', pk=str(key)))}'>"
        fields += f"<input type='text' name='name' value='Bird {key}'/><input type='submit' value='Save'/></form>"
        return _html(f"Edit bird {key}", f'<p><a href="{rows_link}">Browse</a></p>{fields}')

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/help":
            return _html("Help", "<p>Nothing listed here.</p>")
        if request.path != "/":
            return web.Response(status=404, text="not found")
        query = dict(parse_qsl(request.query_string))
        action = query.get("action", "")
        if action == "row_view":
            return self._rows(query)
        pk = query.get("pk", "")
        if action == "row_edit" and pk.isdigit() and 1 <= int(pk) <= ROWS:
            return self._row(int(pk))
        if not action:
            return _html(
                "Database", f'<p><a href="{escape(_url(action="row_view"))}">birds</a></p>'
            )
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        rows = tuple(
            canonical_url(f"{base_url}{_url(action='row_edit', pk=str(k))}")
            for k in range(1, ROWS + 1)
        )
        first = canonical_url(f"{base_url}{_url(action='row_view')}")
        pages = tuple(
            canonical_url(f"{base_url}{_url(action='row_view', startRow=str(s))}")
            for s in range(PAGE, ROWS, PAGE)
        )
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"row": rows},
            target_type="row",
            seed_entity=rows[0],
            seed_path=(first, rows[0]),
            index_levels=((first, *pages),),
        )


def test_a_get_form_submitted_as_it_stands_is_a_link_to_the_url_it_loads() -> None:
    html = (
        "<html><body><div><form action='/list' method='get'>"
        "<input type='hidden' name='table' value='birds'/><input type='hidden' name='start' value='30'/>"
        "<input type='submit' value='&rarr;'/></form>"
        "<form action='/list'><input type='text' name='start' value='30'/>"
        "<select name='view'><option value='table'>Table</option><option value='chart' selected>Chart</option></select>"
        "<input type='checkbox' name='all' value='1'/><input type='submit' name='go' value='Show'/></form>"
        "<form action='/search'><input type='text' name='q'/><input type='submit' value='Search'/></form>"
        "<form action='/save' method='post'><input type='hidden' name='id' value='3'/>"
        "<input type='submit' value='Save'/></form></div></body></html>"
    )
    page = Snapshot(
        url="http://h/list?table=birds",
        final_url="http://h/list?table=birds",
        status=200,
        html=html,
    )
    links = form_links(page)
    # The search box asks for words, and the POST form changes the site: neither is a link.
    assert [(k.url, k.text) for k in links] == [
        ("http://h/list?table=birds&start=30", "→"),
        ("http://h/list?start=30&view=chart&go=Show", "Show"),
    ]
    assert links[0].path_attrs == "html/body/div/form[@action][@method]/input"


async def test_a_list_paged_by_get_forms_is_paged_to_its_end() -> None:
    truth, result, downloaded = await serve_and_discover(_FormPagerSite(), height=2)
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    # The list's pages once each (its "show" form is a view), the database page above it, a
    # sort order (its header's links share the rows' link DOM path) and the rows' sample.
    assert len(downloaded) <= truth.lower_bound_downloads + 5, downloaded
