"""Snapshots from raw HTML (the HTTP fast path), and the rules every extraction follows.

`snapshot_from_html` builds the same links and controls a browser extraction (render/extract.js)
builds from the live DOM, minus boxes and styles. The two implementations follow one set of rules,
kept in step by a test that compares them on static pages:

Links
    Every ``<a>`` with an ``href`` that resolves (against ``<base href>`` or the page URL) to an
    http(s) URL, in document order; ``javascript:``, ``mailto:`` and the like are skipped. `text`
    is the anchor's text content with whitespace collapsed; when empty, its ``aria-label``, its
    ``title``, or the ``alt`` of its first image. The link DOM path runs from ``html`` to the
    anchor: tags only (``html/body/div/ul/li/a``), with sorted attribute names
    (``div[@class][@id]``), or with names and values (``div[@class=list][@id=content]``); values
    have their whitespace collapsed, ``style``, ``on*`` and empty ``class`` attributes are
    ignored, the anchor's own attributes are not included, and ``tbody`` is left out (browsers
    insert it, lxml does not).

Controls
    In document order: checkboxes, radios (one Control each), text-like inputs and textareas,
    selects (with options), submit buttons of forms, other buttons, load-more controls (a button
    or link whose text says "load/show/see/view more", or any ``[data-load-more]``) and facet links
    (anchors with a ``data-facet`` attribute on themselves or an ancestor). `label` is the value
    label: the ``<label for>``, the wrapping ``<label>``, ``aria-label``, the text right after a
    checkbox/radio, or ``title``; for a select the chosen option's text, for a text box its
    placeholder, for buttons their text. `group` is the nearest ``data-facet`` value, else (for
    selects and text boxes) the field's label, else the nearest preceding heading or legend.
    `selector` prefers ``#id`` (when unique), then ``form-selector tag[name=..][value=..]`` (when
    unique in its form or document), then a ``tag:nth-of-type(k)`` path from the nearest element
    with a unique id, or from ``html``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from functools import cached_property
from typing import Any, cast
from urllib.parse import urljoin, urlsplit, urlunsplit

from lxml import etree
from w3lib.url import safe_url_string

from siteseer.render.parse import parse_fast, parse_html
from siteseer.render.snapshot import Control, ControlKind, Link, Option, Snapshot, State

__all__ = [
    "Canonicalize",
    "UrlResolver",
    "controls_from_tree",
    "default_canonical",
    "document_base",
    "element_selector",
    "links_from_tree",
    "snapshot_from_html",
]

Canonicalize = Callable[[str], str]  # an absolute URL -> its canonical form

# Whitespace as both sides collapse it (JS's \s and Python's differ at the edges; this is exact).
_WS_CHARS = " \t\n\r\f\v\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_WS = re.compile(f"[{_WS_CHARS}]+")
_URL_STRIP = re.compile(r"[\t\n\r]")
_VALID_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
_LOAD_MORE = re.compile(r"\b(load|show|see|view)\s+more\b")
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6", "legend"})
_LABEL_SKIP = frozenset({"select", "textarea", "option", "script", "style"})
_TEXT_TYPES = frozenset(
    {
        "",
        "text",
        "search",
        "email",
        "number",
        "tel",
        "url",
        "password",
        "date",
        "month",
        "week",
        "time",
        "datetime-local",
    }
)


def collapse(text: str) -> str:
    """Whitespace runs become one space; leading and trailing whitespace goes."""
    if text.isascii() and not (
        "\x1c" in text or "\x1d" in text or "\x1e" in text or "\x1f" in text
    ):  # the characters Python's str.split() treats as whitespace and JavaScript's \s does not
        return " ".join(text.split())  # the same result, several times faster
    return _WS.sub(" ", text).strip(" ")


def default_canonical(url: str) -> str:
    """An absolute URL made safe the way browsers do it, fragment dropped.

    Percent-encodes what needs it (w3lib), lowercases scheme and host, drops a default port and
    gives an empty path "/". Paths and queries keep their case and order.
    """
    safe = safe_url_string(url.strip())
    parts = urlsplit(safe)
    scheme = parts.scheme.lower()
    netloc = parts.netloc.lower()
    if (scheme == "http" and netloc.endswith(":80")) or (
        scheme == "https" and netloc.endswith(":443")
    ):
        netloc = netloc.rsplit(":", 1)[0]
    path = parts.path or ("/" if netloc else "")
    return urlunsplit((scheme, netloc, path, parts.query, ""))


_STRING = etree.XPath("string()")
_WITH_ID = etree.XPath("//*[@id]")
_LABELS_FOR = etree.XPath("//label[@for]")
_MARKED = etree.XPath("(//*[@data-facet or @data-load-more])[1]")
_WITH_FACET = etree.XPath("(//*[@data-facet])[1]")
_WITH_LOAD_MORE = etree.XPath("(//*[@data-load-more])[1]")
_WITH_EXPANDED = etree.XPath("(//*[@aria-expanded])[1]")


def _text(el: Any) -> str:
    """An element's text content (comments excluded), like DOM ``textContent``."""
    return str(_STRING(el))


