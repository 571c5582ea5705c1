"""The query-centric model's pure functions on small hand-built pages."""

from __future__ import annotations

from functools import partial

from siteseer.algorithms.querycentric.beside import addressed_under, lists_beside
from siteseer.algorithms.querycentric.controls import control_facets
from siteseer.algorithms.querycentric.formfields import form_choices, forms_of, get_submission
from siteseer.algorithms.querycentric.indexes import value_indexes
from siteseer.algorithms.querycentric.model import (
    EntityPattern,
    Facet,
    classify_page,
    clean_label,
    drilldown_labels,
    facet_heading,
    first_page_form,
    guess_entity_pattern,
    is_page_key,
    is_page_size_key,
    is_subset,
    jaccard,
    label_count,
    link_facets,
    list_links,
    load_more_control,
    ordering_links,
    page_size_links,
    pagination_candidates,
    result_entities,
    same_query,
    unsafe_reason,
    without_page_keys,
    zero_based_pages,
)
from siteseer.algorithms.querycentric.queries import (
    QueryIndex,
    QueryKey,
    infer_attributes,
    state_key,
)
from siteseer.algorithms.querycentric.views import names_an_order
from siteseer.crawler import canonical_url
from siteseer.render import Control, Snapshot, parse_html, snapshot_from_html

BASE = "http://shop.test"


def snap(path: str, body: str) -> Snapshot:
    url = BASE + path
    return snapshot_from_html(url, url, 200, f"<html><body>{body}</body></html>")


def cards(*ids: int, cls: str = "results") -> str:
    items = "".join(
        f'<div class="card"><h3><a href="/product/{i}/item-{i}">Item number {i}</a></h3></div>'
        for i in ids
    )
    return f'<div class="{cls}"><div class="grid">{items}</div></div>'


def sidebar(query: str = "", **groups: dict[str, int]) -> str:
    parts = []
    sep = "&" if query else "?"
    for heading, values in groups.items():
        items = "".join(
            f'<li><a href="/shop{query}{sep}{heading.lower()}={v.lower()}">{v} '
            f'<span class="count">({n})</span></a></li>'
            for v, n in values.items()
        )
        parts.append(f'<section class="box facet"><h2>{heading}</h2><ul>{items}</ul></section>')
    return "<aside>" + "".join(parts) + "</aside>"


PATTERN = EntityPattern.from_urls([BASE + "/product/7/item-7"])

# -- labels -------------------------------------------------------------------------------------


def test_clean_label_strips_counts_and_removal_marks() -> None:
    assert clean_label("Nike (4)") == "Nike"
    assert clean_label("  Running   shoes [1,024] ") == "Running shoes"
    assert clean_label("✕ Footwear") == "Footwear"
    assert clean_label("£25 – £50 (12)") == "£25 – £50"
    assert label_count("Nike (4)") == 4
    assert label_count("Nike [1,024]") == 1024
    assert label_count("Nike") is None


def test_facet_heading_is_the_heading_above_the_group() -> None:
    tree = parse_html(
        '<html><body><nav><ul><li><a id="x" href="/about">About</a></li></ul></nav>'
        "<h1>All products</h1><aside>"
        '<section><h2>Brand</h2><ul><li><a id="n" href="/s?b=n">Nike</a></li></ul></section>'
        '<fieldset><legend>Colour</legend><div><a id="r" href="/s?c=r">Red</a></div></fieldset>'
        '<ul><li><a id="y" href="/help">Help</a></li></ul>'
        "</aside></body></html>"
    )
    by_id = {a.get("id"): a for a in tree.iter("a")}
    assert facet_heading(by_id["n"]) == "Brand"
    assert facet_heading(by_id["r"]) == "Colour"
    assert facet_heading(by_id["x"]) == ""  # nothing above the menu
    # sibling groups that hold links are not headings: the nearest one above is the page's
    assert facet_heading(by_id["y"]) == "All products"


