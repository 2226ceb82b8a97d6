"""Legal moves for the benchmarks' tablets, found in advance by the rules engine.

A table's entries are made from its start state on a shadow of that state, so the client
does no rules work while it measures and every entry it sends is one the bank accepts.
"""

from __future__ import annotations

import random
from typing import Any


class Moves:
    """A table's next legal entries, found by the rules engine on a shadow of its state.

    A realistic mix: salaries, purchases while deeds last, rent, payments between players
    and with the bank, tax, fines and houses once a group is complete. Nobody is pushed
    into debt, so the table never needs a bankruptcy.
    """

    WEIGHTS = {
        "pass_go": 22,
        "buy": 18,
        "rent": 25,
        "pay_player": 10,
        "bank_payment": 10,
        "tax": 5,
        "jail_fine": 4,
        "build": 6,
    }

    def __init__(self, rules: Any, start: dict[str, Any], seed: int) -> None:
        from games import engine

        self.engine = engine
        self.rules = rules
        self.state = engine.TableState.from_dict(start)
        self.transfers: tuple[Any, ...] = ()  # of the latest entry
        self.rng = random.Random(seed)
        self.kinds = list(self.WEIGHTS)
        self.weights = list(self.WEIGHTS.values())
        self.deeds = {s.position: s for s in rules.edition.deeds}
        self.groups = rules.edition.groups

    def next(self) -> dict[str, Any]:
        """One legal entry (without its id); the shadow state moves past it."""
        for _ in range(20):
            payload = self._candidate(self.rng.choices(self.kinds, self.weights)[0])
            if payload is not None and self._apply(payload):
                return payload
        payload = {"kind": "pass_go", "seat": self.rng.choice(self.state.active_seats())}
        if not self._apply(payload):
            raise RuntimeError("pass_go refused: the shadow state is broken")
        return payload

    def _apply(self, payload: dict[str, Any]) -> bool:
        engine = self.engine
        try:
            outcome = engine.apply(self.state, engine.parse_entry(payload), self.rules)
        except engine.RuleViolation:
            return False
        if any(cash < 0 for cash in outcome.state.cash.values()):
            return False
        self.state, self.transfers = outcome.state, outcome.transfers
        return True

    def _candidate(self, kind: str) -> dict[str, Any] | None:
        rng, state = self.rng, self.state
        seat = rng.choice(state.active_seats())
        others = [s for s in state.active_seats() if s != seat]
        owned = state.deeds
        if kind == "buy":
            free = [p for p, d in owned.items() if d.owner is None]
            return {"kind": kind, "seat": seat, "space": rng.choice(free)} if free else None
        if kind == "rent":
            theirs = [p for p, d in owned.items() if d.owner not in (None, seat)]
            if not theirs:
                return None
            space = rng.choice(theirs)
            payload: dict[str, Any] = {"kind": kind, "seat": seat, "space": space}
            if self.deeds[space].kind == "utility":
                payload["dice"] = rng.randint(2, 12)
            return payload
        if kind == "pay_player" and others:
            amount = rng.choice((10, 20, 50, 100))
            return {"kind": kind, "seat": seat, "to_seat": rng.choice(others), "amount": amount}
        if kind == "bank_payment":
            amount = rng.choice((-100, -50, -20, 20, 50, 100))
            return {"kind": kind, "seat": seat, "amount": amount, "memo": "Free parking"}
        if kind == "tax":
            return {"kind": kind, "seat": seat, "space": rng.choice((4, 38))}
        if kind == "jail_fine":
            return {"kind": kind, "seat": seat}
        if kind == "build":
            sites = [
                p
                for p, d in owned.items()
                if d.owner == seat
                and self.deeds[p].kind == "site"
                and all(owned[q].owner == seat for q in self.groups[self.deeds[p].group or ""])
            ]
            return {"kind": kind, "seat": seat, "space": rng.choice(sites)} if sites else None
        return {"kind": "pass_go", "seat": seat}


