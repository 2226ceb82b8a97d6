"""A table's state: cash per seat, deeds and what stands on them, jail cards, the bank's stock,
and whom each seat in debt owes.

States are treated as values: `apply` never changes the state it is given; it
copies it (a few small dicts) and returns the copy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, NamedTuple

from games.engine.rules import HOTELS_IN_SET, HOUSES_IN_SET, Rules
from games.engine.violations import RuleViolation

BANK = "bank"
DECKS = ("chance", "community_chest")


class Deed(NamedTuple):
    """Who owns one title deed and what stands on it. A hotel replaces the houses."""

    owner: int | None = None
    houses: int = 0
    hotel: bool = False
    mortgaged: bool = False

    def level(self, houses_per_hotel: int) -> int:
        """Buildings as one number for even building: a hotel counts one more than a full row."""
        return houses_per_hotel + 1 if self.hotel else self.houses

    @property
    def built(self) -> bool:
        return self.hotel or self.houses > 0


class Transfer(tuple[int | str, int | str, int]):
    """Money moving from one account to another; an account is a seat number or the bank.

    Made from one tuple, `Transfer((source, target, amount))`: tuple's own constructor,
    which costs a fraction of a namedtuple's, and the engine makes one for nearly every
    entry it applies.
    """

    __slots__ = ()

    source = property(itemgetter(0), doc="The paying account: a seat number or bank.")
    target = property(itemgetter(1), doc="The receiving account: a seat number or bank.")
    amount = property(itemgetter(2), doc="Whole units, always positive.")

    #: What the transfer is for, where one entry moves money for different reasons (a
    #: bankruptcy's): see `Purposed`. None for a plain payment.
    purpose: str | None = None
    #: The deed it is for (a mortgage's interest), if any.
    space: int | None = None

    def __repr__(self) -> str:
        return f"Transfer({self[0]!r} -> {self[1]!r}: {self[2]})"

    def as_dict(self) -> dict[str, Any]:
        if self.purpose is None:
            return {"from": self[0], "to": self[1], "amount": self[2]}
        said = {"from": self[0], "to": self[1], "amount": self[2], "for": self.purpose}
        return said if self.space is None else said | {"space": self.space}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Transfer:
        transfer = cls((data["from"], data["to"], data["amount"]))
        if "for" in data:
            return Purposed(transfer, data["for"], data.get("space"))
        return transfer


class Purposed(Transfer):
    """A transfer that says what it is for, and for which deed: at a bankruptcy,
    `buildings` (the bank buys the debtor's buildings back), `cash` (the debtor's cash goes
    to the creditor), `unpaid` (the creditor gives back the part of the debt the debtor
    cannot pay), `interest` and `lift` (on one mortgaged deed, `space`).

    Equal to the plain transfer of the same money: what a transfer is for is said, never
    compared, so a ledger recorded before it was said replays and voids as before.
    """

    def __new__(cls, transfer: Transfer, purpose: str, space: int | None = None) -> Purposed:
        made = super().__new__(cls, transfer)
        made.purpose, made.space = purpose, space
        return made

    def __repr__(self) -> str:
        for_ = self.purpose if self.space is None else f"{self.purpose} {self.space}"
        return f"Transfer({self[0]!r} -> {self[1]!r}: {self[2]}, for {for_})"


Transfers = tuple[Transfer, ...]


class Outcome(NamedTuple):
    """What an entry does: the state after it, and the money it moved."""

    state: TableState
    transfers: tuple[Transfer, ...]


@dataclass(slots=True)
class TableState:
    """`owed_to` maps each seat whose cash is below zero to its creditor: the seat the
    money went to, or None for the bank. It is set by the payment that took the seat
    below zero and kept, whatever the seat owes afterwards, until its cash is back at
    zero or above (see `settle`). A seat below zero with no entry there went into debt
    in a state stored before creditors were recorded: its creditor is not known."""

    cash: dict[int, int]
    deeds: dict[int, Deed]
    jail_cards: dict[str, int | None] = field(default_factory=lambda: dict.fromkeys(DECKS))
    bank_houses: int = HOUSES_IN_SET
    bank_hotels: int = HOTELS_IN_SET
    bankrupt: tuple[int, ...] = ()
    names: Mapping[int, str] = field(default_factory=dict)
    owed_to: dict[int, int | None] = field(default_factory=dict)

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(self.cash)

    def active_seats(self) -> tuple[int, ...]:
        return tuple(seat for seat in self.cash if seat not in self.bankrupt)

    def name(self, seat: int) -> str:
        return self.names.get(seat) or f"Seat {seat}"

    def copy(self) -> TableState:
        # Positional: on the cheapest entries, the keyword call is a measurable share.
        return TableState(
            self.cash.copy(),
            self.deeds.copy(),
            self.jail_cards.copy(),
            self.bank_houses,
            self.bank_hotels,
            self.bankrupt,
            self.names,
            self.owed_to.copy(),
        )

    def owned_by(self, seat: int) -> list[int]:
        return [position for position, deed in self.deeds.items() if deed.owner == seat]

    def jail_cards_of(self, seat: int) -> list[str]:
        return [deck for deck, holder in self.jail_cards.items() if holder == seat]

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form, for the stored projection."""
        return {
            "cash": {str(seat): cash for seat, cash in self.cash.items()},
            "deeds": {str(pos): list(deed) for pos, deed in self.deeds.items()},
            "jail_cards": dict(self.jail_cards),
            "bank_houses": self.bank_houses,
            "bank_hotels": self.bank_hotels,
            "bankrupt": list(self.bankrupt),
            "names": {str(seat): name for seat, name in self.names.items()},
            "owed_to": {str(seat): creditor for seat, creditor in self.owed_to.items()},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableState:
        return cls(
            cash={int(seat): cash for seat, cash in data["cash"].items()},
            deeds={int(pos): Deed(*deed) for pos, deed in data["deeds"].items()},
            jail_cards=dict(data["jail_cards"]),
            bank_houses=data["bank_houses"],
            bank_hotels=data["bank_hotels"],
            bankrupt=tuple(data["bankrupt"]),
            names={int(seat): name for seat, name in data.get("names", {}).items()},
            owed_to={int(seat): creditor for seat, creditor in data.get("owed_to", {}).items()},
        )


def new_table(rules: Rules, seats: Sequence[int] | Mapping[int, str]) -> TableState:
    """A table at the start of play: starting cash for each seat, every deed with the bank."""
    names = dict(seats) if isinstance(seats, Mapping) else {}
    numbers = list(seats)
    for seat in numbers:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= 12:
            raise RuleViolation(
                "invalid_field", f"Seats are numbered 1 to 12, as entries name them: not {seat!r}."
            )
    if not numbers or len(set(numbers)) != len(numbers):
        raise RuleViolation("invalid_field", "A table needs at least one seat, each numbered once.")
    return TableState(
        cash=dict.fromkeys(numbers, rules.edition.starting_cash),
        deeds=dict.fromkeys((deed.position for deed in rules.edition.deeds), Deed()),
        names=names,
    )


def settle(state: TableState, transfers: Sequence[Transfer]) -> None:
    """Move the money of `transfers` between the seats' cash (the bank has no balance),
    one after another, keeping `owed_to`: a transfer that takes its payer from zero or
    above to below zero records the receiver as the payer's creditor (the bank if the
    receiver is a seat out of the game); a seat back at zero or above owes nobody."""
    cash, owed_to = state.cash, state.owed_to
    for source, target, amount in transfers:
        if source != BANK:
            before = cash[source]  # type: ignore[index]
            after = cash[source] = before - amount  # type: ignore[index]
            if after < 0 <= before:
                owed_to[source] = (  # type: ignore[index]
                    None if target == BANK or target in state.bankrupt else target  # type: ignore[assignment]
                )
        if target != BANK:
            after = cash[target] = cash[target] + amount  # type: ignore[index]
            if after >= 0 and owed_to:
                owed_to.pop(target, None)  # type: ignore[arg-type]
