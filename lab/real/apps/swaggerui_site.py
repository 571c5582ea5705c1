"""The real-swaggerui application: Swagger UI (npm) over the Docker Engine API's description.

This file runs inside the application's own virtual environment (`.lab-real/real-swaggerui/venv`,
made by `lab.real.swaggerui`), never inside siteseer. Two commands:

    python swaggerui_site.py load  --db DIR          # DIR: Swagger UI's files and the spec
    python swaggerui_site.py serve --db DIR --port P # DIR's files on 127.0.0.1:P

`load` reads what `lab.real.swaggerui` fetched, named in `DIR.json` beside DIR (the `.partial`
folder's name with `.json`): `dist`, the folder of the npm package `swagger-ui-dist`, and `spec`,
the Docker Engine API's `swagger.yaml` as Debian ships it. It copies Swagger UI's files into DIR
and the spec beside them as `docker-engine-api.yaml`, and writes the package's own
`swagger-initializer.js` with its URL changed to that file (its other settings as shipped:
`deepLinking: true`, the standalone layout). It also writes `operations.json` beside DIR: the
spec's operations as PyYAML reads them (tag, operationId, method, path, summary), in the
spec's order, for the truth.

Served by Python's own static file server (`python -m http.server`): Swagger UI has no server
side.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import yaml
from appmain import run_app, serve_static

SPEC = "docker-engine-api.yaml"
SHIPPED_URL = '"https://petstore.swagger.io/v2/swagger.json"'
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def operations(spec: dict[str, object]) -> list[dict[str, str]]:
    """Each operation of the spec under each of its tags, in the spec's order."""
    found = []
    paths = spec["paths"]
    assert isinstance(paths, dict)
    for path, item in paths.items():
        for method, operation in item.items():
            if method not in METHODS:
                continue
            for tag in operation.get("tags") or ("default",):
                found.append(
                    {
                        "tag": tag,
                        "operationId": operation["operationId"],
                        "method": method,
                        "path": path,
                        "summary": operation.get("summary", ""),
                    }
                )
    return found


def load(target: Path) -> None:
    sources = json.loads(target.with_suffix(".json").read_text(encoding="utf-8"))
    if target.exists():
        shutil.rmtree(target)
    dist = Path(sources["dist"])
    shutil.copytree(dist, target, ignore=shutil.ignore_patterns("*.map", "package.json"))
    shutil.copyfile(sources["spec"], target / SPEC)
    initializer = (dist / "swagger-initializer.js").read_text(encoding="utf-8")
    if SHIPPED_URL not in initializer or "deepLinking: true" not in initializer:
        raise SystemExit("swagger-initializer.js is not the one this script knows")
    initializer = initializer.replace(SHIPPED_URL, json.dumps(SPEC))
    (target / "swagger-initializer.js").write_text(initializer, encoding="utf-8")
    spec = yaml.safe_load(Path(sources["spec"]).read_text(encoding="utf-8"))
    listed = {"title": spec["info"]["title"], "version": spec["info"]["version"]}
    listed["tags"] = [tag["name"] for tag in spec.get("tags", ())]
    listed["operations"] = operations(spec)
    (target.parent / "operations.json").write_text(json.dumps(listed, indent=1), encoding="utf-8")


def main() -> None:
    run_app(__doc__.splitlines()[0], lambda db, _limit: load(db), serve_static)


if __name__ == "__main__":
    main()
