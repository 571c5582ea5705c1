"""SSUP's full probe: when the ranked candidates of Algorithm 1 confirm no index page, the
pages they left out are downloaded too (the paper's probe of every page sp links to), one at a
time, until a candidate confirms an index page (`verdicts.confirms`).

Choices (beyond the paper; listed in `algorithms.ssup`'s docstring):

- The pages whose URL reads as an ancestor of sp beyond the site root come first, the nearest
  first, as in the ranked probe (`nearest_first`): a breadcrumb every page carries is left
  out of the ranked probe as site navigation, and its entry of sp's index page
  (``/lab/dev`` above ``/lab/dev/requests/2.34.2``) is the full probe's first page. Such a
  page found the best candidate ends the full probe: its list and the URL hierarchy agree.
- A best candidate that `FULL_PROBE_HELD` pages in a row of the full probe did not outrank
  ends it: the full probe goes through the lists sp holds in document order (a sidebar's or a
  menu's every entry, each linking back through that menu if at all), and what those pages
  have not shown, the rest of the same lists does not either.
- From the seed, with no candidate found, the pages of the seed's own URL template (no
  folder's page, no ancestor of it by its URL: `mates`) are probed until `DRY_ENTRIES` of them
  were, none listing it among pages like it: the others are its related pages ("SEE ALSO", a
  neighbour), and the climb goes on to the pages its URL's path names above it, where a list
  of it is (`climb._url_ancestor`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from siteseer.algorithms.features.dom import link_path
from siteseer.algorithms.features.urlshape import is_index_document, seed_template
from siteseer.algorithms.ssup.candidates import own_urls
from siteseer.algorithms.ssup.probes import (
    DRY_ENTRIES,
    RELATED_NOTE,
    Probes,
    ancestry,
    url_ancestors,
)
from siteseer.algorithms.ssup.verdicts import confirms, lists_siblings
from siteseer.algorithms.ssup.weights import candidate_weight
from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.algorithms.ssup.climb import Climb, Found
    from siteseer.algorithms.ssup.verdicts import Parent

__all__ = [
    "DOMINANT",
    "FULL_PROBE_HELD",
    "FullProbe",
    "dominant",
    "dominated",
    "kind_shared",
    "lists_kind",
    "mates",
    "nearest_first",
    "related",
    "seed_mates",
    "shared",
]

# The full probe stops once this many pages in a row left its best candidate the best.
FULL_PROBE_HELD = 5
# From the seed, a best candidate whose W_ci is this many times every other probed page's ends
# the probe (`dominant`), once `_RIVALS` other pages link back to the seed.
DOMINANT = 5.0
_RIVALS = 2


@dataclass(slots=True)
class FullProbe:
    """One full probe: the index page it confirmed (`stopped_at`), the best candidate its last
    pages did not outrank (`held_by`), the best one a URL ancestor of sp (`above`), the pages
    of the seed's kind it left out (`mated`)."""

    stopped_at: str = ""
    held_by: str = ""
    above: str = ""
    mated: list[str] = field(default_factory=list)
    dominant: str = ""

    async def run(
        self,
        climb: Climb,
        sp: Snapshot,
        level: int | None,
        found: Found,
        probes: Probes,
        left: list[str],
        *,
        seed: bool,
    ) -> None:
        """Probe the pages of `left` that sp links to, judged into `found` (`Climb.judge`)."""
        held = 0  # the pages probed in a row that left the best candidate the best
        kind = mates(sp) if found.best is None and seed else None
        rank = {u: _nearness(u, sp.url) for u in left}
        pending = sorted(left, key=rank.__getitem__)  # `nearest_first`
        common: frozenset[str] = frozenset()
        counted = -1  # how many pages were probed when `common` was read
        while pending:
            if len(probes.probed) != counted:
                # Choice: what the pages of sp's kind link to alike changes only as pages
                # are probed; read once per page, not once per link left.
                counted = len(probes.probed)
                common = seed_mates(sp, probes, climb.run.pages)
            url = min(pending, key=lambda u: (rank[u], u not in common))  # `nearest_first`
            pending.remove(url)
            if probes.broken(url):
                continue
            if related(kind, url, probes, common):
                self.mated.append(url)
                continue
            if found.best is not None and held >= FULL_PROBE_HELD:
                self.held_by = found.best.page.url
                break
            probes.probed.add(url)
            best = found.best
            page = await climb.run.fetch_one(url)
            probes.probed_as(url, page)
            parent = None if page is None else climb.judge(page, sp, level, found)
            held = held + 1 if best is not None and found.best is best else 0
            if best is not None and best.value and page is not None and lists_kind(page, sp):
                # Choice: while the best candidate lists one value's pages (a tag's), a page
                # listing pages of sp's kind that sp does not link to, sp left out, is one of
                # a family of lists that share the kind out (a blog's months): its next page
                # may hold sp, and neither it nor its family's others hold the probe.
                held = 0
                probes.lists_kind(url)
            if found.best is not None and found.best.page is page and ancestry(url, sp.url) >= 1:
                # Choice: the list of it a page above it by its URL holds, the best yet: the
                # list and the URL hierarchy agree, as on a confirmed index page (the pages
                # left are no ancestors of it, `nearest_first`).
                self.above = url
                break
            if parent is not None and confirms(parent, sp, climb.mode):
                # Choice: the full probe goes on only until a candidate confirms an index
                # page; the pages left after it cannot be a better one worth their downloads.
                found.confirmed = True
                probes.confirm(parent.page, parent.sdp)
                self.stopped_at = parent.page.url
                break
            if seed and found.best is not None and dominant(climb, sp, found.best, probes):
                self.dominant = found.best.page.url
                break

    def left_out(self, url: str, sp: str) -> str:
        """Why the full probe left out `url`, one of its pages ("" when it did not end it)."""
        if self.stopped_at:
            return f"the full probe stopped at the index page {self.stopped_at} it confirmed"
        if url in self.mated:
            return RELATED_NOTE
        if self.above:
            return (
                f"the full probe stopped at {self.above}, the best candidate, whose URL reads "
                f"as an ancestor of {sp}'s"
            )
        if self.dominant:
            return f"the full probe stopped at {self.dominant}, {_DOMINANT_NOTE}"
        if self.held_by:
            return (
                f"the full probe stopped: its last {FULL_PROBE_HELD} pages left {self.held_by} "
                "the best candidate"
            )
        return ""


