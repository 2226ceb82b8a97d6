"""docs/api.md, "Entry kinds": parse_entry reads every kind and refuses malformed input with
invalid_field (or unknown_kind), never with another exception."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import (
    ENTRY_KINDS,
    RuleViolation,
    apply,
    entry_fields,
    new_table,
    parse_entry,
    rules_for,
)
from games.engine import entries as entries_module
from games.engine.entries import (
    Adjust,
    BankPayment,
    Bankrupt,
    Build,
    Buy,
    PayPlayer,
    Trade,
    TradeSide,
)

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
    "build": {"seat": 1, "space": 0, "building": "house"},
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
    "bankrupt": {"seat": 3, "creditor": 2, "lift": [37]},
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
        {"kind": "build", "seat": 1, "space": 39, "count": 0},
        {"kind": "build", "seat": 1, "space": 39, "count": -2},
        {"kind": "build", "seat": 1, "space": 39, "count": 16},
        {"kind": "sell_building", "seat": 1, "space": 39, "count": 16},
    ],
    ids=repr,
)
def test_a_value_outside_its_choices_is_refused(invalid, data):
    invalid(data)


# --- whatever it is given -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": {1: 2}},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": {1: 2, "x": 3}},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": {None: 2, (1,): 3}},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": False},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": []},
        {"kind": "trade", "seat": 1, "to_seat": 2, "take": 0},
        {"kind": "trade", "seat": 1, "to_seat": 2, "lift": {}},
        {"kind": "trade", "seat": 1, "to_seat": 2, "lift": 0},
        {"kind": "trade", "seat": 1, "to_seat": 2, "give": {"spaces": ""}},
        {"kind": "bankrupt", "seat": 1, "creditor": 2, "lift": "37"},
        {"kind": "bankrupt", "seat": 1, "creditor": 2, "lift": [37, 37]},
        {"kind": "bankrupt", "seat": 1, "creditor": 2, "lift": [40]},
        {"kind": "build", "seat": 1, "space": 39, "building": "castle"},
        {"kind": "build", "seat": 1, "space": 39, "building": 1},
        {1: "pass_go", "kind": "pass_go", "seat": 1},
        {"kind": "pass_go", "seat": 1, (1, 2): 3},
    ],
    ids=repr,
)
def test_a_malformed_part_of_any_python_type_is_refused(invalid, data):
    invalid(data)


def test_what_is_no_entry_is_refused_saying_why(invalid):
    assert invalid([1]).detail == "An entry must be a JSON object."
    error = invalid({"kind": "jump"}, "unknown_kind")
    assert error.detail.startswith("There is no entry kind 'jump'. Known: pass_go, buy, auction, ")


def test_unknown_fields_are_named_in_the_refusal(invalid):
    error = invalid({"kind": "pass_go", "seat": 1, "x": 1, "y": 2})
    assert error.detail == "A pass_go entry has no field 'x', 'y'."


def test_a_refused_choice_names_the_choices(invalid):
    error = invalid({"kind": "build", "seat": 1, "space": 39, "building": "castle"})
    assert error.detail == "The field 'building' must be one of: 'house', 'hotel'."


def test_a_trade_side_names_its_unknown_parts(invalid):
    side = {"cash": 5, "houses": 1, "hotel": 1}
    error = invalid({"kind": "trade", "seat": 1, "to_seat": 2, "give": side})
    assert error.detail == "The field 'give' has unknown parts: 'hotel', 'houses'."


def test_the_new_fields_parse():
    entry = parse_entry({"kind": "bankrupt", "seat": 1, "creditor": 2, "lift": [37, 5]})
    assert (entry.creditor, entry.lift) == (2, (37, 5))
    assert parse_entry({"kind": "bankrupt", "seat": 1}).lift == ()
    assert parse_entry({"kind": "build", "seat": 1, "space": 3, "building": "house"}).building == (
        "house"
    )
    assert parse_entry({"kind": "build", "seat": 1, "space": 3}).building is None


def test_counts_and_texts_at_their_limits_parse():
    assert parse_entry({"kind": "build", "seat": 1, "space": 3}).count == 1
    assert parse_entry({"kind": "build", "seat": 1, "space": 3, "count": 15}).count == 15
    assert parse_entry({"kind": "bank_payment", "seat": 1, "amount": 5}).memo == ""
    assert parse_entry({"kind": "bankrupt", "seat": 1, "lift": [0, 39]}).lift == (0, 39)
    memo = "x" * 200
    assert parse_entry({"kind": "bank_payment", "seat": 1, "amount": 5, "memo": memo}).memo == memo


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
KEYS = st.sampled_from(
    ["kind", "seat", "to_seat", "space", "amount", "give", "take", "lift", "spaces", "cash",
     "jail_cards", "creditor", "dice", "via_card", "choice", "deck", "card", "memo", "reason",
     "building"]
)  # fmt: skip
PYTHON = st.recursive(
    JSON | st.tuples(st.integers()) | st.binary(max_size=4) | st.sets(st.integers(), max_size=3),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(KEYS | st.integers() | st.none() | st.text(max_size=4), inner, max_size=5)
    ),
    max_leaves=12,
)


def _entry_like(kind: str, fields: dict) -> dict:
    return {"kind": kind, **fields}


def _read(data: object) -> object:
    """What parse_entry makes of `data`: an entry or a RuleViolation (any other exception
    fails the test)."""
    try:
        return parse_entry(data)  # type: ignore[arg-type]
    except RuleViolation as refusal:
        return refusal


@given(st.sampled_from(sorted(ENTRY_KINDS)), st.dictionaries(KEYS, PYTHON, max_size=6))
@settings(max_examples=400, deadline=None)
def test_parse_entry_refuses_or_parses_any_python_value_near_an_entry(kind, fields):
    read = _read(_entry_like(kind, fields))
    if isinstance(read, RuleViolation):
        assert read.code in ("invalid_field", "unknown_kind")
        assert read.detail
        return
    assert read.kind == kind
    again = json.loads(json.dumps(entry_fields(read)))
    assert parse_entry({"kind": kind, **again}) == read


@given(PYTHON)
@settings(max_examples=300, deadline=None)
def test_parse_entry_refuses_or_parses_any_python_value(data):
    read = _read(data)
    assert not isinstance(read, RuleViolation) or read.detail


@given(st.sampled_from(sorted(ENTRY_KINDS)), st.dictionaries(st.text(max_size=8), JSON, max_size=6))
@settings(max_examples=300, deadline=None)
def test_parse_entry_refuses_or_parses_any_json_object(kind, fields):
    read = _read(_entry_like(kind, fields))
    assert not isinstance(read, RuleViolation) or read.detail


# --- entries made by hand ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "entry",
    [
        Buy(1, 99),
        Buy(1, -1),
        Buy(1, 1.0),
        Buy(True, 1),
        Buy("1", 1),
        PayPlayer(1, 2, -500),
        PayPlayer(1, 2, 0),
        PayPlayer(1, 1.5, 10),
        BankPayment(1, 10**9),
        Build(1, 39, building="castle"),
        Trade(1, 2, give={"cash": 5}),
        Trade(1, 2, give=TradeSide(cash=-5)),
        Trade(1, 2, give=TradeSide(spaces=(39, 39))),
        Trade(1, 2, lift=[39]),
        Trade(1, 2, lift=set()),
        Bankrupt(1, creditor=2, lift=(99,)),
        Adjust(1, 5, ""),
    ],
    ids=repr,
)
def test_apply_refuses_a_malformed_entry_made_by_hand(entry):
    rules = rules_for("us")
    state = new_table(rules, [1, 2, 3])
    state.cash[1] = -10
    before = state.copy()
    with pytest.raises(RuleViolation) as caught:
        apply(state, entry, rules)
    assert caught.value.code == "invalid_field", caught.value
    assert state == before


def test_a_hand_made_entry_parse_entry_reads_otherwise_is_refused_saying_why():
    rules = rules_for("us")
    with pytest.raises(RuleViolation) as caught:
        apply(new_table(rules, [1, 2]), Trade(1, 2, lift=[39]), rules)
    assert caught.value.code == "invalid_field"
    assert caught.value.detail == (
        "A trade entry's fields must be as parse_entry reads them "
        "(whole numbers, tuples of spaces, trimmed text)."
    )


class _Spaces(tuple):
    """A tuple of another type, as a hand-built entry might hold."""

    __slots__ = ()


@pytest.mark.parametrize(
    ("made_well", "made_badly"),
    [
        (Buy(1, 1), Buy(1, 1.0)),
        (Buy(1, 1), Buy(True, 1)),
        (PayPlayer(1, 2, 10), PayPlayer(1, 2, 10.0)),
        (Trade(1, 2, give=TradeSide(spaces=(1,))), Trade(1, 2, give=TradeSide(spaces=(True,)))),
        (Trade(1, 2, lift=(1,)), Trade(1, 2, lift=[1])),
        (Trade(1, 2, give=TradeSide(spaces=(1,))), Trade(1, 2, give=TradeSide(spaces=[1]))),
        (Bankrupt(1, lift=_Spaces((1,))), Bankrupt(1, lift=_Spaces((1.0,)))),
        (BankPayment(1, 5, ""), Adjust(1, 5, "")),  # the same fields, another kind
    ],
    ids=repr,
)
def test_an_entry_made_by_hand_is_refused_though_an_equal_one_was_well_made(made_well, made_badly):
    """Equal in Python (1 == 1.0 == True), not to parse_entry: an entry checked once and
    found well made does not let another pass that only equals it."""
    rules = rules_for("us")
    state = new_table(rules, [1, 2, 3])

    def refused_as(entry: Any) -> str | None:
        try:
            apply(state, entry, rules)
        except RuleViolation as refusal:
            return refusal.code
        return None

    assert refused_as(made_well) != "invalid_field"
    assert refused_as(made_well) != "invalid_field"  # now as already checked
    assert refused_as(made_badly) == "invalid_field"


def test_an_entry_made_in_code_is_read_once_while_it_lives(monkeypatch):
    """The console's options try the same moves at every fetch: the same object, applied
    again, is not read again (an entry is frozen: well made once, well made while it lives)."""
    rules = rules_for("us")
    state = new_table(rules, [1, 2, 3])
    move = Trade(1, 2, give=TradeSide(cash=5))
    posted = parse_entry({"kind": "trade", "seat": 1, "to_seat": 2, "give": {"cash": 5}})
    apply(state, move, rules)
    read = []

    class Kinds(dict):
        def get(self, *args: Any) -> Any:
            read.append(args[0])
            return super().get(*args)

    monkeypatch.setattr(entries_module, "ENTRY_KINDS", Kinds(ENTRY_KINDS))
    assert apply(state, move, rules) == apply(state, posted, rules)
    assert read == []
    with pytest.raises(RuleViolation):  # another object, equal but for a type, is read
        apply(state, Trade(1, 2, give=TradeSide(cash=5.0)), rules)
    assert read == ["trade"]


@pytest.mark.parametrize(
    ("entry", "named"),
    [
        (object(), "object"),
        ({"kind": "pass_go", "seat": 1}, "dict"),
        (None, "NoneType"),
        ("pass_go", "str"),
    ],
    ids=["an object", "a dict", "None", "a string"],
)
def test_apply_refuses_what_is_not_an_entry(entry, named):
    rules = rules_for("uk")
    with pytest.raises(RuleViolation) as caught:
        apply(new_table(rules, [1, 2]), entry, rules)
    assert caught.value.code == "unknown_kind"
    assert caught.value.detail == f"{named} is not an entry."


def test_apply_takes_a_well_made_entry_made_by_hand():
    rules = rules_for("us")
    out = apply(new_table(rules, [1, 2]), PayPlayer(1, 2, 500), rules)
    assert out.transfers == ((1, 2, 500),)
    out = apply(new_table(rules, [1, 2]), Trade(1, 2, give=TradeSide(cash=5)), rules)
    assert out.transfers == ((1, 2, 5),)


# --- the seats of a new table -----------------------------------------------------------------


@pytest.mark.parametrize(
    "seats",
    [[0, 1], [1, 13], [-1], ["1", "2"], [True, 2], [1.0, 2], {0: "Ada"}, {13: "Ada"}],
    ids=repr,
)
def test_new_table_refuses_seats_no_entry_can_name(seats):
    with pytest.raises(RuleViolation) as caught:
        new_table(rules_for("us"), seats)
    assert caught.value.code == "invalid_field"
    assert caught.value.detail


@pytest.mark.parametrize("seats", [[], [1, 2, 1]], ids=repr)
def test_new_table_refuses_no_seats_and_a_seat_named_twice(seats):
    with pytest.raises(RuleViolation) as caught:
        new_table(rules_for("us"), seats)
    assert caught.value.code == "invalid_field"
    assert caught.value.detail == "A table needs at least one seat, each numbered once."


def test_new_table_takes_seats_1_to_12():
    state = new_table(rules_for("uk"), {1: "Ada", 12: "Cy"})
    assert state.seats == (1, 12)
    assert (state.name(1), state.name(12)) == ("Ada", "Cy")
    assert new_table(rules_for("uk"), range(1, 13)).seats == tuple(range(1, 13))
