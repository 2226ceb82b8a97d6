"""The entries a banker records, one small class per kind, and how to read them from JSON.

`parse_entry` checks shape and types only (a field missing, a word where a
number belongs); whether the move is legal is the handlers' business.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any, ClassVar, get_args
from weakref import WeakValueDictionary

from games.engine.violations import RuleViolation, Word, gettext_noop

MAX_AMOUNT = 100_000
MAX_TEXT = 200


@dataclass(frozen=True, slots=True, weakref_slot=True)
class PassGo:
    kind: ClassVar[str] = "pass_go"
    seat: int


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Buy:
    kind: ClassVar[str] = "buy"
    seat: int
    space: int


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Auction:
    kind: ClassVar[str] = "auction"
    seat: int
    space: int
    amount: int


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Deal:
    kind: ClassVar[str] = "deal"
    seat: int
    space: int


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Rent:
    kind: ClassVar[str] = "rent"
    seat: int
    space: int
    dice: int | None = None
    via_card: str | None = None


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Tax:
    kind: ClassVar[str] = "tax"
    seat: int
    space: int
    choice: str | None = None


@dataclass(frozen=True, slots=True, weakref_slot=True)
class JailFine:
    kind: ClassVar[str] = "jail_fine"
    seat: int


@dataclass(frozen=True, slots=True, weakref_slot=True)
class DrawCard:
    kind: ClassVar[str] = "card"
    seat: int
    deck: str
    card: str
    choice: str | None = None


@dataclass(frozen=True, slots=True, weakref_slot=True)
class UseJailCard:
    kind: ClassVar[str] = "use_jail_card"
    seat: int
    deck: str | None = None


@dataclass(frozen=True, slots=True, weakref_slot=True)
class BankPayment:
    kind: ClassVar[str] = "bank_payment"
    seat: int
    amount: int
    memo: str = ""


@dataclass(frozen=True, slots=True, weakref_slot=True)
class PayPlayer:
    kind: ClassVar[str] = "pay_player"
    seat: int
    to_seat: int
    amount: int
    memo: str = ""


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Build:
    """`building` names what is built, "house" or "hotel"; left out, the next one in order:
    a house until the site has its full row, then the hotel. `count` above 1 builds that
    many across the site's group, evenly (houses, or hotels when `building` says so)."""

    kind: ClassVar[str] = "build"
    seat: int
    space: int
    building: str | None = None
    count: int = 1


@dataclass(frozen=True, slots=True, weakref_slot=True)
class SellBuilding:
    """`count` above 1 sells that many across the site's group, the fullest site first."""

    kind: ClassVar[str] = "sell_building"
    seat: int
    space: int
    count: int = 1


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Mortgage:
    kind: ClassVar[str] = "mortgage"
    seat: int
    space: int


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Unmortgage:
    kind: ClassVar[str] = "unmortgage"
    seat: int
    space: int


@dataclass(frozen=True, slots=True)
class TradeSide:
    spaces: tuple[int, ...] = ()
    cash: int = 0
    jail_cards: int = 0

    @property
    def empty(self) -> bool:
        return not (self.spaces or self.cash or self.jail_cards)


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Trade:
    kind: ClassVar[str] = "trade"
    seat: int
    to_seat: int
    give: TradeSide = field(default_factory=TradeSide)
    take: TradeSide = field(default_factory=TradeSide)
    lift: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Bankrupt:
    """`creditor` is a seat, or None for the bank; `lift` the mortgaged deeds the creditor
    receives and pays off at once."""

    kind: ClassVar[str] = "bankrupt"
    seat: int
    creditor: int | None = None
    lift: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Adjust:
    kind: ClassVar[str] = "adjust"
    seat: int
    amount: int
    reason: str


Entry = (
    PassGo
    | Buy
    | Auction
    | Deal
    | Rent
    | Tax
    | JailFine
    | DrawCard
    | UseJailCard
    | BankPayment
    | PayPlayer
    | Build
    | SellBuilding
    | Mortgage
    | Unmortgage
    | Trade
    | Bankrupt
    | Adjust
)

