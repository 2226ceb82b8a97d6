"""Filters for the pages that watch tables (the referee's): money as people write it."""

from django import template

register = template.Library()

MINUS = "\N{MINUS SIGN}"


@register.filter
def money(amount: int | None, currency: str = "") -> str:
    """1500 gives "$1,500"; -50 gives "\N{MINUS SIGN}$50": a real minus sign, before the
    currency, as people write a debt."""
    if amount is None:
        return ""
    sign = MINUS if amount < 0 else ""
    return f"{sign}{currency}{abs(int(amount)):,}"
