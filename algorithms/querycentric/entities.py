"""What the entities of an exploration are, learned from its start page: the entity pattern
(from the sample entity page given, else guessed and checked on one sample), or the rows of a
result table, and the container of the result list (a seam of core.py's `Explorer`, whose
`pattern`, `rows`, `sample` and `containers` these set).

A nested list is one list. When the result list is a tree of lists (``ul > li > ul > li > a``,
two list levels or more: a documentation site's navigation, a category tree; a sublist in a
disclosure, ``li > details > ul`` or its body ``li > details > div > ul``; definition lists,
``dl > dd > dl > dt``), its items at every level are its entities: the result containers are every link container of the tree (the outermost
``ul``/``ol``/``dl`` holding the result list, and below it only list and item elements, a link
wrapped in a ``span``), and when the
tree's items have URLs the pattern does not match (a sample ``/guide/users/navigating/`` beside
``/changelog/`` and ``/extensions/built-in/``), the pattern is learned again from all of them
(`EntityPattern.from_urls`: their common prefix, every depth they have). The site's root and the
list page itself are no items. But where the sample is an item of the tree's outermost level
heading a sublist of its own (a manual's chapter above its sections, `_heads_a_branch`), the
entities are that level's items (`EntityPattern.nested` False): the sample names the depth.
A nested list holding the sample beside the result list is the result list when it links
every entity that list does and has more items (a reference's navigation tree, each namespace's
members below the namespace, beside the index's table of top-level declarations and namespaces:
`_sample_tree`).
A menu of nested groups of other tags is one list too, where a deeper link's path repeats the
sample list's marked item element and ends as the sample's does
(``div[@class=entry]/div[@class=group]/div[@class=entry]/div[@class=file]/a`` below
``div[@class=entry]/div[@class=file]/a``: groups a script link opens, `_repeats_item`).

Rows are rows whatever their classes: the result list's containers are all those alike but for
their rows' or items' own attributes (``tr[@class=odd]`` beside ``tr[@class=even]``:
`result_group`), or but for a modifier class more at some step (an index's unstable modules,
``div[@class=item-left unstable module-item]`` beside ``item-left module-item``). But lists
whose items all carry another mark than the sample's item, none of them the sample's list,
are lists of another kind (a reference index's ``li[@class=enum]`` list under "Enums:" beside
the ``li[@class=class]`` list holding the sample: `_other_kinds`). So are lists whose items'
file names all start with another word than the sample's, where the word names a kind and no
page (``enum.Easing.html`` under "Enumerations" beside ``class.TabView.html`` under "Classes",
the page naming no ``class.html``: `_narrow_to_kind`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from siteseer.algorithms.features.dom import item_rows, linked_anchors
from siteseer.algorithms.features.outline import leaf_suffix, section_lists
from siteseer.algorithms.features.urlshape import is_index_document
from siteseer.algorithms.querycentric.items import result_items
from siteseer.algorithms.querycentric.listkinds import (
    heading_levels,
    other_outline_levels,
    own_folder_kind,
)
from siteseer.algorithms.querycentric.model import (
    EntityPattern,
    entity_url,
    guess_entity_pattern,
    path_steps,
    query_params,
    result_container,
    result_entities,
)
from siteseer.algorithms.querycentric.rows import RowKey, guess_row_key, row_key_from_sample
from siteseer.algorithms.querycentric.shapes import alike_container, kind_of, outline_free
from siteseer.render import Link, Snapshot

if TYPE_CHECKING:
    from siteseer.algorithms.querycentric.core import Explorer
    from siteseer.algorithms.querycentric.exploring import Exploring

__all__ = [
    "in_tree",
    "join_container",
    "learn_containers",
    "learn_entities",
    "list_tree",
    "listed_with_sample",
    "sample_pattern",
    "tree_items",
    "tree_with_sample",
]


def _learn_rows(ex: Explorer, root: Snapshot, rows: RowKey | None, how: str) -> bool:
    """Entities are the rows of `root`'s result table, named by `rows`' key column."""
    if rows is None or not rows.entities(root):
        return False
    ex.rows = rows
    # no page is an entity page: the pattern matches no URL (no path has depth -1)
    ex.pattern = EntityPattern(_host_of(root.final_url), (), -1)
    ex.run.note(
        "entity-pattern",
        how,
        root.final_url,
        values={"rows": float(len(rows.entities(root)))},
        note=rows.describe(),
    )
    return True


async def learn_entities(ex: Explorer, root: Snapshot) -> bool:
    """Learn what the entities are from `root` (the start page): the entity pattern from the
    sample entity page given, else guessed from `root`'s largest repeated link group and checked
    on one sample, or the rows of `root`'s result table; then the result container. False when
    nothing was recognised."""
    sample_url = ex.settings.entity_sample
    if sample_url and row_key_from_sample(sample_url, root.url) is not None:
        return _learn_rows(ex, root, row_key_from_sample(sample_url, root.url), "rows")
    if sample_url:
        sample = await ex.page(sample_url)
        if sample is None:
            return False
        ex.pattern = sample_pattern(sample.final_url)
        ex.sample = sample
        ex.run.note("entity-pattern", "sample", sample.final_url, note=ex.pattern.describe())
        _widen_to_list(ex, root, {sample_url, sample.url, sample.final_url})
        _narrow_to_kind(ex, root, {sample_url, sample.url, sample.final_url})
        sections = _widen_to_sections(ex, root, {sample_url, sample.url, sample.final_url})
    else:
        guessed = guess_entity_pattern(root)
        if guessed is None and _learn_rows(ex, root, guess_row_key(root), "rows-guess"):
            return True
        if guessed is None:
            ex.run.note("entity-pattern", "none", root.final_url, note="no repeated link group")
            return False
        pattern, urls = guessed
        ex.pattern = pattern
        # Fetch one sample to learn what an entity page looks like: it must not show the
        # start page's result list (it may show related entities elsewhere).
        probe = await ex.page(urls[0])
        ok = probe is not None and not _shares_results(ex, root, probe)
        ex.sample = probe if ok else None
        ex.run.note(
            "entity-pattern",
            "guess" if ok else "guess-unverified",
            urls[0],
            values={"group_links": float(len(urls))},
            note=pattern.describe(),
        )
        sections = frozenset()
    given = {sample_url, ex.sample.url, ex.sample.final_url} if sample_url and ex.sample else None
    branch = _heads_a_branch(root, given) if given else None
    if branch is not None:
        ex.pattern = replace(ex.pattern, nested=False)
        ex.run.note("entity-pattern", "outermost", branch, note="the sample heads a branch")
    elif not sections:
        _widen_to_tree(ex, root)
        if given:
            _tree_of_kinds(ex, root, given)
    _fix_views(ex, root)
    learn_containers(ex, root)
    if sections and ex.containers is not None:
        ex.containers = ex.containers | sections
    return True


MAX_VIEWS = 5  # the words a parameter picking an entity's view has on one page at most


def _fix_views(ex: Explorer, root: Snapshot) -> None:
    """When `root` links one entity under several addresses the pattern matches that differ
    only in one parameter's word (a commit's ``a=commit`` and ``a=commitdiff`` beside it, the
    rest of the address the same), that parameter picks a view of the entity: the pattern keeps
    the sample's value of it (the entity page's; the first of the group's without a sample)."""
    assert ex.pattern is not None
    pattern = ex.pattern
    seen: dict[tuple[str, tuple[tuple[str, str], ...]], set[str]] = {}
    for link in root.links:
        if not pattern.matches(link.url):
            continue
        params = query_params(link.url)
        for key in pattern.query_keys:
            value = params.get(key, [""])
            if len(value) != 1 or not value[0] or any(ch.isdigit() for ch in value[0]):
                continue
            rest = tuple(sorted((k, ",".join(v)) for k, v in params.items() if k != key))
            seen.setdefault((key, rest), set()).add(value[0])
    # a few words across the page, each with the same rest of the address: views of one
    # entity (a word that alone names the page, a wiki's `id=library:json`, is no view)
    words: dict[str, set[str]] = {}
    for (key, _), values in seen.items():
        words.setdefault(key, set()).update(values)
    keys = sorted(
        {
            key
            for (key, rest), values in seen.items()
            if rest and len(values) > 1 and len(words[key]) <= MAX_VIEWS
        }
    )
    own = query_params(ex.sample.final_url) if ex.sample is not None else {}
    views = tuple((k, own[k][0]) for k in keys if len(own.get(k, ())) == 1)
    if not views:
        return
    ex.pattern = replace(pattern, views=views)
    ex.run.note("entity-pattern", "views", root.final_url, note=ex.pattern.describe())


