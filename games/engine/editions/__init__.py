"""The published editions the engine can play, by code ("us", "uk").

Both boards carry the same numbers position by position (the UK board is the US board
with London's names, but for its Super Tax); names, currency and card decks differ.
"""

from __future__ import annotations

from games.engine.board import Edition
from games.engine.editions.uk import UK
from games.engine.editions.us import US

EDITIONS: dict[str, Edition] = {US.code: US, UK.code: UK}

__all__ = ["EDITIONS", "UK", "US", "edition"]


def edition(code: str) -> Edition:
    """The edition with this code; KeyError naming the known codes if there is none."""
    try:
        return EDITIONS[code]
    except KeyError:
        known = ", ".join(sorted(EDITIONS))
        raise KeyError(f"unknown edition {code!r} (known editions: {known})") from None
