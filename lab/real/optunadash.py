"""real-optunadash: optuna-dashboard (PyPI), the web dashboard of the hyperparameter optimisation
framework Optuna, over a study Optuna ran on vega_datasets' cars (a single-page app whose list is
drawn by script: a virtualised list of trials that open by click, history routing).

The application (lab/real/apps/optuna_cars.py, run in its own venv) is optuna-dashboard 0.21, a
React single-page app on Bottle, over one study in an SQLite storage. Without a browser every
page is the same empty shell; the app reads the study from `/api/…` (JSON) and routes by the
History API: `/` redirects to `/dashboard` (the studies, each a link to `/dashboard/studies/<id>`),
a study's pages `/dashboard/studies/1` (history: charts and a trials table),
`…/analytics`, `…/trials`, `…/smartSelection` and `…/note`, linked from a side menu, and
`/dashboard/compare-studies`. The trials list `/dashboard/studies/1/trials` is a virtualised list
(only the rows in view are drawn) of buttons "Trial N" and their state, no link; a click selects
the trial and writes `?numbers=N` into the address, and the pane beside the list shows it
("Trial N (trial_id=M)": its value, its parameters, start and end, user attributes). The address
`/dashboard/studies/1/trials?numbers=N` loaded afresh shows that trial. The app polls the
study's API every few seconds ("Live Update"). robots.txt: none (404).

Data: an Optuna study run at install (a ridge regression predicting a car's miles per gallon from
vega_datasets' `cars.json`, scored by its validation RMSE; the parameters `alpha`, `degree` and
`features` sampled by TPE with a fixed seed): 60 trials at size small, 200 at medium, 500 at
large.

Truth, from the study's SQLite storage (never a crawl): the entities are the trials' addresses
`…/trials?numbers=N` in the order of their numbers; the index is one level, the trials list; the
seed is trial 0. Attributes: each trial's value and parameters as its pane shows them (a float
as JavaScript prints it, an integer parameter without a fraction, a categorical one by its
choice). No facet: the list's only filter is the trial's state, and every trial completed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import ClassVar

from siteseer.lab.real.app import PythonApp, paged_list_truth, read_sqlite
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["OptunaDashApp", "param_text", "trial_url", "value_text"]

STUDY_ID = 1  # the storage holds one study


def trial_url(base: str, number: int) -> str:
    return f"{base}/dashboard/studies/{STUDY_ID}/trials?numbers={number}"


def value_text(value: float) -> str:
    """A number as JavaScript's `String(n)` writes it in the range the study's values and
    parameters take (shortest round trip; an integral one without a fraction)."""
    return str(int(value)) if value.is_integer() else repr(value)


def param_text(value: float, distribution: str) -> str:
    """A parameter as the trial's pane shows it: Optuna stores every parameter as a float, a
    categorical one as the index of its choice."""
    spec = json.loads(distribution)
    if spec["name"] == "CategoricalDistribution":
        return str(spec["attributes"]["choices"][int(value)])
    return value_text(value)


class OptunaDashApp(PythonApp):
    """optuna-dashboard over one Optuna study: a virtualised list of trials opening by click."""

    id = "real-optunadash"
    kind = "entity-tree"
    description = (
        "hyperparameter dashboard single-page app: optuna-dashboard over an Optuna study of "
        "vega_datasets' cars (trials in a virtualised list, opened by click)"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("optuna-dashboard==0.21.0"),
        PyPackage("optuna==5.0.0"),
        # only its cars.json is read; its own __init__ would import pandas
        PyPackage("vega_datasets==0.9.0", deps=False),
    )
    script = "optuna_cars.py"
    data_description = "an Optuna study over vega_datasets' cars.json (shipped in the package)"
    row_limits: ClassVar[dict[Size, int]] = {"small": 60, "medium": 200, "large": 500}

    def trials(self) -> list[tuple[int, int]]:
        """(trial_id, number) of the study's trials, by number."""
        rows = read_sqlite(
            self.data_file,
            f"SELECT trial_id, number FROM trials WHERE study_id = {STUDY_ID} ORDER BY number",
        )
        return [(int(str(t)), int(str(n))) for t, n in rows]

    def attributes(self) -> dict[int, dict[str, tuple[str, ...]]]:
        """Each trial's value and parameters (by trial_id), as its pane shows them."""
        found: dict[int, dict[str, tuple[str, ...]]] = {}
        for trial, value in read_sqlite(
            self.data_file, "SELECT trial_id, value FROM trial_values WHERE objective = 0"
        ):
            if isinstance(value, float | int):
                found.setdefault(int(str(trial)), {})["value"] = (value_text(float(value)),)
        for trial, name, value, distribution in read_sqlite(
            self.data_file,
            "SELECT trial_id, param_name, param_value, distribution_json FROM trial_params",
        ):
            if isinstance(value, float | int):
                text = param_text(float(value), str(distribution))
                found.setdefault(int(str(trial)), {})[str(name)] = (text,)
        return found

    def truth(self, base_url: str) -> SiteTruth:
        """The study's trials, all on the trials list; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        trials = self.trials()
        if len(trials) < 20:
            raise ValueError(f"{self.id}: {self.data_file} holds {len(trials)} trials")
        urls = [trial_url(b, number) for _, number in trials]
        found = self.attributes()
        pages: Sequence[str] = [f"{b}/dashboard/studies/{STUDY_ID}/trials"]
        return paged_list_truth(
            self,
            b,
            ("trials", "trial"),
            urls,
            pages,
            {url: found.get(trial, {}) for url, (trial, _) in zip(urls, trials, strict=True)},
            (),
            notes=(
                f"{len(urls)} trials of one Optuna study, from its SQLite storage. The trials "
                "list is virtualised (only the rows in view are drawn) and its rows are buttons "
                "that write ?numbers=N into the address. Not listed in templates: /dashboard "
                "and /dashboard/compare-studies, the study's history, analytics, smart "
                "selection and note pages, the JSON API under /api/."
            ),
        )
