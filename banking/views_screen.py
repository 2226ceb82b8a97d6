"""The big screen on the projector: the round clock, a live leaderboard per table and the
bracket, behind a secret link the organiser can revoke (no login: the screen only views).

The page embeds a first snapshot; static/js/screen.js then fetches the JSON snapshot every
few seconds and redraws what changed. A wrong or revoked token is a plain 404.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournament.models import Event

from . import selectors

REFRESH_SECONDS = 4
ROTATE_SECONDS = 20


def _private(response: HttpResponse) -> HttpResponse:
    response["Cache-Control"] = "no-store"
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


def _event(event_id: int, token: str) -> Event:
    event = selectors.screen_event(event_id=event_id, token=token)
    if event is None:
        raise Http404("This screen link is not valid: ask the organiser for the current one.")
    return event


@require_GET
def screen(request: HttpRequest, event_id: int, token: str) -> HttpResponse:
    event = _event(event_id, token)
    context = {
        "event": event,
        "snapshot": selectors.screen_snapshot(event=event),
        "refresh_seconds": REFRESH_SECONDS,
        "rotate_seconds": ROTATE_SECONDS,
    }
    return _private(render(request, "screen/screen.html", context))


@require_GET
def screen_snapshot(request: HttpRequest, event_id: int, token: str) -> HttpResponse:
    event = _event(event_id, token)
    return _private(JsonResponse(selectors.screen_snapshot(event=event)))
