"""Forms: select options, radios and checkboxes enumerated as attribute values, one field at a
time, and keyword boxes.

GET forms are submitted by loading the URL the browser would build (all choices in one batch);
POST forms only with `allow_post`, in the browser, their result pages reached through their
numbered pager buttons; forms with a password field never. The form's widest query is the start
page when it lists entities (the form's own result page or not), else the form submitted
untouched. Keyword boxes
take the `keywords` given or, when a form has nothing to enumerate, no facet gave a query and
the start query's list was not paged (a search box as the only way in), words from anchor texts
seen (the Outdesit idea), until `KEYWORD_MISSES` words in a row add no entity (by yield), or
sooner when the first `UNLISTED_WORDS` words are answered by no list of the entities (a box
searching a manual's text); a keyword is a query, not an attribute; a keyword whose results hold every entity of the start
query and more searched nothing (a "Goto" box opening the page a word names) and is none. A
form whose action exports a file (``.csv``, ``.json``) is no list. A field whose attribute the
start query's list shows for every entity is not enumerated (skip "listed"), and once a choice
listed every entity of the start query, a choice whose first page is the same is the start
query again and is not paged (skip "view": a "search in" menu with no words).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from siteseer.algorithms.querycentric.core import Query, show
from siteseer.algorithms.querycentric.entities import learn_containers
from siteseer.algorithms.querycentric.exploring import Exploring
from siteseer.algorithms.querycentric.formfields import (
    FormChoice,
    FormSpec,
    form_choices,
    forms_of,
    get_submission,
)
from siteseer.algorithms.querycentric.model import (
    SORT_WORDS,
    Facet,
    is_subset,
    unsafe_reason,
)
from siteseer.algorithms.querycentric.safety import unsafe_form_reason
from siteseer.render import Action, Control, Snapshot

__all__ = ["KEYWORD_MISSES", "Forms"]

KEYWORD_MISSES = 3  # guessed words in a row adding no entity that stop the words
UNLISTED_WORDS = 2  # first guessed words answered by no list of entities that stop the words


class Forms:
    """The form kind of one exploration (a `FacetKind`, kinds.py): submitted on the start
    page's widest view."""

    in_page = True

    def __init__(self, ex: Exploring) -> None:
        self.ex = ex
        # the GET forms whose untouched submission found no page (an error status)
        self._unserved: set[str] = set()

    def shown(self, root: Snapshot) -> bool:
        """Whether `root` has a form."""
        return bool(forms_of(root))

    def offers(self, root: Snapshot, q0: Query | None) -> bool:
        """Whether `root` has a form to enumerate."""
        return self.shown(root)

    async def explore(self, root: Snapshot, q0: Query | None) -> Query | None:
        """Every safe form of `root` with a submit control enumerated; `q0` is the start query
        when facets made it already (else the first form's widest query becomes it)."""
        ex = self.ex
        for form in forms_of(root):
            if form.submit is None:
                continue  # fields without a submit button act at once: Ajax facets
            if _exports(form.action):
                ex.skip(form.selector, "not-a-list", "its action is a file export, no list page")
                continue
            why = unsafe_form_reason(form.method, form.action, (*form.fields, form.submit))
            if why:
                ex.skip(form.selector, "unsafe", why)
                continue
            if form.method == "post" and not ex.settings.allow_post:
                ex.skip(form.selector, "post-form", "POST form; pass --allow-post to submit it")
                continue
            if q0 is None:
                q0 = await self._root(root, form)
            if form.selector in self._unserved:
                # its untouched submission found no page: the form's action serves nothing
                # here, for any of its choices
                ex.skip(form.selector, "error", "its untouched submission found no page")
                continue
            await self._enumerate(root, form, q0)
        return q0

    def _submission(
        self, form: FormSpec, overrides: dict[str, str], exclusive: tuple[str, ...] = ()
    ) -> str:
        return get_submission(form, overrides, self.ex.canonical, exclusive=exclusive)

    async def _root(self, root: Snapshot, form: FormSpec) -> Query:
        """The form's widest query: the start page when it lists entities (the form's own
        result page, or a list the form only searches beside: a wiki's search box over a
        category's pages), else the form submitted untouched."""
        ex = self.ex
        first = root
        if ex.kind(root) == "list":
            first = await ex.largest_page_size(root)
        else:
            if form.method == "get":
                got = await ex.page(self._submission(form, {}))
                if got is None or not got.ok:
                    self._unserved.add(form.selector)
            else:
                got = await ex.act(root, _fill_submit(form, {}, "defaults"))
            if got is not None and got.ok:
                first = got
                learn_containers(ex, first)
        if first.state is not None and first.state.actions:
            pages = await self._cluster_buttons(first)
        else:
            pages = await ex.start_pages(first)
        q0 = ex.new_query((), 0, first)
        ex.finish(q0, pages, ())
        ex.note_query(q0, level=0, urls=[p.key for p in pages])
        return q0

    async def _cluster(self, first: Snapshot, query: str) -> list[Snapshot]:
        if first.state is not None and first.state.actions:
            return await self._cluster_buttons(first)
        return await self.ex.cluster(first, query)

    async def _cluster_buttons(self, first: Snapshot) -> list[Snapshot]:
        """Pages of a POST result list: its pager buttons, clicked one by one from page 1."""
        pages = [first]
        for control in first.controls:
            if control.kind != "submit" or not control.label.strip().isdigit():
                continue
            if control.label.strip() == "1" or unsafe_reason(control):
                continue
            snap = await self.ex.act(
                first, Action("click", control.selector, label=f"page {control.label}")
            )
            if snap is not None and self.ex.entities(snap):
                pages.append(snap)
        return pages

    def _skip_orderings(self, form: FormSpec, q0: Query) -> None:
        for control in form.fields:
            if control.kind == "select" and _is_ordering(control):
                for option in control.options:
                    if not option.selected:
                        self.ex.skip(
                            f"{control.group}: {option.label}",
                            "ordering",
                            "sort order of the same query; not submitted",
                            q0.id,
                        )

    async def _submit_each(
        self, root: Snapshot, form: FormSpec, todo: list[tuple[FormChoice, str]]
    ) -> list[Snapshot | None]:
        """The first result page of each choice: GET submissions in one batch, POST ones
        submitted in the browser one by one."""
        if form.method == "get":
            urls = [
                self._submission(form, {c.name: c.field_value}, _exclusive(form, c.name))
                for c, _ in todo
            ]
            return await self.ex.pages(urls)
        firsts: list[Snapshot | None] = []
        for c, subject in todo:
            action = _fill_submit(form, {c.control.selector: _fill_value(c)}, subject)
            firsts.append(await self.ex.act(root, action))
        return firsts

    async def _enumerate(self, root: Snapshot, form: FormSpec, q0: Query) -> None:
        ex = self.ex
        self._skip_orderings(form, q0)
        choices = form_choices(form)
        ex.form_labels |= {(c.attribute.casefold(), c.value.casefold()) for c in choices}
        given = ex.listed_attributes(q0, ((c.attribute, c.value) for c in choices))
        todo: list[tuple[FormChoice, str]] = []
        for choice in choices:
            conditions = ((choice.attribute, choice.value),)
            subject = f"{choice.attribute}: {choice.value}"
            if choice.attribute.casefold() in given:
                why = "the list shows every entity's value; the start query was paged to its end"
                ex.skip(subject, "listed", why, q0.id)
                continue
            same = ex.index.with_conditions(conditions)
            if same is not None:
                ex.skip(subject, "same-conditions", f"{show(conditions)} is {same}", q0.id)
                continue
            todo.append((choice, subject))
        firsts = await self._submit_each(root, form, todo)
        # first pages of choices that listed every entity of the start query: a choice showing
        # one of them again is the start query once more (a "search in" menu with no words)
        views = _unfiltered(ex, todo, firsts, q0)
        for (choice, subject), first in zip(todo, firsts, strict=True):
            if first is None:
                continue
            if ex.kind(first) != "list":
                ex.skip(subject, "not-a-list", "no result entities", q0.id)
                continue
            if ex.entities(first) in views:
                why = "its first page is that of a choice listing every entity of the start query"
                ex.skip(subject, "view", why, q0.id)
                continue
            conditions = ((choice.attribute, choice.value),)
            child = ex.new_query(conditions, 1, first, parent=q0.id)
            pages = await self._cluster(first, child.id)
            ex.finish(child, pages, ())
            if child.entity_set == q0.entity_set:
                views.add(ex.entities(first))
            tolerance = ex.settings.subset_tolerance
            if q0.entities and not is_subset(child.entities, q0.entities, tolerance):
                ex.queries.pop()
                ex.skip(subject, "not-drill-down", "results not within the start query's", q0.id)
                continue
            ex.edge(q0, child, Facet(choice.attribute, choice.value))
            ex.note_query(child, level=1, urls=[p.key for p in pages], note=show(conditions))
        await self._keywords(root, form, q0, bool(choices))

    async def _keywords(self, root: Snapshot, form: FormSpec, q0: Query, enumerable: bool) -> None:
        ex = self.ex
        boxes = form.keyword_fields
        if not boxes:
            return
        words = list(ex.settings.keywords)
        source = "--keywords"
        drilled = any(q.conditions for q in ex.queries) or len(q0.pages) > 1
        if not words and not enumerable and not drilled:
            # the Outdesit idea, for a site whose search box is its only way in: where facets
            # gave queries already, a keyword query adds no attribute, and where the start
            # query was paged to its end, no entity
            words = _anchor_words(root, ex.settings.max_anchor_keywords)
            source = "anchor texts"
        if not words:
            ex.run.note(
                "keywords",
                "skip",
                form.selector,
                note="fields or facets enumerated; no keyword list given",
            )
            return
        box = boxes[0]
        misses = 0
        listed = False  # whether an answer of the box was a list of entities
        for word in words:
            if form.method == "get":
                snap = await ex.page(self._submission(form, {box.name: word}))
            else:
                snap = await ex.act(root, _fill_submit(form, {box.selector: word}, word))
            listing = snap is not None and ex.kind(snap) == "list"
            listed = listed or listing
            found = ex.entities(snap) if snap is not None and listing else ()
            known = {e for q in ex.queries for e in q.entities}
            wider = _opens_a_wider_list(q0, found, ex.settings.subset_tolerance)
            misses = 0 if set(found) - known and not wider else misses + 1
            if source == "anchor texts" and not listed and misses == UNLISTED_WORDS:
                # words the site's anchors name, answered by no list of its entities: the box
                # searches something else (a manual's text), no other word is tried
                ex.run.note("keywords", "stop", word, note=f"{misses} words answered by no list")
                break
            if source == "anchor texts" and misses == KEYWORD_MISSES:
                # by yield, as a pager's family: guessed words whose results add no entity
                ex.run.note("keywords", "stop", word, note=f"{misses} words added no entity")
                break
            if snap is None or not found:
                continue
            if wider:
                why = f"{word!r} lists every entity of the start query and more: it opened a page"
                ex.skip(snap.url, "not-drill-down", why, q0.id)
                continue
            q = ex.new_query((), 1, snap, parent=q0.id)
            pages = await self._cluster(snap, q.id)
            ex.finish(q, pages, ())
            ex.run.note(
                "keyword",
                "query",
                q.id,
                values={"entities": float(len(q.entities))},
                note=f"{word!r} from {source}",
            )


