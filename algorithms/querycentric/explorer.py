"""`explore`: the entry of query-centric exploration (see the package docstring for the method).

The start page is loaded as the run's seed and the entity pattern learned; then each kind of
facets of kinds.py's `FACET_KINDS` runs (facet links followed as URLs, facet controls acted on
in the browser — not the links already followed — and forms submitted, in that order), each
adding its queries below the same start query. A list without facets is still the start
query's result: its pages through its pager links, or, when none leads to another page, grown
by its load-more control or paged by its in-place pager (lists.py's `ListGrower`), and the run
is complete with them (the trace notes that no facets were found). Last, the fields only entity pages show are read
off them when they show a record (records.py `read_records`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import replace
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from siteseer.algorithms.besidefolders import folder_lists
from siteseer.algorithms.features.dom import TagFeature, link_path
from siteseer.algorithms.querycentric.ajax import facets_of
from siteseer.algorithms.querycentric.beside import (
    NESTING,
    SECTION,
    beside_attribute,
    leaf_shape,
    lists_beside,
    nested_lists,
)
from siteseer.algorithms.querycentric.core import Explorer, Query, Settings, show
from siteseer.algorithms.querycentric.disclosures import TAB_LEVELS, tab_controls
from siteseer.algorithms.querycentric.entities import (
    join_container,
    learn_entities,
    sample_pattern,
)
from siteseer.algorithms.querycentric.folderfields import folder_fields
from siteseer.algorithms.querycentric.folders import within_folder
from siteseer.algorithms.querycentric.indexes import (
    linked_values,
    menu_links,
    value_folders,
    value_indexes,
    value_labels,
)
from siteseer.algorithms.querycentric.items import item_links
from siteseer.algorithms.querycentric.kinds import FACET_KINDS
from siteseer.algorithms.querycentric.lists import ListGrower
from siteseer.algorithms.querycentric.model import (
    Facet,
    entity_url,
    is_subset,
    load_more_control,
    pagination_candidates,
)
from siteseer.algorithms.querycentric.queries import QueryKey
from siteseer.algorithms.querycentric.records import (
    column_groups,
    grouped_columns,
    listed_of,
    page_fields,
    read_records,
    table_fields,
)
from siteseer.algorithms.querycentric.throughviews import entity_view
from siteseer.algorithms.querycentric.views import folder_form
from siteseer.algorithms.result import Exploration
from siteseer.algorithms.run import Run, Stopped
from siteseer.algorithms.scriptpager import in_place
from siteseer.crawler import drawn_as_served, host_of, runs_scripts
from siteseer.render import Action, Control, Snapshot

if TYPE_CHECKING:
    from siteseer.crawler import Session

__all__ = ["NO_FACETS", "explore"]

NO_FACETS = "no facets, Ajax controls or forms found"
# Link DOM paths as SSUP reads them (tags with attribute names): a folder's listing is read so.
_MODE: TagFeature = "attrs"


async def explore(
    session: Session,
    start: str,
    *,
    entity_sample: str | None = None,
    keywords: Sequence[str] = (),
    allow_post: bool = False,
    max_depth: int = 3,
    epsilon: float = 0.2,
    subset_tolerance: float = 0.05,
    max_anchor_keywords: int = 30,
    load_more_rounds: int = 1000,
    entity_pages: bool = True,
    hub: str | None = None,
) -> Exploration:
    """Explore the exploratory site whose widest list page is `start` (seed 004, extended).

    - `entity_sample`: one entity page of the site (learn entity URLs from it; else guessed from
      the start page and checked on one sample).
    - `keywords`: values for keyword boxes of forms.
    - `allow_post`: submit POST forms too (GET only by default; never password forms).
    - `max_depth`: the deepest drill-down explored (the start query is depth 0).
    - `epsilon`: OnlineClustering's ε (pages of one query: Jaccard > 1 − ε).
    - `load_more_rounds`: the most clicks one load-more action may take (≥ 1; it stops earlier,
      as soon as the list stops growing).
    - `subset_tolerance`: the share of a drill-down's entities that may be missing from its
      parent's (Section 4.2, step 2's relaxed inclusion).
    - `entity_pages`: when entity pages show a record with fields the list and the facets do
      not (the rows' record of a table; for another list, a record two entity pages share with
      other values), load every entity page once to read those fields (see records.py
      `read_records`); False never loads them.
    - `hub`: the page the start list was found on (the entry point's start): a list without
      facets is one value of the lists it links alike (beside.py), each explored as a query.

    The result's `cost` is what this exploration spent; `complete` is False, with the reason,
    when the start page or the entity pattern failed, nothing explorable was found, or the
    budget ran out (what was found until then is kept).
    """
    settings = Settings(
        entity_sample=entity_sample,
        keywords=tuple(keywords),
        allow_post=allow_post,
        max_depth=max_depth,
        epsilon=epsilon,
        subset_tolerance=subset_tolerance,
        max_anchor_keywords=max_anchor_keywords,
        load_more_rounds=load_more_rounds,
        entity_pages=entity_pages,
        hub=hub,
    )
    ex = Explorer(Run(session), start, settings)
    with suppress(Stopped):  # the run keeps the reason; the result reports what was found
        await _explore(ex)
    return ex.result()


async def _explore(ex: Explorer) -> None:
    root = await ex.run.seed(ex.start)
    sample = ex.settings.entity_sample
    if sample:  # a list linking each entity through a view of its page lists the entities
        ex.view = entity_view(root, sample_pattern(sample), sample)
        if ex.view:
            ex.run.note("entity-pattern", "view", root.final_url, note="/".join(ex.view))
            root = ex.through_view(root)
    ex.states.add(root)
    learned = await learn_entities(ex, root)
    if not learned and _may_change(root):  # a list a script builds: look at it rendered
        rendered = await ex.rendered(ex.start)
        if rendered is not None:
            root = rendered
            learned = await learn_entities(ex, root)
    if not learned:
        ex.run.stop(ex.why_no_entities())
    ex.states.learned = True
    kinds = [kind(ex) for kind in FACET_KINDS]
    q0: Query | None = None
    for kind in kinds:  # followed as URLs, on the start page as loaded
        if not kind.in_page and kind.offers(root, q0):
            q0 = await kind.explore(root, q0)
    in_page = [kind for kind in kinds if kind.in_page]
    if (
        q0 is None
        and not any(kind.shown(root) for kind in in_page)
        and _may_change(root)
        and not _served_alike(ex, root)
    ):
        rendered = await ex.rendered(ex.start)
        root = rendered if rendered is not None else root
    root = await _widest_view(ex, root)
    for kind in in_page:  # acted on in the browser, on the widest view
        if kind.offers(root, q0):
            q0 = await kind.explore(root, q0)
    queries = q0 is not None
    if q0 is None:  # the start page's own list is still the start query's result
        root = await ex.largest_page_size(root)
        pages = await ex.start_pages(root)
        if len(pages) == 1 and root.rendered and (load_more_control(root) or in_place(root)):
            # a list grown or paged in place (load-more, a Next button): as a facet state's
            grower = ListGrower(ex)
            pages = await grower.paged(await grower.load_all(root))
            root = pages[0]
        q0 = ex.new_query((), 0, root)
        ex.finish(q0, pages, ())
        ex.note_query(q0, level=0, urls=[p.url for p in pages], drilldowns=0)
    if not any(q.conditions for q in ex.queries):  # no facet: the lists beside it may be values
        queries = await _beside(ex, q0) or queries
    if q0.entities and not any(q.conditions for q in ex.queries) and _values_unshown(ex, q0, root):
        # a list that shows no fields of its items, or not all: the pages its menu links and
        # the page it was found on may index them
        queries = await _indexes(ex, q0, root) or queries
    await read_records(ex)
    valued = any(q.conditions and q.entities for q in ex.queries)
    if not valued and ex.sample is not None and ex.rows is None:
        _parent_values(ex, ex.sample)  # no facet gives a value: the entities' parents may
    if not queries:  # a list is a list: its entities are the result, with or without facets
        ex.run.note("facets", "none", ex.start, note=NO_FACETS)


def _parent_values(ex: Explorer, sample: Snapshot) -> None:
    """Each entity's parent page, the value the sample's page links unlabelled or under a
    label of its own (folderfields.py), among its fields, unless the list or the entity pages
    gave a field of that name already."""
    entities = dict.fromkeys(e for q in ex.queries for e in q.entities)
    given = {name.casefold() for f in (*listed_of(ex).values(), *ex.records.values()) for name in f}
    found = folder_fields(sample, entities)
    names = {name for fields in found.values() for name in fields}
    if not found or {name.casefold() for name in names} & given:
        return
    for entity, fields in found.items():
        ex.records[entity] = {**fields, **ex.records.get(entity, {})}
    ex.run.note(
        "parent-values",
        "read",
        sample.final_url,
        values={"entities": float(len(found))},
        note=", ".join(sorted(names)),
    )


async def _beside(ex: Explorer, q0: Query) -> bool:
    """The lists the hub links beside the start list, each a query of the attribute their
    address names (beside.py), the start list's own among them; the start query then lists
    them all. False when there are none."""
    hub = None if not ex.settings.hub or ex.rows is not None else await ex.page(ex.settings.hub)
    lists = None if hub is None else lists_beside(hub, ex.start, q0.entities)
    if hub is not None and lists is None:
        hub, lists = await _beside_above(ex, hub, q0)
    how = "the lists {} links alike beside the start list"
    if hub is not None and lists is not None:
        lists = _linked_sections(ex, q0, hub, lists)
    if hub is None or lists is None:
        hub, lists = await _folders_beside(ex, q0)
        how = "the folders beside the start list's folder {}, listed alike"
    if hub is None or lists is None:
        return False
    attribute = beside_attribute(ex.start, q0.entities)
    learned = ex.pattern
    folder = tuple(seg for seg in urlsplit(folder_form(ex.start)).path.split("/") if seg)
    if learned is not None and (attribute == SECTION or learned.prefix[: len(folder)] == folder):
        # the sections' entities (or any entities named below the start list's own folder,
        # a gallery album's pictures) are named below their own folders, not the start list's
        ex.pattern = replace(learned, prefix=learned.prefix[: len(folder) - 1])
    made = await _value_queries(ex, q0, attribute, lists)
    if not made:
        ex.pattern = learned
        return False
    q0.entities = list(dict.fromkeys(e for q in ex.queries for e in q.entities))
    ex.run.note(
        "beside",
        "lists",
        hub.final_url,
        values={"lists": float(made), "entities": float(len(q0.entities))},
        note=f"{attribute}: " + how.format(hub.final_url),
    )
    return True


def _linked_sections(
    ex: Explorer, q0: Query, hub: Snapshot, lists: dict[str, str]
) -> dict[str, str] | None:
    """`lists` but, where they are sections (the start list the folder of its entities) and
    the sample entity page links no way back to `hub` (a wiki's trail to its root article),
    those it does not link either: the hub is then a landing page beside the sections' tree,
    and a site's sections are the menu each of its pages draws, where the landing page's
    links to other manuals (a language's book and reference beside its library's index) or
    to a folder of the entities' files are no section of them. None when no list is left
    beside the start list."""
    if ex.sample is None or beside_attribute(ex.start, q0.entities) != SECTION:
        return lists
    shown = {folder_form(x.url) for x in ex.sample.links}
    if {folder_form(hub.url), folder_form(hub.final_url)} & shown:
        return lists
    kept = {u: v for u, v in lists.items() if u == ex.start or folder_form(u) in shown}
    for url in lists.keys() - kept.keys():
        ex.skip(url, "not-a-list", "a section the sample entity page does not link", q0.id)
    return kept if len(kept) > 1 else None


async def _folders_beside(ex: Explorer, q0: Query) -> tuple[Snapshot | None, dict[str, str] | None]:
    """The folders beside the start list's, where no page links lists beside it: a start list
    that is the listing of the folder its entities are files of, the folders the pages loaded
    link to listing pages built like the sample through the start list's link DOM path
    (`besidefolders.folder_lists`: a wiki whose index of folders robots.txt disallows), each
    valued by its name; the start page and its lists, or (None, None)."""
    sample = ex.settings.entity_sample
    root = q0.pages[0] if q0.pages else None
    if ex.rows is not None or sample is None or root is None or not q0.entities:
        return None, None
    paths = Counter(link_path(k, _MODE) for k in root.links if k.url in set(q0.entities))
    seed = await ex.run.fetch_one(sample) if paths else None
    if seed is None:
        return None, None
    own = [ex.start, *q0.entities]
    found = await folder_lists(ex.run, root, seed, paths.most_common(1)[0][0], _MODE, own, "beside")
    if not found:
        return None, None
    lists = {url: _folder_name(url) for url in (ex.start, *(u for u, _ in found))}
    return root, lists


def _folder_name(url: str) -> str:
    """The last segment of a folder's address, its name."""
    return unquote(urlsplit(url).path.rstrip("/").rpartition("/")[2])


async def _beside_above(
    ex: Explorer, hub: Snapshot, q0: Query
) -> tuple[Snapshot | None, dict[str, str] | None]:
    """The lists beside the start list on the folder above it nearest to it that the hub links,
    where the hub links no list beside it (a gallery's home page linking its categories, each
    category linking its albums): that folder's page (one load) and its lists; (None, None)
    when there is none or it links no list beside the start list. The site's root is no such
    folder (every page's home link)."""
    start = urlsplit(ex.start)
    above = [
        x.url
        for x in hub.links
        if (u := urlsplit(folder_form(x.url))).netloc == start.netloc
        and u.path.endswith("/")
        and u.path != "/"
        and start.path.startswith(u.path)
        and len(u.path) < len(start.path)
        and folder_form(x.url) != folder_form(hub.final_url)
    ]
    if not above:
        return None, None
    page = await ex.page(max(above, key=lambda url: len(folder_form(url))))
    lists = None if page is None else lists_beside(page, ex.start, q0.entities)
    return (page, lists) if lists is not None else (None, None)


async def _value_queries(ex: Explorer, q0: Query, attribute: str, lists: dict[str, str]) -> int:
    """Each list of `lists` (URL → its value of `attribute`; the start list's own among them
    stands for q0's pages) a query below q0, paged; a list loaded that lists no result entity,
    or entities beyond q0's (when q0 is not among them), is none, and so is one that is an
    entity of q0 itself, not loaded (a documentation's section page, listed by the start
    list's navigation tree as one of its pages). How many became queries."""
    beside = ex.start in lists
    listed = set(q0.entities)
    others = []
    for url in (u for u in lists if u != ex.start):
        if entity_url(url) in listed:  # its page, loaded, would be an entity of the start list
            ex.skip(url, "not-a-list", "one of the start list's entities", q0.id)
        else:
            others.append(url)
    if beside:
        others = await _alike_lists_listing(ex, q0, others, lists)
    fresh = [u for u in others if _held(q0, u) is None]
    fetched = dict(zip(fresh, await ex.pages(fresh), strict=True))
    loaded = [(u, p) for u in others if (p := fetched.get(u) or _held(q0, u))]
    if beside:
        loaded += await _nested(ex, loaded, lists)
    firsts = []
    leaves = {leaf_shape(e) for e in q0.entities} if attribute == SECTION else set()
    for url, first in loaded:
        # a list of entities that is none of them (the pattern learned may take in the lists:
        # a wiki's tag pages beside its documents)
        if not ex.entities(first) or entity_url(first.final_url) in listed:
            ex.skip(url, "not-a-list", "no result entities", q0.id)
        elif leaves and not {leaf_shape(e) for e in ex.entities(first)} <= leaves:
            ex.skip(url, "not-a-list", "entities named unlike the start list's", q0.id)
        elif not beside and not is_subset(ex.entities(first), q0.entities):
            ex.skip(url, "not-drill-down", "results not within the start list's", q0.id)
        else:
            firsts.append((url, first))
    if beside and not firsts:  # the start list alone lists entities: no values beside it
        return 0
    clusters = await ex.cluster_many([p for _, p in firsts], [lists[u] for u, _ in firsts])
    every = [(u, c) for (u, _), c in zip(firsts, clusters, strict=True)]
    own = (ex.start, within_folder(ex.start, q0.pages))  # not the tree's other folders'
    for url, pages in [own, *every] if beside else every:
        facet = Facet(attribute, lists[url], url=url)
        child = ex.new_query(((attribute, facet.value),), 1, pages[0], parent=q0.id)
        ex.finish(child, pages, ())
        ex.edge(q0, child, facet)
        ex.note_query(child, level=1, urls=[p.url for p in pages], note=show(child.conditions))
    return len(every) + beside


def _held(q0: Query, url: str) -> Snapshot | None:
    """The page of the start query that `url` is, as a folder standing for its index document
    and the other way round (a tree's folders ``/c/dec/`` paged with the start list, linked
    beside it as ``/c/dec/index.html``): loaded already."""
    form = folder_form(url)
    return next((p for p in q0.pages if folder_form(p.url) == form), None)


async def _alike_lists_listing(
    ex: Explorer, q0: Query, others: list[str], lists: dict[str, str]
) -> list[str]:
    """`others` (the lists beside the start list) but each group of two or more at one address
    (a path with a query: ``mansec?1``, ``mansec?2``; the lists without a query one group)
    whose first, loaded, lists no result entity and holds no list (`nested_lists`): the
    others of the group, linked alike, list none either, and none is loaded (a manual's
    section pages beside its indexes by section; a reference's books beside its library's
    index)."""
    groups: dict[str, list[str]] = {}
    for url in others:
        parts = urlsplit(url)
        groups.setdefault(parts.path if parts.query else "", []).append(url)
    dropped: set[str] = set()
    for group in groups.values():
        first = (_held(q0, group[0]) or await ex.page(group[0])) if len(group) > 1 else None
        if first is None or ex.entities(first):
            continue
        held = nested_lists(first, ex.start, list(lists))  # an entity page is no list
        if any(ex.pattern is None or not ex.pattern.matches(url) for url in held):
            continue
        dropped.update(group)
        for url in group:
            ex.skip(url, "not-a-list", "the first list beside at its address lists none", q0.id)
    return [url for url in others if url not in dropped]


async def _nested(
    ex: Explorer, loaded: list[tuple[str, Snapshot]], lists: dict[str, str]
) -> list[tuple[str, Snapshot]]:
    """The lists held by the lists beside the start list that list no entity themselves (a
    folder holding folders: beside.py `nested_lists`), `NESTING` levels deep, each loaded and
    added to `lists` with its value; the pages loaded."""
    out: list[tuple[str, Snapshot]] = []
    level = loaded
    for _ in range(NESTING):
        found: dict[str, str] = {}
        for _url, page in level:
            if not ex.entities(page):
                found.update(nested_lists(page, ex.start, [*lists, *found]))
        # an entity page is no list of lists (a keyless ``?3+printf`` is shaped as ``?3``)
        found = {u: v for u, v in found.items() if ex.pattern is None or not ex.pattern.matches(u)}
        if not found:
            break
        lists.update(found)
        urls = list(found)
        level = [(u, p) for u, p in zip(urls, await ex.pages(urls), strict=True) if p]
        out += level
    return out


async def _indexes(ex: Explorer, q0: Query, root: Snapshot) -> bool:
    """The pages the start page's menu links (a few, beside its items, entities and pager; the
    sample entity page linking them too), the page it was found on (`hub`; the menu's link to its index document, ``/index.html``
    for ``/``, is the hub) and the folders of the values the sample entity page
    links that the start page links too (indexes.py `value_folders`) that index an attribute's values (indexes.py), each
    value's list a query below q0 when the first lists result entities within q0's (not those
    of an attribute the list's items link values of: its fields give them); False when none
    does."""
    assert ex.pattern is not None
    skip = set(pagination_candidates(root, ex.pattern))
    linked = item_links(root, ex.containers) if ex.containers else set()
    skip |= linked
    skip |= {x.url for x in root.links if ex.pattern.matches(x.url)}
    menu = menu_links(root, skip)
    if ex.sample is not None:
        # the site's menu is on its entity pages too: a link the start page alone shows is
        # its own content (another manual's index beside a manual's), no index of its values
        shown = {folder_form(x.url) for x in ex.sample.links}
        menu = [u for u in menu if folder_form(u) in shown]
    hub = ex.settings.hub
    if hub:  # the hub under its folder's index document (``/index.html`` for ``/``) is the hub
        menu = list(dict.fromkeys(ex.as_hub(u) for u in menu))
    candidates = [*menu, hub] if hub and hub not in menu and hub != ex.start else menu
    sampled = _sampled_values(ex, q0, root)
    candidates += [u for u in value_folders(root, sampled) if u not in candidates]
    labels = {} if ex.sample is None else value_labels(ex.sample, _sample_links(ex, q0, root))
    listed = _listed(q0)
    found = 0
    tried: set[str] = set()  # each index's first value once (a footer's group on every page)
    for url, page in zip(candidates, await ex.pages(candidates), strict=True):
        indexed = {} if page is None else value_indexes(page, listed, sampled, labels)
        for attribute, lists in indexed.items():
            if linked.intersection(lists):  # the list's items link these values: its fields
                continue
            first = next(iter(lists))
            if first in tried or not await _lists_results(ex, q0, first):
                tried.add(first)
                continue
            tried.add(first)
            if await _paged_values(ex, q0, lists):
                continue
            made = await _grouped_values(ex, q0, attribute, lists)
            made = made or await _value_queries(ex, q0, attribute, lists)
            ex.run.note(
                "index",
                "values",
                url,
                values={"values": float(len(lists)), "queries": float(made)},
                note=f"{attribute}: the values {url} indexes, each linked to its list",
            )
            found += made
    return found > 0


async def _paged_values(ex: Explorer, q0: Query, lists: dict[str, str]) -> bool:
    """Whether the first value's list of an index (URL → value; loaded) pages to another
    value's (its pager's Previous/Next lead there: a gallery's media pages, each a page of one
    sequence): the values are one list's pages, no attribute's, and none other is loaded."""
    first = await ex.page(next(iter(lists)))
    if first is None or ex.pattern is None:
        return False
    if not set(pagination_candidates(first, ex.pattern, ex.canonical)) & set(lists):
        return False
    ex.skip(first.url, "not-a-list", "the index's values page to each other", q0.id)
    return True


async def _grouped_values(ex: Explorer, q0: Query, attribute: str, lists: dict[str, str]) -> int:
    """The values of an index (URL → value) as the groups a column of the start list's table
    draws (records.py `column_groups`: a family tree's people under each surname), when every
    value is a group's and the first value's list, loaded, lists its group's rows: each value's
    query is its group, no other value's list loaded. How many queries; 0 when none is."""
    first = await ex.page(next(iter(lists)))
    table = table_fields(ex, q0.pages[0])
    if first is None or not table:
        return 0
    listed = set(ex.entities(first))
    for column in grouped_columns(table):
        groups = column_groups(table, column)
        if any(v.casefold() not in groups for v in lists.values()):
            continue
        if set(groups[next(iter(lists.values())).casefold()]) != listed:
            continue
        made = 0
        for url, value in lists.items():
            conditions = ((attribute, value),)
            if ex.index.with_conditions(conditions) is not None:
                continue
            child = ex.new_query(conditions, 1, q0.first, parent=q0.id)
            child.entities = list(groups[value.casefold()])
            ex.index.add(child.id, QueryKey(child.entity_set, frozenset()), conditions)
            ex.edge(q0, child, Facet(attribute, value, url=url))
            ex.note_query(child, level=1, note=f"{show(conditions)}: the rows {column} groups")
            made += 1
        return made
    return 0


async def _lists_results(ex: Explorer, q0: Query, url: str) -> bool:
    """Whether the page at `url` (a value's list, loaded) lists result entities within q0's,
    drawn as the start list or in a list of its own (entities.py `join_container`): an
    index's first value tried before its others are loaded."""
    first = await ex.page(url)
    listed = first is not None and join_container(ex, first, q0.entities)
    if first is not None and listed and is_subset(ex.entities(first), q0.entities):
        return True
    ex.skip(
        url,
        "not-a-list",
        "an index's first value lists no result entity of the start list's",
        q0.id,
    )
    return False


def _sampled_values(ex: Explorer, q0: Query, root: Snapshot) -> dict[str, str]:
    """The pages of values the sample entity page links to (indexes.py `linked_values`), the
    links the start page shows too (its site's menu) left out."""
    if ex.sample is None:
        return {}
    return linked_values(ex.sample, _listed(q0), {x.url for x in root.links})


def _sample_links(ex: Explorer, q0: Query, root: Snapshot) -> set[str]:
    """The links of the sample entity page on its host to pages that are no entity of the
    start list and that the start page does not show (its site's menu)."""
    assert ex.sample is not None
    here = urlsplit(ex.sample.final_url).netloc
    menu, listed = {x.url for x in root.links}, _listed(q0)
    return {
        x.url
        for x in ex.sample.links
        if urlsplit(x.url).netloc == here and x.url not in menu and not listed(x.url)
    }


def _listed(q0: Query) -> Callable[[str], bool]:
    """Whether a link's URL names one of the start list's entities (the pattern learned may
    take in other pages of its site: a wiki's tag pages beside its documents)."""
    listed = set(q0.entities)
    return lambda url: entity_url(url) in listed


def _values_unshown(ex: Explorer, q0: Query, root: Snapshot) -> bool:
    """Whether the start list may have values indexed elsewhere: it shows no field of its
    items, or its items link to the lists of some attributes (no table's columns) and the
    sample entity page links to a value of another, or its table groups its rows by a column
    that names no attribute (records.py `grouped_columns`)."""
    shown = page_fields(ex, q0.pages[0])
    if not shown:
        return True
    if table := table_fields(ex, q0.pages[0]):
        return bool(grouped_columns(table))
    attributes = {a for fields in shown.values() for a in fields}
    return bool(set(_sampled_values(ex, q0, root).values()) - attributes)


def _may_change(root: Snapshot) -> bool:
    """Whether `root`, loaded without a browser, may show more rendered: its HTML holds a
    script the browser would run (a page without one is drawn as it was served)."""
    return not root.rendered and runs_scripts(root)


def _served_alike(ex: Explorer, root: Snapshot) -> bool:
    """Whether `root`, loaded without a browser, is drawn as served though it runs scripts: it
    runs only scripts the page its host's render decision rendered runs, and that decision
    found the browser shows what the raw HTML does (crawler `drawn_as_served`: a
    documentation's theme script on every page), no rendered copy of it being at hand (one
    kept is read at no cost)."""
    session = ex.run.session
    kept = session.stored(root.url)
    if kept is not None and kept.rendered:
        return False
    decision = session.render_decisions.get(host_of(root.final_url))
    decided = session.stored(decision.url) if decision is not None else None
    if not drawn_as_served(root, decision, decided):
        return False
    ex.run.note(
        "render",
        "skip",
        root.final_url,
        note=f"its scripts change nothing on {decision.url if decision else ''}: drawn as served",
    )
    return True


async def _widest_view(ex: Explorer, root: Snapshot) -> Snapshot:
    """The tab view of `root` offering the most facets (tabs in tabs, `TAB_LEVELS` deep; each
    tab clicked once): `root` itself when it has no tabs or no view offers more."""
    best, most = root, len(facets_of(root))
    known = {c.selector for c in root.controls}  # a tab of the start page is clicked there
    frontier = [(root, tab_controls(root))]
    for _ in range(TAB_LEVELS):
        nxt: list[tuple[Snapshot, tuple[Control, ...]]] = []
        for base, tabs in frontier:
            for tab in tabs:
                view = await ex.act(base, Action("click", tab.selector, label=f"tab {tab.label}"))
                if view is None:
                    continue
                offered = len(facets_of(view))
                ex.run.note("tab-view", "open", tab.label, values={"facets": float(offered)})
                if offered > most:
                    best, most = view, offered
                inner = tab_controls(view, known)
                known.update(c.selector for c in inner)
                nxt.append((view, inner))
        frontier = nxt
    if best is not root:
        ex.run.note("tab-view", "keep", best.key, values={"facets": float(most)})
    return best
