"""The real-moin application: MoinMoin 2, a wiki, holding a page per Debian upload.

This file runs inside the application's own virtual environment (`.lab-real/real-moin/venv`,
made by `lab.real.moin`), never inside siteseer. Two commands:

    python moin_wiki.py load  --db DIR   # a wiki instance in DIR, its pages from pages.json
    python moin_wiki.py serve --db DIR --port P   # the wiki on 127.0.0.1:P

`load` makes the instance as moin's own command line does (`moin create-instance`, then
`moin index-create`: its wikiconfig.py as moin writes it, anonymous visitors may read), then
stores each page of `pages.json` (beside DIR, written by lab/real/moin.py: name, tags, date,
Moin wiki text) as one revision through moin's storage, as `moin item-put` stores an item
(the unprotected storage of the command line, the metadata fields moin's own help items
carry, the revision dated as the page says), and
writes `items.json` beside DIR: every item of the default namespace as moin's index holds it
(name, tags), the truth's source. `serve` runs moin's Flask application on Werkzeug's
threaded server, as `moin run` does without its reloader.
"""

from __future__ import annotations

import json
import logging
import shutil
import subprocess
import sys
from io import BytesIO
from pathlib import Path

from appmain import run_app


def _moin(db: Path, *args: str) -> None:
    moin = str(Path(sys.executable).with_name("moin"))
    subprocess.run([moin, *args], cwd=db, check=True)


def load(db: Path, limit: int) -> None:
    if db.exists():
        shutil.rmtree(db)
    db.mkdir(parents=True)
    _moin(db, "create-instance", "--path", str(db))
    _moin(db, "index-create")
    pages = json.loads((db.parent / "pages.json").read_text(encoding="utf-8"))
    from flask import g as flaskg
    from moin.app import before_wiki, create_app
    from moin.constants.keys import (
        ACTION,
        ADDRESS,
        COMMENT,
        CONTENTTYPE,
        EXTERNALLINKS,
        ITEMLINKS,
        ITEMTRANSCLUSIONS,
        ITEMTYPE,
        LANGUAGE,
        MTIME,
        NAME,
        NAME_OLD,
        NAMESPACE,
        REV_NUMBER,
        SUMMARY,
        TAGS,
    )

    app = create_app(str(db / "wikiconfig.py"))
    with app.test_request_context("/"):
        before_wiki()
        for page in pages:
            meta = {
                NAME: [page["name"]],
                NAME_OLD: [],
                NAMESPACE: "",
                REV_NUMBER: 1,
                ITEMTYPE: "default",
                CONTENTTYPE: "text/x.moin.wiki;charset=utf-8",
                TAGS: page["tags"],
                ACTION: "SAVE",
                COMMENT: page["comment"],
                SUMMARY: page["summary"],
                LANGUAGE: "en",
                ADDRESS: "127.0.0.1",
                EXTERNALLINKS: [],
                ITEMLINKS: [],
                ITEMTRANSCLUSIONS: [],
            }
            flaskg.data_mtime = page["mtime"]  # the revision dated as the page says
            item = app.storage.get_item(name_exact=page["name"])
            item.store_revision(meta, BytesIO(page["text"].encode("utf-8")), overwrite=True)
        items = [
            {
                "name": rev.meta[NAME][0],
                "tags": list(rev.meta.get(TAGS, [])),
                "mtime": rev.meta[MTIME],
            }
            for rev in app.storage.documents(namespace="")
        ]
    items.sort(key=lambda i: i["name"])
    (db.parent / "items.json").write_text(json.dumps(items, indent=1), encoding="utf-8")


def serve(db: Path, port: int) -> None:
    from moin.app import create_app
    from werkzeug.serving import make_server

    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    app = create_app(str(db / "wikiconfig.py"))
    make_server("127.0.0.1", port, app, threaded=True).serve_forever()


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