def sample_pattern(url: str) -> EntityPattern:
    """The pattern of one sample entity page (`EntityPattern.from_urls`); a folder's index
    document (``/std/collections/index.html``) is named by its folder, the pages alike varying
    there (``/std/*/*``)."""
    pattern = EntityPattern.from_urls([url])
    segs = [s for s in urlsplit(url).path.split("/") if s]
    if len(segs) > 1 and is_index_document(segs[-1]) and len(pattern.prefix) == len(segs) - 1:
        return replace(pattern, prefix=pattern.prefix[:-1])
    return pattern


def listed_with_sample(page: Snapshot, sample: str) -> frozenset[str]:
    """The links of `page` shaped as the entity `sample` in containers alike those holding its
    own link, or in the nested list it is an item of: the entries of the list it is one of (a
    documentation index's chapters and their sections), not the pages shaped alike that a menu
    beside it links (the index of every module)."""
    pattern = sample_pattern(sample)
    holding = set(_sample_containers(page, sample))
    keys = {_item_key(c) for c in holding}
    roots = _sample_roots(page, holding)
    return frozenset(
        x.url
        for x in page.links
        if pattern.matches(x.url)
        and (_item_key(c := result_container(x)) in keys or any(in_tree(c, r) for r in roots))
    )


def tree_with_sample(page: Snapshot, sample: str) -> frozenset[str]:
    """The pages of `page`'s host that the nested list holding the entity `sample`'s link in
    the page's own content links, whatever their shape (a documentation's table of contents:
    chapters, sections and pages of every depth, each an entry of the list the sample is one
    of, as `_widen_to_tree` takes them in); none when no nested list holds it, or only a
    menu does (in a ``nav``, ``header`` or ``aside``, or an element named as a navigation bar,
    menu or sidebar: the same on every page, whichever page it marks as current)."""
    holding = set(_sample_containers(page, sample))
    roots = {r for r in _sample_roots(page, holding) if not _MENU.search(r)}
    host = urlsplit(page.final_url).netloc
    return frozenset(
        entity_url(x.url)
        for x in page.links
        if urlsplit(x.url).netloc == host and any(in_tree(result_container(x), r) for r in roots)
    )


