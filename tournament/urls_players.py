"""The players' own pages, under /p/<token>/: no login, read only.

They read the bank's ledger (a player's balance and deeds), so their views live on the
banking side (banking/views_players.py); including them by name keeps tournament from
importing banking (DESIGN.md: imports go one way).
"""

from django.urls import include, path

urlpatterns = [
    path("", include("banking.urls_players")),
]
