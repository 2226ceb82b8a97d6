"""The big screen's link: a secret token in the URL, which the organiser issues and revokes.

The projector needs no login: whoever has the link sees the clock, the leaderboard and
the bracket (nothing that moves money). Issuing a new link stops the old one at once;
revoking leaves the event with no working link until the next issue.
"""

from __future__ import annotations

import secrets

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.errors import NotFound
from tournament.models import Event
from tournament.services.events import audit, save_fields


def _locked_event(event_id: int) -> Event:
    event = Event.objects.select_for_update().filter(pk=event_id).first()
    if event is None:
        raise NotFound("not_found", _("There is no such event."))
    return event


@transaction.atomic
def screen_link_issue(*, event_id: int, actor: AbstractBaseUser | None = None) -> Event:
    """Give the event a new screen token; any earlier link stops working."""
    event = _locked_event(event_id)
    token = secrets.token_urlsafe(32)  # 256 bits, URL-safe
    save_fields(event, screen_token=token, screen_token_issued_at=timezone.now())
    audit(event_id=event.pk, actor=actor, action="screen_link_issued", subject="Big screen")
    return event


@transaction.atomic
def screen_link_revoke(*, event_id: int, actor: AbstractBaseUser | None = None) -> Event:
    """Stop the screen link working; nothing opens the big screen until a new one is issued."""
    event = _locked_event(event_id)
    if event.screen_token:
        save_fields(event, screen_token="", screen_token_issued_at=None)
        audit(event_id=event.pk, actor=actor, action="screen_link_revoked", subject="Big screen")
    return event


def screen_path(event: Event) -> str | None:
    """The big screen's path for the event's current token, or None when there is none."""
    if not event.screen_token:
        return None
    return reverse("event-screen", kwargs={"event_id": event.pk, "token": event.screen_token})
