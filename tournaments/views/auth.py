"""Login for the desk: Django's LoginView with a limit on failed attempts per client address."""

from django.contrib.auth.views import LoginView
from django.http import HttpResponse
from django.utils.translation import gettext

from tournaments.ratelimit import client_address, login_blocked, login_failed

SCOPE = "password"


class RateLimitedLoginView(LoginView):
    """Answers 429 once a client has failed too often (registration/login.html otherwise).

    A successful login does not clear the address's count: else one valid account would reset
    the limit between guesses at another's password.
    """

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
