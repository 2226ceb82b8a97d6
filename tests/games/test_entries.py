"""API.md, "Entry kinds": parse_entry reads every kind and refuses malformed input with
invalid_field (or unknown_kind), never with another exception."""

from __future__ import annotations

import json

import pytest

from games.engine import ENTRY_KINDS, entry_fields, parse_entry

GOOD = {
    "pass_go": {"seat": 1},
    "buy": {"seat": 2, "space": 39},
    "auction": {"seat": 3, "space": 5, "amount": 1},
    "deal": {"seat": 1, "space": 37},
    "rent": {"seat": 2, "space": 12, "dice": 12, "via_card": "nearest_utility"},
    "tax": {"seat": 1, "space": 4, "choice": "percent"},
    "jail_fine": {"seat": 4},
    "card": {"seat": 1, "deck": "community_chest", "card": "chest-doctor"},
    "bank_payment": {"seat": 1, "amount": -100000, "memo": "beauty contest re-run"},
    "pay_player": {"seat": 1, "to_seat": 12, "amount": 100000, "memo": "deal"},
    "build": {"seat": 1, "space": 0},
    "sell_building": {"seat": 1, "space": 39},
    "mortgage": {"seat": 1, "space": 5},
    "unmortgage": {"seat": 1, "space": 5},
    "trade": {
        "seat": 1,
        "to_seat": 2,
        "give": {"spaces": [37, 39], "cash": 10, "jail_cards": 2},
        "take": {"spaces": [5], "cash": 0, "jail_cards": 0},
        "lift": [5],
    },
    "bankrupt": {"seat": 3, "creditor": None},
    "adjust": {"seat": 1, "amount": 5, "reason": "miscounted change"},
}
API_KINDS = [
    "pass_go", "buy", "auction", "deal", "rent", "tax", "jail_fine", "card", "bank_payment",
    "pay_player", "build", "sell_building", "mortgage", "unmortgage", "trade", "bankrupt",
    "adjust",
]  # fmt: skip


def test_every_kind_of_api_md_is_an_entry_kind():
    assert set(API_KINDS) <= set(ENTRY_KINDS)
    assert set(GOOD) == set(API_KINDS)


@pytest.mark.parametrize("kind", API_KINDS)
def test_every_kind_from_api_md_parses(kind):
    entry = parse_entry({"kind": kind, **GOOD[kind]})
    assert entry.kind == kind
    fields = json.loads(json.dumps(entry_fields(entry)))
    for name, value in GOOD[kind].items():
        if name in ("give", "take"):
            assert fields[name] == {"spaces": [], "cash": 0, "jail_cards": 0} | value
        else:
            assert fields[name] == value
    # entry_fields is the inverse of parse_entry, once through JSON
    assert parse_entry({"kind": kind, **fields}) == entry


@pytest.mark.parametrize(
    ("kind", "fields"),
    [
        ("rent", {"seat": 1, "space": 39}),
        ("tax", {"seat": 1, "space": 38}),
        ("bank_payment", {"seat": 1, "amount": 20}),
        ("pay_player", {"seat": 1, "to_seat": 2, "amount": 20}),
        ("trade", {"seat": 1, "to_seat": 2}),
        ("bankrupt", {"seat": 1}),
        ("card", {"seat": 1, "deck": "chance", "card": "chance-dividend"}),
    ],
)
def test_optional_fields_may_be_left_out(kind, fields):
    assert parse_entry({"kind": kind, **fields}).kind == kind


def test_the_use_jail_card_entry_parses():
    assert parse_entry({"kind": "use_jail_card", "seat": 2}).kind == "use_jail_card"


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "fly", "seat": 1},
        {"kind": "free_parking", "seat": 1},
        {"kind": "BUY", "seat": 1, "space": 1},
        {"seat": 1},
        {"kind": None, "seat": 1},
        {"kind": 3, "seat": 1},
        {"kind": ["buy"], "seat": 1, "space": 1},
        {"kind": {"buy": 1}, "seat": 1, "space": 1},
    ],
    ids=repr,
)
def test_an_unknown_kind_is_refused(invalid, data):
    invalid(data, "unknown_kind")


