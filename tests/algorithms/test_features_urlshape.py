"""URL templates and query changes (pure), and the SSUP rules built on them: site navigation in
the climb, a list's marked entry, views of a list in pagination, template mates at a level."""

from __future__ import annotations

from siteseer.algorithms.features.urlshape import (
    continues,
    is_view,
    moved,
    query_changes,
    refines,
    seed_template,
    template_share,
    url_template,
)
from siteseer.algorithms.ssup.verdicts import navigation_list
from siteseer.algorithms.ssup.weights import candidate_weight, entry_paths, marked_item_paths
from siteseer.render import Link, Snapshot

H = "http://127.0.0.2"


def _page(url: str, links: list[tuple[str, str]]) -> Snapshot:
    return Snapshot(
        url=url,
        final_url=url,
        status=200,
        html="<html></html>",
        links=tuple(Link(u, "", p, p, p) for u, p in links),
    )


# --- url_template ------------------------------------------------------------------------------


def test_a_template_keeps_what_all_urls_share() -> None:
    template = url_template([f"{H}/lab/dev/requests/2.34.2", f"{H}/lab/dev/flask/3.1.0"])
    assert template is not None
    assert template.segments == ("lab", "dev", None, None)
    assert template.matches(f"{H}/lab/dev/agent-detector/2.0.0")
    assert not template.matches(f"{H}/lab/dev/agent-detector")  # a project page, not a release
    assert not template.matches(f"{H}/lab/prod/flask/3.1.0")
    assert not template.matches("http://127.0.0.3/lab/dev/flask/3.1.0")


def test_a_template_tells_one_entity_type_from_another_of_the_same_shape() -> None:
    template = url_template([f"{H}/planes/show/1", f"{H}/planes/show/2"])
    assert template is not None
    assert template.matches(f"{H}/planes/show/499")
    assert not template.matches(f"{H}/airports/show/7")


def test_a_template_over_query_values() -> None:
    template = url_template([f"{H}/doku.php?id=library:json", f"{H}/doku.php?id=library:abc"])
    assert template is not None and template.query == (("id", None),)
    assert template.matches(f"{H}/doku.php?id=c-api:list")
    assert not template.matches(f"{H}/doku.php?id=c-api:list&do=edit")
    assert template.varying == 1


def test_no_template_for_urls_of_different_shapes() -> None:
    assert url_template([]) is None
    assert url_template([f"{H}/a/1", f"{H}/a/1/2"]) is None
    assert url_template([f"{H}/a?x=1", f"{H}/a?y=1"]) is None
    assert url_template([f"{H}/a?x=1&x=2"]) is None  # a repeated parameter has no one value


# --- query_changes -----------------------------------------------------------------------------


def test_query_changes_names_the_parameters_that_differ() -> None:
    assert query_changes(f"{H}/list/", f"{H}/list/?page=3") == {"page"}
    assert query_changes(f"{H}/list/?page=2", f"{H}/list/?page=3") == {"page"}
    assert query_changes(f"{H}/list/", f"{H}/list/?sort=name&dir=asc") == {"sort", "dir"}
    assert query_changes(f"{H}/list/?b=2&a=1", f"{H}/list/?a=1&b=2") == frozenset()
    assert query_changes(f"{H}/list/", f"{H}/other/?page=3") is None


# --- pagination: views of a list ---------------------------------------------------------------


def test_views_of_a_list_are_not_its_pages() -> None:
    sample = f"{H}/planes/list/"
    assert not is_view(sample, f"{H}/planes/list/?page_P=3")
    assert not is_view(sample, f"{H}/planes/list/?psize_P=50")  # one parameter: bounded
    assert is_view(sample, f"{H}/planes/list/?_oc_P=year&_od_P=asc")
    assert is_view(sample, f"{H}/planes/list/?page_P=3&psize_P=50")
    assert not is_view(sample, f"{H}/sports/page/2")
    # A link that drops the sample's parameter goes elsewhere; it refines nothing.
    assert not is_view(f"{H}/doku.php?do=index&id=a", f"{H}/doku.php?id=a&idx=b")


