"""The chrome every lab site wears: header menu, breadcrumbs, sidebar, footer, ads, CSS.

Pages are built as strings (no template engine) so that a page of a medium site renders in well
under a millisecond. Everything textual goes through `esc`; hrefs are root-relative and escaped
too. The same inputs always give the same bytes.

Two levels of API:

- `page(title, body_html, *, brand, nav, breadcrumbs, sidebar, footer, ads, scripts, css)`
  wraps a body in a complete HTML5 document with the site chrome.
- Content blocks (`LinkList`, `CardGrid`, `Table`, `Facts`, `Text`, `Pager`, `InlineMenu`) are
  frozen values rendered with `.html()`; their `.data()` is the same content as JSON-compatible
  data, which `SPA_RENDERER_JS` turns into the same markup in the browser (client-rendered sites).

Layout classes give rendered link positions that differ by kind of list: `ul.list` is a vertical
list, `div.grid` a card grid, `ul.menu` / `nav.pager` horizontal rows, `table.data` a table.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

__all__ = [
    "BASE_CSS",
    "SPA_RENDERER_JS",
    "Anchor",
    "Block",
    "Brand",
    "CardGrid",
    "Facts",
    "FooterBlock",
    "InlineMenu",
    "LinkList",
    "LinkRow",
    "Pager",
    "Table",
    "Text",
    "box",
    "esc",
    "not_found_page",
    "page",
    "page_data",
    "render_blocks",
    "spa_shell",
]


def esc(text: str) -> str:
    """HTML-escape text or an attribute value (quotes included)."""
    return escape(text, quote=True)


@dataclass(frozen=True, slots=True)
class Anchor:
    """A link: root-relative `href` and visible `text` (plain text, escaped on output)."""

    href: str
    text: str
    title: str = ""

    def html(self, cls: str = "") -> str:
        attrs = f' class="{cls}"' if cls else ""
        if self.title:
            attrs += f' title="{esc(self.title)}"'
        return f'<a href="{esc(self.href)}"{attrs}>{esc(self.text)}</a>'

    def data(self) -> list[str]:
        return [self.href, self.text]


@dataclass(frozen=True, slots=True)
class FooterBlock:
    """One column of the footer: a heading over a vertical list of links."""

    title: str
    links: tuple[Anchor, ...]


@dataclass(frozen=True, slots=True)
class Brand:
    """The site's identity in the header: name, tagline, accent colour (any CSS colour)."""

    name: str
    tagline: str = ""
    accent: str = "#1f5f8b"
    home: str = "/"


DEFAULT_BRAND = Brand("Lab site")

# ---------------------------------------------------------------------------------------------
# Content blocks


@dataclass(frozen=True, slots=True)
class LinkList:
    """A vertical list of links (`ul.list > li > a`), each with an optional note after it."""

    items: tuple[Anchor, ...]
    title: str = ""
    notes: tuple[str, ...] = ()  # same length as items, or empty
    ordered: bool = False
    cls: str = "list"

    def html(self) -> str:
        tag = "ol" if self.ordered else "ul"
        parts = [_heading(self.title), f'<{tag} class="{esc(self.cls)}">']
        notes = self.notes
        for i, item in enumerate(self.items):
            note = f' <span class="note">{esc(notes[i])}</span>' if notes and notes[i] else ""
            parts.append(f"<li>{item.html()}{note}</li>")
        parts.append(f"</{tag}>")
        return "".join(parts)

    def data(self) -> dict[str, Any]:
        return {
            "kind": "list",
            "title": self.title,
            "items": [a.data() for a in self.items],
            "notes": list(self.notes),
            "ordered": self.ordered,
            "cls": self.cls,
        }