def test_a_sentence_saying_what_the_list_is_grouped_by_names_its_groups() -> None:
    """A wiki's index: its heading names the page ("Sitemap"), the sentence under it what the
    tree's folders are ("… ordered by namespaces."): the folders are values of that; a sort
    order ("sorted by date") groups nothing, and a long paragraph is no description."""
    tree = parse_html(
        "<html><body><h1>Sitemap</h1><div class='level1'><p>This is a sitemap over all "
        'available pages ordered by <a href="/wiki/namespaces">namespaces</a>.</p></div>'
        '<div><ul><li><a id="n" href="/w?id=start&amp;idx=faq">faq</a></li></ul></div>'
        "<h2>Recent</h2><p>Pages sorted by date.</p>"
        '<ul><li><a id="r" href="/w?id=start&amp;do=recent&amp;first=20">2</a></li></ul>'
        "<h2>Topics</h2><p>" + "A long text about the topics. " * 8 + "Grouped by topic.</p>"
        '<ul><li><a id="t" href="/w?id=start&amp;idx=faq">faq</a></li></ul>'
        "</body></html>"
    )
    by_id = {a.get("id"): a for a in tree.iter("a")}
    assert facet_heading(by_id["n"]) == "namespaces"
    assert facet_heading(by_id["r"]) == "Recent"
    assert facet_heading(by_id["t"]) == "Topics"


def test_a_label_ending_in_a_colon_names_the_links_after_it() -> None:
    """A blog post's tags follow a "Tags:" label in their list (its own text, no heading
    element), below the post's title and meta line: every tag link is named by the label,
    the first and the ones after it alike; a text that is no label names nothing."""
    tree = parse_html(
        '<html><body><h2><a href="/blog/p-1/">Post 1</a></h2>'
        '<h6 class="post-meta">Posted by: <a id="a" href="/blog/author/ann/">Ann</a>'
        ' in <a id="c" href="/blog/category/dpkg/">dpkg</a></h6>'
        '<ul class="tags">Tags: <li><a id="t1" href="/blog/tag/sid/">sid</a></li>'
        '<li><a id="t2" href="/blog/tag/stable/">stable</a></li></ul>'
        '<p>Read more at <a id="m" href="/blog/p-1/">the post</a></p></body></html>'
    )
    by_id = {a.get("id"): a for a in tree.iter("a")}
    seen: dict[object, str | None] = {}
    assert facet_heading(by_id["t1"], seen) == "Tags"
    assert facet_heading(by_id["t2"], seen) == "Tags"
    assert facet_heading(by_id["a"], seen) == "Posted by"
    assert facet_heading(by_id["c"], seen) != "Posted by"  # "in" is no label
    assert facet_heading(by_id["m"], seen) not in ("Tags", "Read more at")


# -- entities and pages -------------------------------------------------------------------------


def test_entity_pattern_from_a_sample() -> None:
    assert PATTERN.matches(BASE + "/product/12/other-item")
    assert not PATTERN.matches(BASE + "/product/12")
    assert not PATTERN.matches(BASE + "/shop?brand=nike")
    assert not PATTERN.matches("http://elsewhere.test/product/1/x")
    assert PATTERN.describe() == "shop.test/product/*/*"


def test_a_wikis_namespaces_are_other_pages_than_its_articles() -> None:
    # MediaWiki's articles, categories and special pages share /index.php/<title>: the title's
    # "Category:" or "Special:" names another kind of page than the article sampled
    wiki = "http://wiki.test/index.php/"
    article = EntityPattern.from_urls([wiki + "Dpkg_1.21.22"])
    assert article.matches(wiki + "Apt_2.3.10")
    assert article.matches(wiki + "Mawk_1.3.4.20200120-1~exp1")
    for other in (
        "Category:Dpkg",
        "Special:RecentChanges",
        "Debian_uploads:About",
        "Help%3AContents",
    ):
        assert not article.matches(wiki + other), other
    category = EntityPattern.from_urls([wiki + "Category:Dpkg"])
    assert category.matches(wiki + "Category:Uploads_to_unstable")
    assert not category.matches(wiki + "Dpkg_1.21.22")
    either = EntityPattern.from_urls([wiki + "Dpkg_1.21.22", wiki + "Category:Dpkg"])
    assert either.matches(wiki + "Special:RecentChanges") and either.matches(wiki + "Apt_2.3.10")
    # a colon that names no namespace (a time, an address) is part of the name
    stamped = EntityPattern.from_urls(["http://log.test/run/2024-01-01T10:00"])
    assert stamped.matches("http://log.test/run/2024-01-02T11:30")