def test_the_pages_that_continue_a_list() -> None:
    first = f"{H}/planes/list/"
    assert continues(first, f"{H}/planes/list/?page_P=3")
    assert continues(f"{H}/list/?page=2", f"{H}/list/?page=5")
    assert continues(f"{H}/search?q=a", f"{H}/search?q=a&offset=50")
    assert continues(f"{H}/list/?after=x", f"{H}/list/?after=y")
    assert not continues(first, f"{H}/planes/list/?_oc_P=year&_od_P=asc")  # a sort order
    assert not continues(first, f"{H}/planes/list/?page_P=3&psize_P=50")  # a view of a page
    assert not continues(first, first)
    assert not continues(first, f"{H}/planes/show/7")  # another path
    assert not continues(f"{H}/search?q=a", f"{H}/search?offset=50")  # drops the query
    # An empty parameter that the next pages leave out (or add) selects nothing either way.
    assert continues(f"{H}/issue?q=&sort=id", f"{H}/issue?sort=id&start=50")
    assert continues(f"{H}/issue?sort=id", f"{H}/issue?q=&sort=id&start=50")
    assert not continues(f"{H}/issue?q=&sort=id", f"{H}/issue?sort=id")  # no page added
    assert not continues(f"{H}/issue?q=&sort=id", f"{H}/issue?start=50")  # drops the order
    # A page number appended to the list's path.
    assert continues(f"{H}/season/gp3/2022", f"{H}/season/gp3/2022/page/3")
    assert continues(f"{H}/people/", f"{H}/people/2")
    assert not continues(f"{H}/season/gp3/2022", f"{H}/season/gp3/2023")  # a sibling list
    assert not continues(f"{H}/people", f"{H}/people/alice")  # an entity, not a number
    assert not continues(f"{H}/people", f"{H}/people/a/b/3")  # too deep for a page number
    assert not continues(f"{H}/people?q=a", f"{H}/people/2")  # leaves the query
    assert not continues(f"{H}/people", "http://127.0.0.3/people/2")  # another host
    # A page number appended to the file's name, a directory's read as its index document.
    assert continues(f"{H}/", f"{H}/index2.html")
    assert continues(f"{H}/blog/", f"{H}/blog/index-3.html")
    assert continues(f"{H}/category/tzdata.html", f"{H}/category/tzdata2.html")
    assert not continues(f"{H}/", f"{H}/index.html")  # the same page
    assert not continues(f"{H}/", f"{H}/about2.html")  # another file
    assert not continues(f"{H}/tag/a.html", f"{H}/tag/b2.html")
    assert not continues(f"{H}/tag/a.html", f"{H}/tag/a2.htm")  # another extension
    assert not continues(f"{H}/tag/a.html", f"{H}/other/a2.html")  # another folder
    # Exactly the one-parameter links `is_view` does not take for views.
    for url in (f"{H}/planes/list/?page_P=3", f"{H}/planes/list/?_oc_P=a&_od_P=asc"):
        assert continues(first, url) != is_view(first, url)


def test_a_page_refined_by_added_parameters() -> None:
    page = f"{H}/doku.php?id=a"
    assert refines(page, f"{H}/doku.php?id=a&do=edit")
    assert refines(page, f"{H}/doku.php?do=revisions&id=a")
    assert refines(f"{H}/list/", f"{H}/list/?page=2")
    assert not refines(page, f"{H}/doku.php?id=b")  # another page: a value changed
    assert not refines(page, f"{H}/doku.php?id=b&do=edit")
    assert not refines(page, page)
    assert not refines(page, f"{H}/other.php?id=a&do=edit")


def test_a_hash_routes_query_is_the_urls() -> None:
    first = f"{H}/#/movies"
    assert query_changes(first, f"{H}/#/movies?page=2") == {"page"}
    assert query_changes(first, f"{H}/#/movies/7/show") is None  # another route
    assert continues(first, f"{H}/#/movies?page=2")
    assert refines(first, f"{H}/#/movies?page=2&sort=id")
    assert is_view(f"{H}/#/movies?page=2", f"{H}/#/movies?page=3&sort=title")
    shown = url_template([f"{H}/#/movies/7/show", f"{H}/#/movies/8/show"])
    assert shown is not None and shown.segments == ("movies", None, "show")


# --- the climb: site navigation and a list's marked entry --------------------------------------

MENU = "html/header/ul/li/a"
ROWS = "html/main/table/tr/td/a"


def test_a_list_the_page_itself_holds_is_site_navigation() -> None:
    menu = [(f"{H}/planes/list/", MENU), (f"{H}/airports/list/", MENU)]
    current = _page(f"{H}/planes/list/", [*menu, (f"{H}/planes/show/1", ROWS)])
    sorted_view = _page(f"{H}/planes/list/?sort=year&dir=asc", [*menu])
    assert navigation_list(sorted_view, current, MENU, "attrs")
    # An index page lists the page in its content; the page does not hold that list.
    index = _page(f"{H}/planes/list/", [*menu, (f"{H}/planes/show/1", ROWS)])
    seed = _page(f"{H}/planes/show/1", [*menu, (f"{H}/planes/list/", "html/nav/a")])
    assert not navigation_list(index, seed, ROWS, "attrs")


