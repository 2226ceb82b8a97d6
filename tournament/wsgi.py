"""WSGI entry point, used by gunicorn."""

import os

from django.core.wsgi import get_wsgi_application

# The event's settings unless told otherwise: they refuse to start without a real
# SECRET_KEY. `make run` and the tests name the development settings.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings.production")
application = get_wsgi_application()
