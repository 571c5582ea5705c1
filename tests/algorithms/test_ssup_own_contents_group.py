"""A thread page lists each of its messages ``/list/<id>/`` beside that message's raw source
and thread view (``/list/<id>/raw``, ``/list/<id>/T/``), all in one list. The sample message's
own raw source and thread view share its URL's id and so weigh most in strongsim; they lie
below its folder, its contents: they are no best group of the level, which the messages are
(`grouping.group_links`)."""

from __future__ import annotations

from siteseer.algorithms.ssup.grouping import group_links
from siteseer.render import snapshot_from_html

_IDS = ("c0ffee11", "deadbe22", "f00dfa33", "ba5eba44", "cafe0055")


def test_the_samples_own_pages_are_no_best_group() -> None:
    rows = "".join(
        f'From someone (<a href="/list/{m}/">permalink</a> / <a href="/list/{m}/raw">raw</a>'
        f' / <a href="/list/{m}/T/">thread</a>)\n'
        for m in _IDS
    )
    url = f"http://h/list/{_IDS[0]}/T/"
    html = f'<html lang="en"><head><title>t</title></head><body><pre>{rows}</pre></body></html>'
    thread = snapshot_from_html(url, url, 200, html)
    sample = f"http://h/list/{_IDS[0]}/"
    groups = group_links(sample, [thread], "html[@lang]/body/pre/a", "attrs")
    own = {f"{sample}raw", f"{sample}T/"}
    assert own <= {u for g in groups for u in g.urls}  # judged, as the other groups are
    assert not own & set(groups[0].urls), groups
    assert set(groups[0].urls) <= {f"http://h/list/{m}/" for m in _IDS}, groups
