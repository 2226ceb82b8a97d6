"""The big screen's routes, included by tournament/urls_screen.py under /events/."""

from django.urls import path

from tournament.pages.screen import views as views

urlpatterns = [
    path("<int:event_id>/screen/<slug:token>/", views.screen, name="event-screen"),
    path(
        "<int:event_id>/screen/<slug:token>/tables/<int:table_id>/chart.svg",
        views.screen_chart,
        name="event-screen-chart",
    ),
]
