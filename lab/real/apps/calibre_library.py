"""Build a calibre library from a JSON list of books, with calibre's own library code.

Run by Debian's calibre (`calibre-debug -e calibre_library.py BOOKS.json LIBRARY`), never by
siteseer's interpreter: `calibre.library.db` creates LIBRARY/metadata.db and each book is added
as `calibredb add --empty` adds one (a book entry with no format), its metadata set by
calibre's `Metadata`: title, authors, publisher, publication date, languages (calibre's own
canonical codes), tags, series and identifiers, and the date it was added (`timestamp`, which
orders a library's "recently added" list): the JSON's order, one minute apart, the first added
first.
"""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from calibre.ebooks.metadata.book.base import Metadata
from calibre.library import db
from calibre.utils.date import parse_only_date
from calibre.utils.localization import canonicalize_lang

ADDED = datetime(2024, 1, 1, tzinfo=UTC)  # when the first book was added


def main(books_file: Path, library: Path) -> None:
    books = json.loads(books_file.read_text(encoding="utf-8"))
    library.mkdir(parents=True, exist_ok=True)
    cache = db(str(library)).new_api
    for n, book in enumerate(books):
        mi = Metadata(book["title"], book["authors"] or None)
        mi.publisher = book["publisher"] or None
        if book["date"]:
            mi.pubdate = parse_only_date(book["date"], assume_utc=True)
        mi.languages = [c for c in (canonicalize_lang(book["language"]),) if c]
        mi.tags = book["tags"]
        if book["series"]:
            mi.series, mi.series_index = book["series"], book["series_index"] or 1.0
        mi.set_identifiers(book["identifiers"])
        mi.comments = book["comments"] or None
        mi.timestamp = ADDED + timedelta(minutes=n)
        cache.create_book_entry(mi)
    cache.close()


if __name__ == "__main__":
    main(Path(sys.argv[-2]), Path(sys.argv[-1]))
