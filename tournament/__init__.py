"""The Django project and the event app: events, players, rounds, tables, seating."""

from tournament.celery import app as celery_app

__all__ = ["celery_app"]