_DOMINANT_NOTE = f"whose W_ci is {DOMINANT:g} times or more every other page's it probed"


def dominant(climb: Climb, sp: Snapshot, best: Parent, probes: Probes) -> bool:
    """Whether `best`, the best candidate index page of the seed `sp`, no page of a value, its
    list mostly of sp's URL template (`verdicts.lists_siblings`, widened), has a W_ci at least
    `DOMINANT` times that of every other page probed that links to `sp`
    (`weights.candidate_weight`, the pages pruned too), `_RIVALS` of them at least.

    Choice (beyond the paper): W_ci sums the strongsim of the pages listed with sp; the pages
    sp links to list a few of them (its neighbours, a related page, the site's menu), its
    index page all of its level. Once one candidate lists sp among many times more pages like
    it than any other probed, the pages left, linked from the same menus and texts, are
    not worth a download each to find a wider list (the climb above weighs those,
    `climb.wider`). A heavy list that mixes sp's siblings with links of other kinds (a
    timeline's window around one entry, each entry beside its author's and its branch's
    views) is a view of a wider list, which the pages left may hold: it ends nothing."""
    if best.value or not lists_siblings(best, sp, climb.mode, widen=True):
        return False
    rivals = [
        scored[1]
        for url in probes.probed
        if (page := climb.run.pages.get(url)) is not None
        and page is not best.page
        and (scored := candidate_weight(page, sp, climb.mode)) is not None
    ]
    return len(rivals) >= _RIVALS and best.weight >= DOMINANT * max(rivals)


def dominated(climb: Climb, sp: Snapshot, found: Found, probes: Probes, *, seed: bool) -> bool:
    """Whether the probe from `sp` is settled: from the `seed`, its best candidate is
    `dominant`, which settles every candidate left (`Probes.dominates`), or it was confirmed
    already (`found`).

    Choice: from the seed, a candidate weighing `DOMINANT` times every other page probed is
    its index page; the pages left are not probed."""
    if seed and found.best is not None and dominant(climb, sp, found.best, probes):
        probes.dominates(found.best.page)
        return True
    return found.confirmed


def nearest_first(urls: list[str], sp: str, common: frozenset[str] = frozenset()) -> list[str]:
    """`urls` with those whose URL reads as an ancestor of `sp` beyond the site root
    (`probes.ancestry`) first, the nearest first, then those of `common` (`shared`), the
    others after them in their order."""
    return sorted(urls, key=lambda u: (_nearness(u, sp), u not in common))


def _nearness(url: str, sp: str) -> int:
    """`nearest_first`'s order of `url` above `sp`: its ancestry, negated, 0 for no ancestor."""
    return -max(ancestry(url, sp), 0)


