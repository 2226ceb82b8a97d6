"""Filters for the pages that show money: written one way everywhere (games/engine/money.py)."""

from django import template

from games.engine.money import money as written

register = template.Library()


@register.filter
def money(amount: int | None, currency: str = "") -> str:
    """1500 gives "$1,500"; -50 gives "\N{MINUS SIGN}$50": a real minus sign, before the
    currency, as people write a debt. None gives nothing."""
    return "" if amount is None else written(amount, currency)
