"""The engine's own plain writing of money, for rules that are given no other: 1500 gives
"$1,500"; -50 gives "\N{MINUS SIGN}$50" (a real minus sign, before the currency, as people
write a debt). What a person reads at an event is written in the event's currency and
language instead (tournament/money.py, given to the rules as Rules.written)."""

from __future__ import annotations

MINUS = "\N{MINUS SIGN}"


def money(amount: int, currency: str = "") -> str:
    sign = MINUS if amount < 0 else ""
    return f"{sign}{currency}{abs(int(amount)):,}"
