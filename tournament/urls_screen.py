"""The big screen, under /events/<id>/screen/<token>/.

Its pages read the bank's ledger, so their views live on the banking side
(banking/views_screen.py); including them by name keeps tournament from importing banking
(DESIGN.md: imports go one way).
"""

from django.urls import include, path

urlpatterns = [
    path("", include("banking.urls_screen")),
]
