"""The real-drf application: Django REST framework's browsable API over pycountry's ISO data.

This file runs inside the application's own virtual environment (`.lab-real/real-drf/venv`,
made by `lab.real.drf`), never inside siteseer. Two commands:

    python drf_app.py load  --db PATH --limit N   # create the tables, load the data set
    python drf_app.py serve --db PATH --port P    # Django's threaded server on 127.0.0.1:P

The data are the ISO tables pycountry ships (its own copies of Debian's iso-codes): ISO 3166-1
countries (249), ISO 3166-2 subdivisions (5,046) and ISO 4217 currencies (178). `--limit` keeps
the first N subdivisions in the file's order (0: all); countries and currencies are always all.

Everything a visitor sees is the REST framework's own browsable API (its `BrowsableAPIRenderer`
and default templates): the API root `/api/` (a link per endpoint, from its `DefaultRouter`),
a list per endpoint (`/api/countries/`: 20 records a page, `PageNumberPagination`, numbered
page links `?page=N` and the JSON's `next`/`previous` URLs; an ordering filter
`?ordering=<field>` and a search box `?search=` in its Filters dialog; `?format=json` and
`?format=api` links; an OPTIONS button), and a record's page (`/api/countries/<alpha_2>/`), every
URL in the JSON drawn as a link. Countries and currencies are addressed by their ISO codes,
subdivisions by their codes (`/api/subdivisions/FR-75C/`), each subdivision linking its country.
Only the permissions are ours: every endpoint is read-only (`ReadOnlyModelViewSet`), and the
database is opened read-only. The site's root redirects to `/api/`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import django
from appmain import run_app
from django.apps import AppConfig
from django.conf import settings

APP = "iso"
PAGE_SIZE = 20


class IsoConfig(AppConfig):
    """The app holding the models (this script, imported by its module name)."""

    name = "drf_app"
    label = APP
    verbose_name = "ISO codes"
    default_auto_field = "django.db.models.AutoField"


def _setup(db: Path, read_only: bool) -> None:
    name = f"file:{db}?mode=ro" if read_only else str(db)
    settings.configure(
        DEBUG=False,
        ALLOWED_HOSTS=["*"],  # the server listens on 127.0.0.1 only
        SECRET_KEY="siteseer-lab-real-drf",  # a loopback lab: signs nothing of worth
        ROOT_URLCONF=__name__,  # urlpatterns are set by serve
        INSTALLED_APPS=[
            "django.contrib.contenttypes",
            "django.contrib.auth",
            "django.contrib.staticfiles",
            "rest_framework",
            "drf_app.IsoConfig",  # this script, under its module name
        ],
        MIDDLEWARE=["django.middleware.common.CommonMiddleware"],
        TEMPLATES=[
            {
                "BACKEND": "django.template.backends.django.DjangoTemplates",
                "APP_DIRS": True,
                "OPTIONS": {"context_processors": ["django.template.context_processors.request"]},
            }
        ],
        DATABASES={
            "default": {
                "ENGINE": "django.db.backends.sqlite3",
                "NAME": name,
                "OPTIONS": {"uri": True} if read_only else {},
            }
        },
        REST_FRAMEWORK={
            "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
            "PAGE_SIZE": PAGE_SIZE,
            "DEFAULT_AUTHENTICATION_CLASSES": [],
            "DEFAULT_PERMISSION_CLASSES": [],
            "UNAUTHENTICATED_USER": None,
        },
        STATIC_URL="/static/",
        USE_TZ=False,
        LANGUAGE_CODE="en-us",
    )
    django.setup()


def _models() -> tuple[Any, Any, Any]:
    """`Country`, `Subdivision` and `Currency`, defined once Django's registry is ready."""
    from django.db import models

    class Country(models.Model):
        alpha_2 = models.CharField(max_length=2, primary_key=True)
        alpha_3 = models.CharField(max_length=3)
        numeric = models.CharField(max_length=3)
        name = models.CharField(max_length=100)
        official_name = models.CharField(max_length=200, blank=True)
        common_name = models.CharField(max_length=100, blank=True)
        flag = models.CharField(max_length=10)

        class Meta:
            app_label = APP
            ordering = ("name", "alpha_2")
            verbose_name_plural = "countries"

        def __str__(self) -> str:
            return str(self.name)

    class Subdivision(models.Model):
        code = models.CharField(max_length=10, primary_key=True)
        name = models.CharField(max_length=200)
        type = models.CharField(max_length=100)
        country = models.ForeignKey(Country, on_delete=models.CASCADE, related_name="+")
        parent_code = models.CharField(max_length=10, blank=True)

        class Meta:
            app_label = APP
            ordering = ("code",)

        def __str__(self) -> str:
            return str(self.name)

    class Currency(models.Model):
        alpha_3 = models.CharField(max_length=3, primary_key=True)
        numeric = models.CharField(max_length=3)
        name = models.CharField(max_length=100)

        class Meta:
            app_label = APP
            ordering = ("alpha_3",)
            verbose_name_plural = "currencies"

        def __str__(self) -> str:
            return str(self.name)

    return Country, Subdivision, Currency


