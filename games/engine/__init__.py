"""The rules of Monopoly as plain Python: no Django, no database, data in and data out.

rules = rules_for("us", {"short_game": True})
state = new_table(rules, {1: "Ada", 2: "Brook", 3: "Cy"})
outcome = apply(state, parse_entry({"kind": "buy", "seat": 1, "space": 39}), rules)
"""

from games.engine.apply import apply
from games.engine.board import Card, Edition, Effect, Kind, Space
from games.engine.editions import EDITIONS, edition
from games.engine.entries import ENTRY_KINDS, Entry, entry_fields, parse_entry
from games.engine.ledger import Recorded, replay, void
from games.engine.rules import VARIANTS, Rules, rules_for, variant_defaults
from games.engine.state import BANK, Deed, Outcome, TableState, Transfer, new_table
from games.engine.valuation import (
    DeedWorth,
    NetWorth,
    net_worth,
    net_worth_lines,
    standing,
    total_worth,
)
from games.engine.violations import RuleViolation

__all__ = [
    "BANK",
    "EDITIONS",
    "ENTRY_KINDS",
    "VARIANTS",
    "Card",
    "Deed",
    "DeedWorth",
    "Edition",
    "Effect",
    "Entry",
    "Kind",
    "NetWorth",
    "Outcome",
    "Recorded",
    "RuleViolation",
    "Rules",
    "Space",
    "TableState",
    "Transfer",
    "apply",
    "edition",
    "entry_fields",
    "net_worth",
    "net_worth_lines",
    "new_table",
    "parse_entry",
    "replay",
    "rules_for",
    "standing",
    "total_worth",
    "variant_defaults",
    "void",
]
