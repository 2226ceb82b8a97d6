"""docs/api.md, "A table" (ledger and void): replaying a table's history, and voiding one entry,
which is refused (dependent_entries) where a later entry relies on it."""

from __future__ import annotations

import copy

import pytest

from games.engine import Recorded, RuleViolation, apply, parse_entry, replay, void


def record(start, rules, *entries):
    """The history as the ledger holds it, numbered from 1, with each entry's transfers."""
    history, state = [], start
    for seq, data in enumerate(entries, start=1):
        entry = parse_entry(data)
        state, transfers = apply(state, entry, rules)
        history.append(Recorded(seq, entry, transfers))
    return history, state


def assert_void_refused(start, rules, history, seq, code):
    before = copy.deepcopy((start, history))
    with pytest.raises(RuleViolation) as caught:
        void(start, rules, history, seq)
    assert caught.value.code == code, caught.value
    assert caught.value.detail
    assert (start, history) == before


GAME = (
    {"kind": "buy", "seat": 1, "space": 37},
    {"kind": "buy", "seat": 1, "space": 39},
    {"kind": "buy", "seat": 2, "space": 5},
    {"kind": "rent", "seat": 2, "space": 39},
    {"kind": "build", "seat": 1, "space": 39},
    {"kind": "build", "seat": 1, "space": 37},
    {"kind": "rent", "seat": 3, "space": 37},
    {"kind": "card", "seat": 3, "deck": "chance", "card": "chance-jail-free"},
    {"kind": "trade", "seat": 3, "to_seat": 2, "give": {"jail_cards": 1}, "take": {"cash": 30}},
    {"kind": "mortgage", "seat": 2, "space": 5},
    {"kind": "tax", "seat": 2, "space": 38},
    {"kind": "pass_go", "seat": 3},
)


def test_replay_equals_applying_the_entries_one_by_one(ed, rules, table, play):
    r = rules(ed)
    start = table(r)
    before = copy.deepcopy(start)
    history, stepped = record(start, r, *GAME)
    assert replay(start, r, [h.entry for h in history]) == stepped
    assert play(start, r, *GAME).state == stepped
    assert start == before  # applying never changes the state it is given
    # 1: 1500 - 350 - 400 + 100 (rent, whole group) - 200 - 200 + 175 (one house on 37)
    # 2: 1500 - 200 - 100 - 30 + 100 (mortgage) - space 38 (75 us / 100 uk)
    # 3: 1500 - 175 + 30 + 200
    tax = 75 if ed == "us" else 100
    assert stepped.cash == {1: 625, 2: 1270 - tax, 3: 1555}


def test_void_gives_the_state_as_if_the_entry_never_happened_and_the_reversing_transfers(
    ed, rules, table
):
    r = rules(ed)
    start = table(r)
    history, _ = record(
        start,
        r,
        {"kind": "pass_go", "seat": 1},
        {"kind": "buy", "seat": 2, "space": 39},
        {"kind": "tax", "seat": 3, "space": 4},
        {"kind": "pass_go", "seat": 2},
    )
    out = void(start, r, history, 1)
    assert out.transfers == ((1, "bank", 200),)
    assert out.state.cash == {1: 1500, 2: 1300, 3: 1300}
    assert out.state == replay(start, r, [h.entry for h in history[1:]])


def test_voiding_a_trade_reverses_its_transfers_in_reverse_order(ed, rules, table):
    r = rules(ed)
    start = table(r, owns={1: [37], 2: [39]}, mortgaged=[37])
    history, _ = record(
        start,
        r,
        {
            "kind": "trade",
            "seat": 1,
            "to_seat": 2,
            "give": {"spaces": [37], "cash": 100},
            "take": {"spaces": [39], "cash": 50},
        },
    )
    assert history[0].transfers == ((1, 2, 100), (2, 1, 50), (2, "bank", 18))
    out = void(start, r, history, 1)
    assert out.transfers == (("bank", 2, 18), (1, 2, 50), (2, 1, 100))
    assert out.state == start


def test_voiding_an_independent_entry_works(ed, rules, table):
    r = rules(ed)
    start = table(r)
    history, _ = record(
        start,
        r,
        {"kind": "buy", "seat": 1, "space": 39},
        {"kind": "pass_go", "seat": 3},
        {"kind": "rent", "seat": 2, "space": 39},
    )
    out = void(start, r, history, 2)
    assert out.transfers == ((3, "bank", 200),)
    assert out.state.cash == {1: 1150, 2: 1450, 3: 1500}


def test_voiding_the_latest_entry_works(ed, rules, table):
    r = rules(ed)
    start = table(r)
    history, _ = record(
        start, r, {"kind": "buy", "seat": 1, "space": 39}, {"kind": "rent", "seat": 2, "space": 39}
    )
    out = void(start, r, history, 2)
    assert out.transfers == ((1, 2, 50),)
    assert out.state.cash == {1: 1100, 2: 1500, 3: 1500}
    assert out.state.deeds[39].owner == 1


def test_voiding_a_buy_is_refused_after_rent_was_paid_on_that_deed(ed, rules, table):
    r = rules(ed)
    start = table(r)
    history, _ = record(
        start, r, {"kind": "buy", "seat": 1, "space": 39}, {"kind": "rent", "seat": 2, "space": 39}
    )
    assert_void_refused(start, r, history, 1, "dependent_entries")


def test_voiding_is_refused_where_a_later_entry_would_move_different_money(ed, rules, table):
    r = rules(ed)
    start = table(r)
    history, _ = record(
        start,
        r,
        {"kind": "buy", "seat": 1, "space": 37},
        {"kind": "buy", "seat": 1, "space": 39},
        {"kind": "rent", "seat": 2, "space": 39},  # 100 with the whole group, 50 without
    )
    assert_void_refused(start, r, history, 1, "dependent_entries")


@pytest.mark.parametrize(
    "entries",
    [
        (
            {"kind": "card", "seat": 1, "deck": "chance", "card": "chance-jail-free"},
            {"kind": "use_jail_card", "seat": 1},
        ),
        (
            {"kind": "build", "seat": 1, "space": 39},
            {"kind": "sell_building", "seat": 1, "space": 39},
        ),
        (
            {"kind": "mortgage", "seat": 1, "space": 39},
            {"kind": "unmortgage", "seat": 1, "space": 39},
        ),
    ],
    ids=["jail-card", "building", "mortgage"],
)
def test_voiding_is_refused_where_a_later_entry_relies_on_it(ed, rules, table, entries):
    r = rules(ed)
    start = table(r, owns={1: [37, 39]})
    history, _ = record(start, r, *entries)
    assert_void_refused(start, r, history, 1, "dependent_entries")


def test_voiding_an_unknown_entry_is_refused(ed, rules, table):
    r = rules(ed)
    start = table(r)
    history, _ = record(start, r, {"kind": "pass_go", "seat": 1})
    assert_void_refused(start, r, history, 2, "unknown_entry")
