"""SSUP's probe from the seed ends at a candidate that weighs many times every other
(`fullprobe.dominant`): a reference's command pages, files of one folder named alike
(``/sql-commit.html``), are listed whole by ``/commands.html``, which names no folder of
theirs, so nothing ends the probe there. Each command page's bar links to its neighbours and
the list; the seed's text cites guides, each listing it beside other guides. Once the list and
two other pages linking back are probed, the list weighs many times either: the guides left
are not downloaded."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

NAMES = (
    "abort", "alter", "analyze", "begin", "call", "checkpoint", "close", "cluster", "comment",
    "commit", "copy", "create", "deallocate", "declare", "delete", "discard", "drop", "execute",
    "explain", "fetch", "grant", "import", "insert", "listen", "load", "lock", "merge", "move",
)  # fmt: skip
COMMANDS = tuple(f"sql-{name}" for name in NAMES)
GUIDES = ("intro", "queries", "tables", "types", "roles", "backup", "tuning", "replication")
SEED = 9


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _Reference(Site):
    """`/commands.html` lists every command; a command's bar links to its neighbours and up to
    the list; the seed's text cites every guide, each guide lists the seed and three guides."""

    id = "command-reference"
    kind = "entity-tree"

    def _command(self, n: int) -> web.Response:
        name = COMMANDS[n]
        prev, nxt = COMMANDS[n - 1], COMMANDS[(n + 1) % len(COMMANDS)]
        bar = (
            f'<table class="nav"><tr><td width="20%"><a href="/{prev}.html">Prev</a></td>'
            '<td align="center" width="60%"><a href="/commands.html">Up</a></td>'
            f'<td align="right" width="20%"><a href="/{nxt}.html">Next</a></td></tr></table>'
        )
        cited = GUIDES if n == SEED else ()
        text = "".join(f'<a href="/{g}.html">{g}</a> ' for g in cited)
        return _html(name, f'{bar}<div class="refentry"><h1>{name}</h1><p>See {text}</p></div>')

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.removeprefix("/").removesuffix(".html")
        if name == "commands":
            rows = "".join(f'<dt><a href="/{c}.html">{c}</a></dt>' for c in COMMANDS)
            bar = '<p class="nav"><a href="/reference.html">Up</a></p>'
            return _html("Commands", f'{bar}<div class="toc"><dl>{rows}</dl></div>')
        if name in COMMANDS:
            return self._command(COMMANDS.index(name))
        if name in GUIDES:
            k = GUIDES.index(name)
            cited = [COMMANDS[SEED], *(GUIDES[(k + j) % len(GUIDES)] for j in (1, 2, 3))]
            items = "".join(f'<li><a href="/{c}.html">{c}</a></li>' for c in cited)
            bar = '<p class="nav"><a href="/reference.html">Up</a></p>'
            return _html(name, f'{bar}<div class="sect"><p>About {name}.</p><ul>{items}</ul></div>')
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        commands = tuple(f"{base_url}/{c}.html" for c in COMMANDS)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"command": commands},
            target_type="command",
            seed_entity=commands[SEED],
            seed_path=(f"{base_url}/commands.html", commands[SEED]),
            index_levels=((f"{base_url}/commands.html",),),
        )


async def test_a_candidate_weighing_many_times_every_other_ends_the_probe() -> None:
    truth, result, downloaded = await serve_and_discover(_Reference(), height=1)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert result.sample_path == truth.seed_path
    pages = [u.removeprefix(truth.base_url) for u in downloaded]
    guides = [p for p in pages if p[1:-5] in GUIDES]
    assert not guides, pages
    stopped = [t for t in result.trace if t.decision == "skip" and "weighs many times" in t.note]
    assert stopped, result.trace


CHECKINS = tuple(f"c{n:02d}" for n in range(40))
WINDOW = 6  # the entries a check-in's context timeline shows on either side of it


def _row(n: int) -> str:
    """A timeline's entry: the check-in, beside its author's and its branch's timelines at its
    date (links of other kinds, one pair per entry)."""
    c = CHECKINS[n]
    return (
        f'<tr><td class="msg"><span class="ci"><a href="/info/{c}">{c}</a> by '
        f'<a href="/timeline?c=d{n}&amp;u=ann">ann</a> on '
        f'<a href="/timeline?c=d{n}&amp;r=trunk">trunk</a></span></td></tr>'
    )


class _Timeline(Site):
    """`/timeline` (in the menu every page carries) lists every check-in, each entry beside its
    author's and its branch's timelines; a check-in links to the timeline around its parent
    (`/timeline?c=<parent>`, a dozen entries), to its branch's at its date (itself alone) and
    to its file, which links back."""

    id = "checkin-timeline"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        menu = (
            '<div class="menu"><a href="/">Home</a> <a href="/timeline">Timeline</a> '
            '<a href="/files">Files</a></div>'
        )
        path, query = request.path, request.query
        if path == "/timeline":
            if "c" in query and query["c"] in CHECKINS:
                k = CHECKINS.index(query["c"])
                rows = range(max(k - WINDOW, 0), min(k + WINDOW + 1, len(CHECKINS)))
            elif "c" in query:  # a date: the entry of that date alone
                k = int(query["c"][1:])
                rows = range(k, k + 1)
            else:
                rows = range(len(CHECKINS))
            table = "".join(_row(n) for n in rows)
            return _html("Timeline", f'{menu}<table class="timeline">{table}</table>')
        if path.startswith("/info/") and path[6:] in CHECKINS:
            n = CHECKINS.index(path[6:])
            parent = CHECKINS[n - 1]
            body = (
                f'<table class="info"><tr><td><a href="/timeline?c={parent}">context</a></td>'
                f'<td><a href="/file/f{n}">changelog</a></td>'
                f'<td><a href="/timeline?c=d{n}&amp;r=trunk">trunk</a></td></tr></table>'
            )
            return _html(CHECKINS[n], f"{menu}<h1>{CHECKINS[n]}</h1>{body}")
        if path.startswith("/file/f"):
            n = int(path[7:])
            return _html(
                "file", f'{menu}<ul><li><a href="/info/{CHECKINS[n]}">check-in</a></li></ul>'
            )
        if path in ("/", "/files"):
            return _html("Home", f"{menu}<p>A repository.</p>")
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        checkins = tuple(f"{base_url}/info/{c}" for c in CHECKINS)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"checkin": checkins},
            target_type="checkin",
            seed_entity=checkins[SEED],
            seed_path=(f"{base_url}/timeline", checkins[SEED]),
            index_levels=((f"{base_url}/timeline",),),
        )


async def test_a_heavy_list_mixing_other_kinds_ends_no_probe() -> None:
    """The timeline around the seed's parent weighs many times its other pages, but its list
    mixes the check-ins with their authors' and branches' timelines: a view of a wider list,
    which the menu's timeline holds whole."""
    truth, result, _ = await serve_and_discover(_Timeline(), height=1)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert result.sample_path == truth.seed_path