# a path step that is a site's menu: its tag, or a class or id naming it
_MENU = re.compile(
    r"(?:^|/)(?:nav|header|aside)\b|\[@(?:class|id|role)=[^\]]*(?:nav|menu|sidebar)", re.IGNORECASE
)


def _sample_roots(page: Snapshot, holding: set[str]) -> set[str]:
    """The roots of the nested lists (`list_tree`) the containers `holding` sit in."""
    containers = {result_container(x) for x in page.links}
    return {r for c in holding if (r := list_tree(c, containers)) is not None}


def result_group(page: Snapshot, pattern: EntityPattern) -> tuple[frozenset[str], int] | None:
    """The result list's containers on `page` and its entity links: of the containers of the
    links `pattern` matches, those alike but for their items' own attributes (rows or items of
    alternating classes, ``tr[@class=odd]`` and ``tr[@class=even]``, are one list), the group
    holding most entity links (ties: by key); None without entity links. A link repeated with
    its text counts once: a sidebar's latest posts drawn twice list fewer than the blog's page
    beside them (a table of contents linking a page's sections, each by its own title, counts
    each)."""
    held = _entities_by_container(page, pattern)
    if not held:
        return None
    groups: dict[str, set[tuple[str, str]]] = {}
    for container, urls in held.items():
        groups.setdefault(_item_key(container), set()).update(urls)
    key, urls = max(groups.items(), key=lambda kv: (len(kv[1]), kv[0]))
    return frozenset(c for c in held if _item_key(c) == key), len(urls)


def _entities_by_container(
    page: Snapshot, pattern: EntityPattern
) -> dict[str, set[tuple[str, str]]]:
    """The entity links of each container of `page` (`pattern`'s), each entity and text once."""
    held: dict[str, set[tuple[str, str]]] = {}
    for link in page.links:
        if pattern.matches(link.url):
            text = " ".join(link.text.split())
            held.setdefault(result_container(link), set()).add((entity_url(link.url), text))
    return held


def _item_key(container: str) -> str:
    """A container's path with its rows' and items' attributes left out (`dom.item_rows`), and
    the ids of lists counted by a letter or a number named alike (an index's ``alpha_A``,
    ``alpha_B``: one list by initial)."""
    return _COUNTED_ID.sub(r"[@id=\1*]", item_rows(container))


# an id naming one of a series: a word and a separator, then a letter or a number
_COUNTED_ID = re.compile(r"\[@id=([A-Za-z]+[_-])(?:[A-Za-z]|[0-9]{1,3})\]")


def _main_container(page: Snapshot, pattern: EntityPattern) -> tuple[str, int] | None:
    """The result list's main container (the one of `result_group` holding most entity links)
    and the group's entity links."""
    group = result_group(page, pattern)
    if group is None:
        return None
    held = _entities_by_container(page, pattern)
    return max(group[0], key=lambda c: (len(held[c]), c)), group[1]


def _top_container(ex: Exploring, page: Snapshot) -> tuple[str, int] | None:
    assert ex.pattern is not None
    return _main_container(page, ex.pattern)


