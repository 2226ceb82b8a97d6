"""The referee's pages, under /referee/."""

from django.urls import path

from tournament.pages.referee import views as views

urlpatterns = [
    path("", views.referee_home, name="referee-home"),
    path("events/<int:event_id>/", views.referee_event, name="referee-event"),
    path(
        "events/<int:event_id>/tables/<int:table_id>/",
        views.referee_table,
        name="referee-table",
    ),
    path(
        "events/<int:event_id>/tables/<int:table_id>/adjust/",
        views.referee_adjust,
        name="referee-adjust",
    ),
    path(
        "events/<int:event_id>/tables/<int:table_id>/confirm/",
        views.referee_confirm,
        name="referee-confirm",
    ),
    path(
        "events/<int:event_id>/tables/<int:table_id>/dispute/",
        views.referee_dispute,
        name="referee-dispute",
    ),
    path(
        "events/<int:event_id>/tables/<int:table_id>/reopen/",
        views.referee_reopen,
        name="referee-reopen",
    ),
    path(
        "events/<int:event_id>/tables/<int:table_id>/entries/<uuid:entry_id>/void/",
        views.referee_void,
        name="referee-void",
    ),
]
