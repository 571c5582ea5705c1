"""The real-djangoadmin application: the Django admin's change-list over Seattle's weather.

This file runs inside the application's own virtual environment (`.lab-real/real-djangoadmin/
venv`, made by `lab.real.djangoadmin`), never inside siteseer. Two commands:

    python djangoadmin_app.py load  --db PATH --limit N   # migrate, load the data set
    python djangoadmin_app.py serve --db PATH --port P    # Django's threaded server on 127.0.0.1:P

The data are vega_datasets' seattle-weather.csv (1,461 days, 2012–2015), read from the
installed package without importing it (its `__init__` needs pandas); `--limit` keeps the first
N days (0: all). One model, `Day` of the app `weather`, one row per day.

Everything a visitor sees is the Django admin's own HTML: the admin's index (`/admin/`), the
app's index (`/admin/weather/`), the change-list `/admin/weather/day/` (50 rows a page, `?p=N`;
sort links in every column header, `?o=1`, `?o=-2.1`, …; a date drill-down by year, month and
day, `?date__year=2012&date__month=3`; a filter sidebar "By weather" and "By date", with the
admin's "Show counts" toggle, `?_facets=True`; a search box), and a change page per day at
`/admin/weather/day/<pk>/change/`, read-only, with its history page (a row's link carries
the list's query: `?_changelist_filters=p%3D2`). Only the permissions are
ours: a custom `AdminSite` lets anonymous visitors in for GET and HEAD requests (no login), and
the `ModelAdmin` grants view permission only (nothing can be added, changed or deleted; the
database is opened read-only besides). The site's root redirects to `/admin/`.
"""

from __future__ import annotations

import csv
import importlib.util
import sys
from pathlib import Path
from typing import Any

import django
from appmain import run_app
from django.apps import AppConfig
from django.conf import settings

APP = "weather"


class WeatherConfig(AppConfig):
    """The app holding `Day` (this script, imported by its module name)."""

    name = "djangoadmin_app"
    label = APP
    verbose_name = "Weather"
    default_auto_field = "django.db.models.AutoField"


def _data_dir() -> Path:
    spec = importlib.util.find_spec("vega_datasets")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("vega_datasets is not installed in this environment")
    return Path(next(iter(spec.submodule_search_locations))) / "_data"


def _setup(db: Path, read_only: bool) -> None:
    name = f"file:{db}?mode=ro" if read_only else str(db)
    settings.configure(
        DEBUG=False,
        ALLOWED_HOSTS=["*"],  # the server listens on 127.0.0.1 only
        SECRET_KEY="siteseer-lab-real-djangoadmin",  # a loopback lab: signs nothing of worth
        ROOT_URLCONF=__name__,  # urlpatterns are set by serve
        INSTALLED_APPS=[
            "django.contrib.admin",
            "django.contrib.auth",
            "django.contrib.contenttypes",
            "django.contrib.sessions",
            "django.contrib.messages",
            "djangoadmin_app.WeatherConfig",  # this script, under its module name
        ],
        MIDDLEWARE=[
            "django.contrib.sessions.middleware.SessionMiddleware",
            "django.middleware.common.CommonMiddleware",
            "django.middleware.csrf.CsrfViewMiddleware",
            "django.contrib.auth.middleware.AuthenticationMiddleware",
            "django.contrib.messages.middleware.MessageMiddleware",
        ],
        TEMPLATES=[
            {
                "BACKEND": "django.template.backends.django.DjangoTemplates",
                "APP_DIRS": True,
                "OPTIONS": {
                    "context_processors": [
                        "django.template.context_processors.request",
                        "django.contrib.auth.context_processors.auth",
                        "django.contrib.messages.context_processors.messages",
                    ]
                },
            }
        ],
        DATABASES={
            "default": {
                "ENGINE": "django.db.backends.sqlite3",
                "NAME": name,
                "OPTIONS": {"uri": True} if read_only else {},
            }
        },
        STATIC_URL="/static/",
        USE_TZ=False,
        TIME_ZONE="UTC",
        LANGUAGE_CODE="en-us",
    )
    django.setup()


def _models() -> Any:
    """`Day`, defined once Django's registry is ready."""
    from django.db import models

    class Day(models.Model):
        date = models.DateField(unique=True)
        precipitation = models.FloatField(null=True)
        temp_max = models.FloatField(null=True)
        temp_min = models.FloatField(null=True)
        wind = models.FloatField(null=True)
        weather = models.CharField(max_length=20)

        class Meta:
            app_label = APP
            ordering = ("date",)

        def __str__(self) -> str:
            return self.date.isoformat()

    return Day


def load(db: Path, limit: int) -> None:
    db.unlink(missing_ok=True)
    _setup(db, read_only=False)
    from django.core.management import call_command
    from django.db import connection

    day = _models()
    call_command("migrate", verbosity=0)  # the admin's, auth's, sessions' and contenttypes' tables
    with connection.schema_editor() as editor:
        editor.create_model(day)
    with (_data_dir() / "seattle-weather.csv").open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    rows = rows[:limit] if limit else rows
    day.objects.bulk_create(
        day(
            date=row["date"].replace("/", "-"),  # the file writes 2012/01/01
            precipitation=float(row["precipitation"]),
            temp_max=float(row["temp_max"]),
            temp_min=float(row["temp_min"]),
            wind=float(row["wind"]),
            weather=row["weather"],
        )
        for row in rows
    )
    from django.contrib.contenttypes.models import ContentType

    ContentType.objects.get_for_model(day)  # the history page reads it; the served db is read-only


def _site(day: Any) -> Any:
    from django.contrib import admin

    class ReadOnlySite(admin.AdminSite):
        site_header = "vega_datasets admin"
        site_title = "vega_datasets admin"

        def has_permission(self, request: Any) -> bool:
            return bool(request.method in ("GET", "HEAD"))

    class DayAdmin(admin.ModelAdmin):
        list_display = ("date", "weather", "temp_max", "temp_min", "precipitation", "wind")
        list_filter = ("weather", "date")
        date_hierarchy = "date"
        search_fields = ("weather",)
        list_per_page = 50

        def has_module_permission(self, request: Any) -> bool:
            return True

        def has_view_permission(self, request: Any, obj: Any = None) -> bool:
            return True

        def has_add_permission(self, request: Any) -> bool:
            return False

        def has_change_permission(self, request: Any, obj: Any = None) -> bool:
            return False

        def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
            return False

    site = ReadOnlySite(name="admin")
    site.register(day, DayAdmin)
    return site


def serve(db: Path, port: int) -> None:
    _setup(db, read_only=True)
    from django.contrib import admin
    from django.core.servers.basehttp import WSGIServer, run
    from django.core.wsgi import get_wsgi_application
    from django.urls import path, re_path
    from django.views.generic import RedirectView
    from django.views.static import serve as static

    site = _site(_models())
    statics = Path(admin.__file__).resolve().parent / "static"
    urls = sys.modules[__name__]
    urls.urlpatterns = [  # type: ignore[attr-defined]
        path("", RedirectView.as_view(url="/admin/")),
        path("admin/", site.urls),
        re_path(r"^static/(?P<path>.*)$", static, {"document_root": statics}),
    ]
    run("127.0.0.1", port, get_wsgi_application(), threading=True, server_cls=WSGIServer)


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
