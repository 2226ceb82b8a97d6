from django.urls import path

from tournament.api import exports, printing, results, screens, views

urlpatterns = [
    path(
        "events/<int:event_id>/export/", exports.EventExportApi.as_view(), name="api-event-export"
    ),
    path(
        "events/<int:event_id>/night/", exports.NightInNumbersApi.as_view(), name="api-event-night"
    ),
    path("rounds/<int:round_id>/end/", results.RoundEndApi.as_view(), name="api-round-end"),
    path("tables/<int:table_id>/close/", results.TableCloseApi.as_view(), name="api-table-close"),
    path(
        "tables/<int:table_id>/confirm/",
        results.TableConfirmApi.as_view(),
        name="api-table-confirm",
    ),
    path(
        "tables/<int:table_id>/dispute/",
        results.TableDisputeApi.as_view(),
        name="api-table-dispute",
    ),
    path(
        "tables/<int:table_id>/reopen/", results.TableReopenApi.as_view(), name="api-table-reopen"
    ),
    path("auth/token/", views.TokenApi.as_view(), name="api-token"),
    path("auth/logout/", views.LogoutApi.as_view(), name="api-logout"),
    path("events/", views.EventListApi.as_view(), name="api-events"),
    path("events/<int:event_id>/", views.EventDetailApi.as_view(), name="api-event"),
    path(
        "events/<int:event_id>/screen-link/",
        screens.ScreenLinkApi.as_view(),
        name="api-event-screen-link",
    ),
    path("events/<int:event_id>/players/", views.PlayerListApi.as_view(), name="api-players"),
    path(
        "events/<int:event_id>/players/import/",
        views.PlayerImportApi.as_view(),
        name="api-players-import",
    ),
    path("events/<int:event_id>/donations/", views.DonationListApi.as_view(), name="api-donations"),
    path(
        "events/<int:event_id>/volunteers/",
        views.VolunteerListApi.as_view(),
        name="api-volunteers",
    ),
    path("events/<int:event_id>/rounds/", views.RoundListApi.as_view(), name="api-rounds"),
    path("rounds/<int:round_id>/", views.RoundDetailApi.as_view(), name="api-round"),
    path("rounds/<int:round_id>/seat/", views.RoundSeatApi.as_view(), name="api-round-seat"),
    path(
        "rounds/<int:round_id>/release/", views.RoundReleaseApi.as_view(), name="api-round-release"
    ),
    path("rounds/<int:round_id>/tables/", views.RoundTablesApi.as_view(), name="api-round-tables"),
    path("rounds/<int:round_id>/start/", views.RoundStartApi.as_view(), name="api-round-start"),
    path(
        "rounds/<int:round_id>/call-time/",
        views.RoundCallTimeApi.as_view(),
        name="api-round-call-time",
    ),
    path(
        "rounds/<int:round_id>/results/", views.RoundResultsApi.as_view(), name="api-round-results"
    ),
    path(
        "rounds/<int:round_id>/advancement/",
        views.RoundOverrideApi.as_view(),
        name="api-round-advancement",
    ),
    path("tables/<int:table_id>/", views.TableDetailApi.as_view(), name="api-table"),
    path(
        "tables/<int:table_id>/rotate-key/",
        views.TableRotateKeyApi.as_view(),
        name="api-table-rotate-key",
    ),
    path(
        "events/<int:event_id>/print-jobs/",
        printing.EventPrintJobsApi.as_view(),
        name="api-print-jobs",
    ),
    path("print-jobs/<int:job_id>/", printing.PrintJobDetailApi.as_view(), name="api-print-job"),
    path(
        "print-jobs/<int:job_id>/retry/",
        printing.PrintJobRetryApi.as_view(),
        name="api-print-job-retry",
    ),
]
