"""A leaf list built alike throughout: once a later group of the sample's list, of the sample's
own URL template, showed a page built exactly as the sample (simhtml 1) and of its kind, the
list's later groups of that template are kept without a download of their own.

Choice (beyond the paper): Algorithm 2 splits the sample's list into groups by strongsim, the
URL terms the links share with the sample, and probes each later group. Where the URLs name
each entity by one free segment (a file per module, ``/z_3f2a_core_py.html``), the terms
split one list into many groups that differ only in their names; every group then costs a
download though the first of them already showed the list's pages built as the sample. A
group of another template, or of another extension, is still probed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from posixpath import splitext
from urllib.parse import urlsplit

from siteseer.algorithms.features.urlshape import UrlTemplate, seed_template
from siteseer.algorithms.run import Run
from siteseer.algorithms.ssup.candidates import own_urls
from siteseer.algorithms.ssup.grouping import LinkGroup
from siteseer.algorithms.ssup.kinds import pages_only
from siteseer.render import Snapshot

__all__ = ["UniformList"]

# A page this alike to the sample (simhtml) is built exactly as it is (float noise aside).
_EXACT = 1.0 - 1e-9


def _extension(url: str) -> str:
    return splitext(urlsplit(url).path)[1].lower()


@dataclass
class UniformList:
    """The sample `seed`'s URL template at `level` of `run` and, once a group of it showed a
    page built exactly as the sample, that group's first URL (`shown`)."""

    seed: str
    run: Run
    level: int
    template: UrlTemplate | None = None
    shown: str = ""

    def __post_init__(self) -> None:
        self.template = seed_template(self.seed)

    def of_template(self, urls: Sequence[str]) -> bool:
        """Whether every URL of `urls` has the sample's URL template and file extension."""
        template, extension = self.template, _extension(self.seed)
        return (
            template is not None
            and bool(urls)
            and all(template.matches(u) and _extension(u) == extension for u in urls)
        )

    def showed(self, urls: Sequence[str], sim: float) -> None:
        """Note a kept group `urls` whose probed page had simhtml `sim` with the sample."""
        if not self.shown and sim >= _EXACT and self.of_template(urls):
            self.shown = urls[0]

    def covers(self, urls: Sequence[str]) -> bool:
        """Whether a later group `urls` is kept by the group that showed the list alike."""
        return bool(self.shown) and self.of_template(urls)

    def kept(
        self, group: LinkGroup, subject: str, index_pages: Sequence[Snapshot], kept: list[str]
    ) -> bool:
        """Whether the later `group` (`subject` in the trace) is kept unprobed, added to
        `kept`: its links but the index pages' own URLs are of the sample's template, and a
        group of it showed the list built as the sample (`covers`)."""
        own = {u for page in index_pages for u in own_urls(page)}
        urls = [u for u in group.urls if u not in own]
        if not self.covers(urls):
            return False
        kept.extend(pages_only(self.run, self.seed, [*urls, *group.joined]))
        self.run.note(
            "same-level",
            "keep",
            subject,
            level=self.level,
            urls=urls,
            note=f"the sample's URL template, as {self.shown}, built as the sample, showed",
        )
        return True
