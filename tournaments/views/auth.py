"""Login for the desk: Django's LoginView with a limit on failed attempts per client address."""

from django.contrib.auth.views import LoginView
from django.http import HttpResponse
from django.utils.translation import gettext

from tournaments.ratelimit import client_address, login_blocked, login_failed, login_succeeded

SCOPE = "password"


class RateLimitedLoginView(LoginView):
    """Answers 429 once a client has failed too often; a successful login clears its count."""

    def get_template_names(self):
        # The desk ships registration/login.html; the fallback keeps the view usable without it.
        return [self.template_name, "tournaments/login_fallback.html"]

    def post(self, request, *args, **kwargs):
        if login_blocked(SCOPE, client_address(request)):
            return HttpResponse(
                gettext("Too many failed logins from your address; please wait a few minutes and try again."),
                status=429,
                content_type="text/plain; charset=utf-8",
            )
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        login_failed(SCOPE, client_address(self.request))
        return super().form_invalid(form)

    def form_valid(self, form):
        login_succeeded(SCOPE, client_address(self.request))
        return super().form_valid(form)
