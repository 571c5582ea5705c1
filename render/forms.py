"""GET forms submitted as they stand, read as links: a pager written as forms (``<form
method=get>`` of hidden fields, ``startRow=30``, and an arrow for a button) leads to the URL the
browser builds when its button is pressed, as a link would.

A form is such a link when it is a GET form (the default method) that needs no typing: every
text field and textarea it has holds a value (a search box asking for words is no link), it has
no password or file field, and it has a submit button (a form without one is acted on by its
script). Its URL is its action (the page's own URL when empty) with its query replaced by the
form data set HTML builds: in tree order, each enabled named field's value (hidden fields
included, checkboxes and radios when checked, a select's selected options, else its first), the
first submit button's name and value when it has a name. The link's text is that button's
label, and its link DOM path the button's, as a link's is the anchor's (its own attributes left
out): the buttons of a list of forms share one path, as the anchors of a list do.

Pure over a Snapshot's HTML (`Snapshot.tree`): shared by the methods that page lists (SSUP's
pagination) and those that submit forms (explore).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode, urljoin, urlsplit, urlunsplit

from siteseer.render.extract import (
    Canonicalize,
    _Paths,
    collapse,
    default_canonical,
    document_base,
    inert_elements,
)
from siteseer.render.snapshot import Link, Snapshot

__all__ = ["form_links"]

# Input types a value is typed into: one left empty makes its form ask for words.
_TYPED = frozenset(
    {"", "text", "search", "number", "email", "url", "tel", "date", "datetime-local", "month",
     "week", "time", "color", "range"}
)  # fmt: skip
_SUBMITS = frozenset({"submit", "image"})


def _fields(form: Any) -> Iterator[Any]:
    """The form's fields and buttons in tree order, those of a nested form's left out."""
    for el in form.iterdescendants("input", "select", "textarea", "button"):
        owner = next((a for a in el.iterancestors("form")), None)
        if owner is form and el.get("disabled") is None:
            yield el


def _is_submit(el: Any) -> bool:
    kind = (el.get("type") or "").strip().lower()
    if el.tag == "button":
        return kind in ("", "submit")
    return el.tag == "input" and kind in _SUBMITS


def _button_text(el: Any) -> str:
    text = (
        collapse(el.get("value") or "") if el.tag == "input" else collapse("".join(el.itertext()))
    )
    return text or collapse(el.get("aria-label") or el.get("title") or el.get("alt") or "")


def _data_set(form: Any, hidden_only: bool = False) -> tuple[list[tuple[str, str]], Any] | None:
    """The form data set a press of the form's first submit button sends, and that button;
    None when the form needs typing, has a password or file field, or no submit button, or
    (`hidden_only`) any field but a hidden one."""
    pairs: list[tuple[str, str]] = []
    submitter = None
    for el in _fields(form):
        name = el.get("name") or ""
        kind = (el.get("type") or "").strip().lower()
        if _is_submit(el):
            if submitter is None:
                submitter = el
                if name and kind != "image":
                    pairs.append((name, el.get("value") or ""))
            continue
        if el.tag == "button" or (el.tag == "input" and kind in ("button", "reset")):
            continue
        if hidden_only and (el.tag != "input" or kind != "hidden"):
            return None
        if el.tag == "input" and kind in ("password", "file"):
            return None
        if el.tag == "select":
            options = list(el.iter("option"))
            chosen = [o for o in options if o.get("selected") is not None]
            if not chosen and options and el.get("multiple") is None:
                chosen = options[:1]
            values = [o.get("value", collapse("".join(o.itertext()))) for o in chosen]
            pairs.extend((name, v) for v in values if name)
        elif el.tag == "textarea" or kind in _TYPED:
            value = "".join(el.itertext()) if el.tag == "textarea" else el.get("value") or ""
            if not value.strip():
                return None  # a field to type into, left empty: the form asks for words
            if name:
                pairs.append((name, value))
        elif kind in ("checkbox", "radio"):
            if name and el.get("checked") is not None:
                pairs.append((name, el.get("value") or "on"))
        elif name:  # hidden, and any other type read as its value
            pairs.append((name, el.get("value") or ""))
    return None if submitter is None else (pairs, submitter)


def form_links(
    page: Snapshot, canonicalize: Canonicalize = default_canonical, *, hidden_only: bool = False
) -> tuple[Link, ...]:
    """The GET forms of `page` that need no typing, as links to the URLs their submit buttons
    load (see the module docstring), made canonical by `canonicalize` (a URL it rejects with
    ValueError, or no http(s) URL, is left out), in document order; with `hidden_only`, only
    the forms whose fields are all hidden (a pager's buttons, not a select of a site's tools).
    Empty for a page without HTML (a cached page's tree is parsed from it)."""
    if not page.html:
        return ()
    root = page.tree()
    inert = inert_elements(root)
    base = document_base(root, page.url)
    paths = _Paths()
    links: list[Link] = []
    for form in root.iter("form"):
        if form in inert or (form.get("method") or "get").strip().lower() != "get":
            continue
        found = _data_set(form, hidden_only)
        if found is None:
            continue
        pairs, submitter = found
        action = (form.get("action") or "").strip()
        target = urljoin(base, action) if action else page.url
        parts = urlsplit(target)
        if parts.scheme.lower() not in ("http", "https"):
            continue
        try:
            url = canonicalize(
                urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(pairs), ""))
            )
        except ValueError:
            continue
        path, path_attrs, path_values = paths.leaf(submitter)
        links.append(Link(url, _button_text(submitter), path, path_attrs, path_values))
    return tuple(links)
