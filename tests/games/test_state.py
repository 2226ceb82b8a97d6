"""A table's state as it is made, stored and read back (games/engine/state.py)."""

from __future__ import annotations

from games.engine import TableState, Transfer, new_table


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
