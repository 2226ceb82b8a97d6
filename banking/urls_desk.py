"""Desk routes served by banking views; included by name from tournament/urls_desk.py."""

from django.urls import path

from . import views_desk

urlpatterns = [
    path("rounds/<int:round_id>/end/", views_desk.round_end, name="round-end"),
]
