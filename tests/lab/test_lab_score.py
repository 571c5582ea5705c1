"""Scores against values computed by hand."""

from __future__ import annotations

import pytest

from siteseer import lab
from siteseer.crawler import Cost
from siteseer.lab import SiteTruth
from siteseer.lab.score import (
    adjusted_rand_index,
    attribute_pairs,
    cluster_scores,
    cost_row,
    pair_scores,
    purity,
    set_scores,
    url_scores,
)


def test_set_scores_counts_and_harmonic_mean() -> None:
    s = set_scores(["a", "b", "c", "x"], ["a", "b", "c", "d", "e", "f"])
    assert (s.found, s.relevant, s.correct) == (4, 6, 3)
    assert s.precision == pytest.approx(0.75)
    assert s.recall == pytest.approx(0.5)
    assert s.f1 == pytest.approx(0.6)  # 2·0.75·0.5 / 1.25


def test_set_scores_duplicates_count_once() -> None:
    s = set_scores(["a", "a", "b"], ["a"])
    assert (s.found, s.correct, s.precision, s.recall) == (2, 1, 0.5, 1.0)


def test_url_scores_compare_both_sides_in_one_spelling() -> None:
    # A truth written as the site's links spell them, a report as the crawl requested them:
    # one request, one entity; a bare key and the same key with "=" are two requests.
    truth = ["http://h:80/man2html?3+printf", "http://h/p?b=2&a=1", "http://h/q#/item/1"]
    found = ["http://h/man2html?3+printf", "http://h/p?a=1&b=2", "http://h/q#/item/%31"]
    assert url_scores(found, truth).f1 == 1.0
    assert url_scores(["http://h/man2html?3+printf="], truth[:1]).correct == 0
    assert url_scores(["not a url"], ["not a url"]).f1 == 1.0


@pytest.mark.parametrize(
    ("found", "relevant", "expected"),
    [
        ([], [], (1.0, 1.0, 1.0)),
        ([], ["a"], (1.0, 0.0, 0.0)),
        (["a"], [], (0.0, 1.0, 0.0)),
        (["b"], ["a"], (0.0, 0.0, 0.0)),
    ],
)
def test_set_scores_empty_conventions(
    found: list[str], relevant: list[str], expected: tuple[float, float, float]
) -> None:
    s = set_scores(found, relevant)
    assert (s.precision, s.recall, s.f1) == expected


def _shop_truth() -> SiteTruth:
    return SiteTruth(
        site="shop",
        base_url="http://x",
        kind="shop",
        attributes={
            "e1": {"color": ("red", "blue"), "brand": ("nike",), "title": ("Runner",)},
            "e2": {"color": ("red",), "brand": ("adidas",)},
        },
        facet_values={"color": ("red", "blue"), "brand": ("nike", "adidas")},
    )


def test_attribute_pairs_normalise_names_and_values() -> None:
    pairs = attribute_pairs({"e": {"Colour ": ["Dark  Red"], "size": ["M"]}}, only=["colour"])
    assert pairs == frozenset({("e", "colour", "dark red")})


def test_a_name_in_the_other_number_is_the_attribute_only_when_the_site_has_no_such_name() -> None:
    # A blog's /tag/<value>/ lists name "tag" the attribute its truth calls "tags"; a plane's
    # "engines" (a count) and "engine" (a kind) are two attributes and stay two.
    blog = ["tags", "category"]
    tags = attribute_pairs({"p": {"Tag": ["x"], "Categories": ["y"]}}, blog, spelled=blog)
    assert tags == frozenset({("p", "tags", "x"), ("p", "category", "y")})
    site = ["engines", "engine"]
    planes = attribute_pairs({"n1": {"Engines": ["2"]}}, only=site, spelled=site)
    assert planes == frozenset({("n1", "engines", "2")})
    assert not attribute_pairs({"n1": {"Engines": ["2"]}}, only=["engine"], spelled=site)
    alone = attribute_pairs({"n1": {"Engines": ["2"]}}, only=["engine"], spelled=["engine"])
    assert alone == frozenset({("n1", "engine", "2")})