@pytest.mark.parametrize("data", [[], "buy", None, 7, [("kind", "pass_go")]], ids=repr)
def test_an_entry_must_be_an_object(invalid, data):
    invalid(data)


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "pass_go"},
        {"kind": "buy", "seat": 1},
        {"kind": "auction", "seat": 1, "space": 39},
        {"kind": "rent", "space": 39},
        {"kind": "tax", "seat": 1},
        {"kind": "card", "seat": 1, "deck": "chance"},
        {"kind": "card", "seat": 1, "card": "chance-dividend"},
        {"kind": "bank_payment", "seat": 1},
        {"kind": "pay_player", "seat": 1, "amount": 5},
        {"kind": "trade", "seat": 1},
        {"kind": "adjust", "seat": 1, "amount": 5},
        {"kind": "adjust", "seat": 1, "amount": 5, "reason": "   "},
        {"kind": "buy", "seat": None, "space": 1},
    ],
    ids=repr,
)
def test_a_missing_field_is_refused(invalid, data):
    invalid(data)


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "buy", "seat": "1", "space": 39},
        {"kind": "buy", "seat": 1, "space": 39.0},
        {"kind": "auction", "seat": 1, "space": 39, "amount": "100"},
        {"kind": "auction", "seat": 1, "space": 39, "amount": 10.5},
        {"kind": "rent", "seat": 1, "space": 12, "dice": "7"},
        {"kind": "bank_payment", "seat": 1, "amount": 5, "memo": 5},
        {"kind": "card", "seat": 1, "deck": "chance", "card": 7},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": "39"},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": [39]},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": {"spaces": 39}},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": {"spaces": ["39"]}},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": {"cash": "10"}},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": {"spaces": [39]}, "lift": 39},
        {"kind": "bankrupt", "seat": 1, "creditor": "bank"},
    ],
    ids=repr,
)
def test_a_field_of_the_wrong_type_is_refused(invalid, data):
    invalid(data)


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "pass_go", "seat": True},
        {"kind": "buy", "seat": 1, "space": False},
        {"kind": "auction", "seat": 1, "space": 39, "amount": True},
        {"kind": "rent", "seat": 1, "space": 12, "dice": True},
        {"kind": "bankrupt", "seat": 1, "creditor": True},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": {"cash": True}},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": {"jail_cards": True}},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": {"spaces": [True]}},
    ],
    ids=repr,
)
def test_a_bool_where_a_number_belongs_is_refused(invalid, data):
    invalid(data)


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "pass_go", "seat": 1, "space": 0},
        {"kind": "buy", "seat": 1, "space": 39, "amount": 400},
        {"kind": "rent", "seat": 1, "space": 39, "owner": 2},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": {"loan": 100}},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": {"houses": 1}},
        {"kind": "tax", "seat": 1, "space": 4, "id": "abc"},
    ],
    ids=repr,
)
def test_an_unknown_extra_field_is_refused(invalid, data):
    invalid(data)


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "auction", "seat": 1, "space": 39, "amount": 0},
        {"kind": "auction", "seat": 1, "space": 39, "amount": -5},
        {"kind": "auction", "seat": 1, "space": 39, "amount": 100_001},
        {"kind": "pay_player", "seat": 1, "to_seat": 2, "amount": 0},
        {"kind": "pay_player", "seat": 1, "to_seat": 2, "amount": -20},
        {"kind": "pay_player", "seat": 1, "to_seat": 2, "amount": 10**12},
        {"kind": "bank_payment", "seat": 1, "amount": 0},
        {"kind": "bank_payment", "seat": 1, "amount": 100_001},
        {"kind": "bank_payment", "seat": 1, "amount": -100_001},
        {"kind": "adjust", "seat": 1, "amount": 0, "reason": "x"},
        {"kind": "adjust", "seat": 1, "amount": -(10**12), "reason": "x"},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": {"cash": -1}},
        {"kind": "trade", "seat": 1, "to_seat": 2, "take": {"cash": 100_001}},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": {"jail_cards": 3}},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": {"jail_cards": -1}},
    ],
    ids=repr,
)
def test_a_zero_negative_or_absurd_amount_is_refused(invalid, data):
    invalid(data)


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "buy", "seat": 1, "space": -1},
        {"kind": "buy", "seat": 1, "space": 40},
        {"kind": "rent", "seat": 1, "space": 400},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": {"spaces": [40]}},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": {"spaces": [-1]}},
        {"kind": "trade", "seat": 1, "to_seat": 2, "take": {"spaces": [99]}},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": {"spaces": [39]}, "lift": [-39]},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": {"spaces": [39, 39]}},
    ],
    ids=repr,
)
def test_a_space_outside_0_to_39_is_refused(invalid, data):
    invalid(data)


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "pass_go", "seat": 0},
        {"kind": "pass_go", "seat": -1},
        {"kind": "pass_go", "seat": 13},
        {"kind": "pay_player", "seat": 1, "to_seat": 13, "amount": 5},
        {"kind": "trade", "seat": 1, "to_seat": 0, "give": {"cash": 5}},
        {"kind": "bankrupt", "seat": 1, "creditor": 0},
        {"kind": "bankrupt", "seat": 1, "creditor": 13},
    ],
    ids=repr,
)
def test_a_seat_out_of_range_is_refused(invalid, data):
    invalid(data)


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "rent", "seat": 1, "space": 12, "dice": 1},
        {"kind": "rent", "seat": 1, "space": 12, "dice": 13},
        {"kind": "rent", "seat": 1, "space": 5, "via_card": "nearest_station"},
        {"kind": "tax", "seat": 1, "space": 4, "choice": "half"},
        {"kind": "card", "seat": 1, "deck": "jail", "card": "chance-dividend"},
        {"kind": "card", "seat": 1, "deck": "chance", "card": "chance-dividend", "choice": "x"},
        {"kind": "card", "seat": 1, "deck": "chance", "card": ""},
        {"kind": "use_jail_card", "seat": 1, "deck": "both"},
        {"kind": "bank_payment", "seat": 1, "amount": 5, "memo": "x" * 201},
    ],
    ids=repr,
)
def test_a_value_outside_its_choices_is_refused(invalid, data):
    invalid(data)