@dataclass(frozen=True, slots=True)
class CardGrid:
    """A grid of cards (`div.grid > div.card > h3 > a` plus a caption)."""

    items: tuple[Anchor, ...]
    captions: tuple[str, ...] = ()
    title: str = ""

    def html(self) -> str:
        parts = [_heading(self.title), '<div class="grid">']
        caps = self.captions
        for i, item in enumerate(self.items):
            cap = f'<p class="caption">{esc(caps[i])}</p>' if caps and caps[i] else ""
            initials = esc("".join(w[:1] for w in item.text.split()[:2]).upper())
            parts.append(
                f'<div class="card"><div class="thumb">{initials}</div>'
                f"<h3>{item.html()}</h3>{cap}</div>"
            )
        parts.append("</div>")
        return "".join(parts)

    def data(self) -> dict[str, Any]:
        return {
            "kind": "grid",
            "title": self.title,
            "items": [a.data() for a in self.items],
            "captions": list(self.captions),
        }


Cell = str | Anchor


@dataclass(frozen=True, slots=True)
class Table:
    """A data table (`table.data > tbody > tr > td`); a cell is text or an Anchor."""

    headers: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    title: str = ""

    def html(self) -> str:
        parts = [_heading(self.title), '<table class="data"><thead><tr>']
        parts.extend(f"<th>{esc(h)}</th>" for h in self.headers)
        parts.append("</tr></thead><tbody>")
        for row in self.rows:
            parts.append("<tr>")
            for cell in row:
                inner = cell.html() if isinstance(cell, Anchor) else esc(cell)
                parts.append(f"<td>{inner}</td>")
            parts.append("</tr>")
        parts.append("</tbody></table>")
        return "".join(parts)

    def data(self) -> dict[str, Any]:
        return {
            "kind": "table",
            "title": self.title,
            "headers": list(self.headers),
            "rows": [[c.data() if isinstance(c, Anchor) else c for c in r] for r in self.rows],
        }


@dataclass(frozen=True, slots=True)
class Facts:
    """Attribute/value pairs (`dl.facts`); a value is text or an Anchor."""

    pairs: tuple[tuple[str, Cell], ...]
    title: str = ""

    def html(self) -> str:
        parts = [_heading(self.title), '<dl class="facts">']
        for key, value in self.pairs:
            inner = value.html() if isinstance(value, Anchor) else esc(value)
            parts.append(f"<dt>{esc(key)}</dt><dd>{inner}</dd>")
        parts.append("</dl>")
        return "".join(parts)

    def data(self) -> dict[str, Any]:
        return {
            "kind": "facts",
            "title": self.title,
            "pairs": [[k, v.data() if isinstance(v, Anchor) else v] for k, v in self.pairs],
        }


@dataclass(frozen=True, slots=True)
class Text:
    """Paragraphs of prose."""

    paragraphs: tuple[str, ...]
    title: str = ""

    def html(self) -> str:
        return _heading(self.title) + "".join(f"<p>{esc(p)}</p>" for p in self.paragraphs)

    def data(self) -> dict[str, Any]:
        return {"kind": "text", "title": self.title, "paragraphs": list(self.paragraphs)}


@dataclass(frozen=True, slots=True)
class InlineMenu:
    """A horizontal row of links (`ul.menu > li > a`), e.g. an A–Z bar or tag cloud."""

    items: tuple[Anchor, ...]
    title: str = ""

    def html(self) -> str:
        inner = "".join(f"<li>{a.html()}</li>" for a in self.items)
        return f'{_heading(self.title)}<ul class="menu">{inner}</ul>'

    def data(self) -> dict[str, Any]:
        return {"kind": "menu", "title": self.title, "items": [a.data() for a in self.items]}


@dataclass(frozen=True, slots=True)
class LinkRow:
    """Loose links in a plain `div.links`, separated by dots (`div > a`)."""

    items: tuple[Anchor, ...]

    def html(self) -> str:
        return '<div class="links">' + " · ".join(a.html() for a in self.items) + "</div>"

    def data(self) -> dict[str, Any]:
        return {"kind": "row", "items": [a.data() for a in self.items]}


