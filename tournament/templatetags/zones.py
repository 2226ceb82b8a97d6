"""`{% page_time_zone as zone %}`: the zone of the event a page is about (base.html renders
every page's body in it, with `{% timezone zone %}`)."""

from __future__ import annotations

import zoneinfo
from typing import Any

from django import template

from tournament.timezones import event_zone

register = template.Library()

#: Where a page with no `event` finds it: in its round, table, player or print job.
EVENT_OF = {"round": "event", "table": "round.event", "player": "event", "job": "event"}


@register.simple_tag(takes_context=True)
def page_time_zone(context: Any) -> zoneinfo.ZoneInfo | None:
    """The zone of the event a page is about: its `event`, or the event of its round, table,
    player or print job, taken from the template's context."""
    event = context.get("event")
    for name, path in EVENT_OF.items():
        if event is None:
            event = context.get(name)
            for step in path.split("."):
                event = getattr(event, step, None)
    return event_zone(event)
