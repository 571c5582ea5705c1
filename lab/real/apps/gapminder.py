"""The real-gapminder application: a Dash dashboard over the gapminder data plotly ships.

This file runs inside the application's own virtual environment (`.lab-real/real-gapminder/venv`,
made by `lab.real.gapminder`), never inside siteseer. Two commands:

    python gapminder.py load  --db PATH [--limit N]  # plotly.data.gapminder() into SQLite
    python gapminder.py serve --db PATH --port P     # serve on 127.0.0.1:P until SIGTERM

`load` reads the data set through plotly's own API (`plotly.data.gapminder()`, a CSV file inside
the plotly package, so nothing is downloaded) and stores it in the application's database, the
table `gapminder`; `serve` reads that table once.

The page is one URL. A radio group filters the table by continent ("All" or one of five), a
dropdown chooses the year whose figures are shown (1952 … 2007, default 2007), and a Dash
DataTable lists one row per country, 10 rows a page, paged and sorted in the browser (native
paging: previous/next buttons and a page number, no URL change). Filter changes go to the
server as Dash callbacks (POST /_dash-update-component); every script and style is served by
the application itself (`serve_locally`).
"""

from __future__ import annotations

import logging
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pandas as pd
import plotly.data
from appmain import run_app
from dash import Dash, Input, Output, dash_table, dcc, html
from werkzeug.serving import make_server

ALL = "All"
PAGE_SIZE = 10
COLUMNS = (
    ("country", "Country"),
    ("continent", "Continent"),
    ("lifeExp", "Life expectancy"),
    ("pop", "Population"),
    ("gdpPercap", "GDP per capita"),
    ("iso_alpha", "ISO code"),
)


def load(db: Path, limit: int) -> None:
    frame = plotly.data.gapminder()
    if limit:
        frame = frame.head(limit)
    db.unlink(missing_ok=True)
    with closing(sqlite3.connect(db)) as connection:
        frame.to_sql("gapminder", connection, index=False)
        connection.commit()


def create_app(db: Path) -> Dash:
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as connection:
        frame = pd.read_sql_query("SELECT * FROM gapminder", connection)
    continents = sorted(frame["continent"].unique())
    years = sorted(int(y) for y in frame["year"].unique())
    app = Dash("real_gapminder", title="Gapminder", serve_locally=True)
    # Production bundles, and no version check: the page asks nothing of any other host.
    app.enable_dev_tools(debug=False, dev_tools_ui=False, dev_tools_disable_version_check=True)
    app.layout = html.Div(
        [
            html.H1("Gapminder: life expectancy, population and income by country"),
            html.Label("Continent", htmlFor="continent"),
            dcc.RadioItems(id="continent", options=[ALL, *continents], value=ALL, inline=True),
            html.Label("Year", htmlFor="year"),
            dcc.Dropdown(id="year", options=years, value=years[-1], clearable=False),
            html.P(id="count"),
            dash_table.DataTable(
                id="table",
                columns=[{"id": key, "name": name} for key, name in COLUMNS],
                page_size=PAGE_SIZE,
                page_action="native",
                sort_action="native",
            ),
        ]
    )

    @app.callback(
        Output("table", "data"),
        Output("table", "page_current"),
        Output("count", "children"),
        Input("continent", "value"),
        Input("year", "value"),
    )
    def update(continent: str, year: int) -> tuple[list[dict[str, Any]], int, str]:
        rows = frame[frame["year"] == int(year)]
        if continent != ALL:
            rows = rows[rows["continent"] == continent]
        rows = rows.sort_values("country")
        where = "" if continent == ALL else f" in {continent}"
        return rows.to_dict("records"), 0, f"{len(rows)} countries{where} in {year}"

    return app


def serve(db: Path, port: int) -> None:
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    app = create_app(db)
    make_server("127.0.0.1", port, app.server, threaded=True).serve_forever()


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
