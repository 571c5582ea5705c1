"""Bodies compressed by themselves (a `.gz` file served as it is), known by their bytes.

A sitemap may be served gzipped without a Content-Encoding (the HTTP client then hands over the
compressed bytes), and its name need not end in `.gz`: the gzip magic bytes decide.
`inflate` decompresses at most `limit` bytes, so a gzip bomb stops there (`cut`).
"""

from __future__ import annotations

import zlib

__all__ = ["MAX_INFLATED_BYTES", "inflate", "is_gzip"]

MAX_INFLATED_BYTES = 50 * 1024 * 1024  # sitemaps.org: 50 MB uncompressed a file
_MAGIC = b"\x1f\x8b"
_CHUNK = 1024 * 1024


def is_gzip(body: bytes) -> bool:
    """Whether `body` starts with the gzip magic bytes."""
    return body[:2] == _MAGIC


def inflate(body: bytes, limit: int = MAX_INFLATED_BYTES) -> tuple[bytes, bool]:
    """`body` decompressed (every gzip member), at most `limit` bytes, and whether it was `cut`
    there or ended in damaged data (what came before the damage is kept)."""
    out = bytearray()
    rest = body
    while rest:
        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
        pending = rest
        try:
            while pending and not inflater.eof:
                room = limit - len(out)
                if room <= 0:
                    return bytes(out), True
                out += inflater.decompress(pending, min(room, _CHUNK))
                pending = inflater.unconsumed_tail
        except zlib.error:
            return bytes(out), True
        if not inflater.eof:  # the member ended early: damaged, cut, or over the limit
            return bytes(out), True
        rest = inflater.unused_data
        if rest and not is_gzip(rest):
            break
    return bytes(out), False
