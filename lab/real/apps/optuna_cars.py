"""The real-optunadash application: optuna-dashboard over an Optuna study of vega_datasets' cars.

This file runs inside the application's own virtual environment (`.lab-real/real-optunadash/venv`,
made by `lab.real.optunadash`), never inside siteseer. Two commands:

    python optuna_cars.py load --db FILE [--limit N]  # a study of N trials into FILE (SQLite)
    python optuna_cars.py serve --db FILE --port P    # optuna-dashboard on 127.0.0.1:P

`load` runs an Optuna study in an SQLite storage FILE: a ridge regression (numpy's least squares
with an L2 penalty) predicting a car's miles per gallon from `cars.json` as the
`vega_datasets` package ships it (found without importing the package), trained on the first
three quarters of the complete rows and scored by its RMSE on the rest. Each trial samples the
penalty `alpha` (log-uniform), the polynomial `degree` (1 to 3) and the `features` (all six,
the engine's three, or weight and year), by Optuna's TPE sampler with a fixed seed: the same
trials on every install. `serve` runs optuna-dashboard's Bottle application over FILE with the
standard library's threaded WSGI server.
"""

from __future__ import annotations

import importlib.util
import json
import socketserver
import sys
from pathlib import Path
from wsgiref.simple_server import WSGIServer, make_server

from appmain import run_app

STUDY = "cars-mpg-ridge"
SEED = 7
COLUMNS = ("Cylinders", "Displacement", "Horsepower", "Weight_in_lbs", "Acceleration", "Year")
FEATURES = {"all": (0, 1, 2, 3, 4, 5), "engine": (0, 1, 2), "weight_year": (3, 5)}


def shipped_cars() -> list[dict[str, object]]:
    """vega_datasets' own cars.json (the package is located, not imported)."""
    spec = importlib.util.find_spec("vega_datasets")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("vega_datasets is not installed in this environment")
    folder = Path(next(iter(spec.submodule_search_locations)))
    return json.loads((folder / "_data" / "cars.json").read_text(encoding="utf-8"))


def load(db: Path, limit: int) -> None:
    import numpy as np
    import optuna

    def number(car: dict[str, object], column: str) -> float:
        value = str(car[column])
        return float(value[:4]) if column == "Year" else float(value)  # "1970-01-01"

    rows = [
        car
        for car in shipped_cars()
        if car["Miles_per_Gallon"] is not None and all(car[c] is not None for c in COLUMNS)
    ]
    x = np.array([[number(car, c) for c in COLUMNS] for car in rows])
    x = (x - x.mean(axis=0)) / x.std(axis=0)
    y = np.array([float(str(car["Miles_per_Gallon"])) for car in rows])
    cut = len(y) * 3 // 4

    def objective(trial: optuna.Trial) -> float:
        alpha = trial.suggest_float("alpha", 1e-3, 1e2, log=True)
        degree = trial.suggest_int("degree", 1, 3)
        chosen = trial.suggest_categorical("features", tuple(FEATURES))
        columns = x[:, list(FEATURES[chosen])]
        z = np.hstack([np.ones((len(y), 1)), *(columns**d for d in range(1, degree + 1))])
        a, b = z[:cut], y[:cut]
        weights = np.linalg.solve(a.T @ a + alpha * np.eye(z.shape[1]), a.T @ b)
        trial.set_user_attr("train_rows", cut)
        return round(float(np.sqrt(np.mean((z[cut:] @ weights - y[cut:]) ** 2))), 4)

    db.parent.mkdir(parents=True, exist_ok=True)
    db.unlink(missing_ok=True)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(
        study_name=STUDY,
        storage=f"sqlite:///{db}",
        direction="minimize",
        sampler=optuna.samplers.TPESampler(seed=SEED),
    )
    study.optimize(objective, n_trials=limit or 500)


class _ThreadedServer(socketserver.ThreadingMixIn, WSGIServer):
    daemon_threads = True


def serve(db: Path, port: int) -> None:
    if not db.is_file():
        raise SystemExit(f"{db}: no study; run load first")
    from optuna.storages import RDBStorage
    from optuna_dashboard import wsgi

    app = wsgi(RDBStorage(f"sqlite:///{db}"))
    with make_server("127.0.0.1", port, app, server_class=_ThreadedServer) as server:
        print(f"optuna-dashboard on http://127.0.0.1:{port}/", file=sys.stderr, flush=True)
        server.serve_forever()


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