def _resolve(base: str, href: str) -> str:
    """`href` made absolute against `base`; "" when it is malformed (e.g. ``http://[::1``)."""
    try:
        return urljoin(base, _URL_STRIP.sub("", href.strip()))
    except ValueError:
        return ""


# A root-relative href that needs no resolution work beyond prefixing the origin.
_PLAIN_PATH = re.compile(r"^/(?![/.])[A-Za-z0-9_~!$&'()*+,;=:@%/?.-]*$")
_PLAIN_ABSOLUTE = re.compile(r"^https?://[a-z0-9.-]+(:[0-9]+)?/[A-Za-z0-9_~!$&'()*+,;=:@%/?.-]*$")


class UrlResolver:
    """Resolves and canonicalises the hrefs of one page, each distinct href once.

    Returns None for hrefs that are not http(s) or are malformed (a `canonicalize` that raises
    ValueError rejects a URL the same way). With `default_canonical`, URLs that are already
    in canonical form (plain ASCII, lowercase host, no fragment, no default port) skip the
    general machinery.
    """

    def __init__(self, base: str, canonicalize: Canonicalize) -> None:
        self.base = base
        self.canonicalize = canonicalize
        parts = urlsplit(base)
        self.origin = f"{parts.scheme}://{parts.netloc}" if parts.netloc else ""
        self.fast = canonicalize is default_canonical
        # A plain origin plus a plain root-relative path is already canonical.
        self.plain_origin = self.fast and bool(
            _PLAIN_ABSOLUTE.match(self.origin + "/") and not _DEFAULT_PORT.match(self.origin + "/")
        )
        self.memo: dict[str, str | None] = {}

    def __call__(self, href: str) -> str | None:
        found = self.memo.get(href, "")
        if found != "":
            return found
        result: str | None
        plain_path = (
            bool(self.origin)
            and _PLAIN_PATH.match(href) is not None
            and "/./" not in href
            and "/../" not in href
        )
        if plain_path and self.plain_origin:
            result = self.origin + href
        elif self.fast and _PLAIN_ABSOLUTE.match(href) and not _DEFAULT_PORT.match(href):
            result = href
        else:
            if plain_path:
                absolute = self.origin + href
            else:
                absolute = _resolve(self.base, href)
            if not absolute.startswith(("http://", "https://")) and (
                urlsplit(absolute).scheme.lower() not in ("http", "https")
            ):
                result = None
            elif (
                self.fast and _PLAIN_ABSOLUTE.match(absolute) and not _DEFAULT_PORT.match(absolute)
            ):
                result = absolute
            else:
                try:
                    result = self.canonicalize(absolute)
                except ValueError:
                    result = None
        self.memo[href] = result
        return result


_DEFAULT_PORT = re.compile(r"^(http://[^/]*:80|https://[^/]*:443)/")


def document_base(root: Any, page_url: str) -> str:
    """The URL relative links resolve against: the first ``<base href>``, else the page URL."""
    for base in root.iter("base"):
        href = base.get("href")
        if href is not None:
            return _resolve(page_url, href)
    return page_url


def _is_element(node: Any) -> bool:
    return isinstance(node.tag, str)


def inert_elements(root: Any) -> frozenset[Any]:
    """Elements a scripting browser does not have: ``<template>`` and ``<noscript>`` contents
    (their links are none of a rendered page's)."""
    return frozenset(d for t in root.iter("template", "noscript") for d in t.iterdescendants())