def test_pair_scores_eq_6_7() -> None:
    # R(S): (e1,color,red) (e1,color,blue) (e1,brand,nike) (e2,color,red) (e2,brand,adidas)
    # M(S): (e1,color,red) (e1,brand,puma) (e2,color,red) (e2,brand,adidas) (e3,color,green)
    # "title" is not a hidden attribute: it counts on neither side.
    extracted = {
        "e1": {"Color": ["Red"], "brand": ["puma"], "title": ["Runner"]},
        "e2": {"color": ["red"], "brand": ["adidas"]},
        "e3": {"color": ["green"]},
    }
    s = pair_scores(extracted, _shop_truth())
    assert (s.relevant, s.found, s.correct) == (5, 5, 3)
    assert s.precision == pytest.approx(3 / 5)
    assert s.recall == pytest.approx(3 / 5)


def test_pair_scores_explicit_hidden_attributes() -> None:
    s = pair_scores({"e1": {"brand": ["nike"]}}, _shop_truth(), hidden=["brand"])
    assert (s.relevant, s.found, s.correct) == (2, 1, 1)
    assert (s.precision, s.recall) == (1.0, 0.5)


def _wiki_truth() -> SiteTruth:
    # "package" shows only as each page's parent in its breadcrumb (no label names it);
    # "series" is labelled.
    return SiteTruth(
        site="wiki",
        base_url="http://x",
        kind="entity-tree",
        attributes={
            "p1": {"package": ("curl",), "series": ("1.x",)},
            "p2": {"package": ("curl",), "series": ("2.x",)},
            "p3": {"package": ("zlib",), "series": ("1.x",)},
        },
        facet_values={"package": ("curl", "zlib"), "series": ("1.x", "2.x")},
        unlabelled=("package",),
    )


def test_an_unlabelled_attribute_is_matched_by_its_values() -> None:
    # "section" holds the packages (3 pairs of 3), "title" overlaps them once: "section" is
    # the package; "series" is matched by name only, so "Series" counts and "version" not.
    extracted = {
        "p1": {"section": ["curl"], "title": ["curl"], "Series": ["1.x"]},
        "p2": {"section": ["curl"], "version": ["2.x"]},
        "p3": {"section": ["zlib"], "Series": ["1.x"]},
    }
    s = pair_scores(extracted, _wiki_truth())
    assert (s.relevant, s.found, s.correct) == (6, 5, 5)
    assert (s.precision, s.recall) == (1.0, pytest.approx(5 / 6))


def test_the_unlabelled_alignment_is_one_to_one_and_leaves_labelled_names_alone() -> None:
    # "series" is a labelled name: its values never stand for the package, even where they
    # would overlap; the output attribute called "package" that overlaps less than "parent"
    # loses the name to it; each output attribute stands for one truth attribute at most.
    extracted = {
        "p1": {"parent": ["curl"], "package": ["curl"], "series": ["curl"]},
        "p2": {"parent": ["curl"]},
        "p3": {"parent": ["zlib"], "package": ["gnutls"]},
    }
    s = pair_scores(extracted, _wiki_truth())
    assert (s.relevant, s.found, s.correct) == (6, 4, 3)
    assert s.precision == pytest.approx(3 / 4)
    assert s.recall == pytest.approx(3 / 6)
    # an output overlapping no unlabelled attribute's pairs is matched to nothing
    none = pair_scores({"p1": {"title": ["lib"]}}, _wiki_truth())
    assert (none.found, none.correct) == (0, 0)


def test_ari_textbook_example() -> None:
    # contingency [[2,1,0],[0,1,2]]: Σ C(nij,2)=2, Σ C(ai,2)=6, Σ C(bj,2)=3, C(6,2)=15
    # E = 6·3/15 = 1.2, max = 4.5, ARI = 0.8/3.3
    ari = adjusted_rand_index([0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 2, 2])
    assert ari == pytest.approx(0.8 / 3.3)