def test_guess_entity_pattern_picks_the_product_grid_not_the_facets() -> None:
    page = snap("/shop", sidebar(Brand={"Nike": 3, "Puma": 2, "Asics": 1}) + cards(1, 2, 3, 4))
    guessed = guess_entity_pattern(page)
    assert guessed is not None
    pattern, urls = guessed
    assert pattern == PATTERN
    assert len(urls) == 4


def test_names_of_two_parts_in_the_same_list_are_entities_too() -> None:
    names = ("express", "debug", "ms", "@types/node", "@nodelib/fs.stat")
    items = "".join(f'<li><a href="/-/web/detail/{n}">{n}</a></li>' for n in names)
    guessed = guess_entity_pattern(snap("/", f"<ul>{items}</ul>"))
    assert guessed is not None
    pattern, urls = guessed
    assert urls == tuple(sorted(f"{BASE}/-/web/detail/{n}" for n in names))
    assert pattern.matches(f"{BASE}/-/web/detail/@scope/name")
    assert not pattern.matches(f"{BASE}/-/web/other/@scope/name")
    assert not pattern.matches(f"{BASE}/-/web/detail/express/v/1.0.0")


def test_items_carrying_their_own_data_attributes_are_one_result_list() -> None:
    items = "".join(
        f'<li data-colour="{"red" if i % 2 else "blue"}"><a href="/product/{i}/item-{i}">{i}</a></li>'
        for i in (1, 2, 3, 4, 5)
    )
    page = snap("/shop", f'<ul id="results">{items}</ul>')
    assert result_entities(page, PATTERN) == tuple(
        f"{BASE}/product/{i}/item-{i}" for i in (1, 2, 3, 4, 5)
    )


def test_results_ignore_a_featured_box_and_pages_are_classified() -> None:
    body = cards(1, 2, 3, 4, 5) + cards(90, 91, cls="featured")
    page = snap("/shop", body)
    assert result_entities(page, PATTERN) == tuple(
        f"{BASE}/product/{i}/item-{i}" for i in (1, 2, 3, 4, 5)
    )
    assert classify_page(page, PATTERN) == "list"
    assert classify_page(snap("/product/1/item-1", cards(5, 6)), PATTERN) == "entity"
    assert classify_page(snap("/about", "<p>Hello</p>"), PATTERN) == "other"


# -- clustering ---------------------------------------------------------------------------------


def test_page_parameters_qualified_by_the_lists_name() -> None:
    # Frameworks qualify a list's parameters with its name: page_<List>, psize_<List>, listPage.
    assert is_page_key("page") and is_page_key("page_ItemView") and is_page_key("resultsPage")
    assert is_page_key("offset") and not is_page_key("page_size") and not is_page_key("brand")
    assert is_page_size_key("per_page") and is_page_size_key("psize_ItemView")
    assert is_page_size_key("pageSize") and not is_page_size_key("page_ItemView")
    assert not is_page_size_key("size")  # a shoe size is a facet
    url = BASE + "/items/?page_ItemView=3&_oc_ItemView=name"
    assert without_page_keys(url) == BASE + "/items/?_oc_ItemView=name"
    assert without_page_keys(BASE + "/items/?brand=x") == BASE + "/items/?brand=x"


