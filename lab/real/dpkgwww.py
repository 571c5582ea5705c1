"""real-dpkgwww: dpkg-www, Debian's CGI browser of installed packages, over a dpkg database of its own.

The application is Debian's `dpkg-www` 2.64 (a Bash CGI program that answers each request by
querying dpkg's database with `dpkg-query` and `grep-dctrl`), unpacked with `apt-get download`
and `dpkg-deb -x` with `dctrl-tools` (its `grep-dctrl`, for the section pages; Perl's CGI.pm
from `libcgi-pm-perl` installed with apt-get when missing, as dpkg-www depends), a copy in the
application's `cgi/` reading the application's `dpkg-www.conf` instead of `/etc/dpkg-www.conf`
(no version check against apt, no install-docs lookup, no links to local files), behind
lab/real/apps/cgi_server.py as Apache's ScriptAlias serves it (`/cgi-bin/dpkg`, `/` redirecting
there), on 127.0.0.1 only, with `DPKG_ADMINDIR` naming the application's own database.

Data: a dpkg database written by dpkg itself: the Debian packages of `PACKAGES` (Perl's web
library libwww-perl and the modules around it, some documentation, JavaScript, font and data
packages; architecture `all`, no maintainer scripts) downloaded with `apt-get download` and
installed by `dpkg --root=<app>/system --force-depends -i` into `<app>/system` (its
`var/lib/dpkg/status` and file lists), never into the host's; the same at every size.

Served at dpkg-www's URLs, built from the database on every request: `/cgi-bin/dpkg` (the list
of installed packages as `dpkg-query -l` prints it, each name linking `dpkg?query=<name>`,
with version, architecture and description), a package `/cgi-bin/dpkg?query=libwww-perl` (its
control fields, the section a link to `dpkg?query=section%3D<section>`, each package its
relations name a link, whether installed or not; then the files it owns), a section
`?query=section%3Dperl` (the list of its packages), `?query=section%3D%3F` (the sections), a
help page `?query=%3F`. Links to dwww and man2html and to Debian's web services are not
served here. No robots.txt (404).

Truth, from the database's `status` file (never from a crawl): the entities are the packages
whose status is "install ok installed", at `/cgi-bin/dpkg?query=<name>`; attributes `section`
and `version`; facet `section` (a page per section). The index is one level, the package list
`/cgi-bin/dpkg`; the seed is libwww-perl.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import RealApp, facet_queries, facet_values, type_truth
from siteseer.lab.real.debian import apt_install, unpack_debs
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["PACKAGES", "SEED", "DpkgWwwApp", "installed_packages", "package_href"]

SEED = "libwww-perl"
TOOLS = ("dpkg-www", "dctrl-tools")
PACKAGES = (
    "bash-doc", "fonts-dejavu-core", "git-doc", "iso-codes", "libcgi-pm-perl",
    "libencode-locale-perl", "libfile-listing-perl", "libhtml-tagset-perl", "libhtml-tree-perl",
    "libhttp-cookies-perl", "libhttp-date-perl", "libhttp-message-perl", "libio-html-perl",
    "libjs-jquery-ui", "libjs-sphinxdoc", "libjs-underscore", "libjson-perl",
    "liblwp-mediatypes-perl", "libmime-types-perl", "libnet-http-perl", "libtext-csv-perl",
    "libtimedate-perl", "libtry-tiny-perl", "liburi-perl", "libwww-perl",
    "libwww-robotrules-perl", "libyaml-perl", "media-types", "publicsuffix", "python3-doc",
    "sqlite3-doc",
)  # fmt: skip
PREFIX = "/cgi-bin/"
SERVER = Path(__file__).parent / "apps" / "cgi_server.py"
CONFIG = (
    "# dpkg-www's settings for the lab (dpkg-www(8))\n"
    "CHECK_PACKAGE_VERSION=0\nLIST_DOCUMENTATION=0\nSHOW_LOCAL_FILES=false\n"
)
_SCRIPTS = {"preinst", "postinst", "prerm", "postrm", "config"}


def installed_packages(status: str) -> dict[str, dict[str, str]]:
    """The packages of a dpkg `status` file whose status is "install ok installed": name → its
    fields, in the file's order."""
    out = {}
    for stanza in status.split("\n\n"):
        fields: dict[str, str] = {}
        for line in stanza.splitlines():
            if line and not line[0].isspace() and ":" in line:
                name, value = line.split(":", 1)
                fields[name] = value.strip()
        if fields.get("Status") == "install ok installed" and "Package" in fields:
            out[fields["Package"]] = fields
    return out


def package_href(name: str) -> str:
    """A package's page as dpkg-www links it (`dpkg?query=<name>` under the CGI folder)."""
    return f"{PREFIX}dpkg?query={name}"


def section_href(section: str) -> str:
    return f"{PREFIX}dpkg?query=section%3D{section}"


def _check_deb(app_id: str, deb: Path) -> None:
    """Refuse a package that is not architecture `all` or has maintainer scripts: the private
    database must be written without running anything of the package."""
    arch = subprocess.run(
        ["dpkg-deb", "-f", str(deb), "Architecture"], capture_output=True, text=True, check=True
    ).stdout.strip()
    control = subprocess.run(["dpkg-deb", "--ctrl-tarfile", str(deb)], capture_output=True)
    with tarfile.open(fileobj=io.BytesIO(control.stdout)) as tar:
        scripts = {Path(n).name for n in tar.getnames()} & _SCRIPTS
    if arch != "all" or scripts:
        raise InstallFailed(app_id, f"{deb.name}: architecture {arch}, scripts {sorted(scripts)}")


