"""A site's own CI check: its item pages stay discoverable (siteseer's pytest plugin).

Written for the lab's catalog-ids site, as a team writes one for its own site::

    siteseer lab serve --sites catalog-ids        # prints its root URL
    pytest examples/test_catalogue_pages.py --siteseer-base-url http://127.0.0.1:PORT

The plugin's fixtures: `siteseer_base_url` (the site), `siteseer_session` (an open Session with
the command line's settings and the browser pytest-playwright would launch).
"""

from __future__ import annotations

import pytest

import siteseer

pytestmark = pytest.mark.asyncio  # async tests (pytest-asyncio), whatever its mode

SAMPLE_ITEM = "/item/a-short-history-of-the-hidden-coast-1001"  # any item page will do
LINKED_ITEMS = 100  # items the catalogue links to, at least
ALL_ITEMS = 120  # with the items nothing links to, found from the URLs' numbering


async def test_items_are_discoverable_from_one_item(
    siteseer_session: siteseer.Session, siteseer_base_url: str
) -> None:
    found = await siteseer.ssup(
        siteseer_base_url + SAMPLE_ITEM, height="auto", session=siteseer_session
    )
    assert found.complete, found.reason
    assert len(found.entities) >= LINKED_ITEMS, f"only {len(found.entities)} item pages found"


async def test_every_item_is_linked_or_predictable(
    siteseer_session: siteseer.Session, siteseer_base_url: str
) -> None:
    found = await siteseer.ssup(
        siteseer_base_url + SAMPLE_ITEM, height="auto", session=siteseer_session
    )
    report = await siteseer.url_templates(found.entities, min_values=20, session=siteseer_session)
    assert len(report.templates) == 1, [t.key for t in report.templates]
    items = {*found.entities, *report.found}
    assert len(items) >= ALL_ITEMS, f"{len(items)} item pages in all"
