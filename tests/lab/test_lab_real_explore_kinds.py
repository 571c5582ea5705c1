"""explore on real applications whose start list sits among lists of other kinds of entity: the
entities it lists are the truth's target type, every one of them and no other.

- real-drf: the API's root lists /api/countries/ beside /api/subdivisions/ and /api/currencies/,
  each a folder of the API (folders.py); the country list is ordered by alpha_2, alpha_3, name and
  numeric, the subdivisions by code, name and type, the currencies not at all: other kinds.
- real-handbook: the contents nest each chapter's page (apt.html, its first section's page too)
  above its sections' pages (sect.apt-get.html): the sample's level is named sect.*, the
  chapters' level by no such word (entities.py `_tree_of_kinds`).
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
    [pytest.param(a, marks=pytest.mark.real_app(a)) for a in ("real-drf", "real-handbook")],
)
async def test_explore_lists_the_target_kind_only(app: str) -> None:
    with running_lab([app], "small") as server:
        truth = server.truth(app)
        result = await run_one(methods()["explore"], truth, budget=None, timeout_s=600)
    assert result.row.error is None, result.row.error
    extra = result.row.extra
    assert extra["entity_recall"] == 1.0 and extra["entity_precision"] == 1.0, extra
