"""Print a Breezy branch's mainline as JSON, newest first: [[revno, committer, subject], …].

Run with the system's Python 3, which has Debian's Breezy (`python3-breezy`, what `brz` and
loggerhead run on): `python3 brz_log.py BRANCH`. real-loggerhead's truth reads it.
"""

from __future__ import annotations

import json
import sys

import breezy
from breezy.branch import Branch
from breezy.plugin import load_plugins
from breezy.revision import NULL_REVISION


def main(path: str) -> None:
    with breezy.initialize():
        load_plugins()  # as `brz` does: the branch formats (2a among them) are registered
        branch = Branch.open(path)
        with branch.lock_read():
            repository = branch.repository
            revno = branch.revno()
            rows = []
            ancestry = repository.get_graph().iter_lefthand_ancestry(
                branch.last_revision(), (NULL_REVISION,)
            )
            for revid in ancestry:
                revision = repository.get_revision(revid)
                subject = (revision.message or "").splitlines()[0:1]
                rows.append([revno, revision.committer, subject[0] if subject else ""])
                revno -= 1
    json.dump(rows, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
