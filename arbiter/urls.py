"""Root URLs: the admin, language switching, and the tournaments app."""

from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("tournaments.urls")),
]

# Uploaded files in development only (static() is a no-op unless DEBUG).
urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
