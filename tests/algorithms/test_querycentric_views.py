"""A table browser's list page as explore reads it (views.py, model.py, formfields.py): pure
functions over a hand-built page shaped like one — an opaque cursor "Next page" link, facet
boxes whose heading holds a count, a "…" link to more of a facet's values, a query-builder filter
row, a sort select and a sort-direction box, an export form."""

from __future__ import annotations

from dataclasses import replace

from siteseer.algorithms.querycentric.formfields import form_choices, forms_of
from siteseer.algorithms.querycentric.forms import _exports
from siteseer.algorithms.querycentric.model import (
    EntityPattern,
    anchor_urls,
    carries_state,
    entity_url,
    link_facets,
    pagination_candidates,
    result_entities,
    same_list_address,
    words_match,
)
from siteseer.algorithms.querycentric.rows import listed_fields
from siteseer.algorithms.querycentric.views import (
    date_field,
    dated_column,
    is_count_text,
    is_display_toggle,
    is_operator_menu,
    is_pager_text,
    names_a_period,
    points_up_or_down,
    sort_fields,
)
from siteseer.crawler import canonical_url
from siteseer.render import Control, Option, Snapshot, snapshot_from_html

BASE = "http://db.test"
TABLE = BASE + "/db/airports"
PATTERN = EntityPattern.from_urls([TABLE + "/1"])
OPERATORS = ("=", "!=", "contains", "starts with", "<", "≥", "like", "not in", "is not null")


def page(cursor: int, states: dict[str, int]) -> Snapshot:
    """A page of the table from `cursor` on: a heading of its row count, facet boxes whose
    counts are of the rows from the cursor on, a "…" to more states, rows, a cursor link."""
    box = "".join(f'<li><a href="{TABLE}?state={s}">{s}</a> {n}</li>' for s, n in states.items())
    rows = "".join(
        f'<tr><td><a href="/db/airports/{i}">{i}</a></td><td>{"AK" if i % 2 else "TX"}</td></tr>'
        for i in range(cursor + 1, cursor + 4)
    )
    body = (
        "<h3>3,376 rows</h3>"
        '<div class="facet-results"><div class="facet-info">'
        '<p class="facet-info-name"><strong>state <span class="facet-info-total">&gt;30</span>'
        f'</strong></p><ul>{box}<li><a href="/db/airports?_facet_size=max">…</a></li></ul></div>'
        '<div class="facet-info"><p class="facet-info-name"><strong>country '
        '<span class="facet-info-total">5</span></strong></p>'
        f'<ul><li><a href="{TABLE}?country=USA">USA</a> 3,372</li></ul></div></div>'
        '<table><thead><tr><th><a href="/db/airports?_sort_desc=id">id&nbsp;▼</a></th>'
        '<th><a href="/db/airports?_sort=state">state</a></th></tr></thead>'
        f'<tbody>{rows}</tbody></table><p><a href="{TABLE}?_next={cursor + 3}">Next page</a></p>'
    )
    url = TABLE + (f"?_next={cursor}" if cursor else "")
    return snapshot_from_html(url, url, 200, f"<html><body>{body}</body></html>")


def test_a_cursor_page_is_the_lists_whatever_its_facet_counts() -> None:
    first = page(0, {"AK": 263, "TX": 209, "CA": 205})
    later = page(2200, {"TX": 12, "ID": 9, "NJ": 8})  # counts of the rows from the cursor on
    assert pagination_candidates(first, PATTERN) == (TABLE + "?_next=3",)
    assert same_list_address(first.final_url, later.final_url)
    assert same_list_address(TABLE + "?country=USA", TABLE + "?_next=100&country=USA")
    assert not same_list_address(TABLE, TABLE + "?country=USA")
    assert not same_list_address(TABLE, TABLE + "?_facet_size=max")


