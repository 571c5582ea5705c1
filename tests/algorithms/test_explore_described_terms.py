"""`explore` on a manual's index of commands, against the lab's truth: each command's page
describes its options in a definition list (an option, then a sentence saying what it does),
the terms of its text and no record, so no second command page is loaded to compare them and
no page is read for fields; where each page shows a record instead (short values under word
labels, other values on every page), a second page is compared and every page read."""

from __future__ import annotations

from aiohttp import web

from siteseer.lab import Site, SiteTruth
from tests.algorithms.explore_runs import serve_and_explore

COMMANDS = {
    "add": "2.39",
    "commit": "2.40",
    "fetch": "2.41",
    "merge": "2.42",
    "push": "2.43",
    "rebase": "2.44",
}


def _html(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


class _Manual(Site):
    """`/` lists the commands; `/<name>.html` describes one: its options as terms and
    sentences, or (`record`) a record of short fields."""

    kind = "entity-tree"

    def __init__(self, *, record: bool) -> None:
        self.record = record
        self.id = "manual-record" if record else "manual-options"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/":
            items = "".join(f'<li><a href="/{n}.html">git-{n}</a></li>' for n in COMMANDS)
            return _html(f"<h1>Commands</h1><ul>{items}</ul>")
        name = request.path.strip("/").removesuffix(".html")
        if name not in COMMANDS:
            return web.Response(status=404, text="not found")
        if self.record:
            terms = (
                f"<dt>Command</dt><dd>git-{name}</dd><dt>Since</dt><dd>{COMMANDS[name]}</dd>"
                f"<dt>Section</dt><dd>{len(name)}</dd>"
            )
        else:
            terms = "".join(
                f"<dt>--{option}</dt><dd>Makes git {name} {option} what it would otherwise "
                "leave as it is, as the manual describes.</dd>"
                for option in ("verbose", "quiet", "force", "dry-run")
            )
        back = '<p><a href="/">All commands</a></p>'
        return _html(f"<h1>git-{name}</h1><h2>Options</h2><dl>{terms}</dl>{back}")

    def truth(self, base_url: str) -> SiteTruth:
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"command": tuple(f"{base_url}/{n}.html" for n in COMMANDS)},
            target_type="command",
            seed_entity=f"{base_url}/commit.html",
        )


async def test_options_described_by_sentences_are_no_record_and_load_no_second_page() -> None:
    truth, result, downloaded = await serve_and_explore(_Manual(record=False))
    assert set(result.entities) == set(truth.target_entities)
    assert all(not fields for fields in result.entities.values()), result.entities
    assert sorted(downloaded) == sorted([truth.base_url + "/", truth.seed_entity])


async def test_a_record_of_short_fields_is_compared_on_a_second_page_and_read() -> None:
    truth, result, downloaded = await serve_and_explore(_Manual(record=True))
    assert set(result.entities) == set(truth.target_entities)
    for name, since in COMMANDS.items():
        fields = result.entities[f"{truth.base_url}/{name}.html"]
        assert fields["Since"] == (since,), fields
    assert len(downloaded) == 1 + len(COMMANDS)