@dataclass(frozen=True, slots=True)
class Pager:
    """Pagination: numbered links (`nav.pager > a`), the current page as a `span`.

    `pages` holds (number, href) for every page; `current` is the 1-based page shown.
    """

    pages: tuple[tuple[int, str], ...]
    current: int
    window: int = 3

    def _visible(self) -> list[tuple[str, str, bool]]:
        out: list[tuple[str, str, bool]] = []
        n = len(self.pages)
        if n <= 1:
            return out
        if self.current > 1:
            out.append(("« Previous", self.pages[self.current - 2][1], False))
        for number, href in self.pages:
            near = abs(number - self.current) <= self.window
            if number in (1, n) or near:
                out.append((str(number), href, number == self.current))
            elif abs(number - self.current) == self.window + 1:
                out.append(("…", "", False))
        if self.current < n:
            out.append(("Next »", self.pages[self.current][1], False))
        return out

    def html(self) -> str:
        items = self._visible()
        if not items:
            return ""
        parts = ['<nav class="pager" aria-label="Pages">']
        for label, href, current in items:
            if current:
                parts.append(f'<span class="current">{esc(label)}</span>')
            elif not href:
                parts.append(f'<span class="gap">{esc(label)}</span>')
            else:
                parts.append(f'<a href="{esc(href)}">{esc(label)}</a>')
        parts.append("</nav>")
        return "".join(parts)

    def data(self) -> dict[str, Any]:
        return {"kind": "pager", "items": [list(v) for v in self._visible()]}


Block = LinkList | CardGrid | Table | Facts | Text | InlineMenu | LinkRow | Pager


def render_blocks(blocks: Iterable[Block]) -> str:
    """The blocks' HTML, concatenated."""
    return "".join(b.html() for b in blocks)


def _heading(title: str) -> str:
    return f"<h2>{esc(title)}</h2>" if title else ""


def box(title: str, inner_html: str, *, cls: str = "box") -> str:
    """A titled sidebar box (`section.box`)."""
    return f'<section class="{esc(cls)}"><h2>{esc(title)}</h2>{inner_html}</section>'


# ---------------------------------------------------------------------------------------------
# The document


