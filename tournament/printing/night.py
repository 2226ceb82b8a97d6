"""The night in numbers as one printed page, for the charity's trustees after the event:
the figures of `tournament.results.night`, as the CSV export gives them too."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tournament.models import PrintJob
from tournament.printing.documents import printed_at
from tournament.printing.registry import Parts, document
from tournament.results.night import night_in_numbers

# The page's sections, by the figures' keys, in order.
SECTIONS = (
    (_("The evening"), ("players", "players_checked_in", "players_played", "rounds", "tables")),
    (_("The bank"), ("entries", "voids", "adjustments", "disputes")),
    (_("The tablets"), ("tablet_minutes_offline", "entries_caught_up")),
    (_("Money raised"), ("raised_fees", "raised_donations", "raised_total")),
)


@document(
    PrintJob.Kind.NIGHT,
    title=_("The night in numbers"),
    template="print/night.html",
    description=_(
        "One page for the charity's trustees: players, rounds, tables, entries, "
        "voids, disputes, the tablets' time offline, the money raised, the winner and, at an "
        "event with teams, the team standings."
    ),
    chunk=1,
)
def night(job: PrintJob) -> Parts:
    figures = {f.key: f for f in night_in_numbers(event_id=job.event_id)}
    sections = [
        {"title": title, "figures": [figures[key] for key in keys]} for title, keys in SECTIONS
    ]
    teams = [f for key, f in figures.items() if key.startswith("team")]
    if teams:  # at an event with teams: how many, the winning team, and each team's total
        sections.append({"title": _("Team standings"), "figures": teams})
    page = {
        "event": job.event,
        "printed_at": printed_at(),
        "sections": sections,
        "winner": figures["winner"].value,
    }
    return Parts(1, [page])
