"""Builders for the rule-by-rule tests of games/engine, so test bodies show only what matters.

- `ed`: the edition code, "us" then "uk", for rules that are the same in both;
- `rules("uk", short_game=True)`: the rules in force (left-out variants take defaults);
- `table(rules, seats=3, owns={1: [37, 39]}, houses={39: 2}, ...)`: a TableState built
  directly, the bank's stock of houses and hotels reduced by what stands on the board;
- `play(state, rules, {"kind": ..., ...}, ...)`: entries applied one after another;
- `refused(state, rules, {"kind": ..., ...}, "code")`: the entry is refused with that
  code and the state it was given is unchanged.

Expected amounts in the tests are worked out by hand and written as numbers.
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Iterable, Mapping
from typing import Any

import pytest

from games.engine import (
    Deed,
    Outcome,
    Rules,
    RuleViolation,
    TableState,
    Transfer,
    apply,
    entries,
    parse_entry,
    rules_for,
)

HOUSES_IN_SET = 32
HOTELS_IN_SET = 12
STARTING_CASH = 1500


@pytest.fixture(autouse=True)
def _entries_made_in_code_read_afresh():
    """`checked` remembers, for the whole process, the entries made in code it found well
    made (by their fields, and each object by identity): each test starts without that
    memory, so what it applies is read in that test whatever ran before it (a mutation run
    forks each mutant's tests from a process that ran them all once)."""
    entries._CHECKED.clear()
    entries._PARSED.clear()


@pytest.fixture(params=["us", "uk"])
def ed(request: pytest.FixtureRequest) -> str:
    """The edition code; a test asking for it runs once per edition."""
    return request.param


def make_rules(edition: str = "us", **variants: Any) -> Rules:
    return rules_for(edition, variants)


def make_table(
    rules: Rules,
    seats: int | Iterable[int] = 3,
    *,
    owns: Mapping[int, Iterable[int]] | None = None,
    houses: Mapping[int, int] | None = None,
    hotels: Collection[int] = (),
    mortgaged: Collection[int] = (),
    cash: Mapping[int, int] | None = None,
    jail_cards: Mapping[str, int] | None = None,
    bankrupt: Iterable[int] = (),
    bank_houses: int | None = None,
    bank_hotels: int | None = None,
) -> TableState:
    """A table as it stands mid-game. Seats start with 1500 unless `cash` says otherwise;
    `jail_cards` maps a deck ("chance", "community_chest") to the seat holding its card."""
    numbers = tuple(range(1, seats + 1)) if isinstance(seats, int) else tuple(seats)
    owner = {position: seat for seat, positions in (owns or {}).items() for position in positions}
    houses = dict(houses or {})
    for position in (*houses, *hotels, *mortgaged):
        if position not in owner:
            raise ValueError(
                f"test setup: space {position} has buildings or a mortgage but no owner"
            )
    if set(houses) & set(hotels):
        raise ValueError("test setup: a hotel replaces the houses; list the site once")
    if set(owner.values()) - set(numbers):
        raise ValueError("test setup: an owner is not a seat at the table")
    deeds = {
        space.position: Deed(
            owner=owner.get(space.position),
            houses=houses.get(space.position, 0),
            hotel=space.position in hotels,
            mortgaged=space.position in mortgaged,
        )
        for space in rules.edition.deeds
    }
    cards: dict[str, int | None] = {"chance": None, "community_chest": None}
    cards.update(jail_cards or {})
    return TableState(
        cash=dict.fromkeys(numbers, STARTING_CASH) | dict(cash or {}),
        deeds=deeds,
        jail_cards=cards,
        bank_houses=HOUSES_IN_SET - sum(houses.values()) if bank_houses is None else bank_houses,
        bank_hotels=HOTELS_IN_SET - len(hotels) if bank_hotels is None else bank_hotels,
        bankrupt=tuple(bankrupt),
    )


def play_entries(state: TableState, rules: Rules, *entries: Mapping[str, Any]) -> Outcome:
    """Apply the entries (JSON-like dicts) in order; the last state and every transfer made."""
    transfers: list[Transfer] = []
    for data in entries:
        state, moved = apply(state, parse_entry(data), rules)
        transfers.extend(moved)
    return Outcome(state, tuple(transfers))


def assert_refused(
    state: TableState, rules: Rules, entry: Mapping[str, Any], code: str
) -> RuleViolation:
    """The entry is refused with `code` (and a sentence), and the state is left as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(RuleViolation) as caught:
        apply(state, parse_entry(entry), rules)
    assert caught.value.code == code, caught.value
    assert caught.value.detail
    assert str(caught.value) == caught.value.detail  # what a log or a traceback shows
    assert state == before
    return caught.value


def assert_invalid(data: Any, code: str = "invalid_field") -> RuleViolation:
    """parse_entry refuses the data with `code` (and a sentence), leaving the data unchanged."""
    before = copy.deepcopy(data)
    with pytest.raises(RuleViolation) as caught:
        parse_entry(data)
    assert caught.value.code == code, caught.value
    assert caught.value.detail
    assert data == before
    return caught.value


@pytest.fixture
def rules():
    return make_rules


@pytest.fixture
def table():
    return make_table


@pytest.fixture
def play():
    return play_entries


@pytest.fixture
def refused():
    return assert_refused


@pytest.fixture
def invalid():
    return assert_invalid