def _kept_attrs(el: Any) -> list[tuple[str, str]]:
    """An element's attributes as its step of a link DOM path writes them: not its style nor
    its event handlers, nor an empty class, which names no class (a script that took an
    element's last class off leaves the attribute)."""
    return sorted(
        (name, value)
        for name, value in el.attrib.items()
        if name != "style" and not name.startswith("on") and (name != "class" or value.strip())
    )


class _Paths:
    """Link DOM paths of ancestors, memoised.

    Siblings with the same tag and kept attributes (the items of one list) share one path
    tuple, so the anchors under them share theirs too: each distinct path is formatted once.
    """

    def __init__(self) -> None:
        self._memo: dict[Any, tuple[str, str, str]] = {}
        self._steps: dict[tuple[Any, ...], tuple[str, str, str]] = {}
        self._links: dict[tuple[tuple[str, str, str], str], tuple[str, str, str]] = {}

    def of(self, el: Any) -> tuple[str, str, str]:
        """The three path forms from html down to and including `el` (tbody left out)."""
        found = self._memo.get(el)
        if found is not None:
            return found
        parent = el.getparent()
        prefix = self.of(parent) if parent is not None else ("", "", "")
        result = prefix if el.tag == "tbody" else self._step(prefix, el)
        self._memo[el] = result
        return result

    def _step(self, prefix: tuple[str, str, str], el: Any) -> tuple[str, str, str]:
        """`prefix` extended by `el`'s step, shared by every element with its tag and attributes."""
        key = (prefix, el.tag, *el.items())
        found = self._steps.get(key)
        if found is not None:
            return found
        attrs = _kept_attrs(el)
        step = (
            el.tag,
            el.tag + "".join(f"[@{n}]" for n, _ in attrs),
            el.tag + "".join(f"[@{n}={collapse(v)}]" for n, v in attrs),
        )
        found = self._steps[key] = _extend(prefix, step)
        return found

    def leaf(self, el: Any) -> tuple[str, str, str]:
        """The paths of an anchor (or a form's button, `render.forms`): its parent's, plus its
        tag without its attributes (``/a``)."""
        parent = el.getparent()
        prefix = self.of(parent) if parent is not None else ("", "", "")
        key = (prefix, el.tag)
        found = self._links.get(key)
        if found is None:
            found = self._links[key] = _extend(prefix, (el.tag, el.tag, el.tag))
        return found


def _extend(prefix: tuple[str, str, str], step: tuple[str, str, str]) -> tuple[str, str, str]:
    """Each of the three path forms of `prefix` followed by the same form of `step`."""
    if not prefix[0]:
        return step
    return (f"{prefix[0]}/{step[0]}", f"{prefix[1]}/{step[1]}", f"{prefix[2]}/{step[2]}")


def _anchor_text(a: Any) -> str:
    text = collapse((a.text or "") if len(a) == 0 else _text(a))
    if text:
        return text
    for attr in ("aria-label", "title"):
        value = collapse(a.get(attr) or "")
        if value:
            return value
    for img in a.iter("img"):
        alt = img.get("alt")
        if alt is not None:
            return collapse(alt)
    return ""


def links_from_tree(
    root: Any, base: str, canonicalize: Canonicalize, *, inert: frozenset[Any] | None = None
) -> tuple[Link, ...]:
    """The page's links (see the module docstring), without boxes or styles.

    `inert` (template and noscript contents) is computed when not given.
    """
    paths = _Paths()
    links: list[Link] = []
    if inert is None:
        inert = inert_elements(root)
    resolve = UrlResolver(base, canonicalize)
    for a in root.iter("a"):
        href = a.get("href")
        if href is None or (inert and a in inert):
            continue
        url = resolve(href)
        if url is None:
            continue
        path, path_attrs, path_values = paths.leaf(a)
        links.append(
            # Positional arguments: measurably cheaper than keywords for a frozen dataclass.
            Link(url, _anchor_text(a), path, path_attrs, path_values)
        )
    return tuple(links)


# -- controls -----------------------------------------------------------------------------------


def _label_text(label: Any) -> str:
    parts: list[str] = []

    def walk(el: Any) -> None:
        if el.text:
            parts.append(el.text)
        for child in el:
            if _is_element(child) and child.tag not in _LABEL_SKIP:
                walk(child)
            if child.tail:
                parts.append(child.tail)

    walk(label)
    return collapse("".join(parts))


