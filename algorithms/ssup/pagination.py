"""SSUP's Algorithm 3, pagination, chosen by yield: the links of a level's index pages that may
be pages of its lists are grouped in families (`algorithms.ssup.yields`: what a link varies of
the page linking it, one query parameter or path segment: ``?p=*``, ``?o=*``, ``?_next=*``),
and the budget goes where the family's pages add the most entity links of the seed's group per
download. A family's first page must be at least as similar (simhtml) to this level's sample
as to the next level's (the paper's test). A page that adds no new entity link stops its
family (it reorders or subsets what others gave, or lists nothing), unless the family is a pager
that already added some (a list's pages go on to its end); a family of the level's sample that
paged its list to its end makes the families left that only add query parameters to the sample
(sorts, filters, facets, page sizes) its views, not downloaded. A family of page sizes
(``?pageSize=10|25|50|100`` on a page of 10) is tried at its largest first, whose own pager then
comes first. A family whose first page only reordered or subset its level page's list makes
the links changing another level page the same way views too, not loaded (`_seen_view`). A
level whose last `DRY_RUN` pages added no entity link tries no family left (a
list being paged to its end goes on), nor do its later calls (on the level's other pages, after
its sample's list): only the families their pages add.

Choices (listed in `algorithms.ssup`'s docstring): it leaves out the links of the next level's
sample link DOM path (but a pager built like the entries: `_continues_level`), the site
navigation the next level's sample holds too, pages already placed in the tree, exports
(``.csv``, ``/export/json``), each page's own tools (``?title=<the page>&action=history``) and
links labelled as an ordering of its list ("Sort by line coverage"), and its candidates are first filtered by URL (a path or query
term shared with this level's sample, or its URL continued). Every decision is in the trace
(`--explain`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from siteseer.algorithms.features.dom import (
    TagFeature,
    html_schema,
    item_rows,
    link_path,
    simhtml,
)
from siteseer.algorithms.features.url import query_pairs, route, url_schema
from siteseer.algorithms.features.urlshape import (
    UrlTemplate,
    continues,
    is_file,
    refines,
    seed_template,
    shape_of,
)
from siteseer.algorithms.querycentric.views import names_an_order
from siteseer.algorithms.run import Run
from siteseer.algorithms.ssup.climb import path_terms
from siteseer.algorithms.ssup.elsewhere import entry_folders, inside_entry
from siteseer.algorithms.ssup.kinds import other_list
from siteseer.algorithms.ssup.marked import marks_itself
from siteseer.algorithms.ssup.probes import other_section
from siteseer.algorithms.ssup.sizes import size_offers
from siteseer.algorithms.ssup.yields import (
    Families,
    Family,
    entity_key,
    format_switch,
    is_export,
    is_tool,
    leads_back,
    list_links,
    pager_text,
    pages_offered,
    relation,
    spelled_defaults,
    state_back,
)
from siteseer.render import Snapshot

__all__ = ["LEVEL_SHARE", "Pagination"]

# A family whose last page added entries none gave before (more than half of those it showed)
# loads this many of its pages at once.
_BATCH = 4

# Choice (beyond the paper): with a budget, a level's pagination may spend at most this share of
# the pages left when it starts until one of the pages it found shows entity links of the seed's
# group; then it may go on. A third leaves two thirds for what follows a level (the next level's
# catch, its minsim_html sample and probes, the levels below), whatever the level turns out to be.
LEVEL_SHARE = 1 / 3

# Choice (beyond the paper): a level's pagination stops trying its families once this many pages
# in a row added no entity link (a list being paged to its end goes on): the families are tried
# most promising first (page sizes, pagers, the largest yield), so those left after a run of
# empty pages are more of its views, filters, menus and other tools.
DRY_RUN = 3

# Why `Pagination._candidates` leaves a level page's link out, by kind: what it is, and why.
_LEFT_OUT: dict[str, tuple[str, str]] = {
    "unlike": (
        "links unlike {sample}",
        "their URLs share no path or query term with this level's sample",
    ),
    "exports": (
        "exports",
        "they download the list's data (a data format) or show the page in another of its "
        "formats, not a page of it",
    ),
    "orders": (
        "orderings of {page}",
        'their labels read as an ordering of the list ("Sort by line coverage", an icon\'s '
        "title): its entries again in another order, not a page of it",
    ),
    "tools": (
        "tools of {page}",
        "they name the page in their query (its history, edit form, a permanent "
        "link to it): the page again or something about it, not a page of its list",
    ),
    "elsewhere": (
        "pages below the list's entries or in other sections",
        "their URLs go on inside the folder an entry of the list names (its contents), or "
        "inside another folder below the site root than the level page's: no page of its list",
    ),
    "entries": (
        "pages of the next level",
        "their URLs have the next level's sample's template (`seed_template`: an entry, "
        "its parent or its neighbour): entries of the list, not pages of it",
    ),
}


@dataclass(slots=True)
class _Share:
    """A level's share of the budget: `limit` pages (None: no budget) until `shown`, i.e. until
    a page it loaded shows entity links of the seed's group: links in the next level's sample
    link DOM path `sdp` not among `entries` (those the level's pages held when it began) that
    share a path or query term (`terms`) with the next level's sample."""

    limit: int | None
    mode: TagFeature
    sdp: str
    terms: frozenset[tuple[str, str]]
    entries: set[str]
    spent: int = 0
    shown: bool = False
    left_out: list[str] = field(default_factory=list)

    def allow(self, urls: Sequence[str], run: Run) -> list[str]:
        """The URLs of `urls` the share lets `run` load (every one already loaded, and the
        others in order while the share lasts); the rest go to `left_out`."""
        if self.limit is None or self.shown:
            return list(urls)
        room = self.limit - self.spent
        allowed: list[str] = []
        for url in urls:
            if url in run.pages or url in run.failed:
                allowed.append(url)
            elif room > 0:
                allowed.append(url)
                room -= 1
            else:
                self.left_out.append(url)
        return allowed

    def see(self, pages: Iterable[Snapshot]) -> None:
        """Mark the share `shown` when one of `pages` shows entity links of the seed's group."""
        self.shown = self.shown or any(
            link_path(k, self.mode) == self.sdp
            and k.url not in self.entries
            and bool(self.terms & path_terms(url_schema(k.url)))
            for p in pages
            for k in p.links
        )


@dataclass(frozen=True, slots=True)
class Level:
    """What one level's pagination judges pages by: the two samples' schemas, its URL terms,
    the site navigation, the next level's sample link DOM path and query parameter names."""

    sp_x: Snapshot
    schema_x: frozenset[str]
    schema_next: frozenset[str]
    terms: frozenset[tuple[str, str]]
    navigation: frozenset[tuple[str, str]]
    sdp: str
    names: frozenset[str]
    level: int
    entity: UrlTemplate | None  # the next level's sample's URL template
    shaped: UrlTemplate | None  # its shape (`urlshape.shape_of`): what an entity link has
    below: bool  # whether the next level's sample sits below this level's sample by its path
    leaf: bool  # whether the next level is the entities'

    def switch(self, url: str, page: Snapshot, root: str) -> bool:
        """Whether `url` is `page` (a page of the level page `root`'s list) in another of its
        formats (`yields.format_switch`), where no list is judged by its kind: above the
        entities' parents, or on the sample's own list (its path). Another list of the
        entities' parents is judged by its kind when one of its families is first tried
        (`kinds.other_list`): its format switch is such a family, loaded no further once judged."""
        own = route(root)[0] == route(self.sp_x.url)[0]
        return (not self.leaf or own) and format_switch(url, page)

    def lists(self, path: str) -> bool:
        """Whether the link DOM path `path` is the next level's sample's: `sdp`, or it with its
        rows' attributes left out (`dom.item_rows`: a table striped by its rows' place in it is
        one list, as Algorithm 2 groups it)."""
        return path == self.sdp or item_rows(path) == item_rows(self.sdp)


@dataclass(frozen=True, slots=True)
class Pagination:
    """Algorithm 3 for one SSUP run: pages and trace go to `run`. `share`: the share of the
    budget left a level's pagination may spend before it has shown entity links (None: no
    bound; see `LEVEL_SHARE`); `stopped`: why levels stopped at it (the run is incomplete);
    `other_kinds`: the level pages whose lists are of another kind (`kinds.other_list`); `views`:
    what the views found change of their level page (`yields.relation`), each with the first
    page that showed it."""

    run: Run
    mode: TagFeature
    share: float | None = LEVEL_SHARE
    stopped: list[str] = field(default_factory=list)  # why levels stopped at their share
    other_kinds: set[str] = field(default_factory=set)
    views: dict[object, str] = field(default_factory=dict)

    async def find(
        self,
        sp_x: Snapshot,
        sp_next: Snapshot,
        level_pages: Sequence[Snapshot],
        next_sdp: str,
        placed: set[str],
        level: int,
        families: Families | None = None,
        leaf: bool = False,
        known: Sequence[Snapshot] = (),
    ) -> list[Snapshot]:
        """Algorithm 3 by yield: pagination pages of `level`, each adding entity links of the
        seed's group that no page before it showed. `families`: the level's families as an
        earlier call on some of its pages left them (their stops kept), else new ones. `leaf`:
        whether the next level is the entities' (other lists judged by `kinds.other_list`).
        `known`: pages of a level above (a summary's pager over the same log): shown before."""
        at = Level(
            sp_x,
            html_schema(sp_x, self.mode),
            html_schema(sp_next, self.mode),
            path_terms(url_schema(sp_x.url)),
            # Choice: a link the next level's sample holds too, in the same link DOM path, is
            # site navigation (a header menu every page carries), not a pager of this list.
            frozenset((link_path(link, self.mode), link.url) for link in sp_next.links),
            next_sdp,
            frozenset(n for n, _ in query_pairs(route(sp_next.url)[1])),
            level,
            seed_template(sp_next.url),
            shape_of(sp_next.url),
            _below(sp_next.url, sp_x.url),
            leaf,
        )
        share = self._share(level_pages, sp_next, next_sdp)
        seen = {u for page in known for u in self._entries(page, at)}
        level_urls = {u for p in level_pages for u in (p.url, p.final_url)}
        families = families if families is not None else Families()
        families.done |= placed
        judged: set[str] = set(placed)
        for page in level_pages:
            self._candidates(page, page.url, at, families, judged)
        _view_pages(self.run, at, level_pages, seen, self._entries, families)
        found: list[Snapshot] = []
        dry, patience = 0, DRY_RUN  # pages in a row that added no entity link; how many stop it
        # At the level above the entities, each other level page's list is judged by its first
        # entry before its pages are loaded (`kinds.other_list`); the sample's own list is not.
        unjudged = {p.url: p for p in level_pages if p.url != sp_x.url} if leaf else {}
        while not share.left_out:
            family = families.best()
            if family is None:
                break
            page_of_root = unjudged.pop(family.root, None)
            if page_of_root is not None and await other_list(
                self.run, self.mode, page_of_root, level_pages, sp_next, at
            ):
                families.stop(family.root, "other kind")
                self.other_kinds.add(page_of_root.url)
                continue
            if dry >= patience and not family.committed():
                _dry(self.run, at, families, dry)
                break
            if _seen_view(self.run, self.views, family, families, at):
                continue
            proven = bool(family.gains) and 2 * family.gains[-1] > family.shown[-1]
            urls = family.ahead(families.done)[: _BATCH if proven else 1]
            if urls and _marked(self.run, family, urls[0], at):
                families.done.add(urls[0])
                continue
            fetched = await self._fetch(urls, share)
            for url in urls:
                if url in share.left_out:
                    break  # the level's share is spent: named in the stop note
                families.done.add(url)
                loaded = fetched.get(url)
                if loaded is None:
                    # Choice: a page that cannot be used (an error, not HTML) adds nothing: a
                    # family none of whose pages added entity links stops at it.
                    dry += 1
                    stop = not any(family.gains)
                    why = "unavailable: its family stops, none of its pages added" if stop else ""
                    _note(self.run, at, "prune", url, family, why or "unavailable")
                    if stop:
                        family.stopped = "unavailable"
                        break
                    continue
                page = loaded
                if not self._judge(page, at, family):
                    dry += 1
                    break
                entries = self._entries(page, at, family.root)
                if _lists_level(self.run, self.mode, at, page, family, level_urls):
                    dry += 1
                    continue
                gain = len(entries - seen)
                if (
                    not gain
                    and not family.loaded
                    and family.first_page(url)
                    and self._again(entries, family.root, at)
                ):
                    # Choice: a pager's link to its first page spelled out (``?page=1`` on
                    # ``/blog/``) shows the very entries of the page linking it: the page
                    # itself, no view of it; its family goes on. Another page showing them (a
                    # sitemap's namespace expanded again, a date drill-down's first year) stops
                    # its family as a view.
                    _note(self.run, at, "skip", url, family, "the level page itself again")
                    continue
                dry = 0 if gain else dry + 1
                seen |= entries
                family.record(url, gain, len(entries))
                if self._keep(page, at, family, gain, len(entries)):
                    found.append(page)
                    _shown_whole(self.run, at, family, url, page, len(entries))
                # Choice: pagination goes on from the pages that show entries of the list, but
                # a view's (its own pages are views too).
                if entries and (gain or not family.refines):
                    self._candidates(page, family.root, at, families, judged, family)
                patience = min(patience, _patience(level_pages, family, families))
                if family.stopped:
                    break
            self._views(families, family, at)
        if share.left_out:
            why = (
                f"level {level} stopped after {share.spent} pages without entity links: "
                f"its share of the budget ({share.limit} pages)"
            )
            self.stopped.append(why)
            self.run.note(
                "pagination",
                "stop",
                f"level {level}",
                level=level,
                urls=share.left_out,
                values={"pages": share.spent, "share": share.limit or 0},
                note=why,
            )
        return found

    def _entries(self, page: Snapshot, at: Level, root: str | None = None) -> set[str]:
        """The entity links of the seed's group `page` shows (in the next level's sample link
        DOM path, shaped as that sample), as entities (`yields.entity_key`; with `root`, the
        level page `page` is a page of, its state set back to `root`'s: `yields.state_back`)."""
        keys = {
            entity_key(k.url if root is None else state_back(k.url, page.url, root), at.names)
            for k in page.links
            if at.lists(link_path(k, self.mode)) and not _continues_level(at.sp_x.url, k.url, at)
        }
        return {u for u in keys if at.shaped is None or at.shaped.matches(u)}

    def _again(self, entries: set[str], root: str, at: Level) -> bool:
        """Whether `entries`, shown by a page of a family of the level page `root`, are the
        very entries `root` shows (none: no)."""
        page = self.run.pages.get(root)
        return bool(entries) and page is not None and entries == self._entries(page, at)

    def _candidates(
        self,
        page: Snapshot,
        root: str,
        at: Level,
        families: Families,
        judged: set[str],
        chain: Family | None = None,
    ) -> None:
        """The links of `page` (a page of the list of the level page `root`; `chain`: the
        family it was loaded for, whose open query parameters make it that page,
        `Family.carried`) that may be pages of the level's lists, each counted in its family;
        those that cannot be are named in the trace."""
        carried = chain.carried() if chain is not None else frozenset()
        shown = len(self._entries(page, at))
        defaults = spelled_defaults(page.url, (link.url for link in page.links))  # `list_links`

        left_out: dict[str, list[str]] = {kind: [] for kind in _LEFT_OUT}
        folders = entry_folders(
            (k.url for k in page.links if at.lists(link_path(k, self.mode))), root
        )
        for link in list_links(page):
            path = link_path(link, self.mode)
            if link.url in judged or (path, link.url) in at.navigation:
                continue
            # Choice: a pager in the entries' own path (``<li>`` items both) continues this
            # level's sample by its URL shape (``/`` → ``/page/2/``), where the entries have the
            # next level's (`_continues_level`).
            pager = _continues_level(at.sp_x.url, link.url, at)
            if at.lists(path) and not pager:
                continue
            judged.add(link.url)
            if not (pager or at.terms & path_terms(url_schema(link.url))):
                left_out["unlike"].append(link.url)
            elif is_export(link.url) or is_file(link.url) or at.switch(link.url, page, root):
                left_out["exports"].append(link.url)
            elif is_tool(link.url, link.text, page.url):
                left_out["tools"].append(link.url)
            elif not pager and names_an_order(link.text):
                left_out["orders"].append(link.url)
            elif not pager and (inside_entry(link.url, folders) or other_section(link.url, root)):
                left_out["elsewhere"].append(link.url)  # `algorithms.ssup.elsewhere`
            elif (
                not pager
                and at.entity is not None
                and at.entity.matches(link.url)
                and not pager_text(link.text)
            ):
                # Choice: a link off the entries' path reading as a pager's ("Next Page") is
                # no entry, though a flat site's template (``/*.html``) takes in every page.
                left_out["entries"].append(link.url)
            elif families.add(
                page.url,
                link.url,
                link.text,
                shown,
                root,
                refines(root, link.url),
                defaults,
                carried,
                None if chain is None else chain.template,
            ) is None and leads_back(link.text):
                # A chain's way back, counted in no family: judged again where another page
                # links it forward (the next page of the chain, seen first from the page after).
                judged.discard(link.url)
        if chain is None:
            _offer_sizes(self.run, page, root, at, families, judged, shown)
        for kind, urls in left_out.items():
            if urls:
                what, why = _LEFT_OUT[kind]
                what = what.format(sample=at.sp_x.url, page=page.url)
                self.run.note(
                    "pagination", "skip", f"{len(urls)} {what}", level=at.level, urls=urls, note=why
                )

    def _judge(self, page: Snapshot, at: Level, family: Family) -> bool:
        """The paper's test on a family's first page: at least as similar to this level's sample
        as to the next level's (and sharing a link DOM path with it); a family failing it stops."""
        if family.loaded:
            return True
        schema = html_schema(page, self.mode)
        to_x, to_next = simhtml(at.schema_x, schema), simhtml(at.schema_next, schema)
        # Choice: a page sharing no link DOM path with this level's sample (to_x = 0) is no page
        # of its list, however unlike the next level it is as well.
        if to_x >= to_next and to_x > 0.0:
            return True
        family.stopped = "html"
        self.run.note(
            "pagination",
            "prune",
            family.template,
            level=at.level,
            urls=tuple(family.members),
            values={"simhtml_level": to_x, "simhtml_next": to_next},
            note=f"its first page {page.url} is less like this level's sample than the next's",
        )
        return False

    def _keep(self, page: Snapshot, at: Level, family: Family, gain: int, shown: int) -> bool:
        """Whether `page`, just loaded for `family`, is a page of the level (it adds entity
        links); stops the family when it is not, or when its page size is chosen."""
        values = {"new": gain, "entries": shown, "pages": len(family.loaded)}
        # Choice: a page that adds nothing stops its family when none of its pages added any
        # (a view, another page's tools or history, a page listing nothing), and so does a
        # view's (a family only adding query parameters to its level page, no pager) whatever
        # it added before; a pager that added entries goes on to its end, and so do the pages
        # of other lists that added some.
        pager = family.pager()
        if gain == 0 and family.widest() is not None and len(family.loaded) > 1:
            # Choice: a page size that adds nothing to the widest before it shows the whole
            # list: no larger one is worth its download (a "more" link doubling without end).
            family.stopped = "page size"
            self.run.note(
                "pagination",
                "stop",
                family.template,
                level=at.level,
                urls=(page.url,),
                values=values,
                note=f"{page.url} adds no entity link to the widest page size before it, which "
                "shows the whole list: no larger size is loaded",
            )
            return False
        if gain == 0 and (not any(family.gains) or (family.refines and not pager)):
            family.stopped = "nothing new"
            key = relation(family.root, page.url) if shown and not pager else None
            if key is not None and not any(family.gains):
                self.views.setdefault(key, page.url)
            self.run.note(
                "pagination",
                "stop",
                family.template,
                level=at.level,
                urls=(page.url,),
                values=values,
                note=f"{page.url} adds no entity link: "
                + (
                    "a view (it reorders or subsets what the pages before it gave)"
                    if shown
                    else "it lists no entry of the level"
                ),
            )
            return False
        if gain == 0:
            self.run.note(
                "pagination",
                "skip",
                page.url,
                level=at.level,
                values=values,
                note="adds no entity link; its family goes on (a pager that did, or other lists)",
            )
            return False
        self.run.note(
            "pagination",
            "keep",
            page.url,
            level=at.level,
            values=values,
            note=f"{gain} new entity links for one download ({family.template})",
        )
        if family.sizes is not None and len(family.loaded) == 1:
            if shown > family.prior:
                self.run.note(
                    "pagination",
                    "skip",
                    family.template,
                    level=at.level,
                    urls=tuple(u for u in family.members if u != page.url),
                    values=values,
                    note=f"page sizes: the largest ({page.url}, {shown} entries) is kept; its "
                    "own pages come next, the smaller sizes are views of it (a larger size it "
                    "links to is loaded while each adds entity links)",
                )
            else:
                family.sizes = None  # not a page size after all: a family like the others
        return True

    def _views(self, families: Families, complete: Family, at: Level) -> None:
        """When `complete`, just loaded, has paged the list of its level page to its end, the
        families left that only add query parameters to that page are its views: stopped."""
        if not families.complete(complete):
            return
        paged = (
            f"shown whole at the page size {complete.loaded[-1]}"
            if complete.whole
            else f"paged to its end ({len(complete.loaded)} pages, each adding entity links none "
            "gave before)"
        )
        for family in families.views(complete.root):
            if family is complete:
                family.stopped = "end"  # what it has left links back to its first pages
                continue
            family.stopped = "view"
            self.run.note(
                "pagination",
                "skip",
                family.template,
                level=at.level,
                urls=tuple(u for u in family.members if u not in families.done),
                values={"pages": len(family.loaded)},
                note=f"a view of the list {complete.template} {paged}: it only adds query "
                f"parameters to {complete.root} (a sort, a filter, a page size)",
            )

    def _share(self, level_pages: Sequence[Snapshot], sp_next: Snapshot, sdp: str) -> _Share:
        """The level's share of the budget left now (no bound without a budget)."""
        left = self.run.session.budget_left
        limit = None if left is None or self.share is None else max(1, math.ceil(left * self.share))
        entries = {k.url for p in level_pages for k in p.links if link_path(k, self.mode) == sdp}
        return _Share(limit, self.mode, sdp, path_terms(url_schema(sp_next.url)), entries)

    async def _fetch(self, urls: Sequence[str], share: _Share) -> dict[str, Snapshot]:
        """`run.fetch` of the URLs of `urls` the level's share allows, counting what it spent;
        when the pages it loaded show entity links, the URLs left out are loaded too."""
        fetched: dict[str, Snapshot] = {}
        wanted = list(urls)
        while wanted:
            before = self.run.session.budget_left
            fetched |= await self.run.fetch(share.allow(wanted, self.run))
            after = self.run.session.budget_left
            if before is not None and after is not None:
                share.spent += before - after
            share.see(fetched.values())
            wanted = []
            if share.shown and share.left_out:
                wanted, share.left_out = share.left_out, []
        return fetched


def _shown_whole(run: Run, at: Level, family: Family, url: str, page: Snapshot, shown: int) -> None:
    """Mark `family` whole when its page size `url`, `page` (just kept, showing `shown` entries)
    shows the whole list: it links no further page, or it shows fewer entries than it asks
    for (a "more" link doubling on past the list's end: no larger size is loaded)."""
    if family.sizes is None:
        return
    if pages_offered(page) <= 1:
        family.whole = True
    elif (size := family.short_of(url, shown)) is not None:
        family.whole = True
        run.note(
            "pagination",
            "stop",
            url,
            level=at.level,
            note=f"shows {shown} entries at the page size {size}: the whole list, no larger "
            f"size is loaded ({family.template})",
        )


def _lists_level(
    run: Run, mode: TagFeature, at: Level, page: Snapshot, family: Family, level: set[str]
) -> bool:
    """Whether `page`, loaded for `family`, links a page of this level (`level`, their URLs)
    through the next level's sample link DOM path, as its entries (shaped as they are, no pager
    of this level: `Pagination._entries`): a list of the level's lists, not a page of one
    (named in the trace)."""
    # Choice: a page listing this level's own pages among its entries (a part's contents naming
    # its chapters, the one being read among them) is the level above, though its head names it
    # the previous page of a chapter of it. Their URLs as linked, not as entities (a sitemap
    # page named by the page it was opened from is no entry of its own list).
    shown = {
        k.url
        for k in page.links
        if at.lists(link_path(k, mode))
        and not _continues_level(at.sp_x.url, k.url, at)
        and (at.shaped is None or at.shaped.matches(k.url))
    } & level
    if not shown:
        return False
    run.note(
        "pagination",
        "prune",
        page.url,
        level=at.level,
        note=f"it lists {min(shown)}, a page of this level, among its entries: a list of the "
        f"level's lists (the level above), not a page of one ({family.template})",
    )
    return True


def _view_pages(
    run: Run,
    at: Level,
    level_pages: Sequence[Snapshot],
    seen: set[str],
    entries: Callable[[Snapshot, Level], set[str]],
    families: Families,
) -> None:
    """Add to `seen` the `entries` of `level_pages` (the level's sample first); stop the
    families of the pages but the sample each of whose entries a page before it showed (named
    in the trace): their lists are not paged.

    Choice: a level page listing only what the pages before it listed (a repository's log from
    one of its tags, the history shown again from an older starting point) is a view of the
    same entities: so are its own pages, which start further in that history."""
    views: list[str] = []
    for page in sorted(level_pages, key=lambda p: p.url != at.sp_x.url):
        shown = entries(page, at)
        if page.url != at.sp_x.url and shown and shown <= seen:
            views.append(page.url)
        seen |= shown
    for url in views:
        families.stop(url, "view")
    if views:
        run.note(
            "pagination",
            "skip",
            f"{len(views)} views",
            level=at.level,
            urls=views,
            note="each lists only entries the level pages before it listed: a view of the same "
            "entities, whose own pages are not loaded",
        )


def _seen_view(
    run: Run, views: dict[object, str], family: Family, families: Families, at: Level
) -> bool:
    """Whether `family`, none of whose pages is loaded, changes its level page as a view found
    beside another level page did (`Pagination.views`): stopped, not loaded.

    Choice: a sort or filter link, or a sorted rendering, that only reordered or subset one
    list does the same to every list it sits beside; a pager is never judged so."""
    ahead = family.ahead(families.done)
    if family.loaded or family.pager() or not ahead:
        return False
    key = relation(family.root, ahead[0])
    shown = views.get(key) if key is not None else None
    if shown is None:
        return False
    family.stopped = "view"
    why = f"it changes {family.root} as {shown} changed its level page, a view there"
    _note(run, at, "skip", ahead[0], family, why)
    return True


def _marked(run: Run, family: Family, url: str, at: Level) -> bool:
    """Whether `url`, the next page of `family`, none loaded, is its pager's first page that
    the level page linking it marks as itself (`marked.marks_itself`): skipped, not loaded
    (named in the trace); its family goes on."""
    root = run.pages.get(family.root)
    if family.loaded or not family.first_page(url) or root is None:
        return False
    if not marks_itself(root, url):
        return False
    _note(run, at, "skip", url, family, "the level page itself, marked so by its pager")
    return True


def _note(run: Run, at: Level, decision: str, url: str, family: Family, why: str) -> None:
    run.note("pagination", decision, url, level=at.level, note=f"{why} ({family.template})")


def _patience(level_pages: Sequence[Snapshot], family: Family, families: Families) -> int:
    """How many pages in a row adding no entity link stop the level's pagination once
    `family` was loaded: `DRY_RUN`, or none on a level of one page whose list `family` showed
    to its end (paged to its last page, or whole at a page size: a larger page size whose own
    pager goes on has not).

    Choice: what such a level has left are its page's tools, views and menus, none of them
    loaded (a family already paging goes on)."""
    ended = family.whole or (
        family.sizes is None and family.pager() and family.ended(families.done)
    )
    return 0 if len(level_pages) == 1 and ended else DRY_RUN


def _dry(run: Run, at: Level, families: Families, dry: int) -> None:
    """Stop the level's pagination after `dry` pages in a row that added no entity link:
    the families left are not loaded (the trace names the next page of each), nor by a later
    call on the level's other pages, whose own families are tried then."""
    left: list[str] = []
    for f in families.families.values():
        if not f.stopped and (pending := f.ahead(families.done)):
            left.append(pending[0])
            f.stopped = "dry"
    run.note(
        "pagination",
        "stop",
        f"level {at.level}",
        level=at.level,
        urls=tuple(left),
        values={"pages": dry, "families": len(left)},
        note=(
            f"its last {dry} pages added no entity link"
            if dry >= DRY_RUN
            else "its list was shown to its end"
        )
        + f": the {len(left)} families left (views, filters, menus, other tools of its pages) "
        "are not loaded",
    )


def _offer_sizes(
    run: Run,
    page: Snapshot,
    root: str,
    at: Level,
    families: Families,
    judged: set[str],
    shown: int,
) -> None:
    """The level page `page`'s list at the largest page size it offers by name
    (`sizes.size_offers`), each a family of its own loaded before the list's own pager."""
    for url, size in size_offers(page, shown):
        if url in judged:
            continue
        judged.add(url)
        family = families.add(page.url, url, "", shown, root, refines(root, url))
        if family is None or len(family.members) > 1 or family.loaded:
            continue
        family.offer(size)
        run.note(
            "pagination",
            "candidate",
            url,
            level=at.level,
            values={"entries": shown},
            note=f"the page size {page.url} offers by name (a link or form field of its "
            "list): its pages at that size hold the list in the fewest downloads",
        )


def _continues_level(sample: str, url: str, at: Level) -> bool:
    """Whether `url` may be a page of the list at `sample`, this level's sample, by its URL
    alone: it continues it (`urlshape.continues`: one query parameter added or changed, or a
    page number appended to its path) and, when the next level's sample sits below `sample`
    by its path (`at.below`), does not have that sample's template (`at.entity`, its
    `seed_template`: ``/season/2022/race/3`` below ``/season/2022`` is an entry).

    Choice (beyond the paper): Algorithm 3 judges the links outside the next level's sample
    link DOM path, and filters them by a term shared with this level's sample. A pager whose
    items are built like the entries' (``<ul><li><a>`` both) shares their path, and the site's
    home page, a level's sample with no term, shares none with its own ``/page/2/``. An entry
    off the list's path (``/2023/06/09/a-post/`` listed by ``/author/ann/``) has a template
    whose every segment varies, which the list's own ``/author/ann/page/2/`` matches by its
    length alone: a URL under the list's path is then its page, never one of its entries.
    """
    if not continues(sample, url):
        return False
    return at.entity is None or not at.below or not at.entity.matches(url)


def _below(entry: str, page: str) -> bool:
    """Whether the URL `entry` sits below `page` by its path: the site root, or `page`'s path
    segments followed by more (``/season/2022/race/3`` below ``/season/2022``)."""
    ours = [s for s in route(page)[0].split("/") if s]
    theirs = [s for s in route(entry)[0].split("/") if s]
    return theirs[: len(ours)] == ours
