"""A look ahead from an index level to the next (`algorithms.ssup.tree`): whether the first
page of a family of the level's pages (``/library/*/html/00Index.html``) lists pages the next
level would prune as another kind than its sample, before the family's other pages load.
"""

from __future__ import annotations

from siteseer.algorithms.features.dom import label_schema
from siteseer.algorithms.features.urlshape import url_template
from siteseer.algorithms.ssup.grouping import LinkGroup
from siteseer.algorithms.ssup.kinds import other_kind
from siteseer.algorithms.ssup.levels import SameLevel
from siteseer.render import Snapshot

__all__ = ["family_stops"]


async def family_stops(
    same_level: SameLevel,
    samples: tuple[Snapshot, Snapshot],
    first: Snapshot,
    sdp: str,
    links: set[str],
    seen: set[str],
    leaf: bool,
) -> str | None:
    """Why the family whose first page `first` of an index level shows `links` through `sdp`
    (the next level's pages; `seen` those the pages before it showed) loads no page more: it
    shows none new, or its new ones fall apart from the group of the next level's sample
    (`samples`: the level's, the next level's) and the first of them is of another kind
    (`kinds.other_kind`, `leaf`: the next level is the leaves'); None when it goes on.

    Choice (beyond the paper, which downloads an index level whole): the next level prunes a
    group of another kind whatever number of index pages lists it, and the family's pages
    list alike (a package's help pages of functions beside the sample's package of data
    sets): one page of it judged as the next level judges it settles the family. The page
    judged is the one the next level probes first in its group (`SameLevel.ahead`), so that
    a family that goes on costs nothing more; one whose new links join the sample's group,
    or share the URL template of that group (which the next level keeps unloaded), is not
    judged."""
    new = links - seen
    if not new:
        return "shows no link to the next level that the pages before it did not"
    sample, below = samples
    run, mode = same_level.run, same_level.mode
    groups = same_level.grouper(below.url, [sample, first], sdp, mode)
    if not groups or new & set(groups[0].urls):
        return None
    group = next((g for g in groups[1:] if new & set(g.urls)), None)
    if group is None:
        return None
    url = next(u for u in group.urls if u in new)
    template = url_template((below.url, *groups[0].urls))
    if template is not None and template.matches(url):
        return None  # the next level keeps a link of its sample's URL template unloaded
    if await run.fetch_one(url) is None:
        return None
    same_level.ahead.add(url)  # the next level's probe of its group tries it first
    fields = label_schema(below, key_cells=True) if leaf else frozenset()
    alike = {below.url, *groups[0].urls}
    unlike = await other_kind(run, below, LinkGroup(group.score, (url,)), fields, alike, leaf)
    if unlike is None:
        return None
    return (
        f"lists pages apart from the next level's sample's, and {url} {unlike[2]}: records of "
        "another kind, which the next level prunes"
    )