ENTRY_KINDS: dict[str, type] = {cls.kind: cls for cls in get_args(Entry)}

RAIL_CARD = "nearest_railroad"
UTILITY_CARD = "nearest_utility"


def entry_fields(entry: Entry) -> dict[str, Any]:
    """The entry as JSON-ready fields, without its kind (the inverse of `parse_entry`)."""
    return asdict(entry)  # type: ignore[call-overload]


class _Reader:
    """Reads one entry's fields, refusing anything missing, unknown or of the wrong type."""

    def __init__(self, kind: str, data: Mapping[str, Any]) -> None:
        self.kind = kind
        self.kind_word = Word(kind, kind="entry_kind", code=kind)
        self.data = data
        self.seen = {"kind"}

    def _get(self, name: str, required: bool) -> Any:
        self.seen.add(name)
        value = self.data.get(name)
        if value is None and required:
            raise RuleViolation(
                "invalid_field",
                gettext_noop("A %(kind)s entry needs the field %(field)s."),
                kind=self.kind_word,
                field=repr(name),
            )
        return value

    def int(
        self, name: str, *, required: bool = True, low: int | None = None, high: int | None = None
    ) -> Any:
        value = self._get(name, required)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleViolation(
                "invalid_field",
                gettext_noop("The field %(field)s must be a whole number."),
                field=repr(name),
            )
        if (low is not None and value < low) or (high is not None and value > high):
            raise RuleViolation(
                "invalid_field",
                gettext_noop("The field %(field)s must be between %(low)s and %(high)s."),
                field=repr(name),
                low=low,
                high=high,
            )
        return value

    def amount(self, name: str, *, signed: bool = False) -> int:
        low = -MAX_AMOUNT if signed else 1
        value = self.int(name, low=low, high=MAX_AMOUNT)
        if value == 0:
            raise RuleViolation(
                "invalid_field",
                gettext_noop("The field %(field)s cannot be zero."),
                field=repr(name),
            )
        return value

    def text(self, name: str, *, required: bool = False) -> str:
        value = self._get(name, required)
        if value is None:
            return ""
        if not isinstance(value, str):
            raise RuleViolation(
                "invalid_field", gettext_noop("The field %(field)s must be text."), field=repr(name)
            )
        value = value.strip()
        if required and not value:
            raise RuleViolation(
                "invalid_field",
                gettext_noop("A %(kind)s entry needs a %(field)s."),
                kind=self.kind_word,
                field=name,
            )
        if len(value) > MAX_TEXT:
            raise RuleViolation(
                "invalid_field",
                gettext_noop("The field %(field)s is longer than %(most)s characters."),
                field=repr(name),
                most=MAX_TEXT,
            )
        return value

    def choice(self, name: str, options: tuple[str, ...], *, required: bool = True) -> Any:
        value = self._get(name, required)
        if value is None:
            return None
        if value not in options:
            raise RuleViolation(
                "invalid_field",
                gettext_noop("The field %(field)s must be one of: %(allowed)s."),
                field=repr(name),
                allowed=", ".join(repr(o) for o in options),
            )
        return value

    def int_list(self, name: str, data: Mapping[str, Any] | None = None) -> tuple[int, ...]:
        source = self.data if data is None else data
        self.seen.add(name)
        value = source.get(name)
        if value is None:
            value = []
        if not isinstance(value, list) or any(
            isinstance(v, bool) or not isinstance(v, int) for v in value
        ):
            raise RuleViolation(
                "invalid_field",
                gettext_noop("The field %(field)s must be a list of spaces."),
                field=repr(name),
            )
        if any(not 0 <= v <= 39 for v in value):
            raise RuleViolation(
                "invalid_field",
                gettext_noop("The field %(field)s names a space outside 0-39."),
                field=repr(name),
            )
        if len(set(value)) != len(value):
            raise RuleViolation(
                "invalid_field",
                gettext_noop("The field %(field)s names a space twice."),
                field=repr(name),
            )
        return tuple(value)

    def trade_side(self, name: str) -> TradeSide:
        value = self._get(name, required=False)
        if value is None:
            value = {}
        if not isinstance(value, Mapping):
            raise RuleViolation(
                "invalid_field",
                gettext_noop(
                    "The field %(field)s must be an object with spaces, cash, jail_cards."
                ),
                field=repr(name),
            )
        unknown = set(value) - {"spaces", "cash", "jail_cards"}
        if unknown:
            raise RuleViolation(
                "invalid_field",
                gettext_noop("The field %(field)s has unknown parts: %(parts)s."),
                field=repr(name),
                parts=", ".join(sorted(map(repr, unknown))),
            )
        side = _Reader(self.kind, value)
        return TradeSide(
            spaces=self.int_list("spaces", value),
            cash=side.int("cash", required=False, low=0, high=MAX_AMOUNT) or 0,
            jail_cards=side.int("jail_cards", required=False, low=0, high=2) or 0,
        )

    def finish(self) -> None:
        unknown = set(self.data) - self.seen
        if unknown:
            raise RuleViolation(
                "invalid_field",
                gettext_noop("A %(kind)s entry has no field %(fields)s."),
                kind=self.kind_word,
                fields=", ".join(sorted(map(repr, unknown))),
            )


