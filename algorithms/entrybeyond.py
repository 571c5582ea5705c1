"""Where the entry search (entrypoint.py `find_list_page`) looks when no page it scored links
the entity sample, each step loading `MAX_CONTINUATIONS` pages at most and scoring them against
the sample: the links to the sample's collection (``/issues`` for ``/issues/37875``,
`collections`), the widest list's items as lists themselves (a tracker's reports,
`lists_of_lists`), the folders the sample's URL names above it (`ancestors`), the pages of its
own folder the pages loaded link (`beside_in_folder`), the pages named by the word its file name
begins with (`named_alike`); and the page the start page links as its site's index ("Sitemap":
`site_index_link`, `site_index`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from siteseer.algorithms.entryscores import (
    MAX_CANDIDATES,
    MINIMUM_ROWS,
    ListCandidate,
    list_score,
    widest_list,
)
from siteseer.algorithms.nearness import collection_word, name_prefix
from siteseer.algorithms.querycentric.model import entity_url, guess_entity_pattern, unsafe_reason
from siteseer.algorithms.run import Run, Stopped
from siteseer.algorithms.ssup.probes import url_ancestors
from siteseer.algorithms.ssup.yields import pages_offered

if TYPE_CHECKING:
    from siteseer.crawler import Session
    from siteseer.render import Snapshot

MAX_CONTINUATIONS = 4  # pages one step loads at most ("more" links of the chosen list, folders)


# Link texts naming the page that lists a site's every page.
_SITE_INDEX = re.compile(r"site\s*map|site\s+index|all\s+pages|page\s+index", re.IGNORECASE)


async def site_index(
    run: Run, session: Session, pages: dict[str, Snapshot], start: Snapshot, sample: str | None
) -> ListCandidate | None:
    """When no page scored is a list, the page `start` links as its site's index (a link named
    "Sitemap", "Site index", "All pages"), loaded when it is not yet, scored: a wiki's sitemap
    lists its pages by namespace where no list of the site's own shows them all."""
    named = site_index_link(start, session)
    if named is None:
        return None
    url, text = named
    page = pages.get(url)
    if page is None:
        try:
            page = (await run.fetch([url], step="entry")).get(url)
        except Stopped:
            return None
    if page is None:
        return None
    pages[url] = page
    run.note("entry", "site-index", url, note=f"the start page's link {text!r}")
    return list_score(page, session.canonical, sample)


def site_index_link(start: Snapshot, session: Session) -> tuple[str, str] | None:
    """The page `start` links as its site's index ("Sitemap", "Site index", "All pages") on
    its host, safe and in scope, and the link's text; None without one."""
    host = urlsplit(start.final_url).netloc
    for link in start.links:
        text = " ".join(link.text.split())
        if not _SITE_INDEX.fullmatch(text) or urlsplit(link.url).netloc != host:
            continue
        if link.url in (start.url, start.final_url) or unsafe_reason(url=link.url, text=text):
            continue
        if session.in_scope(link.url):
            return link.url, text
    return None


async def _scored(
    run: Run,
    session: Session,
    pages: dict[str, Snapshot],
    urls: list[str],
    sample: str,
    decision: str,
) -> list[ListCandidate]:
    """`urls` loaded and scored against the sample (`pages` gets them), each noted as
    `decision` (what led to it: "collection", "ancestor", "folder")."""
    fetched = await run.fetch(urls, step="entry")
    pages.update(fetched)
    out = []
    for linked in fetched.values():
        scored = list_score(linked, session.canonical, sample)
        out.append(scored)
        run.note("entry", decision, linked.url, values={"like_sample": scored.like_sample})
    return out


