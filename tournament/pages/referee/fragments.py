"""The referees' overview's table cards and a ledger entry's lines, written as HTML by plain
Python.

The overview renders one card for each table that changed since the last reload, about
twenty a second at a hundred tables (tournament/pages/referee/views.py keeps each card until
its table changes). Through the template engine a card cost some 0.4 ms, mostly in
resolving its eighty-odd variables; written here it costs a tenth of that. Every text that
comes from people (names, memos, reasons) goes through `escape`; the rest is numbers and
words of our own. The table page's ledger shows its entries with the same lines (`ledger`),
each with its void form: a ledger runs to hundreds of entries in a round, and through a
template apiece it cost a quarter of a millisecond each.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.urls import get_script_prefix, reverse
from django.utils import timezone
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from games.engine.money import money

#: The id in VoidForms.action that stands for each entry's.
NO_ENTRY = str(uuid.UUID(int=0))
BADGE_OF_REVIEW = {"confirmed": "badge ok", "disputed": "badge danger"}
BANKRUPT_BADGE = ' <span class="badge danger">Bankrupt</span>'


def table_card(table: Mapping[str, Any], *, event_id: int, many_rounds: bool) -> SafeString:
    """One table of the referees' overview: its seats with cash, net worth and deeds, its
    latest entry, and the way to its page."""
    tid, number, currency = table["id"], table["number"], table["currency"]
    round_note = (
        f' <span class="muted small">round {table["round_number"]}</span>' if many_rounds else ""
    )
    seats = "".join(_seat_row(seat, currency) for seat in table["seats"])
    entries = (
        "".join(f"{entry_open(line)}{entry_body(line)}</li>" for line in table["entries"])
        or '<li class="muted">No entries yet.</li>'
    )
    href = _table_href(get_script_prefix(), event_id, tid)
    return mark_safe(  # noqa: S308 - every text from people escaped above
        f'<article class="card ref-table" aria-labelledby="table-{tid}-h">'
        f'<div class="spread"><h2 id="table-{tid}-h">Table {number}{round_note}</h2>'
        f"{_status_badge(table)}</div>"
        f'<table class="data ref-seats"><caption class="sr-only">Seats at table {number}</caption>'
        '<thead><tr><th scope="col">Player</th><th scope="col" class="num">Cash</th>'
        '<th scope="col" class="num">Net worth</th></tr></thead>'
        f"<tbody>{seats}</tbody></table>"
        f'<h3 class="ref-latest">Latest entry</h3><ol class="ledger compact">{entries}</ol>'
        f'<a class="btn btn-primary ref-open" href="{href}">'
        f"Table {number}: ledger, void, adjust</a></article>"
    )


@lru_cache(maxsize=4096)
def _table_href(script_prefix: str, event_id: int, table_id: int) -> str:
    """A table's page, worked out once for each table (per prefix the site is served under):
    `reverse` costs as much as the rest of a card."""
    return reverse("referee-table", args=[event_id, table_id])


def _status_badge(table: Mapping[str, Any]) -> str:
    if review := table["review"]:
        kind = BADGE_OF_REVIEW.get(review, "badge warn")
        return f'<span class="{kind}">{escape(table["review_label"])}</span>'
    if table["closed"]:
        return '<span class="badge">Closed</span>'
    if table["last_turn"]:
        return '<span class="badge warn">Last turn</span>'
    return ""


def _seat_row(seat: Mapping[str, Any], currency: str) -> str:
    bankrupt = seat["bankrupt"]
    deeds = seat["deeds"]
    dots = ""
    if deeds:
        count = len(deeds)
        swatches = "".join(
            f'<span class="swatch g-{deed["group"]}{" mortgaged" if deed["mortgaged"] else ""}"'
            ' aria-hidden="true"></span>'
            for deed in deeds
        )
        dots = (
            f' <span class="deed-dots" role="img" aria-label="{count} deed'
            f'{"" if count == 1 else "s"}">{swatches}</span>'
        )
    row, badge = ('<tr class="bankrupt">', BANKRUPT_BADGE) if bankrupt else ("<tr>", "")
    return (
        f'{row}<th scope="row"><span class="seat-name">{seat["seat"]}. {escape(seat["name"])}'
        f"</span>{badge}{dots}</th>"
        f'<td class="num">{money(seat["cash"], currency)}</td>'
        f'<td class="num">{money(seat["net_worth"], currency)}</td></tr>'
    )


@dataclass(frozen=True)
class VoidForms:
    """What the ledger's void forms need: where each posts (`action`: the address of the
    entry whose id is all zeros, `NO_ENTRY`), the page's CSRF token, the longest reason,
    and the form sent back refused, if any (its entry's id, the reason typed and what was
    wrong with it), to show open again."""

    action: str
    csrf_token: str
    max_length: int
    refused_for: str = ""
    reason: str = ""
    error: str = ""


def ledger(lines: Iterable[Mapping[str, Any]], voids: VoidForms) -> SafeString:
    """The table page's ledger: each entry's lines and, where it may be voided, its void
    form."""
    return mark_safe(  # noqa: S308 - every text from people escaped in the parts
        "".join(
            f"{entry_open(line)}{entry_body(line)}"
            f"{_void_form(line, voids) if line['can_void'] else ''}</li>"
            for line in lines
        )
    )


def _void_form(line: Mapping[str, Any], voids: VoidForms) -> str:
    seq, entry_id = line["seq"], str(line["id"])
    refused = voids.refused_for == entry_id
    error = (
        f'<p class="error" id="void-{seq}-error">{escape(voids.error)}</p>'
        if refused and voids.error
        else ""
    )
    field = f"void-{seq}-reason"
    typed = escape(voids.reason) if refused else ""
    return (
        f'<details class="void"{" open" if refused else ""}><summary>Void #{seq}…</summary>'
        f'<form method="post" action="{voids.action.replace(NO_ENTRY, entry_id)}"'
        ' class="void-form">'
        f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(voids.csrf_token)}">'
        f'{error}<label for="{field}">Why void entry #{seq}?</label>'
        f'<input id="{field}" name="reason" type="text" required'
        f' maxlength="{voids.max_length}" autocomplete="off" value="{typed}"'
        ' placeholder="e.g. wrong player charged">'
        f'<button type="submit" class="danger solid">Void entry #{seq}</button></form></details>'
    )


def entry_open(line: Mapping[str, Any]) -> SafeString:
    """An entry's list item's opening tag: voided, or a void, or neither."""
    classes = "entry"
    if line["voided_by"]:
        classes += " voided"
    if line["is_void"]:
        classes += " is-void"
    return mark_safe(f'<li class="{classes}" id="entry-{line["seq"]}">')  # noqa: S308 - ours


def entry_body(line: Mapping[str, Any]) -> SafeString:
    """An entry line's HTML (a line of banking.selectors.entry_lines): its number, kind, seat,
    time, its details, the money it moved and who recorded it."""
    seat = f'<span class="entry-seat">{escape(line["seat"])}</span>' if line["seat"] else ""
    voided = (
        f'<span class="badge danger">Voided by #{line["voided_by"]}</span>'
        if line["voided_by"]
        else ""
    )
    at = timezone.localtime(line["created_at"])
    details = (
        f'<div class="entry-details">{escape(" · ".join(line["details"]))}</div>'
        if line["details"]
        else ""
    )
    moved = (
        f'<div class="entry-money">{escape(", ".join(line["money"]))}</div>'
        if line["money"]
        else ""
    )
    return mark_safe(  # noqa: S308 - every text from people escaped above
        f'<div class="entry-head"><span class="entry-seq">#{line["seq"]}</span> '
        f'<strong class="entry-label">{escape(line["label"])}</strong>{seat} {voided} '
        f'<time class="entry-time" datetime="{at.isoformat()}">{at:%H:%M:%S}</time></div>'
        f"{details}{moved}"
        f'<div class="entry-by">by {escape(line["author"])} ({escape(line["author_role"])})</div>'
    )
