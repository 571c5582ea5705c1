"""A candidate index page whose list is paged by script (algorithms/scriptpager.py): its pages
are states of one URL, reached by clicking its pager's next control, so no link leads to them
and Algorithm 3 never sees them.

Choice (beyond the paper, whose pages all have URLs): a candidate that lists entity links of
the seed's group (links matching the URL template the seed's URL stands for,
`urlshape.seed_template`) and shows a pager that changes the list in place
(`scriptpager.in_place`) is paged through with the pager every method uses
(`scriptpager.page_through`: each click a `Run.act`, in the budget), until a page adds no new
link of the group, as pagination stops a family that yields nothing new. The group's links
each page adds join the candidate's own, after them, each once: Algorithm 1 then weighs its whole list,
and the levels below read it as one page listing every entry.
"""

from __future__ import annotations

from dataclasses import replace

from siteseer.algorithms.features.urlshape import seed_template
from siteseer.algorithms.run import Run
from siteseer.algorithms.scriptpager import in_place, page_through
from siteseer.algorithms.ssup.candidates import own_urls
from siteseer.render import Snapshot

__all__ = ["MAX_CLICKS", "paged_in_place"]

MAX_CLICKS = 200  # the most pages of one list shown by clicks


async def paged_in_place(run: Run, page: Snapshot, seed: Snapshot, *, level: int) -> Snapshot:
    """`page` with the links of every page its in-place pager shows (see the module); itself
    when it lists no link of the seed's group or has no such pager."""
    template = seed_template(seed.url)
    if template is None or not page.rendered or not page.ok:
        return page
    own = own_urls(page)

    def group(shown: Snapshot) -> list[str]:
        return [x.url for x in shown.links if x.url not in own and template.matches(x.url)]

    if not group(page) or not in_place(page):
        return page
    pages = await page_through(page, run.act, group, rounds=MAX_CLICKS)
    seen = {x.url for x in page.links}
    added = []
    entries = set(group(page))
    for shown in pages[1:]:
        members = set(group(shown))
        entries |= members
        for link in shown.links:
            if link.url in members and link.url not in seen:
                seen.add(link.url)
                added.append(link)
    run.note(
        "pagination",
        "in-place",
        page.url,
        level=level,
        values={"pages": float(len(pages)), "entities": float(len(entries))},
        note=f"its pager changes the list in place: {len(pages)} pages shown by clicking its "
        f"next control, {len(entries)} links of the seed's group, until a page added none",
    )
    if not added:
        return page
    whole = replace(page, links=(*page.links, *added))
    run.pages[page.url] = whole
    return whole
