"""Root URLs: the admin, language switching, login, the API with its docs, and the tournaments app."""

from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.templatetags.static import static as static_url
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from tournaments.views.auth import RateLimitedLoginView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/login/", RateLimitedLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("api/v1/", include("tournaments.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include("tournaments.urls")),
]


class FaviconView(RedirectView):
    """Browsers ask for /favicon.ico whatever the page links; send them to the static file."""

    def get_redirect_url(self, *args, **kwargs):
        return static_url("favicon.ico")


urlpatterns.append(path("favicon.ico", FaviconView.as_view(), name="favicon"))

# JSON instead of an HTML page for unknown URLs under /api/.
handler404 = "tournaments.api.exceptions.not_found"

# Uploaded files in development only (static() is a no-op unless DEBUG).
urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
