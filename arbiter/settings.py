"""Django settings for Arbiter.

Everything that differs between a laptop, CI and a server comes from
environment variables (see arbiter/env.py); the defaults give a working
development install: SQLite in the project dir, no message broker.
"""

from pathlib import Path

from django.utils.csp import CSP

from .env import (
    env_bool,
    env_cache,
    env_choice,
    env_database,
    env_int,
    env_list,
    env_networks,
    env_str,
    env_timezone,
    secret_key,
)

BASE_DIR = Path(__file__).resolve().parent.parent
# The installed package (pyproject.toml) carries templates/ and locale/ inside the arbiter package,
# as no checkout surrounds it; in a checkout they sit at its top.
_PACKAGE_DIR = Path(__file__).resolve().parent
SHARE_DIR = _PACKAGE_DIR if (_PACKAGE_DIR / "templates").is_dir() else BASE_DIR
# Where the secret key, the SQLite database, collected static files and uploads live by default:
# the checkout for developers, the user's data folder for the installed `arbiter` command
# (arbiter/cli.py sets ARBITER_DATA_DIR).
DATA_DIR = Path(env_str("ARBITER_DATA_DIR", str(BASE_DIR)))

SECRET_KEY = secret_key(DATA_DIR / ".secret_key")
# An earlier key, after a rotation: sessions, signed links and sealed target passwords stay readable.
SECRET_KEY_FALLBACKS = env_list("SECRET_KEY_FALLBACKS", "")
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "tournaments",
    "drf_spectacular_sidecar",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # static files straight from the WSGI process, before sessions and the like are touched
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    # anonymous public pages that need no rendering (304, cached page) answered here, before
    # sessions, CSRF, users and messages are set up (tournaments/views/public/middleware.py)
    "tournaments.views.public.middleware.PublicPageMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
]

ROOT_URLCONF = "arbiter.urls"
WSGI_APPLICATION = "arbiter.wsgi.application"
ASGI_APPLICATION = "arbiter.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [SHARE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": {
        **env_database("DATABASE_URL", DATA_DIR / "db.sqlite3", base_dir=BASE_DIR),
        # Keep each thread's connection open between requests: a new PostgreSQL connection costs a
        # backend process per page view at the spectator peak. Checked before reuse.
        "CONN_MAX_AGE": env_int("DATABASE_CONN_MAX_AGE", 60),
        "CONN_HEALTH_CHECKS": True,
    },
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Writers queue up instead of failing: a transaction takes the write lock when it begins
    # (a deferred one that reads first gets "database is locked" when another wrote meanwhile).
    DATABASES["default"]["OPTIONS"] = {"transaction_mode": "IMMEDIATE", "timeout": 20}
else:
    # A write waits this long for a row another write holds, then is refused as a conflict (409,
    # sent again), not left hanging until the proxy gives up (docs/architecture.md, "Locks").
    _options = DATABASES["default"].setdefault("OPTIONS", {})
    _lock_timeout = env_int("DATABASE_LOCK_TIMEOUT", 15) * 1000
    _options["options"] = f"{_options.get('options', '')} -c lock_timeout={_lock_timeout}".strip()
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/desk/"
LOGOUT_REDIRECT_URL = "/"

# Internationalisation: German first, English second.
LANGUAGES = [("de", "Deutsch"), ("en", "English")]
LANGUAGE_CODE = env_choice("LANGUAGE_CODE", "de", [code for code, _ in LANGUAGES])
LOCALE_PATHS = [SHARE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = env_timezone("TIME_ZONE", "Europe/Berlin")
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(DATA_DIR / "staticfiles")))
# Production serves what `collectstatic` put in STATIC_ROOT: names carry a content hash (cached
# for a year by browsers and the proxy) and gzip/brotli copies sit next to them. Development
# (DEBUG) serves the app's files as they are, without collectstatic.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(env_str("MEDIA_ROOT", str(DATA_DIR / "media")))
# Each publication target's local copy of its publication, built before it is sent
# (tournaments/services/publication_outbox.py).
PUBLICATION_ROOT = Path(env_str("PUBLICATION_ROOT", str(DATA_DIR / "publications")))

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "tournaments.api.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": ["tournaments.api.parsers.BoundedJSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PAGINATION_CLASS": "tournaments.api.pagination.Pagination",
    "EXCEPTION_HANDLER": "tournaments.api.exceptions.api_exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    "DEFAULT_METADATA_CLASS": None,  # no OPTIONS introspection: the schema documents the API
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Arbiter API",
    "DESCRIPTION": "Chess team tournaments: rosters, pairings, lineups, results, standings, archives.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI from the drf-spectacular-sidecar package: no CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "PATH_CONVERTER_OVERRIDES": {
        "id": {"type": "integer", "minimum": 0, "maximum": 999_999_999_999_999_999},
        "round": {"type": "integer", "minimum": 0, "maximum": 9999},
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "tournaments.api.schema.add_error_responses",
    ],
    "ENUM_NAME_OVERRIDES": {
        "IncidentKindEnum": "tournaments.api.schema.incident_kinds",
        "PenaltyEnum": "tournaments.api.schema.penalties",
        "EligibilityCheckEnum": "tournaments.api.schema.eligibility_checks",
    },
}

