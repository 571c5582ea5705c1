"""The command line's mirrored choices equal the types they mirror (siteseer/choices.py)."""

from __future__ import annotations

from typing import get_args

import click
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


def test_the_method_choices_are_the_registry_s_names_in_order() -> None:
    # No mirror of the method names: discover's and batch's --method read the registry.
    from siteseer.commandline.batch import batch
    from siteseer.commandline.discover import discover

    for command in (discover, batch):
        (option,) = (p for p in command.params if p.name == "method")
        assert isinstance(option.type, click.Choice)
        assert tuple(option.type.choices) == tuple(algorithms.DISCOVERY_METHODS)
        assert option.help is not None
        for method in algorithms.DISCOVERY_METHODS.values():
            assert f"{method.name} ({method.summary})" in option.help
