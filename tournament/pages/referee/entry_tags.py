"""`{% load entries %}`: a ledger entry's lines on the referee's table page, as the
overview writes them (fragments.py): one shape, written in one place. Registered in the
TEMPLATES setting's libraries."""

from django import template

from tournament.pages.referee.fragments import entry_body, entry_open

register = template.Library()
register.simple_tag(entry_open)
register.simple_tag(entry_body)