def parse_entry(data: Mapping[str, Any]) -> Entry:
    """Read an entry from its JSON form: `{"kind": "rent", "seat": 2, "space": 39}`."""
    if not isinstance(data, Mapping):
        raise RuleViolation("invalid_field", gettext_noop("An entry must be a JSON object."))
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in ENTRY_KINDS:
        raise RuleViolation(
            "unknown_kind",
            gettext_noop("There is no entry kind %(kind)s. Known: %(known)s."),
            kind=repr(kind),
            known=", ".join(ENTRY_KINDS),
        )
    r = _Reader(kind, data)
    entry = _READERS[kind](r)
    r.finish()
    _PARSED[id(entry)] = entry
    return entry


# The entries parse_entry made, and those made in code that `checked` found well made, by
# identity, while they live: `checked` need not read them again. (By identity, not
# equality: Buy(True, 1) equals Buy(1, 1) but was never read.)
_PARSED: WeakValueDictionary[int, Any] = WeakValueDictionary()


def _seat(r: _Reader, name: str = "seat") -> int:
    return r.int(name, low=1, high=12)


def _space(r: _Reader) -> int:
    return r.int("space", low=0, high=39)


def _count(r: _Reader) -> int:
    """How many buildings at once: 1 when left out; a group holds at most 15 (3 x 5)."""
    return r.int("count", required=False, low=1, high=15) or 1


_READERS: dict[str, Any] = {
    "pass_go": lambda r: PassGo(seat=_seat(r)),
    "buy": lambda r: Buy(seat=_seat(r), space=_space(r)),
    "auction": lambda r: Auction(seat=_seat(r), space=_space(r), amount=r.amount("amount")),
    "deal": lambda r: Deal(seat=_seat(r), space=_space(r)),
    "rent": lambda r: Rent(
        seat=_seat(r),
        space=_space(r),
        dice=r.int("dice", required=False, low=2, high=12),
        via_card=r.choice("via_card", (RAIL_CARD, UTILITY_CARD), required=False),
    ),
    "tax": lambda r: Tax(
        seat=_seat(r),
        space=_space(r),
        choice=r.choice("choice", ("flat", "percent"), required=False),
    ),
    "jail_fine": lambda r: JailFine(seat=_seat(r)),
    "card": lambda r: DrawCard(
        seat=_seat(r),
        deck=r.choice("deck", ("chance", "community_chest")),
        card=r.text("card", required=True),
        choice=r.choice("choice", ("pay", "chance"), required=False),
    ),
    "use_jail_card": lambda r: UseJailCard(
        seat=_seat(r), deck=r.choice("deck", ("chance", "community_chest"), required=False)
    ),
    "bank_payment": lambda r: BankPayment(
        seat=_seat(r), amount=r.amount("amount", signed=True), memo=r.text("memo")
    ),
    "pay_player": lambda r: PayPlayer(
        seat=_seat(r), to_seat=_seat(r, "to_seat"), amount=r.amount("amount"), memo=r.text("memo")
    ),
    "build": lambda r: Build(
        seat=_seat(r),
        space=_space(r),
        building=r.choice("building", ("house", "hotel"), required=False),
        count=_count(r),
    ),
    "sell_building": lambda r: SellBuilding(seat=_seat(r), space=_space(r), count=_count(r)),
    "mortgage": lambda r: Mortgage(seat=_seat(r), space=_space(r)),
    "unmortgage": lambda r: Unmortgage(seat=_seat(r), space=_space(r)),
    "trade": lambda r: Trade(
        seat=_seat(r),
        to_seat=_seat(r, "to_seat"),
        give=r.trade_side("give"),
        take=r.trade_side("take"),
        lift=r.int_list("lift"),
    ),
    "bankrupt": lambda r: Bankrupt(
        seat=_seat(r),
        creditor=r.int("creditor", required=False, low=1, high=12),
        lift=r.int_list("lift"),
    ),
    "adjust": lambda r: Adjust(
        seat=_seat(r),
        amount=r.amount("amount", signed=True),
        reason=r.text("reason", required=True),
    ),
}


