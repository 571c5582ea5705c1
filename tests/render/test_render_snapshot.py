"""Action and State: typed fields, their checks, the stable key and the JSON round trip."""

from __future__ import annotations

import json

import pytest

from siteseer.render import Action, Snapshot, State

URL = "http://127.0.0.1:8000/shop"


def test_each_kind_carries_its_own_fields() -> None:
    assert Action("select", "#sort", "price").value == "price"
    assert Action("load_more", "#more", rounds=3).rounds == 3
    assert Action("load_more", "#more").rounds is None  # the performer's default
    fill = Action("fill_submit", "#go", fields=(("#q", "boots"),))
    assert fill.fields == (("#q", "boots"),) and fill.value is None


@pytest.mark.parametrize(
    ("kwargs", "problem"),
    [
        ({"kind": "select", "selector": "#sort"}, "needs the option's value"),
        ({"kind": "click", "selector": "#a", "value": "x"}, "only for a select"),
        ({"kind": "load_more", "selector": "#m", "value": "20"}, "only for a select"),
        ({"kind": "click", "selector": "#a", "fields": (("#q", "x"),)}, "only for fill_submit"),
        ({"kind": "load_more", "selector": "#m", "rounds": 0}, "rounds is a count"),
        ({"kind": "click", "selector": "#a", "rounds": 2}, "rounds is a count"),
        ({"kind": "hover", "selector": "#a"}, "unknown kind 'hover'"),
    ],
)
def test_fields_of_another_kind_are_refused(kwargs: dict[str, object], problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        Action(**kwargs)  # type: ignore[arg-type]


def test_key_keeps_its_layout() -> None:
    # [kind, selector, value-or-rounds-as-text, fields]: the cache keys of acted states
    assert Action("click", "#nike", label="Nike").key() == '["click", "#nike", "", []]'
    assert Action("select", "#sort", "price").key() == '["select", "#sort", "price", []]'
    assert Action("load_more", "#more", rounds=1000).key() == '["load_more", "#more", "1000", []]'
    assert Action("load_more", "#more").key() == '["load_more", "#more", "", []]'
    fill = Action("fill_submit", "#go", fields=(("#q", "boots"),))
    assert fill.key() == '["fill_submit", "#go", "", [["#q", "boots"]]]'
    state = State(URL).then(Action("click", "#nike")).then(Action("load_more", "#m", rounds=5))
    assert state.key() == URL + ' [["click", "#nike", "", []], ["load_more", "#m", "5", []]]'


def test_label_is_not_identity() -> None:
    assert Action("click", "#nike", label="Nike") == Action("click", "#nike")
    assert Action("load_more", "#m", rounds=2) != Action("load_more", "#m", rounds=3)


def test_actions_round_trip_through_json() -> None:
    actions = (
        Action("click", "#nike", label="Brand: Nike"),
        Action("select", "#sort", "", label="no order"),
        Action("fill_submit", "", fields=(("#q", "boots"), ("#in-stock", "on"))),
        Action("load_more", "#more", rounds=7, label="Load more"),
    )
    for action in actions:
        again = Action.from_dict(json.loads(json.dumps(action.to_dict())))
        assert again == action and again.label == action.label and again.key() == action.key()
    state = State(URL, actions)
    snap = Snapshot(URL, URL, 200, "<html></html>", state=state)
    back = Snapshot.from_json(snap.to_json())
    assert back.state == state and back.key == snap.key


def test_older_dicts_with_a_count_in_value_are_read() -> None:
    old = {"kind": "load_more", "selector": "#more", "value": "1000", "fields": [], "label": ""}
    action = Action.from_dict(old)
    assert action == Action("load_more", "#more", rounds=1000)
    assert action.key() == '["load_more", "#more", "1000", []]'
    click = Action.from_dict({"kind": "click", "selector": "#a", "value": "", "fields": []})
    assert click == Action("click", "#a") and click.value is None