async def collections(
    run: Run, session: Session, pages: dict[str, Snapshot], sample: str
) -> list[ListCandidate]:
    """When no page scored links the sample, the links of those pages to the sample's
    collection (a path ending in the word its address names it in: ``/issues`` for
    ``/issues/37875``, a tracker's issue list a tab of its projects' page links), one step
    further, each loaded and scored (`pages` gets them; `MAX_CONTINUATIONS` at most)."""
    word = collection_word(sample)
    if not word:
        return []

    def named(url: str) -> bool:
        segs = [s for s in urlsplit(url).path.split("/") if s]
        return bool(segs) and segs[-1].casefold() == word

    todo = _unloaded_links(session, pages, sample, named)
    if not todo:
        return []
    return await _scored(run, session, pages, todo[:MAX_CONTINUATIONS], sample, "collection")


def _unloaded_links(
    session: Session, pages: dict[str, Snapshot], sample: str, keep: Callable[[str], bool]
) -> list[str]:
    """The links of `pages` (in their order) on the sample's host that `keep` accepts, neither
    loaded yet nor the sample, safe and in scope."""
    host = urlsplit(sample).netloc
    urls: dict[str, None] = {}
    for page in list(pages.values()):
        for link in page.links:
            if urlsplit(link.url).netloc == host and keep(link.url):
                urls.setdefault(link.url)
    urls = {u: None for u in urls if u not in pages and entity_url(u) != sample}
    return [u for u in urls if not unsafe_reason(url=u) and session.in_scope(u)]


async def ancestors(
    run: Run, session: Session, pages: dict[str, Snapshot], sample: str
) -> list[ListCandidate]:
    """When no page scored links the sample, the pages its URL's path names above it (its
    folder, the folder above: ``/dpkg/revision/382`` → ``/dpkg/revision/``, ``/dpkg/``; not the
    site root), nearest first, `MAX_CONTINUATIONS` at most, each loaded and scored (`pages`
    gets them): a folder's page lists what it holds, or redirects to that list (a branch's
    folder to its log), as crawlers that climb a URL find. A folder that is no page is asked
    for again without its slash: a route names its list ``/items``, and ``/items/`` is a 404."""
    loaded = {u.rstrip("/") for p in pages.values() for u in (p.url, p.final_url)}
    # folders only: a script's path without the query that names the sample serves the
    # pages of its parameter (a wiki's doku.php), no list of them
    up = [u for u in url_ancestors(sample) if urlsplit(u).path.strip("/") and u.endswith("/")]
    todo = [u for u in up if u.rstrip("/") not in loaded and not unsafe_reason(url=u)]
    todo = [u for u in todo if session.in_scope(u)][:MAX_CONTINUATIONS]
    if not todo:
        return []
    scored = await _scored(run, session, pages, todo, sample, "ancestor")
    bare = [u.rstrip("/") for u in todo if u not in pages]
    if bare and not any(c.like_sample for c in scored):
        scored += await _scored(run, session, pages, bare, sample, "ancestor")
    return scored


async def beside_in_folder(
    run: Run, session: Session, pages: dict[str, Snapshot], sample: str
) -> list[ListCandidate]:
    """When nothing above found a page linking the sample, the pages of the sample's own folder
    (not the site root) that the pages loaded link, in order, `MAX_CONTINUATIONS` at most, each
    loaded and scored (`pages` gets them): a folder's index document lives beside the pages it
    lists (a package's ``00Index.html`` beside its help pages, linked from the list of
    packages), where the folder's own address serves no list."""
    here = urlsplit(sample)
    folder = here.path[: here.path.rfind("/") + 1]
    if not folder.strip("/"):
        return []
    urls: dict[str, None] = {}
    for page in list(pages.values()):
        for link in page.links:
            there = urlsplit(link.url)
            rest = there.path.removeprefix(folder)
            if there.netloc != here.netloc or rest == there.path or not rest or "/" in rest:
                continue
            if entity_url(link.url) != sample and link.url not in pages:
                urls.setdefault(link.url)
    todo = [u for u in urls if not unsafe_reason(url=u) and session.in_scope(u)]
    if not todo:
        return []
    return await _scored(run, session, pages, todo[:MAX_CONTINUATIONS], sample, "folder")