# Celery: without a broker, tasks run inline (eagerly) so `make run` and the
# tests need no Redis; set CELERY_BROKER_URL (e.g. redis://127.0.0.1:6379/0)
# to hand them to a real worker.
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "")
if CELERY_BROKER_URL:
    CELERY_TASK_ALWAYS_EAGER = False
    CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", None)
else:
    CELERY_BROKER_URL = "memory://"
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TIMEZONE = TIME_ZONE
# A task survives its worker (tournaments/tasks.py): acknowledged once it has run, delivered again
# when its worker process dies, one at a time per process; the reaper runs every five minutes in
# the worker started with --beat (make serve, deploy/arbiter-worker.service).
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BEAT_SCHEDULE = {
    "reap-background": {"task": "tournaments.tasks.background_reap_task", "schedule": 300.0},
    # publication targets whose retry is due (tournaments/services/publication_outbox.py)
    "publication-outbox": {"task": "tournaments.tasks.publication_outbox_task", "schedule": 15.0},
}
# Without a broker, the long tasks (gacrux checks, the round bundle) run in a thread after the
# commit, so the TD's request returns at once (tournaments/services/background.py); the tests run
# them inline instead.
TASKS_IN_THREAD = True

# Caches: per-process memory unless CACHE_URL points at Redis (needed for the login limit to
# hold across several server processes).
CACHES = {"default": env_cache("CACHE_URL")}
# The public version of a tournament is read from the cache only when every server process shares
# it (tournaments/selectors/public_version.py): a change outdates it there, and a process's own
# memory would keep serving the old version to its visitors.
PUBLIC_VERSION_CACHED = not CACHES["default"]["BACKEND"].endswith("LocMemCache")

# Proxies whose X-Forwarded-For is believed (addresses or networks, e.g. 127.0.0.1): the login
# limit then counts the client the proxy saw, not the proxy. Empty: REMOTE_ADDR only.
TRUSTED_PROXIES = env_networks("TRUSTED_PROXIES")

# Failed logins before a pause (policy in tournaments/ratelimit.py): per client address (password
# forms and API tokens), and per account from all addresses together.
LOGIN_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 10, minimum=1)
LOGIN_ACCOUNT_FAILURE_LIMIT = env_int("LOGIN_ACCOUNT_FAILURE_LIMIT", 50, minimum=1)
LOGIN_FAILURE_WINDOW = env_int("LOGIN_FAILURE_WINDOW", 300, minimum=1)
# Captains' phones (issue 30): reports and answers per captain code and per address in the window above;
# wrong captain codes count against their address like wrong API tokens (LOGIN_FAILURE_LIMIT).
CAPTAIN_CODE_WRITE_LIMIT = env_int("CAPTAIN_CODE_WRITE_LIMIT", 30, minimum=1)
CAPTAIN_ADDRESS_WRITE_LIMIT = env_int("CAPTAIN_ADDRESS_WRITE_LIMIT", 300, minimum=1)
# A public server receiving halls' pushes (issue 31, PUT /api/v1/push/<slug>/): the largest body it
# reads, and pushes per push token in the login window above (a hall pushes at most every few seconds).
PUSH_MAX_BYTES = env_int("PUSH_MAX_BYTES", 5 * 1024 * 1024, minimum=1024)
PUSH_LIMIT = env_int("PUSH_LIMIT", 60, minimum=1)
# The public address the QR codes of printed forms point to where no request names it (the round bundle).
SITE_URL = env_str("SITE_URL", "")

# Production behind HTTPS: HTTPS=true switches on secure cookies, the redirect to https and
# HSTS; each can still be set on its own. `manage.py check --deploy` is clean with
# DEBUG=false, HTTPS=true and a real SECRET_KEY and ALLOWED_HOSTS.
HTTPS = env_bool("HTTPS", False)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", HTTPS)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", HTTPS)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", HTTPS)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", HTTPS)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", HTTPS)
if env_bool("SECURE_PROXY_SSL_HEADER", False):
    # Only behind a proxy that sets X-Forwarded-Proto itself and strips it from clients.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_HTTPONLY = True
# The proxy and monitoring ask /healthz over plain HTTP on the loopback.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

# Content-Security-Policy on every response: scripts and styles only from our own static files
# (no inline script, no style attributes, no eval), nothing embeds our pages. The API docs
# (Swagger UI) loosen it for inline styles and data: images (arbiter/urls.py).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
