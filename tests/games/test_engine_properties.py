"""Properties of the rules engine that hold whatever is played, checked over random legal play.

A table plays up to 200 random candidate entries (tests/games/random_play.py); the
engine accepts or refuses each, and after every entry the invariants below must
hold. Hypothesis drives the choices so that a failure shrinks to a short ledger;
longer games driven by `random.Random` reach what 200 entries rarely do (the bank
out of houses with hotels standing).

Every edition and variant combination is played: both editions, the short game,
modern_us (US only) and double_rent_despite_mortgage.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from games.engine import (
    BANK,
    ENTRY_KINDS,
    Entry,
    Kind,
    Outcome,
    Rules,
    RuleViolation,
    TableState,
    Transfer,
    apply,
    new_table,
    parse_entry,
    replay,
    rules_for,
)
from games.engine.entries import Auction, Bankrupt, Build, SellBuilding
from tests.games.random_play import PROFILES, candidate, group_of, site_groups

T = TypeVar("T")

HOUSES_IN_SET = 32
HOTELS_IN_SET = 12
DECKS = ("chance", "community_chest")


def _configs() -> list[tuple[str, dict[str, bool]]]:
    configs = []
    for edition in ("us", "uk"):
        for modern_us in (False, True) if edition == "us" else (False,):
            for short_game in (False, True):
                for double_rent in (False, True):
                    variants = {
                        "short_game": short_game,
                        "double_rent_despite_mortgage": double_rent,
                    }
                    if edition == "us":
                        variants["modern_us"] = modern_us
                    configs.append((edition, variants))
    return configs


CONFIGS = _configs()
CONFIG_IDS = [
    "-".join([edition, *(name for name, on in sorted(variants.items()) if on)])
    for edition, variants in CONFIGS
]


# --- a table under observation -------------------------------------------------------------


@dataclass
class Step:
    """One candidate entry and what the engine made of it."""

    before: TableState
    before_json: dict[str, Any]  # the given state, as_dict() taken before apply
    given_after: dict[str, Any]  # the same state object, as_dict() taken after apply
    after_json: dict[str, Any]  # the resulting state's as_dict() (before_json if refused)
    data: dict[str, Any]
    entry: Entry | None = None
    outcome: Outcome | None = None
    refusal: RuleViolation | None = None


@dataclass
class Table:
    """A table played entry by entry, with what the invariants need to look back on."""

    rules: Rules
    start: TableState
    state: TableState
    entries: list[Entry] = field(default_factory=list)
    transfers: list[tuple[Transfer, ...]] = field(default_factory=list)
    bank_outflow: int = 0  # bank -> seat minus seat -> bank, over the whole game
    last: Step | None = None
    seen: Counter[str] = field(default_factory=Counter)
    state_json: dict[str, Any] = field(default_factory=dict)  # as_dict() of `state` when made

    def __post_init__(self) -> None:
        self.state_json = self.state.as_dict()

    @classmethod
    def seated(cls, rules: Rules, seats: int) -> Table:
        start = new_table(rules, {n: f"Player {n}" for n in range(1, seats + 1)})
        return cls(rules=rules, start=start, state=start)

    @property
    def start_total(self) -> int:
        return sum(self.start.cash.values())

    def record(self, data: dict[str, Any]) -> Step:
        given = self.state
        before_json = self.state_json
        step = Step(given, before_json, given_after={}, after_json=before_json, data=data)
        try:
            step.entry = parse_entry(data)
            step.outcome = apply(given, step.entry, self.rules)
        except RuleViolation as refusal:
            step.refusal = refusal
        step.given_after = given.as_dict()
        if step.outcome is not None:
            assert step.entry is not None
            self.seen[data["kind"]] += 1
            for moment in _moments(given, step.entry, self.rules):
                self.seen[moment] += 1
            self.entries.append(step.entry)
            self.transfers.append(step.outcome.transfers)
            for source, target, amount in step.outcome.transfers:
                if source == BANK:
                    self.bank_outflow += amount
                if target == BANK:
                    self.bank_outflow -= amount
            self.state = step.outcome.state
            self.state_json = step.after_json = self.state.as_dict()
        self.last = step
        return step


def _moments(given: TableState, entry: Entry, rules: Rules) -> list[str]:
    """The rare moments of play an accepted entry was, for the driver's own check."""
    moments = []
    if isinstance(entry, SellBuilding):
        if given.deeds[entry.space].hotel and given.bank_houses < rules.houses_per_hotel:
            moments.append("whole_hotel_sale")  # the house shortage: the group's hotels go
    elif isinstance(entry, Bankrupt) and entry.lift:
        moments.append("bankrupt_lift")
    elif isinstance(entry, Auction) and given.deeds[entry.space].owner == entry.seat:
        moments.append("building_auction")
    elif (
        isinstance(entry, Build)
        and entry.building == "house"
        and rules.short_game
        and given.deeds[entry.space].houses == rules.houses_per_hotel
    ):
        moments.append("short_game_fourth_house")
    return moments


