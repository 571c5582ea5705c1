"""SSUP against the lab's truth on a source browser's tree of folders, as a cross-reference
generator draws it: the root lists the top folders, each folder lists its source files in one
table, and a folder holding only a sub-folder lists it in the same table as the files
(``/files/4.html`` listing ``/files/5.html``). The sub-folder, a page of the files' level,
shows itself a section by what it lists: it is set aside without the files' sample being loaded
to measure it against minsim_html."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

# Folder page number -> (folder path, the file pages it lists, the sub-folders it lists).
_FOLDERS: dict[int, tuple[str, tuple[int, ...], tuple[int, ...]]] = {
    1: ("common", tuple(range(1, 9)), ()),
    2: ("dec", tuple(range(9, 21)), ()),
    3: ("enc", tuple(range(21, 45)), ()),
    4: ("include", (), (5,)),
    5: ("include/api", tuple(range(45, 50)), ()),
    6: ("tools", (50,), ()),
}
_TOP = (1, 2, 3, 4, 6)


def _folder_of(number: int) -> int:
    return next(f for f, (_, files, _subs) in _FOLDERS.items() if number in files)


def _page(title: str, body: str, up: str) -> web.Response:
    menu = (
        f'<ul class="menu"><li><a href="{up}index.html">[index]</a></li>'
        f'<li><a href="{up}help.html">[help]</a></li></ul>'
    )
    html = f"<html><head><title>{title}</title></head><body>{menu}{body}{menu}</body></html>"
    return web.Response(text=html, content_type="text/html")


def _row(href: str, label: str) -> str:
    return f'<td class="flist"><a href="{href}">{label}</a></td>'


class _SourceTreeSite(Site):
    """`/index.html` lists the top folders; `/files/<n>.html` a folder's files and
    sub-folders in one table; `/S/<n>.html` a source file, its lines numbered."""

    id = "folder-sections"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            rows = "".join(_row(f"files/{f}.html", _FOLDERS[f][0] + "/") for f in _TOP)
            body = f'<h1>Sources</h1><h2>FILES</h2><table class="flist"><tr>{rows}</tr></table>'
            return _page("Sources", body, "")
        if path == "/help.html":
            return _page("Help", "<h1>Help</h1><p>How to read these pages.</p>", "")
        kind, _, name = path.strip("/").partition("/")
        number = int(name.removesuffix(".html")) if name.removesuffix(".html").isdigit() else 0
        if kind == "files" and number in _FOLDERS:
            folder, files, subs = _FOLDERS[number]
            rows = "".join(_row(f"{s}.html", _FOLDERS[s][0] + "/") for s in subs) + "".join(
                _row(f"../S/{n}.html", f"file{n}.c") for n in files
            )
            body = (
                f'<h2 class="header"><a href="../index.html">root</a>/{folder}/</h2>'
                f'<table class="flist"><tr>{rows}</tr></table>'
            )
            return _page(folder, body, "../")
        if kind == "S" and 1 <= number <= 50:
            folder = _folder_of(number)
            lines = "".join(
                f'<a id="L{i}"></a>{i} <em class="sharp">#include</em> '
                f'<strong class="reserved">int</strong> f{number}_{i}(void);\n'
                for i in range(1, 8 + number % 5)
            )
            body = (
                f'<h2 class="header"><a href="../index.html">root</a>/'
                f'<a href="../files/{folder}.html">{_FOLDERS[folder][0]}</a>/file{number}.c</h2>'
                f"<pre>{lines}</pre>"
            )
            return _page(f"file{number}.c", body, "../")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}/S/{n}.html" for n in range(1, 51))
        seed = f"{base_url}/S/12.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"file": pages},
            target_type="file",
            seed_entity=seed,
            seed_path=(f"{base_url}/index.html", f"{base_url}/files/2.html", seed),
            index_levels=(
                (f"{base_url}/index.html",),
                tuple(f"{base_url}/files/{f}.html" for f in _FOLDERS),
            ),
        )


async def test_a_sub_folder_among_the_files_is_set_aside_without_measuring_the_files() -> None:
    truth, result, downloaded = await serve_and_discover(_SourceTreeSite())
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 == 1.0, sorted(set(result.entities) ^ set(truth.target_entities))
    # The files are found from their folders' lists: none but the seed is loaded, the
    # sub-folder's lists joining the level without the files' sample measured against it.
    files = [u for u in downloaded if u in set(truth.target_entities)]
    assert files == [truth.seed_entity], downloaded
