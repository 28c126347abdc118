"""Login for the desk and the admin: one limit on failed attempts (tournaments/ratelimit.py)."""

from functools import wraps

from django.contrib import admin
from django.contrib.auth.views import LoginView
from django.http import HttpResponse
from django.utils.translation import gettext

from tournaments.ratelimit import PasswordAttempt, client_address


def limit_failed_logins(view):
    """Wrap a login view: a POST takes its place in the failure counters before the password is
    checked and answers 429 when refused; a login that succeeds (302, user set) is not a failure.

    A successful login does not clear earlier failures: else one valid account would reset the
    limit between guesses at another's password.
    """

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method != "POST":
            return view(request, *args, **kwargs)
        attempt = PasswordAttempt(client_address(request), request.POST.get("username", ""))
        if not attempt.allowed:
            return HttpResponse(
                gettext("Too many failed logins from your address; please wait a few minutes and try again."),
                status=429,
                content_type="text/plain; charset=utf-8",
            )
        response = view(request, *args, **kwargs)
        if response.status_code == 302 and request.user.is_authenticated:
            attempt.succeeded()
        return response

    return wrapper


login = limit_failed_logins(LoginView.as_view())
admin_login = limit_failed_logins(admin.site.login)
