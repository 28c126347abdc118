"""Root URLs: the health check, the admin, language switching, login, the API with its docs, and the tournaments app."""

from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from tournaments.views.auth import RateLimitedLoginView
from tournaments.views.health import healthz
from tournaments.views.language import language_switch

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("language/<str:code>/", language_switch, name="language"),
    path("accounts/login/", RateLimitedLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("api/v1/", include("tournaments.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include("tournaments.urls")),
]

# JSON instead of an HTML page for unknown URLs under /api/.
handler404 = "tournaments.api.exceptions.not_found"

# Uploaded files in development only (static() is a no-op unless DEBUG).
urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
