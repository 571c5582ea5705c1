"""SSUP's index levels loaded by yield: a family of an index level's pages whose first page shows
no entity link (shaped as the next level's sample) that the level's sample, paged to its end,
did not is a view of the same entities, and its other pages are not downloaded; a level whose
pages each add entities (seasons sharing drivers) is loaded whole."""

from __future__ import annotations

from siteseer.algorithms import ssup
from siteseer.algorithms.features.urlshape import shape_of
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, set_scores
from siteseer.lab.sites.drivers import DriversSite


def test_a_urls_shape_keeps_its_first_segment_its_length_and_its_parameter_names() -> None:
    cars = shape_of("http://h/car/bmw/x5")
    assert cars is not None and cars.matches("http://h/car/audi/a4")
    assert not cars.matches("http://h/team/audi/a4") and not cars.matches("http://h/car/a4")
    commits = shape_of("http://h/?p=dpkg.git;a=commit;h=6880ba36")
    assert commits is not None and commits.matches("http://h/?p=other.git;a=commitdiff;h=1f")
    # A search of an author from a commit is no entry: its parameters are others.
    assert not commits.matches("http://h/?p=dpkg.git;a=search;h=1f;s=Ian;st=author")


async def test_an_index_level_whose_pages_each_add_entities_is_loaded_whole() -> None:
    site = DriversSite("small", 0)
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await ssup(session, truth.seed_entity, height=2)
    assert result.complete, result.reason
    # The seasons share drivers: each season's first page still shows drivers no season before
    # it did, so none is taken for a view.
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    assert not [t for t in result.trace if t.step == "same-level" and t.decision == "stop"]
