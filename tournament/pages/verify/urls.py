"""/verify/: anyone types a scoresheet's code and learns whether it matches the ledger."""

from django.urls import path

from tournament.pages.verify import views as views_verify

urlpatterns = [
    path("", views_verify.verify_page, name="verify"),
]
