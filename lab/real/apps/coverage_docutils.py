"""The real-coverage application: coverage.py's HTML report of docutils converting its README.

This file runs inside the application's own virtual environment (`.lab-real/real-coverage/venv`,
made by `lab.real.coveragehtml`), never inside siteseer. Two commands:

    python coverage_docutils.py load  --db DIR   # measure, then write the HTML report into DIR
    python coverage_docutils.py serve --db DIR --port P   # serve DIR's files on 127.0.0.1:P

`load` writes docutils' README (the long description of its installed distribution) to a file,
then runs coverage.py's command line over docutils' own front end once per writer
(`coverage run --append --source=docutils -m docutils --writer=W README.rst OUT`), from the
venv's site-packages so that the files are named `docutils/…`. `coverage html` writes the report
into DIR; `files.json` beside DIR is coverage.py's own account of each file of the same data
file (its API: the statements, the excluded and the missing lines, the coverage as the report
prints it, the report page's name), read for the truth.
"""

from __future__ import annotations

import email
import importlib.metadata
import json
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import coverage
from appmain import run_app, serve_static
from coverage.files import flat_rootname
from coverage.results import Numbers

SOURCE = "docutils"
WRITERS = ("html5", "html4", "latex", "xetex", "manpage", "odt", "s5", "xml", "pseudoxml")


def load(db: Path, limit: int) -> None:
    work = db.parent / "measure"
    for path in (db, work):
        if path.exists():
            shutil.rmtree(path)
    work.mkdir(parents=True)
    readme = work / "README.rst"
    metadata = importlib.metadata.distribution(SOURCE).read_text("METADATA") or ""
    readme.write_text(str(email.message_from_string(metadata).get_payload()), encoding="utf-8")
    data = work / ".coverage"
    bin_dir = Path(sys.executable).parent
    site = sysconfig.get_paths()["purelib"]
    for writer in WRITERS:
        out = work / f"README.{writer}"
        run = [str(bin_dir / "coverage"), "run", "--append", f"--data-file={data}",
               f"--source={SOURCE}", "-m", SOURCE, f"--writer={writer}", "--report=5",
               str(readme), str(out)]  # fmt: skip
        subprocess.run(run, check=True, cwd=site)
    html = [str(bin_dir / "coverage"), "html", f"--data-file={data}", f"--directory={db}"]
    subprocess.run(html, check=True, cwd=site)
    files = []
    cov = coverage.Coverage(data_file=str(data))
    cov.load()
    for path in sorted(cov.get_data().measured_files()):
        _, statements, excluded, missing, _ = cov.analysis2(path)
        name = Path(path).relative_to(site).as_posix()
        numbers = Numbers(
            n_files=1,
            n_statements=len(statements),
            n_excluded=len(excluded),
            n_missing=len(missing),
        )
        files.append(
            {
                "file": name,
                "page": flat_rootname(name) + ".html",
                "statements": numbers.n_statements,
                "missing": numbers.n_missing,
                "excluded": numbers.n_excluded,
                "coverage": numbers.pc_covered_str + "%",
            }
        )
    record = {"coverage": coverage.__version__, "writers": list(WRITERS), "files": files}
    (db.parent / "files.json").write_text(json.dumps(record, indent=1), encoding="utf-8")


def serve(db: Path, port: int) -> None:
    serve_static(db, port)


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
