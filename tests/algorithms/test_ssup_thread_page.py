"""A mailing-list message ``/list/<id>/`` lists its thread's other messages beside its thread's
page ``/list/<id>/T/`` (its thread overview), which lies below the message's own folder and
lists the whole thread back through the same path.

- The thread page is no pagination peer of the message: a page below a page's folder
  continues its list only by a page number (``/sports/page/2``) (`verdicts.pagination_peer`).
- From the seed, no index page confirmed, a page below its folder that its list of siblings
  holds beside a candidate index page is probed, not settled as its contents
  (`probes.Probes`); pages below its folder listed apart from the candidates stay settled.
"""

from __future__ import annotations

from siteseer.algorithms.ssup.probes import Probes
from siteseer.algorithms.ssup.verdicts import pagination_peer
from siteseer.render import Snapshot, snapshot_from_html

_BASE = "http://h/list"
_THREAD = ("aa11", "bb22", "cc33", "dd44")


def _page(url: str, body: str) -> Snapshot:
    html = f'<html lang="en"><head><title>t</title></head><body>{body}</body></html>'
    return snapshot_from_html(url, url, 200, html)


def _message(mid: str) -> Snapshot:
    others = "".join(f'<a href="../{m}/">re {m}</a> ' for m in _THREAD if m != mid)
    body = (
        f'<div class="nav"><a href="/list/">inbox</a></div><p>text of {mid}</p>'
        f'<p><a href="attachments/">attachments</a></p>'
        f'<pre>Thread: <a href="T/#u">flat</a> <a href="raw">raw</a> {others}</pre>'
    )
    return _page(f"{_BASE}/{mid}/", body)


def _thread(mid: str) -> Snapshot:
    rows = "".join(f'<a href="../../{m}/">permalink</a> ' for m in _THREAD)
    return _page(f"{_BASE}/{mid}/T/", f"<pre>{rows}</pre>")


def test_a_thread_below_a_message_is_no_pagination_peer_of_it() -> None:
    seed, thread = _message("aa11"), _thread("aa11")
    assert not pagination_peer(thread, seed, "html[@lang]/body/pre/a", "attrs")
    # a page numbered below its folder continues its list
    first = _page("http://h/sports/", '<pre><a href="page/2/">2</a></pre>')
    second = _page("http://h/sports/page/2/", '<pre><a href="/sports/">1</a></pre>')
    assert pagination_peer(second, first, "html[@lang]/body/pre/a", "attrs")


def test_a_page_below_the_seeds_folder_beside_a_candidate_is_probed() -> None:
    seed = _message("aa11")
    urls = list(dict.fromkeys(link.url for link in seed.links))
    probes = Probes(seed, urls, "attrs")
    thread, attachments = f"{_BASE}/aa11/T/", f"{_BASE}/aa11/attachments/"
    assert thread not in probes.left() and attachments not in probes.left()
    probes.weighed(f"{_BASE}/bb22/", 1.5)  # a sibling lists the seed: a candidate
    assert thread in probes.left()
    assert attachments not in probes.left()  # listed apart from the candidates: contents
