"""The real-oscar application: a django-oscar shop whose catalogue is vega_datasets' cars.

This file runs inside the application's own virtual environment (`.lab-real/real-oscar/venv`,
made by `lab.real.oscar`), never inside siteseer. Two commands:

    python oscar_shop.py load  --db PATH --limit N   # migrate, load the catalogue, index it
    python oscar_shop.py serve --db PATH --port P    # Django's threaded server on 127.0.0.1:P

The data are vega_datasets' cars.json (406 cars of 1970–1982, a file the package ships, read
without importing the package): each car a product of the product class "Car", titled with
its name and model year ("ford pinto (1971)"), its figures product attributes (cylinders,
horsepower, weight, miles per gallon, acceleration, displacement, model year), in a category
tree of its origin (USA, Europe, Japan) and, below it, its make (the name's first word).
`--limit` keeps the first N cars (0: all). The products are indexed for search with Whoosh
(Haystack's pure-Python engine, a folder beside the database: PATH with the suffix `.whoosh`),
which the catalogue's pages browse.

Everything a visitor sees is Oscar 4.1's own storefront and templates, its default settings
(`oscar.defaults`) but for Whoosh in place of Solr or Elasticsearch (so the sidebar offers no
facet counts; the category tree is the catalogue's filter): the home page `/` (a redirect to
`/catalogue/`), the catalogue `/catalogue/` (every product, 20 a page, `?page=N`), a category's
page `/catalogue/category/<slug path>_<pk>/` (its products and its subcategories'), a product's
page `/catalogue/<slug>_<pk>/` (its attributes, its category's breadcrumb, reviews), search, the
basket, log-in and registration. The products have no stock records, so none can be bought.
Oscar writes as it is browsed (a product's view count, thumbnails of the missing-image picture
in the media folder beside the database).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import django
from appmain import run_app, serve_django
from django.conf import settings

APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "django.contrib.flatpages",
    "oscar.config.Shop",
    "oscar.apps.analytics.apps.AnalyticsConfig",
    "oscar.apps.checkout.apps.CheckoutConfig",
    "oscar.apps.address.apps.AddressConfig",
    "oscar.apps.shipping.apps.ShippingConfig",
    "oscar.apps.catalogue.apps.CatalogueConfig",
    "oscar.apps.catalogue.reviews.apps.CatalogueReviewsConfig",
    "oscar.apps.communication.apps.CommunicationConfig",
    "oscar.apps.partner.apps.PartnerConfig",
    "oscar.apps.basket.apps.BasketConfig",
    "oscar.apps.payment.apps.PaymentConfig",
    "oscar.apps.offer.apps.OfferConfig",
    "oscar.apps.order.apps.OrderConfig",
    "oscar.apps.customer.apps.CustomerConfig",
    "oscar.apps.search.apps.SearchConfig",
    "oscar.apps.voucher.apps.VoucherConfig",
    "oscar.apps.wishlists.apps.WishlistsConfig",
    "oscar.apps.dashboard.apps.DashboardConfig",
    "oscar.apps.dashboard.reports.apps.ReportsDashboardConfig",
    "oscar.apps.dashboard.users.apps.UsersDashboardConfig",
    "oscar.apps.dashboard.orders.apps.OrdersDashboardConfig",
    "oscar.apps.dashboard.catalogue.apps.CatalogueDashboardConfig",
    "oscar.apps.dashboard.offers.apps.OffersDashboardConfig",
    "oscar.apps.dashboard.partners.apps.PartnersDashboardConfig",
    "oscar.apps.dashboard.pages.apps.PagesDashboardConfig",
    "oscar.apps.dashboard.ranges.apps.RangesDashboardConfig",
    "oscar.apps.dashboard.reviews.apps.ReviewsDashboardConfig",
    "oscar.apps.dashboard.vouchers.apps.VouchersDashboardConfig",
    "oscar.apps.dashboard.communications.apps.CommunicationsDashboardConfig",
    "oscar.apps.dashboard.shipping.apps.ShippingDashboardConfig",
    "widget_tweaks",
    "haystack",
    "treebeard",
    "sorl.thumbnail",
    "django_tables2",
]
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "oscar.apps.basket.middleware.BasketMiddleware",
    "django.contrib.flatpages.middleware.FlatpageFallbackMiddleware",
]
CONTEXT = [
    "django.template.context_processors.debug",
    "django.template.context_processors.request",
    "django.contrib.auth.context_processors.auth",
    "django.template.context_processors.i18n",
    "django.contrib.messages.context_processors.messages",
    "oscar.apps.search.context_processors.search_form",
    "oscar.apps.checkout.context_processors.checkout",
    "oscar.apps.communication.notifications.context_processors.notifications",
    "oscar.core.context_processors.metadata",
]
FIGURES = {  # attribute code → (cars.json field, name)
    "cylinders": ("Cylinders", "Cylinders"),
    "horsepower": ("Horsepower", "Horsepower"),
    "displacement": ("Displacement", "Displacement"),
    "weight": ("Weight_in_lbs", "Weight (lbs)"),
    "mpg": ("Miles_per_Gallon", "Miles per gallon"),
    "acceleration": ("Acceleration", "Acceleration"),
}


def _setup(db: Path) -> None:
    from oscar import defaults

    oscar_settings = {k: v for k, v in vars(defaults).items() if k.startswith("OSCAR_")}
    settings.configure(
        DEBUG=False,
        ALLOWED_HOSTS=["*"],  # the server listens on 127.0.0.1 only
        SECRET_KEY="siteseer-lab-real-oscar",  # a loopback lab: signs nothing of worth
        ROOT_URLCONF=__name__,  # urlpatterns are set by serve
        SITE_ID=1,
        INSTALLED_APPS=APPS,
        MIDDLEWARE=MIDDLEWARE,
        TEMPLATES=[
            {
                "BACKEND": "django.template.backends.django.DjangoTemplates",
                "APP_DIRS": True,
                "OPTIONS": {"context_processors": CONTEXT},
            }
        ],
        DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": str(db)}},
        AUTHENTICATION_BACKENDS=[
            "oscar.apps.customer.auth_backends.EmailBackend",
            "django.contrib.auth.backends.ModelBackend",
        ],
        HAYSTACK_CONNECTIONS={
            "default": {
                "ENGINE": "haystack.backends.whoosh_backend.WhooshEngine",
                "PATH": str(db.with_suffix(".whoosh")),
            }
        },
        MEDIA_ROOT=str(db.parent / "media"),
        MEDIA_URL="/media/",
        STATIC_URL="/static/",
        LANGUAGE_CODE="en-gb",
        TIME_ZONE="UTC",
        USE_TZ=True,
        EMAIL_BACKEND="django.core.mail.backends.dummy.EmailBackend",
        **oscar_settings,
    )
    django.setup()


def _cars(limit: int) -> list[dict[str, Any]]:
    spec = importlib.util.find_spec("vega_datasets")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("vega_datasets is not installed in this environment")
    folder = Path(next(iter(spec.submodule_search_locations))) / "_data"
    cars: list[dict[str, Any]] = json.loads((folder / "cars.json").read_text(encoding="utf-8"))
    return cars[:limit] if limit else cars


def load(db: Path, limit: int) -> None:
    db.unlink(missing_ok=True)
    _setup(db)
    from django.core.management import call_command
    from oscar.apps.catalogue.categories import create_from_breadcrumbs
    from oscar.core.loading import get_model

    product_class_model = get_model("catalogue", "ProductClass")
    attribute_model = get_model("catalogue", "ProductAttribute")
    product_model = get_model("catalogue", "Product")
    link_model = get_model("catalogue", "ProductCategory")

    call_command("migrate", verbosity=0)
    car = product_class_model.objects.create(name="Car", requires_shipping=True)
    for code, (_, name) in FIGURES.items():
        attribute_model.objects.create(product_class=car, name=name, code=code, type="float")
    attribute_model.objects.create(
        product_class=car, name="Model year", code="year", type="integer"
    )
    for row in _cars(limit):
        year = int(row["Year"][:4])
        product = product_model(product_class=car, title=f"{row['Name']} ({year})")
        for code, (field, _) in FIGURES.items():
            if row.get(field) is not None:
                setattr(product.attr, code, float(row[field]))
        product.attr.year = year
        product.save()
        make = row["Name"].split()[0].title()
        category = create_from_breadcrumbs(f"{row['Origin']} > {make}")
        link_model.objects.create(product=product, category=category)
    call_command("update_index", verbosity=0)


def serve(db: Path, port: int) -> None:
    _setup(db)
    from django.apps import apps
    from django.urls import include, path
    from django.views.generic import RedirectView
    from django.views.static import serve as media

    serve_django(
        port,
        [
            path("", RedirectView.as_view(url="/catalogue/")),
            path("i18n/", include("django.conf.urls.i18n")),  # the language selector's view
            path("media/<path:path>", media, {"document_root": settings.MEDIA_ROOT}),
            path("", include(apps.get_app_config("oscar").urls[0])),
        ],
    )


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
