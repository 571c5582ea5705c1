"""A list page's menu links to pages that may index its entities' values (indexes.py
`menu_links`), never to the list page itself in another format: a documentation's ``/docs/``
links its source ``/docs/index.txt`` ("View document source"), the same document, which
indexes nothing and is not loaded (real-docutils: 4 -> 3 loads)."""

from __future__ import annotations

from siteseer.algorithms.querycentric.indexes import another_format, menu_links
from siteseer.render import snapshot_from_html

HOST = "http://docs.test"


def test_another_format_is_the_same_file_name_in_the_same_folder() -> None:
    assert another_format(f"{HOST}/docs/", f"{HOST}/docs/index.txt")
    assert another_format(f"{HOST}/docs/intro.html", f"{HOST}/docs/intro.pdf")
    assert another_format(f"{HOST}/docs/intro", f"{HOST}/docs/intro.md")
    assert not another_format(f"{HOST}/docs/intro.html", f"{HOST}/docs/intro.html")
    assert not another_format(f"{HOST}/docs/", f"{HOST}/docs/about.txt")
    assert not another_format(f"{HOST}/docs/", f"{HOST}/docs/index")
    assert not another_format(f"{HOST}/docs/intro.html", f"{HOST}/api/intro.txt")


def test_a_list_pages_menu_leaves_out_its_own_source() -> None:
    entities = [f"{HOST}/docs/user/page{n}.html" for n in range(1, 21)]
    items = "".join(f'<li><a href="{u}">{u}</a></li>' for u in entities)
    footer = (
        '<a href="/docs/index.txt">View document source</a> <a href="/docs/genindex.html">Index</a>'
    )
    html = f"<html><body><main><ul>{items}</ul></main><footer>{footer}</footer></body></html>"
    page = snapshot_from_html(f"{HOST}/docs/", f"{HOST}/docs/", 200, html)
    assert menu_links(page, entities) == [f"{HOST}/docs/genindex.html"]