def _as_json(value: Any) -> Any:
    """A field of an entry as parse_entry reads it: a side as an object, spaces as a list."""
    if isinstance(value, TradeSide):
        return {name: _as_json(getattr(value, name)) for name in ("spaces", "cash", "jail_cards")}
    if isinstance(value, tuple):
        return list(value)
    return value


def checked(entry: Any) -> Entry:
    """`entry` itself when it is exactly what parse_entry makes of its own fields; else a
    RuleViolation, as parse_entry would give for the same fields. For entries made in code
    (a hand-built `Buy(1, 99)`), which never went through parse_entry."""
    if entry is not None and _PARSED.get(id(entry)) is entry:
        return entry  # type: ignore[no-any-return]
    name = getattr(type(entry), "kind", None)
    if not isinstance(name, str) or ENTRY_KINDS.get(name) is not type(entry):
        raise RuleViolation("unknown_kind", f"{type(entry).__name__} is not an entry.")
    values = [getattr(entry, f) for f in _FIELDS[type(entry)]]
    types = tuple(map(type, values))
    typed = (tuple(values), types) if _PLAIN.issuperset(types) else _typed(values)
    key: tuple[type, Any] | None = (type(entry), typed)
    try:
        known = key in _CHECKED
    except TypeError:  # a field no entry has (a set...): parse_entry refuses it below
        key, known = None, False
    if not known:
        data = {f: _as_json(v) for f, v in zip(_FIELDS[type(entry)], values, strict=True)}
        data["kind"] = entry.kind
        if parse_entry(data) != entry:
            raise RuleViolation(
                "invalid_field",
                f"A {entry.kind} entry's fields must be as parse_entry reads them "
                "(whole numbers, tuples of spaces, trimmed text).",
            )
        if key is not None:
            if len(_CHECKED) >= _CHECKED_AT_MOST:
                _CHECKED.clear()
            _CHECKED.add(key)
    _PARSED[id(entry)] = entry  # frozen: well made for as long as it lives
    return entry


def _typed(value: Any) -> Any:
    """`value` with the type of every part beside it: a key equal only for fields equal in
    type as well as in value (1, 1.0 and True are equal in Python, not to parse_entry)."""
    if isinstance(value, list | tuple):
        return (type(value), tuple(_typed(v) for v in value))
    if isinstance(value, TradeSide):
        return (TradeSide, _typed([getattr(value, f) for f in _FIELDS[TradeSide]]))
    if isinstance(value, dict):
        return (dict, tuple((_typed(k), _typed(v)) for k, v in value.items()))
    return (type(value), value)


_FIELDS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in fields(cls)) for cls in (*ENTRY_KINDS.values(), TradeSide)
}

# The fields (`_typed`) of the entries made in code that `checked` found well made: the
# console's options try the same few thousand moves over and over, each a new object.
_CHECKED: set[tuple[type, Any]] = set()
_CHECKED_AT_MOST = 20_000
# Fields keyed by their values and types alone; any other (a tuple, a side...) by `_typed`.
_PLAIN = frozenset((int, str, bool, float, type(None)))
