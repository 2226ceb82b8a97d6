"""`{{ row|decision }}`: the organiser's decision on a result (tournament/results/overrides.py)
with its reason, worded the same on the desk's results and on the player's page."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _

register = template.Library()


def decided(tied: bool, reason: str) -> str:
    """The decision in words; nothing when the organiser decided nothing."""
    if not reason:
        return ""
    if tied:
        return _("Tie decided by the organiser: %(reason)s") % {"reason": reason}
    return _("Decided by the organiser: %(reason)s") % {"reason": reason}


@register.filter
def decision(row: dict[str, Any]) -> str:
    """The decision on a result row (tournament/results/shape.py `result_row`)."""
    return decided(row["tied"], row["override_reason"])
