"""The real-papis application: Papis' web interface over a library of biblatex's examples.

This file runs inside the application's own virtual environment (`.lab-real/real-papis/venv`,
made by `lab.real.papis`), never inside siteseer. Two commands:

    python papis_library.py load --db LIBRARY    # a Papis library of the bibliography beside it
    python papis_library.py serve --db LIBRARY --port P   # `papis serve` on 127.0.0.1:P

Both write Papis' configuration into LIBRARY (`config/config`: one library, `lab`, whose
documents are the folder `LIBRARY/documents`; Papis' cache in `LIBRARY/cache`) and point
PAPIS_CONFIG_DIR and PAPIS_CACHE_DIR at them. `load` reads the BibTeX file siteseer put beside
LIBRARY (`biblatex-examples.bib`) with Papis' own reader and adds each entry as `papis add`
does without asking (`batch`: an entry Papis finds already in the library is left out); a
document is a folder holding its `info.yaml`. It then writes the library's documents as Papis
reads them (`papis.api`: each document's info.yaml) into `LIBRARY/documents.json`, which the
truth reads. `serve` runs Papis' own web server.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from appmain import run_app, write_atomically

BIBLIOGRAPHY = "biblatex-examples.bib"
DOCUMENTS = "documents.json"  # the library's documents as Papis reads them, for the truth
CONFIG = """\
[settings]
default-library = lab

[lab]
dir = {documents}
"""


def configure(db: Path) -> None:
    """Papis' configuration and cache inside `db`, its library the folder `db/documents`."""
    (db / "config").mkdir(parents=True, exist_ok=True)
    (db / "documents").mkdir(exist_ok=True)
    text = CONFIG.format(documents=db / "documents")
    write_atomically(db / "config" / "config", text)
    os.environ["PAPIS_CONFIG_DIR"] = str(db / "config")
    os.environ["PAPIS_CACHE_DIR"] = str(db / "cache")


def load(db: Path, limit: int) -> None:
    configure(db)
    import papis.api
    import papis.bibtex
    import papis.commands.add

    entries = papis.bibtex.bibtex_to_dict(str(db.parent / BIBLIOGRAPHY))
    for entry in entries[:limit] if limit else entries:
        papis.commands.add.run([], data=entry, batch=True)
    documents = [dict(doc) for doc in papis.api.get_all_documents_in_lib("lab")]
    with (db / DOCUMENTS).open("w", encoding="utf-8") as out:
        json.dump(documents, out, ensure_ascii=False, default=str)


def serve(db: Path, port: int) -> None:
    if not (db / "documents").is_dir():
        raise SystemExit(f"{db}: not a Papis library (no documents/)")
    configure(db)
    import papis.commands.serve

    papis.commands.serve.cli.main(
        ["--address", "127.0.0.1", "--port", str(port)], standalone_mode=False
    )


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
