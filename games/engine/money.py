"""Money as people write it, the one way every page, print, export and message shows it:
1500 gives "$1,500"; -50 gives "\N{MINUS SIGN}$50" (a real minus sign, before the currency,
as people write a debt). The browser's copy is static/js/format.js: keep them the same."""

from __future__ import annotations

MINUS = "\N{MINUS SIGN}"


def money(amount: int, currency: str = "") -> str:
    sign = MINUS if amount < 0 else ""
    return f"{sign}{currency}{abs(int(amount)):,}"
