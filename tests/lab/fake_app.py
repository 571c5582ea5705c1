"""A real application for the tests of the lab's framework: nothing to install, Python's file
server (or a command given) to serve. Imported by the tests of this folder."""

from __future__ import annotations

import sys
from pathlib import Path

from siteseer.lab.real import RealApp
from siteseer.lab.truth import SiteTruth


class FileServerApp(RealApp):
    """Python's file server as a real application: nothing to install, `argv` to run instead."""

    id = "test-files"
    kind = "entity-tree"

    def __init__(self, home: Path, argv: list[str] | None = None) -> None:
        super().__init__(home=home)
        self.argv = argv

    def needs(self) -> tuple[str, ...]:
        return ()

    def installed(self) -> bool:
        return True

    def _install(self, progress: object) -> None:
        return None

    def command(self, port: int) -> list[str]:
        server = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)]
        return self.argv or server

    def truth(self, base_url: str) -> SiteTruth:
        return SiteTruth(site=self.id, base_url=base_url, kind=self.kind)