def _sample_group(ex: Exploring, page: Snapshot, top: str) -> tuple[str, set[str]] | None:
    """Where a pattern takes in every page of its host (``/*`` learned from
    ``/structFoo.html``), the largest group of its links may be the site's menu: when `page`
    lists the sample entity elsewhere than in `top`, the group listing it (containers alike but
    for their items' attributes) is the result list (a documentation index's table beside its
    menu): its container holding most entity links, and the group."""
    assert ex.pattern is not None
    sample = ex.settings.entity_sample
    if ex.pattern.prefix or not sample:
        return None
    holding = set(_sample_containers(page, sample))
    if not holding or top in holding:
        return None
    keys = {_item_key(c) for c in holding}
    counts = Counter(
        c
        for x in page.links
        if ex.pattern.matches(x.url) and _item_key(c := result_container(x)) in keys
    )
    key = _item_key(max(counts.items(), key=lambda kv: (kv[1], kv[0]))[0])
    group = {c for c in counts if _item_key(c) == key}
    return max(group, key=lambda c: (counts[c], c)), group


def learn_containers(ex: Exploring, page: Snapshot) -> None:
    """The result list is the container holding most entity links of the widest list page
    (other entity links there — featured, related — are not results); in a nested list, every
    container of its tree (see the module docstring)."""
    top = _top_container(ex, page)
    if top is None:
        return
    assert ex.pattern is not None
    group = result_group(page, ex.pattern)
    kept = set(group[0]) if group is not None else {top[0]}
    listing = _sample_group(ex, page, top[0])
    if listing is not None and listing[0] not in kept:
        top, kept = (listing[0], top[1]), listing[1]
    wider = _sample_tree(page, ex.pattern, ex.settings.entity_sample, kept)
    if wider is not None:
        top, kept = (wider, top[1]), {wider}
    # items marked by a modifier class more (an index's ``item-left unstable``): one list
    held = {result_container(x) for x in page.links if ex.pattern.matches(x.url)}
    alike = {c for c in held - kept if alike_container(c, kept)}
    kept |= alike - other_outline_levels(page, alike, kept)
    tree = list_tree(top[0], {result_container(x) for x in page.links})
    tree = tree if ex.pattern.nested else None
    if tree is not None:
        roots = _alike_trees(page, tree)
        kept |= {
            c
            for x in page.links
            if ex.pattern.matches(x.url)
            and any(in_tree(c := result_container(x), root) for root in roots)
        }
    if ex.pattern.nested:
        kept |= {
            c
            for x in page.links
            if ex.pattern.matches(x.url) and _nests(c := result_container(x), top[0])
        }
    # the tree the sample was found in holds its kind (`_sample_tree`)
    apart = _other_kinds(page, kept, ex.settings.entity_sample) if wider is None else set()
    mine = next(iter(_sample_containers(page, ex.settings.entity_sample)), None)
    if tree is not None and mine in kept:
        apart |= heading_levels(kept, mine)
    if apart:
        kept -= apart
        ex.run.note("result-container", "other-kind", top[0], values={"lists": float(len(apart))})
    ex.containers = frozenset(kept)
    links = sum(1 for x in page.links if ex.pattern.matches(x.url) and result_container(x) in kept)
    note = f"a nested list: {len(kept)} levels and branches under {tree}" if tree else ""
    if not tree and len(kept) > 1:
        note = f"{len(kept)} containers alike but for their items' attributes"
    ex.run.note(
        "result-container", "keep", top[0], values={"entity_links": float(links)}, note=note
    )


def _sample_containers(page: Snapshot, sample: str | None) -> dict[str, None]:
    """The containers of `page`'s links to the sample entity, in document order."""
    return dict.fromkeys(result_container(x) for x in page.links if entity_url(x.url) == sample)


def _sample_tree(
    page: Snapshot, pattern: EntityPattern, sample: str | None, kept: set[str]
) -> str | None:
    """The sample's container in a nested list (`list_tree`) apart from the result list `kept`
    that links every entity `kept` lists and has more items (a reference's navigation tree
    listing each namespace's members below it, beside the index's table of the top-level
    ones); None otherwise."""
    if not sample or not pattern.nested:
        return None
    containers = {result_container(x) for x in page.links}
    listed = {
        entity_url(x.url)
        for x in page.links
        if pattern.matches(x.url) and result_container(x) in kept
    }
    for c in _sample_containers(page, sample):
        root = list_tree(c, containers) if c not in kept else None
        if root is None or any(k.startswith(root + "/") for k in kept):
            continue  # no tree, or the result list's own
        under = [(result_container(x), entity_url(x.url)) for x in page.links]
        under = [(k, u) for k, u in under if k.startswith(root + "/")]
        items = {u for k, u in under if pattern.matches(u) and in_tree(k, root)}
        if len(items) > len(listed) and listed <= {u for _, u in under}:
            return c
    return None


