"""The event side of the API, under /api/: each route, its view and its name."""

from django.urls import path

from tournament.api import exports, printing, results, screens, views

ROUTES = [
    ("events/<int:event_id>/export/", exports.EventExportApi, "api-event-export"),
    ("events/<int:event_id>/night/", exports.NightInNumbersApi, "api-event-night"),
    ("rounds/<int:round_id>/end/", results.RoundEndApi, "api-round-end"),
    ("tables/<int:table_id>/close/", results.TableCloseApi, "api-table-close"),
    ("tables/<int:table_id>/confirm/", results.TableConfirmApi, "api-table-confirm"),
    ("tables/<int:table_id>/dispute/", results.TableDisputeApi, "api-table-dispute"),
    ("tables/<int:table_id>/reopen/", results.TableReopenApi, "api-table-reopen"),
    ("auth/token/", views.TokenApi, "api-token"),
    ("auth/logout/", views.LogoutApi, "api-logout"),
    ("auth/tokens/", views.TokenListApi, "api-tokens"),
    ("auth/tokens/<int:token_id>/", views.TokenDetailApi, "api-token-detail"),
    ("events/", views.EventListApi, "api-events"),
    ("events/<int:event_id>/", views.EventDetailApi, "api-event"),
    ("events/<int:event_id>/screen-link/", screens.ScreenLinkApi, "api-event-screen-link"),
    ("events/<int:event_id>/players/", views.PlayerListApi, "api-players"),
    ("events/<int:event_id>/players/import/", views.PlayerImportApi, "api-players-import"),
    ("players/<int:player_id>/alternate/", views.PlayerAlternateApi, "api-player-alternate"),
    ("events/<int:event_id>/donations/", views.DonationListApi, "api-donations"),
    ("events/<int:event_id>/volunteers/", views.VolunteerListApi, "api-volunteers"),
    ("events/<int:event_id>/rounds/", views.RoundListApi, "api-rounds"),
    ("events/<int:event_id>/preseat/", views.EventPreseatApi, "api-event-preseat"),
    ("rounds/<int:round_id>/", views.RoundDetailApi, "api-round"),
    ("rounds/<int:round_id>/seat/", views.RoundSeatApi, "api-round-seat"),
    ("rounds/<int:round_id>/release/", views.RoundReleaseApi, "api-round-release"),
    ("rounds/<int:round_id>/tables/", views.RoundTablesApi, "api-round-tables"),
    ("rounds/<int:round_id>/vacancies/", views.RoundVacanciesApi, "api-round-vacancies"),
    ("rounds/<int:round_id>/start/", views.RoundStartApi, "api-round-start"),
    ("rounds/<int:round_id>/call-time/", views.RoundCallTimeApi, "api-round-call-time"),
    ("rounds/<int:round_id>/waves/", views.RoundWavesApi, "api-round-waves"),
    ("rounds/<int:round_id>/start-wave/", views.WaveStartApi, "api-round-start-wave"),
    ("rounds/<int:round_id>/results/", views.RoundResultsApi, "api-round-results"),
    ("events/<int:event_id>/teams/", views.EventTeamsApi, "api-event-teams"),
    ("rounds/<int:round_id>/advancement/", views.RoundOverrideApi, "api-round-advancement"),
    ("tables/<int:table_id>/", views.TableDetailApi, "api-table"),
    ("tables/<int:table_id>/wave/", views.TableWaveApi, "api-table-wave"),
    ("tables/<int:table_id>/rotate-key/", views.TableRotateKeyApi, "api-table-rotate-key"),
    ("events/<int:event_id>/print-jobs/", printing.EventPrintJobsApi, "api-print-jobs"),
    ("print-jobs/<int:job_id>/", printing.PrintJobDetailApi, "api-print-job"),
    ("print-jobs/<int:job_id>/retry/", printing.PrintJobRetryApi, "api-print-job-retry"),
]

urlpatterns = [path(route, view.as_view(), name=name) for route, view, name in ROUTES]
