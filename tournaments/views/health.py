"""``/healthz`` for the proxy and monitoring: 200 when the database and the cache answer, else 503."""

from django.core.cache import cache
from django.db import DatabaseError, connection
from django.http import HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

_PROBE_KEY = "healthz"


@require_GET
@never_cache
def healthz(request):
    """Plain text naming each part; any failure answers 503 so a balancer takes the process out."""
    checks = {"database": _database_answers(), "cache": _cache_answers()}
    body = "".join(f"{name}: {'ok' if good else 'failing'}\n" for name, good in checks.items())
    return HttpResponse(body, status=200 if all(checks.values()) else 503, content_type="text/plain; charset=utf-8")


def _database_answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except DatabaseError:
        return False


def _cache_answers() -> bool:
    try:
        cache.set(_PROBE_KEY, 1, timeout=10)
        return cache.get(_PROBE_KEY) == 1
    except Exception:  # each cache backend raises its own errors (redis.ConnectionError, OSError …)
        return False