def load(db: Path, limit: int) -> None:
    import pycountry

    db.unlink(missing_ok=True)
    _setup(db, read_only=False)
    from django.db import connection

    country, subdivision, currency = _models()
    with connection.schema_editor() as editor:
        for model in (country, subdivision, currency):
            editor.create_model(model)
    country.objects.bulk_create(
        country(
            alpha_2=c.alpha_2,
            alpha_3=c.alpha_3,
            numeric=c.numeric,
            name=c.name,
            official_name=getattr(c, "official_name", ""),
            common_name=getattr(c, "common_name", ""),
            flag=c.flag,
        )
        for c in pycountry.countries
    )
    subdivisions = list(pycountry.subdivisions)
    subdivision.objects.bulk_create(
        subdivision(
            code=s.code,
            name=s.name,
            type=s.type,
            country_id=s.country_code,
            parent_code=s.parent_code or "",
        )
        for s in (subdivisions[:limit] if limit else subdivisions)
    )
    currency.objects.bulk_create(
        currency(alpha_3=c.alpha_3, numeric=c.numeric, name=c.name) for c in pycountry.currencies
    )


def _router(country: Any, subdivision: Any, currency: Any) -> Any:
    from rest_framework import filters, routers, serializers, viewsets

    class CountrySerializer(serializers.HyperlinkedModelSerializer):
        class Meta:
            model = country
            fields = ("url", "alpha_2", "alpha_3", "numeric", "name", "official_name",
                      "common_name", "flag")  # fmt: skip

    class SubdivisionSerializer(serializers.HyperlinkedModelSerializer):
        class Meta:
            model = subdivision
            fields = ("url", "code", "name", "type", "country", "parent_code")

    class CurrencySerializer(serializers.HyperlinkedModelSerializer):
        class Meta:
            model = currency
            fields = ("url", "alpha_3", "numeric", "name")

    class CountryViewSet(viewsets.ReadOnlyModelViewSet):
        """The countries of ISO 3166-1, by name."""

        queryset = country.objects.all()
        serializer_class = CountrySerializer
        filter_backends = (filters.SearchFilter, filters.OrderingFilter)
        search_fields = ("name", "official_name", "alpha_2", "alpha_3")
        ordering_fields = ("name", "alpha_2", "alpha_3", "numeric")

    class SubdivisionViewSet(viewsets.ReadOnlyModelViewSet):
        """The subdivisions of ISO 3166-2, by code."""

        queryset = subdivision.objects.all()
        serializer_class = SubdivisionSerializer
        filter_backends = (filters.SearchFilter, filters.OrderingFilter)
        search_fields = ("name", "code", "type")
        ordering_fields = ("code", "name", "type")

    class CurrencyViewSet(viewsets.ReadOnlyModelViewSet):
        """The currencies of ISO 4217, by code."""

        queryset = currency.objects.all()
        serializer_class = CurrencySerializer

    router = routers.DefaultRouter()
    router.register("countries", CountryViewSet)
    router.register("subdivisions", SubdivisionViewSet)
    router.register("currencies", CurrencyViewSet)
    return router


def serve(db: Path, port: int) -> None:
    _setup(db, read_only=True)
    import rest_framework
    from django.core.servers.basehttp import WSGIServer, run
    from django.core.wsgi import get_wsgi_application
    from django.urls import include, path, re_path
    from django.views.generic import RedirectView
    from django.views.static import serve as static

    router = _router(*_models())
    statics = Path(rest_framework.__file__).resolve().parent / "static"
    urls = sys.modules[__name__]
    urls.urlpatterns = [  # type: ignore[attr-defined]
        path("", RedirectView.as_view(url="/api/")),
        path("api/", include(router.urls)),
        re_path(r"^static/(?P<path>.*)$", static, {"document_root": statics}),
    ]
    run("127.0.0.1", port, get_wsgi_application(), threading=True, server_cls=WSGIServer)


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