def _anchors_say_more(root: Any) -> bool:
    """Whether any anchor's text contains "more" (only then can an anchor be a load-more)."""
    for a in root.iter("a"):
        text = (a.text or "") if len(a) == 0 else _text(a)
        if "more" in text.lower():
            return True
    return False


def _css_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def element_selector(root: Any, el: Any) -> str:
    """A selector of `el`, an element of the document `root`, as the extraction writes a
    control's (a ``tag:nth-of-type(k)`` path from the nearest element with a unique id, or from
    ``html``; see the module docstring): an element the extraction keeps as no control (an
    anchor a script answers) is clicked by it."""
    return _Document(root, "", "").nth_path(el)


class _Document:
    """Per-document lookups the control rules need (ids, labels), computed once."""

    def __init__(
        self,
        root: Any,
        base: str,
        page_url: str,
        source: str | None = None,
        inert: frozenset[Any] | None = None,
    ) -> None:
        self.root = root
        self.base = base
        self.page_url = page_url
        self.inert = inert_elements(root) if inert is None else inert
        # Document-wide facts that let most anchors skip the control rules. With the source
        # text at hand, a substring test rules most of them out without walking the tree.
        if source is None:
            facets = more_attr = bool(_MARKED(root))
        else:
            facets = "data-facet" in source
            more_attr = "data-load-more" in source
        self.has_facets = facets and bool(_WITH_FACET(root))
        self.has_load_more_attr = more_attr and bool(_WITH_LOAD_MORE(root))
        self.may_say_load_more = _anchors_say_more(root)
        self._selectors: dict[tuple[Any, bool], str] = {}
        self.headings_before: dict[Any, str] = {}  # see `_heading_before`
        self.has_disclosures = (source is None or "aria-expanded" in source) and bool(
            _WITH_EXPANDED(root)
        )

    @cached_property
    def _ids(self) -> tuple[dict[str, int], dict[str, Any]]:
        """Id counts and the first element of each id (built when first needed)."""
        counts: dict[str, int] = {}
        by_id: dict[str, Any] = {}
        for el in cast(list[Any], _WITH_ID(self.root)):
            if el not in self.inert:
                ident = el.get("id")
                counts[ident] = counts.get(ident, 0) + 1
                by_id.setdefault(ident, el)
        return counts, by_id

    @property
    def id_counts(self) -> dict[str, int]:
        return self._ids[0]

    @property
    def by_id(self) -> dict[str, Any]:
        return self._ids[1]

    @cached_property
    def label_for(self) -> dict[str, Any]:
        """The first ``<label for>`` of each target id (built when first needed)."""
        found: dict[str, Any] = {}
        for el in cast(list[Any], _LABELS_FOR(self.root)):
            if el not in self.inert:
                found.setdefault(el.get("for"), el)
        return found

    def unique_id(self, el: Any) -> str:
        ident = el.get("id")
        if ident and _VALID_ID.match(ident) and self.id_counts.get(ident) == 1:
            return ident
        return ""

    def form_owner(self, el: Any) -> Any:
        owner = el.get("form")
        if owner is not None:
            target = self.by_id.get(owner)
            return target if target is not None and target.tag == "form" else None
        return _ancestor(el, "form")

    # selectors

    def nth_path(self, el: Any) -> str:
        steps: list[str] = []
        node = el
        while node is not None:
            tag = node.tag
            if tag == "tbody":
                node = node.getparent()
                continue
            ident = self.unique_id(node)
            if ident:
                steps.append("#" + ident)
                break
            if tag in ("html", "body", "head"):
                steps.append(tag)
                if tag == "html":
                    break
            else:
                index = 1 + sum(1 for sib in node.itersiblings(preceding=True) if sib.tag == tag)
                steps.append(f"{tag}:nth-of-type({index})")
            node = node.getparent()
        steps.reverse()
        out = steps[0]
        for prev, step in itertools.pairwise(steps):
            out += (" " if prev.startswith("table:") or prev == "table" else " > ") + step
        return out

    def selector(self, el: Any, *, with_value: bool) -> str:
        """A CSS selector unique to `el` (see the module docstring), computed once per element."""
        key = (el, with_value)
        found = self._selectors.get(key)
        if found is None:
            found = self._selectors[key] = self._selector(el, with_value=with_value)
        return found

    def _selector(self, el: Any, *, with_value: bool) -> str:
        ident = self.unique_id(el)
        if ident:
            return "#" + ident
        name = el.get("name")
        if name:
            value = el.get("value") if with_value else None
            form = _ancestor(el, "form")
            scope = form if form is not None else self.root
            matches = 0
            for other in scope.iter(el.tag):
                if other.get("name") == name and (value is None or other.get("value") == value):
                    matches += 1
            if matches == 1:
                sel = f"{el.tag}[name={_css_string(name)}]"
                if value is not None:
                    sel += f"[value={_css_string(value)}]"
                if form is None:
                    return sel
                return f"{self.selector(form, with_value=False)} {sel}"
        return self.nth_path(el)

    # labels

    def field_label(self, el: Any, *, tail_text: bool) -> str:
        ident = el.get("id")
        if ident:
            label = self.label_for.get(ident)
            if label is not None:
                text = _label_text(label)
                if text:
                    return text
        wrapping = _ancestor(el, "label")
        if wrapping is not None and wrapping.get("for") in (None, ident):
            text = _label_text(wrapping)
            if text:
                return text
        aria = collapse(el.get("aria-label") or "")
        if aria:
            return aria
        if tail_text and el.tail:
            text = collapse(el.tail)
            if text:
                return text
        return collapse(el.get("title") or "")