def test_a_pager_numbered_from_zero_keeps_its_second_page() -> None:
    # "2" links to page=1: page 1 is the second page, not another form of the first.
    pager = '<ul class="pagination"><a href="#">1</a><a href="/items/?page_V=1">2</a></ul>'
    first = snap("/items/", cards(1, 2) + pager)
    assert zero_based_pages(first)
    assert pagination_candidates(first, PATTERN) == (BASE + "/items/?page_V=1",)
    assert first_page_form(BASE + "/items/?page_V=1", zero_based=True) == BASE + "/items/?page_V=1"
    assert first_page_form(BASE + "/items/?page_V=0", zero_based=True) == BASE + "/items/"
    one_based = snap("/shop", cards(1, 2) + '<nav><a href="/shop?page=2">2</a></nav>')
    assert not zero_based_pages(one_based)
    assert first_page_form(BASE + "/shop?page=1") == BASE + "/shop"
    sizes = '<ul><a href="/items/?psize_V=25">25</a><a href="/items/?psize_V=100">100</a></ul>'
    listed = snap("/items/", cards(1, 2) + pager + sizes)
    assert page_size_links(listed, canonical_url) == {
        BASE + "/items/?psize_V=25": 25,
        BASE + "/items/?psize_V=100": 100,
    }


def test_a_folders_numbered_index_document_is_its_next_page() -> None:
    """A static gallery's album lists its pictures beside it (``/album/Dune.html``) and pages
    its list as numbered index documents (``/album/index_1.html``, reading "2"): the entity
    pattern the pictures teach takes the page in, its address still names another page of the
    folder's list (``/album/`` is ``index.html``)."""
    pics = "".join(f'<div class="media"><a href="{n}.html">{n}</a></div>' for n in "ABCD")
    pager = '<ul id="onum_links"><li>1</li><li><a href="index_1.html">2</a></li></ul>'
    album = snap("/mate/nature/", pager + pics)
    pattern = EntityPattern.from_urls([BASE + "/mate/nature/A.html"])
    assert pattern.matches(BASE + "/mate/nature/index_1.html")
    assert pagination_candidates(album, pattern) == (BASE + "/mate/nature/index_1.html",)
    # a number linking an entity of the pattern stays an entity
    numbered = snap("/mate/nature/", pics + '<p><a href="2.html">2</a></p>')
    assert pagination_candidates(numbered, pattern) == ()


def test_pagination_candidates_and_same_query() -> None:
    side = sidebar(Brand={"Nike": 30, "Puma": 20})
    pager = '<nav class="pager"><a href="/shop?page=2">2</a><a href="/shop?page=2">Next »</a></nav>'
    tools = '<div class="toolbar"><a href="/shop?sort=price">Price</a><a href="/shop?per=48">48</a></div>'
    p1 = snap("/shop", side + tools + cards(1, 2) + pager)
    assert pagination_candidates(p1, PATTERN) == (BASE + "/shop?page=2",)
    assert ordering_links(p1, canonical_url) == {BASE + "/shop?sort=price": "sort"}
    assert page_size_links(p1, canonical_url) == {BASE + "/shop?per=48": 48}
    pager2 = '<nav class="pager"><a href="/shop?page=1">1</a></nav>'
    p2 = snap("/shop?page=2", side + tools + cards(3, 4) + pager2)
    lx = list_links(p1, PATTERN) - set(pagination_candidates(p1, PATTERN))
    ly = list_links(p2, PATTERN) - set(pagination_candidates(p2, PATTERN))
    assert same_query(lx, ly, epsilon=0.2)
    # a drill-down's links all carry its condition: a different query
    child = snap("/shop?brand=nike", sidebar("?brand=nike", Size={"S": 3}) + cards(1))
    assert not same_query(lx, list_links(child, PATTERN), epsilon=0.2)
    assert first_page_form(BASE + "/shop?page=1&sort=new") == BASE + "/shop?sort=new"


