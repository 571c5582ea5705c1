"""The folders beside a list's folder (beyond SSUP's paper and explore's seed): when a list is
the listing of the folder its entities are files of (``/library/`` listing ``/library/json``)
and nothing above it lists it (a wiki whose index of folders robots.txt disallows, or no page
links), the pages of the same kind in the other folders beside it (``/reference/datamodel``,
``/c-api/abstract``, linked from the pages loaded) are listed by those folders' own listings,
built as the list is. SSUP takes them at the leaves (`beside_folders`), explore as the lists
beside its start list (`querycentric.explorer`), both through `folder_lists`.

A wiki or a file tree names its pages by their folders: one page type in many folders, each
folder's listing a page of one level. The folders are named by the links of the pages loaded
(each link of the sample's depth, in a folder beside the list's, under the same parent); where
none names one, the list's own pages those pages link most are loaded first, up to `SEEDS`
(a documentation's most cited pages cite every part of it), until one names none (the pages of
one folder citing only their own: its less cited pages name none either). The folders are loaded most linked
first: a folder whose page lists pages through the list's own link DOM path, mostly files of
that folder, is one more list of the level when its page the loaded pages link most, loaded, is
as like the sample as the sample's own folder mates are (simhtml with it at least the least of
theirs: a page of its kind, not another type that shares the folder layout). That page's links
name further folders, loaded in turn (the pages of one folder link mostly to their own; a page
of another folder shows the next ones), until no folder is left or `MAX_FOLDERS` were loaded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from urllib.parse import urlsplit, urlunsplit

from siteseer.algorithms.features.dom import TagFeature, link_path, simhtml
from siteseer.algorithms.run import Run
from siteseer.render import Snapshot

__all__ = ["MAX_FOLDERS", "MINIMUM_LISTED", "SEEDS", "beside_folders", "folder_lists", "folder_of"]

# Folder pages loaded at most.
MAX_FOLDERS = 100
# The fewest pages the list's folder must list (the sample's among them) for its listing to
# read as one folder of many.
MINIMUM_LISTED = 3
# The list's own pages loaded at most to name the folders beside it, when no page loaded does.
SEEDS = 3

Folder = tuple[str, tuple[str, ...]]  # host, path segments


def _segments(path: str) -> tuple[str, ...]:
    return tuple(s for s in path.split("/") if s)


def folder_of(url: str) -> Folder | None:
    """A folder URL's host and path segments (None for a file, an address with a query or a
    fragment route, or the site root)."""
    parts = urlsplit(url)
    if parts.query or parts.fragment or not parts.path.endswith("/"):
        return None
    segments = _segments(parts.path)
    return (parts.netloc.lower(), segments) if segments else None


def _file_in(url: str) -> Folder | None:
    """The folder `url` is a file of, None for a folder or a query's page."""
    parts = urlsplit(url)
    if parts.query or parts.fragment or parts.path.endswith("/"):
        return None
    segments = _segments(parts.path)
    return (parts.netloc.lower(), segments[:-1]) if len(segments) > 1 else None


def _folder_url(like: str, folder: tuple[str, ...]) -> str:
    parts = urlsplit(like)
    return urlunsplit((parts.scheme, parts.netloc, "/" + "/".join(folder) + "/", "", ""))


def _beside(linked: Counter[str], home: Folder) -> Counter[tuple[str, ...]]:
    """The folders beside `home` (same host and parent, another last segment) that the
    `linked` URLs are files of, with how often they were linked."""
    host, path = home
    found: Counter[tuple[str, ...]] = Counter()
    for url, times in linked.items():
        held = _file_in(url)
        if held is None or held[0] != host or held[1] == path:
            continue
        if len(held[1]) == len(path) and held[1][:-1] == path[:-1]:
            found[held[1]] += times
    return found


def _links(run: Run, pages: Iterable[Snapshot]) -> Counter[str]:
    return Counter(k.url for p in pages if p.ok for k in p.links if run.session.in_scope(k.url))


def _listed(page: Snapshot, sdp: str, mode: TagFeature) -> list[str]:
    return list(dict.fromkeys(k.url for k in page.links if link_path(k, mode) == sdp))