# Extensions of files a form may export the results as (no page of them).
_EXPORTS = frozenset({"csv", "json", "jsonl", "tsv", "xml", "xlsx", "xls", "ods", "zip", "pdf"})


def _unfiltered(
    ex: Exploring,
    todo: list[tuple[FormChoice, str]],
    firsts: list[Snapshot | None],
    q0: Query,
) -> set[tuple[str, ...]]:
    """The first pages the choices of one field all show alike, every entity on them one of the
    start query's: a field that filters nothing (a "search in" menu, its keyword box left
    empty) sets the start query again, none of its choices explored."""
    shown: dict[str, set[tuple[str, ...]]] = {}
    counts: dict[str, int] = {}
    for (choice, _), first in zip(todo, firsts, strict=True):
        entities = ex.entities(first) if first is not None and ex.kind(first) == "list" else ()
        shown.setdefault(choice.name, set()).add(entities)
        counts[choice.name] = counts.get(choice.name, 0) + 1
    return {
        page
        for name, pages in shown.items()
        if counts[name] >= 2 and len(pages) == 1
        for page in pages
        if page and set(page) <= q0.entity_set
    }


def _opens_a_wider_list(q0: Query, found: tuple[str, ...], tolerance: float) -> bool:
    """Whether a keyword's results hold every entity the start query lists (but `tolerance` of
    them) and more: no search within the list (a search narrows it) but a page the word names,
    listing wider (a "Goto" box's node: a manual's contents, every section beside the start
    list's entries)."""
    more = set(found) - q0.entity_set
    return is_subset(q0.entities, found, tolerance) and len(more) > tolerance * len(found)


