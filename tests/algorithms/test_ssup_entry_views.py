"""An index level whose pages are an entry's own view of its list, as public-inbox builds a
mailing-list archive: the inbox page lists every message by the view of its thread
``/list/<id>/T/``, and every message of a thread has such a view, each listing the whole
thread (its messages ``/list/<id>/`` and their views). The level's sample is its seed's URL
with ``T/`` added: a view whose message a thread page loaded already listed is that thread
again, not loaded (`tree.entry_lists`)."""

from __future__ import annotations

from siteseer.algorithms.features.dom import link_path
from siteseer.algorithms.ssup.tree import entry_lists
from siteseer.render import Snapshot, snapshot_from_html

_BASE = "http://h/list"
# Each thread's messages, its root first.
THREADS: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{t:02d}{m:02d}ab.{t}{m}@lab" for m in range(4)) for t in range(6)
)
_THREAD_OF = {m: thread for thread in THREADS for m in thread}
_SDP = "html[@lang]/body/pre[@id]/a"


def _page(url: str, body: str) -> Snapshot:
    html = f'<html lang="en"><head><title>t</title></head><body>{body}</body></html>'
    return snapshot_from_html(url, url, 200, html)


def _thread(mid: str) -> Snapshot:
    rows = "".join(
        f'<pre id="m{m}"><a href="../../{m}/">permalink</a></pre>'
        f'<pre><a href="../../{m}/T/#u">flat</a></pre>'
        for m in _THREAD_OF[mid]
    )
    return _page(f"{_BASE}/{mid}/T/", rows)


class _Run:
    """The pages a level loads, served from `_thread`, counted."""

    def __init__(self) -> None:
        self.loaded: list[str] = []
        self.notes: list[str] = []

    async def fetch_one(self, url: str) -> Snapshot:
        self.loaded.append(url)
        return _thread(url.split("/")[-3])

    def note(self, step: str, decision: str, subject: str, **_: object) -> None:
        self.notes.append(f"{step} {decision} {subject}")


def _down(page: Snapshot) -> set[str]:
    return {k.url for k in page.links if link_path(k, "attrs") == _SDP}


async def test_a_thread_is_loaded_once_not_once_per_message() -> None:
    seed = THREADS[0][0]
    sample = _thread(seed)
    below = _page(f"{_BASE}/{seed}/", "<p>a message</p>")
    caught = [f"{_BASE}/{m}/T/" for thread in THREADS for m in thread]
    run, placed = _Run(), set[str]()
    seen = _down(sample)
    assert seen == {f"{_BASE}/{m}/" for m in THREADS[0]}
    fetched, judged = await entry_lists(run, (sample, below), caught, _down, seen, placed, 1)  # type: ignore[arg-type]
    # one view of every thread but the sample's, the seen thread's own views never loaded
    assert [_THREAD_OF[u.split("/")[-3]] for u in run.loaded] == list(THREADS[1:])
    assert set(fetched) == set(run.loaded)
    assert seen == {f"{_BASE}/{m}/" for m in _THREAD_OF}  # every message listed
    assert judged == set(caught) - {sample.url}
    assert placed == judged - set(run.loaded)


async def test_a_level_not_derived_from_its_entries_is_left_alone() -> None:
    # a category page /cat/a/ above entries /item/1/: no entry's URL with a suffix
    sample = _page("http://h/cat/a/", '<pre id="l"><a href="/item/1/">1</a></pre>')
    below = _page("http://h/item/1/", "<p>an item</p>")
    run = _Run()
    fetched, judged = await entry_lists(  # type: ignore[arg-type]
        run, (sample, below), ["http://h/cat/b/"], _down, set(), set(), 1
    )
    assert (fetched, judged, run.loaded) == ({}, set(), [])
