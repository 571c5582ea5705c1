"""The page a pager marks as the one shown: its own number, linked, set apart from the others.

A numbered pager on a list's first page often links that very page by its number spelled out
(``<li class="page-item active"><a href="?page=1">1</a></li>`` on ``/forum/apt-2/``), the item
marked as the page being read, beside the items of the pages after it
(``<li class="page-item"><a href="?page=2">2</a></li>``). Loading it shows the very entries of
the page linking it: it is that page again.
"""

from __future__ import annotations

from siteseer.algorithms.features.url import query_pairs, route
from siteseer.render import Snapshot

__all__ = ["marks_itself"]


def marks_itself(page: Snapshot, url: str) -> bool:
    """Whether `page` links `url`, which sets a query parameter `page`'s own URL does not
    carry, as its own page in its pager: the link reads "1", the first page as a reader counts
    (``?page=1`` on ``/forum/apt-2/``, ``?page=0`` where the pager counts from 0), and its link
    DOM path (attribute values included) is shared by no other link of the pager, the links of
    the same path (attribute names only) read as numbers: the pager marks that item apart
    from its siblings.

    Choice (beyond the paper): the pager's own mark, not the page's first position alone,
    tells the page being read: a pager counting from 0 links its second page by "2"
    (``?page=1``), and a list's page 1 may show more than a landing page above it does; such
    a link is loaded and judged by its entries (`Pagination.find`)."""
    own = {name for name, _ in query_pairs(route(page.url)[1])}
    if not any(name not in own for name, _ in query_pairs(route(url)[1])):
        return False
    links = [k for k in page.links if k.url == url and k.text.strip() == "1"]
    for link in links:
        siblings = [
            k
            for k in page.links
            if k.url != url and k.path_attrs == link.path_attrs and k.text.strip().isdigit()
        ]
        if siblings and all(k.path_values != link.path_values for k in siblings):
            return True
    return False