def test_a_page_size_kept_as_the_visitors_preference_is_no_page_of_the_list() -> None:
    """A bookmark list's "Links per page" links (``/links-per-page?nb=100``) set the size in the
    visitor's session and send back to the list: stateless fetches never see it, so none is a
    page of the list beside its pager's ``?page=2``; a number to another address is."""
    sizes = '<div>Links per page <a href="/links-per-page?nb=20">20</a>'
    sizes += '<a href="/links-per-page?nb=50">50</a><a href="/links-per-page?nb=100">100</a></div>'
    pager = '<nav><a href="/?page=2">Next page</a></nav>'
    home = snap("/", sizes + cards(1, 2) + pager)
    assert pagination_candidates(home, PATTERN) == (BASE + "/?page=2",)
    # a size link whose value is not the number it reads is no such setting
    other = snap("/", '<div><a href="/links-per-page?nb=100">2</a></div>' + cards(1, 2))
    assert pagination_candidates(other, PATTERN) == (BASE + "/links-per-page?nb=100",)


def test_a_sort_by_group_orders_the_list_where_its_links_spell_the_order_in_the_path() -> None:
    """A forum's home page lists its questions under a "Sort by" label whose links lead to the
    list's address with the order as a path segment (``/questions/sort:votes-desc/``): views
    of the same list, no facet "Sort by"."""
    sort = (
        '<nav class="sort"><span class="sort-label">Sort by</span>'
        '<a href="/questions/scope:all/sort:age-desc/page:1/">date</a>'
        '<a href="/questions/scope:all/sort:votes-desc/page:1/">votes</a></nav>'
    )
    home = snap("/", sort + cards(1, 2, 3))
    orders = ordering_links(home, canonical_url)
    assert set(orders) == {
        BASE + "/questions/scope:all/sort:age-desc/page:1/",
        BASE + "/questions/scope:all/sort:votes-desc/page:1/",
    }
    assert not link_facets(home, PATTERN, canonical_url)


def test_links_labelled_as_an_ordering_are_views_wherever_their_path_leads() -> None:
    """A catalogue's toolbar of icon buttons, each titled with the order it shows and leading
    to the list's address with the order as its last segment (``/newest/abc/``): views of the
    same list — no facet, no list of a value beside it, no index of values."""
    titles = {
        "new": "Sort according to book date, newest first",
        "abc": "Sort title in alphabetical order",
        "authza": "Sort authors in reverse alphabetical order",
    }
    toolbar = "".join(
        f'<a title="{t}" class="btn" href="/newest/{k}/"><span class="icon"></span></a>'
        for k, t in titles.items()
    )
    page = snap("/newest/new/", f"<h2>Books</h2><div>{toolbar}</div>" + cards(1, 2, 3))
    orders = ordering_links(page, canonical_url)
    assert set(orders) == {f"{BASE}/newest/{k}/" for k in titles}
    assert not link_facets(page, PATTERN, canonical_url)
    assert lists_beside(page, f"{BASE}/newest/new/") is None
    assert value_indexes(page, PATTERN.matches) == {}
    assert names_an_order("Order by price") and names_an_order("sorted by date")
    assert not names_an_order("Ordnance survey") and not names_an_order("Sorting hat")


def test_a_folder_holds_the_entities_whose_address_lies_below_it() -> None:
    posts = [f"{BASE}/blog/2026/11/03/a/", f"{BASE}/blog/2026/10/06/b/", f"{BASE}/blog/about/"]
    assert addressed_under(f"{BASE}/blog/2026/11/", posts) == posts[:1]
    assert addressed_under(f"{BASE}/blog/2026/", posts) == posts[:2]
    assert addressed_under(f"{BASE}/blog/about/", posts) == []  # itself, not below
    assert addressed_under(f"{BASE}/blog/?year=2026", posts) == []  # a query is no folder
    assert addressed_under("http://other.test/blog/2026/", posts) == []


def test_jaccard_and_subset() -> None:
    assert jaccard({"a", "b"}, {"b", "c"}) == 1 / 3
    assert jaccard(set(), set()) == 1.0
    assert is_subset({"a"}, {"a", "b"})
    assert not is_subset({"a", "z"}, {"a", "b"})
    assert is_subset({"a", "z"}, {"a", "b"}, tolerance=0.5)
    assert not is_subset(set(), {"a"})


# -- facets -------------------------------------------------------------------------------------


