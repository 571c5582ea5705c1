"""Commands chained: the URLs and pages one command takes from what another wrote.

Every file input is read by `crawler.inputs`: a URL list, siteseer's own JSON lines
(``discover --out``, explore's entities.jsonl, ``templates cluster``'s rows, a Discovery from
``--discovery``), a WARC/ARC file or a crawl store. Here the input is narrowed to one site
(``--site HOST``, needed when it holds several hosts), and an input that yields nothing is a
BadInput that says why — never a silent empty run::

    urls = input_urls(Path("products.jsonl"), site="127.0.0.1:8000")
    snaps, urls = input_pages(Path(".siteseer/cache.sqlite"), site="127.0.0.1:8000")
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from siteseer.crawler import read_pages, read_urls
from siteseer.errors import BadInput
from siteseer.render import Snapshot

__all__ = ["all_urls", "hosts_of", "input_pages", "input_urls", "samples_per_host", "site_host"]


def site_host(site: str) -> str:
    """The host (``name:port``) `--site` names, given as a host or as a URL of the site."""
    return urlsplit(site).netloc or site.strip().rstrip("/")


def hosts_of(urls: list[str]) -> list[str]:
    """The hosts of `urls`, sorted, without repeats."""
    return sorted({urlsplit(u).netloc for u in urls if urlsplit(u).netloc})


def _readable(path: Path) -> None:
    if path.is_file():
        return
    looks_like_url = str(path).startswith(("http:", "https:")) or "://" in str(path)
    hint = " (INPUT is a file of URLs, not a URL)" if looks_like_url else ""
    raise BadInput(
        f"{path} is not a file{hint}; give a URL list, siteseer's JSON lines, a WARC file or a "
        f"crawl store"
    )


def _one_site(urls: list[str], path: Path, site: str | None) -> list[str]:
    """`urls` of `site` only, or all of them when they are of one host; BadInput when nothing
    is left, or several hosts and no `site`."""
    hosts = hosts_of(urls)
    if not urls:
        raise BadInput(
            f"{path} holds no URL (a URL list has one a line; siteseer's JSON lines a "
            f'"url" each; a WARC file or crawl store its HTML pages with status 2xx)'
        )
    if not hosts:
        raise BadInput(f"{path} holds no absolute http(s) URL (first line: {urls[0][:80]!r})")
    if site is None:
        if len(hosts) > 1:
            listed = ", ".join(hosts[:5]) + (", …" if len(hosts) > 5 else "")
            raise BadInput(
                f"{path} holds URLs of {len(hosts)} hosts ({listed}); choose one with --site"
            )
        return urls
    host = site_host(site)
    kept = [u for u in urls if urlsplit(u).netloc == host]
    if not kept:
        raise BadInput(f"{path} holds no URL of {host}; its hosts: {', '.join(hosts[:5])}")
    return kept


def _read_urls(path: Path) -> list[str]:
    _readable(path)
    try:
        return read_urls(path)
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise BadInput(f"cannot read {path}: {e}") from None


def input_urls(path: Path, *, site: str | None = None) -> list[str]:
    """The URLs of the file `path` (of `site` only, when given), in order, no repeats.

    BadInput when `path` is not a readable file, holds no URL (of `site`), or holds several
    hosts and no `site` chooses one.
    """
    return _one_site(_read_urls(path), path, site)


def all_urls(path: Path) -> list[str]:
    """Every URL of the file `path`, whatever its hosts (pages to judge, say); BadInput as
    `input_urls` when it holds none."""
    urls = _read_urls(path)
    if not hosts_of(urls):
        _one_site(urls, path, None)  # raises with the reason
    return [u for u in urls if urlsplit(u).netloc]


def samples_per_host(path: Path) -> list[str]:
    """The first URL of each host in the file `path`: one sample entity page per site (what
    `describe` takes from discover's output). BadInput as `input_urls` when it holds none."""
    urls = _read_urls(path)
    first: dict[str, str] = {}
    for url in urls:
        host = urlsplit(url).netloc
        if host and host not in first:
            first[host] = url
    if not first:
        _one_site(urls, path, None)  # raises with the reason
    return list(first.values())


def input_pages(path: Path, *, site: str | None = None) -> tuple[list[Snapshot], list[str]]:
    """The pages of an archive or crawl store (of `site` only), or the URLs to load of a URL
    list or siteseer's JSON lines: ``(snapshots, urls)``, one of them empty. BadInput as
    `input_urls`."""
    _readable(path)
    try:
        snaps, urls = read_pages(path)
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise BadInput(f"cannot read {path}: {e}") from None
    if urls:
        return [], _one_site(urls, path, site)
    by_url = {s.url: s for s in snaps}
    kept = _one_site(list(by_url), path, site)
    return [by_url[u] for u in kept], []
