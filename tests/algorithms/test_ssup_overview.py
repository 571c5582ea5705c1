"""SSUP on a documentation site built as VitePress builds one: every page carries a sidebar
listing the guide's pages (an overview, a changelog, a security note) and then every rule by
category; a rule's page links its neighbours ("Previous", "Next"); the overview's content lists
every rule in a table per category. The rules are the entities, the overview their index page."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

CATEGORIES: dict[str, tuple[str, ...]] = {
    "Helpful warnings": ("export", "no-deprecated", "no-mutable-exports", "no-unused-modules"),
    "Module systems": ("no-amd", "no-commonjs", "no-nodejs-modules", "unambiguous"),
    "Static analysis": ("default", "named", "namespace", "no-cycle", "no-self-import"),
    "Style guide": ("first", "extensions", "group-exports", "order", "max-dependencies"),
}
GUIDE = ("/README.html", "/CHANGELOG.html", "/SECURITY.html", "/parser/README.html")
RULES = tuple(f"/docs/rules/{r}.html" for rules in CATEGORIES.values() for r in rules)


class _RulesSite(Site):
    """The guide's pages and the rules' pages, every one with the sidebar; the home page `/`,
    without it, links the overview."""

    id = "rules"
    kind = "entity-tree"

    @staticmethod
    def _sidebar() -> str:
        groups = [("Guide", GUIDE)] + [
            (name, tuple(f"/docs/rules/{r}.html" for r in rules))
            for name, rules in CATEGORIES.items()
        ]
        sections = "".join(
            f'<div class="group"><section class="item level-0"><h2>{name}</h2><div class="items">'
            + "".join(
                f'<div class="item level-1"><a class="link" href="{u}">{u}</a></div>' for u in urls
            )
            + "</div></section></div>"
            for name, urls in groups
        )
        return f'<aside class="sidebar"><nav class="nav" id="nav">{sections}</nav></aside>'

    def _html(self, title: str, body: str, *, sidebar: bool = True) -> web.Response:
        header = '<header class="nav"><a class="title" href="/">Rules</a></header>'
        aside = self._sidebar() if sidebar else ""
        html = (
            f'<html lang="en"><head><title>{title}</title></head><body><div id="app">{header}'
            f'{aside}<main class="content"><div class="doc">{body}</div></main>'
            "</div></body></html>"
        )
        return web.Response(text=html, content_type="text/html")

    @staticmethod
    def _overview() -> str:
        tables = "".join(
            f"<h2>{name}</h2><table><tr><th>Rule</th><th>Description</th></tr>"
            + "".join(
                f'<tr><td><a href="/docs/rules/{r}.html">{r}</a></td><td>Checks {r}.</td></tr>'
                for r in rules
            )
            + "</table>"
            for name, rules in CATEGORIES.items()
        )
        return f"<h1>Overview</h1><p>The rules.</p>{tables}"

    @staticmethod
    def _rule(path: str) -> str:
        i = RULES.index(path)
        pager = "".join(
            f'<a class="pager-link {side}" href="{RULES[j]}">{side}</a>'
            for side, j in (("prev", i - 1), ("next", i + 1))
            if 0 <= j < len(RULES)
        )
        return (
            f"<h1>{path}</h1><p>What the rule reports.</p><pre>import x</pre>"
            f'<footer class="doc-footer"><nav class="prev-next">{pager}</nav></footer>'
        )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            home = '<p>Read <a href="/README.html">the overview</a>.</p>'
            return self._html("Rules", home, sidebar=False)
        if path == "/README.html":
            return self._html("Overview", self._overview())
        if path in GUIDE:
            return self._html(path, f"<h1>{path}</h1><p>Notes.</p>")
        if path in RULES:
            return self._html(path, self._rule(path))
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        seed = base_url + "/docs/rules/no-cycle.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"rule": tuple(base_url + u for u in RULES)},
            target_type="rule",
            seed_entity=seed,
            seed_path=(base_url + "/README.html", seed),
            index_levels=((base_url + "/README.html",),),
        )


async def test_an_overview_in_the_navigation_listing_the_rules_is_their_index_page() -> None:
    # The seed's neighbours link it back through their pager, the sidebar lists it among the
    # rules and the guide's pages; the overview, the sidebar's shortest page, lists the rules
    # in tables of its own: it is their index page, not the sidebar (which took the guide's
    # pages in and the neighbour, taken as its index page, out: F1 0.87).
    truth, result, _ = await serve_and_discover(_RulesSite(), height=2)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 == 1.0, (scores, sorted(result.entities))
    assert truth.seed_path[0] in {u for level in result.index_pages for u in level}
