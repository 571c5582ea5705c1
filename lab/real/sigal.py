"""real-sigal: a photo gallery built by Sigal (PyPI) from Debian's desktop backgrounds, an album
per folder, a page per image.

Pictures: the files of two Debian packages of desktop backgrounds (`apt-get download`, unpacked
by `dpkg-deb`, nothing installed): `mate-backgrounds` (its folders `abstract`, `desktop` and
`nature` under `mate/`: 30 photographs and drawings, JPEG and PNG) and `ukui-wallpapers` (12
files, the album `ukui/`), copied at install to `.lab-real/real-sigal/project/pictures/` (regular
files only: a package's symbolic links are left out). Sigal's own command line builds the
gallery once (`sigal build`, lab/real/apps/sigal_gallery.py, in the application's venv) with
its defaults (images resized to fit 640×480, thumbnails 200×150, originals not kept) but the
theme `colorbox` and Sigal's own plugin `media_page`, which gives every image a page; Python's
static server serves it on 127.0.0.1.

Served: `/` (the gallery: its albums as thumbnails), `/mate/` (its three albums), an album's
page (`/mate/nature/`: its images' thumbnails, each a link to the image's page, which the
colorbox script opens in a lightbox instead), an image's page (`/mate/nature/Dune.jpg.html`:
the resized image, the breadcrumb of its albums, "previous" and "next" links), the resized
images and thumbnails (`/mate/nature/thumbnails/…`).

Truth, from the pictures' folder (never the built gallery): the entities are the images'
pages, every file Sigal takes for an image (its `img_extensions`); the index levels are `/`,
then every album's page (`/mate/nature/` is reached through `/mate/`); the seed is
`mate/nature/Dune.jpg`. Attribute `album`: the image's folder.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import ClassVar
from urllib.parse import quote

from siteseer.lab.real.app import BuiltSiteApp, type_truth
from siteseer.lab.real.debian import unpack_debs
from siteseer.lab.real.pyenv import Progress, PyPackage
from siteseer.lab.truth import SiteTruth

__all__ = ["ALBUMS", "IMAGE_SUFFIXES", "SigalApp", "copy_pictures", "read_pictures"]

# Debian package → (the folder of its pictures in the package, the album it becomes); each
# package is unpacked alone, and a sub-folder of its folder stays a sub-album.
ALBUMS = {
    "mate-backgrounds": ("usr/share/backgrounds/mate", "mate"),
    "ukui-wallpapers": ("usr/share/backgrounds", "ukui"),
}
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".gif", ".heic", ".tif", ".tiff", ".webp")
SEED = "mate/nature/Dune.jpg"
SETTINGS = """\
# Sigal's settings for real-sigal (lab/real/sigal.py); everything else is Sigal's default.
title = "Desktop backgrounds"
theme = "colorbox"
plugins = ["sigal.plugins.media_page"]
"""


def read_pictures(pictures: Path, suffixes: tuple[str, ...] = IMAGE_SUFFIXES) -> list[str]:
    """Every image under `pictures` as Sigal takes it (a regular file with one of its image
    `suffixes`, any case), relative paths with `/`, sorted."""
    return sorted(
        p.relative_to(pictures).as_posix()
        for p in pictures.rglob("*")
        if p.is_file() and not p.is_symlink() and p.suffix.lower() in suffixes
    )


class SigalApp(BuiltSiteApp):
    """A Sigal gallery of Debian's desktop backgrounds, built once, served as static files."""

    id = "real-sigal"
    kind = "entity-tree"
    description = "Sigal (PyPI) photo gallery of Debian's desktop backgrounds, a page per image"
    packages: ClassVar[tuple[PyPackage, ...]] = (PyPackage("sigal==2.6.1"),)
    script = "sigal_gallery.py"
    built = "gallery"
    data_description = f"the pictures of Debian's {', '.join(ALBUMS)} (apt-get download)"

    def _install(self, progress: Progress) -> None:
        if not (self.project / "sigal.conf.py").exists():
            log = self.dir / "logs" / "install.log"
            if self.project.exists():
                shutil.rmtree(self.project)
            for package, (folder, album) in ALBUMS.items():
                root = self.dir / "unpacked"
                unpack_debs(self.id, (package,), root, log, progress)
                copy_pictures(root / folder, self.project / "pictures" / album)
                shutil.rmtree(root)
            (self.project / "sigal.conf.py").write_text(SETTINGS, encoding="utf-8")
        super()._install(progress)

    def truth(self, base_url: str) -> SiteTruth:
        """The images' pages, from the pictures' folder; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        images = read_pictures(self.project / "pictures")
        if SEED not in images:
            raise ValueError(f"{self.id}: no picture {SEED} in {self.project / 'pictures'}")
        urls = {i: f"{b}/{quote(i)}.html" for i in images}
        folders = sorted(
            {"/".join(i.split("/")[:n]) for i in images for n in range(1, i.count("/") + 1)}
        )
        albums = {f: f"{b}/{quote(f)}/" for f in folders}
        root = b + "/"
        seed_albums = [albums[f] for f in folders if SEED.startswith(f + "/")]
        return type_truth(
            self,
            b,
            "image",
            urls.values(),
            (root, *seed_albums, urls[SEED]),
            levels=((root,), tuple(albums.values())),
            attributes={urls[i]: {"album": (i.rpartition("/")[0],)} for i in images},
            templates={root: "gallery"}
            | dict.fromkeys(albums.values(), "album")
            | dict.fromkeys(urls.values(), "image"),
            notes=(
                f"{len(images)} images in {len(albums)} albums (Sigal's media_page plugin: a "
                "page per image). Not listed in templates: the resized images and their "
                "thumbnails, the theme's static files, the albums' pages as index.html."
            ),
        )


def copy_pictures(source: Path, album: Path) -> None:
    """The regular files of `source` and its sub-folders copied to `album` (symbolic links
    left out)."""
    for file in sorted(source.rglob("*")):
        if file.is_file() and not file.is_symlink():
            target = album / file.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(file, target)
