"""A table's state as it is made, stored and read back (games/engine/state.py)."""

from __future__ import annotations

from games.engine import TableState, Transfer, new_table
from games.engine.state import Purposed


def test_a_state_stored_without_names_reads_back_with_seat_numbers(ed, rules):
    stored = new_table(rules(ed), {1: "Ada", 2: "Grace"}).as_dict()
    older = {key: value for key, value in stored.items() if key != "names"}
    state = TableState.from_dict(older)
    assert state.names == {}
    assert state.name(1) == "Seat 1"


def test_a_transfer_is_stored_as_from_to_and_amount():
    transfer = Transfer((1, "bank", 50))
    stored = transfer.as_dict()
    assert stored == {"from": 1, "to": "bank", "amount": 50}
    assert Transfer.from_dict(stored) == transfer
    assert repr(transfer) == "Transfer(1 -> 'bank': 50)"


def test_a_bankruptcys_transfer_keeps_what_it_is_for_when_stored():
    """The ledger stores each transfer as JSON: read back, one made at a bankruptcy still
    says what it was for and on which deed (the words every ledger shows come from it),
    and compares equal to the plain transfer of the same money."""
    interest = Purposed(Transfer((2, 1, 20)), "interest", 39)
    stored = interest.as_dict()
    assert stored == {"from": 2, "to": 1, "amount": 20, "for": "interest", "space": 39}
    back = Transfer.from_dict(stored)
    assert (back.purpose, back.space) == ("interest", 39)
    assert back.as_dict() == stored
    assert back == Transfer((2, 1, 20))
    cash = Transfer.from_dict({"from": 2, "to": 1, "amount": 5, "for": "cash"})
    assert (cash.purpose, cash.space) == ("cash", None)
    assert repr(back) == "Transfer(2 -> 1: 20, for interest 39)"
    assert repr(cash) == "Transfer(2 -> 1: 5, for cash)"
