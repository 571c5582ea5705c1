"""real-swaggerui: Swagger UI (npm `swagger-ui-dist`), an API reference single-page app, over
the Docker Engine API's OpenAPI (Swagger 2.0) description as Debian ships it.

The application is Swagger UI's own page (`index.html` and its bundles from the npm package,
its `swagger-initializer.js` as shipped but for the description's URL; see
lab/real/apps/swaggerui_site.py) over `swagger.yaml` of Docker Engine API 1.41 (Debian's
`golang-github-docker-docker-dev`, `apt-get download` and `dpkg-deb -x`, nothing installed),
served as files by Python's static server. Swagger UI fetches the description and draws it in
the browser: a section per tag (Container, Image, Network, …; the declared tags first, then the
others in the order operations use them), each listing its operations collapsed (method, path,
summary); an operation opens by script in place (its parameters, responses and a "Try it out"
button that would send the request, never pressed here). `deepLinking: true` (as shipped) gives
each tag a hash route (`/#/Container`) and each operation one (`/#/Container/ContainerList`:
its tag, then its operationId), linked from the operation's path; opening that route opens
the operation. Below the tags, the description's models (definitions), each opening in place.
Without a browser the page is an empty `<div id="swagger-ui">`. One size: the description is
whole (106 operations under 15 tags).

Truth, from the description (`operations.json`, written at install by PyYAML from the shipped
file; never from the page): the entities are the operations at their hash routes; attributes
their method (upper case, as the page shows it), path, summary and tag (the facet: a query per
tag, its section); the index is one level, the page itself (`/`), which lists every operation;
the seed is `/#/Container/ContainerInspect`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import ClassVar

from siteseer.lab.real.app import PythonApp, facet_queries, facet_values, type_truth
from siteseer.lab.real.debian import deb_file
from siteseer.lab.real.npm import npm_install
from siteseer.lab.real.pyenv import Progress, PyPackage
from siteseer.lab.truth import SiteTruth

__all__ = ["VERSION", "SwaggerUiApp", "route"]

VERSION = "5.35.0"
SPEC_PACKAGE = "golang-github-docker-docker-dev"
SPEC_PATH = "usr/share/gocode/src/github.com/docker/docker/api/swagger.yaml"
SEED = "/#/Container/ContainerInspect"
FACETS = ("tag",)


def route(*parts: str) -> str:
    """The hash route (root-relative) Swagger UI's deep linking gives a tag (`route(tag)`) or
    an operation listed under it (`route(tag, operationId)`): its `createDeepLinkPath` writes
    each white space as `%20`."""
    return "/#/" + "/".join(re.sub(r"\s", "%20", part) for part in parts)


class SwaggerUiApp(PythonApp):
    """Swagger UI over the Docker Engine API's description, every operation a hash route."""

    id = "real-swaggerui"
    kind = "entity-tree"
    description = "Swagger UI (npm) over the Docker Engine API's OpenAPI description"
    packages: ClassVar[tuple[PyPackage, ...]] = (PyPackage("PyYAML==6.0.2"),)
    script = "swaggerui_site.py"
    data_description = (
        f"Docker Engine API 1.41's swagger.yaml (Debian {SPEC_PACKAGE}) and npm "
        f"swagger-ui-dist@{VERSION}"
    )

    @property
    def data_file(self) -> Path:
        return self.dir / "site"  # Swagger UI's files and the description

    @property
    def _dist(self) -> Path:
        return self.dir / "npm" / "node_modules" / "swagger-ui-dist"

    @property
    def _operations(self) -> Path:
        return self.dir / "operations.json"

    def needs(self) -> tuple[str, ...]:
        return (f"npm swagger-ui-dist@{VERSION} (in {self.dir / 'npm'})", *super().needs())

    def installed(self) -> bool:
        return super().installed() and self._operations.is_file()

    def load_input(self) -> object:
        return {"dist": str(self._dist), "spec": str(self.dir / Path(SPEC_PATH).name)}

    def _install(self, progress: Progress) -> None:
        log = self.dir / "logs" / "install.log"
        self.dir.mkdir(parents=True, exist_ok=True)
        deb_file(self.id, SPEC_PACKAGE, SPEC_PATH, self.dir, log, progress)
        if not (self._dist / "swagger-ui-bundle.js").is_file():
            package = f"swagger-ui-dist@{VERSION}"
            npm_install(self.id, self.dir / "npm", (package,), log, progress)
        super()._install(progress)

    def truth(self, base_url: str) -> SiteTruth:
        """The operations, all on the one page, tag the facet; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        listed = json.loads(self._operations.read_text(encoding="utf-8"))
        operations = listed["operations"]
        urls = [b + route(o["tag"], o["operationId"]) for o in operations]
        if len(set(urls)) != len(urls) or b + SEED not in urls:
            raise ValueError(f"{self.id}: {self._operations} does not list the operations")
        attributes = {
            url: {
                "method": (o["method"].upper(),),
                "path": (o["path"],),
                "tag": (o["tag"],),
            }
            | ({"summary": (o["summary"],)} if o["summary"] else {})
            for url, o in zip(urls, operations, strict=True)
        }
        values = facet_values(attributes, FACETS)
        home = b + "/"
        tags = [b + route(t) for t in values["tag"]]
        return type_truth(
            self,
            b,
            "operation",
            urls,
            (home, b + SEED),
            attributes=attributes,
            queries=facet_queries(attributes, values),
            facet_values=values,
            templates={home: "home"}
            | dict.fromkeys(tags, "tag")
            | dict.fromkeys(urls, "operation"),
            notes=(
                f"{len(urls)} operations of {listed['title']} {listed['version']}, from the "
                "description Swagger UI draws (read by PyYAML at install). Every operation is "
                "listed on the one page under its tag and opens in place by script; its route "
                "(#/<tag>/<operationId>) opens it. Not listed in templates: the models "
                "(definitions, opened in place, no route), the description's YAML file, "
                "Swagger UI's own files and its OAuth2 redirect page."
            ),
        )
