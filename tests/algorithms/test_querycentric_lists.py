"""A list is a list: the result lists explore reads whatever their shape (pure functions)."""

from __future__ import annotations

from siteseer.algorithms.querycentric.entities import in_tree, list_tree, result_group, tree_items
from siteseer.algorithms.querycentric.model import (
    EntityPattern,
    is_page_key,
    item_links,
    link_facets,
    ordering_links,
    page_size_links,
    pagination_candidates,
    query_links,
    result_container,
    result_entities,
    same_query,
)
from siteseer.algorithms.querycentric.rows import record_fields
from siteseer.algorithms.querycentric.views import attribute_name, is_count_heading, is_pager_text
from siteseer.crawler import canonical_url
from siteseer.render import Snapshot, snapshot_from_html

BASE = "http://docs.test"


def snap(path: str, body: str) -> Snapshot:
    url = BASE + path
    return snapshot_from_html(url, url, 200, f"<html><body>{body}</body></html>")


# A documentation site's navigation: one nested list whose items sit at every level, pages at
# every depth; beside it, the page's own content links and a footer.
NAV = """
<nav><ul class="nav">
  <li><a href="/">Home</a></li>
  <li><a href="/changelog/">Changelog</a></li>
  <li class="dropdown"><a href="#">Guide</a>
    <ul class="menu">
      <li><a href="/guide/">Guide</a></li>
      <li class="sub"><a href="#">Users</a>
        <ul class="menu">
          <li><a href="/guide/users/navigating/">Navigating</a></li>
          <li><a href="/guide/users/loading/">Loading</a></li>
          <li><a href="/guide/users/checking/">Checking</a></li>
          <li class="sub"><a href="#">How-to</a>
            <ul class="menu">
              <li><a href="/guide/users/how-to/parse-docstrings/">Docstrings</a></li>
              <li><a href="/guide/users/how-to/selectively-inspect/">Inspect</a></li>
            </ul>
          </li>
        </ul>
      </li>
    </ul>
  </li>
  <li><a href="/reference/api/">API</a></li>
</ul></nav>
<div class="content"><p>See <a href="/guide/users/loading/">loading</a> and
<a href="https://github.test/griffe">the code</a>.</p></div>
<footer><a href="/credits/">Credits</a></footer>
"""

DOCS = {
    "/changelog/",
    "/guide/",
    "/guide/users/navigating/",
    "/guide/users/loading/",
    "/guide/users/checking/",
    "/guide/users/how-to/parse-docstrings/",
    "/guide/users/how-to/selectively-inspect/",
    "/reference/api/",
}


def test_a_nested_list_is_one_list_of_items_at_every_level() -> None:
    page = snap("/", NAV)
    sample = EntityPattern.from_urls([BASE + "/guide/users/navigating/"])
    assert sample.describe() == "docs.test/guide/users/*"  # the sample alone: its siblings only
    found = tree_items(page, sample)
    assert found is not None
    tree, items = found
    assert tree.endswith("ul[@class=nav]")
    # every item of the tree, at every level; not the site's root, the content's links to pages
    # the tree lists already, another host or the footer
    assert set(items) == {BASE + p for p in DOCS}
    widened = EntityPattern.from_urls(items)
    assert widened.depths == (1, 2, 3, 4)
    assert all(widened.matches(BASE + p) for p in DOCS)
    assert not widened.matches(BASE + "/") and not widened.matches(BASE + "/guide/?q=x")
    assert "** (1,2,3,4 segments)" in widened.describe()
    in_content = [x for x in page.links if x.url == BASE + "/guide/users/loading/"]
    assert [in_tree(result_container(x), tree) for x in in_content] == [True, False]


def test_a_flat_list_or_a_grid_is_no_tree() -> None:
    grid = "".join(
        f'<ul class="results"><li><a href="/product/{i}/x">Item {i}</a>'
        f'<a href="/brand/b{i % 3}">Brand</a></li></ul>'
        for i in range(6)
    )
    page = snap("/shop", f'<ul class="layout"><li><div class="grid">{grid}</div></li></ul>')
    pattern = EntityPattern.from_urls([BASE + "/product/1/x"])
    assert tree_items(page, pattern) is None
    top = result_container(next(x for x in page.links if pattern.matches(x.url)))
    assert list_tree(top, {result_container(x) for x in page.links}) is None
    flat = snap(
        "/list",
        "<ul>" + "".join(f'<li><a href="/p/{i}">P {i}</a></li>' for i in range(5)) + "</ul>",
    )
    top = result_container(flat.links[0])
    assert list_tree(top, {result_container(x) for x in flat.links}) is None


# -- pagers, views and counts -------------------------------------------------------------------