def _ancestor(el: Any, tag: str) -> Any:
    node = el.getparent()
    while node is not None:
        if node.tag == tag:
            return node
        node = node.getparent()
    return None


def _facet_attr(el: Any) -> str | None:
    node = el
    while node is not None:
        value = node.get("data-facet")
        if value is not None:
            return value
        node = node.getparent()
    return None


def _tab_label(panel: Any) -> str:
    """A tab panel's heading: the element its aria-labelledby names, else the selected tab of
    the tab list that holds it."""
    named = (panel.get("aria-labelledby") or "").split()
    if named:
        found = panel.getroottree().getroot().xpath("//*[@id=$id]", id=named[0])
        if found:
            return collapse(_text(found[0]))
    tablist = next((a for a in panel.iterancestors() if a.get("role") == "tablist"), None)
    if tablist is None:
        return ""
    for tab in tablist.iterdescendants():
        if not _is_element(tab) or tab.get("role") != "tab" or tab.get("aria-selected") != "true":
            continue
        owner = next((a for a in tab.iterancestors() if a.get("role") == "tablist"), None)
        if owner is tablist:
            return collapse(_text(tab))
    return ""


def _heading_label(el: Any, label_for: dict[str, Any], before: dict[Any, str]) -> str:
    node = el
    while node is not None and node.tag not in ("body", "html"):
        if node is not el and node.get("role") == "tabpanel":
            text = _tab_label(node)
            if text:
                return text
        # <label for="ID"> naming a container (a radio group, a widget) is the group's heading;
        # an input's own label is its value's label, not its group's
        ident = None if node is el and el.tag == "input" else node.get("id")
        label = label_for.get(ident) if ident else None
        if label is not None and el not in label.iter():
            text = _label_text(label)
            if text:
                return text
        if node.tag == "fieldset":
            for child in node:
                if _is_element(child) and child.tag == "legend":
                    text = collapse(_text(child))
                    if text:
                        return text
                    break
        text = _heading_before(node, before)
        if text:
            return text
        node = node.getparent()
    return ""


def _last_heading(sib: Any) -> str:
    if sib.tag in _HEADINGS:
        return collapse(_text(sib))
    for heading in reversed([h for h in sib.iter(*_HEADINGS)]):
        text = collapse(_text(heading))
        if text:
            return text
    return ""


def _heading_before(node: Any, before: dict[Any, str]) -> str:
    """The nearest heading before `node` among its preceding siblings (a heading sibling, or
    the last heading inside one), memoised in `before`: each sibling is searched once, however
    many controls share a long list of them."""
    chain = []
    sib: Any = node
    while sib is not None and sib not in before:
        chain.append(sib)
        sib = _previous_element(sib)
    found = before[sib] if sib is not None else ""
    for element in reversed(chain):
        prev = _previous_element(element)
        if prev is not None:
            found = _last_heading(prev) or found
        before[element] = found
    return before[node]


