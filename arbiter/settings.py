"""Django settings for Arbiter.

Everything that differs between a laptop, CI and a server comes from
environment variables (see arbiter/env.py); the defaults give a working
development install: SQLite in the project dir, no message broker.
"""

from pathlib import Path

from .env import (
    env_bool,
    env_choice,
    env_database,
    env_list,
    env_str,
    env_timezone,
    secret_key,
)

BASE_DIR = Path(__file__).resolve().parent.parent

SECRET_KEY = secret_key(BASE_DIR / ".secret_key")
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
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "arbiter.urls"
WSGI_APPLICATION = "arbiter.wsgi.application"
ASGI_APPLICATION = "arbiter.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
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
    "default": env_database("DATABASE_URL", BASE_DIR / "db.sqlite3", base_dir=BASE_DIR),
}
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
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = env_timezone("TIME_ZONE", "Europe/Berlin")
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(env_str("MEDIA_ROOT", str(BASE_DIR / "media")))

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Arbiter API",
    "VERSION": "1.0.0",
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
