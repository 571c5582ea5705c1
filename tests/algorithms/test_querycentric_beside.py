"""The lists beside the start list (beside.py) and the shapes that make pages and containers
alike (shapes.py), on pages drawn as a wiki draws its Main Page and its categories."""

from __future__ import annotations

from dataclasses import replace

from siteseer.algorithms.querycentric.beside import (
    distinct_attributes,
    item_fields,
    lists_beside,
    shared_attribute,
)
from siteseer.algorithms.querycentric.model import (
    EntityPattern,
    result_container,
    result_entities,
)
from siteseer.algorithms.querycentric.shapes import alike_container, namespace
from siteseer.render import Snapshot, snapshot_from_html

WIKI = "http://wiki.test/index.php/"


def page(title: str, body: str) -> Snapshot:
    url = WIKI + title
    return snapshot_from_html(url, url, 200, f"<html><body>{body}</body></html>")


def links(*titles: str, text: str = "{}") -> str:
    items = "".join(
        f'<li><a href="/index.php/{t}">{text.format(t.split(":")[-1].replace("_", " "))}</a></li>'
        for t in titles
    )
    return f"<ul>{items}</ul>"


MAIN = page(
    "Main_Page",
    '<nav class="sidebar">'
    + links("Special:RecentChanges", "Special:Random", "Help:Contents")
    + '</nav><div class="content"><h2>Packages</h2>'
    + links("Category:Dpkg", "Category:Apt", text="{} (12)")
    + "<h2>Distributions</h2>"
    + links("Category:Uploads_to_unstable", "Category:Uploads_to_sid")
    + "</div>",
)


def test_the_lists_a_main_page_links_alike_are_values_of_the_attribute_their_address_names() -> (
    None
):
    beside = lists_beside(MAIN, WIKI + "Category:Uploads_to_unstable")
    assert beside == {
        WIKI + "Category:Dpkg": "Dpkg",  # its count is no part of the value
        WIKI + "Category:Apt": "Apt",
        WIKI + "Category:Uploads_to_unstable": "Uploads to unstable",
        WIKI + "Category:Uploads_to_sid": "Uploads to sid",
    }
    assert shared_attribute(WIKI + "Category:Uploads_to_unstable") == "Category"
    assert shared_attribute("http://blog.test/tags/python/") == "tags"
    assert shared_attribute("http://blog.test/2024/07/") == ""  # a number names nothing
    # a value named by its number and then its name: the word before both
    assert shared_attribute("http://forum.test/category/5/dpkg/") == "category"
    assert shared_attribute("http://forum.test/category/5/") == "category"
    assert shared_attribute("http://blog.test/archives/2024/07/") == ""
    # a page the hub does not link, or links alone, has none beside it
    assert lists_beside(MAIN, WIKI + "Category:Grep") is None
    # the sidebar's special pages are alike, but not its help page (another namespace); the
    # explorer takes only those that list entities
    special = lists_beside(MAIN, WIKI + "Special:RecentChanges")
    assert special == {
        WIKI + "Special:RecentChanges": "RecentChanges",
        WIKI + "Special:Random": "Random",
    }
    lone = page("Main_Page", links("Category:Dpkg"))
    assert lists_beside(lone, WIKI + "Category:Dpkg") is None


def test_a_short_category_drawn_without_columns_lists_the_same_entities() -> None:
    def category(columns: bool, *titles: str) -> Snapshot:
        cls = "mw-category mw-category-columns" if columns else "mw-category"
        group = f'<div class="{cls}"><div class="mw-category-group">{links(*titles)}</div></div>'
        footer = '<footer class="mw-footer">' + links("Debian_uploads:About") + "</footer>"
        return page("Category:X", f'<div id="mw-pages">{group}</div>{footer}')

    pattern = EntityPattern.from_urls([WIKI + "Dpkg_1.21.22"])
    long = category(True, "Apt_2.3.10", "Apt_2.3.11", "Dpkg_1.21.22")
    short = category(False, "Sed_4.7-1", "Sed_4.8-1")
    learned = frozenset({result_container(long.links[0])})
    assert result_entities(long, pattern, learned) == tuple(
        WIKI + t for t in ("Apt_2.3.10", "Apt_2.3.11", "Dpkg_1.21.22")
    )
    assert result_entities(short, pattern, learned) == (WIKI + "Sed_4.7-1", WIKI + "Sed_4.8-1")
    (key,) = learned
    other = key.replace("mw-category mw-category-columns", "navbox")
    assert alike_container(key.replace(" mw-category-columns", ""), learned)
    assert not alike_container(other, learned)
    assert namespace(WIKI + "Category:Dpkg") == "category" and namespace(WIKI + "Dpkg_1") == ""