def _previous_element(node: Any) -> Any | None:
    return next((s for s in node.itersiblings(preceding=True) if _is_element(s)), None)


def _group_label(
    el: Any, label_for: dict[str, Any], before: dict[Any, str], field_label: str = ""
) -> str:
    facet = _facet_attr(el)
    if facet:
        return collapse(facet)
    if field_label:
        return field_label
    return _heading_label(el, label_for, before)


def _select_options(select: Any) -> tuple[Option, ...]:
    options = [o for o in select.iter("option")]
    if not options:
        return ()
    marked = [i for i, o in enumerate(options) if o.get("selected") is not None]
    if select.get("multiple") is not None:
        chosen = set(marked)
    elif marked:
        chosen = {marked[-1]}
    else:  # browsers select the first option that is not disabled
        enabled = [i for i, o in enumerate(options) if o.get("disabled") is None]
        chosen = set(enabled[:1])
    out: list[Option] = []
    for i, o in enumerate(options):
        text = collapse(_text(o))
        value = o.get("value")
        out.append(Option(value=text if value is None else value, label=text, selected=i in chosen))
    return tuple(out)


def _classify(el: Any, doc: _Document) -> ControlKind | None:
    tag = el.tag
    if tag == "input":
        kind = (el.get("type") or "").strip().lower()
        if kind == "checkbox":
            return "checkbox"
        if kind == "radio":
            return "radio"
        if kind in ("submit", "image"):
            return "submit"
        if kind == "button":
            return "load_more" if _looks_load_more(el, el.get("value") or "") else "button"
        if kind in _TEXT_TYPES:
            return "text"
        return None
    if tag == "textarea":
        return "text"
    if tag == "select":
        return "select"
    if tag == "button":
        kind = (el.get("type") or "").strip().lower()
        if kind == "reset":
            return None
        if _looks_load_more(el, _text(el)):
            return "load_more"
        if kind in ("", "submit") and doc.form_owner(el) is not None:
            return "submit"
        return "button"
    if tag == "a" and el.get("href") is not None:
        if (doc.may_say_load_more or doc.has_load_more_attr) and _looks_load_more(el, _text(el)):
            return "load_more"
        if doc.has_facets and _facet_attr(el) is not None:
            return "link"
        return None
    if el.get("data-load-more") is not None:
        return "load_more"
    # a disclosure (ARIA: it shows or hides a popup or a region) is a button whatever its tag
    if tag != "a" and el.get("aria-expanded") is not None:
        return "button"
    return None


def _looks_load_more(el: Any, text: str) -> bool:
    return el.get("data-load-more") is not None or bool(_LOAD_MORE.search(collapse(text).lower()))


def _control(el: Any, kind: ControlKind, doc: _Document, canonicalize: Canonicalize) -> Control:
    form = doc.form_owner(el) if el.tag in ("input", "select", "textarea", "button") else None
    form_sel = form_method = form_action = ""
    if form is not None:
        form_sel = doc.selector(form, with_value=False)
        method = (form.get("method") or "").strip().lower()
        form_method = method if method in ("get", "post", "dialog") else "get"
        action = (form.get("action") or "").strip()
        form_action = canonicalize((_resolve(doc.base, action) if action else "") or doc.page_url)
    input_type = (el.get("type") or "").strip().lower()
    name = el.get("name") or ""
    value = ""
    checked = False
    options: tuple[Option, ...] = ()
    label = group = ""
    if kind in ("checkbox", "radio"):
        value = el.get("value") if el.get("value") is not None else "on"
        checked = el.get("checked") is not None
        label = doc.field_label(el, tail_text=True)
        group = _group_label(el, doc.label_for, doc.headings_before)
    elif kind == "select":
        options = _select_options(el)
        chosen = next((o for o in options if o.selected), None)
        value = chosen.value if chosen else ""
        label = chosen.label if chosen else ""
        group = _group_label(
            el, doc.label_for, doc.headings_before, doc.field_label(el, tail_text=False)
        )
    elif kind == "text":
        value = _text(el) if el.tag == "textarea" else (el.get("value") or "")
        label = collapse(el.get("placeholder") or "")
        group = _group_label(
            el, doc.label_for, doc.headings_before, doc.field_label(el, tail_text=False)
        )
    elif kind == "link":
        target = _resolve(doc.base, el.get("href") or "")
        value = canonicalize(target) if target else ""
        label = _anchor_text(el)
        group = _group_label(el, doc.label_for, doc.headings_before)
    else:  # submit, button, load_more
        checked = _aria(el, "role") == "tab" and _aria(el, "aria-selected") == "true"
        if el.tag == "input":
            value = el.get("value") or ""
            label = collapse(value)
        else:
            value = el.get("value") or ""
            label = collapse(_text(el))
        if not label:
            label = collapse(el.get("aria-label") or el.get("title") or "")
        group = _group_label(el, doc.label_for, doc.headings_before)
    with_value = kind in ("checkbox", "radio", "submit", "button") and el.get("value") is not None
    return Control(
        kind=kind,
        selector=doc.selector(el, with_value=with_value),
        label=label,
        group=group,
        name=name,
        value=value,
        checked=checked,
        form=form_sel,
        form_method=form_method,
        form_action=form_action,
        input_type=input_type,
        options=options,
        role=_aria(el, "role"),
        expanded=_aria(el, "aria-expanded"),
        popup=_aria(el, "aria-haspopup"),
    )


