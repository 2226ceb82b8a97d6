"""Login lockout, with django-axes: one limit per username, a higher one per address.

Axes counts failures by username and by address separately (AXES_LOCKOUT_PARAMETERS) but
compares the larger count with one limit. A whole venue logs in from one address, so the
address gets a limit of its own: `failure_limit` answers the username's limit once that
username has used it up, and the address's otherwise. Both counts forget failures older
than the cool-off.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from axes.attempts import get_cool_off_threshold
from axes.helpers import get_client_username, get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import ngettext

from tournament.errors import Refusal


class LockedOut(Refusal):
    status = 429


def failure_limit(request: HttpRequest, credentials: dict[str, Any] | None) -> int:
    """The failure count that locks this attempt out (AXES_FAILURE_LIMIT).

    Axes locks out when max(username failures, address failures) reaches this number:
    the username's limit once that username has reached it, else the address's limit,
    which the username's count (below its own, smaller limit) cannot reach.
    """
    per_username = settings.LOGIN_FAILURE_LIMIT_PER_USERNAME
    if username := get_client_username(request, credentials):
        since = get_cool_off_threshold(request)
        attempts = AccessAttempt.objects.filter(username=username, attempt_time__gte=since)
        if (attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0) >= per_username:
            return per_username
    return settings.LOGIN_FAILURE_LIMIT_PER_ADDRESS


def client_address(request: HttpRequest) -> str | None:
    """The caller's address (AXES_CLIENT_IP_CALLABLE).

    Behind TRUSTED_PROXY_COUNT proxies that each append to X-Forwarded-For, the address
    the outermost proxy saw; earlier entries could be typed by anyone.
    """
    proxies = settings.TRUSTED_PROXY_COUNT
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    if proxies and len(forwarded) >= proxies and forwarded[-proxies]:
        return forwarded[-proxies]
    return request.META.get("REMOTE_ADDR")


def wait_minutes(request: HttpRequest) -> int:
    cool_off = get_cool_off(request) or timedelta(0)
    return max(1, round(cool_off.total_seconds() / 60))


def lockout_response(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, Any] | None = None,
) -> HttpResponse:
    """The page a locked-out login gets (AXES_LOCKOUT_CALLABLE), with status 429."""
    context = {"minutes": wait_minutes(request)}
    return render(request, "registration/locked_out.html", context, status=429)


def refuse_if_locked_out(request: Any) -> None:
    """Raise LockedOut if the login attempt just made with `request` was refused by axes.

    For the API's token login: axes marks the request the login form passed it, which for
    the API is the REST framework's request rather than the one its middleware sees.
    """
    if getattr(request, "axes_locked_out", False):
        minutes = wait_minutes(request)
        sentence = ngettext(
            "Too many failed logins: logging in is paused for %(minutes)s minute. "
            "An organiser can lift the pause sooner.",
            "Too many failed logins: logging in is paused for %(minutes)s minutes. "
            "An organiser can lift the pause sooner.",
            minutes,
        )
        raise LockedOut("locked_out", sentence % {"minutes": minutes})
