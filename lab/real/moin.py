"""real-moin: MoinMoin 2 (PyPI `moin`, its 2.0 beta: the 1.9 line runs on Python 2 only), a
wiki, holding a page per Debian upload, each tagged with its source package.

The application (lab/real/apps/moin_wiki.py, run in its own venv) is moin's Flask application
on Werkzeug's threaded server, over an instance made by moin's own command line
(`moin create-instance`, `moin index-create`): its wikiconfig.py as moin writes it, so that
anonymous visitors may read and nobody may write without an account (none exists), its
default theme (topside) and its Whoosh index.

Data: the Debian changelogs of eleven packages no other application of the tier reads
(`PACKAGES`, their installed `/usr/share/doc/<package>/changelog.Debian.gz`, read by
lab/real/changelogs.py; the older entry of a version repeated left out), every upload up to
bookworm's release, the same at every size: a page per upload named by the slug of its title
(`bash-5.2.15-2`), in Moin wiki markup (a heading "<source package> <version>", who uploaded it
to which distributions with which urgency, the changes as a preformatted block), tagged with
the source package, its revision dated at the upload (`pages.json`, written by this module;
the load stores each as one revision, as `moin item-put` does); and a Home page (`/` redirects
to `/Home`).

Served at moin's URLs: `/<page>` (a page: its content, its tags linked to `/+tags/<tag>`, the
item views' links: history, meta, highlight, download, index, sitemap, similar names, feed),
`/+tags` (every tag of the wiki, a cloud), `/+tags/<tag>` (every page with that tag, on one
page), `/+index/` (every page, by initial), `/all`, `/+history` (recent changes), search,
login; the navigation (Home, History, Index, Tags) on every page.

Truth, from moin's own index after the load (`items.json`, which the load script writes from
`storage.documents`: every item of the default namespace, its name and tags; never a crawl):
the entities are the pages of the uploads (every item with a tag); attribute `tag` (moin's
own name: "Tags" in the navigation, "tags:" before a page's tag links; each tag is the upload's
source package); the index is two levels, `/+tags` then each tag's page; the seed is the newest bash
upload's page.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import ClassVar
from urllib.parse import quote

from siteseer.lab.real.app import PythonApp, value_pages_truth
from siteseer.lab.real.changelogs import Upload, app_uploads, distinct, slug
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.hugo import CUTOFF
from siteseer.lab.real.pyenv import Progress, PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["PACKAGES", "SEED_PACKAGE", "MoinApp", "page_of"]

# Installed here, none read by another application of the tier.
PACKAGES = (
    "gcc-12",
    "bash",
    "file",
    "libexpat1",
    "procps",
    "libffi8",
    "xz-utils",
    "less",
    "tar",
    "wget",
    "unzip",
)
SEED_PACKAGE = "bash"
HOME = (
    "= Debian uploads =\n\n"
    "A page per upload of {count} Debian packages, from their changelogs, each tagged with its "
    "source package.\n"
)


def page_of(upload: Upload) -> dict[str, object]:
    """The wiki page of an upload (as pages.json holds it): name, tags, date, Moin wiki text."""
    fence = "{{{{"
    if "}}}}" in upload.changes:
        raise ValueError(f"{upload.title}: its changes would close the preformatted block")
    changes = upload.changes or "(no changes listed)"
    text = (
        f"= {upload.title} =\n\n"
        f"Uploaded by {upload.author} to {', '.join(upload.distributions)} "
        f"(urgency {upload.urgency}) on {upload.date:%Y-%m-%d %H:%M %z}.\n\n"
        f"{fence}\n{changes}\n}}}}}}}}\n"
    )
    return {
        "name": slug(upload.title),
        "tags": [upload.package],
        "mtime": int(upload.date.timestamp()),
        "comment": f"upload of {upload.title}",
        "summary": upload.title,
        "text": text,
    }


class MoinApp(PythonApp):
    """MoinMoin 2 holding a page per Debian upload, tagged with its source package."""

    id = "real-moin"
    kind = "entity-tree"
    description = "MoinMoin 2 (PyPI) wiki: a page per Debian upload, tagged with its package"
    packages: ClassVar[tuple[PyPackage, ...]] = (PyPackage("moin==2.0.0b5"),)
    script = "moin_wiki.py"
    data_description = f"the Debian changelogs of {', '.join(PACKAGES)}, a page per upload"
    row_limits: ClassVar[dict[Size, int]] = {"small": 0, "medium": 0, "large": 0}

    @property
    def data_file(self) -> Path:
        return self.dir / "wiki"  # the instance, the same at every size

    @property
    def items(self) -> Path:
        return self.dir / "items.json"

    def installed(self) -> bool:
        return super().installed() and self.items.is_file()

    def _install(self, progress: Progress) -> None:
        if not self.items.is_file() and self.data_file.exists():
            shutil.rmtree(self.data_file)  # a load that did not finish
        uploads = app_uploads(self.id, PACKAGES, CUTOFF)
        pages = [page_of(u) for p in PACKAGES for u in distinct(uploads[p])]
        if len({p["name"] for p in pages}) != len(pages):
            raise InstallFailed(self.id, "two uploads would be the same page")
        home = {"name": "Home", "tags": [], "mtime": int(CUTOFF.timestamp()), "comment": "",
                "summary": "Debian uploads", "text": HOME.format(count=len(PACKAGES))}  # fmt: skip
        self.dir.mkdir(parents=True, exist_ok=True)
        (self.dir / "pages.json").write_text(json.dumps([home, *pages]), encoding="utf-8")
        super()._install(progress)

    def truth(self, base_url: str) -> SiteTruth:
        """The upload pages, listed by their tag's page; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        items = json.loads(self.items.read_text(encoding="utf-8"))
        tagged = {i["name"]: i["tags"] for i in items if i["tags"]}
        urls = {name: f"{b}/{quote(name)}" for name in tagged}
        values = {name: tags[0] for name, tags in tagged.items()}
        seed = max(
            (i for i in items if SEED_PACKAGE in i["tags"]), key=lambda i: (i["mtime"], i["name"])
        )["name"]
        return value_pages_truth(
            self,
            b,
            top=b + "/+tags",
            seed=seed,
            urls=urls,
            values=values,
            order=sorted(tagged),
            attribute=("tag", lambda tag: f"{b}/+tags/{quote(tag)}"),
            templates={b + "/Home": "home", b + "/+index/": "index", b + "/all": "index"},
            notes=(
                f"{len(urls)} pages of uploads of {len(PACKAGES)} packages, each with one tag "
                f"(its source package: {len(set(values.values()))} tags). Not listed in "
                "templates: each page's views (+history, +meta, +highlight, +download, +index, "
                "+sitemap, +similar_names, +feed, +backrefs), /+history, search, login."
            ),
        )