def _other_kinds(page: Snapshot, kept: set[str], sample: str | None) -> set[str]:
    """The containers of `kept` (alike but for their items' attributes) whose items are marked
    as another kind than the sample's: each of their lists (the anchors' nearest list or table)
    holds items of that one mark only, none holds the sample, and no list of the sample's
    shows that mark (a reference index's ``li[@class=enum]`` list beside the
    ``li[@class=class]`` list of the sample's class). Rows striped in one table, a list's
    marked items beside the sample's, or the current page's item marked among plain ones (a
    sidebar's ``li[@class=active]``, a mark no other item shows) stay one list."""
    anchors = linked_anchors(page)
    mine = next((result_container(x) for _, x in anchors if entity_url(x.url) == sample), None)
    if mine is None or len(kept) < 2:
        return set()
    lists: dict[str, set[Any]] = {}
    marks: dict[Any, set[str]] = {}
    for anchor, link in anchors:
        container = result_container(link)
        if container not in kept:
            continue
        owner = next((e for e in anchor.iterancestors() if e.tag in _OWNERS), None)
        lists.setdefault(container, set()).add(owner)
        marks.setdefault(owner, set()).add(_mark(container))
    own = lists.get(mine, set())
    # a mark on one item of the page is the current page's highlight, no kind
    marked = Counter(_mark(result_container(link)) for _, link in anchors)
    # the marks the sample's own lists show: its item's, and its neighbours' (the current
    # page's item marked "active" among plain ones)
    shown = {_mark(mine)}.union(*(marks[e] for e in own if e is not None))
    return {
        c
        for c, held in lists.items()
        if _mark(c) not in shown
        and marked[_mark(c)] > 1
        and None not in held
        and not held & own
        and all(marks[e] == {_mark(c)} for e in held)
    }


# the elements a list's items sit in
_OWNERS = frozenset({"ul", "ol", "dl", "table"})
_ITEM_STEP = re.compile(r"(?:^|/)(li|tr|dt|dd)((?:\[[^\]]*\])*)(?=/|$)")


def _mark(container: str) -> str:
    """The attributes of the item element of a container (its last ``li``, ``tr``, ``dt`` or
    ``dd`` step, marked or not): what marks an item's kind."""
    found = _ITEM_STEP.findall(container)
    return found[-1][1] if found else ""


def _heads_a_branch(page: Snapshot, sample: set[str]) -> str | None:
    """The root of the nested list (`list_tree`) whose outermost level lists the sample when
    the sample heads a sublist of its own there (the page's next link lies a list level deeper
    in the tree): a manual's chapter above its sections, whose entities are that level's items,
    not every depth's; None otherwise."""
    at = next((i for i, x in enumerate(page.links) if x.url in sample), None)
    if at is None or at + 1 >= len(page.links):
        return None
    mine, after = (result_container(x) for x in page.links[at : at + 2])
    tree = list_tree(mine, {result_container(x) for x in page.links})
    if tree is None or not in_tree(after, tree):
        return None
    return tree if _levels(mine, tree) == 0 and _levels(after, tree) > 0 else None


def _levels(container: str, tree: str) -> int:
    """The list levels between the root of the nested list `tree` and a link's container."""
    return sum(1 for tag in _tags(container[len(tree) + 1 :]) if tag in _LISTS)


def join_container(ex: Exploring, page: Snapshot, listed: Iterable[str]) -> bool:
    """Whether `page` lists result entities, its list joining the result containers when it
    draws them in another (a tag's page listing a wiki's documents as an archive, where the
    start list was the wiki's map): its container holding most entity links, when each of them
    is one of `listed` (the start list's entities)."""
    assert ex.pattern is not None
    if result_entities(page, ex.pattern, ex.containers):
        return True
    top = _top_container(ex, page)
    if top is None or ex.containers is None:
        return False
    inside = {entity_url(x.url) for x in page.links if result_container(x) == top[0]}
    links = {u for u in inside if ex.pattern.matches(u)}
    if not links or not links <= set(listed):
        return False
    ex.containers = ex.containers | {top[0]}
    ex.run.note("result-container", "join", top[0], values={"entity_links": float(len(links))})
    return True


# a definition list nests as a list does (a DocBook table of contents: ``dl/dd/dl/dt``)
_LISTS = frozenset({"ul", "ol", "dl"})
# an item may wrap its link in a span and its sublist in a disclosure (``li/details/ul``)
_ITEMS = _LISTS | {"li", "dt", "dd", "a", "span", "details"}