def test_the_marked_entry_of_a_list_weighs_with_its_siblings() -> None:
    plain = "html/main/ul[@class]/li[@class]/div/a"
    marked = "html/main/ul[@class]/li[@class][@id]/div/a"
    seed = f"{H}/doku.php?id=library:json"
    siblings = [f"{H}/doku.php?id=library:{name}" for name in ("abc", "pickle", "marshal", "re")]
    sitemap = _page(
        f"{H}/doku.php?do=index&id=library:json",
        [(u, plain) for u in siblings] + [(seed, marked), (f"{H}/doku.php?id=start", "html/h1/a")],
    )
    paths = {marked: (seed,), plain: tuple(siblings)}
    assert marked_item_paths(paths, marked, {seed}) == (marked, plain)
    assert marked_item_paths(paths, plain, {siblings[0]}) == (plain,)
    scored = candidate_weight(sitemap, _page(seed, [(sitemap.url, "html/nav/a")]), "attrs")
    assert scored is not None
    sdp, weight = scored
    assert sdp == plain and weight > 2.0


def test_the_share_of_a_list_of_the_seeds_template() -> None:
    seed = f"{H}/repo/commit/?id=31"
    commits = [f"{H}/repo/commit/?id={n}" for n in (40, 39, 38)]
    others = [f"{H}/repo/log/", f"{H}/repo/tag/?h=v40", f"{H}/repo/tag/?h=v39"]
    # A summary's table: its branch and tags beside the last commits (the seed itself not counted,
    # each URL once).
    assert template_share(seed, [seed, *commits, *others, commits[0]]) == 0.5
    assert template_share(seed, [seed, *commits]) == 1.0
    assert template_share(seed, [seed]) == 0.0
    # widened over the list, the summary's table stays mixed: no segment varies in it.
    assert template_share(seed, [seed, *commits, *others], widen=True) == 0.5


def test_the_share_of_an_index_of_every_projects_release_widened_over_it() -> None:
    seed = f"{H}/dev/requests/2.34.2"
    releases = [f"{H}/dev/{name}/1.{n}" for n, name in enumerate(("flask", "attrs", "babel"))]
    # Each release under its own project: of the seed's template only once widened over the list.
    assert template_share(seed, [seed, *releases]) == 0.0
    assert template_share(seed, [seed, *releases], widen=True) == 1.0
    assert template_share(seed, [seed, *releases[:2]], widen=True) == 0.0  # two values: no level


def test_the_seeds_template_as_another_section_of_the_menu_lists_it() -> None:
    seed = seed_template(f"{H}/intro/contributing/")
    assert seed is not None and seed.segments == ("intro", None)
    # The section's name the seed's URL carries moves with the section.
    topics = moved(seed, f"{H}/intro/", f"{H}/topics/")
    assert topics is not None and topics.matches(f"{H}/topics/async/")
    assert not seed.matches(f"{H}/topics/async/")
    # A member's page names no members' list: the committees' page leaves its template as is.
    member = seed_template(f"{H}/member.php?id=120")
    assert moved(member, f"{H}/members.php", f"{H}/committees.php") == member
    # A value the seed's URL shares with its list, the list's query varying it.
    item = seed_template(f"{H}/item?cat=tools&id=7")
    assert item is not None and ("cat", "tools") in item.query
    other = moved(item, f"{H}/list?cat=tools", f"{H}/list?cat=books")
    assert other is not None and other.matches(f"{H}/item?cat=books&id=9")
    assert moved(item, f"{H}/list?cat=tools", f"{H}/about") == item  # another shape: unchanged


def test_a_page_listed_at_several_depths_of_a_tree_is_its_entry_at_the_shallowest() -> None:
    # A table of contents lists each page, then its headings below it (the same page once
    # their fragments are dropped) and its sub-pages: the entry is where it is listed among
    # its siblings.
    toc = "html/body/section/div/ul/li[@class]/a"
    heads = "html/body/section/div/ul/li[@class]/ul/li[@class]/a"
    menu = "html/body/nav/ul/li/a"
    assert entry_paths([heads, toc, menu]) == [toc, menu]
    seed = f"{H}/usage/configuration.html"
    siblings = [f"{H}/usage/{n}.html" for n in ("a", "b")]
    under = [f"{H}/usage/ext/{n}.html" for n in ("x", "y", "z", "w", "v")]
    page = _page(
        f"{H}/index.html",
        [(seed, toc), *((u, toc) for u in siblings), (seed, heads), *((u, heads) for u in under)],
    )
    assert candidate_weight(page, _page(seed, []), "tags") is not None
    assert candidate_weight(page, _page(seed, []), "tags")[0] == toc  # type: ignore[index]