BASE_CSS = """
*{box-sizing:border-box}
html{font-size:16px}
body{margin:0;font-family:"DejaVu Sans",Arial,Helvetica,sans-serif;color:#222;background:#f4f5f7;line-height:1.45}
a{color:var(--accent);text-decoration:none}
a:hover{text-decoration:underline}
.wrap{max-width:1180px;margin:0 auto;padding:0 16px}
header.site{background:var(--accent);color:#fff}
header.site .top{display:flex;align-items:baseline;gap:16px;padding:14px 16px 6px;max-width:1180px;margin:0 auto}
header.site .logo{font-size:26px;font-weight:700;color:#fff;letter-spacing:.5px}
header.site .tagline{font-size:13px;opacity:.85}
header.site form{margin-left:auto}
header.site input{padding:4px 8px;border:0;border-radius:3px;width:200px}
nav.main{background:rgba(0,0,0,.18)}
nav.main ul{display:flex;flex-wrap:wrap;list-style:none;margin:0 auto;padding:0 8px;max-width:1180px}
nav.main li a{display:block;padding:10px 14px;color:#fff;font-weight:600;font-size:15px}
nav.main li.active a{background:rgba(255,255,255,.2)}
nav.crumbs{font-size:13px;color:#555;padding:10px 0}
nav.crumbs ol{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap}
nav.crumbs li+li:before{content:"›";padding:0 6px;color:#999}
.layout{display:grid;grid-template-columns:minmax(0,1fr) 280px;gap:24px;align-items:start;padding-bottom:24px}
.layout.wide{grid-template-columns:minmax(0,1fr)}
main{background:#fff;border:1px solid #dde1e6;border-radius:4px;padding:18px 24px;min-height:300px}
main h1{margin:0 0 12px;font-size:28px;color:#1b1b1b}
main h2{font-size:19px;margin:20px 0 8px;border-bottom:1px solid #eee;padding-bottom:4px}
ul.list{list-style:none;margin:0;padding:0}
ul.list li{padding:5px 0;border-bottom:1px dotted #ddd;font-size:15px}
ul.list .note{color:#777;font-size:13px;margin-left:6px}
ol.list{margin:0;padding-left:22px}
ol.list li{padding:4px 0}
ul.menu{list-style:none;margin:6px 0;padding:0;display:flex;flex-wrap:wrap;gap:6px}
ul.menu li a{display:inline-block;padding:3px 9px;border:1px solid #ccd;border-radius:12px;font-size:13px;background:#f7f8fb}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(170px,1fr));gap:14px;margin:8px 0}
.card{border:1px solid #e1e4e8;border-radius:6px;padding:10px;background:#fafbfc;text-align:center}
.card .thumb{height:72px;border-radius:4px;background:var(--accent);opacity:.75;color:#fff;font-size:28px;line-height:72px;font-weight:700}
.card h3{font-size:15px;margin:8px 0 4px}
.card .caption{font-size:12px;color:#666;margin:0}
table.data{border-collapse:collapse;width:100%;font-size:14px;margin:6px 0}
table.data th{background:#eef1f5;text-align:left;padding:6px 8px;border-bottom:2px solid #cfd6de}
table.data td{padding:5px 8px;border-bottom:1px solid #e6e9ed}
table.data tbody tr:nth-child(even){background:#fafbfc}
dl.facts{display:grid;grid-template-columns:170px 1fr;gap:4px 12px;margin:8px 0}
dl.facts dt{font-weight:600;color:#555}
dl.facts dd{margin:0}
nav.pager{display:flex;gap:6px;margin:16px 0 4px;flex-wrap:wrap}
nav.pager a,nav.pager span{padding:4px 10px;border:1px solid #ccd;border-radius:3px;font-size:14px}
nav.pager span.current{background:var(--accent);color:#fff;border-color:var(--accent)}
nav.pager span.gap{border:0}
aside.side section.box{background:#fff;border:1px solid #dde1e6;border-radius:4px;padding:12px 14px;margin-bottom:16px}
aside.side h2{font-size:15px;margin:0 0 8px;text-transform:uppercase;letter-spacing:.5px;color:#555}
aside.side ul{list-style:none;margin:0;padding:0}
aside.side li{padding:3px 0;font-size:14px}
aside.ad{border:1px dashed #c9a227;background:#fffbea;border-radius:4px;padding:10px 14px;margin-bottom:16px;font-size:13px}
aside.ad .label{font-size:11px;color:#9a7d0a;text-transform:uppercase;letter-spacing:1px}
aside.ad div a{display:block;padding:3px 0}
footer.site{background:#2b2f36;color:#c8ccd2;padding:20px 0 10px;font-size:13px}
footer.site .cols{display:grid;grid-template-columns:repeat(auto-fit,minmax(180px,1fr));gap:18px}
footer.site h2{font-size:13px;color:#fff;text-transform:uppercase;margin:0 0 6px}
footer.site ul{list-style:none;margin:0;padding:0}
footer.site li{padding:2px 0}
footer.site a{color:#aeb6c2}
footer.site .legal{border-top:1px solid #444;margin-top:14px;padding-top:8px;color:#8d949e}
div.links{margin:14px 0;font-size:13px;color:#777}
.notice{background:#fff4f4;border:1px solid #e0b4b4;padding:14px;border-radius:4px}
@media (max-width:800px){.layout{grid-template-columns:1fr}}
"""