def _tags(path: str) -> list[str]:
    return [step.split("[", 1)[0] for step in path_steps(path)]


def _item_steps(tags: list[str], after: str = "") -> bool:
    """Whether `tags` (below a list, `after` the tag above them) are list and item elements
    only; a disclosure's body (a ``div`` just inside ``details``) counts as its item's."""
    before = [after, *tags]
    return all(t in _ITEMS or (t == "div" and before[i] == "details") for i, t in enumerate(tags))


def list_tree(container: str, others: Iterable[str]) -> str | None:
    """The root of the nested list a result container sits in: the container's path up to its
    outermost ``ul``/``ol`` from which list and item elements only lead to the link, when one of
    `others` (the page's other link containers) lies two list levels or more below that root;
    None for a flat list or another container."""
    steps = path_steps(container)
    tags = [step.split("[", 1)[0] for step in steps]
    for i, tag in enumerate(tags):
        if tag in _LISTS and _item_steps(tags[i + 1 :], tag):
            root = "/".join(steps[: i + 1])
            deep = (c for c in (container, *others) if in_tree(c, root))
            if any(any(t in _LISTS for t in _tags(c[len(root) + 1 :])) for c in deep):
                return root
            return None
    return None


def _repeats_item(container: str, main: str) -> bool:
    """Whether `container` nests the items of the list `main` is an item of, whatever their
    tags: it follows `main` down to a marked element (the item, ``div[@class=entry]``), then
    goes deeper through a group of that item and ends as `main` does from that element on
    (``…/div[@class=entry]/div[@class=group]/div[@class=entry]/div[@class=file]/a``): a menu
    of nested ``div`` groups is one list, as a nested ``ul`` is."""
    steps, mine = path_steps(container), path_steps(main)
    if len(steps) <= len(mine):
        return False
    for k in range(1, len(mine) - 1):
        tail = mine[k:]
        if "[@" in mine[k] and steps[: k + 1] == mine[: k + 1] and steps[-len(tail) :] == tail:
            return True
    return False


def _alike_trees(page: Snapshot, tree: str) -> set[str]:
    """`tree` and the roots of the nested lists on `page` alike but for the document sections
    they sit in (a documentation home page's tables of contents, one under each heading: one
    list)."""
    containers = {result_container(x) for x in page.links}
    plain = outline_free(tree)
    return {tree} | {
        root
        for c in containers
        if (root := list_tree(c, containers)) is not None and outline_free(root) == plain
    }


def in_tree(container: str, tree: str) -> bool:
    """Whether a link's container lies in the nested list rooted at `tree`, through list and
    item elements only."""
    if not container.startswith(tree + "/"):
        return False
    return _item_steps(_tags(container[len(tree) + 1 :]), _tags(tree)[-1])


def tree_items(page: Snapshot, pattern: EntityPattern) -> tuple[str, tuple[str, ...]] | None:
    """The nested list `page`'s result list is (its root, see `list_tree`) and the URLs of its
    items that may be entities (same host, query keys and fragment as `pattern`'s; neither the
    site's root nor `page` itself), sorted; None when the result list is no nested list."""
    main = _main_container(page, pattern)
    if main is None:
        return None
    tree = list_tree(main[0], {result_container(x) for x in page.links})
    if tree is None:
        return None
    own = {page.url, page.final_url}
    shape = (pattern.host, pattern.query_keys, pattern.fragment)
    roots = _alike_trees(page, tree)
    items = {
        x.url
        for x in page.links
        if any(in_tree(result_container(x), root) for root in roots)
        and x.url not in own
        and _shape(x.url) == shape
        and (urlsplit(x.url).path.strip("/") or pattern.fragment)
    }
    return tree, tuple(sorted(items))


def _nests(container: str, main: str) -> bool:
    """Whether `container` and `main` are two levels of one menu of nested groups, either
    above the other (`_repeats_item`)."""
    return _repeats_item(container, main) or _repeats_item(main, container)


def _repeated_items(page: Snapshot, pattern: EntityPattern) -> tuple[str, tuple[str, ...]] | None:
    """The result list's main container and the URLs of its items at every depth when it is a
    menu of nested groups of other tags (`_repeats_item`; items shaped as `tree_items` keeps);
    None when no link's container nests its items."""
    main = _main_container(page, pattern)
    if main is None:
        return None
    shape = (pattern.host, pattern.query_keys, pattern.fragment)
    deeper = {x.url for x in page.links if _nests(result_container(x), main[0])}
    if not deeper:
        return None
    own = {page.url, page.final_url}
    items = {
        x.url for x in page.links if result_container(x) == main[0] and pattern.matches(x.url)
    } | {u for u in deeper if u not in own and _shape(u) == shape}
    return main[0], tuple(sorted(items))


