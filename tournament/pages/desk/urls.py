"""The organiser desk, under /desk/: login required, and an event's pages for its organisers."""

from django.urls import path

from tournament.pages.desk import check_in, corrections, events, rounds, teams, waves

app_name = "desk"

urlpatterns = [
    path("", events.event_list, name="events"),
    path("events/new/", events.event_new, name="event-new"),
    path("events/<int:event_id>/", events.event_overview, name="event"),
    path("events/<int:event_id>/settings/", events.event_edit, name="event-edit"),
    path("events/<int:event_id>/players/", events.players, name="players"),
    path("events/<int:event_id>/players/import/", events.players_import, name="players-import"),
    path("players/<int:player_id>/check-in/", events.player_check_in, name="player-check-in"),
    path("players/<int:player_id>/paid/", events.player_paid, name="player-paid"),
    path("players/<int:player_id>/edit/", corrections.player_edit, name="player-edit"),
    path("players/<int:player_id>/remove/", corrections.player_remove, name="player-remove"),
    path("players/<int:player_id>/return/", corrections.player_return, name="player-return"),
    path("players/<int:player_id>/alternate/", events.player_alternate, name="player-alternate"),
    path("donations/<int:donation_id>/edit/", corrections.donation_edit, name="donation-edit"),
    path(
        "donations/<int:donation_id>/remove/",
        corrections.donation_remove,
        name="donation-remove",
    ),
    path(
        "volunteers/<int:volunteer_id>/remove/",
        corrections.volunteer_remove,
        name="volunteer-remove",
    ),
    path("events/<int:event_id>/check-in/", check_in.check_in, name="check-in"),
    path("events/<int:event_id>/check-in/scan/", check_in.scan, name="check-in-scan"),
    path("events/<int:event_id>/check-in/status.json", check_in.status, name="check-in-status"),
    path("players/<int:player_id>/message/", check_in.player_message, name="player-message"),
    path("events/<int:event_id>/donations/", events.donations, name="donations"),
    path("events/<int:event_id>/screen-link/", events.screen_link, name="screen-link"),
    path("events/<int:event_id>/volunteers/", events.volunteers, name="volunteers"),
    path("events/<int:event_id>/rounds/", events.rounds, name="rounds"),
    path("events/<int:event_id>/rounds/preseat/", events.rounds_preseat, name="rounds-preseat"),
    path("events/<int:event_id>/bracket/", events.bracket, name="bracket"),
    path("events/<int:event_id>/teams/", teams.teams, name="teams"),
    path("events/<int:event_id>/teams/<path:name>/", teams.team, name="team"),
    path("rounds/<int:round_id>/", rounds.round_detail, name="round"),
    path("rounds/<int:round_id>/seat/", rounds.seat_preview, name="seat"),
    path("rounds/<int:round_id>/seat/confirm/", rounds.seat_confirm, name="seat-confirm"),
    path("rounds/<int:round_id>/seat/late/", rounds.seat_late, name="seat-late"),
    path("rounds/<int:round_id>/alternate/", rounds.alternate_step_in, name="alternate-step-in"),
    path("rounds/<int:round_id>/release/", rounds.round_release, name="round-release"),
    path("rounds/<int:round_id>/start/", rounds.round_start, name="round-start"),
    path("rounds/<int:round_id>/call-time/", rounds.round_call_time, name="round-call-time"),
    path("rounds/<int:round_id>/end/", rounds.round_end, name="round-end"),
    path("rounds/<int:round_id>/results/", rounds.results, name="results"),
    path("rounds/<int:round_id>/override/", rounds.result_override, name="override"),
    path("tables/<int:table_id>/rotate-key/", rounds.table_rotate_key, name="table-rotate-key"),
    path("tables/<int:table_id>/wave/", waves.table_wave, name="table-wave"),
    path("rounds/<int:round_id>/waves/", waves.round_waves, name="round-waves"),
    path("rounds/<int:round_id>/start-wave/", waves.wave_start, name="wave-start"),
]