def test_ari_is_label_invariant_and_negative_below_chance() -> None:
    assert adjusted_rand_index(["a", "a", "b", "b"], [7, 7, 3, 3]) == pytest.approx(1.0)
    # all n_ij = 1: index 0, E = 2·2/6, max = 2 → (0 − 2/3) / (2 − 2/3) = −0.5
    assert adjusted_rand_index([0, 0, 1, 1], [0, 1, 0, 1]) == pytest.approx(-0.5)


def test_ari_degenerate_partitions() -> None:
    assert adjusted_rand_index([], []) == 1.0
    assert adjusted_rand_index([1], [2]) == 1.0
    assert adjusted_rand_index([1, 1, 1], [0, 0, 0]) == 1.0
    assert adjusted_rand_index([1, 2, 3], [4, 5, 6]) == 1.0
    # one cluster against all singletons: index 0, E 0, max 1.5 → 0
    assert adjusted_rand_index([1, 1, 1], [1, 2, 3]) == 0.0
    with pytest.raises(ValueError, match="differ in length"):
        adjusted_rand_index([1, 2], [1])


def test_purity_hand_computed() -> None:
    # clusters {t0,t0} {t0,t1} {t1,t1}: majorities 2 + 1 + 2 of 6
    assert purity([0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 2, 2]) == pytest.approx(5 / 6)
    assert purity([], []) == 1.0


def test_cluster_scores_missing_items_are_singletons() -> None:
    truth = {"/a": "T1", "/b": "T1", "/c": "T2", "/d": "T2"}
    perfect = cluster_scores(truth, {"/d": "y", "/c": "y", "/b": "x", "/a": "x", "/z": "x"})
    assert (perfect.ari, perfect.purity, perfect.items) == (1.0, 1.0, 4)
    # /d left out → own cluster: contingency [[2,0,0],[0,1,1]] → index 1, Σa 2, Σb 1,
    # E = 2/6, max 1.5 → (1 − 1/3) / (1.5 − 1/3) = 4/7
    partial = cluster_scores(truth, {"/a": "x", "/b": "x", "/c": "y"})
    assert partial.ari == pytest.approx(4 / 7)
    assert partial.purity == 1.0


def test_cost_row_with_lower_bound() -> None:
    truth = SiteTruth(
        site="s",
        base_url="http://x",
        kind="entity-tree",
        index_levels=(("http://x/", "http://x/?p=2"), ("http://x/a",)),
        seed_path=("http://x/", "http://x/a", "http://x/a/e1"),
    )
    row = cost_row(Cost(downloads=8, renders=2, seconds=1.23456), truth)
    assert row["downloads"] == 8
    assert row["renders"] == 2
    assert row["lower_bound_downloads"] == 4
    assert row["download_ratio"] == 2.0
    assert row["cost_seconds"] == 1.235
    assert "lower_bound_downloads" not in cost_row(Cost())


def test_lab_exports_exactly_its_surface() -> None:
    assert len(set(lab.__all__)) == len(lab.__all__)
    assert set(lab.__all__) == {
        "ClusterScores",
        "ColdScore",
        "FacetQuery",
        "LabServer",
        "MethodRun",
        "MethodSpec",
        "SITE_IDS",
        "SIZES",
        "SetScores",
        "Site",
        "SiteTruth",
        "Size",
        "adjusted_rand_index",
        "cluster_scores",
        "current_commit",
        "default_cold_dir",
        "pair_scores",
        "purity",
        "read_cold",
        "record_cold",
        "running_lab",
        "start_url",
        "set_scores",
        "site_class",
    }
    for name in lab.__all__:
        assert hasattr(lab, name), name
    assert lab.set_scores(["a"], ["a"]).f1 == 1.0
