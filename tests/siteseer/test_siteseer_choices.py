"""The command line's mirrored choices equal the types they mirror (siteseer/choices.py)."""

from __future__ import annotations

from typing import get_args

import pytest

from siteseer import algorithms, choices, crawler, lab, output


@pytest.mark.parametrize(
    ("mirror", "original"),
    [
        (choices.OutputFormat, output.RowFormat),
        (choices.RenderChoice, crawler.RenderMode),
        (choices.TagFeatureChoice, algorithms.TagFeature),
        (choices.ProbeOrderChoice, algorithms.ProbeOrder),
        (choices.ClusterChoice, algorithms.ClusterMethod),
        (choices.LabSize, lab.Size),
    ],
)
def test_each_mirror_offers_exactly_the_original_choices(mirror: object, original: object) -> None:
    assert sorted(get_args(mirror)) == sorted(get_args(original))


def test_the_method_choice_names_every_registered_method_in_order() -> None:
    assert get_args(choices.DiscoverMethod) == tuple(algorithms.DISCOVERY_METHODS), (
        "a method in algorithms/methods.py is offered by siteseer/choices.py's DiscoverMethod"
    )