def test_link_facets_read_attribute_value_and_count() -> None:
    crumbs = '<nav class="crumbs" aria-label="Breadcrumb"><a href="/">Home</a></nav>'
    footer = '<footer><h3>Help</h3><ul><li><a href="/help/returns">Returns</a></li></ul></footer>'
    page = snap("/shop", crumbs + sidebar(Brand={"Nike": 3}, Colour={"Red": 2}) + cards(1) + footer)
    facets = link_facets(page, PATTERN, canonical_url)
    assert [(f.attribute, f.value, f.count) for f in facets] == [
        ("Brand", "Nike", 3),
        ("Colour", "Red", 2),
    ]
    assert facets[0].url == BASE + "/shop?brand=nike"


def test_link_facets_take_the_crawls_canonical_urls() -> None:
    # The crawl drops a "ref" parameter: the Snapshot's links carry its URLs, and an anchor no
    # link accounts for (here one inside noscript) is made canonical by the same rules.
    rules = partial(canonical_url, session_params=("ref",))
    body = (
        '<noscript><a href="/shop?js=0">Plain page</a></noscript>'
        + sidebar(Brand={"Nike": 3}).replace("brand=nike", "brand=nike&amp;ref=side")
        + cards(1)
    )
    url = BASE + "/shop"
    page = snapshot_from_html(
        url, url, 200, f"<html><body>{body}</body></html>", canonicalize=rules
    )
    assert len(page.links) == body.count("<a ") - 1  # the noscript anchor is no link
    (facet,) = link_facets(page, PATTERN, rules)
    assert facet.url == BASE + "/shop?brand=nike"
    (default,) = link_facets(page, PATTERN, canonical_url)  # the rules are the caller's
    assert default.url == BASE + "/shop?brand=nike&ref=side"


def test_control_facets_skip_sort_cart_and_form_fields() -> None:
    html = (
        '<section data-facet="brand"><h2>Brand</h2>'
        '<label><input type="checkbox" name="brand" value="nike"> Nike <span>(4)</span></label>'
        "</section>"
        '<label>Sort by <select id="sort" name="sort"><option value="a" selected>A</option>'
        '<option value="b">B</option></select></label>'
        '<button type="button" class="add-to-cart">Add to cart</button>'
        '<button type="button" id="load-more">Load more</button>'
        '<form id="f" method="get" action="/search"><fieldset><legend>Size</legend>'
        '<label><input type="radio" name="size" value="s"> S</label></fieldset>'
        '<button type="submit">Search</button></form>'
    )
    page = snap("/shop", html)
    facets = control_facets(page)
    assert [(f.attribute, f.value, f.count) for f in facets] == [("brand", "Nike", 4)]
    more = load_more_control(page)
    assert more is not None and more.selector == "#load-more"


def test_a_page_size_control_is_a_view_not_a_facet() -> None:
    sizes = "".join(f'<option value="{n}">{n}</option>' for n in (10, 25, 50, 100))
    html = (
        f'<label>Page size <select id="size" name="page_size">{sizes}</select></label>'
        '<label>Region <select id="region" name="region"><option value="">All</option>'
        '<option value="eu">Europe</option><option value="as">Asia</option></select></label>'
    )
    facets = control_facets(snap("/admin/zone/list", html))
    assert [(f.attribute, f.value) for f in facets] == [("Region", "Asia"), ("Region", "Europe")]


def test_unsafe_controls_and_links() -> None:
    assert unsafe_reason(Control("button", "#b", label="Add to cart"))
    assert unsafe_reason(Control("text", "#p", input_type="password"))
    assert unsafe_reason(url=BASE + "/logout")
    assert unsafe_reason(url=BASE + "/account/login", text="Sign in")
    assert unsafe_reason(Control("button", "#x", label="Delete item"))
    assert not unsafe_reason(Control("checkbox", "#c", label="Black", group="colour"))
    assert not unsafe_reason(url=BASE + "/shop?sort=price", text="Price: low to high")


# -- forms --------------------------------------------------------------------------------------


