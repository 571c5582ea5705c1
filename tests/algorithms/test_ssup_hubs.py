"""SSUP on sites whose entity pages link up to their list through no list of their own.

A mail archive as MHonArc writes one: a message links its neighbours and the date and thread
indexes in one bar (``[Date Prev][Date Next][Thread Prev][Thread Next][Date Index][Thread
Index]``); the date index is paged ``maillist.html``, ``mail2.html`` … by a "Next Page" link,
flat names like the messages' own ``msg00042.html``.

A C library's reference as Doxygen writes one: a structure's page links the source file
declaring it (whose code names some of its structures beside other files) and the site's menu,
whose "Data Structures" page lists every structure in a table of striped rows."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

MESSAGES = 250  # messages, 100 to a page of each index
PAGE = 100
STRUCTS = 24  # structures, declared 4 to a header file
PER_FILE = 4


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


def _msg(k: int) -> str:
    return f"/msg{k:05d}.html"


def _index_page(stem: str, first: str, n: int) -> str:
    return f"/{first}.html" if n == 1 else f"/{stem}{n}.html"


class _Archive(Site):
    """`MESSAGES` messages; see the module docstring."""

    kind = "entity-tree"
    id = "mail-archive"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        last = -(-MESSAGES // PAGE)
        if path in ("/", "/index.html"):
            return _html(
                "uploads",
                '<ul><li><a href="maillist.html">Messages by date</a></li>'
                '<li><a href="threads.html">Messages by thread</a></li></ul>',
            )
        for stem, first, other, name in (
            ("mail", "maillist", "threads", "Thread Index"),
            ("thrd", "threads", "maillist", "Date Index"),
        ):
            for n in range(1, last + 1):
                if path != _index_page(stem, first, n):
                    continue
                prev = f'<a href="{_index_page(stem, first, n - 1)}">Prev Page</a>' if n > 1 else ""
                nxt = (
                    f'<a href="{_index_page(stem, first, n + 1)}">Next Page</a>'
                    if n < last
                    else "Next Page"
                )
                shown = range((n - 1) * PAGE, min(n * PAGE, MESSAGES))
                items = "".join(
                    f'<li><strong><a name="{k:05d}" href="{_msg(k)[1:]}">upload {k}</a></strong>'
                    "<ul><li><em>From</em>: ann</li></ul></li>"
                    for k in shown
                )
                return _html(
                    "uploads",
                    f'<h1>uploads</h1><ul><li><a href="{other}.html">{name}</a></li></ul>'
                    f"[{prev or 'Prev Page'}][{nxt}]<hr><ul>{items}</ul>",
                )
        for k in range(MESSAGES):
            if path != _msg(k):
                continue
            page = _index_page("mail", "maillist", 1 + k // PAGE)[1:]
            thread = _index_page("thrd", "threads", 1 + k // PAGE)[1:]
            near = [
                f'<a href="{_msg(m)[1:]}">{label}</a>' if 0 <= m < MESSAGES else label
                for label, m in (
                    ("Date Prev", k - 1),
                    ("Date Next", k + 1),
                    ("Thread Prev", k - 1),
                    ("Thread Next", k + 1),
                )
            ]
            near += [
                f'<a href="{page}#{k:05d}">Date Index</a>',
                f'<a href="{thread}#{k:05d}">Thread Index</a>',
            ]
            bar = "".join(f"[{x}]" for x in near)
            return _html(
                f"upload {k}",
                f"<hr>{bar}<h1>upload {k}</h1><hr><ul><li><em>From</em>: ann</li></ul>"
                f"<pre>the upload {k}</pre><hr>{bar}",
            )
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        last = -(-MESSAGES // PAGE)
        pages = tuple(base_url + _index_page("mail", "maillist", n) for n in range(1, last + 1))
        seed = base_url + _msg(0)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"message": tuple(base_url + _msg(k) for k in range(MESSAGES))},
            target_type="message",
            seed_entity=seed,
            seed_path=(pages[0], seed),
            index_levels=(pages,),
        )


_NAMES = [
    "bit_reader",
    "decoder",
    "encoder",
    "hasher",
    "histogram",
    "huffman",
    "dictionary",
    "command",
    "block",
    "context",
    "ring_buffer",
    "zopfli",
]


def _name(i: int) -> str:
    return _NAMES[i % len(_NAMES)] + ("_state" if i >= len(_NAMES) else "")


def _struct(i: int) -> str:
    # Doxygen's file names when names are not case-sensitive: ``struct_bit_reader.html``.
    return f"/struct_{_name(i)}.html"


def _file(f: int) -> str:
    return f"/part{f}_8h.html"


def _source(f: int) -> str:
    return f"/part{f}_8h_source.html"


_MENU = (
    '<div id="top"><div id="nav"><ul class="menu"><li><a href="index.html">Main Page</a></li>'
    '<li><a href="annotated.html">Data Structures</a><ul>'
    '<li><a href="annotated.html">Data Structures</a></li>'
    '<li><a href="classes.html">Data Structure Index</a></li></ul></li>'
    '<li><a href="files.html">Files</a><ul><li><a href="files.html">File List</a></li>'
    "</ul></li></ul></div></div>"
)


_EVEN = ' class="even"'  # Doxygen marks every other row


class _Reference(Site):
    """`STRUCTS` structures in header files of `PER_FILE`; see the module docstring."""

    kind = "entity-tree"
    id = "c-reference"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        files = -(-STRUCTS // PER_FILE)
        page = {
            "/": "<p>The library's reference.</p>",
            "/index.html": "<p>The library's reference.</p>",
            "/annotated.html": '<div class="contents"><table class="directory">'
            + "".join(
                f'<tr id="row_{i}_"{_EVEN if i % 2 else ""}><td class="entry">'
                f'<a class="el" href="{_struct(i)[1:]}">{_name(i)}</a></td></tr>'
                for i in range(STRUCTS)
            )
            + "</table></div>",
            "/classes.html": '<div class="contents"><div class="classindex">'
            + "".join(
                f'<dl><dt><a class="el" href="{_struct(i)[1:]}">{_name(i)}</a></dt></dl>'
                for i in range(STRUCTS)
            )
            + "</div></div>",
            "/files.html": '<div class="contents"><table class="directory">'
            + "".join(
                f'<tr id="row_{f}_"><td class="entry"><a class="el" href="{_file(f)[1:]}">'
                f"part{f}.h</a></td></tr>"
                for f in range(files)
            )
            + "</table></div>",
        }.get(path)
        if page is not None:
            return _html("reference", _MENU + page)
        for f in range(files):
            declared = range(f * PER_FILE, min((f + 1) * PER_FILE, STRUCTS))
            if path == _source(f):
                lines = [
                    f'<a class="code" href="{_file((f + d) % files)[1:]}">part.h</a>'
                    for d in (1, 2, 3)
                ]
                lines += [f'<a class="code" href="{_struct(i)[1:]}">s</a>' for i in declared]
                code = "".join(f'<div class="line">#include {x}</div>' for x in lines)
                return _html(
                    "source",
                    _MENU + f'<div class="contents"><div class="fragment">{code}</div></div>',
                )
            if path == _file(f):
                rows = "".join(
                    f'<tr><td><a class="el" href="{_struct(i)[1:]}">s</a></td></tr>'
                    for i in declared
                )
                return _html(
                    "file",
                    _MENU + f'<div class="contents"><a href="{_source(f)[1:]}">Go to the source '
                    f'code of this file.</a><table class="memberdecls">{rows}</table></div>',
                )
        for i in range(STRUCTS):
            if path != _struct(i):
                continue
            f = i // PER_FILE
            fields = "".join(
                f'<tr><td class="memItemLeft"><a class="el" href="{_struct(j)[1:]}">s</a></td>'
                f'<td class="memItemRight">field{j}</td></tr>'
                for j in ((i + 5) % STRUCTS, (i + 7) % STRUCTS)
            )
            return _html(
                "struct",
                _MENU + f'<div class="contents"><table class="memberdecls">{fields}</table>'
                f"<p>The documentation for this struct was generated from the following file:"
                f'</p><ul><li><a class="el" href="{_source(f)[1:]}">part{f}.h</a></li></ul>'
                "</div>",
            )
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        seed = base_url + _struct(0)
        index = base_url + "/annotated.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"struct": tuple(base_url + _struct(i) for i in range(STRUCTS))},
            target_type="struct",
            seed_entity=seed,
            seed_path=(index, seed),
            index_levels=((index,),),
        )


async def test_a_message_reaches_its_date_index_through_its_navigation_bar() -> None:
    # The bar holds the next message (a pagination peer of the message) beside the indexes:
    # they had been left out as the peer's list mates, and the climb found no index page (F1 0).
    # The date index's second page, mail2.html, is shorter than maillist.html but numbered:
    # a later page, not the first page to climb from.
    truth, result, downloaded = await serve_and_discover(_Archive())
    assert result.sample_path == truth.seed_path, result.trace
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    assert set(result.index_pages[0]) == set(truth.index_levels[0])
    assert len(downloaded) <= truth.lower_bound_downloads + 3, downloaded


async def test_a_structure_s_list_of_its_kind_is_a_hub_of_the_site_menu() -> None:
    # The structure links up to the source file declaring it, whose code names 4 structures
    # beside 3 other files: the narrow list the climb takes. The menu's "Data Structures"
    # lists every structure in a table whose rows are striped (``tr[@id]`` and
    # ``tr[@id][@class]``), one list.
    truth, result, downloaded = await serve_and_discover(_Reference())
    assert result.sample_path == truth.seed_path, result.trace
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    hubs = [e.subject for e in result.trace if e.decision == "hub"]
    assert hubs and hubs[-1].endswith("/annotated.html"), hubs
    assert len(downloaded) <= truth.lower_bound_downloads + 5, downloaded