def test_addresses_naming_one_attribute_after_different_heads_are_named_by_their_heads() -> None:
    """A catalogue writes its sort order into every value's address (``/author/stored/5``,
    ``/series/stored/2``): the word before the number names no attribute, the first segment
    where the addresses differ does; an attribute one family of addresses names stays."""
    names = distinct_attributes(
        [
            "http://b.test/author/stored/5",
            "http://b.test/author/stored/6",
            "http://b.test/series/stored/2",
            "http://b.test/category/5/dpkg/",
            "http://b.test/index.php/Category:Dpkg",
            "http://b.test/about",
        ]
    )
    assert names == {
        "http://b.test/author/stored/5": "author",
        "http://b.test/author/stored/6": "author",
        "http://b.test/series/stored/2": "series",
        "http://b.test/category/5/dpkg/": "category",
        "http://b.test/index.php/Category:Dpkg": "Category",
    }


def test_a_rendered_lists_script_opened_items_leave_its_items_fields_read() -> None:
    """A forum's rendered list draws each topic's clickable area as a link of its own (no
    anchor: its path ends in the area's ``div``); the anchors still pair with the links that
    are anchors, and each topic's category link is its field, as on the list served."""
    topics = "".join(
        f'<div class="topic"><div class="title"><a href="/topic/{n}/t-{n}/">T {n}</a></div>'
        f'<a class="cat" href="/category/{n % 2 + 3}/{c}/">{c}</a></div>'
        for n, c in ((1, "dpkg"), (2, "apt"), (3, "dpkg"))
    )
    served = snapshot_from_html(
        "http://f.test/", "http://f.test/", 200, f"<html><body>{topics}</body></html>"
    )
    areas = tuple(
        replace(x, path=x.path.rsplit("/", 2)[0]) for x in served.links if "/topic/" in x.url
    )
    drawn = replace(served, links=(*served.links, *areas), rendered=True)
    entities, fields = _item_fields(served, drawn, "http://f.test/topic/1/t-1/")
    assert fields == {
        u: {"category": (c,)} for u, c in zip(entities, ("dpkg", "apt", "dpkg"), strict=True)
    }


def _item_fields(
    served: Snapshot, read: Snapshot, sample: str
) -> tuple[list[str], dict[str, dict[str, tuple[str, ...]]]]:
    """The entities `served` lists alike `sample`, and the fields item_fields reads off `read`."""
    pattern = EntityPattern.from_urls([sample])
    containers = {result_container(x) for x in served.links if pattern.matches(x.url)}
    entities = [x.url for x in served.links if pattern.matches(x.url)]
    return entities, item_fields(read, containers, pattern.matches, entities)


def test_a_forums_tags_spelled_in_its_path_are_its_questions_values_beside_a_noscript_link() -> (
    None
):
    """A forum's question list: each question's tag links to the tag's list, spelled as a path
    segment ``tags:<tag>`` before the list's page (``/page:1/``); a ``<noscript>`` help link
    is no link of the page (the extraction leaves it out) and leaves the anchors paired."""
    questions = "".join(
        f'<div class="question"><h2><a href="/question/{n}/q-{n}/">Q {n}</a></h2>'
        f'<ul class="tags"><li><a rel="tag" href="/questions/scope:all/sort:activity-desc/'
        f'tags:{t}/page:1/">{t}</a></li></ul></div>'
        for n, t in ((1, "gui"), (2, "windows"), (3, "gui"))
    )
    help_link = '<noscript><a href="https://help.test/js">enable JavaScript</a></noscript>'
    html = f"<html><body>{questions}{help_link}</body></html>"
    page = snapshot_from_html("http://f.test/", "http://f.test/", 200, html)
    entities, fields = _item_fields(page, page, "http://f.test/question/1/q-1/")
    assert fields == {
        u: {"tags": (t,)} for u, t in zip(entities, ("gui", "windows", "gui"), strict=True)
    }
    assert shared_attribute("http://f.test/questions/tags:gui/page:2/") == "tags"
    assert shared_attribute("http://blog.test/tags/python/page/2/") == "tags"


