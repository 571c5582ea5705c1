"""explore on real applications whose lists are easily misread: the run scores precision and
recall 1.0 against the truth (its entities where the site offers no facets, its attribute pairs
where it does).

- real-drf: the API's root lists /api/countries/ beside /api/subdivisions/ and /api/currencies/,
  each a folder of the API (folders.py); the country list is ordered by alpha_2, alpha_3, name and
  numeric, the subdivisions by code, name and type, the currencies not at all: other kinds.
- real-handbook: the contents nest each chapter's page (apt.html, its first section's page too)
  above its sections' pages (sect.apt-get.html): the sample's level is named sect.*, the
  chapters' level by no such word (entities.py `_tree_of_kinds`).
- real-shaarli: each bookmark of the list links its tags (``role::program``) to ``/add-tag/<tag>``
  (the list filtered by one more tag): its tags (beside.py `item_fields`), read off the list,
  once the anchors pair with the links beside the list's ``href=""`` action buttons.
"""

from __future__ import annotations

import pytest

from siteseer.lab.bench import run_one
from siteseer.lab.registry import methods
from siteseer.lab.server import running_lab


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.parametrize(
    "app",
    [
        pytest.param(a, marks=pytest.mark.real_app(a))
        for a in ("real-drf", "real-handbook", "real-shaarli")
    ],
)
async def test_explore_scores_every_entity_and_pair_and_no_other(app: str) -> None:
    with running_lab([app], "small") as server:
        truth = server.truth(app)
        result = await run_one(methods()["explore"], truth, budget=None, timeout_s=600)
    assert result.row.error is None, result.row.error
    assert (result.row.precision, result.row.recall) == (1.0, 1.0), result.row.extra
