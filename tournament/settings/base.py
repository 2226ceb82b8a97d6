"""Settings shared by every environment, read from the environment.

With no (or an empty) DATABASE_URL the project runs on SQLite; with no CELERY_BROKER_URL,
Celery tasks run eagerly in the web process. Production sets both.
"""

from datetime import timedelta
from pathlib import Path
from typing import Any

import environ

from tournament.cache import caches_from

BASE_DIR = Path(__file__).resolve().parent.parent.parent

env = environ.Env()
if (BASE_DIR / ".env").exists():
    environ.Env.read_env(BASE_DIR / ".env")

# Published with the code: good for a laptop, refused by the production settings.
DEVELOPMENT_KEY = "django-insecure-development-only-key-never-used-in-production"
SECRET_KEY = env("SECRET_KEY", default=DEVELOPMENT_KEY)
DEBUG = env.bool("DEBUG", default=True)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI served from here: the docs work offline
    "axes",
    "django_htmx",
    "games",
    "tournament",
    "banking",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "tournament.content_security.ContentSecurityPolicyMiddleware",
    # players' polls: a 304 after one query
    "tournament.pages.players.middleware.PlayerPollMiddleware",
    "django_htmx.middleware.HtmxMiddleware",  # request.htmx: a page's poll asks its live part
    "django.contrib.sessions.middleware.SessionMiddleware",
    # after sessions, before common: each person's language (docs/architecture.md, Languages)
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",  # last: turns a locked-out login into the paused page
]

ROOT_URLCONF = "tournament.urls"
WSGI_APPLICATION = "tournament.wsgi.application"
ASGI_APPLICATION = "tournament.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]


def prepared_statements_on(database: dict[str, Any]) -> dict[str, Any]:
    """PostgreSQL's settings with prepared statements on, which Django turns off (for
    poolers in transaction mode): the hot path's queries are prepared once per connection
    (tournament/http/rows.py, `prepared_cursor`); every other query stays unprepared, since
    Django's cursors bind parameters on the client.

    Each is planned once, for any parameters (`plan_cache_mode`): by default PostgreSQL
    plans a prepared statement again at each of its first five executions, and settles on
    the plan for any parameters only after. A web process keeps its connection a minute
    (CONN_MAX_AGE), in which the big screen's poll runs a handful of times, and the
    watched pages' joins take some milliseconds to plan: their statements were planned at
    nearly every use.

    JIT is off: a plan for any parameters guesses how many rows it meets, and a guess over
    `jit_above_cost` made each execution compile the query to machine code first (30 ms,
    for a query that runs in 2). No query of a web request runs long enough to gain by it."""
    if database["ENGINE"].endswith("postgresql"):
        options = database.setdefault("OPTIONS", {})
        options.setdefault("prepare_threshold", 5)
        add_server_settings(options, "plan_cache_mode=force_generic_plan", "jit=off")
    return database


