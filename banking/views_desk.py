"""The organiser desk's "End round" button (and "Force end", with a reason, while tables are
unconfirmed). It lives on the banking side because ending a round values the ledgers of
tables still open; the desk's own pages are in tournament/desk/."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from tournament.desk.guards import desk_view, done, organised_round, refused
from tournament.desk.rounds import _round_url
from tournament.errors import Refusal

from .services import rounds as bank


@require_POST
@desk_view
def round_end(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = organised_round(request, round_id)
    force = request.POST.get("force") in ("1", "true", "on")
    try:
        bank.round_end(
            round_id=round_.pk,
            actor=request.user,
            force=force,
            reason=request.POST.get("reason", "") if force else "",
        )
    except Refusal as refusal:
        refused(request, refusal)
        return redirect(_round_url(round_) + ("#end-round" if force else ""))
    done(request, f"Round {round_.number} has ended: here are its results.")
    return redirect("desk:results", round_id=round_.pk)