def _widen_to_tree(ex: Explorer, root: Snapshot) -> None:
    """When the result list is a nested list whose items the entity pattern does not all match,
    learn the pattern from every item (`tree_items`)."""
    assert ex.pattern is not None
    found = tree_items(root, ex.pattern) or _repeated_items(root, ex.pattern)
    if found is None or all(ex.pattern.matches(url) for url in found[1]):
        return
    tree, items = found
    ex.pattern = EntityPattern.from_urls(items)
    ex.run.note(
        "entity-pattern",
        "nested-list",
        tree,
        values={"items": float(len(items))},
        note=ex.pattern.describe(),
    )


def _widen_to_sections(ex: Explorer, root: Snapshot, sample: set[str]) -> frozenset[str]:
    """When `root` is a hand-written index (outline.py `section_lists`: sections beside the
    sample's, each listing pages named like it), its entities are every section's: the pattern
    learned from all of them, of the sample's last-segment form, and the containers of their
    lists (returned; learn_containers keeps them beside its own)."""
    mine = next((x.url for x in root.links if x.url in sample), None)
    found = section_lists(root, mine) if mine is not None else None
    if mine is None or found is None:
        return frozenset()
    links = [x for listed in found.values() for x in listed]
    urls = sorted({x.url for x in links})
    ex.pattern = replace(EntityPattern.from_urls(urls), suffix=leaf_suffix(mine))
    ex.run.note(
        "entity-pattern",
        "sections",
        root.final_url,
        values={"sections": float(len(found)), "links": float(len(urls))},
        note=f"an index of {len(found)} sections listing pages: {ex.pattern.describe()}",
    )
    return frozenset(result_container(x) for x in links)


def _widen_to_list(ex: Explorer, root: Snapshot, sample: set[str]) -> None:
    """When the start page lists the sample among links alike (one container, the sample's
    depth and query keys) that the pattern from the sample alone does not all match (a package
    index's ``/lab/dev/<package>/<version>``: one sample names a package), learn the pattern
    from all of them."""
    assert ex.pattern is not None
    mine = next((x for x in root.links if x.url in sample), None)
    if mine is None:
        return
    group = _item_key(result_container(mine))
    shape = _depth_and_keys(mine.url)
    alike = sorted(
        {
            x.url
            for x in root.links
            if _item_key(result_container(x)) == group and _depth_and_keys(x.url) == shape
        }
    )
    alike = own_folder_kind(root, mine, alike)
    if len(alike) < 3:
        return
    deeper = _other_depths(root, mine, group)
    if all(ex.pattern.matches(url) for url in alike) and not deeper:
        return
    ex.pattern = EntityPattern.from_urls([mine.url, *alike, *deeper])
    ex.run.note(
        "entity-pattern",
        "sample-list",
        root.final_url,
        values={"links": float(len(alike))},
        note=ex.pattern.describe(),
    )


def _narrow_to_kind(ex: Explorer, root: Snapshot, sample: set[str]) -> None:
    """When the sample's file name starts with a word (shapes.py `kind_of`: "class" of
    ``class.TabView.html``) that every entity link of its list (the anchor's nearest list or
    table) starts with, another list's links all start with another word, and the start page
    links no page the word names (``class.html``: the word would be a parent module's name,
    ``docutils.core.html`` below ``docutils.html``), the word names the sample's kind: the
    pattern keeps it."""
    assert ex.pattern is not None
    word = next((kind_of(u) for u in sample if kind_of(u)), "")
    if not word or any(_stem(x.url) == word for x in root.links):
        return
    words: dict[Any, set[str]] = {}
    mine: Any = None
    for anchor, link in linked_anchors(root):
        if not ex.pattern.matches(link.url):
            continue
        owner = next((e for e in anchor.iterancestors() if e.tag in _OWNERS), None)
        words.setdefault(owner, set()).add(kind_of(link.url))
        if link.url in sample:
            mine = owner
    if mine is None or words.get(mine) != {word}:
        return
    others = {
        w for owner, held in words.items() if owner is not None and len(held) == 1 for w in held
    }
    if not others - {word, ""}:
        return
    ex.pattern = replace(ex.pattern, kind=word)
    note = f"{ex.pattern.describe()}, file names {word}.*"
    ex.run.note("entity-pattern", "kind", root.final_url, note=note)


