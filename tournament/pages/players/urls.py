"""The players' own pages, included by tournament/urls.py under /p/."""

from django.urls import path

from tournament.pages.players import views as views

urlpatterns = [
    path("<slug:token>/", views.player_page, name="player-page"),
    path("<slug:token>/chart.svg", views.player_chart, name="player-chart"),
]
