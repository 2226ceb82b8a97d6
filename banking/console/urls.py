"""The banker console, included at /console/ (tournament/urls.py)."""

from django.urls import path

from banking.console import views

urlpatterns = [
    path("sw.js", views.service_worker, name="console-sw"),
    path("<slug:key>/", views.console, name="console"),
]
