"""The `spa` site: the `drivers` site rendered in the browser from a JSON endpoint.

Built on `lab.sites.drivers.DriversSite` (same tree, same URLs); see the class for the case
it exercises.
"""

from __future__ import annotations

import json
from typing import ClassVar

from siteseer.lab.sites.drivers import DriversSite
from siteseer.lab.sites.entitytree import (
    Reply,
    View,
)
from siteseer.lab.sites.theme import (
    Brand,
    page_data,
    spa_shell,
)

__all__ = ["SpaSite"]


class SpaSite(DriversSite):
    """The drivers site as a single-page application.

    Every HTML page, entity pages included, is the same shell: an empty `<div id="app">`, a
    `<noscript>` warning and a script that fetches `/api/page<path>` (JSON) and builds the header,
    lists, tables and footer in the browser. Over plain HTTP no page has a single link.
    """

    id = "spa"
    description = "The drivers site rendered client-side from a JSON endpoint."
    brand = Brand("Open Wheel Live", "Results, drivers and seasons — live", "#6b3fa0")
    API: ClassVar[str] = "/api/page"

    def reply(self, path: str, query: str) -> Reply:
        if path == self.API or path.startswith(self.API + "/"):
            view = self.view(path[len(self.API) :] or "/", query)
            if view is None:
                return Reply(404, json.dumps({"error": "not found"}), "application/json")
            return Reply(200, self.data_json(view), "application/json")
        return super().reply(path, query)

    def render(self, view: View) -> str:
        return spa_shell(self.brand.name, brand=self.brand, api=self.API)

    def data_json(self, view: View) -> str:
        data = page_data(
            view.title,
            view.blocks,
            brand=self.brand,
            nav=self.nav(),
            active=view.active,
            breadcrumbs=view.crumbs,
            sidebar=self.sidebar_boxes() if view.sidebar else (),
            footer=self.footer(),
            ads=self.ads() if view.sidebar else (),
        )
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    def tree_notes(self) -> str:
        return (
            "Client-rendered copy of `drivers` (same tree, same URLs): every HTML page — index, "
            'season and driver pages alike — is a shell with <div id="app"></div>, a '
            "<noscript> warning and a script that fetches /api/page<path>?<query> (JSON) and "
            "builds all content and links; over plain HTTP the pages hold no links. "
            + super().tree_notes()
        )
