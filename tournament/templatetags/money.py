"""Filters for the pages that show money: written one way everywhere (games/engine/money.py),
its digits grouped as the reader's language groups them ("$1,500", "$1.500", "$1 500")."""

from django import template
from django.utils.formats import number_format

from games.engine.money import MINUS

register = template.Library()


@register.filter
def money(amount: int | None, currency: str = "") -> str:
    """1500 gives "$1,500"; -50 gives "\N{MINUS SIGN}$50": a real minus sign, before the
    currency, as people write a debt. None gives nothing. In German "$1.500" (the active
    language's thousands separator, Django's localisation)."""
    if amount is None:
        return ""
    sign = MINUS if amount < 0 else ""
    return f"{sign}{currency}{number_format(abs(int(amount)), force_grouping=True)}"