FORM = (
    '<form id="sf" method="get" action="/search">'
    '<label for="q">Keywords</label><input type="text" id="q" name="q">'
    '<label for="b">Brand</label><select id="b" name="brand"><option value="">Any</option>'
    '<option value="nike">Nike (3)</option><option value="puma">Puma</option></select>'
    '<label for="s">Sort by</label><select id="s" name="sort"><option value="rel">Relevance</option>'
    '<option value="price">Price</option></select>'
    '<fieldset><legend>Price</legend><label><input type="radio" name="price" value="" checked> Any</label>'
    '<label><input type="radio" name="price" value="low"> Under £25</label></fieldset>'
    '<fieldset><legend>Colour</legend><label><input type="checkbox" name="colour" value="red"> Red</label>'
    "</fieldset><button type=submit>Search</button></form>"
    '<form id="login" method="post" action="/login"><input type="email" name="email">'
    '<input type="password" name="pw"><button type="submit">Sign in</button></form>'
)


def test_forms_enumerate_fields_and_build_get_urls() -> None:
    page = snap("/search", FORM)
    search, login = sorted(forms_of(page), key=lambda f: f.selector != "#sf")
    assert login.has_password and login.method == "post"
    assert search.method == "get" and search.submit is not None
    choices = [(c.attribute, c.value, c.name, c.field_value) for c in form_choices(search)]
    assert choices == [
        ("Brand", "Nike", "brand", "nike"),
        ("Brand", "Puma", "brand", "puma"),
        ("Colour", "Red", "colour", "red"),
        ("Price", "Under £25", "price", "low"),
    ]
    url = get_submission(search, {"brand": "nike"}, canonical_url)
    assert url == BASE + "/search?brand=nike&price=&q=&sort=rel"
    assert [c.name for c in search.keyword_fields] == ["q"]


# -- queries, states and attributes -------------------------------------------------------------


def test_query_index_finds_equivalent_queries_by_hash() -> None:
    index = QueryIndex()
    drill = drilldown_labels([Facet("Brand", "Nike", 3), Facet("Colour", "Red", 2)])
    index.add("q1", QueryKey(frozenset({"e1", "e2"}), drill), [("Size", "S"), ("Fit", "Slim")])
    same = QueryKey(
        frozenset({"e2", "e1"}),
        drilldown_labels([Facet("colour", "red", 2), Facet("brand", "nike", 3)]),
    )
    assert index.equivalent(same) == "q1"
    assert index.with_conditions([("fit", "slim"), ("size", "s")]) == "q1"  # another click order
    other = QueryKey(frozenset({"e1", "e2"}), drilldown_labels([Facet("Brand", "Nike", 2)]))
    assert index.equivalent(other) is None


def test_state_key_depends_on_structure_and_entity_set_not_order() -> None:
    assert state_key("f1", ["a", "b"]) == state_key("f1", ["b", "a", "a"])
    assert state_key("f1", ["a"]) != state_key("f2", ["a"])
    assert state_key("f1", ["a"]) != state_key("f1", ["a", "b"])


def test_infer_attributes_from_queries() -> None:
    out = infer_attributes(
        [
            ((), ["e1", "e2", "e3"]),
            ((("Colour", "Red"),), ["e1", "e2"]),
            ((("Colour", "Blue"),), ["e2"]),
            ((("Category", "Shoes"), ("Type", "Boots")), ["e1"]),
        ]
    )
    assert out == {
        "e1": {"Category": ("Shoes",), "Colour": ("Red",), "Type": ("Boots",)},
        "e2": {"Colour": ("Blue", "Red")},
        "e3": {},
    }


def test_attribute_names_are_one_whatever_their_case() -> None:
    # a link facet labelled "Brand" and a form select named "brand" on one site
    out = infer_attributes(
        [
            ((("Brand", "Acme"),), ["e1"]),
            ((("brand", "Zeta"),), ["e1", "e2"]),
            ((("BRAND", "acme"),), ["e1"]),
        ]
    )
    assert out == {"e1": {"Brand": ("Acme", "Zeta")}, "e2": {"Brand": ("Zeta",)}}