def table_browser(path: str, rows: range, *, cursor: str = "") -> Snapshot:
    """A table browser's page: a row count heading, sort links in the header, filter links
    with counts under a "By …" heading, and a pager of several forms."""
    head = (
        '<thead><tr><th><a href="?_sort=name">name</a></th>'
        '<th><a href="?_sort_desc=state">state</a></th></tr></thead>'
    )
    body = "".join(
        f'<tr><td><a href="/airports/{i}">Airport {i}</a></td><td>S{i % 3}</td></tr>' for i in rows
    )
    facets = "".join(f'<li><a href="?state=S{k}">S{k}</a> (12)</li>' for k in range(3))
    pager = f'<a href="?_next={cursor}">Next ›</a>' if cursor else ""
    return snap(
        path,
        f'<h3>3,376 rows</h3><div class="facets"><h4>By state</h4><ul>{facets}</ul></div>'
        f"<table>{head}<tbody>{body}</tbody></table>{pager}"
        '<a href="/older" rel="next">→ older</a><a href="/feed">[feed]</a>',
    )


def test_every_pagination_form_is_a_candidate_and_sort_links_are_views() -> None:
    pattern = EntityPattern.from_urls([BASE + "/airports/1"])
    page = table_browser("/airports", range(5), cursor="eyJpZCI6MTAwfQ")
    candidates = pagination_candidates(page, pattern)
    assert BASE + "/airports?_next=eyJpZCI6MTAwfQ" in candidates  # an opaque cursor, "Next ›"
    assert BASE + "/older" in candidates  # rel=next
    assert BASE + "/feed" not in candidates
    # the column headers' sort links are views: never a facet
    views = ordering_links(page, canonical_url)
    assert set(views) == {BASE + "/airports?_sort=name", BASE + "/airports?_sort_desc=state"}
    facets = link_facets(page, pattern, canonical_url)
    # the heading "By state" names the attribute, the count heading above none; values
    # without their counts
    assert {(f.attribute, f.value) for f in facets} == {("state", f"S{k}") for k in range(3)}
    assert [is_page_key(k) for k in ("_next", "ofs", "@startwith", "cursor")] == [True] * 4


def test_pager_texts_and_count_headings() -> None:
    pagers = ["Next ›", "« Previous", "[next]", "Older posts", "›", "Next page", "2", "Last »"]
    assert all(is_pager_text(t) for t in pagers)
    assert not any(is_pager_text(t) for t in ["Read more about it", "Nike", "First class", ""])
    counts = ["3,500 rows", "42 results", "Showing 1–100 of 3,500", "Total: 12", "1 row"]
    assert all(is_count_heading(t) for t in counts)
    assert not any(
        is_count_heading(t) for t in ["Origin", "By origin", "Cylinders", "4 wheel drive"]
    )
    assert attribute_name("By origin") == "origin"
    assert attribute_name("Filter by Cylinders") == "Cylinders"
    assert attribute_name("Byron") == "Byron"


def change_list(query: str = "") -> Snapshot:
    """An admin change list: a table of rows with a selection box each, numbered pages, page-size
    links that go back to page 1, and a filter sidebar whose groups are named by bold labels,
    each with an "All" choice and numeric values."""
    rows = "".join(
        f'<tr><td><input type="checkbox" aria-label="Select item"></td>'
        f'<td><a href="/admin/car/details/{i}">car {i}</a></td><td>{4 + i % 2}</td></tr>'
        for i in range(1, 11)
    )
    table = f"<table><thead><tr><th></th><th>name</th><th>cylinders</th></tr></thead>{rows}</table>"
    sep = "&" if query else ""
    pages = "".join(f'<a href="?{query}{sep}page={n}">{n}</a>' for n in (1, 2, 3))
    sizes = "".join(f'<a href="?{query}{sep}pageSize={n}&page=1">{n} / Page</a>' for n in (10, 100))
    groups = "".join(
        f'<div class="mb-3"><div class="fw-bold">{name}</div><div>'
        + "".join(f'<a href="?{key}={v}">{v}</a>' for v in ("__all", *values))
        + "</div></div>"
        for name, key, values in (
            ("Origin", "origin", ("USA", "Japan")),
            ("Cylinders", "cylinders", ("4", "8")),
        )
    )
    groups = groups.replace(">__all<", ">All<")
    return snap(
        "/admin/car/list" + (f"?{query}" if query else ""),
        f'<div class="card"><h3 class="card-title">Cars</h3>{table}{pages}{sizes}</div>'
        f'<div id="filters"><h3 class="card-title">Filters</h3>{groups}</div>',
    )