def _aria(el: Any, name: str) -> str:
    return (el.get(name) or "").strip().lower()


def _control_candidates(root: Any, doc: _Document) -> Iterator[Any]:
    if doc.has_load_more_attr:  # any element may be a control
        elements = root.iter()
    elif doc.has_facets or doc.may_say_load_more:
        elements = root.iter("input", "select", "textarea", "button", "a")
    else:  # no anchor can be a control
        elements = root.iter("input", "select", "textarea", "button")
    if doc.has_disclosures and not doc.has_load_more_attr:  # and any element may disclose
        tags = frozenset({"input", "select", "textarea", "button", "a"})
        elements = (
            e
            for e in root.iter()
            if e.tag in tags or (_is_element(e) and e.get("aria-expanded") is not None)
        )
    for el in elements:
        if (
            _is_element(el)
            and el.tag not in ("script", "style", "template")
            and el not in doc.inert
        ):
            yield el


def controls_from_tree(
    root: Any,
    base: str,
    page_url: str,
    canonicalize: Canonicalize,
    *,
    source: str | None = None,
    inert: frozenset[Any] | None = None,
) -> tuple[Control, ...]:
    """The page's controls (see the module docstring), without boxes.

    `source`, the HTML `root` was parsed from, lets cheap substring tests skip tree scans.
    """
    doc = _Document(root, base, page_url, source, inert)
    out: list[Control] = []
    for el in _control_candidates(root, doc):
        kind = _classify(el, doc)
        if kind is not None:
            out.append(_control(el, kind, doc, canonicalize))
    return tuple(out)


def _title(root: Any) -> str:
    for title in root.iter("title"):
        return collapse(_text(title))
    return ""


def snapshot_from_html(
    url: str,
    final_url: str,
    status: int,
    html: str,
    *,
    canonicalize: Canonicalize = default_canonical,
    content_type: str = "text/html",
    fetch_ms: float = 0.0,
    state: State | None = None,
    keep_tree: bool = False,
) -> Snapshot:
    """A Snapshot of `html` as fetched from `final_url`: links and controls, no boxes or styles.

    `rendered` is False. With `keep_tree`, the parsed tree is kept on the Snapshot so that
    `Snapshot.tree()` does not parse again (costs memory while the Snapshot lives).
    """
    root = parse_html(html, final_url) if keep_tree else parse_fast(html)
    base = document_base(root, final_url)
    inert = inert_elements(root)
    snap = Snapshot(
        url=url,
        final_url=final_url,
        status=status,
        html=html,
        links=links_from_tree(root, base, canonicalize, inert=inert),
        controls=controls_from_tree(root, base, final_url, canonicalize, source=html, inert=inert),
        state=state if state is not None else State(url),
        rendered=False,
        content_type=content_type,
        title=_title(root),
        fetch_ms=fetch_ms,
    )
    if keep_tree:
        snap.__dict__["_tree"] = root  # Snapshot.tree() caches under this name
    return snap
