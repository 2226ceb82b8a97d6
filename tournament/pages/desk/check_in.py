"""Desk pages for the door: check-in by scanning a player's QR code (the tablet's camera,
static/js/checkin.js with jsQR), the live count, ticks by name, and each player's
email-ready message with their link and QR code."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.forms.models import model_to_dict
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from tournament import access, selectors
from tournament.errors import Refusal
from tournament.models import Event, Player
from tournament.pages.desk import guards
from tournament.player_links import player_page_url, qr_svg
from tournament.printing.render import qr_png
from tournament.services import players
from tournament.text import isolated


def _json_refusal(code: str, detail: str, status: int, **more: object) -> JsonResponse:
    return JsonResponse({"error": code, "detail": detail, **more}, status=status)


def _json_guard(request: HttpRequest, event_id: int) -> JsonResponse | None:
    """For the page's fetches: a JSON 401/403/404, never a login redirect or an HTML page."""
    if not request.user.is_authenticated:
        return _json_refusal("not_authenticated", _("Log in again."), 401)
    if not Event.objects.filter(pk=event_id).exists():
        return _json_refusal("not_found", _("There is no such event."), 404)
    if not access.is_organiser(request.user, event_id):
        said = _("Only this event's organisers can do that.")
        return _json_refusal("forbidden", said, 403)
    return None


@guards.desk_view
def check_in(request: HttpRequest, event_id: int) -> HttpResponse:
    event = guards.organised(request, Event, event_id)
    context = guards.event_page(
        event,
        "check-in",
        counts=selectors.check_in_status(event.pk),
        players=event.players.all(),
    )
    return render(request, "desk/check_in.html", context)


@require_POST
def scan(request: HttpRequest, event_id: int) -> HttpResponse:
    """One scan: the code's player is checked in. JSON for the page's reader; a redirect
    with the sentence for the plain form (a typed code, or a barcode gun)."""
    as_json = guards.wants_json(request)
    guard = _json_guard if as_json else _form_guard
    if (refusal := guard(request, event_id)) is not None:
        return refusal
    code = (request.POST.get("code") or "").strip()[:500]
    back = reverse("desk:check-in", args=[event_id])
    try:
        if not code:
            raise Refusal("no_code", _("No code came through: scan it again, or type it in."))
        outcome = players.player_check_in_by_code(event_id=event_id, code=code, actor=request.user)
    except Refusal as exc:
        if as_json:
            counts = selectors.check_in_status(event_id)
            return _json_refusal(exc.code, exc.detail, exc.status, counts=counts)
        guards.refused(request, exc)
        return redirect(back)
    player = outcome.player
    if outcome.already:
        at = player.checked_in_at and timezone.localtime(player.checked_in_at)
        said = {"name": isolated(player.name), "time": f"{at:%H:%M}" if at else ""}
        if at:
            message = _("%(name)s was already checked in at %(time)s.") % said
        else:
            message = _("%(name)s was already checked in.") % said
    else:
        message = _("%(name)s is checked in.") % {"name": isolated(player.name)}
    if not as_json:
        guards.done(request, message)
        return redirect(back + f"#player-{player.pk}")
    return JsonResponse(
        {
            "result": "already" if outcome.already else "checked_in",
            "message": message,
            "player": model_to_dict(player, fields=["id", "name", "team", "checked_in_at"]),
            "counts": selectors.check_in_status(event_id),
        }
    )


def _form_guard(request: HttpRequest, event_id: int) -> HttpResponse | None:
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("desk:check-in", args=[event_id]))
    get_object_or_404(Event, pk=event_id)
    if not access.is_organiser(request.user, event_id):
        return render(request, "desk/forbidden.html", status=403)
    return None


@require_GET
def status(request: HttpRequest, event_id: int) -> JsonResponse:
    """The live count for the check-in page: checked in, expected, missing, and who."""
    return _json_guard(request, event_id) or JsonResponse(selectors.check_in_status(event_id))


# --------------------------------------------------------------------------- messages


#: The message's last paragraphs, the same in its plain text and its HTML.
CLOSING = (
    gettext_lazy(
        "Open it on your phone when you arrive and show its QR code at the desk: one scan "
        "checks you in. All evening the same page shows your table and seat, the round clock, "
        "your balance and deeds as the banker records them, your results, and whether you "
        "play next."
    ),
    gettext_lazy("Keep the link to yourself: it is your check-in code."),
    gettext_lazy("See you there!"),
)


def player_message_text(*, name: str, event: Event, url: str) -> dict[str, str]:
    """The email-ready message: a subject, plain text (templates/desk/player_message.txt),
    and HTML with the QR code inline (player_message_email.html), in the event's language:
    the players read it, whichever organiser's browser made it."""
    qr = qr_png(url, scale=5)
    context = {"name": isolated(name), "event": event, "url": url, "qr": qr, "closing": CLOSING}
    with translation.override(event.language or settings.LANGUAGE_CODE):
        return {
            "subject": _("Your place at %(event)s") % {"event": event.name},
            "plain": render_to_string("desk/player_message.txt", context),
            "html": render_to_string("desk/player_message_email.html", context),
        }


@guards.desk_view
def player_message(request: HttpRequest, player_id: int) -> HttpResponse:
    player = guards.organised(request, Player, player_id)
    url = player_page_url(player.token, request)
    message = player_message_text(name=player.name, event=player.event, url=url)
    context = guards.event_page(
        player.event,
        "check-in",
        player=player,
        url=url,
        qr=qr_svg(url),
        message=message,
    )
    response = render(request, "desk/player_message.html", context)
    response["Cache-Control"] = "no-store"  # the player's link is their key
    return response
