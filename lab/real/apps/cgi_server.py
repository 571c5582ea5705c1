"""Serve a CGI program (cgit, gitweb) or a folder of them (man2html's) on 127.0.0.1: a small
CGI/1.1 gateway on the standard library.

    python cgi_server.py --cgi PROGRAM --port P [--env NAME=VALUE …]
                         [--static FOLDER --static-prefix /PREFIX/]
    python cgi_server.py --cgi-dir FOLDER --cgi-prefix /cgi-bin/man/ --home PATH --port P …

Every request but the static files runs the CGI program once with the request's path as
PATH_INFO and its query as QUERY_STRING (cgit's `virtual-root=/` makes its links plain paths:
`/repo/commit/?id=…`; gitweb's are queries of `/`) and the `--env` variables (the one naming
the program's configuration: CGIT_CONFIG, GITWEB_CONFIG); the program's `Status:` header (200
when absent) and its other headers go back as the response's. `<prefix><file>` and
`/robots.txt` are the package's static files (its stylesheet, logo, favicon, scripts,
robots.txt), as the Debian package's Apache configuration serves them. With `--cgi-dir`, as
Apache's ScriptAlias: `<prefix><name>` runs the program `<name>` of the folder (SCRIPT_NAME
`<prefix><name>`, PATH_INFO what follows), anything else is a 404 but `/`, which redirects to
`--home`. Only GET and HEAD: the site is read-only. Standard library only; it runs with any Python 3.11+.
"""

from __future__ import annotations

import argparse
import mimetypes
import os
import subprocess
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

CGI_TIMEOUT_S = 60


class Gateway(BaseHTTPRequestHandler):
    server_version = "cgi-gateway/1"
    cgi: Path | None
    cgi_dir: Path | None
    cgi_prefix: str
    home: str
    static: Path | None
    static_prefix: str
    variables: dict[str, str]

    def do_GET(self) -> None:
        self._answer(body=True)

    def do_HEAD(self) -> None:
        self._answer(body=False)

    def _answer(self, body: bool) -> None:
        parts = urlsplit(self.path)
        path = unquote(parts.path)
        if self.static is not None and path == "/robots.txt":
            self._static(self.static / "robots.txt", body)
        elif self.static is not None and path.startswith(self.static_prefix):
            self._static(self.static / path.removeprefix(self.static_prefix), body)
        elif self.cgi is not None:
            self._cgi(self.cgi, "", path, parts.query, body)
        elif path == "/" and self.home:
            self.send_response(HTTPStatus.FOUND)
            self.send_header("Location", self.home)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif (program := self._program(path)) is not None:
            name, _, rest = path.removeprefix(self.cgi_prefix).partition("/")
            self._cgi(program, self.cgi_prefix + name, "/" + rest if rest else "", parts.query,
                      body)  # fmt: skip
        else:
            self.send_error(HTTPStatus.NOT_FOUND)

    def _program(self, path: str) -> Path | None:
        """The program of the CGI folder a path names (`<prefix><name>[/…]`), if executable."""
        if self.cgi_dir is None or not path.startswith(self.cgi_prefix):
            return None
        name = path.removeprefix(self.cgi_prefix).partition("/")[0]
        program = self.cgi_dir / name
        if name in ("", ".", "..") or not program.is_file() or not os.access(program, os.X_OK):
            return None
        return program

    def _static(self, file: Path, body: bool) -> None:
        file = file.resolve()
        if self.static is None or not file.is_file() or self.static.resolve() not in file.parents:
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        data = file.read_bytes()
        self.send_response(HTTPStatus.OK)
        kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if body:
            self.wfile.write(data)

    def _cgi(self, program: Path, script: str, path: str, query: str, body: bool) -> None:
        port = self.server.server_address[1] if isinstance(self.server.server_address, tuple) else 0
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            **self.variables,
            "GATEWAY_INTERFACE": "CGI/1.1",
            "SERVER_SOFTWARE": self.server_version,
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": str(port),
            "SERVER_PROTOCOL": self.request_version,
            "REQUEST_METHOD": self.command,
            "SCRIPT_NAME": script,
            "PATH_INFO": path,
            "QUERY_STRING": query,
            "REMOTE_ADDR": self.client_address[0],
        }
        for name, value in self.headers.items():
            key = "HTTP_" + name.upper().replace("-", "_")
            if key not in ("HTTP_PROXY", "HTTP_CONTENT_TYPE", "HTTP_CONTENT_LENGTH"):
                env[key] = value
        try:
            done = subprocess.run(
                [str(program)],
                env=env,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=CGI_TIMEOUT_S,
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired) as e:
            self.send_error(HTTPStatus.BAD_GATEWAY, explain=str(e))
            return
        head, sep, content = done.stdout.partition(b"\r\n\r\n")
        if not sep:
            head, sep, content = done.stdout.partition(b"\n\n")
        if not sep:  # headers are answered even when the program exits non-zero (a 404 page)
            explain = done.stderr.decode("utf-8", "replace")[-500:] or "no CGI headers"
            self.send_error(HTTPStatus.BAD_GATEWAY, explain=explain)
            return
        status, headers = 200, []
        for line in head.decode("latin-1").splitlines():
            name, _, value = line.partition(":")
            if name.strip().lower() == "status":
                status = int(value.split()[0])
            elif name.strip():
                headers.append((name.strip(), value.strip()))
        self.send_response(status)
        for name, value in headers:
            if name.lower() != "content-length":
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(content)))
        self.end_headers()
        if body:
            self.wfile.write(content)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cgi", type=Path, help="the CGI program answering every request")
    parser.add_argument("--cgi-dir", type=Path, help="or a folder of CGI programs")
    parser.add_argument("--cgi-prefix", default="/cgi-bin/", help="the folder's path")
    parser.add_argument("--home", default="", help="where / redirects to (with --cgi-dir)")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the program")
    parser.add_argument("--static", type=Path, help="the static files' folder")
    parser.add_argument("--static-prefix", default="/static/", help="their path on the server")
    args = parser.parse_args()
    if (args.cgi is None) == (args.cgi_dir is None):
        parser.error("give one of --cgi and --cgi-dir")
    Gateway.cgi, Gateway.cgi_dir, Gateway.cgi_prefix = args.cgi, args.cgi_dir, args.cgi_prefix
    Gateway.home, Gateway.static, Gateway.static_prefix = args.home, args.static, args.static_prefix
    Gateway.variables = dict(item.split("=", 1) for item in args.env)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Gateway)
    server.daemon_threads = True
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
