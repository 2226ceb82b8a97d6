"""What the referees' pages display of a table and of its entries, worked out here so that
their templates only place it: the overview's table card (templates/referee/_table_card.html)
and the entry lines of the card and of the table page's ledger (_entries.html).

The overview renders a card for each table that changed since the last reload, about
twenty a request at a hundred tables (views.py keeps each card until its table changes),
and through the template engine a card costs in proportion to the values it looks up. So a
card is rendered without the request (no context processors), each value it shows comes
ready in one lookup (money written, the badge's class and words, the table's address), and
a seat's deeds, its costliest part, are rendered once for each holding. Values of our own
making (classes, money, times, addresses: no text from people in them) come marked safe, as
there is nothing in them to escape; every text from people (names, memos, reasons) is
escaped by the templates.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.template.loader import get_template
from django.urls import get_script_prefix, reverse
from django.utils import timezone
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tournament.models import Volunteer
from tournament.money import money
from tournament.text import isolated

BADGE_OF_REVIEW = {"confirmed": "badge ok", "disputed": "badge danger"}
#: The role an entry was recorded under (its code: banker, referee, organiser), in words.
ROLE_LABELS = dict(Volunteer.Role.choices)


def table_card(table: Mapping[str, Any], *, event_id: int, many_rounds: bool) -> SafeString:
    """One table of the referees' overview: its seats with cash, net worth and deeds, its
    latest entry, and the way to its page."""
    currency = table["currency"]
    card = {
        "id": table["id"],
        "number": table["number"],
        "round_number": table["round_number"] if many_rounds else None,
        "badge": _badge(table),
        "seats": [_seat(seat, currency) for seat in table["seats"]],
        "entries": entries(table["entries"]),
        "voids": None,  # no void forms on a card: they are on the table's page
        "href": _table_href(get_script_prefix(), event_id, table["id"]),
    }
    return get_template("referee/_table_card.html").render(card)


def _badge(table: Mapping[str, Any]) -> dict[str, str] | None:
    if review := table["review"]:
        return {"kind": BADGE_OF_REVIEW.get(review, "badge warn"), "label": table["review_label"]}
    if table["closed"]:
        return {"kind": "badge", "label": _("Closed")}
    if table["last_turn"]:
        return {"kind": "badge warn", "label": _("Last turn")}
    return None


def _seat(seat: Mapping[str, Any], currency: str) -> dict[str, Any]:
    return {
        "name": f"{seat['seat']}. {isolated(seat['name'])}",
        "bankrupt": seat["bankrupt"],
        "cash": SafeString(money(seat["cash"], currency)),
        "net_worth": SafeString(money(seat["net_worth"], currency)),
        "deeds": _deed_dots(
            tuple((deed["group"], deed["mortgaged"]) for deed in seat["deeds"]), get_language()
        ),
    }


@lru_cache(maxsize=4096)
def _deed_dots(deeds: tuple[tuple[str, bool], ...], language: str) -> SafeString | None:
    """A seat's deeds as dots in their groups' colours (`deeds`: each one's group and
    whether it is mortgaged), rendered once for each holding in each reader's `language`
    (the active one; its label counts the deeds): a seat's deeds change far less often than
    its cash, and through the template engine the twenty-odd dots of a table cost as much
    as the rest of its card."""
    if not deeds:
        return None
    return get_template("referee/_deed_dots.html").render({"deeds": deeds})


@lru_cache(maxsize=4096)
def _table_href(script_prefix: str, event_id: int, table_id: int) -> SafeString:
    """A table's page, worked out once for each table (per prefix the site is served under):
    `reverse` costs a tenth of a card."""
    return SafeString(reverse("referee-table", args=[event_id, table_id]))


def entries(lines: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Entry lines (banking.selectors.entry_lines), each with what _entries.html shows of it
    besides: its list item's classes, its time, its details and the money it moved in a
    line each."""
    shown = []
    for line in lines:
        at = timezone.localtime(line["created_at"])
        classes = "entry"
        if line["voided_by"]:
            classes += " voided"
        if line["is_void"]:
            classes += " is-void"
        shown.append(
            {
                **line,
                "author_role": ROLE_LABELS.get(line["author_role"], line["author_role"]),
                "classes": SafeString(classes),
                "at": SafeString(at.isoformat()),
                "clock": SafeString(f"{at:%H:%M:%S}"),
                "details_line": " · ".join(line["details"]),
                "money_line": ", ".join(line["money"]),
            }
        )
    return shown


#: The id in VoidForms.action that stands for each entry's.
NO_ENTRY = str(uuid.UUID(int=0))


@dataclass(frozen=True)
class VoidForms:
    """What the ledger's void forms need: where each posts (`action`: the address of the
    entry whose id is all zeros, `NO_ENTRY`), the longest reason, and the form sent back
    refused, if any (its entry's id, the reason typed and what was wrong with it), to show
    open again."""

    action: str
    max_length: int
    refused_for: str = ""
    reason: str = ""
    error: str = ""


def ledger(lines: Iterable[Mapping[str, Any]], voids: VoidForms) -> list[dict[str, Any]]:
    """The table page's ledger: its entry lines (`entries`), each with its void form's
    address and whether it is the form sent back refused."""
    shown = entries(lines)
    for line in shown:
        entry_id = str(line["id"])
        line["void_url"] = SafeString(voids.action.replace(NO_ENTRY, entry_id))
        line["void_refused"] = entry_id == voids.refused_for
        line["void_id"] = uuid.uuid4()  # the void's id, new in each form (views.VoidForm)
    return shown