def page(
    title: str,
    body_html: str,
    *,
    brand: Brand = DEFAULT_BRAND,
    nav: Sequence[Anchor] = (),
    active: str = "",
    breadcrumbs: Sequence[Anchor] = (),
    sidebar: str = "",
    footer: Sequence[FooterBlock] = (),
    ads: Sequence[Anchor] = (),
    scripts: Sequence[str] = (),
    css: str = "",
    head: str = "",
    lang: str = "en",
    search: bool = True,
) -> str:
    """A complete HTML5 document: header with menu, breadcrumbs, main, sidebar, ads, footer.

    `body_html` is trusted markup (build it with the blocks or `esc`); every other text argument is
    escaped here. `active` is the href of the menu entry to highlight; `sidebar` is trusted markup
    (see `box`); `ads` become a "Sponsored" box above the sidebar; `scripts` are inline script
    sources appended at the end of the body; `css` is appended to the base style sheet; `head` is
    trusted markup added to the head.
    """
    parts = [
        f'<!DOCTYPE html>\n<html lang="{esc(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)} · {esc(brand.name)}</title>"
        f"<style>:root{{--accent:{esc(brand.accent)}}}{BASE_CSS}{css}</style>{head}</head><body>",
        '<header class="site"><div class="top">',
        f'<a class="logo" href="{esc(brand.home)}">{esc(brand.name)}</a>',
    ]
    if brand.tagline:
        parts.append(f'<span class="tagline">{esc(brand.tagline)}</span>')
    if search:
        parts.append(
            '<form role="search" onsubmit="return false"><input type="search" name="q" '
            'placeholder="Search…" aria-label="Search"></form>'
        )
    parts.append("</div>")
    if nav:
        parts.append('<nav class="main"><ul>')
        for item in nav:
            cls = ' class="active"' if item.href == active else ""
            parts.append(f"<li{cls}>{item.html()}</li>")
        parts.append("</ul></nav>")
    parts.append('</header><div class="wrap">')
    if breadcrumbs:
        parts.append('<nav class="crumbs" aria-label="Breadcrumb"><ol>')
        parts.extend(f"<li>{c.html()}</li>" for c in breadcrumbs)
        parts.append(f"<li>{esc(title)}</li></ol></nav>")
    else:
        parts.append('<nav class="crumbs"></nav>')
    wide = not sidebar and not ads
    parts.append(f'<div class="layout{" wide" if wide else ""}"><main id="content">')
    parts.append(f"<h1>{esc(title)}</h1>{body_html}</main>")
    if not wide:
        parts.append('<aside class="side">')
        if ads:
            parts.append('<aside class="ad"><span class="label">Sponsored</span><div>')
            parts.extend(a.html() for a in ads)
            parts.append("</div></aside>")
        parts.append(f"{sidebar}</aside>")
    parts.append("</div></div>")
    parts.append(_footer(brand, footer))
    parts.extend(f"<script>{s}</script>" for s in scripts)
    parts.append("</body></html>")
    return "".join(parts)


def _footer(brand: Brand, blocks: Sequence[FooterBlock]) -> str:
    parts = ['<footer class="site"><div class="wrap"><div class="cols">']
    for block in blocks:
        parts.append(f"<section><h2>{esc(block.title)}</h2><ul>")
        parts.extend(f"<li>{a.html()}</li>" for a in block.links)
        parts.append("</ul></section>")
    parts.append(
        f'</div><p class="legal">© {esc(brand.name)}. All rights reserved.</p></div></footer>'
    )
    return "".join(parts)


def not_found_page(path: str, *, brand: Brand = DEFAULT_BRAND, nav: Sequence[Anchor] = ()) -> str:
    """The 404 page: the site chrome around a "page not found" notice."""
    body = (
        f'<div class="notice"><p>The page <code>{esc(path)}</code> does not exist or has been '
        f'moved.</p><p><a href="{esc(brand.home)}">Back to the home page</a></p></div>'
    )
    return page("Page not found", body, brand=brand, nav=nav, search=False)


# ---------------------------------------------------------------------------------------------
# Client-side rendering of the same blocks


