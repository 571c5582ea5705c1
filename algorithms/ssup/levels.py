"""SSUP's Algorithm 2, catching same-level pages: level by level from the root, the links the
level's index pages hold in the sample link DOM path are grouped (`algorithms.ssup.grouping`);
the best group is kept and teaches the threshold minsim_html (the least simhtml between the
sample and that group's pages); each later group is kept while one of its pages reaches
minsim_html, and the first group that does not ends the level.

The choices `sample_size`, `probe` and the URL-pattern filter at index levels are named in the
code and listed in `algorithms.ssup`'s docstring.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from urllib.parse import urlsplit

from siteseer.algorithms.features.dom import (
    HtmlSchema,
    TagFeature,
    html_schema,
    label_schema,
    link_path,
    link_tree,
    link_trees,
    path_urls,
    simhtml,
)
from siteseer.algorithms.features.url import SIZE_TERM, spread, term_weights, url_schema
from siteseer.algorithms.features.urlshape import (
    UrlTemplate,
    is_index_document,
    seed_template,
    url_template,
)
from siteseer.algorithms.run import Run
from siteseer.algorithms.ssup.grouping import LinkGroup, LinkGrouper
from siteseer.algorithms.ssup.headed import other_entries, other_sections, unlike_loaded
from siteseer.algorithms.ssup.items import item_structures
from siteseer.algorithms.ssup.kinds import KIND_SIM, other_kind, pages_only
from siteseer.algorithms.ssup.probes import navigation_paths, routed, view_of
from siteseer.algorithms.ssup.sections import judged, section_pages, sections
from siteseer.algorithms.ssup.threshold import Threshold
from siteseer.algorithms.ssup.uniform import UniformList
from siteseer.algorithms.ssup.verdicts import is_site_root
from siteseer.render import Snapshot

__all__ = ["SameLevel"]


@dataclass(frozen=True, slots=True)
class SameLevel:
    """Algorithm 2 for one SSUP run: pages and trace go to `run`; `grouper` groups a level's
    links; `sample_size` and `probe` bound the pages downloaded to learn and test minsim_html;
    `on_demand` (with ``probe_order="ranked"``) drops menu entries before the HTML test and
    learns minsim_html only when a later group needs it."""

    run: Run
    mode: TagFeature
    grouper: LinkGrouper
    sample_size: int
    probe: int
    on_demand: bool = True
    ahead: set[str] = field(default_factory=set)  # pages an index level judged ahead
    inner: list[str] = field(default_factory=list)  # sections set aside at the leaves

    async def catch(
        self,
        index_pages: Sequence[Snapshot],
        sp: Snapshot,
        sdp: str,
        level: int,
        leaf: bool,
        kept: list[str],
    ) -> None:
        """Algorithm 2: the pages of `level` linked from `index_pages` through `sdp`, added to
        `kept` (the sample first) group by group, so that a spent budget leaves those found."""
        kept.append(sp.url)
        groups = self._in_scope(self.grouper(sp.url, index_pages, sdp, self.mode), level)
        if not leaf:
            groups = self._same_pattern(groups, sp.url, index_pages, sdp, level)
        else:
            groups = await self._other_kinds(groups, sp, index_pages, sdp, level)
        if not groups:
            self.run.note("same-level", "keep", sp.url, level=level, note="the sample is alone")
            return
        sample_schema = html_schema(sp, self.mode)
        first, rest = (
            groups[0],
            _leaves_first(groups[1:], (sp.url, *(u for g in groups for u in g.urls))),
        )
        # The template mates need no download: kept first, so that a spent budget keeps them; at
        # an index level after the best group, whose order `tree._Walk._by_yield` loads by.
        sample = _Sample(sp, (sp.url, *first.urls), tuple(index_pages), sdp)
        mates: list[str] = kept if leaf else []
        before = len(mates)
        rest = self._template_mates(rest, sample, level, mates)
        taken = tuple(mates[before:])
        if leaf:
            rest = _section_mates(self.run, rest, index_pages, sp.url, level, kept)
        if self.on_demand:
            rest = _menu_entries(self.run, self.mode, rest, first, sp, index_pages, level)
        # Choice (`sample_size`): learn minsim_html from a sample of G1, at an index level too:
        # its pages are loaded after it by yield (`tree._Walk._index_level`), not whole.
        # Choice: a best group of one page shows no spread of its kind; its template mates,
        # of its kind by property 8, are the pages minsim_html is learned again over (`widen`).
        learning = first.urls if len(first.urls) > 1 else (*first.urls, *taken)
        threshold = Threshold(self.run, self.mode, sample_schema, self._learn(first.urls), learning)
        # Choice (`on_demand`): at the leaves the sample is measured only as far as a later
        # group's page needs it (`Threshold.reached`); at an index level too when no later
        # group is left to judge: its pages are loaded by yield, as far as they add links.
        lazy = self.on_demand and (leaf or not rest)
        # G1 is kept before its sample is downloaded: a budget spent on the sample keeps it.
        mark = len(kept)
        kept.extend(first.urls + first.joined + (() if leaf else tuple(mates)))
        if not lazy and await threshold.measure() is None:
            self._unloaded(first, len(groups), level, kept, mark)
            return
        values: dict[str, float] = {"strongsim": first.score}
        if threshold.minsim is not None:
            values |= {"minsim_html": threshold.minsim, "measured": len(threshold.sims)}
        self.run.note(
            "same-level",
            "keep",
            f"group 1 of {len(groups)}",
            level=level,
            urls=first.urls,
            values=values,
            note="best strongsim group; sets minsim_html"
            if threshold.minsim is not None
            else "best strongsim group; minsim_html not needed yet, no page of it downloaded: "
            + (
                "each later group's page measures the sample only as far as its simhtml needs"
                if rest
                else "no later group is left to judge"
            ),
        )
        fields = label_schema(sp, key_cells=True) if leaf else frozenset()
        facet = leaf and _outside_lists(sp.url, index_pages)
        alike, uniform = {sp.url, *first.urls}, UniformList(sp.url, self.run, level)
        for number, group in enumerate(rest, start=2):
            subject = f"group {number} of {len(groups)}"
            if leaf and not self.inner and uniform.kept(group, subject, index_pages, kept):
                continue
            group, passed, best = await judged(
                (self.run, self.mode, self.inner),
                group,
                (sp, index_pages, sdp),
                (level, leaf),
                lambda urls, section: _probe(self, urls, sample_schema, threshold, sp.url, section),
            )
            if not group.urls:
                continue
            if threshold.exhausted():
                self._unloaded(first, len(groups), level, kept, mark)
                return
            listed = (self.run, self.mode, group, alike, index_pages, sdp, subject, level)
            if not passed and facet and _kept_as_listed(*listed):
                kept.extend(group.urls + group.joined)
                continue
            if not passed and await threshold.widen(best, subject, level, group.urls):
                passed = True
            minsim = 1.0 if threshold.minsim is None else threshold.minsim
            values = {"strongsim": group.score, "simhtml": max(best, 0.0), "minsim_html": minsim}
            values["measured"] = len(threshold.sims)
            unlike = await other_kind(self.run, sp, group, fields, alike, leaf) if passed else None
            if unlike is not None:
                measure, value, why = unlike
                self.run.note(
                    "same-level",
                    "prune",
                    subject,
                    level=level,
                    urls=group.urls,
                    values=values | {measure: value},
                    note=f"built like the sample, it {why}: records of another kind",
                )
                continue
            if passed:
                kept.extend(pages_only(self.run, sp.url, group.urls + group.joined))
                alike.update(group.urls)
                uniform.showed(group.urls, best)
                self.run.note(
                    "same-level", "keep", subject, level=level, urls=group.urls, values=values
                )
                continue
            # Choice (beyond the paper): a group none of whose pages could be used (not HTML:
            # a schema file, a text source) shows nothing of the level's pages; it is pruned
            # alone, and the later groups are judged.
            unusable = best < 0.0
            self.run.note(
                "same-level",
                "prune",
                subject,
                level=level,
                urls=group.urls,
                values=values,
                note="none of its pages could be used (errors, not HTML): the later groups are "
                "judged"
                if unusable
                else "simhtml below minsim_html: this and every later group pruned",
            )
            if unusable:
                continue
            for later, other in enumerate(rest[number - 1 :], start=number + 1):
                self.run.note(
                    "same-level",
                    "prune",
                    f"group {later} of {len(groups)}",
                    level=level,
                    urls=other.urls,
                    values={"strongsim": other.score},
                    note=f"after group {number} failed",
                )
            break

    async def _other_kinds(
        self,
        groups: list[LinkGroup],
        sp: Snapshot,
        index_pages: Sequence[Snapshot],
        sdp: str,
        level: int,
    ) -> list[LinkGroup]:
        """Choice (beyond the paper): the links of the level whose list items do not hold all
        the sample's items hold (`items.item_structures`; the sample may be listed in items of
        two kinds: its own row, and another record's naming it) may be records of another kind
        the list mixes in (a timeline's tag changes among its check-ins, each linking a page of
        the same URL template from the same cell). One page per such item structure is loaded:
        when it is less like the sample than `KIND_SIM`, that structure is another kind, and
        a link listed only in items of other kinds is dropped. Only links of the sample's URL
        template (`urlshape.seed_template`) are judged so: the others are no entries of its
        kind by their URLs already (menu entries, a row's other links)."""
        structures = item_structures(index_pages, sdp, self.mode)
        own = structures.get(sp.url)
        shaped = seed_template(sp.url)
        if not own or shaped is None:
            return groups
        kinds: dict[frozenset[str], list[str]] = {}
        for url in dict.fromkeys(u for g in groups for u in g.urls if shaped.matches(u)):
            found = structures.get(url, set())
            if found and not any(all(o <= s for o in own) for s in found):
                for structure in found:
                    kinds.setdefault(structure, []).append(url)
        sample_schema = html_schema(sp, self.mode)
        other: set[frozenset[str]] = set()
        for structure, urls in sorted(kinds.items(), key=lambda k: (-len(k[1]), sorted(k[0]))):
            alone = [u for u in urls if len(structures[u]) == 1] or urls
            passed, best = await _probe(self, alone, sample_schema, KIND_SIM, sp.url)
            if passed:
                continue
            best = max(best, 0.0)
            other.add(structure)
            self.run.note(
                "same-level",
                "prune",
                f"{len(urls)} links of items unlike the sample's",
                level=level,
                urls=urls,
                values={"simhtml": best},
                note="their list items do not hold all the sample's item holds, and a page of "
                "them is unlike the sample: records of another kind in the same list (a link "
                "also listed in an item of the sample's kind stays)",
            )
        if not other:
            return groups
        left, _ = _split_groups(
            groups, lambda u: bool(structures.get(u)) and structures[u] <= other
        )
        return left

    def navigation_level(
        self, index_pages: Sequence[Snapshot], sp: Snapshot, sdp: str, level: int, source: str
    ) -> list[str]:
        """The pages of `level` when its list is `source`, the site navigation every page carries
        (`sidebar.navigation_index`) or a flat list of the seed's tree (`trails.trail_root`): `sp`
        and every page of the site's host the index pages list in the nested list (`link_tree`)
        holding `sdp`, but the index pages and their views (``#/?id=…`` of a hash-routed home).

        Choice: no page is downloaded. The climb has loaded pages of that list and found them
        like `sp`; grouping the list by strongsim and testing each group's HTML would cost a
        download per group to learn what every page's copy of the list already says: it is
        the list of pages of the site's documentation, sections and depths alike.
        """
        trees = {t for page in index_pages for t in link_trees(page, sdp, self.mode)}
        tree = ", ".join(sorted(trees))
        host = urlsplit(sp.url).netloc
        own = {routed(u) for p in index_pages for u in (p.url, p.final_url)}
        kept: dict[str, None] = {sp.url: None}
        for page in index_pages:
            for link in page.links:
                if link_tree(link) not in trees:
                    continue
                route = routed(link.url)
                if urlsplit(link.url).netloc == host and not any(view_of(route, o) for o in own):
                    kept[link.url] = None
        unlike = unlike_loaded(self.run.pages, sp, kept, self.mode, KIND_SIM)
        others = other_sections(index_pages, sp.url, kept, unlike)
        # an index page, but the site root (a home of its own kind), is an entry of the
        # navigation the sample carries: it shows the kind of its entries too
        tops = [*kept, *(p.url for p in index_pages if not is_site_root(p))]
        judged = unlike_loaded(self.run.pages, sp, tops, self.mode, KIND_SIM)
        for url in others | other_entries([*index_pages, sp], sp.url, tops, judged) & kept.keys():
            del kept[url]
        self.run.note(
            "same-level",
            "keep",
            f"the navigation list of {len(index_pages)} index page(s)",
            level=level,
            urls=tuple(kept),
            note=f"every page of {source} ({tree}), no page downloaded: "
            "the pages of it the climb loaded are like the sample",
        )
        return list(kept)

    async def sections(
        self, index_pages: Sequence[Snapshot], sdp: str, kept: list[str], level: int, sp: Snapshot
    ) -> list[str]:
        """`sections.sections` at the leaves, with the sections Algorithm 2 set aside."""
        return await sections(self.run, self.mode, index_pages, sdp, kept, level, sp, self.inner)

    def _learn(self, urls: Sequence[str]) -> tuple[str, ...]:
        """The sample of the best group `urls` minsim_html is learned from: its pages loaded
        already (a climb's probes), then pages spread over the rest, `sample_size` in all.

        Choice (`sample_size`): a page loaded already measures the group at no cost; the
        sample is as large as a spread one, so its verdicts are as sure."""
        loaded = tuple(self.run.loaded(urls))[: self.sample_size]
        left = [u for u in urls if u not in loaded]
        more = self.sample_size - len(loaded)
        return loaded + (spread(left, more) if more > 0 else ())

    def _unloaded(
        self, first: LinkGroup, groups: int, level: int, kept: list[str], mark: int
    ) -> None:
        """The best group, no page of whose sample loads, pruned from `kept` (from `mark`)."""
        del kept[mark:]
        self.run.note(
            "same-level",
            "prune",
            f"group 1 of {groups}",
            level=level,
            urls=first.urls,
            values={"strongsim": first.score},
            note="no page of the best group could be fetched",
        )

    def _template_mates(
        self, groups: Sequence[LinkGroup], sample: _Sample, level: int, kept: list[str]
    ) -> list[LinkGroup]:
        """Choice: the links of later groups that match the URL template of the sample and the
        best group are kept without an HTML test; the groups left (without them) go on to it.

        Property 8 of Definition 3: pages of one level share a URL structure. Strongsim groups
        split one template by the number of sub-tokens (``/lab/dev/requests/2.34.2`` and
        ``/lab/dev/agent-detector/2.0.0``), and a page whose content holds unusual markup then
        fails minsim_html for its whole group. A template keeps every path segment and query value
        that all the best group's URLs share (``/planes/show/*``, not ``/airports/show/*``); one
        with nothing fixed names no level and is not used, unless some of its path segments are
        numbers in every URL (a blog's ``/2023/04/16/<slug>/``: that they are numbers is what
        it fixes). A fixed path segment that is a number stands for any number
        (`_numbers_vary`); one an entry takes from its index page's URL, by each for its own.
        """
        template, siblings = url_template(sample.siblings), sample.siblings
        if template is None:
            return list(groups)
        numbers = frozenset(
            i for i, s in enumerate(template.segments) if s is not None and s.isdigit()
        )
        if template.varying == len(template.segments) + len(template.query):
            numbers = _numbered_segments(template, siblings)
            if not numbers:
                return list(groups)
        shaped, own = _numbers_vary(template, numbers), sample.under_own_index(template, self.mode)
        left, taken = _split_groups(groups, lambda u: shaped(u) or own(u))
        for group, mates in taken:
            kept.extend(mates)
            self.run.note(
                "same-level",
                "keep",
                f"{len(mates)} links of the best group's URL template",
                level=level,
                urls=mates,
                values={"strongsim": group.score},
                note="same URL template as the sample and the best group (property 8)",
            )
        return left

    def _same_pattern(
        self,
        groups: list[LinkGroup],
        sample_url: str,
        index_pages: Sequence[Snapshot],
        sdp: str,
        level: int,
    ) -> list[LinkGroup]:
        """Choice: at an index level, drop the links whose URLs share with the sample no
        weighted term but the number-of-tokens term.

        Property 8 of Definition 3: pages of one level share a URL structure. A menu reached by
        an over-estimated height (``/sports`` among ``/host-cities``, ``/news``, ``/about``)
        shares only its URLs' length, and letting it through makes sibling indexes of another
        entity type (``/host-cities``) index pages of this tree — whose lists the leaf level's
        HTML test cannot tell apart when both types share one template.
        """
        weights = term_weights(sample_url, path_urls(index_pages, self.mode), sdp)
        pattern = {t for t, w in weights.weights.items() if t[0] != SIZE_TERM and w > 0.0}
        kept, taken = _split_groups(groups, lambda u: not pattern & url_schema(u))
        dropped = [u for _, unlike in taken for u in unlike]
        if dropped:
            self.run.note(
                "same-level",
                "prune",
                f"{len(dropped)} links unlike {sample_url}",
                level=level,
                urls=sorted(dropped),
                note="index level: their URLs share no term with the sample but their length",
            )
        return kept

    def _in_scope(self, groups: list[LinkGroup], level: int) -> list[LinkGroup]:
        """`groups` without the links the crawl may not visit (another site's pages: a list
        row's homepage and issue-tracker links beside its entry), each group left empty
        dropped.

        Choice (beyond the paper): a page of the level is a page of the crawl's site; another
        site's are neither judged nor reported."""
        scope = self.run.session.in_scope
        out: list[LinkGroup] = []
        away: list[str] = []
        for group in groups:
            urls = tuple(u for u in group.urls if scope(u))
            away.extend(u for u in group.urls if u not in urls)
            if urls:
                out.append(replace(group, urls=urls))
        if away:
            self.run.note(
                "same-level",
                "skip",
                f"{len(away)} links out of the crawl's scope",
                level=level,
                urls=away,
                note="another site's pages are no pages of the level",
            )
        return out


async def _probe(
    same: SameLevel,
    urls: Sequence[str],
    sample_schema: HtmlSchema,
    minsim: float | Threshold,
    sample: str,
    section: Callable[[str], bool] | None = None,
) -> tuple[bool, float]:
    """Try up to `same.probe` pages of a group against `minsim` (a least simhtml, or
    minsim_html measured as far as a page needs it, `Threshold.reached`); (passed, best
    simhtml seen: -1.0 when none of its pages could be used). Its pages in `same.ahead`
    (judged from the level above, `ahead.family_stops`) are tried first: they measure the
    group at no cost. The others keep the list's order, a page loaded by the climb too: the
    climb loads the pages nearest the seed, which would measure the group by its most
    alike. A file of an extension, other than the `sample` URL's, that a file of the group
    showed to be no page is not tried (`kinds.pages_only`: a folder's schema files after
    the first). A page `section` tells a section of the level is tried but not tested: no
    page of the group's kind, it fails whatever its simhtml, and a `Threshold` learns
    nothing for it."""
    run, mode, limit = same.run, same.mode, same.probe
    best = -1.0
    tried = 0
    usable = set(pages_only(run, sample, urls))
    for url in sorted(urls, key=lambda u: u not in same.ahead):
        if tried >= limit:
            break
        if url not in usable:
            continue
        page = await run.fetch_one(url)
        if page is None:
            usable = set(pages_only(run, sample, urls))
            continue
        tried += 1
        sim = simhtml(sample_schema, html_schema(page, mode))
        best = max(best, sim)
        if section is not None and section(url):
            continue
        if (sim >= minsim) if isinstance(minsim, float) else await minsim.reached(sim):
            return True, sim
    return False, best


def _menu_entries(
    run: Run,
    mode: TagFeature,
    groups: Sequence[LinkGroup],
    first: LinkGroup,
    sp: Snapshot,
    index_pages: Sequence[Snapshot],
    level: int,
) -> list[LinkGroup]:
    """Choice: the links of later groups that the sample links to only through site
    navigation (lists an index page of the level holds too, `navigation_paths`) are menu
    entries, not pages of the level: dropped without a download; unless the navigation
    lists the sample's own group `first` too (most of its pages but the sample's, whether
    the sample links them through it alone or in its content too): then it is a list of the
    level (a documentation's menu of every module, an API reference's sidebar of every
    declaration beside its index page's summary), which tells no entry from another.

    A list in the sample link DOM path may end with links to other sections
    (``/committees.php``, ``/agenda`` after the members); the sample page carries them in
    its header or footer as every page does, where a page of its own level is listed in
    content, if at all.
    """
    menus = navigation_paths(sp, index_pages, mode)
    if not menus:
        return list(groups)
    paths: dict[str, set[str]] = {}
    for link in sp.links:
        paths.setdefault(link.url, set()).add(link_path(link, mode))

    def menu_only(url: str) -> bool:
        return bool(paths.get(url)) and paths[url] <= menus

    mates = [u for u in first.urls if u != sp.url]
    if mates and sum(1 for u in mates if paths.get(u, set()) & menus) * 2 > len(mates):
        return list(groups)
    left, taken = _split_groups(groups, menu_only)
    dropped = [u for _, entries in taken for u in entries]
    if dropped:
        run.note(
            "same-level",
            "prune",
            f"{len(dropped)} menu entries",
            level=level,
            urls=dropped,
            note=f"not downloaded: {sp.url} links to them only through site navigation",
        )
    return left


def _section_mates(
    run: Run,
    groups: Sequence[LinkGroup],
    index_pages: Sequence[Snapshot],
    sample: str,
    level: int,
    kept: list[str],
) -> list[LinkGroup]:
    """Choice (beyond the paper): at the leaves, the links of later groups that a hand-written
    index lists in its sections beside the sample's (`sections.section_pages`) are kept
    without an HTML test; the groups left (without them) go on to it.

    `sections.outline_entries` keeps every such page after the groups are judged, whatever
    their verdicts: a group of them judged first would cost its downloads (a page of it, and
    the best group's pages minsim_html is learned from) to decide what the index says."""
    listed = {u for page in index_pages for u in section_pages(run, page, sample)}
    left, taken = _split_groups(groups, listed.__contains__)
    mates = [u for _, urls in taken for u in urls]
    if mates:
        kept.extend(mates)
        run.note(
            "same-level",
            "keep",
            f"{len(mates)} links the sections of the index list",
            level=level,
            urls=tuple(mates),
            note="listed beside the sample in sections alike but for their id: the level's "
            "pages whatever their groups' HTML, kept without a download",
        )
    return left


def _outside_lists(sample: str, index_pages: Sequence[Snapshot]) -> bool:
    """Whether `sample` sits outside the folder of every index page that links to it (a
    tag's page ``/tags/netdata.html`` listing ``/library/json.html``), where a table's or a
    project's entries sit below it (``/vega/airports`` and ``/vega/airports/1``,
    ``/dpkg/changes`` and ``/dpkg/revision/382``, every page below the root's folder)."""
    ours = [s for s in urlsplit(sample).path.split("/") if s]
    own = [p for p in index_pages if any(link.url == sample for link in p.links)]
    for page in own:
        folder = [s for s in urlsplit(page.url).path.split("/") if s][:-1]
        if ours[: len(folder)] == folder:
            return False
    return bool(own)


def _kept_as_listed(
    run: Run,
    mode: TagFeature,
    group: LinkGroup,
    alike: set[str],
    index_pages: Sequence[Snapshot],
    sdp: str,
    subject: str,
    level: int,
) -> bool:
    """Whether `group`, below minsim_html, is kept as the list of index pages listing nothing
    found like the sample (`_listed_alone`); noted in `run`'s trace when it is."""
    listing = _listed_alone(group, alike, index_pages, sdp, mode)
    if listing:
        run.note(
            "same-level",
            "keep",
            subject,
            level=level,
            urls=group.urls,
            values={"strongsim": group.score, "index_pages": len(listing)},
            note=f"simhtml below minsim_html, but all that {listing[0]} and the like list: a "
            "list of values (a tag, a category) holds entries of one kind, and the sample sits "
            "outside its folder",
        )
    return bool(listing)


def _listed_alone(
    group: LinkGroup,
    alike: set[str],
    index_pages: Sequence[Snapshot],
    sdp: str,
    mode: TagFeature,
) -> list[str]:
    """The index pages that list links of `group` in `sdp` and none of `alike` (the sample
    and the links of the groups found like it by simhtml).

    Choice (beyond the paper): the index pages were kept as like the sample's own list page;
    a page of values (a tag, a category) lists entries of one kind, whatever their markup
    (documents whose text holds their own tables and links, less like each other than the
    sample's few measured siblings). Used only where the sample sits outside its list's folder
    (`_outside_lists`): a table's or project's own list holds its own kind."""
    ours = set(group.urls)
    found = []
    for page in index_pages:
        listed = {k.url for k in page.links if link_path(k, mode) == sdp}
        if listed & ours and not listed & alike:
            found.append(page.url)
    return found


def _leaves_first(groups: Sequence[LinkGroup], level: Sequence[str]) -> list[LinkGroup]:
    """`groups`, each with its URLs naming a folder of other pages of the `level` (``/pkg/archive/``
    beside ``/pkg/archive/tar/``) after the others, so that a group's probe is one of its leaves.

    Choice (beyond the paper, which judges a group by its first page): a tree of variable depth
    lists its inner nodes among its leaves (a package index's folders that hold no package of
    their own, among the packages at every depth); an inner node's page is a list of the pages
    below it, no page of the group's kind, and judged by it the group of leaves is lost."""
    folders = {u: _folder(u) for u in level}
    paths = {urlsplit(u).path for u in level}
    inner = {
        u
        for u, folder in folders.items()
        if folder is not None and any(p != folder and p.startswith(folder) for p in paths)
    }
    if not inner:
        return list(groups)
    return [replace(g, urls=tuple(sorted(g.urls, key=lambda u: u in inner))) for g in groups]


def _folder(url: str) -> str | None:
    """The folder `url` names (its path ending in ``/``, or its folder's index document,
    ``/usage/index.html`` → ``/usage/``), None for another page."""
    path = urlsplit(url).path
    head, _, name = path.rpartition("/")
    if not name:
        return path
    return f"{head}/" if is_index_document(name) else None


def _numbered_segments(template: UrlTemplate, urls: Sequence[str]) -> frozenset[int]:
    """The positions of `template`'s path segments that are numbers in every one of `urls`
    (the URLs it was learned from)."""
    paths = [[s for s in urlsplit(u).path.split("/") if s] for u in urls]
    return frozenset(
        i
        for i in range(len(template.segments))
        if all(len(p) == len(template.segments) and p[i].isdigit() for p in paths)
    )


def _numbers_vary(template: UrlTemplate, numbers: frozenset[int]) -> Callable[[str], bool]:
    """A test of URLs by `template`, each of its path segments at `numbers` (a year, a month:
    its fixed segments that are numbers, or, when it fixes none, those that are numbers in
    every URL it was learned from, `_numbered_segments`) standing for any number there.

    Choice: a number names an instance, not a type (`urlshape.seed_template` reads every
    element holding a digit as a variable). Strongsim groups split a level by sub-tokens, so the
    best group may share a number by chance (a blog's posts ``/2023/05/dpkg-1.21.22/`` grouped
    with the seed's own package, all of 2023): the template keeps that the segment is a number,
    so that it still names the level, not which.
    """
    if not numbers:
        return template.matches
    loose = replace(
        template,
        segments=tuple(None if i in numbers else s for i, s in enumerate(template.segments)),
    )

    def matches(url: str) -> bool:
        if not loose.matches(url):
            return False
        segments = [s for s in urlsplit(url).path.split("/") if s]
        return all(segments[i].isdigit() for i in numbers)

    return matches


@dataclass(frozen=True, slots=True)
class _Sample:
    """A level's sample `sp`, the URLs of its best group with it (`siblings`), the level's
    index pages and the sample link DOM path `sdp`."""

    sp: Snapshot
    siblings: tuple[str, ...]
    index_pages: tuple[Snapshot, ...]
    sdp: str

    def under_own_index(self, template: UrlTemplate, mode: TagFeature) -> Callable[[str], bool]:
        """A test of the level's URLs by `template` (learned from the sample and its best
        group) whose leading fixed path segments are the path of the index page listing the
        sample (its entries sit under its URL: ``/gnutls28/3_7_9-2/`` under ``/gnutls28/``):
        a URL passes when it has the template's shape with those segments those of an index
        page listing it through `sdp`, ``/krb5/1_17-4/`` listed by ``/krb5/``, that names
        the fields the sample's index page names (`label_schema`: a table's header cells).
        None passes when the level has one index page, the sample names fields of its own
        (its kind is told by them, `kinds.unlike_fields`, which needs its pages), or no index page
        whose path is a folder of the sample's lists it.

        Choice (property 8 of Definition 3, read per index page): a level under several
        index pages of one tree (a wiki's articles under their package's) shares a URL
        structure in which each index page's entries carry its path; the template of the
        sample's group fixes its own index page's, and every other index page's entries
        would cost a download per strongsim group to pass the HTML test their URLs pass."""
        if len(self.index_pages) < 2 or label_schema(self.sp, key_cells=True):
            return lambda url: False
        listed: dict[str, set[tuple[str, ...]]] = {}
        fields: dict[tuple[str, ...], frozenset[str]] = {}
        for page in self.index_pages:
            parts = urlsplit(page.url)
            if parts.query:
                continue
            own = tuple(s for s in parts.path.split("/") if s)
            fields[own] = label_schema(page, key_cells=True)
            for link in page.links:
                if link_path(link, mode) == self.sdp:
                    listed.setdefault(link.url, set()).add(own)
        owners = [
            o
            for o in listed.get(self.sp.url, ())
            if o and len(o) < len(template.segments) and template.segments[: len(o)] == o
        ]
        if not owners:
            return lambda url: False
        depth, kind = len(owners[0]), fields[owners[0]]
        heads = {o for o, names in fields.items() if len(o) == depth and names == kind}
        loose = replace(template, segments=(None,) * depth + template.segments[depth:])

        def matches(url: str) -> bool:
            if not loose.matches(url):
                return False
            head = tuple(s for s in urlsplit(url).path.split("/") if s)[:depth]
            return head in heads and head in listed.get(url, ())

        return matches


def _split_groups(
    groups: Sequence[LinkGroup], take: Callable[[str], bool]
) -> tuple[list[LinkGroup], list[tuple[LinkGroup, list[str]]]]:
    """The groups without the URLs `take` picks (a group left empty is gone), and, per group
    that had any, the URLs it picked, in order."""
    left: list[LinkGroup] = []
    taken: list[tuple[LinkGroup, list[str]]] = []
    for group in groups:
        picked = [u for u in group.urls if take(u)]
        others = tuple(u for u in group.urls if u not in picked)
        if others:
            left.append(replace(group, urls=others))
        if picked:
            taken.append((group, picked))
    return left, taken
