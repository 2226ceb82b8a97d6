"""Settings for a real event: PostgreSQL, Redis, HTTPS, and a secret key from the environment.

Starting without SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL, CELERY_BROKER_URL or SITE_URL, or
with the development key, fails at once with ImproperlyConfigured, rather than running on a
development default. These are the default of what serves an event (wsgi, asgi, the Celery
app); the image names them for manage.py too.
"""

from django.core.exceptions import ImproperlyConfigured

from tournament.settings.base import *  # noqa: F403
from tournament.settings.base import DEVELOPMENT_KEY, MIDDLEWARE, env, prepared_statements_on

DEBUG = False
SECRET_KEY = env("SECRET_KEY")
if SECRET_KEY == DEVELOPMENT_KEY or SECRET_KEY.startswith("django-insecure"):
    raise ImproperlyConfigured(
        "SECRET_KEY is the published development key: set a long random one of your own."
    )
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS")
DATABASES = {"default": prepared_statements_on(env.db("DATABASE_URL"))}
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = False  # a dropped connection: a 503, see base.py
CELERY_BROKER_URL = env("CELERY_BROKER_URL")
CELERY_TASK_ALWAYS_EAGER = False
# The address people type or scan from paper (printed QR codes and links): only the deployer
# knows it, so there is no default.
SITE_URL = env("SITE_URL")
if not SITE_URL.startswith(("https://", "http://")):
    raise ImproperlyConfigured(
        f"SITE_URL must be the site's address as people type it, e.g. "
        f"https://night.example.org, not {SITE_URL!r}."
    )

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
assert "whitenoise.middleware.WhiteNoiseMiddleware" in MIDDLEWARE  # noqa: S101