# --- the properties, each a check on the table after its latest entry --------------------


def money_is_conserved(table: Table) -> None:
    step = table.last
    if step is not None and step.outcome is not None:
        after = step.outcome.state
        net = dict.fromkeys(step.before.cash, 0)
        for source, target, amount in step.outcome.transfers:
            assert source != target, step.outcome.transfers
            assert source == BANK or source in net, f"unknown account {source!r}"
            assert target == BANK or target in net, f"unknown account {target!r}"
            if source != BANK:
                net[source] -= amount
            if target != BANK:
                net[target] += amount
        assert set(after.cash) == set(step.before.cash)
        for seat, cash in after.cash.items():
            assert cash - step.before.cash[seat] == net[seat], (seat, step.data)
    assert sum(table.state.cash.values()) == table.start_total + table.bank_outflow


def every_transfer_amount_is_a_positive_int(table: Table) -> None:
    step = table.last
    if step is not None and step.outcome is not None:
        for transfer in step.outcome.transfers:
            assert type(transfer.amount) is int, transfer
            assert transfer.amount > 0, (transfer, step.data)


def buildings_on_the_board_and_in_the_bank_make_a_full_set(table: Table) -> None:
    state, full = table.state, table.rules.houses_per_hotel
    houses = sum(deed.houses for deed in state.deeds.values())
    hotels = sum(1 for deed in state.deeds.values() if deed.hotel)
    assert houses + state.bank_houses == HOUSES_IN_SET
    assert hotels + state.bank_hotels == HOTELS_IN_SET
    assert state.bank_houses >= 0
    assert state.bank_hotels >= 0
    for position, deed in state.deeds.items():
        assert 0 <= deed.houses <= 4, (position, deed)
        if deed.houses == 4 and full == 3:
            assert table.rules.short_game  # a fourth house, instead of the short game's hotel
        assert not (deed.hotel and deed.houses), (position, deed)


def _spread(state: TableState, rules: Rules, positions: Sequence[int]) -> int:
    levels = [state.deeds[p].level(rules.houses_per_hotel) for p in positions]
    return max(levels) - min(levels)


def building_stays_even_within_every_group(table: Table) -> None:
    """Levels in a group differ by at most one (a hotel is one more than a full row), after
    every entry: a hotel sold in a house shortage takes the group's hotels with it and
    brings its houses down to one (docs/rules.md, "Buildings")."""
    step, rules = table.last, table.rules
    for positions in site_groups(rules).values():
        assert _spread(table.state, rules, positions) <= 1, (positions, step.data if step else None)


