"""Query-centric exploration on the three lab shops (small), scored against their truth."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from datetime import timedelta
from pathlib import Path

import pytest

from siteseer.algorithms import INTERRUPTED, Exploration, Halt, explore
from siteseer.algorithms.querycentric import clustering
from siteseer.algorithms.querycentric.core import Explorer, Settings
from siteseer.algorithms.querycentric.entities import learn_entities
from siteseer.algorithms.run import Run, Stopped, time_limit_reason
from siteseer.crawler import RenderMode, Session, SessionConfig
from siteseer.lab import LabServer, SiteTruth, pair_scores, set_scores
from siteseer.lab.runners.exploration import exploration_run, lower_bound, start_url
from siteseer.lab.sites.catalog_data import HIDDEN_ATTRIBUTES
from siteseer.render import Snapshot

pytestmark = pytest.mark.timeout(600)


async def _explore(
    truth: SiteTruth, render: RenderMode, cache: Path | None = None, **params: object
) -> Exploration:
    config = SessionConfig(render=render, cache=cache)
    async with Session(config) as session:
        return await explore(
            session,
            start_url(truth),
            entity_sample=truth.seed_entity,
            **params,  # type: ignore[arg-type]
        )


def _assert_quality(result: Exploration, truth: SiteTruth) -> None:
    assert result.complete, result.reason
    entities = set_scores(result.entities, truth.target_entities)
    assert entities.precision == 1.0
    assert entities.recall >= 0.99
    pairs = pair_scores(result.entities, truth, HIDDEN_ATTRIBUTES)
    assert pairs.precision >= 0.98, pairs
    assert pairs.recall >= 0.98, pairs
    # the runner reports the same figures to the bench
    run = exploration_run(result, truth)
    assert run.scores["f1"] == pytest.approx(pairs.f1)
    assert run.extra["entity_recall"] == pytest.approx(entities.recall, abs=1e-4)


def _assert_no_equivalent_explored(result: Exploration) -> None:
    explored = [q for q in result.queries if q.status == "explored"]
    conditions = [
        frozenset((a.casefold(), v.casefold()) for a, v in q.conditions) for q in explored
    ]
    assert len(conditions) == len(set(conditions)), "a condition set was explored twice"
    # no explored query came through a sort order: sort variants are skipped, each in the trace
    for q in explored:
        assert not any("sort=" in page.split(" ")[0] for page in q.pages), q
    orderings = [s for s in result.skipped if s.reason == "ordering"]
    assert orderings, "the shops offer sort orders: each must be reported as skipped"
    assert all("equivalent" in s.detail for s in orderings if s.query == "q0")
    assert any(t.step == "skip" and t.decision == "ordering" for t in result.trace)


def _assert_cost(result: Exploration, truth: SiteTruth, at_most: float = 1.5) -> None:
    bound = lower_bound(truth)
    assert bound > 0
    ratio = result.cost.state_changes / bound
    assert ratio <= at_most, (
        f"{result.cost.downloads} page loads and {result.cost.actions} actions "
        f"for a lower bound of {bound}"
    )


@pytest.mark.slow
async def test_shop_links_exploration_and_cache(
    lab: Callable[[str], LabServer], tmp_path: Path
) -> None:
    server = lab("shop-links")
    truth = server.truth("shop-links")
    cache = tmp_path / "cache.sqlite"
    result = await _explore(truth, "never", cache)
    _assert_quality(result, truth)
    _assert_no_equivalent_explored(result)
    _assert_cost(result, truth)
    # the sort links all change one parameter: one is loaded and tested, the others take its
    # verdict unloaded
    at_start = [s for s in result.skipped if s.reason == "ordering" and s.query == "q0"]
    assert len(at_start) >= 3
    assert sum(1 for s in at_start if "not loaded" not in s.detail) == 1
    # hierarchical facets: subcategories were explored below their category
    deep = [q for q in result.queries if q.depth == 2 and q.status == "explored"]
    assert {q.conditions[0][0] for q in deep} == {"Category"}
    assert {q.conditions[1][0] for q in deep} == {"Subcategory"}
    # the largest page size was chosen, the smaller ones skipped
    assert any(s.reason == "page-size" for s in result.skipped)
    assert all("per=48" in p for q in result.queries if q.depth for p in q.pages)
    # conjunctions of facet values already applied alone were not fetched, in either click
    # order (the canonical URL of {brand, colour} is reached from both single-value queries)
    conjunctions: dict[str, set[str]] = {}
    for s in result.skipped:
        if s.reason == "conjunction":
            conjunctions.setdefault(s.subject, set()).add(s.query)
    fetched = {p for q in result.queries for p in q.pages}
    assert conjunctions and not fetched & set(conjunctions)
    assert sum(1 for queries in conjunctions.values() if len(queries) == 2) > 100
    # entity pages: only the one sample was downloaded
    pages = {p for q in result.queries for p in q.pages}
    assert not any("/product/" in p for p in pages)
    # a second run reads everything from the cache
    again = await _explore(truth, "never", cache)
    assert again.cost.downloads == 0
    assert again.cost.cache_hits > 0
    assert again.entities == result.entities


async def test_shop_form_exploration_and_safety(lab: Callable[[str], LabServer]) -> None:
    server = lab("shop-form")
    truth = server.truth("shop-form")
    site = server.site("shop-form")
    before = dict(site.forbidden_hits)  # type: ignore[attr-defined]
    result = await _explore(truth, "auto")
    _assert_quality(result, truth)
    _assert_cost(result, truth)
    orderings = [s for s in result.skipped if s.reason == "ordering"]
    assert {s.subject for s in orderings} == {
        "Sort by: Price: low to high",
        "Sort by: Name",
        "Sort by: Newest",
    }
    assert all(q.status == "explored" for q in result.queries)
    # every enumerated form value is a query of its own, with its attribute from the field label,
    # but the brand: the list's Brand column shows every product's, so its queries would add no
    # pair (the start query was paged to its end); the pairs come from the column
    attributes = {q.conditions[0][0] for q in result.queries if q.conditions}
    assert attributes == {
        "Category",
        "Subcategory",
        "Size",
        "Material",
        "Rating",
        "Price",
        "Colour",
    }
    listed = {s.subject.split(":")[0] for s in result.skipped if s.reason == "listed"}
    assert listed == {"Brand"}
    assert dict(site.forbidden_hits) == before  # type: ignore[attr-defined]
    pages = {p for q in result.queries for p in q.pages}
    assert not any("/account/login" in p or "/cart" in p for p in pages)
    # The results are a table (Product, Brand, Price): each product's row gives its fields, and
    # the facets keep priority where both name an attribute (the price band, not the price).
    assert all(attrs.get("Product") for attrs in result.entities.values())
    shown = pair_scores(result.entities, truth, ("brand", "price"))
    assert shown.precision == 1.0 and shown.recall == 1.0, shown
    # The product pages are no record of the rows (one column of three repeated): only the
    # sample was loaded.
    (decision,) = [t.decision for t in result.trace if t.step == "entity-pages"]
    assert decision == "skip"


async def test_post_form_needs_allow_post(lab: Callable[[str], LabServer]) -> None:
    server = lab("shop-form")
    truth = server.truth("shop-form")
    config = SessionConfig(render="never")
    async with Session(config) as session:
        result = await explore(
            session, server.url("shop-form") + "/search-post", entity_sample=truth.seed_entity
        )
    assert [s.reason for s in result.skipped] == ["post-form"]
    assert result.cost.actions == 0
    assert not result.complete


@pytest.mark.slow
@pytest.mark.browser
async def test_shop_ajax_exploration_and_safety(
    lab: Callable[[str], LabServer], tmp_path: Path
) -> None:
    server = lab("shop-ajax")
    truth = server.truth("shop-ajax")
    site = server.site("shop-ajax")
    before = dict(site.forbidden_hits)  # type: ignore[attr-defined]
    cache = tmp_path / "ajax.sqlite"
    result = await _explore(truth, "auto", cache)
    _assert_quality(result, truth)
    _assert_no_equivalent_explored_ajax(result)
    # Each Ajax facet state is replayed from a fresh load of the list page: one page load per
    # state next to its click, and the rest of its list asked directly (one download per
    # answer of up to 100 rows), so on the small shop the loads weigh as much as the chunks the
    # lower bound counts (115 downloads + 94 actions against 114). The 1.5x target is the
    # medium bench's, where the lower bound's 12-row chunks dominate (0.34 there).
    _assert_cost(result, truth, at_most=2.0)
    # facets were clicked in the browser: each query beyond the start is a state (URL + actions)
    states = [q.pages[0] for q in result.queries if q.depth]
    assert states and all(" [" in key for key in states)
    # safety: no add-to-cart or log-out was ever acted on or requested
    assert dict(site.forbidden_hits) == before  # type: ignore[attr-defined]
    for key in states:
        assert "add-to-cart" not in key and "logout" not in key
    again = await _explore(truth, "auto", cache)
    assert again.cost.downloads == 0
    assert again.entities == result.entities


@pytest.mark.browser
async def test_shop_ajax_facets_are_clicked_in_the_browser_within_a_budget(
    lab: Callable[[str], LabServer],
) -> None:
    # The fast stand-in for the full Ajax exploration above: a few facet clicks, then the budget.
    server = lab("shop-ajax")
    truth = server.truth("shop-ajax")
    site = server.site("shop-ajax")
    before = dict(site.forbidden_hits)  # type: ignore[attr-defined]
    # (the start list's two learning clicks, its check and its direct answers take 5 of it)
    async with Session(SessionConfig(render="auto", budget=12)) as session:
        result = await explore(session, start_url(truth), entity_sample=truth.seed_entity)
    assert not result.complete and result.reason == "budget spent"
    assert result.cost.actions > 0
    states = [q.pages[0] for q in result.queries if q.depth]
    assert states and all(" [" in key and '"click"' in key for key in states)
    assert set(result.queries[0].entities) == set(truth.target_entities)  # load-more to the end
    pairs = pair_scores(result.entities, truth)
    assert pairs.found > 0 and pairs.precision == 1.0
    assert dict(site.forbidden_hits) == before  # type: ignore[attr-defined]


@pytest.mark.browser
async def test_shop_ajax_lists_are_grown_by_their_own_request_asked_directly(
    lab: Callable[[str], LabServer],
) -> None:
    # Two load-more clicks teach the list's GET request (its offset counter and page size);
    # checked against the rows the second click added, it is asked over HTTP for the rest of
    # the start list and of the first facet lists: downloads instead of a click per chunk.
    server = lab("shop-ajax")
    truth = server.truth("shop-ajax")
    site = server.site("shop-ajax")
    before = dict(site.forbidden_hits)  # type: ignore[attr-defined]
    # 19 units: the budget ends where the clicks below are counted (the render that decides
    # the host is made from its HTTP fetch and spends no unit of its own).
    async with Session(SessionConfig(render="auto", budget=19)) as session:
        result = await explore(session, start_url(truth), entity_sample=truth.seed_entity)
    learned = [t for t in result.trace if t.step == "list-request"]
    assert learned[0].decision == "direct", learned[0]
    assert "offset += 12" in learned[0].note and "limit" in learned[0].note
    fetched = [t for t in learned if t.decision == "fetch"]
    assert len(fetched) >= 2  # the start list and at least one facet's
    # the start list holds the whole catalogue after two clicks and a few direct answers
    q0 = result.queries[0]
    assert set(q0.entities) == set(truth.target_entities)
    assert len(q0.entities) > 3 * 12
    # every facet list read so far is exactly its query's entities in the truth
    by_conditions = {
        frozenset((a.casefold(), v.casefold()) for a, v in q.conditions): set(q.entities)
        for q in truth.queries
    }
    explored = [q for q in result.queries if q.depth == 1 and q.status == "explored"]
    assert explored
    matched = 0
    for q in explored:
        key = frozenset((a.casefold(), v.casefold()) for a, v in q.conditions)
        if key in by_conditions:
            matched += 1
            assert set(q.entities) == by_conditions[key], q.conditions
    assert matched, (explored[0].conditions, next(iter(by_conditions)))
    # clicks: two to learn, one per facet, the three sort orders; no click per further chunk
    assert result.cost.actions <= 2 + len(explored) + 3
    assert dict(site.forbidden_hits) == before  # type: ignore[attr-defined]


def _assert_no_equivalent_explored_ajax(result: Exploration) -> None:
    explored = [q for q in result.queries if q.status == "explored"]
    conditions = [frozenset(q.conditions) for q in explored]
    assert len(conditions) == len(set(conditions))
    orderings = [s for s in result.skipped if s.reason == "ordering"]
    # the sort select's three other orders: tested once at the start query, then skipped at
    # every other query
    at_start = [s for s in orderings if s.query == "q0"]
    assert len(at_start) == 3
    assert all("equivalent" in s.detail for s in orderings)
    assert len(orderings) == 3 * len(explored)
    assert not any('"select"' in p for q in explored for p in q.pages)


@pytest.mark.slow
async def test_entity_pattern_guessed_without_a_sample(lab: Callable[[str], LabServer]) -> None:
    server = lab("shop-links")
    truth = server.truth("shop-links")
    async with Session(SessionConfig(render="never")) as session:
        result = await explore(session, start_url(truth))
    assert result.entity_pattern.endswith("/product/*/*")
    guess = [t for t in result.trace if t.step == "entity-pattern"]
    assert [t.decision for t in guess] == ["guess"]
    _assert_quality(result, truth)


async def test_budget_stops_the_exploration_with_what_was_found(
    lab: Callable[[str], LabServer],
) -> None:
    server = lab("shop-links")
    truth = server.truth("shop-links")
    async with Session(SessionConfig(render="never", budget=12)) as session:
        result = await explore(session, start_url(truth), entity_sample=truth.seed_entity)
    assert not result.complete
    assert result.reason == "budget spent"
    assert any(s.reason == "budget" for s in result.skipped)
    assert result.cost.downloads <= 12
    # what was learned before the budget ran out is still reported, and still right
    pairs = pair_scores(result.entities, truth)  # every facet attribute (brand comes first)
    assert pairs.found > 0 and pairs.precision == 1.0


@pytest.mark.slow
async def test_keywords_fill_the_keyword_box(lab: Callable[[str], LabServer]) -> None:
    server = lab("shop-form")
    truth = server.truth("shop-form")
    site = server.site("shop-form")
    word = "Alpine"
    expected = {
        server.url("shop-form") + p.path
        for p in site.catalogue.products()  # type: ignore[attr-defined]
        if p.matches([word])
    }
    async with Session(SessionConfig(render="never")) as session:
        result = await explore(
            session, start_url(truth), entity_sample=truth.seed_entity, keywords=[word]
        )
    keyword = [t for t in result.trace if t.step == "keyword"]
    assert len(keyword) == 1 and "'Alpine' from --keywords" in keyword[0].note
    (query,) = [q for q in result.queries if q.id == keyword[0].subject]
    assert set(query.entities) == expected and expected
    assert query.conditions == ()  # a keyword is not an attribute
    _assert_quality(result, truth)


@pytest.mark.slow
@pytest.mark.browser
async def test_post_form_with_allow_post_submits_in_the_browser(
    lab: Callable[[str], LabServer],
) -> None:
    server = lab("shop-form")
    truth = server.truth("shop-form")
    site = server.site("shop-form")
    before = dict(site.forbidden_hits)  # type: ignore[attr-defined]
    config = SessionConfig(render="auto", budget=14)
    async with Session(config) as session:
        result = await explore(
            session,
            server.url("shop-form") + "/search-post",
            entity_sample=truth.seed_entity,
            allow_post=True,
        )
    assert result.reason == "budget spent"
    submitted = [q for q in result.queries if q.conditions]
    assert submitted, "some form values were submitted before the budget ran out"
    assert all('"fill_submit"' in q.pages[0] for q in submitted)
    assert result.cost.actions > 0
    # the widest query (the form submitted untouched) lists every product, over its POST pages
    assert set(result.queries[0].entities) == set(truth.target_entities)
    # what the submissions revealed is right
    assert pair_scores(result.entities, truth).precision == 1.0
    assert dict(site.forbidden_hits) == before  # type: ignore[attr-defined]


async def test_a_run_stopped_before_its_first_query_reports_the_entities_it_saw(
    lab: Callable[[str], LabServer],
) -> None:
    # A stop (a time limit, the budget, Ctrl-C) may come before the start query is made: while
    # the start page's views are clicked in turn or its list is grown. What the states seen
    # until then listed is the partial result, marked incomplete.
    server = lab("shop-links")
    truth = server.truth("shop-links")
    settings = Settings(entity_sample=truth.seed_entity)
    async with Session(SessionConfig(render="never")) as session:
        ex = Explorer(Run(session), start_url(truth), settings)
        root = await ex.run.seed(ex.start)
        ex.states.add(root)
        assert await learn_entities(ex, root)
        with suppress(Stopped):
            ex.run.stop(time_limit_reason(timedelta(seconds=300)))
        result = ex.result()
    assert not ex.queries
    assert not result.complete and result.reason.startswith("time limit")
    found = set(result.entities)
    assert found and found <= set(truth.target_entities)
    assert found == set(ex.entities(root))  # the start page's list, as it showed it


async def test_budget_spent_at_the_start_list_still_reports_its_entities(
    lab: Callable[[str], LabServer],
) -> None:
    server = lab("shop-links")
    truth = server.truth("shop-links")
    async with Session(SessionConfig(render="never", budget=3)) as session:
        result = await explore(session, start_url(truth), entity_sample=truth.seed_entity)
    assert not result.complete and result.reason == "budget spent"
    found = set(result.entities)
    assert found and found <= set(truth.target_entities)


async def test_a_fired_halt_ends_clustering_before_its_next_page(
    lab: Callable[[str], LabServer], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Comparing a loaded page's links parses its list; once the run's Halt fires (a time
    # limit, Ctrl-C) no further page is compared: each query keeps the pages clustered so far.
    server = lab("shop-links")
    truth = server.truth("shop-links")
    halt = Halt()
    async with Session(SessionConfig(render="never")) as session:
        ex = Explorer(
            Run(session, halt=halt), start_url(truth), Settings(entity_sample=truth.seed_entity)
        )
        root = await ex.run.seed(ex.start)
        assert await learn_entities(ex, root)
        firsts = [root, root]
        assert len((await ex.cluster_many(firsts, ["a", "b"]))[0]) > 1  # the list is paged
        compared: list[str] = []
        links = clustering.query_links

        def counted(snap: Snapshot, *args: object) -> frozenset[str]:
            compared.append(snap.url)
            if len(compared) == 1:
                halt.halt(INTERRUPTED)
            return links(snap, *args)  # type: ignore[arg-type]

        monkeypatch.setattr(clustering, "query_links", counted)
        assert await ex.cluster_many(firsts, ["a", "b"]) == [[root], [root]]
    assert compared == [root.url]
