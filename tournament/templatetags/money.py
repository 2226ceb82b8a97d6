"""The `money` filter: `{{ amount|money:event.currency }}`, written by tournament/money.py in
the event's currency and the language being spoken ("$1,500", "1.091 €", "\N{MINUS SIGN}€50")."""

from django import template

from tournament.money import money as written

register = template.Library()


@register.filter
def money(amount: int | None, currency: str) -> str:
    """`amount` whole units of `currency` (the event's ISO code) in the active language; None
    (or a variable the context lacks) gives nothing."""
    return written(None if amount == "" else amount, currency)
