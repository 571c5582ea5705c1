"""A browsable API's page offers itself in its formats (Django REST framework's "GET" menu:
``?format=api`` beside ``?format=json``): the format it is shown in is the page itself, no
further page of its list, and its pagination leaves it out with the data exports
(`yields.format_switch`)."""

from __future__ import annotations

from siteseer.algorithms.ssup.yields import format_switch
from siteseer.render import Snapshot, snapshot_from_html


def _page(url: str, links: str) -> Snapshot:
    html = f'<html lang="en"><head><title>t</title></head><body>{links}</body></html>'
    return snapshot_from_html(url, url, 200, html)


_MENU = '<a href="?format=api">api</a> <a href="?format=json">json</a>'


def test_the_page_in_another_of_its_formats_is_no_page_of_its_list() -> None:
    root = _page("http://h/api/", _MENU + '<a href="?page=2">2</a>')
    assert format_switch("http://h/api/?format=api", root)
    # a further page of the list, and another page, are no format switch
    assert not format_switch("http://h/api/?page=2", root)
    assert not format_switch("http://h/api/countries/?format=api", root)
    # a paged list's page in another format changes its page too: not the page itself
    assert not format_switch("http://h/api/?format=api&page=2", root)


def test_a_format_parameter_with_no_data_format_beside_it_is_left_alone() -> None:
    # a "format" that is a facet of the list (a book's format), no export offered
    books = _page("http://h/books/", '<a href="?format=paperback">paperback</a>')
    assert not format_switch("http://h/books/?format=paperback", books)