def test_a_change_list_filter_sidebar_sizes_and_pages() -> None:
    pattern = EntityPattern.from_urls([BASE + "/admin/car/details/1"])
    page = change_list()
    facets = {(f.attribute, f.value) for f in link_facets(page, pattern, canonical_url)}
    # each group named by its bold label (not the "Filters" card title), no "All", numbers kept
    assert facets == {
        ("Origin", "USA"),
        ("Origin", "Japan"),
        ("Cylinders", "4"),
        ("Cylinders", "8"),
    }
    pages = pagination_candidates(page, pattern)
    assert BASE + "/admin/car/list?page=2" in pages
    assert not any("cylinders" in url for url in pages)  # "8" cylinders is a value, no page
    sizes = page_size_links(change_list("origin=USA"), canonical_url)
    assert sizes[BASE + "/admin/car/list?origin=USA&pageSize=100&page=1"] == 100


def test_a_date_drill_down_back_link_is_no_page() -> None:
    """A month of a date drill-down links back to its year ("‹ 2012", dropping the month): a
    value above the query, not page 2012 of its list."""
    pattern = EntityPattern.from_urls([BASE + "/admin/car/details/1"])
    page = change_list("date__month=4&date__year=2012")
    back = '<a href="?date__year=2012" class="date-back">&lsaquo; 2012</a>'
    page = snap(page.url.removeprefix(BASE), back + page.html.split("<body>")[1])
    pages = pagination_candidates(page, pattern)
    assert BASE + "/admin/car/list?date__month=4&date__year=2012&page=2" in pages
    assert BASE + "/admin/car/list?date__year=2012" not in pages


def test_a_record_is_read_from_a_column_value_table_and_label_lines() -> None:
    page = snap(
        "/admin/car/details/1",
        "<table><thead><tr><th>Column</th><th>Value</th></tr></thead><tbody>"
        "<tr><td>name</td><td>chevrolet chevelle</td></tr>"
        "<tr><td>miles_per_gallon</td><td>18.0</td></tr>"
        "<tr><td>origin</td><td>None</td></tr></tbody></table>"
        "<ul><li><strong>Maker:</strong> Chevrolet</li><li>no label here: none</li></ul>"
        "<p><b>Note:</b></p>"
        # a table of numbers in two columns is no record
        "<table><tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></table>",
    )
    assert record_fields(page) == {
        "name": "chevrolet chevelle",
        "miles_per_gallon": "18.0",
        "Maker": "Chevrolet",
    }


def blog_page(n: int, last: int = 4) -> Snapshot:
    """A blog's list page n: posts carrying their own tag links, a pager of path pages."""
    posts = "".join(
        f'<li class="post"><a class="title" href="/2023/0{n}/post-{n}-{i}/">Post {i}</a>'
        f'<span class="terms"><a rel="tag" href="/tags/t{n}{i}/">t{n}{i}</a></span></li>'
        for i in range(5)
    )
    pager = "".join(
        f'<a href="{"/" if k == 1 else f"/page/{k}/"}">{k}</a>' for k in range(1, last + 1)
    )
    menu = (
        '<nav><a href="/">Home</a><a href="/archives/">Archives</a><a href="/tags/">Tags</a></nav>'
    )
    return snap("/" if n == 1 else f"/page/{n}/", f'{menu}<ul class="posts">{posts}</ul>{pager}')


def test_a_lists_pages_are_one_query_whatever_links_its_items_carry() -> None:
    pattern = EntityPattern.from_urls([BASE + "/2023/01/post-1-0/"])
    first, second = blog_page(1), blog_page(2)
    containers = frozenset(result_container(x) for x in first.links if pattern.matches(x.url))
    # the tag links of the posts are the items' own: they change from page to page
    assert {BASE + "/tags/t10/", BASE + "/tags/t14/"} <= item_links(first, containers)
    assert BASE + "/archives/" not in item_links(first, containers)
    assert BASE + "/page/2/" in pagination_candidates(first, pattern)
    # page 2 links to "/" as its first page, page 1 to itself as home: both are the list's own
    lx, ly = query_links(first, pattern, containers), query_links(second, pattern, containers)
    assert lx == ly == {BASE + "/archives/", BASE + "/tags/"}
    assert same_query(lx, ly, 0.2)


def test_a_record_field_of_several_links_has_several_values() -> None:
    page = snap(
        "/2023/05/dpkg/",
        '<ul><li><b>Tags:</b> <a href="/tags/dpkg/">dpkg</a>, <a href="/tags/admin/">admin</a></li>'
        "<li><b>Urgency:</b> medium</li></ul>"
        '<dl><dt>Authors</dt><dd><a href="/a">Ann</a> <a href="/b">Bo</a></dd></dl>',
    )
    assert record_fields(page) == {
        "Tags": ("dpkg", "admin"),
        "Urgency": "medium",
        "Authors": ("Ann", "Bo"),
    }


