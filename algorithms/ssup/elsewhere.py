"""Links of a level page that lie elsewhere than the pages of its list, told by their URL alone
(SSUP's pagination, beyond the paper: no download for what the URL rules out).

- An entry's contents: a level page's entries that name a folder (``/std/option/`` or its index
  document ``/std/option/index.html``) hold their own pages below it
  (``/std/option/enum.Option.html``); a link going on inside such a folder is a page below the
  entry, of a lower level or none, no page of the level page's list (its pages of the entry's
  own list are that level's pagination). An entry whose folder holds the level page itself (a
  link back up, the site root) names no such folder.
- Another section: a level page naming a folder just below the site root (``/std/`` or
  ``/std/index.html``) has its list's pages in that folder, or at the root; a link into a
  sibling folder (``/book/ch03.html``) is another section's page (`probes.other_section`, as
  the climb leaves such pages out).

Pure over URLs: `algorithms.ssup.pagination` sorts a level page's links with them.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from siteseer.algorithms.features.urlshape import is_index_document
from siteseer.algorithms.ssup.probes import routed

__all__ = ["entry_folders", "inside_entry"]


def _folder(path: str) -> str | None:
    """The folder `path` names, with its final slash (``/a/b/`` for ``/a/b/`` and
    ``/a/b/index.html``); None for a file's path."""
    head, _, last = path.rpartition("/")
    return head + "/" if not last or is_index_document(last) else None


def entry_folders(entries: Iterable[str], page: str) -> frozenset[str]:
    """The folders (origin and path, final slash included) that the `entries` of the level
    page `page` name, those holding `page` itself (or naming its own folder) left out."""
    own = urlsplit(routed(page))
    folders: set[str] = set()
    for entry in entries:
        parts = urlsplit(routed(entry))
        folder = _folder(parts.path)
        if folder is None or (parts.scheme, parts.netloc) != (own.scheme, own.netloc):
            continue
        if own.path.startswith(folder):
            continue
        folders.add(f"{parts.scheme}://{parts.netloc}{folder}")
    return frozenset(folders)


def inside_entry(url: str, folders: frozenset[str]) -> bool:
    """Whether `url` goes on inside one of the entries' `folders` (`entry_folders`): below the
    folder, not the folder's own page again."""
    if not folders:
        return False
    parts = urlsplit(routed(url))
    own = _folder(parts.path)
    origin = f"{parts.scheme}://{parts.netloc}"
    path = parts.path
    cut = path.rfind("/", 0, len(path) - 1 if own == path else len(path))
    while cut > 0:
        folder = path[: cut + 1]
        if folder != own and origin + folder in folders:
            return True
        cut = path.rfind("/", 0, cut)
    return False
