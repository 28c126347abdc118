"""Root URLs: the health check, the admin, language switching, login, the API with its docs, and the tournaments app."""

from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.templatetags.static import static as static_url
from django.urls import include, path
from django.utils.csp import CSP
from django.views.decorators.csp import csp_override
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from tournaments.views.auth import admin_login, login
from tournaments.views.health import healthz
from tournaments.views.language import language_switch

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/login/", admin_login),  # before admin.site.urls: its login shares the desk's limit
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("language/<str:code>/", language_switch, name="language"),
    path("accounts/login/", login, name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("api/v1/", include("tournaments.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path(
        "api/docs/",
        # its script from its own URL (no inline script); Swagger UI sets inline styles itself
        csp_override({**settings.SECURE_CSP, "style-src": [CSP.SELF, CSP.UNSAFE_INLINE]})(
            SpectacularSwaggerSplitView.as_view(url_name="api-schema")
        ),
        name="api-docs",
    ),
    path("", include("tournaments.urls")),
]


class FaviconView(RedirectView):
    """Browsers ask for /favicon.ico whatever the page links; send them to the static file."""

    def get_redirect_url(self, *args, **kwargs):
        return static_url("favicon.ico")


urlpatterns.append(path("favicon.ico", FaviconView.as_view(), name="favicon"))

# JSON instead of an HTML page under /api/ for unknown URLs, refused requests (e.g. a body over
# the limit) and server errors (e.g. a dropped database connection).
handler400 = "tournaments.api.exceptions.bad_request"
handler404 = "tournaments.api.exceptions.not_found"
handler500 = "tournaments.api.exceptions.server_error"

# Uploaded files in development only (static() is a no-op unless DEBUG).
urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
