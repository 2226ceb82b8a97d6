"""A seat's result as every reader shows it: the one shaper.

The API (tournament.api.serializers.ResultOutput describes these rows), the desk's and the
referee's pages, the player's page, the printed scoresheets and results, the verify page,
the exports and the audit trail all shape a Result with `result_row` (or `result_rows`
for several): the figures stored when the table closed (cash, deeds, buildings, net
worth, rank, points, who goes on, each deed and the tie-break rule), the table's check,
and how each number was made, in words.

Reading never touches the audit trail: everything here is stored on the Result and its
seat, table, player and round. Load those with the results
(`select_related("seat__table", "player", "round__event")`): shaping makes no query then.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.models import Result
from tournament.money import money
from tournament.results.standings import is_forced
from tournament.text import isolated

TieBreak = Result.TieBreak


def buildings(deed: Mapping[str, Any]) -> str:
    """What stands on a deed, in words: "hotel", "1 house", "3 houses", or ""."""
    if deed.get("hotel"):
        return _("hotel")
    houses = deed.get("houses", 0)
    if not houses:
        return ""
    return ngettext("%(houses)s house", "%(houses)s houses", houses) % {"houses": houses}


def deed_row(deed: Mapping[str, Any]) -> dict[str, Any]:
    """A stored deed as readers show it: the stored fields, and its buildings in words."""
    return {
        "space": deed.get("space"),
        "name": deed["name"],
        "group": deed.get("group", ""),
        "price": deed.get("price", 0),
        "mortgaged": bool(deed.get("mortgaged")),
        "value": deed["value"],
        "houses": deed.get("houses", 0),
        "hotel": bool(deed.get("hotel")),
        "buildings": buildings(deed),
        "building_value": deed.get("building_value", 0),
    }


def _deed_words(deed: Mapping[str, Any], currency: str) -> str:
    said = {"deed": deed["name"], "value": money(deed["value"], currency)}
    if deed["mortgaged"]:
        return _("%(deed)s mortgaged %(value)s") % said
    return _("%(deed)s %(value)s") % said


def _building_words(deed: Mapping[str, Any], currency: str) -> str:
    said = {"deed": deed["name"], "buildings": deed["buildings"]}
    return _("%(deed)s %(buildings)s %(value)s") % {
        **said,
        "value": money(deed["building_value"], currency),
    }


def how(
    cash: int,
    property_value: int,
    building_value: int,
    net_worth: int,
    deeds: Sequence[Mapping[str, Any]] | None,
    currency: str,
) -> str:
    """'cash $1,120 + deeds $600 (Boardwalk $400, Park Place mortgaged $175) + buildings
    $400 (Boardwalk 2 houses $400) = $2,295', in the event's `currency` and the language
    being spoken. Without the deeds (not known), the totals alone."""
    deed_list = building_list = ""
    if deeds:
        deed_list = f" ({', '.join(_deed_words(d, currency) for d in deeds)})"
        if built := [d for d in deeds if d["building_value"]]:
            building_list = f" ({', '.join(_building_words(d, currency) for d in built)})"
    said = {
        "cash": money(cash, currency),
        "deeds": money(property_value, currency),
        "deed_list": deed_list,
        "buildings": money(building_value, currency),
        "building_list": building_list,
        "net_worth": money(net_worth, currency),
    }
    return (
        _(
            "cash %(cash)s + deeds %(deeds)s%(deed_list)s + buildings %(buildings)s"
            "%(building_list)s = %(net_worth)s"
        )
        % said
    )


def tie_break_text(result: Result, table: Sequence[Result] = ()) -> str:
    """The stored tie-break rule in words, naming the seats level with this one among
    `table` (the other results at its table; without them, the rule alone)."""
    rule = result.tie_break
    if rule == TieBreak.BANKRUPT:
        return _("bankrupt: ranks below every player still in")
    if rule not in (TieBreak.CASH, TieBreak.ORGANISER):
        return ""
    level = [
        r for r in table if r is not result and not r.bankrupt and r.net_worth == result.net_worth
    ]
    if rule == TieBreak.ORGANISER:
        same = [r for r in level if r.cash == result.cash] or level
        if not same:
            return _("tied on net worth and cash: organiser's decision")
        return _("tied with %(names)s on net worth and cash: organiser's decision") % {
            "names": _names(same)
        }
    if not level:
        return _("level on net worth: more cash ranks higher")
    return _("level with %(names)s on net worth: more cash ranks higher") % {"names": _names(level)}


def _names(results: Iterable[Result]) -> str:
    return ", ".join(isolated(r.player.name) for r in results)


def result_row(result: Result, *, table: Sequence[Result] = ()) -> dict[str, Any]:
    """One seat's result as plain data; `table`, the results at its table, names the seats
    a tie-break was against. The keys are those of the API's ResultOutput."""
    seat = result.seat
    deeds = None if result.deeds is None else [deed_row(d) for d in result.deeds]
    return {
        "table": seat.table.number,
        "table_id": seat.table_id,
        "seat": seat.number,
        "player_id": result.player_id,
        "name": result.player.name,
        "team": result.player.team,
        "cash": result.cash,
        "property_value": result.property_value,
        "building_value": result.building_value,
        "net_worth": result.net_worth,
        "bankrupt": result.bankrupt,
        "rank": result.rank,
        "points": result.points,
        "tied": result.tied,
        "advances": result.advances,
        "undecided": result.undecided,
        "override_reason": result.override_reason,
        "review": seat.table.review,
        "forced": is_forced(result),
        "deeds": deeds,
        "tie_break": result.tie_break,
        "tie_break_text": tie_break_text(result, table),
        "how": how(
            result.cash,
            result.property_value,
            result.building_value,
            result.net_worth,
            deeds,
            result.round.event.currency,
        ),
    }


def shaped(**filters: Any) -> QuerySet[Result]:
    """The results that match `filters`, read with all that shaping them needs."""
    return Result.objects.filter(**filters).select_related("seat__table", "player", "round__event")


def result_rows(results: Iterable[Result]) -> list[dict[str, Any]]:
    """Results as rows, in the order given: each tie-break names the seats level with it
    among the given results at the same table."""
    results = list(results)
    by_table: dict[int, list[Result]] = defaultdict(list)
    for result in results:
        by_table[result.seat.table_id].append(result)
    return [result_row(r, table=by_table[r.seat.table_id]) for r in results]