SPA_RENDERER_JS = r"""
(function(){
function el(tag, attrs, kids){var e=document.createElement(tag);
 if(attrs){for(var k in attrs){if(attrs[k]!==undefined&&attrs[k]!=='')e.setAttribute(k,attrs[k]);}}
 (kids||[]).forEach(function(c){e.appendChild(typeof c==='string'?document.createTextNode(c):c);});return e;}
function a(pair){return el('a',{href:pair[0]},[pair[1]]);}
function cell(c){return Array.isArray(c)?a(c):document.createTextNode(c);}
function heading(t){return t?[el('h2',null,[t])]:[];}
var R={
 list:function(b){var ul=el(b.ordered?'ol':'ul',{'class':b.cls});
  b.items.forEach(function(it,i){var li=el('li',null,[a(it)]);
   if(b.notes.length&&b.notes[i]){li.appendChild(document.createTextNode(' '));li.appendChild(el('span',{'class':'note'},[b.notes[i]]));}
   ul.appendChild(li);});return heading(b.title).concat([ul]);},
 grid:function(b){var g=el('div',{'class':'grid'});
  b.items.forEach(function(it,i){var ini=it[1].split(/\s+/).slice(0,2).map(function(w){return w.charAt(0);}).join('').toUpperCase();
   var c=el('div',{'class':'card'},[el('div',{'class':'thumb'},[ini]),el('h3',null,[a(it)])]);
   if(b.captions.length&&b.captions[i])c.appendChild(el('p',{'class':'caption'},[b.captions[i]]));g.appendChild(c);});
  return heading(b.title).concat([g]);},
 table:function(b){var t=el('table',{'class':'data'}),h=el('tr'),tb=el('tbody');
  b.headers.forEach(function(x){h.appendChild(el('th',null,[x]));});t.appendChild(el('thead',null,[h]));
  b.rows.forEach(function(r){var tr=el('tr');r.forEach(function(c){tr.appendChild(el('td',null,[cell(c)]));});tb.appendChild(tr);});
  t.appendChild(tb);return heading(b.title).concat([t]);},
 facts:function(b){var d=el('dl',{'class':'facts'});
  b.pairs.forEach(function(p){d.appendChild(el('dt',null,[p[0]]));d.appendChild(el('dd',null,[cell(p[1])]));});
  return heading(b.title).concat([d]);},
 text:function(b){return heading(b.title).concat(b.paragraphs.map(function(p){return el('p',null,[p]);}));},
 row:function(b){var d=el('div',{'class':'links'});
  b.items.forEach(function(it,i){if(i)d.appendChild(document.createTextNode(' · '));d.appendChild(a(it));});return [d];},
 menu:function(b){var ul=el('ul',{'class':'menu'});b.items.forEach(function(it){ul.appendChild(el('li',null,[a(it)]));});
  return heading(b.title).concat([ul]);},
 pager:function(b){if(!b.items.length)return [];var n=el('nav',{'class':'pager','aria-label':'Pages'});
  b.items.forEach(function(it){n.appendChild(it[2]?el('span',{'class':'current'},[it[0]]):(it[1]?a([it[1],it[0]]):el('span',{'class':'gap'},[it[0]])));});
  return [n];}
};
window.renderBlocks=function(target,blocks){blocks.forEach(function(b){R[b.kind](b).forEach(function(n){target.appendChild(n);});});};
window.renderPage=function(root,d){
 document.title=d.title+' \u00b7 '+d.brand.name;
 var top=el('div',{'class':'top'},[el('a',{'class':'logo',href:d.brand.home},[d.brand.name])]);
 if(d.brand.tagline)top.appendChild(el('span',{'class':'tagline'},[d.brand.tagline]));
 var header=el('header',{'class':'site'},[top]);
 if(d.nav.length){var ul=el('ul');d.nav.forEach(function(it){ul.appendChild(el('li',it[0]===d.active?{'class':'active'}:null,[a(it)]));});
  header.appendChild(el('nav',{'class':'main'},[ul]));}
 root.appendChild(header);
 var wrap=el('div',{'class':'wrap'}),crumbs=el('nav',{'class':'crumbs'});
 if(d.breadcrumbs.length){var ol=el('ol');d.breadcrumbs.forEach(function(it){ol.appendChild(el('li',null,[a(it)]));});
  ol.appendChild(el('li',null,[d.title]));crumbs.appendChild(ol);}
 wrap.appendChild(crumbs);
 var wide=!d.sidebar.length&&!d.ads.length,layout=el('div',{'class':wide?'layout wide':'layout'});
 var main=el('main',{id:'content'},[el('h1',null,[d.title])]);window.renderBlocks(main,d.blocks);layout.appendChild(main);
 if(!wide){var side=el('aside',{'class':'side'});
  if(d.ads.length){var ad=el('div');d.ads.forEach(function(it){ad.appendChild(a(it));});
   side.appendChild(el('aside',{'class':'ad'},[el('span',{'class':'label'},['Sponsored']),ad]));}
  d.sidebar.forEach(function(bx){var sec=el('section',{'class':'box'},[el('h2',null,[bx.title])]);window.renderBlocks(sec,bx.blocks);side.appendChild(sec);});
  layout.appendChild(side);}
 wrap.appendChild(layout);root.appendChild(wrap);
 var cols=el('div',{'class':'cols'});
 d.footer.forEach(function(fb){var ul=el('ul');fb.links.forEach(function(it){ul.appendChild(el('li',null,[a(it)]));});
  cols.appendChild(el('section',null,[el('h2',null,[fb.title]),ul]));});
 root.appendChild(el('footer',{'class':'site'},[el('div',{'class':'wrap'},[cols,el('p',{'class':'legal'},['\u00a9 '+d.brand.name+'. All rights reserved.'])])]));
};
window.bootPage=function(api){var root=document.getElementById('app');
 fetch(api+location.pathname+location.search,{headers:{'Accept':'application/json'}})
  .then(function(r){return r.json();}).then(function(d){window.renderPage(root,d);})
  .catch(function(e){root.appendChild(el('div',{'class':'notice'},['Could not load this page: '+e]));});};
})();
"""


