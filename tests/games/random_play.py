"""Random play for the rules engine: candidate entries biased toward being legal.

A plain module (no pytest, no hypothesis) so that the property tests and
`bench/engine.py` share it. Every random decision goes through a `Picker`: an
object with `choice(seq)` and `randint(lo, hi)` (both ends included), which
`random.Random` already is; the property tests pass an adapter over
hypothesis' `st.data()` so that failures shrink.

    rng = random.Random(7)
    rules = rules_for("us", {"short_game": True})
    game = play(rules, seats=4, steps=200, pick=rng)
    game.legal  # [(entry as JSON, parsed entry, transfers), ...]

The candidates cover every entry kind. Most are legal: the seat's own deeds
for building and mortgages, unowned deeds for buying (preferably in a group
the buyer has started), the lowest site of a group to build on, the highest
to sell from. Some are not (a seat that is bankrupt, an uneven house, money
the seat lacks): the engine refuses those and play goes on from the same
state. Now and then a seat is pushed into debt, and a seat in debt often
goes bankrupt.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from games.engine import (
    Rules,
    RuleViolation,
    TableState,
    Transfer,
    apply,
    new_table,
    parse_entry,
)
from games.engine.board import Effect, Kind
from games.engine.entries import Entry

T = TypeVar("T")

DECKS = ("chance", "community_chest")
RAIL_CARD = "nearest_railroad"
UTILITY_CARD = "nearest_utility"
MEMOS = ("", "Free Parking jackpot", "house rule", "refund")


class Picker(Protocol):
    """The randomness the driver needs; `random.Random` has both methods."""

    def choice(self, seq: Sequence[T]) -> T: ...

    def randint(self, a: int, b: int) -> int: ...


def chance(pick: Picker, percent: int) -> bool:
    """True `percent` times in a hundred."""
    return pick.randint(0, 99) < percent


def biased(pick: Picker, *pools: Sequence[T], percent: int = 85) -> T:
    """From the first non-empty pool, usually; now and then from a later one (or the last)."""
    nonempty = [pool for pool in pools if pool]
    if len(nonempty) > 1 and not chance(pick, percent):
        return pick.choice(pick.choice(nonempty[1:]))
    return pick.choice(nonempty[0])


# --- what the board looks like to the driver -----------------------------------------------


def deed_positions(rules: Rules) -> tuple[int, ...]:
    return tuple(space.position for space in rules.edition.deeds)


_SITE_GROUPS: dict[str, dict[str, tuple[int, ...]]] = {}


def site_groups(rules: Rules) -> dict[str, tuple[int, ...]]:
    """The colour groups (railroads and utilities left out)."""
    edition = rules.edition
    if edition.code not in _SITE_GROUPS:
        _SITE_GROUPS[edition.code] = {
            name: positions
            for name, positions in edition.groups.items()
            if edition.spaces[positions[0]].kind is Kind.SITE
        }
    return _SITE_GROUPS[edition.code]


def group_of(rules: Rules, position: int) -> tuple[int, ...]:
    return rules.edition.groups[rules.edition.spaces[position].group or ""]


def level(state: TableState, rules: Rules, position: int) -> int:
    return state.deeds[position].level(rules.houses_per_hotel)


def group_built(state: TableState, rules: Rules, position: int) -> bool:
    return any(state.deeds[p].built for p in group_of(rules, position))


def complete_groups(state: TableState, rules: Rules, seat: int) -> list[tuple[int, ...]]:
    return [
        positions
        for positions in site_groups(rules).values()
        if all(state.deeds[p].owner == seat for p in positions)
    ]


def owned(state: TableState, seat: int) -> list[int]:
    return state.owned_by(seat)


def others(state: TableState, seat: int) -> list[int]:
    return [s for s in state.active_seats() if s != seat]


# --- one candidate per kind ----------------------------------------------------------------

Maker = Callable[[TableState, Rules, Picker, int], dict[str, Any]]


def _pass_go(state: TableState, rules: Rules, pick: Picker, seat: int) -> dict[str, Any]:
    return {"kind": "pass_go", "seat": seat}


def _purchase_space(state: TableState, rules: Rules, pick: Picker, seat: int) -> int:
    unowned = [p for p in deed_positions(rules) if state.deeds[p].owner is None]
    mine = set(owned(state, seat))
    started = [p for p in unowned if mine.intersection(group_of(rules, p))]
    return biased(pick, started, unowned, deed_positions(rules), range(40), percent=80)


def _buy(state: TableState, rules: Rules, pick: Picker, seat: int) -> dict[str, Any]:
    return {"kind": "buy", "seat": seat, "space": _purchase_space(state, rules, pick, seat)}


def _auction(state: TableState, rules: Rules, pick: Picker, seat: int) -> dict[str, Any]:
    cash = state.cash.get(seat, 0)
    groups = complete_groups(state, rules, seat) if seat in state.cash else []
    if groups and chance(pick, 40 if state.bank_houses < 8 else 10):
        # One of the bank's last buildings, for a site of the seat's own: legal only in a
        # shortage that two players share.
        low = {p: level(state, rules, p) for g in groups for p in g}
        lowest = [p for g in groups for p in g if low[p] == min(low[q] for q in g)]
        amount = pick.randint(1, max(1, min(cash, 400)))
        return {"kind": "auction", "seat": seat, "space": pick.choice(lowest), "amount": amount}
    space = _purchase_space(state, rules, pick, seat)
    amount = pick.randint(1, max(1, cash)) if chance(pick, 90) else pick.randint(1, 3000)
    return {"kind": "auction", "seat": seat, "space": space, "amount": amount}


def _deal(state: TableState, rules: Rules, pick: Picker, seat: int) -> dict[str, Any]:
    return {"kind": "deal", "seat": seat, "space": _purchase_space(state, rules, pick, seat)}


def _rent(state: TableState, rules: Rules, pick: Picker, seat: int) -> dict[str, Any]:
    due = [
        p
        for p in deed_positions(rules)
        if state.deeds[p].owner not in (None, seat) and not state.deeds[p].mortgaged
    ]
    space = biased(pick, due, deed_positions(rules), range(40), percent=90)
    kind = rules.edition.spaces[space].kind
    entry: dict[str, Any] = {"kind": "rent", "seat": seat, "space": space}
    if (kind is Kind.UTILITY and chance(pick, 95)) or chance(pick, 3):
        entry["dice"] = pick.randint(2, 12)
    if kind is Kind.RAILROAD and chance(pick, 25):
        entry["via_card"] = RAIL_CARD
    elif kind is Kind.UTILITY and chance(pick, 25):
        entry["via_card"] = UTILITY_CARD
    elif chance(pick, 3):
        entry["via_card"] = pick.choice((RAIL_CARD, UTILITY_CARD))
    return entry


def _tax(state: TableState, rules: Rules, pick: Picker, seat: int) -> dict[str, Any]:
    space = biased(pick, (4, 38), range(40), percent=95)
    entry: dict[str, Any] = {"kind": "tax", "seat": seat, "space": space}
    choice = pick.choice((None, "flat", "percent", "percent"))
    if choice is not None:
        entry["choice"] = choice
    return entry


def _jail_fine(state: TableState, rules: Rules, pick: Picker, seat: int) -> dict[str, Any]:
    return {"kind": "jail_fine", "seat": seat}


def _card(state: TableState, rules: Rules, pick: Picker, seat: int) -> dict[str, Any]:
    deck = pick.choice(DECKS)
    cards = rules.edition.deck(deck)
    other = rules.edition.deck("community_chest" if deck == "chance" else "chance")
    card = biased(pick, cards, other, percent=97)
    entry: dict[str, Any] = {"kind": "card", "seat": seat, "deck": deck, "card": card.id}
    if card.effect is Effect.PAY_OR_CHANCE:
        choice = pick.choice((None, "pay", "chance"))
        if choice is not None:
            entry["choice"] = choice
    elif chance(pick, 2):
        entry["choice"] = "pay"
    return entry


def _use_jail_card(state: TableState, rules: Rules, pick: Picker, seat: int) -> dict[str, Any]:
    entry: dict[str, Any] = {"kind": "use_jail_card", "seat": seat}
    held = state.jail_cards_of(seat) if seat in state.cash else []
    deck = biased(pick, held, (None, *DECKS), percent=60)
    if deck is not None:
        entry["deck"] = deck
    return entry


def _bank_payment(state: TableState, rules: Rules, pick: Picker, seat: int) -> dict[str, Any]:
    if chance(pick, 10):
        amount = -pick.randint(1000, 3000)  # a large debt: play goes into the red
    else:
        amount = pick.choice((1, -1)) * pick.randint(1, 400)
    memo = pick.choice(MEMOS)
    return {"kind": "bank_payment", "seat": seat, "amount": amount, "memo": memo}


def _pay_player(state: TableState, rules: Rules, pick: Picker, seat: int) -> dict[str, Any]:
    to_seat = biased(pick, others(state, seat), tuple(state.cash), percent=95)
    cash = state.cash.get(seat, 0)
    amount = pick.randint(1, max(1, cash // 2)) if chance(pick, 90) else pick.randint(1, 3000)
    entry = {"kind": "pay_player", "seat": seat, "to_seat": to_seat, "amount": amount}
    if chance(pick, 50):
        entry["memo"] = pick.choice(MEMOS)
    return entry


def _build(state: TableState, rules: Rules, pick: Picker, seat: int) -> dict[str, Any]:
    lowest: list[int] = []
    mine: list[int] = []
    top = rules.houses_per_hotel + 1
    groups = complete_groups(state, rules, seat)
    lows = [min(level(state, rules, p) for p in positions) for positions in groups]
    if chance(pick, 30) and any(low < top for low in lows):
        # Finish the most built group first: houses go up to hotels instead of spreading thin.
        best = max(low for low in lows if low < top)
        groups = [g for g, low in zip(groups, lows, strict=True) if low == best]
        lows = [best] * len(groups)
    for positions, low in zip(groups, lows, strict=True):
        lowest.extend(p for p in positions if level(state, rules, p) == low)
        mine.extend(positions)
    sites = [p for p in owned(state, seat) if rules.edition.spaces[p].kind is Kind.SITE]
    space = biased(pick, lowest, mine, sites, deed_positions(rules), percent=90)
    entry: dict[str, Any] = {"kind": "build", "seat": seat, "space": space}
    if chance(pick, 25):
        # Named: in the short game a fourth house instead of the hotel, or the hotel.
        entry["building"] = pick.choice(("house", "house", "hotel"))
    return entry


def _sell_building(state: TableState, rules: Rules, pick: Picker, seat: int) -> dict[str, Any]:
    highest: list[int] = []
    built: list[int] = []
    for positions in complete_groups(state, rules, seat):
        top = max(level(state, rules, p) for p in positions)
        if top:
            highest.extend(p for p in positions if level(state, rules, p) == top)
            built.extend(positions)
    space = biased(pick, highest, built, owned(state, seat), deed_positions(rules), percent=90)
    return {"kind": "sell_building", "seat": seat, "space": space}


def _mortgage(state: TableState, rules: Rules, pick: Picker, seat: int) -> dict[str, Any]:
    mine = owned(state, seat)
    free = [p for p in mine if not state.deeds[p].mortgaged and not group_built(state, rules, p)]
    built = [p for p in mine if group_built(state, rules, p)]
    if built and chance(pick, 20):
        space = pick.choice(built)  # tempting but refused: its group has buildings
    else:
        space = biased(pick, free, mine, deed_positions(rules), percent=90)
    return {"kind": "mortgage", "seat": seat, "space": space}


def _unmortgage(state: TableState, rules: Rules, pick: Picker, seat: int) -> dict[str, Any]:
    mine = owned(state, seat)
    mortgaged = [p for p in mine if state.deeds[p].mortgaged]
    space = biased(pick, mortgaged, mine, deed_positions(rules), percent=90)
    return {"kind": "unmortgage", "seat": seat, "space": space}


def _tradeable(state: TableState, rules: Rules, pick: Picker, seat: int) -> list[int]:
    """Deeds that may change hands; now and then all of them, built groups too (refused)."""
    if chance(pick, 10):
        return owned(state, seat)
    return [p for p in owned(state, seat) if not group_built(state, rules, p)]


def _some(pick: Picker, pool: Sequence[int], most: int) -> list[int]:
    chosen: list[int] = []
    for _ in range(pick.randint(0, min(most, len(pool)))):
        position = pick.choice(pool)
        if position not in chosen:
            chosen.append(position)
    return chosen


def _trade(state: TableState, rules: Rules, pick: Picker, seat: int) -> dict[str, Any]:
    to_seat = biased(pick, others(state, seat), tuple(state.cash), percent=95)
    theirs = _tradeable(state, rules, pick, to_seat) if to_seat in state.cash else []
    mine = _tradeable(state, rules, pick, seat) if seat in state.cash else []
    my_groups = {rules.edition.spaces[p].group for p in owned(state, seat)}
    wanted = [p for p in theirs if rules.edition.spaces[p].group in my_groups]
    give = _some(pick, mine, 2)
    take = _some(pick, wanted if wanted and chance(pick, 70) else theirs, 2)
    entry: dict[str, Any] = {"kind": "trade", "seat": seat, "to_seat": to_seat}
    sides = {"give": (give, seat), "take": (take, to_seat)}
    for name, (spaces, holder) in sides.items():
        side: dict[str, Any] = {}
        if spaces or chance(pick, 20):
            side["spaces"] = spaces
        if chance(pick, 40):
            side["cash"] = pick.randint(0, 400)
        held = len(state.jail_cards_of(holder)) if holder in state.cash else 0
        if (held and chance(pick, 50)) or chance(pick, 3):
            side["jail_cards"] = pick.randint(1, 2) if chance(pick, 10) else 1
        if side or chance(pick, 30):
            entry[name] = side
    mortgaged = [p for p in give + take if state.deeds[p].mortgaged]
    lift = [p for p in mortgaged if chance(pick, 50)]
    if chance(pick, 2) and deed_positions(rules):
        lift.append(pick.choice(deed_positions(rules)))  # not changing hands: refused
    if lift:
        entry["lift"] = list(dict.fromkeys(lift))
    return entry


def _bankrupt(state: TableState, rules: Rules, pick: Picker, seat: int) -> dict[str, Any]:
    entry: dict[str, Any] = {"kind": "bankrupt", "seat": seat}
    creditor = biased(pick, others(state, seat), tuple(state.cash), percent=95)
    if seat in state.owed_to and chance(pick, 95):
        # Whoever the debt is owed to; now and then another, which the engine refuses.
        if state.owed_to[seat] is not None:
            entry["creditor"] = state.owed_to[seat]
    elif chance(pick, 60):
        entry["creditor"] = creditor
    mortgaged = [p for p in owned(state, seat) if state.deeds[p].mortgaged]
    if mortgaged and chance(pick, 60 if "creditor" in entry else 5):
        # The creditor pays some of the mortgages off at once; now and then a wrong deed.
        lift = _some(pick, mortgaged, 3)
        if chance(pick, 3):
            lift.append(pick.choice(deed_positions(rules)))
        entry["lift"] = list(dict.fromkeys(lift))
    return entry


def _windfall(state: TableState, rules: Rules, pick: Picker, seat: int) -> dict[str, Any]:
    """A large payment from the bank (the "builders" style: money to build with)."""
    amount = pick.randint(1000, 3000)
    return {"kind": "bank_payment", "seat": seat, "amount": amount, "memo": "windfall"}


def _adjust(state: TableState, rules: Rules, pick: Picker, seat: int) -> dict[str, Any]:
    amount = pick.choice((1, -1)) * pick.randint(1, 500)
    return {"kind": "adjust", "seat": seat, "amount": amount, "reason": "miscounted change"}


MAKERS: dict[str, Maker] = {
    "pass_go": _pass_go,
    "buy": _buy,
    "auction": _auction,
    "deal": _deal,
    "rent": _rent,
    "tax": _tax,
    "jail_fine": _jail_fine,
    "card": _card,
    "use_jail_card": _use_jail_card,
    "bank_payment": _bank_payment,
    "pay_player": _pay_player,
    "build": _build,
    "sell_building": _sell_building,
    "mortgage": _mortgage,
    "unmortgage": _unmortgage,
    "trade": _trade,
    "bankrupt": _bankrupt,
    "adjust": _adjust,
    "windfall": _windfall,
}


def weights(state: TableState, rules: Rules, seat: int) -> dict[str, int]:
    """How often each kind comes up for `seat`, given where the game stands."""
    cash = state.cash.get(seat, 0)
    in_debt = cash < 0
    unowned = sum(1 for d in state.deeds.values() if d.owner is None)
    can_build = bool(complete_groups(state, rules, seat)) if seat in state.cash else False
    mine = owned(state, seat) if seat in state.cash else []
    has_buildings = any(state.deeds[p].built for p in mine)
    has_mortgages = any(state.deeds[p].mortgaged for p in mine)
    # The bank short of houses while this seat has a hotel: selling it takes its houses too.
    hotel_goes_whole = state.bank_houses < rules.houses_per_hotel and any(
        state.deeds[p].hotel for p in mine
    )
    return {
        "pass_go": 6,
        "buy": 14 if unowned else 1,
        "auction": 3 if unowned else 1,
        "deal": (8 if unowned else 1) if rules.short_game else 1,
        "rent": 10,
        "tax": 3,
        "jail_fine": 2,
        "card": 7,
        "use_jail_card": 2 if state.jail_cards_of(seat) else 1,
        "bank_payment": 3,
        "pay_player": 2,
        "build": (40 if state.bank_houses else 4) if can_build else 1,
        "sell_building": (10 if in_debt or hotel_goes_whole else 3) if has_buildings else 1,
        "mortgage": 8 if in_debt else 2,
        "unmortgage": 4 if has_mortgages and not in_debt else 1,
        "trade": 6,
        "bankrupt": 4 if in_debt else 1,
        "adjust": 1,
    }


# Styles of play: "mixed" tries everything; "builders" is a rich, peaceful table that buys,
# completes groups and builds until the bank runs short of houses and hotels.
PROFILES: dict[str, dict[str, int]] = {
    "mixed": {},
    "builders": {
        "pass_go": 6,
        "windfall": 6,
        "rent": 2,
        "tax": 1,
        "card": 2,
        "bank_payment": 1,
        "pay_player": 1,
        "mortgage": 1,
        "bankrupt": 1,
        "adjust": 1,
    },
}


def pick_seat(state: TableState, pick: Picker) -> int:
    """Usually a seat still in play; now and then a bankrupt one or one not at the table."""
    seats = tuple(state.cash)
    outsider = (max(seats) + 1,) if max(seats) < 12 else ()
    return pick.choice(state.active_seats() * 30 + seats + outsider)


def candidate(
    state: TableState, rules: Rules, pick: Picker, profile: str = "mixed"
) -> dict[str, Any]:
    """One entry, as the JSON a tablet would post, drawn for the state as it stands."""
    seat = pick_seat(state, pick)
    chosen = weights(state, rules, seat) | PROFILES[profile]
    table = [kind for kind, weight in chosen.items() for _ in range(weight)]
    kind = pick.choice(table)
    return MAKERS[kind](state, rules, pick, seat)


# --- whole games ---------------------------------------------------------------------------


@dataclass
class Game:
    """A played game: where it started, each legal entry with its money, and where it ended."""

    rules: Rules
    start: TableState
    state: TableState
    legal: list[tuple[dict[str, Any], Entry, tuple[Transfer, ...]]] = field(default_factory=list)
    refused: dict[str, int] = field(default_factory=dict)


def play(
    rules: Rules,
    *,
    seats: int,
    pick: Picker,
    steps: int | None = None,
    profile: str = "mixed",
    legal_entries: int | None = None,
    max_steps: int = 100_000,
) -> Game:
    """Play from a new table: `steps` candidates, or until `legal_entries` were accepted."""
    start = new_table(rules, {n: f"Player {n}" for n in range(1, seats + 1)})
    game = Game(rules=rules, start=start, state=start)
    for tried in range(max_steps):
        if steps is not None and tried >= steps:
            break
        if legal_entries is not None and len(game.legal) >= legal_entries:
            break
        data = candidate(game.state, rules, pick, profile)
        try:
            entry = parse_entry(data)
            outcome = apply(game.state, entry, rules)
        except RuleViolation as refusal:
            game.refused[refusal.code] = game.refused.get(refusal.code, 0) + 1
            continue
        game.legal.append((data, entry, outcome.transfers))
        game.state = outcome.state
    return game
