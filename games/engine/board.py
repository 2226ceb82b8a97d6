"""The board: spaces, title deeds and editions, as plain immutable data."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Kind(StrEnum):
    # Hash as the string it is (C speed, and equal to hash("site")), not as Enum's
    # Python-level hash of the member's name: the rules look kinds up on every entry.
    __hash__ = str.__hash__

    GO = "go"
    SITE = "site"
    RAILROAD = "railroad"
    UTILITY = "utility"
    TAX = "tax"
    CHANCE = "chance"
    COMMUNITY_CHEST = "community_chest"
    JAIL = "jail"
    FREE_PARKING = "free_parking"
    GO_TO_JAIL = "go_to_jail"


DEED_KINDS = frozenset({Kind.SITE, Kind.RAILROAD, Kind.UTILITY})

# The kinds the rules test on every entry, read once: looking a member up on its enum
# class is slow on Python 3.11, every time.
SITE, RAILROAD, UTILITY, TAX = Kind.SITE, Kind.RAILROAD, Kind.UTILITY, Kind.TAX


@dataclass(frozen=True, slots=True)
class Space:
    """One of the 40 spaces. Deeds carry their price and rents; other spaces leave them empty.

    `rents` for a site holds six numbers: no buildings, 1-4 houses, hotel.
    `group` is the colour group of a site, or "railroad" / "utility".
    """

    position: int
    name: str
    kind: Kind
    group: str | None = None
    price: int = 0
    mortgage: int = 0
    house_cost: int = 0
    rents: tuple[int, ...] = ()
    tax: int = 0

    @property
    def is_deed(self) -> bool:
        return self.kind in DEED_KINDS


@dataclass(frozen=True, slots=True)
class Edition:
    """A published edition of the game: its board, its currency and its card decks."""

    code: str
    name: str
    currency: str
    spaces: tuple[Space, ...]
    chance: tuple[Card, ...]
    community_chest: tuple[Card, ...]
    salary: int = 200
    jail_fine: int = 50
    starting_cash: int = 1500
    deeds: tuple[Space, ...] = field(init=False)
    groups: dict[str, tuple[int, ...]] = field(init=False)
    cards: dict[str, Card] = field(init=False)

    def __post_init__(self) -> None:
        deeds = tuple(space for space in self.spaces if space.is_deed)
        groups: dict[str, list[int]] = {}
        for deed in deeds:
            groups.setdefault(deed.group or "", []).append(deed.position)
        object.__setattr__(self, "deeds", deeds)
        object.__setattr__(self, "groups", {g: tuple(p) for g, p in groups.items()})
        object.__setattr__(
            self, "cards", {card.id: card for card in (*self.chance, *self.community_chest)}
        )

    def space(self, position: int) -> Space:
        return self.spaces[position]

    def deck(self, name: str) -> tuple[Card, ...]:
        return self.chance if name == "chance" else self.community_chest


class Effect(StrEnum):
    """What a card does to money. MOVE cards move a token and touch no money."""

    __hash__ = str.__hash__  # as Kind's

    COLLECT = "collect"  # the bank pays the drawer `amount`
    PAY = "pay"  # the drawer pays the bank `amount`
    COLLECT_FROM_EACH = "collect_from_each"  # every other player pays the drawer `amount`
    PAY_EACH = "pay_each"  # the drawer pays every other player `amount`
    REPAIRS = "repairs"  # pay `per_house` a house and `per_hotel` a hotel
    ADVANCE_TO_GO = "advance_to_go"  # the bank pays the salary
    JAIL_CARD = "jail_card"  # held until used or traded
    PAY_OR_CHANCE = "pay_or_chance"  # pay `amount`, or draw a Chance card instead
    MOVE = "move"  # moves a token only (rent, if any, is its own entry)


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    deck: str
    text: str
    effect: Effect
    amount: int = 0
    per_house: int = 0
    per_hotel: int = 0
    rent_via: str = ""  # "nearest_railroad" / "nearest_utility": the rent entry it leads to
