"""The banker console, included at /console/ (tournament/urls.py)."""

from django.urls import path

from banking.console import views

urlpatterns = [
    path("sw.js", views.service_worker, name="console-sw"),
    path("i18n/<slug:language>.js", views.catalogue, name="console-catalogue"),
    path("<slug:key>/", views.console, name="console"),
]
