"""The `isolated` filter: `{{ player.name|isolated }}`, a name that shares a line with other
text kept in its own direction (tournament/text.py's `isolated`)."""

from typing import Any

from django import template

from tournament.text import isolated as isolated_name

register = template.Library()


@register.filter(is_safe=True)
def isolated(name: Any) -> str:
    """The name in isolates when it holds a right-to-left letter, else as it is."""
    return isolated_name(name)
