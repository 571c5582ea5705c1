"""`explore` from the home page of a mail archive, against the lab's truth: the archive's pages
link each message through its thread view (``<message>/T/#t``, ``#u`` for a reply), never the
message page ``<message>/`` itself, which only the thread views link; the archive's pages
list every message through those views."""

from __future__ import annotations

from aiohttp import web
from explore_runs import serve_and_explore_from_entry

from siteseer.lab import Site, SiteTruth, set_scores

THREADS = [(f"t{t}", [f"t{t}r{r}" for r in range(t % 3)]) for t in range(14)]  # root, replies
PER_PAGE = 10  # messages an archive page lists


def _page(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


class _Archive(Site):
    """`/` links the archive `/list/`, whose pages (`?p=2` on, a "next (older)" link each) list
    the threads, each root linking its thread view `<mid>/T/#t` and each reply its own
    `<mid>/T/#u`; a thread view `<root>/T/` links each of its messages' pages `<mid>/`."""

    id = "mail-archive"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            return _page('<pre>* <a href="/list/">/list/</a> the archive</pre>')
        messages = [(root, m) for root, replies in THREADS for m in [root, *replies]]
        if path == "/list/":
            n = int(request.query.get("p", "1")) - 1
            shown = messages[n * PER_PAGE : (n + 1) * PER_PAGE]
            items = "".join(
                f'<a href="{m}/T/#{"t" if m == root else "u"}">Subject of {m}</a>\n'
                for root, m in shown
            )
            more = len(messages) > (n + 1) * PER_PAGE
            pager = f'<a href="?p={n + 2}" rel=next>next (older)</a>' if more else ""
            help_links = '<a href="_/help/">help</a> <a href="_/mirror/">mirror</a>'
            return _page(f"<pre>{help_links}</pre><pre>{items}</pre><pre>{pager}</pre>")
        parts = path.strip("/").split("/")
        thread = {root: [root, *replies] for root, replies in THREADS}
        if len(parts) == 3 and parts[0] == "list" and parts[2] == "T":
            root = next((r for r, m in messages if m == parts[1]), None)
            if root is None:
                return web.Response(status=404, text="not found")
            links = "".join(f'<a href="../../{m}/">permalink</a>\n' for m in thread[root])
            return _page(f"<pre>{links}</pre>")
        if len(parts) == 2 and parts[0] == "list" and any(m == parts[1] for _, m in messages):
            up = '<a href="T/#u">thread</a> <a href="../">archive</a>'
            return _page(f"<pre>From: Sender of {parts[1]}\nSubject: {parts[1]}</pre>{up}")
        return _page("<h1>Help</h1>")

    def truth(self, base_url: str) -> SiteTruth:
        mids = [m for root, replies in THREADS for m in [root, *replies]]
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"message": tuple(f"{base_url}/list/{m}/" for m in mids)},
            target_type="message",
            seed_entity=f"{base_url}/list/t0/",
        )


async def test_a_list_linking_each_entity_through_its_view_lists_the_entities() -> None:
    truth, entry, result = await serve_and_explore_from_entry(_Archive())
    assert entry.found and entry.url == truth.base_url + "/list/"
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