def test_an_ellipsis_is_no_pager_and_no_facet_value() -> None:
    assert not is_pager_text("…") and not is_pager_text("...")
    assert is_pager_text("›") and is_pager_text("Next ›")
    # arrows up or down alone are a download's, a sort's or the page top's, never a pager's
    assert points_up_or_down("[↓]") and points_up_or_down("↑")
    assert not points_up_or_down("→") and not points_up_or_down("More ↓")
    first = page(0, {"AK": 263})
    assert TABLE + "?_facet_size=max" not in pagination_candidates(first, PATTERN)
    facets = link_facets(first, PATTERN, canonical_url)
    assert {(f.attribute, f.value) for f in facets} == {("state", "AK"), ("country", "USA")}


def test_a_count_beside_a_facets_name_is_no_part_of_it() -> None:
    assert is_count_text("5") and is_count_text(">30") and is_count_text("(1,024)")
    assert not is_count_text("state") and not is_count_text("Top 5")
    facets = link_facets(page(0, {"AK": 263}), PATTERN, canonical_url)
    assert {f.attribute for f in facets} == {"state", "country"}


def test_a_sorted_columns_mark_is_no_part_of_its_name() -> None:
    first = page(0, {"AK": 263})
    entities = result_entities(first, PATTERN)
    fields = listed_fields(first, dict(anchor_urls(first, canonical_url)), entities)
    assert fields[TABLE + "/1"] == {"id": "1", "state": "AK"}


def test_a_framework_prefixed_sort_parameter_is_a_sort() -> None:
    assert words_match("_sort", ("sort",)) and words_match("_sort_desc", ("sort_desc",))
    assert not words_match("resort", ("sort",))


def _select(
    selector: str, name: str, labels: tuple[str, ...], values: tuple[str, ...] = ()
) -> Control:
    options = tuple(
        Option(value=v, label=label) for label, v in zip(labels, values or labels, strict=True)
    )
    return Control(
        "select",
        selector,
        name=name,
        group="3,376 rows",
        form="#f",
        form_method="get",
        form_action=TABLE,
        options=options,
    )


def test_a_query_builder_row_is_no_facet_and_no_keyword_box() -> None:
    assert is_operator_menu(OPERATORS)
    assert not is_operator_menu(("AK", "TX", "CA", "Contains Ltd"))
    controls = (
        _select("#col", "_filter_column", ("- column -", "id", "state"), ("", "id", "state")),
        _select("#op", "_filter_op", OPERATORS),
        Control(
            "text", "#val", name="_filter_value", form="#f", form_method="get", form_action=TABLE
        ),
        _select("#sort", "_sort", ("Sort by id", "Sort by state"), ("id", "state")),
        Control(
            "checkbox",
            "#desc",
            label="descending",
            name="_sort_by_desc",
            value="on",
            form="#f",
            form_method="get",
            form_action=TABLE,
        ),
        _select("#kind", "kind", ("small", "large")),
        Control("submit", "#apply", label="Apply", form="#f", form_method="get", form_action=TABLE),
    )
    snap = snapshot_from_html(TABLE, TABLE, 200, "<html><body></body></html>")
    (form,) = forms_of(replace(snap, controls=controls))
    assert form.filter_row == frozenset({"#col", "#op", "#val"})
    assert form.keyword_fields == ()
    # neither the field chooser, the operators, the sort select nor its direction are values
    assert [(c.attribute, c.value) for c in form_choices(form)] == [
        ("3,376 rows", "large"),
        ("3,376 rows", "small"),
    ]


def test_an_export_form_is_no_list() -> None:
    assert _exports(TABLE + ".csv") and _exports("/db/airports.json")
    assert not _exports(TABLE) and not _exports("/search") and not _exports("/v1.2/list")


# -- an admin's change list ---------------------------------------------------------------------

ADMIN = "http://admin.test/admin/weather/day/"