async def folder_lists(
    run: Run,
    top: Snapshot,
    sample: Snapshot,
    sdp: str,
    mode: TagFeature,
    own: Sequence[str],
    step: str,
) -> list[tuple[str, list[str]]]:
    """The folders beside `top`'s (see the module docstring) listing pages of `sample`'s kind,
    each with the pages it lists through `sdp`, in the order they were found; none unless `top`
    is the listing of the folder `sample` is a file of, and `own` (the pages it lists) are all
    files of that folder. Each folder judged is noted in the trace under `step`."""
    home = folder_of(top.url)
    own = [u for u in own if u != top.url]
    if home is None or _file_in(sample.url) != home or len(own) < MINIMUM_LISTED:
        return []
    if any(_file_in(u) != home for u in own):
        return []
    linked = _links(run, run.pages.values())
    mates = [p for u in own if u != sample.url and (p := run.pages.get(u)) is not None and p.ok]
    tried: set[tuple[str, ...]] = set()
    found: list[tuple[str, list[str]]] = []
    seeds = 0
    while len(tried) < MAX_FOLDERS:
        named = [f for f, _ in _beside(linked, home).most_common() if f not in tried]
        if not mates or (not named and not found):
            # no folder named yet (or none a page of the sample's kind): the list's own page
            # the pages loaded link most shows the folders beside it, and the sample's mates
            left = [u for u in own if u != sample.url and u not in run.pages]
            if seeds == SEEDS or not left:
                break
            seeds += 1
            seed = await run.fetch_one(max(left, key=lambda u: linked[u]))
            if seed is not None:
                mates.append(seed)
                named_by = _links(run, [seed])
                linked += named_by
                if not _beside(named_by, home):
                    # the list's most linked page links no folder beside it: its less linked
                    # mates, pages of the same folder, name none either
                    break
            continue
        if not named:
            break
        least = min(simhtml(p, sample, mode) for p in mates)
        folder = named[0]
        tried.add(folder)
        url = _folder_url(top.url, folder)
        page = await run.fetch_one(url)
        if page is None:
            continue
        listed = [u for u in _listed(page, sdp, mode) if run.session.in_scope(u)]
        files = [u for u in listed if _file_in(u) == (home[0], folder)]
        if not files or 2 * len(files) < len(listed):
            run.note(
                step,
                "prune",
                url,
                note=f"a folder beside {top.url} whose page lists no pages of its own through "
                f"the list's link DOM path ({sdp})",
            )
            continue
        probe = max(files, key=lambda u: (u in run.pages, linked[u]))
        entry = await run.fetch_one(probe)
        alike = simhtml(entry, sample, mode) if entry is not None else 0.0
        if entry is None or alike < least:
            run.note(
                step,
                "prune",
                url,
                values={"simhtml": alike, "least": least},
                note=f"a folder beside {top.url} whose page {probe} is less like the sample "
                f"{sample.url} than the pages of the sample's folder are: pages of another kind",
            )
            continue
        linked += _links(run, [entry])
        found.append((url, files))
        run.note(
            step,
            "keep",
            f"{len(files)} pages listed by the folder {url}",
            urls=tuple(files),
            values={"simhtml": alike, "least": least},
            note=f"a folder beside {top.url}, the listing of the folder the sample is a file "
            f"of: its page lists its own pages through the list's link DOM path, and {probe} "
            "is built like the sample",
        )
    return found


async def beside_folders(
    run: Run,
    top: Snapshot,
    sample: Snapshot,
    sdp: str,
    mode: TagFeature,
    kept: list[str],
    level: int,
) -> list[str]:
    """SSUP at the leaves: the folders beside the index folder `top` (the level's one index
    page, nothing above it) whose pages are of `sample`'s kind (`folder_lists`); their pages
    are added to `kept` (the level's). Returns the folders' URLs, index pages of the level."""
    found = await folder_lists(run, top, sample, sdp, mode, kept, "same-level")
    seen = set(kept)
    for _, files in found:
        new = [u for u in files if u not in seen]
        seen.update(new)
        kept.extend(new)
    if found:
        run.note(
            "same-level",
            "keep",
            f"{len(found)} folders beside {top.url}",
            level=level,
            urls=tuple(u for u, _ in found),
            note="the listings of the folders beside the index folder, of the level too",
        )
    return [u for u, _ in found]
