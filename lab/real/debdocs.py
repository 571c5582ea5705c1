"""A Debian package of generated HTML documentation, unpacked and served as files.

Debian builds many projects' documentation with the project's own generator (Javadoc, Haddock,
mdBook, rustdoc, …) and ships it in a package of its own (`lib<name>-java-doc`, …). A
`DebianDocsApp` fetches such packages with `apt-get download` and unpacks them with `dpkg-deb`
into the application's directory (`root/`; nothing is installed on the host, so the pages
served are the package's whatever the machine has), records their versions (`versions.json`),
and serves one folder of them with Python's static file server. The documentation is the same
at every size.

A `GeneratedDocsApp` unpacks documentation sources the same way (POD, Mallard, …) and builds
them once into `html/` with a generator from Debian (its `build`), the folder it serves.
"""

from __future__ import annotations

import json
import shutil
from abc import abstractmethod
from pathlib import Path
from typing import ClassVar

from siteseer.lab.real.app import RealApp, static_server
from siteseer.lab.real.debian import unpack_debs
from siteseer.lab.real.pyenv import Progress

__all__ = ["DebianDocsApp", "GeneratedDocsApp"]


class DebianDocsApp(RealApp):
    """The HTML of Debian documentation packages (`packages`), its folder `folder` served."""

    packages: ClassVar[tuple[str, ...]]
    folder: ClassVar[str]  # the served folder, inside the unpacked tree (usr/share/doc/…)
    marker: ClassVar[str]  # a file of the served folder that a finished unpacking holds

    @property
    def served(self) -> Path:
        return self.dir / "root" / self.folder

    @property
    def versions(self) -> dict[str, str]:
        """Each unpacked package's version."""
        path = self.dir / "versions.json"
        return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}

    def needs(self) -> tuple[str, ...]:
        return (f"Debian {', '.join(self.packages)} (unpacked into {self.dir / 'root'})",)

    def installed(self) -> bool:
        return (self.served / self.marker).is_file() and bool(self.versions)

    def _install(self, progress: Progress) -> None:
        """The packages downloaded and unpacked, once."""
        if self.installed():
            return
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        versions = unpack_debs(self.id, self.packages, self.dir / "root", log, progress)
        (self.dir / "versions.json").write_text(json.dumps(versions), encoding="utf-8")

    def command(self, port: int) -> list[str]:
        """Python's static file server over the served folder on 127.0.0.1:port."""
        return static_server(self.served, port)


class GeneratedDocsApp(DebianDocsApp):
    """Documentation sources from Debian packages (`packages`, the sources in `folder`), built
    once into `html/` by `build` and served from there (`marker`: a file of the built HTML);
    `tools`: the Debian packages of the generator, which `build` installs with apt-get."""

    tools: ClassVar[tuple[str, ...]] = ()

    @property
    def served(self) -> Path:
        return self.dir / "html"

    def needs(self) -> tuple[str, ...]:
        tools = (f"Debian {', '.join(self.tools)} (apt-get)",) if self.tools else ()
        return (*super().needs(), *tools)

    @abstractmethod
    def build(self, into: Path, log: Path, progress: Progress) -> None:
        """Write the HTML of the unpacked sources into the (empty) folder `into`."""

    def _install(self, progress: Progress) -> None:
        """The packages unpacked, then built into html/, once."""
        if self.installed():
            return
        super()._install(progress)
        partial = self.dir / "html.partial"
        for folder in (partial, self.served):
            if folder.exists():
                shutil.rmtree(folder)
        partial.mkdir()
        self.build(partial, self.dir / "logs" / "install.log", progress)
        partial.rename(self.served)
