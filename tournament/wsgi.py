"""WSGI entry point, used by gunicorn."""

import os

from django.core.wsgi import get_wsgi_application
from django.urls import reverse

# The event's settings unless told otherwise: they refuse to start without a real
# SECRET_KEY. `make run` and the tests name the development settings.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings.production")
application = get_wsgi_application()

# Working out one URL imports every view and compiles every route, once: otherwise each
# process's first request would (about 0.7 s). gunicorn preloads this module
# (gunicorn.conf.py), so its master does it before forking and every worker starts warm.
reverse("home")
