"""Ground truth of a lab site: what a perfect method would report.

URLs are absolute under the base URL the site is served at. A truth is plain data
(`to_dict`/JSON); `siteseer lab truth SITE` prints it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any
from urllib.parse import urlsplit

__all__ = ["FacetQuery", "SiteTruth", "start_url"]


@dataclass(frozen=True)
class FacetQuery:
    """One conjunctive query an exploratory site supports, with the entities it returns."""

    conditions: tuple[tuple[str, str], ...]  # ((attribute, value), …) sorted
    entities: tuple[str, ...]


@dataclass(frozen=True)
class SiteTruth:
    """Everything known about a lab site.

    - `entities`: entity type → its entity page URLs (all of them, hidden ones included);
      `target_type` the type methods are asked to find from `seed_entity`.
    - `index_levels`: the target type's entity tree, root level first; each level lists its index
      pages including pagination pages. `seed_path`: root index page → … → `seed_entity`.
      `seeds`: named alternative seed entities that exercise a particular case (e.g. people's
      "no-backlink": an entity page that links to no index page).
    - `attributes` (exploratory sites): entity URL → {attribute: [values]} (the full map, hidden
      attributes included); `queries`: the single-condition facet queries and their entities;
      `facet_values`: attribute → values offered.
    - `state_rows` (exploratory sites whose facet queries are states of one page reached by
      actions, no page of their own: a dashboard's filter over a paged table, a tag's popup):
      how many entities one state shows at once; explore's lower bound then counts, per
      query, one action for its value and one per further chunk (lab/runners/exploration.py).
      0: the queries are pages, and the index levels count them.
    - `unlabelled`: the attributes of `facet_values` that the site labels nowhere (no heading,
      no facet label, no "Label:" names them: a value shown only as an entity's parent in its
      breadcrumb or title). A method can only name such an attribute by a name of its own, so
      the scorer aligns it by values (lab/score.py `pair_scores`); every other attribute is
      matched by its name.
    - `hidden`: entity URLs that no page links to; `id_ranges`: template → (lowest, highest) valid
      id; `templates`: URL → template id, for every page the site serves from its link graph
      (plus the hidden ones).
    - `published` (sites with sitemaps or feeds, lab/sites/published.py): ``listed`` the target
      entities the sitemap lists, ``missing`` those it misses, ``stale`` its entries that 404 or
      redirect, ``off_site`` its entries on other hosts, ``feed`` the entities a feed lists.
    """

    site: str
    base_url: str
    kind: str  # "entity-tree" | "shop" | "catalog" | "trap" | "templates"
    entities: dict[str, tuple[str, ...]] = field(default_factory=dict)
    target_type: str = ""
    seed_entity: str = ""
    index_levels: tuple[tuple[str, ...], ...] = ()
    seed_path: tuple[str, ...] = ()
    seeds: dict[str, str] = field(default_factory=dict)
    attributes: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)
    queries: tuple[FacetQuery, ...] = ()
    facet_values: dict[str, tuple[str, ...]] = field(default_factory=dict)
    hidden: tuple[str, ...] = ()
    id_ranges: dict[str, tuple[int, int]] = field(default_factory=dict)
    templates: dict[str, str] = field(default_factory=dict)
    notes: str = ""
    published: dict[str, tuple[str, ...]] = field(default_factory=dict)
    state_rows: int = 0
    unlabelled: tuple[str, ...] = ()

    @property
    def target_entities(self) -> tuple[str, ...]:
        return self.entities.get(self.target_type, ())

    @property
    def lower_bound_downloads(self) -> int:
        """Index pages of every level (pagination included) plus the seed path's pages."""
        pages = {u for level in self.index_levels for u in level} | set(self.seed_path)
        return len(pages)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def start_url(truth: SiteTruth) -> str:
    """The shop's widest list page: its list (or search) page without query parameters."""
    lists = sorted(
        (len(url), url)
        for url, template in truth.templates.items()
        if template in ("list", "search") and not urlsplit(url).query
    )
    if not lists:
        raise ValueError(f"{truth.site}: the truth names no list page to start from")
    return lists[0][1]
