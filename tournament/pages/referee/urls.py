"""The referee's pages, under /referee/."""

from django.urls import path

from tournament.pages.referee import views as views

TABLE = "events/<int:event_id>/tables/<int:table_id>/"

urlpatterns = [
    path("", views.referee_home, name="referee-home"),
    path("events/<int:event_id>/", views.referee_event, name="referee-event"),
    path(TABLE, views.referee_table, name="referee-table"),
    path(f"{TABLE}adjust/", views.referee_adjust, name="referee-adjust"),
    path(f"{TABLE}confirm/", views.referee_check, {"check": "confirm"}, name="referee-confirm"),
    path(f"{TABLE}dispute/", views.referee_check, {"check": "dispute"}, name="referee-dispute"),
    path(f"{TABLE}reopen/", views.referee_check, {"check": "reopen"}, name="referee-reopen"),
    path(f"{TABLE}entries/<uuid:entry_id>/void/", views.referee_void, name="referee-void"),
]
