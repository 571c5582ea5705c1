"""Every lab site id, both tiers: the synthetic sites (lab/sites/) and the real applications.

Real application ids start with `real-`; the alias `real` stands for all of them. Modules are
imported on first use. `entries()` is what `siteseer lab list` prints.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from siteseer.lab.real.app import RealApp
from siteseer.lab.site import Site, Size
from siteseer.lab.sites import SITE_IDS, site_class

__all__ = [
    "ALL_IDS",
    "REAL_ALIAS",
    "REAL_IDS",
    "LabEntry",
    "Tier",
    "entries",
    "lab_site_class",
    "real_app_class",
    "resolve_site_ids",
]

Tier = Literal["synthetic", "real"]

# id → "module:Class", in the order `siteseer lab list` and the bench use.
_REAL: dict[str, str] = {
    "real-planes": "siteseer.lab.real.planes:PlanesApp",
    "real-gapminder": "siteseer.lab.real.gapminder:GapminderApp",
    "real-tiddlywiki": "siteseer.lab.real.tiddlywiki:TiddlyWikiApp",
    "real-dokuwiki": "siteseer.lab.real.dokuwiki:DokuWikiApp",
    "real-devpi": "siteseer.lab.real.devpi:DevpiApp",
    "real-sqliteweb": "siteseer.lab.real.sqliteweb:SqliteWebApp",
    "real-mkdocs": "siteseer.lab.real.mkdocs:MkDocsApp",
    "real-sqladmin": "siteseer.lab.real.sqladmin:SqlAdminApp",
    "real-docsify": "siteseer.lab.real.docsify:DocsifyApp",
    "real-hugo": "siteseer.lab.real.hugo:HugoApp",
    "real-roundup": "siteseer.lab.real.roundup:RoundupApp",
    "real-cgit": "siteseer.lab.real.cgit:CgitApp",
    "real-djangoadmin": "siteseer.lab.real.djangoadmin:DjangoAdminApp",
    "real-datasette": "siteseer.lab.real.datasette:DatasetteApp",
    "real-reactadmin": "siteseer.lab.real.reactadmin:ReactAdminApp",
    "real-verdaccio": "siteseer.lab.real.verdaccio:VerdaccioApp",
    "real-mediawiki": "siteseer.lab.real.mediawiki:MediaWikiApp",
    "real-trac": "siteseer.lab.real.trac:TracApp",
    "real-pelican": "siteseer.lab.real.pelican:PelicanApp",
    "real-gitweb": "siteseer.lab.real.gitweb:GitwebApp",
    "real-sphinx": "siteseer.lab.real.sphinx:SphinxApp",
    "real-jekyll": "siteseer.lab.real.jekyll:JekyllApp",
    "real-fossil": "siteseer.lab.real.fossil:FossilApp",
    "real-wordpress": "siteseer.lab.real.wordpress:WordPressApp",
    "real-hgweb": "siteseer.lab.real.hgweb:HgwebApp",
    "real-flaskadmin": "siteseer.lab.real.flaskadmin:FlaskAdminApp",
    "real-redmine": "siteseer.lab.real.redmine:RedmineApp",
    "real-loggerhead": "siteseer.lab.real.loggerhead:LoggerheadApp",
    "real-ikiwiki": "siteseer.lab.real.ikiwiki:IkiwikiApp",
    "real-nikola": "siteseer.lab.real.nikola:NikolaApp",
    "real-pdoc": "siteseer.lab.real.pdoc:PdocApp",
    "real-pypiserver": "siteseer.lab.real.pypiserver:PypiServerApp",
    "real-gitit": "siteseer.lab.real.gitit:GititApp",
    "real-klaus": "siteseer.lab.real.klaus:KlausApp",
    "real-hexo": "siteseer.lab.real.hexo:HexoApp",
    "real-man2html": "siteseer.lab.real.man2html:Man2HtmlApp",
    "real-mhonarc": "siteseer.lab.real.mhonarc:MhonarcApp",
    "real-doxygen": "siteseer.lab.real.doxygen:DoxygenApp",
    "real-moin": "siteseer.lab.real.moin:MoinApp",
    "real-htags": "siteseer.lab.real.htags:HtagsApp",
    "real-vitepress": "siteseer.lab.real.vitepress:VitePressApp",
    "real-kiwix": "siteseer.lab.real.kiwix:KiwixApp",
    "real-sigal": "siteseer.lab.real.sigal:SigalApp",
    "real-starletteadmin": "siteseer.lab.real.starletteadmin:StarletteAdminApp",
    "real-publicinbox": "siteseer.lab.real.publicinbox:PublicInboxApp",
    "real-eleventy": "siteseer.lab.real.eleventy:EleventyApp",
    "real-drf": "siteseer.lab.real.drf:DrfApp",
    "real-otterwiki": "siteseer.lab.real.otterwiki:OtterWikiApp",
    "real-spirit": "siteseer.lab.real.spirit:SpiritApp",
    "real-phpliteadmin": "siteseer.lab.real.phpliteadmin:PhpLiteAdminApp",
    "real-pydoctor": "siteseer.lab.real.pydoctor:PydoctorApp",
    "real-oscar": "siteseer.lab.real.oscar:OscarApp",
    "real-javadoc": "siteseer.lab.real.javadoc:JavadocApp",
    "real-haddock": "siteseer.lab.real.haddock:HaddockApp",
    "real-mdbook": "siteseer.lab.real.mdbook:MdBookApp",
    "real-calibreweb": "siteseer.lab.real.calibreweb:CalibreWebApp",
    "real-photologue": "siteseer.lab.real.photologue:PhotologueApp",
    "real-rustdoc": "siteseer.lab.real.rustdoc:RustdocApp",
    "real-gtkdoc": "siteseer.lab.real.gtkdoc:GtkDocApp",
    "real-texinfo": "siteseer.lab.real.texinfo:TexinfoApp",
    "real-yard": "siteseer.lab.real.yard:YardApp",
    "real-djangowiki": "siteseer.lab.real.djangowiki:DjangoWikiApp",
    "real-rdoc": "siteseer.lab.real.rdoc:RdocApp",
    "real-handbook": "siteseer.lab.real.handbook:HandbookApp",
    "real-mezzanine": "siteseer.lab.real.mezzanine:MezzanineApp",
    "real-askbot": "siteseer.lab.real.askbot:AskbotApp",
    "real-godoc": "siteseer.lab.real.godoc:GodocApp",
    "real-piccoloadmin": "siteseer.lab.real.piccoloadmin:PiccoloAdminApp",
    "real-perlpod": "siteseer.lab.real.perlpod:PerlPodApp",
    "real-mallard": "siteseer.lab.real.mallard:MallardApp",
    "real-puput": "siteseer.lab.real.puput:PuputApp",
    "real-gitdoc": "siteseer.lab.real.gitdoc:GitDocApp",
    "real-ldoc": "siteseer.lab.real.ldoc:LdocApp",
    "real-valadoc": "siteseer.lab.real.valadoc:ValadocApp",
    "real-machina": "siteseer.lab.real.machina:MachinaApp",
    "real-djangocms": "siteseer.lab.real.djangocms:DjangoCmsApp",
    "real-ocamldoc": "siteseer.lab.real.ocamldoc:OcamldocApp",
    "real-info2www": "siteseer.lab.real.info2www:Info2wwwApp",
    "real-rhelp": "siteseer.lab.real.rhelp:RHelpApp",
    "real-nodedoc": "siteseer.lab.real.nodedoc:NodedocApp",
    "real-dirhtml": "siteseer.lab.real.dirhtml:DirhtmlApp",
    "real-docutils": "siteseer.lab.real.docutilsdocs:DocutilsApp",
    "real-sqlitedoc": "siteseer.lab.real.sqlitedoc:SqliteDocApp",
    "real-pgdoc": "siteseer.lab.real.pgdoc:PgDocApp",
    "real-dpkgwww": "siteseer.lab.real.dpkgwww:DpkgWwwApp",
    "real-qdoc": "siteseer.lab.real.qdoc:QdocApp",
    "real-gramps": "siteseer.lab.real.gramps:GrampsApp",
    "real-vimdoc": "siteseer.lab.real.vimdoc:VimdocApp",
    "real-gidocgen": "siteseer.lab.real.gidocgen:GidocgenApp",
    "real-papis": "siteseer.lab.real.papisweb:PapisApp",
    "real-pygeoapi": "siteseer.lab.real.geoapi:GeoapiApp",
    "real-chronicle": "siteseer.lab.real.chronicle:ChronicleApp",
    "real-swaggerui": "siteseer.lab.real.swaggerui:SwaggerUiApp",
    "real-adminer": "siteseer.lab.real.adminer:AdminerApp",
    "real-lazygal": "siteseer.lab.real.lazygal:LazygalApp",
    "real-jsdoc": "siteseer.lab.real.jsdoc:JsdocApp",
    "real-typedoc": "siteseer.lab.real.typedoc:TypedocApp",
    "real-naturaldocs": "siteseer.lab.real.naturaldocs:NaturalDocsApp",
    "real-zim": "siteseer.lab.real.zim:ZimApp",
    "real-optunadash": "siteseer.lab.real.optunadash:OptunaDashApp",
    "real-docusaurus": "siteseer.lab.real.docusaurus:DocusaurusApp",
    "real-coverage": "siteseer.lab.real.coveragehtml:CoverageApp",
    "real-lcov": "siteseer.lab.real.lcov:LcovApp",
    "real-shaarli": "siteseer.lab.real.shaarli:ShaarliApp",
    "real-ablog": "siteseer.lab.real.ablog:AblogApp",
}

REAL_IDS: tuple[str, ...] = tuple(_REAL)
ALL_IDS: tuple[str, ...] = SITE_IDS + REAL_IDS
REAL_ALIAS = "real"


def real_app_class(app_id: str) -> type[RealApp]:
    """The class of real application `app_id`; raises KeyError naming the known ids."""
    try:
        target = _REAL[app_id]
    except KeyError:
        raise KeyError(
            f"unknown real application {app_id!r}; known: {', '.join(REAL_IDS)}"
        ) from None
    module, _, name = target.partition(":")
    cls: type[RealApp] = getattr(importlib.import_module(module), name)
    return cls


def lab_site_class(site_id: str) -> type[Site] | type[RealApp]:
    """The class serving `site_id`, of either tier; raises KeyError naming the known ids."""
    if site_id in _REAL:
        return real_app_class(site_id)
    if site_id in SITE_IDS:
        return site_class(site_id)
    raise KeyError(f"unknown lab site {site_id!r}; known: {', '.join(ALL_IDS)}, {REAL_ALIAS}")


def resolve_site_ids(values: Iterable[str]) -> list[str]:
    """Split comma-separated ids, expand `real` to every real application, drop repeats.

    Raises KeyError naming the unknown ids and the known ones.
    """
    ids: list[str] = []
    for value in values:
        for part in (p.strip() for p in value.split(",")):
            if part == REAL_ALIAS:
                ids.extend(REAL_IDS)
            elif part:
                ids.append(part)
    unknown = [i for i in ids if i not in ALL_IDS]
    if unknown:
        raise KeyError(
            f"unknown lab site {', '.join(unknown)}; known: {', '.join(ALL_IDS)}, "
            f"{REAL_ALIAS} (every real-… id)"
        )
    return list(dict.fromkeys(ids))


@dataclass(frozen=True)
class LabEntry:
    """One line of `siteseer lab list`."""

    id: str
    tier: Tier
    kind: str
    description: str
    needs: tuple[str, ...]
    installed: bool


def entries(size: Size = "small") -> list[LabEntry]:
    """Every lab site with its tier, kind, what it needs and whether that is installed now."""
    out: list[LabEntry] = []
    for site_id in SITE_IDS:
        cls = site_class(site_id)
        about = cls.description or (cls.__doc__ or "").strip().split("\n")[0]
        out.append(LabEntry(site_id, "synthetic", cls.kind, about, ("nothing: in-process",), True))
    for app_id in REAL_IDS:
        app = real_app_class(app_id)(size=size)
        out.append(
            LabEntry(app_id, "real", app.kind, app.description, app.needs(), app.installed())
        )
    return out