def a_creditor_lifting_at_bankruptcy_pays_value_plus_ten_percent(table: Table) -> None:
    """A bankruptcy's `lift`: each deed listed goes to the creditor unmortgaged, and the
    creditor pays the bank the mortgage plus 10% for it, once; the other mortgaged deeds
    stay mortgaged, for 10% each."""
    step = table.last
    if step is None or step.outcome is None or not isinstance(step.entry, Bankrupt):
        return
    entry, rules, before = step.entry, table.rules, step.before
    after = step.outcome.state
    mortgaged = [p for p in before.owned_by(entry.seat) if before.deeds[p].mortgaged]
    paid = [t.amount for t in step.outcome.transfers if t.target == BANK and t.source != entry.seat]
    if entry.creditor is None:
        assert not entry.lift
        assert paid == []
        return
    expected = []
    for p in mortgaged:
        value = rules.edition.space(p).mortgage
        assert after.deeds[p].owner == entry.creditor
        assert after.deeds[p].mortgaged is (p not in entry.lift)
        expected.append(value + -(-value // 10) if p in entry.lift else -(-value // 10))
    assert paid == expected, (step.data, step.outcome.transfers)
    if entry.lift:
        assert after.cash[entry.creditor] >= 0, step.data


def deeds_are_consistent(table: Table) -> None:
    """No deed is both mortgaged and built on; only sites are built on; a built deed's
    owner holds its whole group; a deed with the bank is never mortgaged."""
    state, spaces = table.state, table.rules.edition.spaces
    for position, deed in state.deeds.items():
        if deed.mortgaged:
            assert deed.owner is not None, (position, deed)
        if not deed.built:
            continue
        assert not deed.mortgaged, (position, deed)
        assert spaces[position].kind is Kind.SITE, (position, deed)
        assert deed.owner is not None, (position, deed)
        group = group_of(table.rules, position)
        assert all(state.deeds[p].owner == deed.owner for p in group), (position, group)


def a_refused_entry_leaves_the_state_unchanged(table: Table) -> None:
    step = table.last
    if step is not None and step.refusal is not None:
        assert table.state is step.before
        assert step.given_after == step.before_json, step.refusal


def apply_never_changes_the_state_it_is_given(table: Table) -> None:
    step = table.last
    if step is not None:
        assert step.given_after == step.before_json, step.data


def a_bankrupt_seat_has_nothing_and_each_jail_card_has_one_holder_at_most(table: Table) -> None:
    state = table.state
    for seat in state.bankrupt:
        assert state.cash[seat] == 0, seat
        assert state.owned_by(seat) == [], seat
        assert state.jail_cards_of(seat) == [], seat
    assert len(set(state.bankrupt)) == len(state.bankrupt)
    assert set(state.jail_cards) == set(DECKS)
    for deck, holder in state.jail_cards.items():
        assert holder is None or (holder in state.cash and holder not in state.bankrupt), deck


def every_seat_in_debt_owes_a_seat_in_play_or_the_bank(table: Table) -> None:
    """`owed_to` names a creditor for exactly the seats below zero (the table started with
    none in debt), never themselves nor a seat out of the game; an accepted bankruptcy
    named that creditor."""
    state = table.state
    assert set(state.owed_to) == {seat for seat, cash in state.cash.items() if cash < 0}
    for seat, creditor in state.owed_to.items():
        assert creditor is None or creditor in state.active_seats(), (seat, creditor)
        assert creditor != seat
    step = table.last
    if step is not None and step.outcome is not None and isinstance(step.entry, Bankrupt):
        before = TableState.from_dict(step.before_json)
        assert before.owed_to[step.entry.seat] == step.entry.creditor, step.data


def the_state_survives_a_json_round_trip(table: Table) -> None:
    step = table.last
    if step is None or step.outcome is not None:  # a refusal leaves the same state
        stored = json.loads(json.dumps(table.state.as_dict()))
        assert TableState.from_dict(stored) == table.state


def replaying_the_ledger_from_the_start_gives_the_final_state(table: Table) -> None:
    assert replay(table.start, table.rules, table.entries) == table.state
    state = table.start
    for entry, transfers in zip(table.entries, table.transfers, strict=True):
        state, moved = apply(state, entry, table.rules)
        assert moved == transfers, entry
    assert state.as_dict() == table.state.as_dict()


INVARIANTS = (
    money_is_conserved,
    every_transfer_amount_is_a_positive_int,
    buildings_on_the_board_and_in_the_bank_make_a_full_set,
    building_stays_even_within_every_group,
    a_creditor_lifting_at_bankruptcy_pays_value_plus_ten_percent,
    deeds_are_consistent,
    a_refused_entry_leaves_the_state_unchanged,
    apply_never_changes_the_state_it_is_given,
    a_bankrupt_seat_has_nothing_and_each_jail_card_has_one_holder_at_most,
    every_seat_in_debt_owes_a_seat_in_play_or_the_bank,
    the_state_survives_a_json_round_trip,
)


# --- hypothesis: random play that shrinks --------------------------------------------------


_INTEGERS: dict[tuple[int, int], st.SearchStrategy[int]] = {}


def _integers(a: int, b: int) -> st.SearchStrategy[int]:
    if (a, b) not in _INTEGERS:
        _INTEGERS[a, b] = st.integers(a, b)
    return _INTEGERS[a, b]


class DrawPicker:
    """The driver's `choice`/`randint` as hypothesis draws, so that failures shrink."""

    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.draw(_integers(0, len(seq) - 1))]

    def randint(self, a: int, b: int) -> int:
        return self.draw(_integers(a, b))


@st.composite
def entries(draw: st.DrawFn, state: TableState, rules: Rules, profile: str) -> dict[str, Any]:
    """A candidate entry for the state as it stands (one draw per entry: cheaper than a
    draw per choice, and the failure report shows each entry whole)."""
    return candidate(state, rules, DrawPicker(draw), profile)


class TableMachine(RuleBasedStateMachine):
    """One table; each step is a random candidate entry, legal or not."""

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules
        self.table = Table.seated(rules, 2)
        self.profile = "mixed"

    @initialize(seats=st.integers(2, 6), profile=st.sampled_from(sorted(PROFILES)))
    def seat_the_table(self, seats: int, profile: str) -> None:
        self.table = Table.seated(self.rules, seats)
        self.profile = profile

    @rule(data=st.data())
    def record_an_entry(self, data: st.DataObject) -> None:
        step = self.table.record(data.draw(entries(self.table.state, self.rules, self.profile)))
        if step.refusal is not None:
            note(f"    refused: {step.refusal.code}")
        else:
            assert step.outcome is not None
            note(f"    transfers: {[tuple(t) for t in step.outcome.transfers]}")

    @invariant()
    def money_is_conserved(self) -> None:
        money_is_conserved(self.table)

    @invariant()
    def every_transfer_amount_is_a_positive_int(self) -> None:
        every_transfer_amount_is_a_positive_int(self.table)

    @invariant()
    def buildings_on_the_board_and_in_the_bank_make_a_full_set(self) -> None:
        buildings_on_the_board_and_in_the_bank_make_a_full_set(self.table)

    @invariant()
    def building_stays_even_within_every_group(self) -> None:
        building_stays_even_within_every_group(self.table)

    @invariant()
    def a_creditor_lifting_at_bankruptcy_pays_value_plus_ten_percent(self) -> None:
        a_creditor_lifting_at_bankruptcy_pays_value_plus_ten_percent(self.table)

    @invariant()
    def deeds_are_consistent(self) -> None:
        deeds_are_consistent(self.table)

    @invariant()
    def a_refused_entry_leaves_the_state_unchanged(self) -> None:
        a_refused_entry_leaves_the_state_unchanged(self.table)

    @invariant()
    def apply_never_changes_the_state_it_is_given(self) -> None:
        apply_never_changes_the_state_it_is_given(self.table)

    @invariant()
    def a_bankrupt_seat_has_nothing_and_each_jail_card_has_one_holder_at_most(self) -> None:
        a_bankrupt_seat_has_nothing_and_each_jail_card_has_one_holder_at_most(self.table)

    @invariant()
    def every_seat_in_debt_owes_a_seat_in_play_or_the_bank(self) -> None:
        every_seat_in_debt_owes_a_seat_in_play_or_the_bank(self.table)

    @invariant()
    def the_state_survives_a_json_round_trip(self) -> None:
        the_state_survives_a_json_round_trip(self.table)

    def teardown(self) -> None:
        # Once per game rather than after every entry: a replay costs the whole ledger.
        replaying_the_ledger_from_the_start_gives_the_final_state(self.table)


MACHINE_SETTINGS = settings(
    max_examples=10,
    stateful_step_count=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize(("edition", "variants"), CONFIGS, ids=CONFIG_IDS)
def test_every_invariant_holds_after_every_entry_of_random_play(
    edition: str, variants: dict[str, bool]
) -> None:
    rules = rules_for(edition, variants)
    run_state_machine_as_test(lambda: TableMachine(rules), settings=MACHINE_SETTINGS)


# --- random.Random: longer games, the same invariants --------------------------------------

LONG_GAME = 600


def _long_game(
    edition: str, variants: dict[str, bool], seed: int, profile: str, steps: int = LONG_GAME
) -> Table:
    rng = random.Random(f"{edition}-{sorted(variants.items())}-{seed}-{profile}")
    rules = rules_for(edition, variants)
    table = Table.seated(rules, rng.randint(2, 6))
    for _ in range(steps):
        table.record(candidate(table.state, rules, rng, profile))
        for check in INVARIANTS:
            check(table)
    replaying_the_ledger_from_the_start_gives_the_final_state(table)
    return table


@pytest.mark.parametrize(("edition", "variants"), CONFIGS, ids=CONFIG_IDS)
def test_every_invariant_holds_over_long_seeded_games(
    edition: str, variants: dict[str, bool]
) -> None:
    for profile in sorted(PROFILES):
        _long_game(edition, variants, seed=1, profile=profile)


MOMENTS = {"whole_hotel_sale", "bankrupt_lift", "building_auction", "short_game_fourth_house"}


def test_random_play_reaches_every_entry_kind_and_the_rare_moments() -> None:
    """The driver is worth its salt: within a few seeded games it has had every kind of
    entry accepted, sold a group's hotels in a house shortage, had a creditor lift a
    mortgage at a bankruptcy, auctioned one of the bank's last buildings and built a short
    game's fourth house."""
    wanted = {*ENTRY_KINDS, *MOMENTS}
    seen: Counter[str] = Counter()
    for seed in range(20):
        for edition, variants in (("us", {"short_game": True}), ("uk", {})):
            for profile in sorted(PROFILES):
                # Builders need a long game to fill the board until the houses run out.
                steps = 2 * LONG_GAME if profile == "builders" else LONG_GAME
                seen += _long_game(edition, variants, seed, profile, steps).seen
        if wanted <= set(seen):
            break
    assert wanted <= set(seen), wanted - set(seen)
