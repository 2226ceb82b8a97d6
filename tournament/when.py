"""How long ago something happened, in words, said one way on every page: the desk's table
cards, the control room's tiles and its reasons; and a round clock's time left as the
pages draw it. The browser shows these words as the server wrote them."""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext as _


def ago(when: datetime, now: datetime) -> str:
    """'12 s ago', '4 min ago', '1 h 5 min ago': how long before `now` `when` was, in the
    reader's language."""
    seconds = max(0, int((now - when).total_seconds()))
    if seconds < 60:
        return _("%(seconds)s s ago") % {"seconds": seconds}
    minutes = seconds // 60
    if minutes < 60:
        return _("%(minutes)s min ago") % {"minutes": minutes}
    return _("%(hours)s h %(minutes)s min ago") % {"hours": minutes // 60, "minutes": minutes % 60}


def countdown(seconds: float) -> str:
    """Time left, '1:29:59' or '4:05' (none below zero), as the pages' clocks then tick it
    down (static/js/format.js `clock`)."""
    hours, rest = divmod(max(0, int(seconds)), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def time_left(ends_at: datetime | None, now: datetime, *, running: bool) -> str:
    """The round clock's `countdown`, as the pages draw it; '' unless the round is running."""
    return countdown((ends_at - now).total_seconds()) if running and ends_at else ""