class DiceMoves:
    """A table's next legal entries as a game makes them: the seats take turns rolling two
    dice round the board, and where a token lands decides the entry.

    An unowned deed is bought when its price leaves the buyer some cash, another owner's
    deed costs rent (the roll counts for a utility), a tax space costs the tax, Chance and
    Community Chest draw a card, passing Go pays the salary, Go To Jail costs the fine on
    the next turn, and an owner of a whole colour group now and then builds a house.
    Turns that move no money (an own deed, Free Parking, just visiting) make no entry.
    Every entry goes through the engine on a shadow of the state; one the engine refuses,
    or that would leave a seat in debt, is left out, so the table never needs a bankruptcy.
    """

    RESERVE = 150  # cash a player keeps back when buying
    BUILD_PERCENT = 30  # turns on which an owner of a whole group builds

    def __init__(self, rules: Any, start: dict[str, Any], seed: int) -> None:
        from games import engine

        self.engine = engine
        self.rules = rules
        self.state = engine.TableState.from_dict(start)
        self.rng = random.Random(seed)
        self.spaces = rules.edition.spaces
        self.groups = rules.edition.groups
        self.jail = next(s.position for s in self.spaces if s.kind == "jail")
        self.position = dict.fromkeys(self.state.active_seats(), 0)
        self.jailed: set[int] = set()
        self.turn = 0
        self.ready: list[dict[str, Any]] = []

    def next(self) -> dict[str, Any]:
        """The next legal entry (without its id); the shadow state has moved past it."""
        for _ in range(1000):
            if self.ready:
                return self.ready.pop(0)
            self._play_turn()
        raise RuntimeError("a thousand turns without an entry: the shadow state is broken")

    def _play_turn(self) -> None:
        seats = self.state.active_seats()
        seat = seats[self.turn % len(seats)]
        self.turn += 1
        if seat in self.jailed:
            self.jailed.discard(seat)
            self._record({"kind": "jail_fine", "seat": seat})
        roll = self.rng.randint(1, 6) + self.rng.randint(1, 6)
        before = self.position[seat]
        here = self.position[seat] = (before + roll) % 40
        if here < before:
            self._record({"kind": "pass_go", "seat": seat})
        space = self.spaces[here]
        if space.kind == "go_to_jail":
            self.position[seat] = self.jail
            self.jailed.add(seat)
        elif space.kind in ("site", "railroad", "utility"):
            self._land_on_deed(seat, here, roll)
        elif space.kind == "tax":
            self._record({"kind": "tax", "seat": seat, "space": here})
        elif space.kind in ("chance", "community_chest"):
            card = self.rng.choice(self.rules.edition.deck(space.kind))
            self._record({"kind": "card", "seat": seat, "deck": space.kind, "card": card.id})

    def _land_on_deed(self, seat: int, here: int, roll: int) -> None:
        deed = self.state.deeds[here]
        if deed.owner is None:
            if self.state.cash[seat] - self.spaces[here].price >= self.RESERVE:
                self._record({"kind": "buy", "seat": seat, "space": here})
        elif deed.owner != seat:
            if not deed.mortgaged:
                rent: dict[str, Any] = {"kind": "rent", "seat": seat, "space": here}
                if self.spaces[here].kind == "utility":
                    rent["dice"] = roll
                self._record(rent)
        elif self.rng.randint(1, 100) <= self.BUILD_PERCENT:
            self._build(seat)

    def _build(self, seat: int) -> None:
        """A house on the least built site of one of the seat's whole colour groups."""
        owned = self.state.deeds
        whole = [
            group
            for group in self.groups.values()
            if self.spaces[group[0]].kind == "site" and all(owned[p].owner == seat for p in group)
        ]
        if whole:
            group = self.rng.choice(whole)
            site = min(group, key=lambda p: owned[p].level(self.rules.houses_per_hotel))
            self._record({"kind": "build", "seat": seat, "space": site})

    def _record(self, payload: dict[str, Any]) -> None:
        engine = self.engine
        try:
            outcome = engine.apply(self.state, engine.parse_entry(payload), self.rules)
        except engine.RuleViolation:
            return
        if any(cash < 0 for cash in outcome.state.cash.values()):
            return
        self.state = outcome.state
        self.ready.append(payload)
