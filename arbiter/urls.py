"""Root URLs: the admin, language switching, and the tournaments app."""

from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("tournaments.urls")),
]

# Uploaded files in development only (static() is a no-op unless DEBUG).
urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