def sqlite_writes_wait(database: dict[str, Any]) -> dict[str, Any]:
    """SQLite's settings where writes wait their turn (make run's laptop): a transaction
    takes the write lock as it begins, so one that read first never finds the lock taken
    when it comes to write (SQLite refuses that at once, whatever the timeout), and waits
    up to 20 s for it; readers do not wait for a writer (the write-ahead log)."""
    if database["ENGINE"].endswith("sqlite3"):
        options = database.setdefault("OPTIONS", {})
        options.setdefault("transaction_mode", "IMMEDIATE")
        options.setdefault("timeout", 20)
        options.setdefault("init_command", "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
    return database


def add_server_settings(options: dict[str, Any], *settings: str) -> None:
    """PostgreSQL's settings for each of the connection's sessions (libpq's `options`),
    added to those already there."""
    given = options.get("options", "")
    options["options"] = " ".join([given, *(f"-c {setting}" for setting in settings)]).strip()


database_url = env("DATABASE_URL", default="").strip() or f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
DATABASES = {"default": sqlite_writes_wait(prepared_statements_on(env.db_url_config(database_url)))}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=0))
# A kept connection is not checked before each request (a `SELECT 1`, a round trip on
# every request): one the database dropped (a restart) fails its next request with a 503
# (tournament/http/errors.py, tournament/pages/site.py), is closed at the end of that
# request, and the next request connects again. Clients retry a 503 (the console's outbox).
DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Where the pages that watch many tables keep their work (tournament/cache.py): Redis, shared
# by every web server, when CACHE_URL names one (e.g. redis://127.0.0.1:6379/1); else each
# process's own memory.
CACHES = caches_from(env("CACHE_URL", default=""))
# Sessions are kept in PostgreSQL and read through that cache: a logged-in page costs no
# session query while the cache holds it, and nothing is lost when it does not.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# The languages the product speaks (the switcher names each in its own words):
# a person's browser (Accept-Language) picks one of them, their choice in the switcher
# (Django's language cookie) overrides it, and anything else gets English. The catalogues
# are in locale/ (README.md, Adding a language).
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("fr", "Français"),
    ("es", "Español"),
    ("de", "Deutsch"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600  # the choice is kept a year, not only until the tab closes
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = env("TIME_ZONE", default="UTC")

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "media/"
MEDIA_ROOT = Path(env("MEDIA_ROOT", default=str(BASE_DIR / "media")))
WHITENOISE_AUTOREFRESH = DEBUG
WHITENOISE_USE_FINDERS = DEBUG

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "start"

# Login lockout (django-axes, tournament/lockout.py): every login (the login page, the
# admin's, POST /api/auth/token/) is refused for the cool-off after too many failures for
# one username, or from one address. A venue shares one address, so its limit is higher.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_FAILURE_LIMIT_PER_USERNAME = env.int("LOGIN_FAILURE_LIMIT_PER_USERNAME", default=5)
LOGIN_FAILURE_LIMIT_PER_ADDRESS = env.int("LOGIN_FAILURE_LIMIT_PER_ADDRESS", default=30)
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]  # each counted alone
AXES_FAILURE_LIMIT = "tournament.lockout.failure_limit"
AXES_COOLOFF_TIME = timedelta(minutes=env.int("LOGIN_LOCKOUT_MINUTES", default=15))
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # the pause ends when the page says
AXES_LOCKOUT_CALLABLE = "tournament.lockout.lockout_response"
AXES_CLIENT_IP_CALLABLE = "tournament.lockout.client_address"
AXES_VERBOSE = False  # no banner on every manage.py command
# Behind an HTTPS proxy: how many proxies append to X-Forwarded-For (0: none, use the peer).
TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)

# Content-Security-Policy (tournament/content_security.py): this site's own scripts and
# styles only, no inline script or style; data: and blob: images for QR codes and photos.
CONTENT_SECURITY_POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:", "blob:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}

# An API token works for this many hours after it is given (tournament/http/tokens.py).
API_TOKEN_HOURS = env.int("API_TOKEN_HOURS", default=12)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "tournament.http.authentication.TableKeyAuthentication",
        "tournament.http.tokens.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # JSON within the upload limit and a nesting depth (tournament/http/parsers.py)
    "DEFAULT_PARSER_CLASSES": [
        "tournament.http.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "EXCEPTION_HANDLER": "tournament.http.errors.api_exception_handler",
    "DEFAULT_SCHEMA_CLASS": "tournament.http.schema.ApiAutoSchema",
    "UNAUTHENTICATED_USER": None,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Monopoly Night API",
    "DESCRIPTION": "Events, rounds, tables and the bank's ledger of a charity Monopoly tournament.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "ENUM_NAME_OVERRIDES": {
        "RoundKindEnum": "tournament.models.Round.Kind",
        "RoundStatusEnum": "tournament.models.Round.Status",
    },
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
}

# No broker configured: tasks run eagerly, in the web process.
CELERY_TASK_ALWAYS_EAGER = not env("CELERY_BROKER_URL", default="")
CELERY_BROKER_URL = env("CELERY_BROKER_URL", default="") or "memory://"
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", default=None) or None
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A request that queues a task gives up on a dead broker within about two seconds (the job
# waits and is sent again later), instead of hanging the page.
CELERY_BROKER_CONNECTION_TIMEOUT = 1
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
}
# Redis hands a task whose worker vanished (acked late, never acked) to another worker after
# this many seconds: longer than the longest render.
CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 1, "visibility_timeout": 1800}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="INFO")},
}

# The address people type or scan from paper: the QR codes and links of printed documents.
SITE_URL = env("SITE_URL", default="http://127.0.0.1:8000")