def _exports(action: str) -> bool:
    """Whether a form's action is a file export (``/table.csv``): not a list to explore."""
    name = urlsplit(action).path.rsplit("/", 1)[-1]
    return "." in name and name.rsplit(".", 1)[1].lower() in _EXPORTS


def _is_ordering(control: Control) -> bool:
    words = re.split(r"\W+", f"{control.group} {control.name}".lower())
    return any(w in words for w in SORT_WORDS)


def _exclusive(form: FormSpec, name: str) -> tuple[str, ...]:
    kinds = {c.kind for c in form.fields if c.name == name}
    return (name,) if "checkbox" in kinds else ()


def _fill_submit(form: FormSpec, values: dict[str, str], label: str) -> Action:
    selector = form.submit.selector if form.submit is not None else ""
    return Action("fill_submit", selector, fields=tuple(sorted(values.items())), label=label)


def _fill_value(choice: FormChoice) -> str:
    """The value a fill_submit action sets: the option's value for a select, "on" for a
    checkbox or radio (the control's selector already names the value)."""
    return "on" if choice.control.kind in ("checkbox", "radio") else choice.field_value


def _anchor_words(snap: Snapshot, limit: int) -> list[str]:
    """Distinct words of the page's anchor texts, longest first (the Outdesit idea)."""
    words: dict[str, None] = {}
    for link in snap.links:
        for word in re.findall(r"[A-Za-z][A-Za-z-]{3,}", link.text):
            words.setdefault(word.lower(), None)
    return sorted(words, key=lambda w: (-len(w), w))[:limit]