def test_a_flat_lists_posts_are_runs_of_siblings_each_with_its_meta_line_and_tags() -> None:
    """A blog's list drawn flat: each post a title heading, a meta line linking its author and
    category, a paragraph and its tags, siblings under one parent, the pager after the last
    post. Each post's author, category and tags are its fields; the pager is no post's."""
    posts = (
        (1, "ann", "zlib", ("unstable",)),
        (2, "bob", "lz4", ("unstable", "experimental")),
        (3, "ann", "lz4", ("experimental",)),
    )
    body = "".join(
        f'<h2><a href="/blog/post-{n}/">Post {n}</a></h2>'
        f'<h6>Posted by: <a href="/blog/author/{a}/">{a.title()}</a> in '
        f'<a href="/blog/category/{c}/">{c}</a></h6><p>Uploaded to {tags[0]}.</p>'
        '<div><ul class="tags">Tags:'
        + "".join(f'<li><a href="/blog/tag/{t}/">{t}</a></li>' for t in tags)
        + f'</ul><p><a href="/blog/post-{n}/">read more</a></p></div>'
        for n, a, c, tags in posts
    )
    pager = '<ul class="pager"><li><a href="/blog/?page=2">2</a></li></ul>'
    served = snapshot_from_html(
        "http://b.test/blog/",
        "http://b.test/blog/",
        200,
        f'<html><body><div class="posts">{body}{pager}<p>footer</p></div></body></html>',
    )
    entities, fields = _item_fields(served, served, "http://b.test/blog/post-1/")
    assert sorted(set(entities)) == [f"http://b.test/blog/post-{n}/" for n, *_ in posts]
    assert fields == {
        f"http://b.test/blog/post-{n}/": {
            "author": (a.title(),),
            "category": (c,),
            "tag": tags,
        }
        for n, a, c, tags in posts
    }


def test_a_wikis_own_tools_beside_its_sections_are_no_sections() -> None:
    """A wiki's home page links its sections (``/gnutls28/``) in the same menu as its own tools
    (``/_create/``, ``/_dir/``, ``/_history/``): the sections are the lists beside the start
    section, the tools none."""
    sections = ("gnutls28", "krb5", "nettle")
    menu = "".join(
        f'<li><a href="/{s}/">{s}</a></li>' for s in (*sections, "_create", "_dir", "_history")
    )
    hub = snapshot_from_html(
        "http://w.test/", "http://w.test/", 200, f"<html><body><ul>{menu}</ul></body></html>"
    )
    start = "http://w.test/gnutls28/"
    entities = [f"{start}{n}/" for n in range(1, 9)]
    beside = lists_beside(hub, start, entities)
    assert beside == {f"http://w.test/{s}/": s for s in sections}


def test_a_bookmark_lists_tag_links_filtering_the_list_are_its_tags_beside_empty_links() -> None:
    """A bookmark list: each bookmark's tags link to ``/add-tag/<tag>`` (the list filtered by
    one more tag), a tag written ``facet::value``; the list's action buttons are anchors with
    an empty ``href`` (the page itself, as the extraction reads them) and leave the anchors
    paired."""
    actions = '<div id="actions"><a href="">Delete</a><a href="">Set public</a></div>'
    marks = "".join(
        f'<div class="item"><a href="/shaare/{n}">B {n}</a><div class="tags">'
        + "".join(f'<a href="/add-tag/{t.replace(":", "%3A")}">{t}</a>' for t in tags)
        + "</div></div>"
        for n, tags in ((1, ("role::program", "suite::gnu")), (2, ("role::plugin",)), (3, ()))
    )
    html = f"<html><body>{actions}{marks}</body></html>"
    page = snapshot_from_html("http://s.test/", "http://s.test/", 200, html)
    entities, fields = _item_fields(page, page, "http://s.test/shaare/1")
    assert fields == {
        entities[0]: {"tag": ("role::program", "suite::gnu")},
        entities[1]: {"tag": ("role::plugin",)},
    }
    assert namespace("http://s.test/add-tag/role::program") == ""  # no wiki's "Category:"
    assert shared_attribute("http://s.test/add-tag/role::program") == ""  # only an item's link