class DpkgWwwApp(RealApp):
    """dpkg-www (Debian) behind a CGI gateway, over a dpkg database of 31 packages."""

    id = "real-dpkgwww"
    kind = "entity-tree"
    description = "dpkg-www (Debian) package browser over a dpkg database of 31 packages"

    @property
    def admindir(self) -> Path:
        return self.dir / "system" / "var" / "lib" / "dpkg"

    def needs(self) -> tuple[str, ...]:
        return (
            "Debian dpkg-www and dctrl-tools (unpacked, configured in cgi/; Bash, Perl)",
            "Debian libcgi-pm-perl (apt-get, for dpkg-www's query parsing)",
            f"data: {len(PACKAGES)} Debian packages installed by dpkg into system/",
        )

    def installed(self) -> bool:
        return (self.dir / "versions.json").is_file() and (self.admindir / "status").is_file()

    def _install(self, progress: Progress) -> None:
        """The tools unpacked, the packages installed by dpkg into system/, the CGI program
        configured, once."""
        if self.installed():
            return
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        present = Path("/usr/share/perl5/CGI.pm").is_file()  # dpkg-www reads queries with it
        apt_install(self.id, ("libcgi-pm-perl",), present, log, progress)
        versions = unpack_debs(self.id, TOOLS, self.dir / "root", log, progress)
        debs, system = self.dir / "debs", self.dir / "system"
        for folder in (debs, system, self.dir / "cgi"):
            if folder.exists():
                shutil.rmtree(folder)
        debs.mkdir()
        script = f'cd "{debs}" && apt-get download {" ".join(PACKAGES)}'
        run_step(self.id, "apt-get download the packages", ["sh", "-c", script], log, progress)
        files = sorted(debs.glob("*.deb"))
        for deb in files:
            _check_deb(self.id, deb)
        for sub in ("info", "updates", "triggers"):
            (self.admindir / sub).mkdir(parents=True)
        (self.admindir / "status").touch()
        dpkg = [
            "dpkg", f"--root={system}", f"--log={self.dir / 'logs' / 'dpkg.log'}",
            "--force-depends", "--force-not-root", "--no-triggers", "-i", *map(str, files),
        ]  # fmt: skip
        run_step(self.id, f"dpkg -i {len(files)} packages into system/", dpkg, log, progress)
        shutil.rmtree(debs)
        config = self.dir / "dpkg-www.conf"
        config.write_text(CONFIG, encoding="utf-8")
        program = (self.dir / "root/usr/lib/cgi-bin/dpkg").read_text(encoding="utf-8")
        if program.count("/etc/dpkg-www.conf") < 2:
            raise InstallFailed(self.id, "dpkg-www does not read /etc/dpkg-www.conf")
        (self.dir / "cgi").mkdir()
        cgi = self.dir / "cgi" / "dpkg"
        cgi.write_text(program.replace("/etc/dpkg-www.conf", str(config.resolve())), "utf-8")
        cgi.chmod(0o755)
        (self.dir / "versions.json").write_text(json.dumps(versions), encoding="utf-8")

    def command(self, port: int) -> list[str]:
        """The CGI gateway on 127.0.0.1:port running the configured dpkg-www."""
        path = f"{(self.dir / 'root/usr/bin').resolve()}:/usr/bin:/bin"
        return [
            sys.executable, str(SERVER), "--cgi-dir", str(self.dir / "cgi"),
            "--cgi-prefix", PREFIX, "--home", PREFIX + "dpkg", "--port", str(port),
            "--env", f"DPKG_ADMINDIR={self.admindir.resolve()}", "--env", f"PATH={path}",
        ]  # fmt: skip

    def truth(self, base_url: str) -> SiteTruth:
        """The installed packages, listed by the package list; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        packages = installed_packages((self.admindir / "status").read_text(encoding="utf-8"))
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            canonical_url(b + package_href(name)): {
                "section": (fields["Section"],),
                "version": (fields["Version"],),
            }
            for name, fields in sorted(packages.items())
        }
        seed = canonical_url(b + package_href(SEED))
        if seed not in attributes or len(attributes) != len(PACKAGES):
            raise ValueError(f"{self.id}: {self.admindir} lacks {SEED} or some of {PACKAGES}")
        home = canonical_url(b + PREFIX + "dpkg")
        values = facet_values(attributes, ["section"])
        version = json.loads((self.dir / "versions.json").read_text(encoding="utf-8"))
        return type_truth(
            self,
            b,
            "package",
            attributes,
            (home, seed),
            attributes=attributes,
            queries=facet_queries(attributes, values),
            facet_values=values,
            templates={b + "/": "package list", home: "package list"}
            | {canonical_url(b + section_href(s)): "section" for s in values["section"]}
            | dict.fromkeys(attributes, "package"),
            notes=(
                f"{len(attributes)} packages installed by dpkg into the app's own database "
                f"(dpkg-www {version.get('dpkg-www', '?')}), from its status file; each also "
                "listed by its section's page. Not listed in templates: the pages of packages "
                "named by relations but not installed, the sections' list, the help page."
            ),
        )
