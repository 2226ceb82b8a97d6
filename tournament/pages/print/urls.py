"""The organiser's print page and the download of finished documents (under /print/)."""

from django.urls import path

from tournament.pages.print import views

urlpatterns = [
    path("events/<int:event_id>/", views.print_page, name="print-page"),
    path("jobs/<int:job_id>/retry/", views.print_job_retry_page, name="print-job-retry"),
    path("jobs/<int:job_id>/download/", views.print_job_download, name="print-job-download"),
]
