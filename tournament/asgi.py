"""ASGI entry point."""

import os

from django.core.asgi import get_asgi_application

# The event's settings unless told otherwise: they refuse to start without a real
# SECRET_KEY. `make run` and the tests name the development settings.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings.production")
application = get_asgi_application()