def shared(sp: Snapshot, probed: list[Snapshot]) -> frozenset[str]:
    """The pages `sp` links to that every probed page of `sp`'s own URL template linking back
    to it links to as well (`mates`; two of them at least): the links each page of its kind
    carries.

    Choice: a page every entry of a list links to is where they are listed (a reference's
    "see also the list of functions" below each function's page), or the site's menu (left
    out already as site navigation). The full probe takes them first, ahead of the pages
    its text links to in document order (a guide citing the page among others, which a
    list of a few of its kind confirms), and the seed's own template does not leave them
    out as its related pages (`mates`): the pages of its kind link to them alike. Those sp
    links to through site navigation only are not taken first (`FullProbe.run`). None for a
    seed of the site's root folder: the page its URL's path names above it is the site root,
    which every page links to and the climb probes once its mates are left out
    (`climb._url_ancestor`); a folder's own URL often names no page."""
    kind = mates(sp)
    if kind is None or urlsplit(sp.url).path.count("/") < 2:
        return frozenset()
    own = own_urls(sp)
    ours = {link.url for link in sp.links} - own
    peers = [
        page
        for page in probed
        if kind(page.url) and page.url not in own and any(k.url in own for k in page.links)
    ]
    if len(peers) < 2:
        return frozenset()
    for page in peers:
        ours &= {link.url for link in page.links}
    return frozenset(ours)


def unconfirmed(best: Parent | None) -> str:
    """The trace's note on the fallback of a ranked probe that confirmed no index page."""
    if best is None:
        return "the ranked candidates confirm no index page: probing every page it links to"
    return (
        f"the ranked candidates confirm no index page ({best.page.url}'s list is mostly of "
        "other URL templates, or of a value its entries share): probing every page it links to"
    )


def lists_kind(page: Snapshot, sp: Snapshot) -> bool:
    """Whether `page` lists, as one list (a link DOM path, tags only), two pages or more of
    `sp`'s kind (`mates`) that `sp` links to nowhere, `sp` not among them: a list of its
    siblings that does not hold it (a month's posts), not a menu every page carries."""
    kind = mates(sp)
    if kind is None:
        return False
    ours = {link.url for link in sp.links} | own_urls(sp)
    lists: dict[str, set[str]] = {}
    for link in page.links:
        if link.url not in ours and kind(link.url):
            lists.setdefault(link_path(link, "tags"), set()).add(link.url)
    return any(len(urls) >= 2 for urls in lists.values())


def kind_shared(peers: Sequence[Parent], chain: Sequence[Snapshot], navigation: bool) -> bool:
    """Whether the seed's index page (`chain`: the seed, that page), listed by nothing but the
    site navigation (`navigation`), has two or more pagination peers (`peers`) listing pages of
    the seed's kind without it (`lists_kind`): a family of lists that share the kind out (a
    blog's months, each listing its posts once), the navigation listing them the level above
    (`sidebar.navigation_index`)."""
    if not navigation or len(chain) != 2:
        return False
    return sum(lists_kind(peer.page, chain[0]) for peer in peers) >= 2


def related(
    kind: Callable[[str], bool] | None, url: str, probes: Probes, common: frozenset[str]
) -> bool:
    """Whether `url` is a related page of the seed (a "see also", a neighbour), no list of it:
    of its own URL template (`kind`: `mates`, while no candidate was found), `DRY_ENTRIES` of
    which were probed already, and no page its probed mates link to alike (`common`:
    `shared`)."""
    return (
        kind is not None
        and kind(url)
        and url not in common
        and sum(map(kind, probes.probed)) >= DRY_ENTRIES
    )


def seed_mates(sp: Snapshot, probes: Probes, pages: dict[str, Snapshot]) -> frozenset[str]:
    """The pages the seed `sp` links to from content that every probed page of its kind
    linking back to it links to as well (`shared`): no related pages (`related`)."""
    probed = [pages[u] for u in probes.probed if u in pages]
    return frozenset(u for u in shared(sp, probed) if probes.in_content(u))


def mates(sp: Snapshot) -> Callable[[str], bool] | None:
    """Whether a page `sp` links to is of `sp`'s own URL template (`seed_template`) and is no
    folder's page (``/usage/``, ``/usage/index.html``) nor an ancestor of sp by its URL:
    another page of its kind. None when sp's URL has no template."""
    template = seed_template(sp.url)
    if template is None:
        return None
    above = {*url_ancestors(sp.url), *own_urls(sp)}

    def mate(url: str) -> bool:
        name = urlsplit(url).path.rpartition("/")[2]
        folder = not name or is_index_document(name)
        return template.matches(url) and not folder and url not in above

    return mate