def test_a_row_link_carrying_the_lists_state_names_the_entity_without_it() -> None:
    pattern = EntityPattern.from_urls([ADMIN + "1/change/"])
    carried = ADMIN + "51/change/?_changelist_filters=p%3D2"
    assert carries_state("p=2") and carries_state("o=-1&weather=rain") and carries_state("/x/?p=2")
    assert not carries_state("rain") and not carries_state("YWJjZA=") and not carries_state("2")
    assert pattern.matches(carried) and entity_url(carried) == ADMIN + "51/change/"
    rows = "".join(
        f'<tr><th><a href="/admin/weather/day/{i}/change/?_changelist_filters=p%3D2">Day {i}</a>'
        f"</th><td>rain</td></tr>"
        for i in (51, 52, 53)
    )
    html = f"<html><body><table><tbody>{rows}</tbody></table></body></html>"
    snap = snapshot_from_html(ADMIN + "?p=2", ADMIN + "?p=2", 200, html)
    assert result_entities(snap, pattern) == tuple(f"{ADMIN}{i}/change/" for i in (51, 52, 53))


def test_a_date_drill_down_is_one_attribute_and_show_counts_a_view() -> None:
    assert date_field({"date__year"}) == "date" and date_field({"date__month"}) == "date"
    assert date_field({"year"}) == "date" and date_field({"published_year"}) == "published"
    assert date_field({"weather"}) == "" and date_field({"date__year", "weather"}) == ""
    assert is_display_toggle("Show counts") and not is_display_toggle("Show")
    body = (
        '<h1>Select day to view</h1><nav class="toplinks"><a href="?">‹ All dates</a>'
        '<a href="?date__year=2012">2012</a><a href="?date__year=2013">2013</a></nav>'
        '<nav id="changelist-filter"><h2>Filter</h2><h3><a href="?_facets=True">Show counts</a>'
        '</h3><details><summary>By weather</summary><ul><li class="selected"><a href="?">All</a>'
        '</li><li><a href="?weather=rain">rain</a></li></ul></details></nav>'
        '<table><tbody><tr><th><a href="/admin/weather/day/1/change/">Jan. 1, 2012</a></th>'
        "</tr></tbody></table>"
    )
    snap = snapshot_from_html(ADMIN, ADMIN, 200, f"<html><body>{body}</body></html>")
    pattern = EntityPattern.from_urls([ADMIN + "1/change/"])
    facets = {(f.attribute, f.value) for f in link_facets(snap, pattern, canonical_url)}
    assert facets == {("date", "2012"), ("date", "2013"), ("weather", "rain")}


def test_the_fields_a_list_is_ordered_by_name_its_kind() -> None:
    # datasette's header links order the table by its columns, either way
    assert sort_fields(page(0, {"AK": 263})) == {"id", "state"}

    def api_list(resource: str, fields: tuple[str, ...]) -> Snapshot:
        url = f"{BASE}/api/{resource}/"
        orderings = "".join(
            f'<a href="/api/{resource}/?ordering={d}{f}">{f}</a>' for f in fields for d in ("", "-")
        )
        items = f'<a href="{url}AF/">AF</a><a href="{url}?page=2">2</a>'
        return snapshot_from_html(url, url, 200, f"<html><body>{orderings}{items}</body></html>")

    countries = api_list("countries", ("name", "alpha_2"))
    assert sort_fields(countries) == {"name", "alpha_2"}  # the descending mark dropped
    assert sort_fields(api_list("subdivisions", ("code", "name"))) != sort_fields(countries)
    assert sort_fields(api_list("currencies", ())) == frozenset()


def test_a_date_drill_downs_years_and_months_narrow_a_date_column() -> None:
    """An admin change-list's date drill-down (2012 → April 2012) beside its "By date" ranges,
    over a Date column every row fills ("Jan. 1, 2012"): a drill-down of a value the list shows
    already. Counts, versions and other values are no periods; a column with an undated cell
    shows no date of every entity."""
    assert all(names_a_period(v) for v in ("2012", "April 2012", "2012-04", "Sept. 2013"))
    assert not any(names_a_period(v) for v in ("Today", "Past 7 days", "1.2012", "12", "rain"))
    days = [f"{m} {d}, {y}" for y in (2012, 2013) for m in ("Jan.", "April") for d in (1, 30)]
    assert dated_column(days)
    assert not dated_column([*days, "drizzle"])
    assert not dated_column([])