async def named_alike(
    run: Run, session: Session, pages: dict[str, Snapshot], sample: str
) -> list[ListCandidate]:
    """When nothing above found a page linking the sample, the pages the pages loaded link
    (the start page's first) whose file name begins with the word the sample's begins with,
    not loaded yet, `MAX_CONTINUATIONS` at most, each loaded and scored (`pages` gets them): a
    manual names a chapter's pages by its prefix (``sql-commands.html`` lists
    ``sql-select.html``), where a table of contents too long to load whole links the chapter
    after the pages loaded."""
    word = name_prefix(sample)
    if not word:
        return []

    def named(url: str) -> bool:
        name = urlsplit(url).path.rsplit("/", 1)[-1].split(".", 1)[0].casefold()
        return name == word or name_prefix(url) == word

    todo = _unloaded_links(session, pages, sample, named)
    if not todo:
        return []
    return await _scored(run, session, pages, todo[:MAX_CONTINUATIONS], sample, "named")


async def lists_of_lists(
    run: Run,
    session: Session,
    pages: dict[str, Snapshot],
    candidates: list[ListCandidate],
    sample: str,
    limit: int = MAX_CANDIDATES,
) -> list[ListCandidate]:
    """When no candidate links the sample and the widest list's items are not shaped as it is,
    those items are lists themselves (a tracker's reports, each a query of its tickets): each
    is loaded and scored in turn (`pages` gets them), and the widest stands for them, with the
    pages its pager offers (of two lists that each fill a first page, the one paged further is
    the wider), the first listed on a tie. The first that links `MINIMUM_ROWS` pages shaped as
    the sample and pages on past its first page ends the loads: it shows its kind page after
    page, and the lists after it are other queries of the same entities (a tracker's reports
    by milestone, by owner). When the widest list's items lead nowhere new (a help
    page's links to other sites), the candidate showing most items is taken instead (a
    tracker's list of reports beside its wiki). `limit`: the items loaded at most."""
    best = widest_list(candidates)
    ranked = sorted(candidates, key=lambda c: -c.items)
    for candidate in ([best] if best is not None else []) + ranked:
        urls = _items_to_load(session, pages, pages.get(candidate.url), sample)[:limit]
        if urls:
            break
    else:
        return []
    run.note("entry", "lists-of-lists", candidate.url, values={"lists": len(urls)})
    out = []
    for at, url in enumerate(urls):
        linked = (await run.fetch([url], step="entry")).get(url)
        if linked is None:
            continue
        pages[url] = linked
        scored = replace(list_score(linked, session.canonical, sample), pages=pages_offered(linked))
        out.append(scored)
        values = {"items": scored.items, "facets": scored.facets, "rows": scored.rows}
        run.note("entry", "score", linked.url, values={**values, "like_sample": scored.like_sample})
        if scored.like_sample >= MINIMUM_ROWS and scored.pages > 1:
            # a list linking the sample that pages on past its first full page: the lists
            # after it (queries of the same entities, a reporter's few) are not loaded
            run.note("entry", "paged-list", url, values={"left": len(urls) - at - 1})
            break
    # the widest of them, the first listed on a tie (a list's first item is its main one)
    return sorted(out, key=lambda c: (-c.score, -c.pages))[:1]


def _items_to_load(
    session: Session, pages: dict[str, Snapshot], page: Snapshot | None, sample: str
) -> list[str]:
    """The items of `page`'s widest list not loaded yet, in order, when they are not shaped as
    the sample (lists of its entities, then); none else."""
    guessed = None if page is None else guess_entity_pattern(page)
    if page is None or guessed is None or guessed[0].matches(sample):
        return []
    items = set(guessed[1])
    listed = dict.fromkeys(x.url for x in page.links if x.url in items)  # in order
    urls = [u for u in listed if u not in pages and not unsafe_reason(url=u)]
    return [u for u in urls if session.in_scope(u)][:MAX_CANDIDATES]
