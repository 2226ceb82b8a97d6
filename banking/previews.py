"""What an entry would do, and which moves are legal now: the engine asked, nothing written.

The console shows a preview before an entry is sent and offers only the moves the
engine accepts, so the same code that records an entry decides the console's buttons.
Both read the stored projection and never save anything: not an entry, not the ledger row.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any
from uuid import UUID

from django.utils import timezone
from django.utils.translation import gettext as _

from banking.actors import Actor
from banking.checks import check_live, check_may_record, voidable
from banking.entry_words import entry_sentence, kind_label, party, worded
from banking.ledgers import effective_history, read_ledger, rules_of
from banking.models import Entry, TableLedger
from banking.refusals import said
from banking.selectors import table_state
from games import engine
from games.engine.building import sale_value
from games.engine.entries import (
    RAIL_CARD,
    UTILITY_CARD,
    Auction,
    Bankrupt,
    Build,
    Buy,
    Mortgage,
    Rent,
    SellBuilding,
    Trade,
    TradeSide,
    Unmortgage,
)
from games.engine.mortgage import lift_cost
from games.engine.rent import rent_due
from tournament.models import Table
from tournament.selectors import table_wave


def entry_preview(
    *,
    table: Table,
    payload: Mapping[str, Any],
    actor: Actor,
    ahead: Sequence[tuple[UUID, Mapping[str, Any]]] = (),
    with_options: bool = False,
) -> dict[str, Any]:
    """The money an entry would move and the table as it would stand, or the refusal
    posting it would get (a RuleViolation or a Conflict). Nothing is written.

    `payload` is the entry as it would be posted, without its id. `ahead` are the entries
    the console has sent before it (id and body, in order) that may not have landed yet:
    the preview starts from the table after those still to land. With `with_options`, the
    answer carries the moves legal after the entry too (table_options).
    """
    rules = rules_of(table.round.event)
    ledger = read_ledger(table, rules)
    check_live(table.round, table, table_wave(table))  # the refusal recording would get
    entry = engine.parse_entry(payload)
    check_may_record(entry.kind, actor)
    ledger, landing = _after_landing(ledger, ahead, actor, rules)
    before = engine.TableState.from_dict(ledger.state)
    outcome = engine.apply(before, entry, rules)
    fields = engine.entry_fields(entry)
    names = {seat: before.name(seat) for seat in before.seats}
    transfers = worded([t.as_dict() for t in outcome.transfers], names=names, rules=rules)
    summed_for = _creditor(fields.get("creditor")) if entry.kind == "bankrupt" else None
    after = _would_stand(ledger, outcome.state)
    answer = {
        "kind": entry.kind,
        "label": kind_label(entry.kind),
        "description": entry_sentence(entry.kind, fields, names=names, rules=rules),
        "fields": fields,
        "transfers": transfers,
        "total": _total(transfers, fields.get("seat"), names, rules, summed_for=summed_for),
        "balances": _balances(before, outcome),
        "state": table_state(table, after),
        "repeat": _repeat(ledger, entry.kind, fields, landing),
    }
    if with_options:
        answer["options"] = table_options(table=table, ledger=after)
    return answer


def _after_landing(
    ledger: TableLedger,
    ahead: Sequence[tuple[UUID, Mapping[str, Any]]],
    actor: Actor,
    rules: engine.Rules,
) -> tuple[TableLedger, list[engine.Entry]]:
    """The ledger as it will stand once the entries on their way land (unsaved), and those
    still to land. An entry is left out once the ledger read holds it (its seq is at most
    the ledger's), so one that lands meanwhile counts once; one the bank will refuse
    refuses the preview, saying so."""
    if not ahead:
        return ledger, []
    landed = set(
        Entry.objects.filter(
            table_id=ledger.table_id, pk__in=[ident for ident, _ in ahead], seq__lte=ledger.last_seq
        ).values_list("pk", flat=True)
    )
    state = engine.TableState.from_dict(ledger.state)
    landing = []
    for ident, payload in ahead:
        if ident in landed:
            continue
        try:
            entry = engine.parse_entry(payload)
            check_may_record(entry.kind, actor)
            state = engine.apply(state, entry, rules).state
        except engine.RuleViolation as refusal:
            raise engine.RuleViolation(
                refusal.code,
                _("An entry on its way will be refused: %(refusal)s") % {"refusal": said(refusal)},
            ) from None
        landing.append(entry)
    return _would_stand(ledger, state), landing


def void_preview(*, table: Table, entry_id: UUID, actor: Actor) -> dict[str, Any]:
    """What voiding an entry would do: the money going back, the balances after and the
    table as it would stand, or the refusal the void would get (a later entry depending on
    it, an entry already voided...). Nothing is written; the reason comes with the void."""
    rules = rules_of(table.round.event)
    ledger = read_ledger(table, rules)
    check_live(table.round, table, table_wave(table))  # the refusal recording would get
    target = voidable(table, entry_id, actor)
    before = engine.TableState.from_dict(ledger.state)
    start = engine.TableState.from_dict(ledger.start)
    outcome = engine.void(start, rules, effective_history(table.pk), target.seq)
    names = {seat: before.name(seat) for seat in before.seats}
    sentence = entry_sentence(target.kind, target.fields, names=names, rules=rules)
    transfers = worded([t.as_dict() for t in outcome.transfers], names=names, rules=rules)
    return {
        "kind": Entry.VOID,
        "label": kind_label(Entry.VOID),
        "description": _("Undoes #%(seq)s: %(sentence)s")
        % {"seq": target.seq, "sentence": sentence},
        "fields": {"entry": str(target.pk), "seq": target.seq},
        "transfers": transfers,
        "total": _total(transfers, target.fields.get("seat"), names, rules),
        "balances": _balances(before, outcome),
        "state": table_state(table, _would_stand(ledger, outcome.state)),
        "repeat": None,
    }


def _would_stand(ledger: TableLedger, state: engine.TableState) -> TableLedger:
    """The ledger as it would stand at `state` (`last_seq` unchanged): nothing saved, the
    table's own ledger left as it was (a TableLedger made with its table would be it)."""
    return TableLedger(
        table_id=ledger.table_id,
        seats=ledger.seats,
        state=state.as_dict(),
        last_seq=ledger.last_seq,
        last_entry_at=ledger.last_entry_at,
    )


def _balances(before: engine.TableState, outcome: engine.Outcome) -> list[dict[str, Any]]:
    """Each seat whose cash the entry moves (or that a transfer touches): before and after."""
    touched = {t.source for t in outcome.transfers} | {t.target for t in outcome.transfers}
    return [
        {
            "seat": seat,
            "name": before.name(seat),
            "before": before.cash[seat],
            "after": outcome.state.cash[seat],
            "change": outcome.state.cash[seat] - before.cash[seat],
        }
        for seat in before.seats
        if seat in touched or before.cash[seat] != outcome.state.cash[seat]
    ]


#: A second entry the same as the latest within this many seconds is asked about first.
REPEAT_SECONDS = 60


def _repeat(
    ledger: TableLedger, kind: str, fields: Mapping[str, Any], landing: Sequence[engine.Entry] = ()
) -> dict[str, Any] | None:
    """The latest entry, when this one is the same move recorded less than a minute ago
    or still on its way (a second "Pass GO" tapped twice): the console asks before sending
    it again."""
    if landing:
        if (landing[-1].kind, engine.entry_fields(landing[-1])) != (kind, dict(fields)):
            return None
        seq = ledger.last_seq + len(landing)
        question = _("The same entry is on its way (#%(seq)s): record it again?") % {"seq": seq}
        return {"seq": seq, "seconds": 0, "question": question}
    if not ledger.last_seq or ledger.last_entry_at is None:
        return None
    now = timezone.now()
    seconds = int((now - ledger.last_entry_at).total_seconds())
    if seconds >= REPEAT_SECONDS:
        return None
    latest = (
        Entry.objects.filter(table_id=ledger.table_id, seq=ledger.last_seq)
        .values("kind", "fields")
        .first()
    )
    if latest is not None and (latest["kind"], latest["fields"]) == (kind, dict(fields)):
        return {
            "seq": ledger.last_seq,
            "seconds": max(0, seconds),
            "question": _(
                "The same entry was recorded %(seconds)s s ago (#%(seq)s): record it again?"
            )
            % {"seconds": max(0, seconds), "seq": ledger.last_seq},
        }
    return None


def _creditor(creditor: int | None) -> int | str:
    """A creditor as the bank's answers name it: a seat, or "bank" (None)."""
    return engine.BANK if creditor is None else creditor


def _total(
    transfers: list[dict[str, Any]],
    seat: Any,
    names: Mapping[int, str],
    rules: engine.Rules,
    *,
    summed_for: Any = None,
) -> dict[str, Any]:
    """What the entry's own seat receives (positive) or pays (negative) in all, the sum of
    every transfer, whether every transfer is the same amount (paid to or by each), and
    the total in words: for the seat, or for `summed_for` when given (at a bankruptcy, the
    creditor, who takes what the bankrupt seat had)."""
    amounts = [t["amount"] for t in transfers]
    moved = sum(amounts)

    def net_of(account: Any) -> int:
        return sum(t["amount"] for t in transfers if t["to"] == account) - sum(
            t["amount"] for t in transfers if t["from"] == account
        )

    account = seat if summed_for is None else summed_for
    net = net_of(account)
    amount = rules.money(abs(net) or moved)
    who = party(account, names)
    if not net:
        words = _("Total moved: %(amount)s") % {"amount": amount}
    elif who is None:
        words = (
            _("Total: the bank receives %(amount)s")
            if net > 0
            else _("Total: the bank pays %(amount)s")
        ) % {"amount": amount}
    else:
        words = (
            _("Total: %(who)s receives %(amount)s")
            if net > 0
            else _("Total: %(who)s pays %(amount)s")
        ) % {"who": who, "amount": amount}
    return {
        "net": net_of(seat),
        "moved": moved,
        "each": amounts[0] if len(amounts) > 1 and len(set(amounts)) == 1 else None,
        "words": words,
    }


@lru_cache(maxsize=16_384, typed=True)
def _candidate(make: Callable[..., engine.Entry], *args: Any, **fields: Any) -> engine.Entry:
    """A move the options try, `make(*args, **fields)`: one object for every table and
    request, whose fields `engine.apply` checks once. A new object each time would be
    checked again at every fetch: a third of the options' time."""
    return make(*args, **fields)


def _moved(
    state: engine.TableState, rules: engine.Rules, entry: engine.Entry
) -> int | engine.RuleViolation:
    """The cash the entry would move (the sum of its transfers), or the bank's refusal."""
    try:
        outcome = engine.apply(state, entry, rules)
    except engine.RuleViolation as refusal:
        return refusal
    return sum(t.amount for t in outcome.transfers)


def _rent(state: engine.TableState, rules: engine.Rules, position: int) -> dict[str, Any] | None:
    """What landing on a deed costs now, for anyone but its owner; None where nothing is due.

    A utility's rent is a multiple of the dice: the multiple is given, not an amount.
    """
    deed = state.deeds[position]
    if deed.owner is None or deed.mortgaged or deed.owner in state.bankrupt:
        return None
    space = rules.edition.space(position)
    row: dict[str, Any] = {"space": position, "owner": deed.owner}
    row |= dict.fromkeys(("amount", "per_dice", "amount_via_card", "per_dice_via_card"))
    cards = {card.rent_via for card in rules.edition.chance if card.rent_via}
    if space.kind is engine.Kind.UTILITY:
        row["per_dice"] = rent_due(state, rules, space, dice=1, via_card=None)
        if UTILITY_CARD in cards:
            row["per_dice_via_card"] = rent_due(state, rules, space, dice=1, via_card=UTILITY_CARD)
    else:
        row["amount"] = rent_due(state, rules, space, dice=None, via_card=None)
        if space.kind is engine.Kind.RAILROAD and RAIL_CARD in cards:
            row["amount_via_card"] = rent_due(state, rules, space, dice=None, via_card=RAIL_CARD)
    return row


def _deed_values(rules: engine.Rules) -> list[dict[str, Any]]:
    """What each deed is worth to the bank: its price, a house, a house sold back, the cash
    a mortgage raises and what lifting it costs."""
    return [
        {
            "space": space.position,
            "price": space.price,
            "house_cost": space.house_cost or None,
            "sell_back": sale_value(space) if space.house_cost else None,
            "mortgage": space.mortgage,
            "unmortgage": lift_cost(space.mortgage),
        }
        for space in rules.edition.deeds
    ]


def several_at_once(
    state: engine.TableState, rules: engine.Rules, move: Any, seat: int, offered: list[int]
) -> dict[str, dict[str, int]]:
    """For each group with a site in `offered` (where one building can go up, or come
    down, now): how many at once the engine accepts, from 2 up, and the cash each moves;
    keyed by the group's first site, the one the entry names."""
    found: dict[str, dict[str, int]] = {}
    for group in rules.edition.groups.values():
        if not any(p in offered for p in group):
            continue
        amounts: dict[str, int] = {}
        for count in range(2, 3 * 5 + 1):
            moved = _moved(state, rules, _candidate(move, seat, group[0], count=count))
            if isinstance(moved, engine.RuleViolation):
                break
            amounts[str(count)] = moved
        if amounts:
            found[str(group[0])] = amounts
    return found


#: The moves on a seat's own deeds, in the order the options list them.
OWN_DEED_MOVES = {
    "build": Build,
    "sell_building": SellBuilding,
    "mortgage": Mortgage,
    "unmortgage": Unmortgage,
}


def table_options(*, table: Table, ledger: TableLedger | None = None) -> dict[str, Any]:
    """For each seat still in play, the deeds on which each move is legal right now (or
    after `ledger`, the one a post has just written).

    Every candidate is tried through `engine.apply` against the current state, so the
    console offers exactly what posting would accept (cash, even building, whole groups,
    the bank's stock of houses...).
    """
    rules = rules_of(table.round.event)
    ledger = ledger or read_ledger(table, rules)
    state = engine.TableState.from_dict(ledger.state)
    deeds = [space.position for space in rules.edition.deeds]
    # The dice a rent is tried with: a utility's rent is a multiple of them.
    dice = {s.position: 7 if s.kind is engine.Kind.UTILITY else None for s in rules.edition.deeds}

    def ok(entry: engine.Entry) -> bool:
        return not isinstance(_moved(state, rules, entry), engine.RuleViolation)

    def moves(
        make: Any, seat: int, spaces: list[int]
    ) -> tuple[list[int], dict[str, int], dict[str, str]]:
        """The spaces on which the move is legal, the cash it would move on each, and the
        bank's reason for each space left out."""
        legal, amounts, why = [], {}, {}
        for p in spaces:
            moved = _moved(state, rules, _candidate(make, seat, p))
            if isinstance(moved, engine.RuleViolation):
                why[str(p)] = said(moved)
            else:
                legal.append(p)
                amounts[str(p)] = moved
        return legal, amounts, why

    seats = []
    for seat in state.active_seats():
        owned = [p for p in deeds if state.deeds[p].owner == seat]
        unowned = [p for p in deeds if state.deeds[p].owner is None]
        others = [p for p in deeds if state.deeds[p].owner not in (None, seat)]
        partner = next((s for s in state.active_seats() if s != seat), None)
        buy, buy_amounts, _ = moves(Buy, seat, unowned)
        listed: dict[str, list[int]] = {}
        amounts = {"buy": buy_amounts}
        # The player's own deeds a list leaves out, each with the bank's reason (the
        # console says why a deed is missing from Build, Sell, Mortgage or Unmortgage).
        left_out: dict[str, dict[str, str]] = {}
        for name, make in OWN_DEED_MOVES.items():
            listed[name], amounts[name], left_out[name] = moves(make, seat, owned)
        seats.append(
            {
                "seat": seat,
                "buy": buy,
                "auction": [p for p in unowned if ok(_candidate(Auction, seat, p, 1))],
                **listed,
                "amounts": amounts,
                "left_out": left_out,
                "several": {
                    name: several_at_once(state, rules, OWN_DEED_MOVES[name], seat, listed[name])
                    for name in ("build", "sell_building")
                },
                "rent": [p for p in others if ok(_candidate(Rent, seat, p, dice=dice[p]))],
                "trade": [
                    p
                    for p in owned
                    if partner is not None
                    and ok(_candidate(Trade, seat, partner, give=TradeSide(spaces=(p,))))
                ],
                "jail_cards": state.jail_cards_of(seat),
                "bankrupt": ok(_candidate(Bankrupt, seat, state.owed_to.get(seat))),
                # Whom the debt is owed to; None: no debt, or a debt from before creditors
                # were recorded, which may go to any creditor.
                "owed_to": _creditor(state.owed_to[seat]) if seat in state.owed_to else None,
            }
        )
    return {
        "last_seq": ledger.last_seq,
        "rents": [row for p in deeds if (row := _rent(state, rules, p)) is not None],
        "deeds": _deed_values(rules),
        "seats": seats,
    }