def page_data(
    title: str,
    blocks: Sequence[Block],
    *,
    brand: Brand = DEFAULT_BRAND,
    nav: Sequence[Anchor] = (),
    active: str = "",
    breadcrumbs: Sequence[Anchor] = (),
    sidebar: Sequence[tuple[str, Sequence[Block]]] = (),
    footer: Sequence[FooterBlock] = (),
    ads: Sequence[Anchor] = (),
) -> dict[str, Any]:
    """The content `page()` would render, as JSON-compatible data for `renderPage` in the browser.

    `sidebar` holds (box title, blocks) pairs.
    """
    return {
        "title": title,
        "brand": {"name": brand.name, "tagline": brand.tagline, "home": brand.home},
        "nav": [a.data() for a in nav],
        "active": active,
        "breadcrumbs": [a.data() for a in breadcrumbs],
        "blocks": [b.data() for b in blocks],
        "sidebar": [{"title": t, "blocks": [b.data() for b in bs]} for t, bs in sidebar],
        "ads": [a.data() for a in ads],
        "footer": [{"title": f.title, "links": [a.data() for a in f.links]} for f in footer],
    }


def spa_shell(title: str, *, brand: Brand = DEFAULT_BRAND, api: str = "/api/page") -> str:
    """An application shell: an empty `#app`, a `<noscript>` warning and the script that fetches
    `api + location.pathname + location.search` (JSON from `page_data`) and renders the page.

    Served over plain HTTP the shell holds no content and no links at all.
    """
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)} · {esc(brand.name)}</title>"
        f"<style>:root{{--accent:{esc(brand.accent)}}}{BASE_CSS}</style></head><body>"
        '<div id="app"></div><noscript><div class="notice">This site needs JavaScript. '
        "Please enable JavaScript in your browser to see its content.</div></noscript>"
        f"<script>{SPA_RENDERER_JS}</script>"
        f"<script>window.bootPage({json.dumps(api)});</script></body></html>"
    )
