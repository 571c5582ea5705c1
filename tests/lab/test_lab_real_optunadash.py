"""real-optunadash: optuna-dashboard over an Optuna study of vega_datasets' cars.

The fast tests write a trial's address and its numbers as the dashboard shows them (nothing
installed). The slow ones install the application (optuna-dashboard and Optuna in a venv, a study
of 60 trials run at install: about two minutes) and serve it: the truth, from the study's SQLite
storage, is held against the trials list a browser draws (scrolled through: it is virtualised)
and against each trial's pane at its address.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.async_api import async_playwright

from siteseer.lab.real.optunadash import OptunaDashApp, param_text, trial_url, value_text
from siteseer.lab.server import LabServer, running_lab
from siteseer.render.config import RenderConfig

APP = "real-optunadash"

# the trial numbers the virtualised list draws, scrolled a view at a time to its end
LISTED = """async () => {
  const buttons = () => [...document.querySelectorAll('.MuiListItemButton-root')]
    .map(b => b.innerText.split('\\n')[0]).filter(t => /^Trial \\d+$/.test(t));
  const first = [...document.querySelectorAll('.MuiListItemButton-root')]
    .find(b => /^Trial \\d+/.test(b.innerText));
  let box = first;
  while (box && !(box.scrollHeight > box.clientHeight + 1 &&
                  getComputedStyle(box).overflowY.match(/auto|scroll/))) box = box.parentElement;
  const seen = new Set(buttons());
  for (let top = 0; box && top <= box.scrollHeight; top += box.clientHeight / 2) {
    box.scrollTop = top;
    await new Promise(r => setTimeout(r, 150));
    buttons().forEach(t => seen.add(t));
  }
  return [...seen].map(t => Number(t.slice(6)));
}"""


def test_a_trials_address_selects_it_on_the_trials_list() -> None:
    assert trial_url("http://h", 7) == "http://h/dashboard/studies/1/trials?numbers=7"


def test_numbers_are_written_as_the_dashboard_writes_them() -> None:
    assert value_text(4.5572) == "4.5572"
    assert value_text(3.0) == "3"
    assert value_text(0.002407362254570802) == "0.002407362254570802"
    categorical = '{"name": "CategoricalDistribution", "attributes": {"choices": ["all", "x"]}}'
    assert param_text(1.0, categorical) == "x"
    integer = '{"name": "IntDistribution", "attributes": {"low": 1, "high": 3}}'
    assert param_text(2.0, integer) == "2"


@pytest.fixture(scope="module")
def dashboard() -> Iterator[LabServer]:
    OptunaDashApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
async def test_the_list_draws_every_trial_and_each_address_shows_its_trial(
    dashboard: LabServer, render_config: RenderConfig
) -> None:
    truth = dashboard.truth(APP)
    base = truth.base_url
    assert len(truth.target_entities) == len(set(truth.target_entities)) == 60
    ((listing,),) = truth.index_levels
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(**render_config.launch_options())
        try:
            page = await browser.new_page()
            await page.goto(listing, wait_until="load", timeout=120_000)
            await page.wait_for_selector("text=/^Trial 0$/", timeout=60_000)
            numbers = sorted(await page.evaluate(LISTED))
            assert [trial_url(base, n) for n in numbers] == list(truth.target_entities)
            # a click on a row writes the trial's address
            await page.goto(listing, wait_until="load", timeout=120_000)
            await page.get_by_text("Trial 3", exact=True).click()
            await page.wait_for_url(trial_url(base, 3), timeout=30_000)
            for url in [truth.seed_entity, *truth.target_entities[::7]]:
                number = url.rsplit("=", 1)[1]
                await page.goto(url, wait_until="load", timeout=120_000)
                head = f"Trial {number} (trial_id="
                await page.wait_for_selector(f"text=/{re.escape(head)}/", timeout=60_000)
                text = await page.inner_text("body")
                pane = text[text.index(head) :]
                for name, (value,) in truth.attributes[url].items():
                    label = "Value" if name == "value" else name
                    shown = rf"\n{re.escape(label)}\s+{re.escape(value)}\s*\n"
                    assert re.search(shown, pane), (url, name, value)
        finally:
            await browser.close()
