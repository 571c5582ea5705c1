"""render="auto": the decision from an HTTP snapshot and a rendered one of the same page."""

from __future__ import annotations

from dataclasses import replace

from siteseer.crawler import RenderDecision
from siteseer.crawler.autorender import decide, visible_text_length, without_scripts
from siteseer.render import snapshot_from_html

URL = "http://h.com/"


def snap(html: str, *, rendered: bool = False):  # type: ignore[no-untyped-def]
    snapshot = snapshot_from_html(URL, URL, 200, html)
    return replace(snapshot, rendered=rendered) if rendered else snapshot


def page(body: str, head: str = "") -> str:
    return f"<html><head><title>t</title>{head}</head><body>{body}</body></html>"


LINKS = "".join(f'<li><a href="/item/{i}">Item number {i}</a></li>' for i in range(30))
STATIC = page(f"<h1>Items</h1><p>{'Some text about items. ' * 20}</p><ul>{LINKS}</ul>")


def test_static_page_does_not_need_a_browser() -> None:
    decision = decide("h.com", snap(STATIC), snap(STATIC, rendered=True))
    assert not decision.needs_browser
    assert decision.http_links == decision.rendered_links == 30
    assert decision.reason == "raw HTML shows what the browser shows"


def test_script_built_links_need_a_browser() -> None:
    raw = page("<h1>Items</h1><ul id='list'></ul><script>build()</script>")
    built = page(f"<h1>Items</h1><ul id='list'>{LINKS}</ul><script>build()</script>")
    decision = decide("h.com", snap(raw), snap(built, rendered=True))
    assert decision.needs_browser
    assert (decision.http_links, decision.rendered_links, decision.new_links) == (0, 30, 30)
    assert "30 of the rendered page's 30 link URLs" in decision.reason


def test_a_few_script_links_on_a_small_page_need_a_browser() -> None:
    base = "".join(f'<li><a href="/item/{i}">Item {i}</a></li>' for i in range(9))
    extra = "".join(f'<li><a href="/extra/{i}">Extra {i}</a></li>' for i in range(4))
    raw = page(f"<ul>{base}</ul><ul id='extra'></ul>")
    built = page(f"<ul>{base}</ul><ul id='extra'>{extra}</ul>")
    decision = decide("h.com", snap(raw), snap(built, rendered=True))
    assert decision.needs_browser and decision.new_links == 4


def test_one_widget_link_on_a_big_page_does_not() -> None:
    widget = page(
        f"<ul>{LINKS}</ul><div><a href='/share'>Share</a><a href='/like'>Like</a>"
        "<a href='/tweet'>Tweet</a></div>"
    )
    decision = decide("h.com", snap(STATIC), snap(widget, rendered=True))
    assert decision.new_links == 3 and not decision.needs_browser


def test_empty_app_root_needs_a_browser_even_if_rendering_adds_little() -> None:
    raw = page('<div id="app"></div><script src="/app.js"></script>')
    decision = decide(
        "h.com", snap(raw), snap(page('<div id="app"><p>Hi</p></div>'), rendered=True)
    )
    assert decision.needs_browser and decision.empty_app_root
    assert "empty application root" in decision.reason


def test_filled_app_root_is_not_empty() -> None:
    raw = page(f'<div id="root"><h1>Server rendered</h1><ul>{LINKS}</ul></div>')
    decision = decide("h.com", snap(raw), snap(raw, rendered=True))
    assert not decision.empty_app_root and not decision.needs_browser


def test_noscript_plea_needs_a_browser() -> None:
    raw = page(f"<noscript>Please enable JavaScript to use this site.</noscript><ul>{LINKS}</ul>")
    decision = decide("h.com", snap(raw), snap(raw, rendered=True))
    assert decision.needs_browser and decision.noscript_warning


def test_noscript_without_a_plea_does_not_count() -> None:
    raw = page(f'<noscript><img src="/pixel.gif"></noscript><ul>{LINKS}</ul>')
    decision = decide("h.com", snap(raw), snap(raw, rendered=True))
    assert not decision.noscript_warning and not decision.needs_browser


def test_much_more_text_needs_a_browser() -> None:
    raw = page("<h1>Article</h1><div id='body'></div>")
    full = page(f"<h1>Article</h1><div id='body'>{'A long paragraph of text. ' * 40}</div>")
    decision = decide("h.com", snap(raw), snap(full, rendered=True))
    assert decision.needs_browser and decision.rendered_text > 900 > decision.http_text


def test_visible_text_ignores_scripts_and_styles() -> None:
    html = page("<p>Hello   world</p><script>var x = 'hidden';</script><style>p{}</style>")
    assert visible_text_length(snap(html)) == len("Hello world")


def test_decision_round_trips_through_json() -> None:
    decision = decide("h.com", snap(STATIC), snap(STATIC, rendered=True))
    assert RenderDecision.from_json(decision.to_json()) == decision


def test_data_scripts_alone_need_no_render_to_decide() -> None:
    # JSON-LD, JSON data and templates are never run: the raw HTML is what the browser shows.
    data = (
        '<script type="application/ld+json">{"@type": "Thing"}</script>'
        '<script type="application/json" id="state">{"items": []}</script>'
        '<script type="text/template"><a href="/x">x</a></script>'
    )
    decision = without_scripts("h.com", snap(page(f"<p>hi</p>{data}")))
    assert decision is not None and not decision.needs_browser
    assert "only data scripts" in decision.reason
    assert without_scripts("h.com", snap(page("<p>hi</p>")))  # no script at all
    for script in (
        "<script>document.title = 'x'</script>",
        '<script type="module">import "/a.js"</script>',
        '<script type="text/javascript; charset=utf-8" src="/a.js"></script>',
        '<script type="TEXT/JAVASCRIPT" src="/a.js"></script>',
    ):
        assert without_scripts("h.com", snap(page(f"<p>hi</p>{data}{script}"))) is None, script