def _tree_of_kinds(ex: Explorer, root: Snapshot, sample: set[str]) -> None:
    """When the result list is a nested list (`list_tree`) whose levels each hold either
    (each entity at the shallowest level it is linked at: a chapter's page is its first
    section's too, ``apt.html#sect.sources.list``) file names starting with the sample's kind word (shapes.py `kind_of`: "sect" of
    ``sect.apt-get.html``) or names starting with none — a handbook's chapters ``apt.html``
    above their sections ``sect.apt-get.html`` —, the sample's level holding the word, and the
    start page links no page the word names, the word names the sample's kind: the pattern
    keeps it, the other levels' items are no entities."""
    assert ex.pattern is not None
    word = next((kind_of(u) for u in sample if kind_of(u)), "")
    mine = next((x for x in root.links if x.url in sample), None)
    if not word or ex.pattern.kind or mine is None:
        return
    tree = list_tree(result_container(mine), {result_container(x) for x in root.links})
    if tree is None or any(_stem(x.url) == word for x in root.links):
        return
    level: dict[str, int] = {}  # each entity at the shallowest level the tree links it
    for x in root.links:
        url = entity_url(x.url)
        if in_tree(result_container(x), tree) and ex.pattern.matches(url):
            level[url] = min(level.get(url, 1 << 10), _levels(result_container(x), tree))
    kinds: dict[int, set[str]] = {}
    for url, depth in level.items():
        kinds.setdefault(depth, set()).add(kind_of(url))
    held = {frozenset(v) for v in kinds.values()}
    if kinds.get(level.get(entity_url(mine.url), -1)) != {word} or held != {
        frozenset({word}),
        frozenset({""}),
    }:
        return
    ex.pattern = replace(ex.pattern, kind=word)
    note = f"{ex.pattern.describe()}, file names {word}.* (the tree's other levels none)"
    ex.run.note("entity-pattern", "kind", tree, note=note)


def _stem(url: str) -> str:
    """A URL's last path segment without its extension (``class.html`` → "class")."""
    last = urlsplit(url).path.rstrip("/").rsplit("/", 1)[-1]
    return last.rsplit(".", 1)[0] if "." in last else last


def _other_depths(root: Snapshot, mine: Link, group: str) -> list[str]:
    """The links of the sample's list at other depths than the sample's (a module index listing
    ``/docutils.html``, ``/docutils/core.html`` and ``/docutils/parsers/rst.html`` alike): those
    of its container (the same host, query keys, fragment and file extension) when each item of
    the list holds one link only (an item holding more links, its tags or its author's, is a
    record whose other links are no entities); [] otherwise."""
    containers = {c for x in root.links if _item_key(c := result_container(x)) == group}
    items = result_items(root, containers)
    shape, suffix = _shape(mine.url), _suffix(mine.url)
    depth = _depth_and_keys(mine.url)[1]
    if items:
        if any(len({x.url for _, x in item}) != 1 for item in items):
            return []
        links = [x for item in items for _, x in item]
    else:  # a list read as it scrolled, drawn no more: the sample's own links, under its folder
        prefix = sample_pattern(mine.url).prefix
        own = result_container(mine)
        links = [
            x
            for x in root.links
            if prefix
            and result_container(x) == own
            and _path_segments(x.url)[: len(prefix)] == prefix
        ]
    return sorted(
        {
            x.url
            for x in links
            if _shape(x.url) == shape
            and _suffix(x.url) == suffix
            and _depth_and_keys(x.url)[1] != depth
        }
    )


def _path_segments(url: str) -> tuple[str, ...]:
    return tuple(s for s in urlsplit(url).path.split("/") if s)


def _suffix(url: str) -> str:
    """The file extension of a URL's last path segment ("" without one)."""
    last = urlsplit(url).path.rsplit("/", 1)[-1]
    return last.rsplit(".", 1)[-1] if "." in last else ""


def _depth_and_keys(url: str) -> tuple[str, int, tuple[str, ...], bool, str | None]:
    probe = EntityPattern.from_urls([url])
    return probe.host, probe.depth, probe.query_keys, probe.fragment, probe.namespace


def _shape(url: str) -> tuple[str, tuple[str, ...], bool]:
    """Host, query keys and whether it has a fragment: what an item must share with the
    pattern to widen it."""
    probe = EntityPattern.from_urls([url])
    return probe.host, probe.query_keys, probe.fragment


def _shares_results(ex: Explorer, root: Snapshot, sample: Snapshot) -> bool:
    assert ex.pattern is not None
    group = result_group(root, ex.pattern)
    theirs = {result_container(x) for x in sample.links if ex.pattern.matches(x.url)}
    return group is not None and bool(group[0] & theirs)


def _host_of(url: str) -> str:
    return urlsplit(url).netloc.rpartition("@")[2].lower()
