"""The real-pygeoapi application: pygeoapi's OGC API server over vega_datasets' airports.

This file runs inside the application's own virtual environment (`.lab-real/real-pygeoapi/venv`,
made by `lab.real.pygeoapi`), never inside siteseer. Two commands:

    python pygeoapi_airports.py load --db FILE [--limit N]  # the airports CSV (N rows, 0: all)
    python pygeoapi_airports.py serve --db FILE --port P    # pygeoapi on 127.0.0.1:P

`load` copies the header and the first N rows of `airports.csv` as the `vega_datasets` package
ships it (its `_data` folder, found without importing the package, which would import pandas)
to FILE. `serve` writes pygeoapi's configuration beside FILE (`config-P.yml`: the server's URL
on port P, one collection `airports` read by pygeoapi's CSV provider, its id the IATA/FAA code,
its title the name, its point from longitude and latitude), generates the OpenAPI document
pygeoapi needs from it, and runs pygeoapi's Flask application with Flask's threaded server.
"""

from __future__ import annotations

import importlib.util
import json
import os
from itertools import islice
from pathlib import Path

from appmain import run_app

COLLECTION = "airports"
PAGE_SIZE = 20  # pygeoapi's example configuration: 20 items a page, at most 50 with ?limit=
MAX_ITEMS = 50


def shipped_csv() -> Path:
    """vega_datasets' own airports.csv (the package is located, not imported)."""
    spec = importlib.util.find_spec("vega_datasets")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("vega_datasets is not installed in this environment")
    return Path(next(iter(spec.submodule_search_locations))) / "_data" / "airports.csv"


def load(db: Path, limit: int) -> None:
    with shipped_csv().open(encoding="utf-8", newline="") as source:
        lines = list(islice(source, limit + 1)) if limit else source.readlines()
    db.parent.mkdir(parents=True, exist_ok=True)
    db.write_text("".join(lines), encoding="utf-8")


def config(db: Path, port: int) -> dict[str, object]:
    """pygeoapi's configuration (written as JSON, which its YAML reader reads)."""
    url = f"http://127.0.0.1:{port}"
    contact = dict.fromkeys(
        ("name", "position", "address", "city", "stateorprovince", "postalcode", "country",
         "phone", "fax", "email", "url", "hours", "instructions"),
        "lab",
    )  # fmt: skip
    return {
        "server": {
            "bind": {"host": "127.0.0.1", "port": port},
            "url": url,
            "mimetype": "application/json; charset=UTF-8",
            "encoding": "utf-8",
            "language": "en-US",
            "pretty_print": True,
            "limits": {"default_items": PAGE_SIZE, "max_items": MAX_ITEMS},
            "map": {
                "url": "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
                "attribution": "OpenStreetMap",
            },
        },
        "logging": {"level": "ERROR"},
        "metadata": {
            "identification": {
                "title": "Airports",
                "description": "Airports of the United States and its territories",
                "keywords": ["airports"],
                "keywords_type": "theme",
                "terms_of_service": "https://opensource.org/licenses/BSD-3-Clause",
                "url": url,
            },
            "license": {
                "name": "BSD-3-Clause",
                "url": "https://opensource.org/licenses/BSD-3-Clause",
            },
            "provider": {"name": "vega_datasets", "url": url},
            "contact": contact | {"role": "pointOfContact"},
        },
        "resources": {
            COLLECTION: {
                "type": "collection",
                "title": "Airports",
                "description": "Airports with their FAA code, city and state (vega_datasets)",
                "keywords": ["airports"],
                "links": [],
                "extents": {
                    "spatial": {
                        "bbox": [-180, -90, 180, 90],
                        "crs": "http://www.opengis.net/def/crs/OGC/1.3/CRS84",
                    }
                },
                "providers": [
                    {
                        "type": "feature",
                        "name": "CSV",
                        "data": str(db),
                        "id_field": "iata",
                        "title_field": "name",
                        "geometry": {"x_field": "longitude", "y_field": "latitude"},
                    }
                ],
            }
        },
    }


def serve(db: Path, port: int) -> None:
    if not db.is_file():
        raise SystemExit(f"{db}: no airports CSV; run load first")
    settings = db.with_name(f"config-{port}.yml")
    settings.write_text(json.dumps(config(db, port), indent=1), encoding="utf-8")
    from pygeoapi.openapi import generate_openapi_document

    openapi = db.with_name(f"openapi-{port}.yml")
    openapi.write_text(generate_openapi_document(settings, "yaml"), encoding="utf-8")
    os.environ["PYGEOAPI_CONFIG"] = str(settings)
    os.environ["PYGEOAPI_OPENAPI"] = str(openapi)
    from pygeoapi.flask_app import APP

    APP.run(host="127.0.0.1", port=port, threaded=True, use_reloader=False)


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
