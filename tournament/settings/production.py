"""Settings for a real event: PostgreSQL, Redis, HTTPS, and a secret key from the environment.

A setting that would let the site start and fail later stops it while the settings load
(ImproperlyConfigured), so manage.py, gunicorn and the Celery worker all stop before serving,
with a sentence saying what to set: a missing or empty SECRET_KEY, ALLOWED_HOSTS,
DATABASE_URL, CELERY_BROKER_URL or SITE_URL; the development key or a short one; a SITE_URL
that is no address, or whose host ALLOWED_HOSTS leaves out; and the HTTPS redirect or the
forwarded addresses trusted with no proxy in front (BEHIND_PROXY). These are the default of
what serves an event (wsgi, asgi, the Celery app); the image names them for manage.py too.
"""

from urllib.parse import urlsplit

from django.core.checks.security.base import (
    SECRET_KEY_MIN_LENGTH,
    SECRET_KEY_MIN_UNIQUE_CHARACTERS,
)
from django.core.exceptions import ImproperlyConfigured
from django.http.request import validate_host

from tournament.settings.base import *  # noqa: F403
from tournament.settings.base import DEVELOPMENT_KEY, MIDDLEWARE, env, prepared_statements_on

new_key = "the output of python3 -c 'import secrets; print(secrets.token_urlsafe(50))'"


def required(name: str, what: str, example: str) -> str:
    """The setting `name`, refused when it is missing or blank."""
    value = env(name, default="").strip()
    if not value:
        raise ImproperlyConfigured(f"{name} is not set: set it to {what}, e.g. {example}.")
    return value


DEBUG = False
SECRET_KEY = required("SECRET_KEY", "a long random value of your own", new_key)
if SECRET_KEY == DEVELOPMENT_KEY or SECRET_KEY.startswith("django-insecure"):
    raise ImproperlyConfigured(
        "SECRET_KEY is the published development key: set a long random one of your own, "
        f"e.g. {new_key}."
    )
# The limits of Django's `check --deploy` (security.W009).
if (
    len(SECRET_KEY) < SECRET_KEY_MIN_LENGTH
    or len(set(SECRET_KEY)) < SECRET_KEY_MIN_UNIQUE_CHARACTERS
):
    raise ImproperlyConfigured(
        f"SECRET_KEY is too short or too simple to keep logins safe: set a random one of at "
        f"least {SECRET_KEY_MIN_LENGTH} characters, {SECRET_KEY_MIN_UNIQUE_CHARACTERS} or more "
        f"of them different, e.g. {new_key}."
    )
# The address people type or scan from paper (printed QR codes and links): only the deployer
# knows it, so there is no default.
SITE_URL = required("SITE_URL", "the site's address as people type it", "https://night.example.org")
site_host = urlsplit(SITE_URL).hostname
if not SITE_URL.startswith(("https://", "http://")) or not site_host:
    raise ImproperlyConfigured(
        f"SITE_URL must be the site's address as people type it, e.g. "
        f"https://night.example.org, not {SITE_URL!r}."
    )
ALLOWED_HOSTS = [host.strip() for host in env.list("ALLOWED_HOSTS", default=[]) if host.strip()]
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured(
        "ALLOWED_HOSTS is not set: set it to the host names people reach the site by, "
        f"separated by commas, e.g. {site_host},localhost."
    )
if not validate_host(site_host, ALLOWED_HOSTS):
    listed = ",".join(ALLOWED_HOSTS)
    raise ImproperlyConfigured(
        f"SITE_URL's host, {site_host}, is not in ALLOWED_HOSTS ({listed}), so every printed "
        f"link and scanned QR code would be answered with 400 Bad Request: add it, e.g. "
        f"ALLOWED_HOSTS={listed},{site_host}."
    )
example_database = "postgres://monopoly_app:password@127.0.0.1:5432/monopoly"
database_url = required("DATABASE_URL", "the site's PostgreSQL database", example_database)
DATABASES = {"default": prepared_statements_on(env.db_url_config(database_url))}
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = False  # a dropped connection: a 503, see base.py
# Without it, Celery would fall back on a broker of its own choosing (amqp://localhost).
CELERY_BROKER_URL = required(
    "CELERY_BROKER_URL", "the Redis that queues the printed documents", "redis://127.0.0.1:6379/0"
)
CELERY_TASK_ALWAYS_EAGER = False

# Whether an HTTPS proxy in front (nginx, Caddy, a load balancer) is the only way in and sets
# X-Forwarded-Proto and X-Forwarded-For. Without it those headers are anyone's to send (the
# compose file publishes gunicorn itself), so neither is believed.
BEHIND_PROXY = env.bool("BEHIND_PROXY", default=False)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if BEHIND_PROXY else None
# The proxy in front appends the client's address to X-Forwarded-For (tournament/lockout.py).
TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=1 if BEHIND_PROXY else 0)
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=BEHIND_PROXY)
if SECURE_SSL_REDIRECT and not BEHIND_PROXY:
    raise ImproperlyConfigured(
        "SECURE_SSL_REDIRECT is true but BEHIND_PROXY is not, so the site cannot tell a "
        "request came over HTTPS and would redirect every one, forever: set "
        "BEHIND_PROXY=true when an HTTPS proxy in front sets X-Forwarded-Proto, or "
        "SECURE_SSL_REDIRECT=false for plain HTTP (e.g. on localhost)."
    )
if TRUSTED_PROXY_COUNT and not BEHIND_PROXY:
    raise ImproperlyConfigured(
        f"TRUSTED_PROXY_COUNT is {TRUSTED_PROXY_COUNT} but BEHIND_PROXY is not, so anyone "
        "could choose the address their failed logins are counted against: set "
        "BEHIND_PROXY=true when a proxy in front is the only way in, or TRUSTED_PROXY_COUNT=0."
    )
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
LANGUAGE_COOKIE_SECURE = True
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
assert "whitenoise.middleware.WhiteNoiseMiddleware" in MIDDLEWARE  # noqa: S101
