"""Serve a CGI program (cgit, gitweb) on 127.0.0.1: a small CGI/1.1 gateway on the standard
library.

    python cgi_server.py --cgi PROGRAM --port P [--env NAME=VALUE …]
                         [--static FOLDER --static-prefix /PREFIX/]

Every request but the static files runs the CGI program once with the request's path as
PATH_INFO and its query as QUERY_STRING (cgit's `virtual-root=/` makes its links plain paths:
`/repo/commit/?id=…`; gitweb's are queries of `/`) and the `--env` variables (the one naming
the program's configuration: CGIT_CONFIG, GITWEB_CONFIG); the program's `Status:` header (200
when absent) and its other headers go back as the response's. `<prefix><file>` and
`/robots.txt` are the package's static files (its stylesheet, logo, favicon, scripts,
robots.txt), as the Debian package's Apache configuration serves them. Only GET and HEAD: the
site is read-only. Standard library only; it runs with any Python 3.11+.
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
    cgi: Path
    static: Path
    static_prefix: str
    variables: dict[str, str]

    def do_GET(self) -> None:
        self._answer(body=True)

    def do_HEAD(self) -> None:
        self._answer(body=False)

    def _answer(self, body: bool) -> None:
        parts = urlsplit(self.path)
        path = unquote(parts.path)
        if path == "/robots.txt":
            self._static(self.static / "robots.txt", body)
        elif path.startswith(self.static_prefix):
            self._static(self.static / path.removeprefix(self.static_prefix), body)
        else:
            self._cgi(path, parts.query, body)

    def _static(self, file: Path, body: bool) -> None:
        file = file.resolve()
        if not file.is_file() or self.static.resolve() not in file.parents:
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

    def _cgi(self, path: str, query: str, body: bool) -> None:
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
            "SCRIPT_NAME": "",
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
                [str(self.cgi)],
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
        if not sep or done.returncode != 0:
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
    parser.add_argument("--cgi", type=Path, required=True, help="the CGI program")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the program")
    parser.add_argument("--static", type=Path, required=True, help="the static files' folder")
    parser.add_argument("--static-prefix", default="/static/", help="their path on the server")
    args = parser.parse_args()
    Gateway.cgi, Gateway.static, Gateway.static_prefix = args.cgi, args.static, args.static_prefix
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
