"""The Celery app. With no CELERY_BROKER_URL, settings make every task run eagerly."""

import os

from celery import Celery

# The event's settings unless told otherwise: they refuse to start without a real
# SECRET_KEY. `make run` and the tests name the development settings.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings.production")

app = Celery("tournament")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()  # each app's tasks module
app.autodiscover_tasks(["tournament.printing"])  # and the print jobs' tasks
