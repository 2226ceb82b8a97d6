"""Entries in words: the sentence the console's ledger, the referee's page and the exports
show for each entry, from the server's one list of words."""

from __future__ import annotations

import pytest

from banking.entry_words import entry_sentence
from games import engine

RULES = engine.rules_for("us")
NAMES = {1: "Ada", 2: "Brook"}


@pytest.mark.parametrize(
    ("kind", "fields", "sentence"),
    [
        ("build", {"seat": 1, "space": 39}, "Ada builds on Boardwalk"),
        ("build", {"seat": 1, "space": 39, "building": "house"}, "Ada builds a house on Boardwalk"),
        ("build", {"seat": 1, "space": 39, "building": "hotel"}, "Ada builds a hotel on Boardwalk"),
        (
            "build",
            {"seat": 1, "space": 39, "count": 3},
            "Ada builds 3 houses on the dark blue sites",
        ),
        (
            "build",
            {"seat": 1, "space": 39, "building": "hotel", "count": 2},
            "Ada builds 2 hotels on the dark blue sites",
        ),
        (
            "sell_building",
            {"seat": 1, "space": 39, "count": 1},
            "Ada sells a building on Boardwalk",
        ),
        (
            "sell_building",
            {"seat": 1, "space": 1, "count": 4},
            "Ada sells 4 buildings on the brown sites",
        ),
        (
            "bankrupt",
            {"seat": 1, "creditor": None},
            "Ada goes bankrupt to the bank, which takes Ada's cash; "
            "Ada's deeds go back to the bank unmortgaged, for auction",
        ),
        (
            "bankrupt",
            {"seat": 1, "creditor": 2},
            "Ada goes bankrupt to Brook, who takes Ada's cash and deeds",
        ),
        (
            "bankrupt",
            {"seat": 1, "creditor": 2, "lift": [37, 39]},
            "Ada goes bankrupt to Brook, who takes Ada's cash and deeds and lifts the "
            "mortgages on Park Place and Boardwalk",
        ),
        (
            "bankrupt",
            {"seat": 1, "creditor": 2, "lift": [39]},
            "Ada goes bankrupt to Brook, who takes Ada's cash and deeds and lifts the "
            "mortgage on Boardwalk",
        ),
    ],
)
def test_an_entry_reads_as_a_sentence(kind, fields, sentence):
    assert entry_sentence(kind, fields, names=NAMES, rules=RULES) == sentence