def test_rows_of_alternating_classes_are_one_list_and_next_may_spell_the_page_size() -> None:
    rows = "".join(
        f'<tr class="{("odd", "even")[i % 2]}"><td><a href="/tracker/bug{i}">bug {i}</a></td></tr>'
        for i in range(1, 11)
    )
    page = snap(
        "/tracker/bug?@search_text=",
        f'<table class="list"><tr><th>Title</th></tr>{rows}</table>'
        '<a href="bug?@pagesize=50&@startwith=50">next &gt;&gt;</a>'
        '<a href="bug?@search_text=&@pagesize=100">100</a>',
    )
    pattern = EntityPattern.from_urls([BASE + "/tracker/bug1"])
    group = result_group(page, pattern)
    assert group is not None and len(group[0]) == 2 and group[1] == 10
    assert set(result_entities(page, pattern, group[0])) == {
        BASE + f"/tracker/bug{i}" for i in range(1, 11)
    }
    # "next >>" also spells out the page size: still the next page; "100" alone is a size
    assert pagination_candidates(page, pattern) == (
        BASE + "/tracker/bug?@pagesize=50&@startwith=50",
    )


def test_a_list_drawn_twice_counts_its_links_once() -> None:
    # a blog's page of five posts, each linked once by its title, beside a sidebar drawing its
    # three latest posts twice (for wide and for narrow screens: six links): the posts are the
    # list
    posts = "".join(
        f'<article class="post"><h2><a href="/blog/2026/0{i}/01/p{i}/">Post {i}</a></h2></article>'
        for i in range(1, 6)
    )
    latest = "".join(
        f'<article class="summary"><h5><a href="/blog/2026/0{i}/01/p{i}/">Post {i}</a></h5></article>'
        for i in range(1, 4)
    )
    sidebar = f'<div class="latest">{latest}</div><div class="latest">{latest}</div>'
    page = snap("/blog/", f'<main>{posts}</main><aside class="sidebar">{sidebar}</aside>')
    pattern = EntityPattern.from_urls([BASE + "/blog/2026/01/01/p1/"])
    group = result_group(page, pattern)
    assert group is not None and group[1] == 5
    assert set(result_entities(page, pattern, group[0])) == {
        BASE + f"/blog/2026/0{i}/01/p{i}/" for i in range(1, 6)
    }


def test_lists_by_initial_named_alike_by_their_ids_are_one_list() -> None:
    # an index of classes by initial: a list per letter, ids alpha_A, alpha_B, ...; every
    # letter's classes are the list's entities, not the largest letter's only
    letters = {"A": ["Array", "Ast/Node"], "B": ["Base", "Block"], "C": ["Cli/Command", "Cmd", "C"]}
    lists = "".join(
        f'<ul class="alpha" id="alpha_{letter}"><li>{letter}</li><ul>'
        + "".join(
            f'<li><span class="object_link"><a href="/{n}.html">{n}</a></span></li>' for n in names
        )
        + "</ul></ul>"
        for letter, names in letters.items()
    )
    page = snap("/_index.html", f'<div id="listing">{lists}</div>')
    pattern = EntityPattern.from_urls([BASE + f"/{n}.html" for ns in letters.values() for n in ns])
    group = result_group(page, pattern)
    assert group is not None and len(group[0]) == 3 and group[1] == 7


def test_an_archives_years_beside_numbered_pages_are_no_pages() -> None:
    """A blog list numbered by ``?page=N`` with an archive of years in its sidebar
    (``/blog/2026/``, reading "2026"): the years go to other addresses, no page of this list;
    a list numbered by its address alone (``/blog/page/2/``) keeps those pages."""
    pattern = EntityPattern.from_urls([BASE + "/blog/2026/11/03/post-1/"])
    posts = "".join(f'<h2><a href="/blog/2026/11/0{i}/post-{i}/">Post {i}</a></h2>' for i in (1, 2))
    years = "".join(f'<li><a href="/blog/{y}/"><span></span> {y}</a></li>' for y in (2025, 2026))
    numbered = "".join(f'<a href="/blog/?page={n}">{n}</a>' for n in (2, 3))
    page = snap("/blog/", f"{posts}<div>{numbered}</div><ul>{years}</ul>")
    assert pagination_candidates(page, pattern) == (BASE + "/blog/?page=2", BASE + "/blog/?page=3")
    by_address = "".join(f'<a href="/blog/page/{n}/">{n}</a>' for n in (2, 3))
    page = snap("/blog/", f"{posts}<div>{by_address}</div>")
    assert BASE + "/blog/page/2/" in pagination_candidates(page, pattern)
