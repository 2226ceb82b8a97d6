"""docs/rules.md, "Mortgages and transfers": the mortgage value in, value + 10% (rounded up) out;
only a site whose whole group has no buildings."""

from __future__ import annotations

import json

import pytest

# (space, mortgage value, cost of lifting = value + 10% rounded up)
MORTGAGES = [
    (39, 200, 220),
    (37, 175, 193),
    (29, 140, 154),
    (21, 110, 121),
    (16, 90, 99),
    (14, 80, 88),
    (6, 50, 55),
    (1, 30, 33),
    (5, 100, 110),
    (12, 75, 83),
]


@pytest.mark.parametrize(("space", "value", "lift"), MORTGAGES, ids=lambda v: str(v))
def test_mortgaging_pays_the_mortgage_value_and_the_owner_keeps_the_deed(
    ed, rules, table, play, space, value, lift
):
    r = rules(ed)
    out = play(table(r, owns={1: [space]}), r, {"kind": "mortgage", "seat": 1, "space": space})
    assert out.transfers == (("bank", 1, value),)
    assert out.state.deeds[space] == (1, 0, False, True)
    assert out.state.cash[1] == 1500 + value


@pytest.mark.parametrize(("space", "value", "lift"), MORTGAGES, ids=lambda v: str(v))
def test_lifting_a_mortgage_costs_the_value_plus_ten_percent_rounded_up(
    ed, rules, table, play, space, value, lift
):
    r = rules(ed)
    state = table(r, owns={1: [space]}, mortgaged=[space])
    out = play(state, r, {"kind": "unmortgage", "seat": 1, "space": space})
    assert out.transfers == ((1, "bank", lift),)
    assert out.state.deeds[space] == (1, 0, False, False)


def test_lifting_a_175_mortgage_costs_193(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [37]})
    out = play(
        state,
        r,
        {"kind": "mortgage", "seat": 1, "space": 37},
        {"kind": "unmortgage", "seat": 1, "space": 37},
    )
    assert out.transfers == (("bank", 1, 175), (1, "bank", 193))
    assert out.state.cash[1] == 1500 + 175 - 193
    # as the table is stored: no houses, a number, not a false
    assert json.dumps(out.state.as_dict()["deeds"]["37"]) == "[1, 0, false, false]"


def test_no_site_is_mortgaged_while_its_group_has_buildings(ed, rules, table, refused):
    r = rules(ed)
    on_it = table(r, owns={1: [37, 39]}, houses={37: 1, 39: 1})
    refused(on_it, r, {"kind": "mortgage", "seat": 1, "space": 39}, "group_has_buildings")
    elsewhere = table(r, owns={1: [21, 23, 24]}, houses={23: 1, 24: 1})
    refused(elsewhere, r, {"kind": "mortgage", "seat": 1, "space": 21}, "group_has_buildings")
    hotel = table(r, owns={1: [37, 39]}, houses={37: 4}, hotels=[39])
    refused(hotel, r, {"kind": "mortgage", "seat": 1, "space": 37}, "group_has_buildings")


def test_a_site_can_be_mortgaged_once_its_group_buildings_are_sold(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, houses={39: 1})
    out = play(
        state,
        r,
        {"kind": "sell_building", "seat": 1, "space": 39},
        {"kind": "mortgage", "seat": 1, "space": 37},
    )
    assert out.transfers == (("bank", 1, 100), ("bank", 1, 175))
    assert out.state.deeds[37].mortgaged


def test_railroads_and_utilities_are_mortgaged_whatever_stands_elsewhere(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [5, 15, 12, 28, 37, 39]}, hotels=[37, 39])
    out = play(
        state,
        r,
        {"kind": "mortgage", "seat": 1, "space": 15},
        {"kind": "mortgage", "seat": 1, "space": 28},
    )
    assert out.transfers == (("bank", 1, 100), ("bank", 1, 75))


def test_a_mortgaged_deed_cannot_be_mortgaged_again(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={1: [39]}, mortgaged=[39])
    refused(state, r, {"kind": "mortgage", "seat": 1, "space": 39}, "already_mortgaged")


def test_only_a_mortgaged_deed_can_be_lifted(ed, rules, table, refused):
    r = rules(ed)
    refused(
        table(r, owns={1: [39]}), r, {"kind": "unmortgage", "seat": 1, "space": 39}, "not_mortgaged"
    )


@pytest.mark.parametrize("kind", ["mortgage", "unmortgage"])
def test_only_the_owner_mortgages_or_lifts(ed, rules, table, refused, kind):
    r = rules(ed)
    state = table(r, owns={1: [39]}, mortgaged=[39] if kind == "unmortgage" else [])
    refused(state, r, {"kind": kind, "seat": 2, "space": 39}, "not_owner")
    refused(state, r, {"kind": kind, "seat": 2, "space": 37}, "not_owner")  # with the bank


@pytest.mark.parametrize("kind", ["mortgage", "unmortgage"])
def test_only_a_property_is_mortgaged(ed, rules, table, refused, kind):
    r = rules(ed)
    refused(table(r), r, {"kind": kind, "seat": 1, "space": 0}, "not_a_deed")


def test_lifting_a_mortgage_needs_the_cash(ed, rules, table, play, refused):
    r = rules(ed)
    short = table(r, owns={1: [37]}, mortgaged=[37], cash={1: 192})
    refused(short, r, {"kind": "unmortgage", "seat": 1, "space": 37}, "insufficient_cash")
    exact = table(r, owns={1: [37]}, mortgaged=[37], cash={1: 193})
    assert play(exact, r, {"kind": "unmortgage", "seat": 1, "space": 37}).state.cash[1] == 0
